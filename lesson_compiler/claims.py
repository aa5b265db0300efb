"""Claims: the facts a step's words rely on, each checked against the position by the engine.

A lesson step (or a rule example) that explains why a play is allowed, refused or bound to
lose names those facts; a false one fails the build saying what is true instead. Every fact
asks the engine (legal sets, refusal reasons, which card beats which, every way to finish
the trick, the next cant): nothing here restates a rule. The facts are in docs/formats.md.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass

from engine import (
    SUIT_LETTERS,
    Cant,
    Card,
    Game,
    Reason,
    Tute,
    beats,
    card_code,
    is_trumped,
    legal_cards,
    partner_of,
    refusal_reason,
    suit_of,
    team_of,
    winning_index,
)


class ClaimError(ValueError):
    """A claim that cannot be read, or cannot be asked of this position."""


@dataclass(frozen=True)
class Claim:
    """One fact a step relies on: a name from :data:`FACTS`, with an argument for some."""

    name: str
    argument: str | None = None

    def __str__(self) -> str:
        return self.name if self.argument is None else f"{self.name}:{self.argument}"


@dataclass(frozen=True)
class Position:
    """What claims are checked against, for the learner: their hand, the trick, trump.

    A lesson adds the whole hand in play (``game``) and the learner's seat, which the
    facts about seats, later plays and cants need; a rule example has neither.
    """

    hand: tuple[Card, ...]
    trick: tuple[Card, ...]
    trump: int
    game: Game | None = None
    learner: int = 0
    shown: tuple[Cant | Tute, ...] | None = None
    """On a continue step: the cants and tute the learner's team sings during the step."""


Check = Callable[[Position, str | None], str | None]
"""A fact's test: ``None`` when it holds, else what is true instead."""


@dataclass(frozen=True)
class Fact:
    """A fact name's test and, for a fact that takes one, the reader of its argument."""

    check: Check
    argument: Callable[[str], str] | None = None


def codes(cards: Iterable[Card]) -> str:
    """Cards as a readable list of codes."""
    return ", ".join(card_code(c) for c in cards) or "none"


def _led(p: Position) -> int:
    """The suit led; a claim about it needs a card on the table."""
    if not p.trick:
        raise ClaimError("needs a card on the table, but the learner leads this trick")
    return suit_of(p.trick[0])


def _winning(p: Position) -> Card:
    _led(p)
    return p.trick[winning_index(p.trick, p.trump)]


def _game(p: Position) -> Game:
    if p.game is None:
        raise ClaimError("needs the seats and hands of a lesson, which a rule example lacks")
    if p.game.is_over:
        raise ClaimError("is about a trick, but the hand is over")
    return p.game


def _legal(p: Position) -> list[Card]:
    """The learner's legal cards; only asked when the learner plays next."""
    if p.game is not None:
        turn = _game(p).turn
        if turn != p.learner:
            raise ClaimError(f"is about the learner's play, but seat {turn} plays next")
    return legal_cards(p.hand, p.trick, p.trump)


def _refusals(p: Position) -> dict[Card, Reason]:
    _legal(p)
    found = {c: refusal_reason(c, p.hand, p.trick, p.trump) for c in p.hand}
    return {c: r for c, r in found.items() if r is not None}


def _refused_text(refusals: dict[Card, Reason]) -> str:
    if not refusals:
        return "every card in the hand is legal"
    listed = ", ".join(f"{card_code(c)} ({r})" for c, r in refusals.items())
    return f"the engine refuses {listed}"


def _suit_led_held(p: Position) -> list[Card]:
    led = _led(p)
    return [c for c in p.hand if suit_of(c) == led]


def has_suit_led(p: Position, _: str | None) -> str | None:
    if _suit_led_held(p):
        return None
    return f"the learner holds no card of the suit led ({SUIT_LETTERS[_led(p)]})"


def no_suit_led(p: Position, _: str | None) -> str | None:
    held = _suit_led_held(p)
    return f"the learner holds {codes(held)} of the suit led" if held else None


def _trumps(p: Position) -> list[Card]:
    return [c for c in p.hand if suit_of(c) == p.trump]


def has_trump(p: Position, _: str | None) -> str | None:
    return None if _trumps(p) else f"the learner holds no trump ({SUIT_LETTERS[p.trump]})"


def no_trump(p: Position, _: str | None) -> str | None:
    held = _trumps(p)
    return f"the learner holds {codes(held)}" if held else None


def _beaters(p: Position) -> list[Card]:
    """The learner's legal cards that would take the lead of the trick."""
    winning = _winning(p)
    return [c for c in _legal(p) if beats(c, winning, p.trump)]


def can_beat(p: Position, _: str | None) -> str | None:
    if _beaters(p):
        return None
    return f"no legal card beats {card_code(_winning(p))} (legal: {codes(_legal(p))})"


def cannot_beat(p: Position, _: str | None) -> str | None:
    found = _beaters(p)
    return f"{codes(found)} would beat {card_code(_winning(p))}" if found else None


def trumped(p: Position, _: str | None) -> str | None:
    led = _led(p)
    if is_trumped(p.trick, p.trump):
        return None
    if led == p.trump:
        return "trump was led, so no card trumps the trick"
    return f"no trump is in the trick ({codes(p.trick)})"


def not_trumped(p: Position, _: str | None) -> str | None:
    led = _led(p)
    if not is_trumped(p.trick, p.trump):
        return None
    return f"{card_code(_winning(p))} trumps the trick led in {SUIT_LETTERS[led]}"


