"""The command line contract: ``python -m engine legal|replay|deal``, run as a subprocess.

JSON in on standard input, JSON out on standard output; exit 0 on success, 1
for an illegal play and 2 for malformed input, each error as one JSON line on
standard error and never a traceback.
"""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from engine import Deal, Game, card_code, parse_card
from tests.engine.helpers import cards, codes

ROOT = Path(__file__).resolve().parents[2]
STEP_KEYS = {"seat", "card", "legal"}
REPLAY_KEYS = {"trump", "steps", "tricks", "cants", "tute", "points", "over", "winner", "next"}


def run(
    *args: str, request: object = None, raw: str | None = None
) -> subprocess.CompletedProcess[str]:
    """Run the engine's command line with a JSON request (or raw text) on standard input."""
    return subprocess.run(
        [sys.executable, "-m", "engine", *args],
        input=raw if raw is not None else json.dumps(request),
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=False,
        timeout=60,
    )


def ok(*args: str, request: object = None) -> dict[str, Any]:
    """The JSON answer of a command that must succeed."""
    done = run(*args, request=request)
    assert (done.returncode, done.stderr) == (0, "")
    answer: dict[str, Any] = json.loads(done.stdout)
    return answer


def failure(done: subprocess.CompletedProcess[str], status: int) -> dict[str, Any]:
    """The JSON error of a command that must fail with ``status``."""
    assert done.returncode == status
    assert done.stdout == ""
    assert "Traceback" not in done.stderr
    assert done.stderr.endswith("\n") and done.stderr.count("\n") == 1
    error: dict[str, Any] = json.loads(done.stderr)
    return error


def request_for(seed: int, dealer: int, plays: int = 0) -> dict[str, Any]:
    """A replay request: a seeded deal and its first ``plays`` cards of random legal play.

    Seeded as the golden hands are (the same ``rng`` deals, then plays).
    """
    rng = random.Random(seed)
    deal = Deal.random(rng, dealer)
    game, played = Game.from_deal(deal), list[str]()
    while len(played) < plays and not game.is_over:
        card = rng.choice(list(game.legal_plays))
        game.play(card)
        played.append(card_code(card))
    return {
        "dealer": dealer,
        "trump_card": card_code(deal.trump_card),
        "hands": [codes(h) for h in deal.hands],
        "plays": played,
    }


def in_process(request: dict[str, Any]) -> Game:
    """The engine's own game for a replay request, after its plays."""
    h0, h1, h2, h3 = (tuple(cards(" ".join(h))) for h in request["hands"])
    game = Game.from_deal(
        Deal(request["dealer"], parse_card(request["trump_card"]), (h0, h1, h2, h3))
    )
    for card in request["plays"]:
        game.play(parse_card(card))
    return game


def test_legal_contract_example() -> None:
    done = run("legal", request={"trump": "b", "hand": ["2c", "7c", "1o"], "trick": ["5c"]})
    assert (done.returncode, done.stderr) == (0, "")
    assert done.stdout == (
        '{"legal": ["7c"], "refused": {"2c": "must_beat", "1o": "must_follow_suit"}}\n'
    )


def test_legal_answers_every_reason_and_any_order() -> None:
    answer = ok("legal", request={"trump": "b", "hand": ["1o", "7b", "1b"], "trick": ["5c", "12b"]})
    assert answer == {"legal": ["1b"], "refused": {"1o": "must_overtrump", "7b": "must_overtrump"}}
    answer = ok("legal", request={"trump": "b", "hand": ["1o", "2b"], "trick": ["5c"]})
    assert answer == {"legal": ["2b"], "refused": {"1o": "must_trump"}}
    answer = ok("legal", request={"trump": "o", "hand": ["12e", "2c"], "trick": []})
    assert answer == {"legal": ["12e", "2c"], "refused": {}}


