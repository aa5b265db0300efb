"""The twin's command line speaks the engine's: ``npm run --silent engine -- legal|replay``
answers every request (valid, illegal or malformed) with the same standard output, the same
standard error and the same exit status as ``python -m engine``.
"""

from __future__ import annotations

import json
import os
import random
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from engine import Deal, Game, card_code
from tests.engine.test_cli import in_process, request_for
from tests.engine_js.twin import ROOT, node, random_play

HANDS = request_for(5, 1)["hands"]


def changed(**changes: Any) -> str:
    """A valid replay request with some fields changed (``None`` removes the field)."""
    request = request_for(5, 1, plays=3)
    request.update(changes)
    return json.dumps({k: v for k, v in request.items() if v is not None})


def legal_requests() -> list[str]:
    """Seeded bare positions as legal requests, hands in random order."""
    rng = random.Random(3)
    requests = []
    for _ in range(3):
        cards = rng.sample(range(40), rng.randint(1, 10) + rng.randint(0, 3))
        size = rng.randint(1, len(cards))
        requests.append(
            json.dumps(
                {
                    "trump": rng.choice("oceb"),
                    "hand": [card_code(c) for c in cards[:size]],
                    "trick": [card_code(c) for c in cards[size:][:3]],
                }
            )
        )
    return requests


def illegal_requests() -> list[str]:
    """Replays that end in an illegal play: a refused card, a card played twice, a card after
    the hand is over."""
    requests = []
    for seed in (5, 8, 13):
        request = request_for(seed, seed % 4, plays=seed)
        game = in_process(request)
        seat = game.turn
        assert seat is not None
        refused = [c for c in game.hand(seat) if c not in game.legal_plays]
        plays = request["plays"]
        if refused:
            requests.append(json.dumps({**request, "plays": [*plays, card_code(refused[0])]}))
        requests.append(json.dumps({**request, "plays": [*plays, plays[0]]}))
    over = request_for(106, 2, plays=40)
    requests.append(json.dumps({**over, "plays": [*over["plays"], over["hands"][0][-1]]}))
    return requests


def whole_hands() -> list[str]:
    """Seeded hands played to the end, and to every stage, with hands in any order."""
    requests = [json.dumps(request_for(seed, seed % 4, plays=40)) for seed in (6, 106)]
    shuffled = request_for(9, 3, plays=12)
    shuffled["hands"] = [list(reversed(h)) for h in shuffled["hands"]]
    requests.append(json.dumps(shuffled))
    requests.append(json.dumps(request_for(12, 2)))
    rng = random.Random(4)
    game = Game.from_deal(Deal.random(rng, 1))
    dealt = {
        "dealer": 1,
        "trump_card": card_code(game.trump_card),
        "hands": [[card_code(c) for c in game.hand(s)] for s in range(4)],
    }
    plays = [card_code(random_play(game, rng)) for _ in range(21)]
    requests.append(json.dumps({**dealt, "plays": plays}, indent=2))
    return requests


LEGAL = [
    '{"trump": "b", "hand": ["2c", "7c", "1o"], "trick": ["5c"]}',
    '{"trump": "b", "hand": ["1o", "7b", "1b"], "trick": ["5c", "12b"]}',
    '{"trump": "b", "hand": ["1o", "2b"], "trick": ["5c"]}',
    '{"trump": "o", "hand": ["12e", "2c"], "trick": []}',
    *legal_requests(),
]
MALFORMED_LEGAL: list[str | bytes] = [
    b"\xff{}",
    b'{"trump": "b", "hand": ["1\xe2\x82"], "trick": []}',
    b'{"trump": "b", "hand": ["\xc3\xa9\xf4\x8f\xbf\xbf\xf4\x90\x80\x80\xe0\x9f\xbf"], '
    b'"trick": []}',
    '{"trump": "b", "hand": ["a\\u00a0\\u2028\\u0085\\ue000 \\t\\u0007\\\\"], "trick": []}',
    '["😀", x]',
    "",
    "{not json",
    "[1, 2]",
    '{"trump": "b"} extra',
    '{"trump": "b",}',
    '{"trump" "b"}',
    '["\\x"]',
    '["\\u12"]',
    '"unterminated',
    "\ufeff{}",
    '{"trump": NaN, "hand": [], "trick": []}',
    '{"trump": "x", "hand": ["1o"], "trick": []}',
    '{"trump": 3, "hand": ["1o"], "trick": []}',
    '{"trump": "b", "hand": ["1o", "13o"], "trick": []}',
    '{"trump": "b", "hand": ["1o", "1ö"], "trick": []}',
    '{"trump": "b", "hand": ["it\'s"], "trick": []}',
    '{"trump": "b", "hand": ["1o", 1.5e300], "trick": []}',
    '{"trump": "b", "hand": ["1o", [null, true, {"a": -0.0}]], "trick": []}',
    '{"trump": "b", "hand": "1o", "trick": []}',
    '{"trump": "b", "hand": ["2o", "1o", "2o", "1o"], "trick": []}',
    '{"trump": "b", "hand": ["1o"], "trick": ["1o"]}',
    '{"trump": "b", "hand": ["1o"], "trick": ["2o", "3o", "4o", "5o"]}',
    '{"trump": "b", "hand": [], "trick": []}',
]
MALFORMED_REPLAY = [
    changed(dealer=4),
    changed(dealer=True),
    changed(dealer=1.0),
    changed(dealer=10**20),
    changed(plays=None),
    changed(trump_card="7x"),
    changed(trump_card=5),
    changed(plays=["1o", 5]),
    changed(hands=HANDS[:3]),
    changed(hands=[HANDS[0], "x", *HANDS[2:]]),
    changed(hands=[HANDS[0][:9], HANDS[0][9:] + HANDS[1], *HANDS[2:]]),
    changed(hands=[HANDS[0], [HANDS[0][0], *HANDS[1][1:]], *HANDS[2:]]),
    changed(hands=[[HANDS[0][0], *HANDS[0][:9]], *HANDS[1:]]),
    changed(hands=[[*HANDS[0][:9], "99o"], *HANDS[1:]]),
    changed(trump_card=HANDS[0][0]),
]
CASES = (
    [("legal", text, 0) for text in LEGAL]
    + [("legal", text, 2) for text in MALFORMED_LEGAL]
    + [("replay", text, 0) for text in whole_hands()]
    + [("replay", text, 1) for text in illegal_requests()]
    + [("replay", text, 2) for text in MALFORMED_REPLAY]
)
"""Each request with the exit status it must get: 0 answered, 1 an illegal play, 2 malformed."""


