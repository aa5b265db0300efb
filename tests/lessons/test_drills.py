"""The practice banks: every answer recomputed with the engine, the size and balance the
practice page promises, and the same bytes from the same sources."""

from __future__ import annotations

import json
from collections import Counter
from itertools import pairwise
from typing import Any

import pytest

from engine import (
    LAST_TRICK_BONUS,
    SUIT_LETTERS,
    beats,
    cant_to_sing,
    duty_of,
    legal_cards,
    parse_card,
    parse_suit,
    points_of,
    refusal_reason,
    suit_of,
    trick_points,
    tute_in,
    winning_index,
)
from lesson_compiler.drills import (
    CANTS_BUCKETS,
    DRILLS,
    LEGAL_BUCKETS,
    POINTS_BUCKETS,
    WINNER_BUCKETS,
    bank_json,
    build_banks,
)

MINIMUM = 200
SHARE = 20
"""Each rule a drill teaches appears in at least this many items."""


@pytest.fixture(scope="module")
def banks() -> dict[str, list[dict[str, Any]]]:
    return {drill: bank_json(items)["items"] for drill, items in build_banks().items()}


def _cards(codes: list[str]) -> list[int]:
    return [parse_card(code) for code in codes]


def _mask(codes: list[str]) -> int:
    return sum(1 << card for card in _cards(codes))


def test_every_drill_has_a_bank_of_at_least_200_distinct_items(banks: dict[str, Any]) -> None:
    assert list(banks) == list(DRILLS)
    for drill, items in banks.items():
        assert len(items) >= MINIMUM, drill
        distinct = {json.dumps({k: v for k, v in i.items() if k != "choices"}) for i in items}
        assert len(distinct) == len(items), drill


def _strongest_first(cards: list[int], trump: int) -> bool:
    """Whether the cards come by suit, in the deck's suit order, each suit's strongest
    first: every card beats the next one of its suit."""
    suits = [suit_of(card) for card in cards]
    return suits == sorted(suits) and all(
        beats(card, after, trump)
        for card, after in pairwise(cards)
        if suit_of(card) == suit_of(after)
    )


def test_legal_answers_and_reasons_are_the_engines(banks: dict[str, Any]) -> None:
    for item in banks["legal"]:
        trump, trick, hand = parse_suit(item["trump"]), _cards(item["trick"]), _cards(item["hand"])
        assert 1 <= len(trick) <= 3 and 4 <= len(hand) <= 10, item
        assert sorted(_cards(item["legal"])) == sorted(legal_cards(hand, trick, trump)), item
        assert _strongest_first(_cards(item["legal"]), trump), item
        assert _strongest_first(_cards(list(item["reasons"])), trump), item
        assert item["best"] == winning_index(trick, trump), item
        reasons = {
            code: str(reason)
            for code, card in zip(item["hand"], hand, strict=True)
            if (reason := refusal_reason(card, hand, trick, trump)) is not None
        }
        assert item["reasons"] == reasons, item
        assert item["duty"] == str(duty_of(hand, trick, trump)), item


def test_winner_answers_are_the_engines(banks: dict[str, Any]) -> None:
    for item in banks["winner"]:
        trick = _cards(item["trick"])
        assert len(trick) == 4
        trump = parse_suit(item["trump"])
        assert item["winner"] == winning_index(trick, trump), item
        trumps = [card for card in trick if suit_of(card) == trump]
        winner = trick[item["winner"]]
        # The reason given: the highest of several trumps, the only one, or no trump at all
        # and the highest card of the suit led.
        expected = "highest_trump" if len(trumps) > 1 else "only_trump" if trumps else None
        assert item["why"] == (expected or "highest_of_suit"), item
        if trumps:
            assert winner == trumps[winning_index(trumps, trump)], item
        astray = [i for i, c in enumerate(trick) if suit_of(c) not in (trump, suit_of(trick[0]))]
        assert item["astray"] == astray and item["winner"] not in astray, item


def test_points_answers_are_the_engines_and_among_four_choices(banks: dict[str, Any]) -> None:
    for item in banks["points"]:
        bonus = LAST_TRICK_BONUS if item["last"] else 0
        assert item["points"] == trick_points(_cards(item["trick"])) + bonus, item
        assert item["values"] == [points_of(card) for card in _cards(item["trick"])], item
        assert len(set(item["choices"])) == 4 and item["points"] in item["choices"], item


def test_cants_answers_are_the_engines(banks: dict[str, Any]) -> None:
    for item in banks["cants"]:
        hand, trump = _mask(item["hand"]), parse_suit(item["trump"])
        sung = sum(1 << parse_suit(s) for s in item["sung"])
        assert item["hand"], item
        if tute_in(hand) is not None:
            expected = {"kind": "tute", "suit": None}
        elif (suit := cant_to_sing(hand, trump, sung)) is None:
            expected = {"kind": "none", "suit": None}
        else:
            kind = "forty" if suit == trump else "twenty"
            expected = {"kind": kind, "suit": SUIT_LETTERS[suit]}
        assert item["answer"] == expected, item
        assert item["tute"] == tute_in(hand), item
        pairs = [s for s in SUIT_LETTERS if {f"12{s}", f"11{s}"} <= set(item["hand"])]
        assert item["pairs"] == pairs, item


@pytest.mark.parametrize(
    ("drill", "rules"),
    [
        ("legal", LEGAL_BUCKETS),
        ("winner", WINNER_BUCKETS),
        ("points", POINTS_BUCKETS),
        ("cants", (*CANTS_BUCKETS[:3], "sung", "pair_sung", "tute")),
    ],
)
def test_every_rule_has_its_share_of_the_bank(
    banks: dict[str, Any], drill: str, rules: tuple[str, ...]
) -> None:
    tags = Counter(tag for item in banks[drill] for tag in item["tags"])
    levels = Counter(item["level"] for item in banks[drill])
    assert {rule: tags[rule] for rule in rules if tags[rule] < SHARE} == {}
    assert set(levels) == {1, 2, 3}


def test_cants_bank_holds_a_twenty_in_every_suit(banks: dict[str, Any]) -> None:
    suits = {i["answer"]["suit"] for i in banks["cants"] if i["answer"]["kind"] == "twenty"}
    assert suits == set(SUIT_LETTERS)


def test_the_same_seed_gives_the_same_bytes(banks: dict[str, Any]) -> None:
    again = {drill: bank_json(items)["items"] for drill, items in build_banks().items()}
    assert json.dumps(again, sort_keys=True) == json.dumps(banks, sort_keys=True)
