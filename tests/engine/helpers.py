"""Small helpers shared by the engine tests: cards as text, hand-made positions, playouts.

Hypothesis runs under the ``engine`` settings profile (fast, no deadline: no
test here is timed); set ``TUTE_HYPOTHESIS_PROFILE=engine-thorough`` to run
many more examples.
"""

from __future__ import annotations

import os
import random
from collections.abc import Iterable, Sequence

from hypothesis import settings

from engine import HOUSE_RULES, Card, Deal, Game, Rules, card_code, parse_card

settings.register_profile("engine", max_examples=100, deadline=None)
settings.register_profile("engine-thorough", max_examples=2000, deadline=None)
PROFILE = settings.get_profile(os.environ.get("TUTE_HYPOTHESIS_PROFILE", "engine"))
"""Decorate every hypothesis test of the engine with this."""

DECK = [f"{n}{s}" for s in "oceb" for n in (1, 2, 3, 4, 5, 6, 7, 10, 11, 12)]
"""Every card code, in deck order."""


def cards(text: str) -> list[Card]:
    """The cards of a space-separated list of codes: ``cards("12b 1o")``."""
    return [parse_card(code) for code in text.split()]


def codes(hand: Iterable[Card]) -> list[str]:
    """The codes of some cards, in the order given."""
    return [card_code(c) for c in hand]


def make_deal(dealer: int, trump_card: str, hands: Sequence[str]) -> Deal:
    """A deal from four space-separated hands (seats 0 to 3)."""
    h0, h1, h2, h3 = (tuple(cards(h)) for h in hands)
    return Deal(dealer, parse_card(trump_card), (h0, h1, h2, h3))


def position(
    hands: Sequence[str],
    *,
    leader: int,
    trump_card: str = "1b",
    trick: str = "",
    won: str = "",
    won_by: int = 0,
    dealer: int = 0,
    events: str = "-",
    rules: Rules = HOUSE_RULES,
) -> Game:
    """A hand-made position: these hands and trick; team ``won_by`` has won the cards ``won``.

    Every other card was won by the other team.
    """
    listed = set(" ".join([*hands, trick, won]).split())
    piles = [won, " ".join(c for c in DECK if c not in listed)]
    if won_by:
        piles.reverse()

    def field(text: str) -> str:
        return ",".join(text.split()) or "-"

    text = " ".join(
        [
            str(dealer),
            trump_card,
            "/".join(field(h) for h in hands),
            str(leader),
            field(trick),
            "/".join(field(p) for p in piles),
            events,
        ]
    )
    return Game.from_code(text, rules)


def play(game: Game, text: str) -> None:
    """Play a space-separated list of cards in turn, each one checked."""
    for card in cards(text):
        game.play(card)


def play_out(game: Game, rng: random.Random) -> list[Card]:
    """Play random legal cards, each one checked, until the hand is over; return them."""
    played = []
    while not game.is_over:
        card = rng.choice(list(game.legal_plays))
        game.play(card)
        played.append(card)
    return played
