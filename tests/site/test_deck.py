"""The deck figure: the engine's order of strength, points and numbers, in a language."""

from __future__ import annotations

from pathlib import Path

from babel.support import NullTranslations

from engine import DECK_POINTS, SUITS
from lesson_compiler.catalogs import read_catalog, translations
from site_builder.deck import deck

ROOT = Path(__file__).resolve().parents[2]


def test_each_suit_lists_its_ten_cards_from_the_ace_down_to_the_two() -> None:
    figure = deck(NullTranslations())
    assert [rank.name for rank in figure.ranks] == [
        "ace", "three", "king", "horse", "jack", "seven", "six", "five", "four", "two"
    ]  # fmt: skip
    assert [rank.order for rank in figure.ranks] == list(range(1, 11))
    assert figure.ranks[2].cards == ("12o", "12c", "12e", "12b")
    assert [card[-1] for card in figure.ranks[9].cards] == ["o", "c", "e", "b"]


def test_the_points_of_the_four_suits_make_the_whole_deck() -> None:
    figure = deck(NullTranslations())
    assert [(rank.number, rank.points) for rank in figure.ranks[:5]] == [
        (1, 11), (3, 10), (12, 4), (11, 3), (10, 2)
    ]  # fmt: skip
    assert sum(rank.points for rank in figure.ranks) * len(SUITS) == DECK_POINTS


def test_the_figures_numbers_are_named_in_the_page_language() -> None:
    figure = deck(translations(read_catalog(ROOT, "es", "game")))
    assert figure.figures == {
        "figure1": "sota",
        "number1": 10,
        "figure2": "caballo",
        "number2": 11,
        "figure3": "rey",
        "number3": 12,
    }
    assert figure.suits[1] == ("c", "copas")
