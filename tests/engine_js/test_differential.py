"""The JavaScript twin (engine-js/rules.js) decides exactly as the engine.

Every test sends one batch of seeded positions, hands, matches or deals with the engine's
answers to one Node process (``driver.js``), which asks the twin and reports the
mismatches. A mismatch names the position by its game code, which ``Game.from_code`` and
the twin's ``Game.fromCode`` both read back.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Iterator
from typing import Any

import pytest

from engine import HOUSE_RULES, MATCH_TARGET, Deal, Game, Match, Rules, card_code
from engine.cards import card_tuple, to_set
from engine.rules import legal_set, refusal_of
from tests.engine_js.pin_perft import DEPTH, PINS, pinned_deal
from tests.engine_js.twin import (
    LETTERS,
    answer,
    deal_text,
    hand_record,
    perft_counts,
    random_play,
    replayed,
    rules_text,
    run_batch,
)

HANDS = 25_000
"""Random hands replayed in both: about 40 positions each, over a million in all."""
BARE_POSITIONS = 200_000
MATCHES = 300
SEED = 20_260_101


def explain(mismatches: list[dict[str, Any]], engine_side: dict[int, str] | None = None) -> str:
    """The driver's mismatches, one paragraph each, with the twin's position code."""
    lines = []
    for m in mismatches:
        lines.append(json.dumps(m, ensure_ascii=False))
        if "code" in m:
            lines.append(f"  read back: Game.from_code({m['code']!r})")
        if engine_side and m.get("hand") in engine_side:
            lines.append(f"  engine: {engine_side[m['hand']]}")
    return "\n".join(lines)


def test_a_million_positions_and_their_hands_equal_the_engines() -> None:
    """Legal set and reason for every card at every position of 25,000 random hands; each
    hand's tricks, cants, tute, points and outcome; position codes, copy and undo."""
    records: list[list[int]] = []

    def lines() -> Iterator[str]:
        for i in range(HANDS):
            line, plays = hand_record(SEED + i, i)
            records.append(plays)
            yield line

    report = run_batch("hands", lines())
    engine_side = {}
    for m in report["mismatches"]:
        i, ply = m["hand"], m["ply"]
        game = replayed(SEED + i, i, records[i][:ply])
        engine_side[i] = f"Game.from_code({game.code()!r}) answers {answer(game)}"
    assert not report["mismatches"], explain(report["mismatches"], engine_side)
    assert report["hands"] == HANDS
    assert report["positions"] == sum(len(plays) + 1 for plays in records) >= 1_000_000


def bare_line(rng: random.Random) -> str:
    """A bare position (a hand, a trick of 0-3 other cards, a trump suit, must beat or not)
    with the engine's legal set and reasons; half the time from two suits only, so that
    following, beating and trumping come up often."""
    if rng.random() < 0.5:
        suits = rng.sample(range(4), 2)
        pool = [s * 10 + r for s in suits for r in range(10)]
    else:
        pool = list(range(40))
    size, trick_size = rng.randint(1, 10), rng.randint(0, 3)
    cards = rng.sample(pool, size + trick_size)
    hand, trick = cards[:size], cards[size:]
    trump = rng.randrange(4)
    rules = HOUSE_RULES if rng.random() < 0.8 else Rules(must_beat=False)
    mask = to_set(hand)
    legal = legal_set(mask, trick, trump, rules)
    letters = "".join(
        "." if legal >> c & 1 else LETTERS[refusal_of(c, mask, trick, trump, rules)]
        for c in card_tuple(mask)
    )
    sample = rng.randrange(40)
    return ";".join(
        [
            ",".join(map(str, hand)),
            ",".join(map(str, trick)),
            str(trump),
            str(int(rules.must_beat)),
            f"{legal:x}",
            letters,
            f"{sample}{LETTERS[refusal_of(sample, mask, trick, trump, rules)]}",
        ]
    )


def test_bare_positions_equal_the_engines() -> None:
    """legalCards and refusalReason on hands and tricks that no game need reach."""
    rng = random.Random(SEED)
    report = run_batch("bare", (bare_line(rng) for _ in range(BARE_POSITIONS)))
    assert not report["mismatches"], explain(report["mismatches"])
    assert report["positions"] == BARE_POSITIONS


def match_line(rng: random.Random, index: int) -> tuple[str, int]:
    """A match played at random to its end, with the jocs, next dealer and winner after each
    hand; returns the line and the number of hands."""
    rules = Rules(
        must_beat=index % 7 != 3,
        tute="match" if index % 5 == 2 else "hand",
        match_target=MATCH_TARGET if index % 3 else rng.choice([1, 2, 6]),
    )
    match = Match(rules=rules, dealer=index % 4)
    fields = [rules_text(rules, with_target=True), str(match.dealer)]
    while not match.is_over:
        game = match.deal(rng)
        dealt = deal_text(game)
        plays = []
        while not game.is_over:
            plays.append(random_play(game, rng))
        outcome = game.outcome()
        assert outcome is not None
        match.record(outcome)
        winner = "-" if match.winner is None else str(match.winner)
        state = f"{match.jocs[0]}-{match.jocs[1]}-{match.dealer}-{winner}"
        fields.append(f"{dealt}|{' '.join(map(str, plays))}|{state}")
    return "\t".join(fields), len(fields) - 2


