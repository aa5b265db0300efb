"""The JSON command line: ``python -m engine legal|replay|deal``.

JSON in on standard input, JSON out on standard output. An illegal play exits
1 and a malformed input exits 2, each with a JSON error on standard error;
never a traceback.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections.abc import Sequence
from typing import Any, NoReturn

from engine.cards import (
    SUIT_LETTERS,
    Card,
    card_code,
    parse_card,
    parse_suit,
    to_set,
)
from engine.errors import TuteError
from engine.game import Deal, Game
from engine.rules import PLAYERS, refusal_of

EXIT_ILLEGAL = 1
EXIT_INVALID = 2


class InvalidInput(Exception):
    """The input is not a well-formed request; the message says what and where."""


def _fail(payload: dict[str, Any], status: int) -> NoReturn:
    sys.stderr.write(json.dumps(payload, ensure_ascii=False) + "\n")
    raise SystemExit(status)


def _field(data: dict[str, Any], name: str, kind: type | tuple[type, ...], what: str) -> Any:
    if name not in data:
        raise InvalidInput(f"missing field {name!r}")
    value = data[name]
    if not isinstance(value, kind) or isinstance(value, bool):
        raise InvalidInput(f"field {name!r} must be {what}")
    return value


def _card(value: object, where: str) -> Card:
    if not isinstance(value, str):
        raise InvalidInput(f'{where}: expected a card code such as "12b", got {value!r}')
    try:
        return parse_card(value)
    except TuteError as error:
        raise InvalidInput(f"{where}: {error}") from None


def _cards(data: dict[str, Any], name: str) -> list[Card]:
    values = _field(data, name, list, "a list of card codes")
    cards = [_card(v, f"{name}[{i}]") for i, v in enumerate(values)]
    _no_repeats(cards, name)
    return cards


def _no_repeats(cards: Sequence[Card], where: str) -> None:
    if len(set(cards)) != len(cards):
        twice = next(c for c in cards if cards.count(c) > 1)
        raise InvalidInput(f"{where}: card {card_code(twice)} appears twice")


def _codes(cards: Sequence[Card] | Any) -> list[str]:
    return [card_code(c) for c in cards]


def _read_request() -> dict[str, Any]:
    try:
        data = json.load(sys.stdin)
    except (json.JSONDecodeError, UnicodeDecodeError) as error:
        raise InvalidInput(f"standard input is not valid JSON: {error}") from None
    if not isinstance(data, dict):
        raise InvalidInput("standard input must be a JSON object")
    return data


def legal(data: dict[str, Any]) -> dict[str, Any]:
    """The legal cards of a hand on a trick, and the reason for each other card."""
    letter = _field(data, "trump", str, "a suit letter (o, c, e or b)")
    try:
        trump = parse_suit(letter)
    except TuteError as error:
        raise InvalidInput(f"trump: {error}") from None
    hand = _cards(data, "hand")
    trick = _cards(data, "trick")
    if not hand:
        raise InvalidInput("hand: the player to move holds at least one card")
    if len(trick) >= PLAYERS:
        raise InvalidInput(f"trick: a trick in progress holds at most 3 cards, not {len(trick)}")
    _no_repeats(hand + trick, "hand and trick")
    mask = to_set(hand)
    reasons = {c: refusal_of(c, mask, trick, trump) for c in hand}
    return {
        "legal": [card_code(c) for c in hand if reasons[c] is None],
        "refused": {card_code(c): str(r) for c, r in reasons.items() if r is not None},
    }


def _deal(data: dict[str, Any]) -> Deal:
    dealer = _field(data, "dealer", int, "a seat number 0-3")
    if dealer not in range(PLAYERS):
        raise InvalidInput(f"dealer must be a seat number 0-3, not {dealer}")
    trump_card = _card(_field(data, "trump_card", str, "a card code"), "trump_card")
    hands = _field(data, "hands", list, "a list of four lists of card codes")
    if len(hands) != PLAYERS:
        raise InvalidInput(f"hands: expected 4 hands (seats 0-3), got {len(hands)}")
    parsed: list[tuple[Card, ...]] = []
    for seat, hand in enumerate(hands):
        if not isinstance(hand, list):
            raise InvalidInput(f"hands[{seat}] must be a list of card codes")
        parsed.append(tuple(_card(v, f"hands[{seat}][{i}]") for i, v in enumerate(hand)))
    try:
        return Deal(dealer, trump_card, (parsed[0], parsed[1], parsed[2], parsed[3]))
    except TuteError as error:
        raise InvalidInput(f"hands: {error}") from None


def replay(data: dict[str, Any]) -> dict[str, Any]:
    """Play a deal's cards in order and describe the hand so far."""
    deal = _deal(data)
    plays = [_card(v, f"plays[{i}]") for i, v in enumerate(_field(data, "plays", list, "a list"))]
    game = Game.from_deal(deal)
    steps = []
    for i, card in enumerate(plays):
        seat = game.turn
        allowed = _codes(game.legal_plays)
        reason = game.refusal(card)
        if reason is not None:
            _fail(
                {
                    "error": "illegal_play",
                    "step": i,
                    "seat": seat,
                    "card": card_code(card),
                    "reason": str(reason),
                    "legal": allowed,
                },
                EXIT_ILLEGAL,
            )
        steps.append({"seat": seat, "card": card_code(card), "legal": allowed})
        game.play(card)
    outcome = game.outcome()
    return {
        "trump": SUIT_LETTERS[game.trump],
        "steps": steps,
        "tricks": [
            {"leader": t.leader, "cards": _codes(t.cards), "winner": t.winner, "points": t.points}
            for t in game.tricks
        ],
        "cants": [
            {
                "after_trick": c.after_trick,
                "seat": c.seat,
                "suit": SUIT_LETTERS[c.suit],
                "points": c.points,
            }
            for c in game.cants
        ],
        "tute": None
        if game.tute is None
        else {"after_trick": game.tute.after_trick, "seat": game.tute.seat, "kind": game.tute.kind},
        "points": list(game.points),
        "over": game.is_over,
        "winner": None if outcome is None else outcome.winner,
        "next": None
        if game.turn is None
        else {"seat": game.turn, "legal": _codes(game.legal_plays)},
    }