def run(command: list[str], args: list[str], stdin: str | bytes) -> tuple[str, str, int]:
    """Standard output, standard error and exit status of one command line, on the locale
    where Python keeps the bytes of bad UTF-8 as lone surrogates, as the twin does."""
    done = subprocess.run(
        [*command, *args],
        input=stdin.encode() if isinstance(stdin, str) else stdin,
        capture_output=True,
        cwd=ROOT,
        env={**os.environ, "LC_ALL": "C.UTF-8"},
        check=False,
        timeout=60,
    )
    return done.stdout.decode(), done.stderr.decode(), done.returncode


def engine(args: list[str], stdin: str | bytes) -> tuple[str, str, int]:
    """The engine's answer."""
    return run([sys.executable, "-m", "engine"], args, stdin)


def twin(args: list[str], stdin: str | bytes) -> tuple[str, str, int]:
    """The twin's answer, from the program that npm run engine starts."""
    return run([node(), "engine-js/cli.js"], args, stdin)


@pytest.mark.parametrize(("command", "stdin", "status"), CASES)
def test_the_same_request_gets_the_same_answer(
    command: str, stdin: str | bytes, status: int
) -> None:
    expected = engine([command], stdin)
    assert twin([command], stdin) == expected
    out, err, got = expected
    assert got == status and "Traceback" not in err
    assert (out, err)[status == 0] == "" and json.loads((err, out)[status == 0])


@pytest.mark.parametrize(
    "stdin",
    [LEGAL[0], MALFORMED_LEGAL[2]],
)
def test_npm_run_engine_is_the_twin(stdin: str | bytes) -> None:
    """``npm run --silent engine --`` runs engine-js/cli.js, adding nothing to its output."""
    npm = run(["npm", "run", "--silent", "engine", "--"], ["legal"], stdin)
    assert npm == twin(["legal"], stdin) == engine(["legal"], stdin)


def test_an_illegal_replay_exits_1_through_npm() -> None:
    stdin = illegal_requests()[0]
    npm = run(["npm", "run", "--silent", "engine", "--"], ["replay"], stdin)
    assert npm == engine(["replay"], stdin)
    assert npm[2] == 1 and json.loads(npm[1])["error"] == "illegal_play"


@pytest.mark.parametrize(
    "args", [[], ["legal", "extra"], ["replay", "--seed", "1"], ["deal", "--seed", "one"]]
)
def test_bad_arguments_are_refused_alike(args: list[str]) -> None:
    assert twin(args, "{}") == engine(args, "{}")


def test_an_unknown_command_is_refused_naming_it() -> None:
    """The twin has one more command (bot), so its list of choices differs."""
    out, err, status = twin(["shuffle"], "")
    assert (out, status) == ("", 2)
    error = json.loads(err)
    assert error["error"] == "invalid_input" and "invalid choice: 'shuffle'" in error["message"]
    assert engine(["shuffle"], "")[2] == 2


def test_bot_without_the_machine_players_is_a_json_error(tmp_path: Path) -> None:
    """Where engine-js/bot-cli.js is missing, bot answers with a JSON error and exits 2."""
    for name in ("cli.js", "code.js", "rules.js"):
        shutil.copy(ROOT / "engine-js" / name, tmp_path / name)
    out, err, status = run([node(), str(tmp_path / "cli.js")], ["bot"], "{}")
    assert (out, status) == ("", 2)
    error = json.loads(err)
    assert error["error"] == "invalid_input" and "bot" in error["message"]


def test_deal_prints_a_replayable_deal_of_the_twin() -> None:
    out, err, status = twin(["deal", "--seed", "12", "--dealer", "2"], "")
    assert (err, status) == ("", 0)
    dealt = json.loads(out)
    assert dealt["dealer"] == 2 and dealt["plays"] == []
    assert twin(["deal", "--seed", "12", "--dealer", "2"], "")[0] == out
    replayed = engine(["replay"], out)
    assert replayed[2] == 0 and twin(["replay"], out) == replayed
