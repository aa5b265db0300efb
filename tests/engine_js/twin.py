"""Helpers of the differential tests: the engine's answers in the compact text that
``driver.js`` reads, and one Node process per batch.

Each batch is one line naming it, then one line per position, hand, match or deal. The
driver asks the JavaScript twin the same questions, compares, and answers with one JSON
report: how much it checked and the first mismatches, each with the position's game code.
"""

from __future__ import annotations

import json
import random
import shutil
import subprocess
import tempfile
from collections.abc import Iterable
from pathlib import Path
from typing import Any

import pytest

from engine import HOUSE_RULES, Deal, Game, Reason, Rules
from engine.cards import card_tuple

ROOT = Path(__file__).resolve().parents[2]
DRIVER = Path(__file__).with_name("driver.js")

LETTERS: dict[Reason | None, str] = {
    None: ".",
    Reason.NOT_IN_HAND: "n",
    Reason.MUST_FOLLOW_SUIT: "f",
    Reason.MUST_BEAT: "b",
    Reason.MUST_TRUMP: "t",
    Reason.MUST_OVERTRUMP: "o",
    Reason.HAND_OVER: "h",
}
"""A refusal as one letter, as the driver writes it; ``.`` when the card may be played."""


def node() -> str:
    """The Node.js executable; ``make test`` installs it (as root on Debian) with npm."""
    found = shutil.which("node")
    if found is None:
        pytest.fail(
            "Node.js is needed to test engine-js/: install it (Debian: apt-get install nodejs npm)",
            pytrace=False,
        )
    return found


def run_batch(head: str, lines: Iterable[str]) -> dict[str, Any]:
    """Send a batch to one Node process, line by line as ``lines`` makes them (so that both
    work at once), and return its report."""
    with tempfile.TemporaryFile() as errors:
        process = subprocess.Popen(
            [node(), str(DRIVER)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=errors,
            cwd=ROOT,
            text=True,
        )
        assert process.stdin is not None and process.stdout is not None
        with process.stdin:
            process.stdin.write(head + "\n")
            for line in lines:
                process.stdin.write(line + "\n")
        output = process.stdout.read()
        status = process.wait(timeout=600)
        errors.seek(0)
        assert status == 0, f"driver.js failed:\n{errors.read().decode()}"
    report: dict[str, Any] = json.loads(output)
    return report


def rules_text(rules: Rules, with_target: bool = False) -> str:
    """Rules in the driver's short form: must beat 1 or 0, the tute's first letter, target."""
    text = f"{int(rules.must_beat)}{rules.tute[0]}"
    return text + str(rules.match_target) if with_target else text


def deal_text(game: Game) -> str:
    """The deal of a game not yet played: dealer, trump card, then the four hands' cards."""
    cards = [c for seat in range(4) for c in game.hand(seat)]
    return " ".join(str(n) for n in (game.dealer, game.trump_card, *cards))


def answer(game: Game) -> str:
    """The engine's legal set (hex mask) and the reason letter of each card of the hand."""
    legal = game.legal_plays.mask
    seat = game.turn
    if seat is None:
        return f"{legal:x}:"
    letters = "".join(
        "." if legal >> c & 1 else LETTERS[game.refusal(c)] for c in card_tuple(game.hand_set(seat))
    )
    return f"{legal:x}:{letters}"


def random_play(game: Game, rng: random.Random) -> int:
    """Play a random legal card through the checked door; return it."""
    cards = card_tuple(game.legal_plays.mask)
    card = cards[int(rng.random() * len(cards))]
    game.play(card)
    return card


def summary(game: Game) -> str:
    """Everything the engine decided in a hand, in the driver's form."""
    tricks = ",".join(
        "-".join(str(n) for n in (t.leader, *t.cards, t.winner, t.points)) for t in game.tricks
    )
    cants = ",".join(f"{c.after_trick}-{c.seat}-{c.suit}-{c.points}" for c in game.cants)
    tute = (
        "-" if game.tute is None else f"{game.tute.after_trick}-{game.tute.seat}-{game.tute.kind}"
    )
    outcome = game.outcome()
    result = (
        "-"
        if outcome is None
        else f"{outcome.winner}-{outcome.points[0]}-{outcome.points[1]}-{outcome.reason}"
    )
    points = f"{game.points[0]}-{game.points[1]}"
    return " | ".join([tricks or "-", cants or "-", tute, points, result, game.code()])


def variant(index: int) -> Rules:
    """House rules for most hands; now and then sin montar, or tute off or winning the match."""
    if index % 10 == 3:
        return Rules(must_beat=False)
    if index % 10 == 7:
        return Rules(tute="off")
    if index % 20 == 9:
        return Rules(tute="match")
    return HOUSE_RULES


def hand_record(seed: int, index: int) -> tuple[str, list[int]]:
    """One hand, dealt and played at random from ``seed``, with the engine's answer at every
    position; returns the driver's line and the plays (to rebuild a position on a mismatch)."""
    rng = random.Random(seed)
    rules = variant(index)
    game = Game.from_deal(Deal.random(rng, index % 4), rules)
    dealt, start = deal_text(game), game.code()
    mid = rng.randrange(41)
    mid_code = ""
    plays: list[int] = []
    expected: list[str] = []
    while True:
        if len(plays) == mid:
            mid_code = game.code()
        sample = rng.randrange(40)
        expected.append(f"{answer(game)}:{sample}{LETTERS[game.refusal(sample)]}")
        if game.is_over:
            break
        plays.append(random_play(game, rng))
    if len(plays) < mid:  # a tute ended the hand early: check the code at its end
        mid, mid_code = len(plays), game.code()
    line = "\t".join(
        [
            rules_text(rules),
            dealt,
            start,
            " ".join(map(str, plays)),
            " ".join(expected),
            f"{mid}|{mid_code}",
            summary(game),
        ]
    )
    return line, plays


def replayed(seed: int, index: int, plays: list[int]) -> Game:
    """The engine's game of hand ``index`` after ``plays``."""
    game = Game.from_deal(Deal.random(random.Random(seed), index % 4), variant(index))
    for card in plays:
        game.play(card)
    return game


def perft_counts(game: Game, depth: int) -> list[int]:
    """The number of legal play sequences of 1, 2, ..., ``depth`` cards from this position,
    counted with the engine's checked play and undo (a sequence stops when the hand ends)."""
    counts = [0] * depth

    def walk(level: int) -> None:
        legal = list(game.legal_plays)
        counts[level] += len(legal)
        if level + 1 == depth:
            return
        for card in legal:
            game.play(card)
            if not game.is_over:
                walk(level + 1)
            game.undo()

    walk(0)
    return counts
