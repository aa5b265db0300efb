"""Rule examples ("try a card" boards) from content pages, verified by the engine."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine import SUIT_LETTERS, Card, Reason, card_code, legal_cards, refusal_reason
from lesson_compiler.claims import Position, check_claim, codes
from lesson_compiler.compile import suit_names, the_card_names
from lesson_compiler.names import card_name, refusal_message
from lesson_compiler.problems import Messages, Problem
from lesson_compiler.source import Reader, read_toml

_KEYS = {"trump", "trick", "hand", "legal", "refused", "claims"}


@dataclass(frozen=True)
class Example:
    """A verified position: the trick so far, the hand to move, what is legal and why not."""

    trump: int
    trick: tuple[Card, ...]
    hand: tuple[Card, ...]
    legal: tuple[Card, ...]
    refusals: tuple[tuple[Card, Reason], ...]


def parse_example(body: str, path: str, line: int) -> tuple[Example | None, list[Problem]]:
    """Read and verify an ```example fence; ``line`` is the 1-based line of its opening fence.

    The author's ``legal`` claim must match the engine, and so must every reason
    pinned in ``refused`` and every fact listed in ``claims``.
    """
    problems: list[Problem] = []
    where = f"line {line}"
    data = read_toml(body, path, problems)
    if data is None:
        # A TOML error names a line of the body; the body starts after the fence.
        fixed = [_shift(p, line) for p in problems]
        return None, fixed
    r = Reader(path, problems)
    r.keys(data, _KEYS, where, "an example")
    trump = r.get(data, "trump", where, lambda v, k: r.suit(v, k, where))
    trick = r.get(data, "trick", where, lambda v, k: r.cards(v, k, where), required=False)
    hand = r.get(data, "hand", where, lambda v, k: r.cards(v, k, where))
    claimed = r.get(data, "legal", where, lambda v, k: r.cards(v, k, where))
    claims = r.get(data, "claims", where, lambda v, k: r.claims(v, k, where), required=False)
    refused = data.get("refused", {})
    if not isinstance(refused, dict):
        r.fail(where, f"refused must be a table of card = reason, not {refused!r}")
        refused = {}
    pinned: dict[Card, Reason] = {}
    for code, value in refused.items():
        card = r.card(code, "refused", where)
        try:
            reason = Reason(value)
        except ValueError:
            r.fail(where, f"refused {code}: {value!r} is not a reason code")
            continue
        if card is not None:
            pinned[card] = reason
    if problems or trump is None or hand is None or claimed is None:
        return None, problems
    trick = trick or ()
    every = (*trick, *hand)
    twice = sorted({c for c in every if every.count(c) > 1})
    if twice:
        r.fail(where, f"{codes(twice)} appears twice in trick and hand")
    if len(trick) > 3:
        r.fail(where, f"a trick in progress holds at most 3 cards, not {len(trick)}")
    if not hand:
        r.fail(where, "the hand is empty")
    if problems:
        return None, problems
    legal = tuple(legal_cards(hand, trick, trump))
    if set(claimed) != set(legal):
        r.fail(where, f"the engine says legal: {codes(legal)}, not {codes(claimed)}")
    reasons = {c: refusal_reason(c, hand, trick, trump) for c in hand}
    for card, reason in pinned.items():
        if card not in hand:
            r.fail(where, f"refused names {card_code(card)}, which is not in the hand")
        elif reasons[card] != reason:
            found = "legal" if reasons[card] is None else f"refused for {reasons[card]}"
            r.fail(where, f"{card_code(card)} is {found}, not refused for {reason}")
    position = Position(hand, trick, trump)
    for claim in claims or ():
        problem = check_claim(claim, position)
        if problem is not None:
            r.fail(where, problem)
    if problems:
        return None, problems
    refusals = tuple((c, r_) for c in hand if (r_ := reasons[c]) is not None)
    return Example(trump, trick, hand, legal, refusals), []


def _shift(problem: Problem, line: int) -> Problem:
    if problem.where.startswith("line "):
        return Problem(problem.path, f"line {line + int(problem.where[5:])}", problem.message)
    return Problem(problem.path, f"line {line}", problem.message)


def compile_example(example: Example, lang: str, game: Messages) -> dict[str, Any]:
    """The example JSON of docs/formats.md "Widget markup"; ``game`` speaks ``lang``."""
    cards = [*example.trick, *example.hand]
    return {
        "trump": SUIT_LETTERS[example.trump],
        "trick": [card_code(c) for c in example.trick],
        "hand": [card_code(c) for c in example.hand],
        "legal": [card_code(c) for c in example.legal],
        "refusals": {
            card_code(card): {
                "reason": str(reason),
                "message": refusal_message(reason, example.trick, example.trump, game),
            }
            for card, reason in example.refusals
        },
        "cards": {card_code(c): card_name(card_code(c), game) for c in cards},
        "the_cards": the_card_names((card_code(c) for c in example.trick), game),
        "suits": suit_names(game),
    }
