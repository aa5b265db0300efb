"""Exact counts (perft): how many legal play sequences of each length start from a deal.

The numbers in ``data/perft.json`` (two whole tricks deep) were computed with
the engine and with the naive referee, which agreed, before they were pinned.
The test recounts with the engine at every depth and with the slow referee up
to ``NAIVE_DEPTH``. On a mismatch it prints the count after each first card,
from both, so the faulty branch shows.
"""

from __future__ import annotations

import copy
import json
import random
from pathlib import Path
from typing import Any

import pytest

from engine import Deal, Game, card_code
from tests.engine import naive
from tests.engine.helpers import codes

NAIVE_DEPTH = 5
PINNED: list[dict[str, Any]] = json.loads(
    (Path(__file__).parent / "data" / "perft.json").read_text(encoding="utf-8")
)["deals"]


def perft(game: Game, depth: int) -> int:
    """The number of legal play sequences of ``depth`` cards from this position."""
    if depth == 0 or game.is_over:
        return 1 if depth == 0 else 0
    total = 0
    for card in list(game.legal_plays):
        game.play(card)
        total += perft(game, depth - 1)
        game.undo()
    return total


def naive_perft(hand: naive.NaiveHand, depth: int) -> int:
    """The same count, by the naive referee (copying the whole hand at each play)."""
    if depth == 0 or hand.over:
        return 1 if depth == 0 else 0
    total = 0
    for card in hand.legal():
        after = copy.deepcopy(hand)
        after.play(card)
        total += naive_perft(after, depth - 1)
    return total


def breakdown(game: Game, hand: naive.NaiveHand, depth: int) -> str:
    """The count after each first card, engine then naive, one line each."""
    lines = []
    for card in sorted(set(codes(game.legal_plays)) | set(hand.legal())):
        line = [card]
        if card in codes(game.legal_plays):
            game.play(next(c for c in game.legal_plays if card_code(c) == card))
            line.append(f"engine {perft(game, depth - 1)}")
            game.undo()
        if card in hand.legal():
            after = copy.deepcopy(hand)
            after.play(card)
            line.append(f"naive {naive_perft(after, depth - 1)}")
        lines.append(" ".join(line))
    return "\n".join(lines)


def start(seed: int, dealer: int) -> tuple[Game, naive.NaiveHand]:
    """The pinned deal, for the engine and for the naive referee."""
    deal = Deal.random(random.Random(seed), dealer)
    hand = naive.NaiveHand(dealer, card_code(deal.trump_card), [codes(h) for h in deal.hands])
    return Game.from_deal(deal), hand


@pytest.mark.parametrize(
    ("seed", "dealer", "depth", "expected"),
    [
        (pin["seed"], pin["dealer"], depth, count)
        for pin in PINNED
        for depth, count in enumerate(pin["counts"], start=1)
    ],
)
def test_perft(seed: int, dealer: int, depth: int, expected: int) -> None:
    game, hand = start(seed, dealer)
    found = perft(game, depth), naive_perft(hand, depth) if depth <= NAIVE_DEPTH else expected
    if found != (expected, expected):
        pytest.fail(
            f"deal seed {seed} dealer {dealer}, depth {depth}: expected {expected}, "
            f"engine {found[0]}, naive {found[1]}; per first card:\n"
            + breakdown(game, hand, depth),
            pytrace=False,
        )