def test_replay_partial_plays_give_the_next_seat_and_its_legal_cards() -> None:
    request = request_for(5, 1, plays=6)
    answer = ok("replay", request=request)
    assert set(answer) == REPLAY_KEYS
    assert [set(step) for step in answer["steps"]] == [STEP_KEYS] * 6
    assert [step["card"] for step in answer["steps"]] == request["plays"]
    assert answer["steps"][0]["seat"] == 2 and len(answer["steps"][0]["legal"]) == 10
    assert len(answer["tricks"]) == 1
    assert set(answer["tricks"][0]) == {"leader", "cards", "winner", "points"}
    assert (answer["over"], answer["winner"], answer["tute"]) == (False, None, None)
    game = in_process(request)
    assert answer["next"] == {"seat": game.turn, "legal": codes(game.legal_plays)}
    assert answer["points"] == list(game.points)


@pytest.mark.parametrize("seed", [6, 106, 34])
def test_replay_whole_hands_as_the_engine_plays_them(seed: int) -> None:
    request = request_for(seed, seed % 4, plays=40)
    answer = ok("replay", request=request)
    game = in_process({**request, "plays": []})
    for step, card in zip(answer["steps"], request["plays"], strict=True):
        assert step == {"seat": game.turn, "card": card, "legal": codes(game.legal_plays)}
        game.play(parse_card(card))
    outcome = game.outcome()
    assert outcome is not None
    assert answer["trump"] == "oceb"[game.trump]
    assert answer["tricks"] == [
        {"leader": t.leader, "cards": codes(t.cards), "winner": t.winner, "points": t.points}
        for t in game.tricks
    ]
    assert answer["cants"] == [
        {"after_trick": c.after_trick, "seat": c.seat, "suit": "oceb"[c.suit], "points": c.points}
        for c in game.cants
    ]
    assert (answer["points"], answer["over"], answer["winner"], answer["next"]) == (
        list(outcome.points),
        True,
        outcome.winner,
        None,
    )


def test_replay_cants_and_tute_as_the_contract_writes_them() -> None:
    forty = ok("replay", request=request_for(6, 2, plays=8))
    assert forty["cants"] == [
        {"after_trick": 1, "seat": 0, "suit": "b", "points": 40},
        {"after_trick": 2, "seat": 3, "suit": "o", "points": 20},
    ]
    tute = ok("replay", request=request_for(106, 2, plays=40))
    assert len(tute["steps"]) == 8
    assert tute["tute"] == {"after_trick": 2, "seat": 2, "kind": "kings"}
    assert (tute["over"], tute["winner"], tute["points"], tute["next"]) == (True, 0, [21, 12], None)


def test_replay_accepts_hands_in_any_order() -> None:
    request = request_for(9, 3, plays=12)
    shuffled = {**request, "hands": [list(reversed(h)) for h in request["hands"]]}
    assert ok("replay", request=shuffled) == ok("replay", request=request)


def test_replay_illegal_play() -> None:
    request = request_for(5, 1, plays=7)
    game = in_process(request)
    seat = game.turn
    assert seat is not None
    refused = next(c for c in game.hand(seat) if c not in game.legal_plays)
    request["plays"] += [card_code(refused), request["plays"][0]]
    error = failure(run("replay", request=request), 1)
    assert error == {
        "error": "illegal_play",
        "step": 7,
        "seat": seat,
        "card": card_code(refused),
        "reason": str(game.refusal(refused)),
        "legal": codes(game.legal_plays),
    }


def test_replay_a_card_played_twice_is_not_in_hand() -> None:
    request = request_for(5, 1, plays=4)
    request["plays"].append(request["plays"][0])
    error = failure(run("replay", request=request), 1)
    assert (error["step"], error["reason"]) == (4, "not_in_hand")


def test_replay_no_play_after_the_hand_is_over() -> None:
    request = request_for(106, 2, plays=40)
    first_held = request["hands"][0][-1]
    request["plays"].append(first_held)
    error = failure(run("replay", request=request), 1)
    assert (error["step"], error["seat"], error["reason"], error["legal"]) == (
        8,
        None,
        "hand_over",
        [],
    )


