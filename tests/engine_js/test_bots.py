"""The machine players (engine-js/bots.js) through their command line, with the Python engine as
the judge of every card they play.

``npm run --silent engine -- bot`` reads one JSON request per line and answers one JSON line
each; these tests keep one process open for many requests, as a tournament would.
"""

from __future__ import annotations

import json
import random
import subprocess
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from engine import Deal, Game, IllegalPlayError, card_code, parse_card
from engine.cards import SUIT_LETTERS

ROOT = Path(__file__).resolve().parents[2]
WHY = {
    "only_legal",
    "random",
    "partner_winning_give_points",
    "win_trick",
    "win_to_sing",
    "cheap_discard",
    "keep_cant_pair",
    "draw_trumps",
    "lead_winner",
    "lead_low",
}


class Bot:
    """One bot command line kept open: a line in, a line out."""

    def __init__(
        self, command: tuple[str, ...] = ("npm", "run", "--silent", "engine", "--", "bot")
    ):
        self.process = subprocess.Popen(
            command,
            cwd=ROOT,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )

    def ask_line(self, line: str) -> dict[str, Any]:
        """Send one line, read the one line that answers it."""
        assert self.process.stdin is not None and self.process.stdout is not None
        self.process.stdin.write(line + "\n")
        self.process.stdin.flush()
        answer = self.process.stdout.readline()
        assert answer, "the bot process closed its output"
        result: dict[str, Any] = json.loads(answer)
        return result

    def ask(self, request: dict[str, Any]) -> dict[str, Any]:
        return self.ask_line(json.dumps(request))

    def ask_many(self, requests: list[dict[str, Any]]) -> list[dict[str, Any]]:
        """Send several lines at once, then read their answers, in order."""
        assert self.process.stdin is not None and self.process.stdout is not None
        self.process.stdin.write("".join(json.dumps(r) + "\n" for r in requests))
        self.process.stdin.flush()
        return [json.loads(self.process.stdout.readline()) for _ in requests]

    def close(self) -> None:
        assert self.process.stdin is not None
        self.process.stdin.close()
        assert self.process.wait(timeout=30) == 0


@pytest.fixture(scope="module")
def bot() -> Iterator[Bot]:
    process = Bot()
    yield process
    process.close()


def request_for(game: Game, level: int, seed: int, plays: list[int]) -> dict[str, Any]:
    """What the seat to move may know, as a bot request: its hand, the public history, cants."""
    seat = game.turn
    assert seat is not None
    return {
        "level": level,
        "seat": seat,
        "hand": [card_code(c) for c in game.hand(seat)],
        "dealer": game.dealer,
        "trump_card": card_code(game.trump_card),
        "plays": [card_code(c) for c in plays],
        "cants": [
            {"after_trick": c.after_trick, "seat": c.seat, "suit": SUIT_LETTERS[c.suit]}
            for c in game.cants
        ],
        "seed": seed,
    }


def play_hands(bot: Bot, deals: list[Deal], level: int) -> list[Game]:
    """Every seat of every deal played by the bot of this level, the hands side by side (one
    line per hand and round); the engine refuses any illegal card."""
    games = [Game.from_deal(deal) for deal in deals]
    plays: list[list[int]] = [[] for _ in deals]
    while True:
        live = [i for i, game in enumerate(games) if not game.is_over]
        if not live:
            return games
        requests = [request_for(games[i], level, i + len(plays[i]), plays[i]) for i in live]
        for i, answer in zip(live, bot.ask_many(requests), strict=True):
            game = games[i]
            assert set(answer) == {"card", "why"}, answer
            assert answer["why"] in WHY
            card = parse_card(answer["card"])
            assert game.refusal(card) is None, (answer, game.code())
            if len(game.legal_plays) == 1:
                assert answer["why"] == "only_legal"
            game.play(card)
            plays[i].append(card)


@pytest.mark.parametrize(("level", "hands"), [(0, 24), (1, 24), (2, 4)])
def test_bots_play_only_legal_cards_over_whole_hands(bot: Bot, level: int, hands: int) -> None:
    rng = random.Random(level)
    games = play_hands(bot, [Deal.random(rng, i % 4) for i in range(hands)], level)
    assert all(game.is_over for game in games)


def test_same_request_and_seed_give_the_same_answer_in_another_process(bot: Bot) -> None:
    rng = random.Random(5)
    game = Game.from_deal(Deal.random(rng, 2))
    plays: list[int] = []
    requests = []
    while len(plays) < 30:
        requests.append(request_for(game, 2, 7, plays))
        card = rng.choice(list(game.legal_plays))
        game.play(card)
        plays.append(card)
    first = bot.ask_many(requests)
    other = Bot(("node", "engine-js/cli.js", "bot"))
    try:
        assert other.ask_many(requests) == first
    finally:
        other.close()
    assert bot.ask_many(requests) == first