def deal_json(seed: int, dealer: int) -> dict[str, Any]:
    """A seeded random deal, in the input format of ``replay``."""
    deal = Deal.random(random.Random(seed), dealer)
    return {
        "dealer": deal.dealer,
        "trump_card": card_code(deal.trump_card),
        "hands": [_codes(h) for h in deal.hands],
        "plays": [],
    }


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        _fail({"error": "invalid_input", "message": message}, EXIT_INVALID)


def main(argv: Sequence[str] | None = None) -> int:
    """Run one command; return the exit status."""
    parser = _Parser(
        prog="python -m engine", description="The rules of tute per parelles, as JSON."
    )
    commands = parser.add_subparsers(dest="command", required=True)
    commands.add_parser("legal", help="legal cards of a hand on a trick (JSON on stdin)")
    commands.add_parser("replay", help="play a deal's cards in order (JSON on stdin)")
    deal_cmd = commands.add_parser("deal", help="print a seeded random deal")
    deal_cmd.add_argument("--seed", type=int, required=True)
    deal_cmd.add_argument("--dealer", type=int, choices=range(PLAYERS), default=0)
    args = parser.parse_args(argv)
    try:
        if args.command == "deal":
            result = deal_json(args.seed, args.dealer)
        elif args.command == "legal":
            result = legal(_read_request())
        else:
            result = replay(_read_request())
    except InvalidInput as error:
        _fail({"error": "invalid_input", "message": str(error)}, EXIT_INVALID)
    sys.stdout.write(json.dumps(result, ensure_ascii=False) + "\n")
    return 0