def test_matches_equal_the_engines() -> None:
    """Whole matches: the deal moves one seat each hand, one joc a hand, the first team to
    the target wins (a tute may win the match), nothing is recorded after."""
    rng = random.Random(SEED)
    lines = [match_line(rng, i) for i in range(MATCHES)]
    report = run_batch("matches", (line for line, _ in lines))
    assert not report["mismatches"], explain(report["mismatches"])
    assert (report["matches"], report["hands"]) == (MATCHES, sum(n for _, n in lines))


PINNED: list[dict[str, Any]] = json.loads(PINS.read_text(encoding="utf-8"))["deals"]


def test_perft_through_three_tricks_equals_the_engines() -> None:
    """The twin counts the same legal play sequences of 1 to 12 cards (one, two and three
    tricks) from 200 deals as the engine did when they were pinned. On a mismatch, the first
    depth that differs is split by first card, by both."""
    games = [Game.from_deal(pinned_deal(pin["index"])) for pin in PINNED]
    report = run_batch(f"perft {DEPTH}", (deal_text(game) for game in games))
    assert len(PINNED) >= 200 and len(report["deals"]) == len(PINNED)
    for pin, game, found in zip(PINNED, games, report["deals"], strict=True):
        if found != pin["counts"]:
            depth = next(d for d in range(DEPTH) if found[d] != pin["counts"][d]) + 1
            twin_split = run_batch(f"split {depth}", [deal_text(game)])["split"]
            engine_split = {}
            for card in list(game.legal_plays):
                game.play(card)
                engine_split[card_code(card)] = continuations(game, depth - 1)
                game.undo()
            pytest.fail(
                f"deal {pin['index']}, Game.from_code({game.code()!r}):\n"
                f"engine {pin['counts']}\ntwin   {found}\n"
                f"sequences of {depth} cards after each first card:\n"
                f"engine {engine_split}\ntwin   {twin_split}",
                pytrace=False,
            )


def continuations(game: Game, depth: int) -> int:
    """The number of legal play sequences of ``depth`` more cards from this position."""
    if depth == 0:
        return 1
    return 0 if game.is_over else perft_counts(game, depth)[-1]


SMALLEST = sorted(PINNED, key=lambda pin: sum(pin["counts"]))[:3]


@pytest.mark.parametrize("pin", SMALLEST, ids=[f"deal{pin['index']}" for pin in SMALLEST])
def test_perft_pins_are_still_the_engines_three_tricks_deep(pin: dict[str, Any]) -> None:
    """The pinned deals the engine counts fastest, recounted with it: a rules change cannot
    leave the pins (and a twin that matches them) behind."""
    assert perft_counts(Game.from_deal(pinned_deal(pin["index"])), DEPTH) == pin["counts"]


def test_perft_pins_are_still_the_engines_two_tricks_deep() -> None:
    """One pinned deal in four, recounted by the engine to two tricks."""
    for pin in PINNED[::4]:
        assert perft_counts(Game.from_deal(pinned_deal(pin["index"])), 8) == pin["counts"][:8]


def test_the_twins_deals_are_deals_of_the_engine() -> None:
    """randomDeal(seededRandom(seed), dealer) deals every card once, ten to each seat, the
    40th (trump) to the dealer; the same seed deals the same; cards fall evenly; a match's
    deal moves one seat each hand."""
    count = 4000
    report = run_batch(f"deals {count}", [])
    seats: Counter[tuple[int, int]] = Counter()
    trumps: Counter[int] = Counter()
    for seed, text in enumerate(report["deals"]):
        dealer, trump_card, *cards = map(int, text.split())
        hands = [tuple(cards[s * 10 : s * 10 + 10]) for s in range(4)]
        Deal(dealer, trump_card, (hands[0], hands[1], hands[2], hands[3]))  # raises if not a deal
        assert dealer == seed % 4
        assert all(list(h) == sorted(h) for h in hands)
        seats.update((card, seat) for seat, hand in enumerate(hands) for card in hand)
        trumps[trump_card] += 1
    assert report["again"] == report["deals"][7]
    # Each card lands in each seat about a quarter of the time (1000 of 4000; 6 sigma ~ 164).
    assert all(
        abs(seats[(card, seat)] - count / 4) < 170 for card in range(40) for seat in range(4)
    )
    assert all(abs(trumps[card] - count / 40) < 60 for card in range(40))
    dealers = report["match"]["dealers"]
    assert dealers == [(2 + i) % 4 for i in range(len(dealers))]
    assert max(report["match"]["jocs"]) == MATCH_TARGET
    assert report["match"]["winner"] == report["match"]["jocs"].index(MATCH_TARGET)