def swap_hidden(deal: Deal, game: Game, plays: list[int], rng: random.Random) -> Game | None:
    """The same history from another deal: one card still hidden from the seat to move swapped
    between two other seats; the engine replays every play legally with the same cants. The
    seat to move saw exactly the same; ``None`` when no swap keeps it so."""
    seat = game.turn
    others = [s for s in range(4) if s != seat]
    for _ in range(200):
        a, b = rng.sample(others, 2)
        x, y = rng.choice(game.hand(a)), rng.choice(game.hand(b))
        if game.trump_card in (x, y):
            continue
        swap = {x: y, y: x}
        hands = tuple(tuple(sorted(swap.get(c, c) for c in hand)) for hand in deal.hands)
        other = Game.from_deal(Deal(deal.dealer, deal.trump_card, hands))  # type: ignore[arg-type]
        try:
            for card in plays:
                other.play(card)
        except IllegalPlayError:
            continue
        if other.cants == game.cants and not other.is_over:
            return other
    return None


def test_a_bot_never_reads_hidden_cards(bot: Bot) -> None:
    """The answer stays the same when the hidden hands change but what the seat saw does not,
    even when the caller passes the true hands along (the bot ignores them)."""
    rng = random.Random(11)
    checked = 0
    for i in range(12):
        deal = Deal.random(rng, i % 4)
        game = Game.from_deal(deal)
        plays: list[int] = []
        for _ in range(rng.randrange(4, 30)):
            card = rng.choice(list(game.legal_plays))
            game.play(card)
            plays.append(card)
        other = swap_hidden(deal, game, plays, rng)
        if other is None:
            continue
        for level in (1, 2):
            mine = request_for(game, level, i, plays)
            theirs = request_for(other, level, i, plays)
            assert mine == theirs
            mine["hands"] = [[card_code(c) for c in game.hand(s)] for s in range(4)]
            theirs["hands"] = [[card_code(c) for c in other.hand(s)] for s in range(4)]
            assert bot.ask(mine) == bot.ask(theirs)
        checked += 1
    assert checked >= 6


GOOD: dict[str, Any] = {
    "level": 1,
    "seat": 1,
    "hand": ["1o", "2o", "3c", "4c", "5e", "6e", "7e", "10b", "11b", "12b"],
    "dealer": 0,
    "trump_card": "7b",
    "plays": [],
    "seed": 7,
}


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"level": 3}, 'field "level" must be 0, 1 or 2'),
        ({"seat": "1"}, 'field "seat" must be a seat number 0-3'),
        ({"hand": ["1o", "2o", "3c", "4c", "5e", "6e", "7e", "10b", "11b", "13b"]}, "hand[9]"),
        ({"hand": GOOD["hand"][:9]}, "seat 1 should hold 10 cards"),
        ({"trump_card": "1o"}, "the trump card 1o is the dealer's (seat 0)"),
        ({"plays": ["1c"]}, "it is seat 2's turn, not seat 1's"),
        ({"plays": ["1o"]}, "plays[0]: 1o was played but is also in hand"),
        ({"cants": "none"}, 'field "cants" must be a list'),
        ({"seed": 1.5}, 'field "seed" must be an integer'),
    ],
)
def test_a_bad_request_gets_a_json_error_line(
    bot: Bot, change: dict[str, Any], message: str
) -> None:
    answer = bot.ask({**GOOD, **change})
    assert set(answer) == {"error"}
    assert message in answer["error"]


def test_missing_fields_and_lines_that_are_not_json_are_errors_and_the_process_goes_on(
    bot: Bot,
) -> None:
    for name in ("level", "seat", "hand", "dealer", "trump_card", "plays"):
        answer = bot.ask({k: v for k, v in GOOD.items() if k != name})
        assert answer == {"error": f'line {answer["error"].split()[1]} missing field "{name}"'}
    assert "not JSON" in bot.ask_line("{nonsense")["error"]
    assert "a request must be a JSON object" in bot.ask_line("[1, 2]")["error"]
    assert set(bot.ask(GOOD)) == {"card", "why"}


def test_an_impossible_history_is_an_error(bot: Bot) -> None:
    """A seat that showed it holds no oros (it played copes on an oros lead) plays oros later."""
    request = {
        "level": 2,
        "seat": 2,
        "dealer": 3,
        "trump_card": "7b",
        "hand": ["4o", "5o", "6o", "2c", "3c", "4c", "5c", "6c", "2e"],
        "plays": ["7o", "1c", "10o", "11o", "12o", "2o", "1o"],
        "seed": 1,
    }
    answer = bot.ask(request)
    assert (
        "plays[6]: seat 1 plays 1o after an earlier card showed it held none such"
        in (answer["error"])
    )
    assert set(bot.ask(GOOD)) == {"card", "why"}


def test_rule_based_throws_the_cheapest_card_on_a_lost_trick(bot: Bot) -> None:
    """Seat 3 must follow oros under the as and cannot beat it: the 5, worth nothing, goes."""
    answer = bot.ask(
        {
            "level": 1,
            "seat": 3,
            "dealer": 3,
            "trump_card": "7b",
            "hand": ["5o", "10o", "3o", "7b", "2c", "4c", "6e", "2e", "3b", "4b"],
            "plays": ["1o", "2o", "4o"],
            "seed": 1,
        }
    )
    assert answer == {"card": "5o", "why": "cheap_discard"}


