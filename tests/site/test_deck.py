"""The deck figure: the engine's order of strength, points and numbers, in a language."""

from __future__ import annotations

from pathlib import Path

from babel.support import NullTranslations

from engine import DECK_POINTS, SUITS
from site_builder.deck import deck
from tests.lessons.conftest import compiled_catalog

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


def test_the_figures_numbers_and_the_points_come_from_the_engine() -> None:
    figure = deck(compiled_catalog("es", "game"))
    assert figure.numbers == {"jack": 10, "horse": 11, "king": 12}
    assert figure.points == {"ace": 11, "three": 10, "king": 4, "horse": 3, "jack": 2}
    assert sum(figure.points.values()) * len(SUITS) == DECK_POINTS
    assert figure.suits[1] == ("c", "copas")
