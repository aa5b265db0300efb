"""What may be played and who wins a trick: the house rules of tute per parelles.

Every function here works on bare values (a hand as a card set, the cards of
the trick so far, the trump suit) so that the lesson pages can ask about any
position, not only about positions reached in a game.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Literal

from engine.cards import (
    BEATEN_BY,
    DECK_SIZE,
    SUIT_MASKS,
    Card,
    CardSet,
    Suit,
    cards_in,
    points_of,
    suit_of,
    to_set,
)
from engine.errors import InvalidCardError

LAST_TRICK_BONUS = 10
"""Les deu d'últimes: the last trick is worth 10 more."""
CANT_POINTS = 20
"""Les vint: the rei and cavall of a suit that is not trump."""
TRUMP_CANT_POINTS = 40
"""Les quaranta: the rei and cavall of trump."""
MATCH_TARGET = 4
"""Jocs (hands won) needed to win the match."""
PLAYERS = 4
TRICKS_PER_HAND = 10

TuteEffect = Literal["hand", "match", "off"]


@dataclass(frozen=True, slots=True)
class Rules:
    """The table's rules; the defaults are the house rules.

    Variants are switched here so that callers never change: ``must_beat``
    off is "sin montar"; ``tute`` may win the hand (house rule), the whole
    match, or not be played; ``match_target`` is the number of jocs to win.
    """

    must_beat: bool = True
    tute: TuteEffect = "hand"
    match_target: int = MATCH_TARGET


HOUSE_RULES = Rules()


class Reason(StrEnum):
    """Why a card may not be played: each names the rule that forbids it."""

    NOT_IN_HAND = "not_in_hand"
    MUST_FOLLOW_SUIT = "must_follow_suit"
    """Assistir: you hold the suit led."""
    MUST_BEAT = "must_beat"
    """Muntar: you hold a card of the suit led that beats the winning card."""
    MUST_TRUMP = "must_trump"
    """Fallar: no card of the suit led, a trump in hand, no trump in the trick."""
    MUST_OVERTRUMP = "must_overtrump"
    """Contrafallar: you hold a trump above the highest trump in the trick."""
    HAND_OVER = "hand_over"


def beats(card: Card, best: Card, trump: Suit) -> bool:
    """Whether ``card``, played after ``best``, takes the lead of the trick."""
    if suit_of(card) == suit_of(best):
        return bool(BEATEN_BY[best] >> card & 1)
    return suit_of(card) == trump


def winning_index(trick: Sequence[Card], trump: Suit) -> int:
    """The position in the trick of the card winning it so far."""
    best = 0
    for i in range(1, len(trick)):
        if beats(trick[i], trick[best], trump):
            best = i
    return best


def is_trumped(trick: Sequence[Card], trump: Suit) -> bool:
    """Whether a trump wins a trick led in another suit (then muntar asks only to follow)."""
    if not trick or suit_of(trick[0]) == trump:
        return False
    return suit_of(trick[winning_index(trick, trump)]) == trump


def trick_points(trick: Iterable[Card]) -> int:
    """The card points of a trick (the last trick's bonus is not included)."""
    return sum(points_of(c) for c in trick)


class Duty(StrEnum):
    """Which rule decides the cards that may be played on a trick: each names it, so a page
    can say why a card is allowed as well as why one is refused."""

    LEAD = "lead"
    """Leading: any card."""
    FOLLOW = "follow"
    """Assistir: any card of the suit led, as none of them beats the winning card (or,
    "sin montar", none has to)."""
    BEAT = "beat"
    """Muntar: a card of the suit led that beats the winning card."""
    FOLLOW_TRUMPED = "follow_trumped"
    """Assistir is enough: a trump is winning a trick led in another suit."""
    TRUMP = "trump"
    """Fallar: no card of the suit led and no trump in the trick: any trump."""
    OVERTRUMP = "overtrump"
    """Contrafallar: no card of the suit led, and a trump above the trick's in hand."""
    NO_HIGHER_TRUMP = "no_higher_trump"
    """No card of the suit led and no trump above the trick's: any card."""
    FREE = "free"
    """Neither the suit led nor a trump in hand: any card."""


