"""The deck figure: each suit's ten cards in order of strength, with their points.

Everything comes from the engine's constants (strength order, points, rank numbers) and
the names from the ``game`` catalog, so the rules page and lesson 1 cannot disagree with
the rules. The rules page embeds it with the ``deck`` fence; lesson 1 above its widget.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine import CARD_POINTS, STRENGTH_ORDER, SUIT_LETTERS, SUITS, card_code
from engine.cards import CAVALL, REI, SOTA, make_card
from lesson_compiler import Messages, rank_name, suit_name


@dataclass(frozen=True)
class Rank:
    """One row of the figure: a rank, its name and points, and its card in every suit."""

    order: int
    number: int
    name: str
    points: int
    cards: tuple[str, ...]
    """Card codes, one per suit in suit order."""


@dataclass(frozen=True)
class Deck:
    """The figure's content in one language."""

    suits: tuple[tuple[str, str], ...]
    """(letter, name) of each suit, in suit order."""
    ranks: tuple[Rank, ...]
    """From the strongest rank to the weakest."""
    numbers: dict[str, int]
    """The printed numbers of the three figures, by English rank name: jack, horse, king."""
    points: dict[str, int]
    """The points of the five cards worth any, by English rank name: ace, three, king,
    horse, jack (the sentences that say them name the ranks in each language)."""


def deck(game: Messages) -> Deck:
    """The deck figure's content in the language of ``game``."""
    ranks = tuple(
        Rank(
            order=order,
            number=number,
            name=rank_name(number, game),
            points=CARD_POINTS[number],
            cards=tuple(card_code(make_card(number, suit)) for suit in SUITS),
        )
        for order, number in enumerate(STRENGTH_ORDER, start=1)
    )
    numbers = {"jack": SOTA, "horse": CAVALL, "king": REI}
    scoring = (("ace", 1), ("three", 3), ("king", REI), ("horse", CAVALL), ("jack", SOTA))
    points = {name: CARD_POINTS[number] for name, number in scoring}
    suits = tuple((letter, suit_name(letter, game)) for letter in SUIT_LETTERS)
    return Deck(suits=suits, ranks=ranks, numbers=numbers, points=points)