def test_rule_based_gives_the_ace_to_the_partners_sure_trick(bot: Bot) -> None:
    """Seat 1 trumped with the as of trumps; seat 3, void in copes and unable to overtrump,
    may play any card and gives the as d'oros."""
    answer = bot.ask(
        {
            "level": 1,
            "seat": 3,
            "dealer": 3,
            "trump_card": "7b",
            "hand": ["1o", "4o", "5o", "6o", "3e", "6e", "2e", "4e", "7b", "2b"],
            "plays": ["4c", "1b", "5c"],
            "seed": 3,
        }
    )
    assert answer == {"card": "1o", "why": "partner_winning_give_points"}


def test_the_only_legal_card_says_so(bot: Bot) -> None:
    answer = bot.ask(
        {
            "level": 2,
            "seat": 1,
            "dealer": 3,
            "trump_card": "7b",
            "hand": ["1o", "2c", "3c", "4c", "5e", "6e", "7e", "10e", "11e", "12e"],
            "plays": ["4o"],
            "seed": 1,
        }
    )
    assert answer == {"card": "1o", "why": "only_legal"}


def test_search_in_slices_the_worker_and_the_evaluation_agree() -> None:
    """The page-side API: a search run in slices of 0 or 1 ms gives the result of a search run
    at once; evaluate and the worker give the same figures; the worker refuses unknown kinds
    and bad requests, each as an error message (a bad request's as its code, which only the
    command line puts in words)."""
    request = {**GOOD, "level": 2, "seed": 4}
    driver = subprocess.run(
        ["node", "tests/engine_js/bot_api_driver.js"],
        input=json.dumps({"request": request, "budgets": [0, 1]}),
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=True,
        timeout=60,
    )
    out = json.loads(driver.stdout)
    whole = out["whole"]
    assert whole["worlds"] == 48
    assert sorted(c["card"] for c in whole["cards"]) == sorted(GOOD["hand"])
    assert all(0 <= c["win"] <= 1 and 0 <= c["points"] <= 290 for c in whole["cards"])
    assert whole["card"] in GOOD["hand"] and whole["why"] in WHY
    assert out["sliced"][0] == {"slices": 48, "result": whole}
    assert out["sliced"][1]["result"] == whole
    assert out["early"] == "the search is not finished: call step() until it returns true"
    assert out["evaluate"] == {"cards": whole["cards"], "worlds": 48}
    assert out["choose"] == {"card": whole["card"], "why": whole["why"]}
    assert out["worker"] == [
        {"id": 1, "result": out["choose"]},
        {"id": 2, "result": whole},
        {"id": 3, "result": out["evaluate"]},
        {"id": 4, "error": "kind must be one of choose, hint, evaluate"},
        # in the worker a bad request's error is its code and where (a page never shows it)
        {"id": 5, "error": 'hand_size {"seat":1,"held":10,"count":0}'},
    ]


TUTE = {
    "seat": 3,
    "hand": ["11o", "12o", "3c", "6c", "11c", "11e", "1b", "6b", "7b", "11b"],
    "dealer": 2,
    "trump_card": "5b",
    "plays": [],
    "seed": 5,
}


@pytest.mark.parametrize("level", [1, 2])
def test_with_a_tute_the_bot_leads_the_sure_trick(bot: Bot, level: int) -> None:
    """Four cavalls: the as of trumps takes the first trick, and the tute then wins the hand."""
    assert bot.ask({**TUTE, "level": level}) == {"card": "1b", "why": "win_to_sing"}


def test_the_evaluation_counts_a_tute_as_the_whole_hand() -> None:
    """Leading the as of trumps with a tute wins the hand in every sampled layout, worth every
    card point and les deu d'últimes; no other first card is sure to."""
    driver = subprocess.run(
        [
            "node",
            "-e",
            f"console.log(JSON.stringify(require('./engine-js/bots.js').evaluate({json.dumps(TUTE)})))",
        ],
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=True,
        timeout=60,
    )
    cards = {c["card"]: c for c in json.loads(driver.stdout)["cards"]}
    assert cards["1b"] == {"card": "1b", "points": 130, "win": 1}
    assert all(c["win"] < 1 and c["points"] < 130 for code, c in cards.items() if code != "1b")


def test_the_bots_list_the_closed_set_of_reasons() -> None:
    """bots.js exports the reasons a bot may give, the very set the answers are checked in."""
    listed = subprocess.run(
        ["node", "-e", "console.log(JSON.stringify(require('./engine-js/bots.js').WHY))"],
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=True,
        timeout=60,
    )
    reasons = json.loads(listed.stdout)
    assert sorted(reasons) == sorted(WHY) and len(reasons) == len(WHY)