def legal_set(
    hand: CardSet, trick: Sequence[Card], trump: Suit, rules: Rules = HOUSE_RULES
) -> CardSet:
    """The cards of ``hand`` that may be played on ``trick``."""
    if not trick:
        return hand
    return legal_given(hand, trick[0] // 10, trick[winning_index(trick, trump)], trump, rules)


def legal_given(hand: CardSet, led: Suit, best: Card, trump: Suit, rules: Rules) -> CardSet:
    """The cards of ``hand`` that may be played when ``led`` was led and ``best`` is winning."""
    following = hand & SUIT_MASKS[led]
    if following:
        # Assistir; muntar unless the trick is already trumped (a trump wins, trump not led).
        if not rules.must_beat or (best // 10 == trump and led != trump):
            return following
        return (following & BEATEN_BY[best]) or following
    trumps = hand & SUIT_MASKS[trump]
    if not trumps:
        return hand
    if best // 10 != trump:
        return trumps  # fallar: any trump
    # Contrafallar: beat the highest trump if you can; if you can't, any card.
    return (trumps & BEATEN_BY[best]) or hand


def duty_given(hand: CardSet, led: Suit, best: Card, trump: Suit, rules: Rules) -> Duty:
    """The rule that decided :func:`legal_given`'s answer for the same position."""
    legal = legal_given(hand, led, best, trump, rules)
    if hand & SUIT_MASKS[led]:
        if rules.must_beat and legal & BEATEN_BY[best]:
            return Duty.BEAT
        if best // 10 == trump and led != trump:
            return Duty.FOLLOW_TRUMPED
        return Duty.FOLLOW
    if not hand & SUIT_MASKS[trump]:
        return Duty.FREE
    if best // 10 != trump:
        return Duty.TRUMP
    return Duty.OVERTRUMP if legal & BEATEN_BY[best] else Duty.NO_HIGHER_TRUMP


def winning_lines(
    trick: Sequence[Card], hands: Sequence[CardSet], trump: Suit, rules: Rules = HOUSE_RULES
) -> dict[int, tuple[Card, ...]]:
    """Every place in the trick (0 = the lead) whose card can end up winning it, each with
    one legal way to complete the trick that makes it win.

    ``hands`` are the hands of the players still to play, in playing order; every
    legal card of each is tried, so "whatever is played" is a fact, not a guess.
    """
    if not hands:
        return {winning_index(trick, trump): ()}
    lines: dict[int, tuple[Card, ...]] = {}
    for card in cards_in(legal_set(hands[0], trick, trump, rules)):
        for place, rest in winning_lines((*trick, card), hands[1:], trump, rules).items():
            lines.setdefault(place, (card, *rest))
    return lines


def refusal_of(
    card: Card, hand: CardSet, trick: Sequence[Card], trump: Suit, rules: Rules = HOUSE_RULES
) -> Reason | None:
    """The rule that forbids ``card`` here, or ``None`` when it may be played."""
    if not trick:
        return refusal_given(card, hand, None, trump, rules)
    return refusal_given(
        card, hand, (trick[0] // 10, trick[winning_index(trick, trump)]), trump, rules
    )


def refusal_given(
    card: Card, hand: CardSet, led_and_best: tuple[Suit, Card] | None, trump: Suit, rules: Rules
) -> Reason | None:
    """The rule that forbids ``card`` when ``led_and_best`` are the suit led and the card
    winning the trick (``None`` before the lead), or ``None`` when it may be played."""
    if not isinstance(card, int) or not 0 <= card < DECK_SIZE:
        raise InvalidCardError(f"not a card: {card!r} (a card is an int 0-39)")
    if not hand >> card & 1:
        return Reason.NOT_IN_HAND
    if led_and_best is None:
        return None
    led, best = led_and_best
    if legal_given(hand, led, best, trump, rules) >> card & 1:
        return None
    if hand & SUIT_MASKS[led]:
        return Reason.MUST_FOLLOW_SUIT if suit_of(card) != led else Reason.MUST_BEAT
    # Without the suit led, a trump is due: over a trump in the trick (which then wins it),
    # a higher one.
    return Reason.MUST_OVERTRUMP if suit_of(best) == trump else Reason.MUST_TRUMP


def legal_cards(
    hand: Iterable[Card], trick: Sequence[Card], trump: Suit, rules: Rules = HOUSE_RULES
) -> list[Card]:
    """The cards of ``hand`` that may be played on ``trick``, in deck order."""
    return list(cards_in(legal_set(to_set(hand), trick, trump, rules)))


def refusal_reason(
    card: Card, hand: Iterable[Card], trick: Sequence[Card], trump: Suit, rules: Rules = HOUSE_RULES
) -> Reason | None:
    """Why ``card`` may not be played from ``hand`` on ``trick`` (``None``: it may)."""
    return refusal_of(card, to_set(hand), trick, trump, rules)


def duty_of(
    hand: Iterable[Card], trick: Sequence[Card], trump: Suit, rules: Rules = HOUSE_RULES
) -> Duty:
    """The rule that decides what ``hand`` may play on ``trick``."""
    if not trick:
        return Duty.LEAD
    best = trick[winning_index(trick, trump)]
    return duty_given(to_set(hand), trick[0] // 10, best, trump, rules)