def test_deal_output_replays_cleanly() -> None:
    dealt = ok("deal", "--seed", "12", "--dealer", "2")
    assert set(dealt) == {"dealer", "trump_card", "hands", "plays"}
    assert dealt["dealer"] == 2 and dealt["plays"] == []
    assert dealt["trump_card"] in dealt["hands"][2]
    assert sorted(c for h in dealt["hands"] for c in h) == sorted(
        f"{n}{s}" for s in "oceb" for n in (1, 2, 3, 4, 5, 6, 7, 10, 11, 12)
    )
    assert ok("deal", "--seed", "12", "--dealer", "2") == dealt
    answer = ok("replay", request=dealt)
    assert answer["steps"] == [] and answer["tricks"] == [] and answer["over"] is False
    assert answer["next"] == {"seat": 3, "legal": dealt["hands"][3]}


def bad(**changes: Any) -> dict[str, Any]:
    """A valid replay request with some fields changed (``None`` removes the field)."""
    request = request_for(5, 1)
    request.update(changes)
    return {k: v for k, v in request.items() if v is not None}


HANDS = request_for(5, 1)["hands"]


@pytest.mark.parametrize(
    ("command", "stdin", "message"),
    [
        ("legal", "{not json", "standard input is not valid JSON"),
        ("legal", "[1, 2]", "standard input must be a JSON object"),
        ("legal", '{"trump": "x", "hand": ["1o"], "trick": []}', "trump: not a suit letter: 'x'"),
        (
            "legal",
            '{"trump": "b", "hand": ["1o", "13o"], "trick": []}',
            "hand[1]: not a card code: '13o'",
        ),
        (
            "legal",
            '{"trump": "b", "hand": ["1o", "1o"], "trick": []}',
            "hand: card 1o appears twice",
        ),
        ("legal", '{"trump": "b", "hand": ["1o"], "trick": ["1o"]}', "card 1o appears twice"),
        (
            "legal",
            '{"trump": "b", "hand": ["1o"], "trick": ["2o", "3o", "4o", "5o"]}',
            "at most 3 cards",
        ),
        ("legal", '{"trump": "b", "hand": ["1o"]}', "missing field 'trick'"),
        ("legal", '{"trump": "b", "hand": [], "trick": []}', "holds at least one card"),
        ("replay", json.dumps(bad(dealer=4)), "dealer must be a seat number 0-3, not 4"),
        ("replay", json.dumps(bad(dealer=True)), "field 'dealer' must be a seat number"),
        ("replay", json.dumps(bad(plays=None)), "missing field 'plays'"),
        ("replay", json.dumps(bad(hands=None)), "missing field 'hands'"),
        ("replay", json.dumps(bad(trump_card="7x")), "trump_card: not a card code: '7x'"),
        ("replay", json.dumps(bad(plays=["1o", 5])), "plays[1]"),
        ("replay", json.dumps(bad(hands=HANDS[:3])), "expected 4 hands"),
        (
            "replay",
            json.dumps(bad(hands=[HANDS[0][:9], HANDS[0][9:] + HANDS[1], *HANDS[2:]])),
            "seat 0 holds 9 cards",
        ),
        (
            "replay",
            json.dumps(bad(hands=[HANDS[0], [HANDS[0][0], *HANDS[1][1:]], *HANDS[2:]])),
            f"{HANDS[0][0]} is in seat 1's hand also in seat 0's hand",
        ),
        (
            "replay",
            json.dumps(bad(hands=[[*HANDS[0][:9], "99o"], *HANDS[1:]])),
            "hands[0][9]: not a card code: '99o'",
        ),
        (
            "replay",
            json.dumps(bad(trump_card=HANDS[0][0])),
            f"the trump card {HANDS[0][0]} is not in the dealer's (seat 1) hand",
        ),
    ],
)
def test_malformed_input_exits_2_with_a_message(command: str, stdin: str, message: str) -> None:
    error = failure(run(command, raw=stdin), 2)
    assert set(error) == {"error", "message"} and error["error"] == "invalid_input"
    assert message in error["message"]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["deal", "--seed", "1", "--dealer", "4"], "--dealer"),
        (["deal"], "--seed"),
        (["deal", "--seed", "one"], "--seed"),
        (["shuffle"], "shuffle"),
    ],
)
def test_bad_arguments_exit_2_with_a_message(args: list[str], message: str) -> None:
    error = failure(run(*args, raw=""), 2)
    assert error["error"] == "invalid_input" and message in error["message"]