def _winner_text(p: Position) -> tuple[int, str]:
    """Who holds the winning card, relative to the learner: 0 self, 1 partner, 2 rival."""
    winning = _winning(p)
    seat = _game(p).winning_seat
    if seat == p.learner:
        return 0, f"the learner's own {card_code(winning)} is winning"
    if seat == partner_of(p.learner):
        return 1, f"the partner (seat {seat}) is winning with {card_code(winning)}"
    return 2, f"a rival (seat {seat}) is winning with {card_code(winning)}"


def partner_winning(p: Position, _: str | None) -> str | None:
    who, text = _winner_text(p)
    return None if who == 1 else text


def rival_winning(p: Position, _: str | None) -> str | None:
    who, text = _winner_text(p)
    return None if who == 2 else text


def any_card(p: Position, _: str | None) -> str | None:
    refusals = _refusals(p)
    return _refused_text(refusals) if refusals else None


def _duty(reason: Reason, *others: Reason) -> Check:
    """A ``must_*`` fact: the engine refuses a card for ``reason``, and only for it or
    ``others`` (muntar also refuses the other suits, for must_follow_suit)."""

    def check(p: Position, _: str | None) -> str | None:
        refusals = _refusals(p)
        reasons = set(refusals.values())
        if reason in reasons and reasons <= {reason, *others}:
            return None
        return _refused_text(refusals)

    return check


def _lines(p: Position) -> tuple[dict[int, tuple[Card, ...]], int]:
    """Every seat that can win the trick, with one way to finish it; the learner's team."""
    return _game(p).trick_winners(), team_of(p.learner)


def trick_lost(p: Position, _: str | None) -> str | None:
    winners, team = _lines(p)
    ours = [line for seat, line in sorted(winners.items()) if team_of(seat) == team]
    return f"the learner's team wins it if {codes(ours[0])} are played" if ours else None


def trick_won(p: Position, _: str | None) -> str | None:
    winners, team = _lines(p)
    theirs = [line for seat, line in sorted(winners.items()) if team_of(seat) != team]
    return f"the rivals win it if {codes(theirs[0])} are played" if theirs else None


def cant_word(sung: Cant | Tute | None, trump: int) -> str:
    """A cant as ``next_cant`` names it: ``forty``, ``twenty-<suit>``, ``tute`` or ``none``."""
    if sung is None:
        return "none"
    if isinstance(sung, Tute):
        return "tute"
    return "forty" if sung.suit == trump else f"twenty-{SUIT_LETTERS[sung.suit]}"


def next_cant(p: Position, argument: str | None) -> str | None:
    game = p.game
    if game is None:
        raise ClaimError("needs the seats and hands of a lesson, which a rule example lacks")
    team = team_of(p.learner)
    if p.shown is not None and any(team_of(s.seat) == team for s in p.shown):
        ours = [s for s in p.shown if team_of(s.seat) == team]
        word = cant_word(ours[0], p.trump)
        return None if word == argument else f"the cant shown is {word}"
    due = game.sung_if_won(p.learner)
    first = due if isinstance(due, Tute) else next(iter(due), None)
    word = cant_word(first, p.trump)
    return None if word == argument else f"the learner's team would sing {word} next"


def _cant_argument(text: str) -> str:
    if text in ("forty", "tute", "none"):
        return text
    if text.startswith("twenty-") and text[7:] in tuple(SUIT_LETTERS):
        return text
    raise ClaimError(
        f"next_cant:{text}: the cant is forty, twenty-<suit letter> (o, c, e, b), tute or none"
    )


FACTS: dict[str, Fact] = {
    "has_suit_led": Fact(has_suit_led),
    "no_suit_led": Fact(no_suit_led),
    "has_trump": Fact(has_trump),
    "no_trump": Fact(no_trump),
    "can_beat": Fact(can_beat),
    "cannot_beat": Fact(cannot_beat),
    "trumped": Fact(trumped),
    "not_trumped": Fact(not_trumped),
    "partner_winning": Fact(partner_winning),
    "rival_winning": Fact(rival_winning),
    "any_card": Fact(any_card),
    "must_follow": Fact(_duty(Reason.MUST_FOLLOW_SUIT)),
    "must_beat": Fact(_duty(Reason.MUST_BEAT, Reason.MUST_FOLLOW_SUIT)),
    "must_trump": Fact(_duty(Reason.MUST_TRUMP)),
    "must_overtrump": Fact(_duty(Reason.MUST_OVERTRUMP)),
    "trick_lost": Fact(trick_lost),
    "trick_won": Fact(trick_won),
    "next_cant": Fact(next_cant, _cant_argument),
}
"""Every fact a step may claim, by name: its test and, if it takes one, its argument."""


def parse_claim(value: object) -> Claim:
    """Read ``name`` or ``name:argument``; raise :class:`ClaimError` naming what is wrong."""
    if not isinstance(value, str):
        raise ClaimError(f"a claim is a fact name, not {value!r}")
    name, colon, argument = value.partition(":")
    fact = FACTS.get(name)
    if fact is None:
        known = ", ".join(sorted(FACTS))
        raise ClaimError(f"unknown fact {value!r} (expected one of: {known})")
    if fact.argument is None:
        if colon:
            raise ClaimError(f"{name} takes no argument, not {value!r}")
        return Claim(name)
    if not colon:
        raise ClaimError(f"{name} needs an argument, e.g. {name}:none")
    return Claim(name, fact.argument(argument))


def check_claim(claim: Claim, position: Position) -> str | None:
    """``None`` when the claim holds; else the problem, saying what is true instead."""
    try:
        actual = FACTS[claim.name].check(position, claim.argument)
    except ClaimError as error:
        return f'claim "{claim}" {error}'
    return None if actual is None else f'claim "{claim}" is false: {actual}'
