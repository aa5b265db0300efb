"""Read a lesson file into typed values; every problem names the file and the step.

Only the shape is checked here (keys, types, card codes); whether the cards may be
played is the engine's question, asked in :mod:`lesson_compiler.play`.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Literal, TypeVar

from engine import SUIT_LETTERS, Card, Reason, TuteError, parse_card
from lesson_compiler.claims import Claim, ClaimError, parse_claim
from lesson_compiler.problems import Problem

T = TypeVar("T")

Accept = tuple[Card, ...] | Literal["any", "winning"]
"""The cards a play step accepts: listed cards, any legal card, or a card that wins."""

TEXT_KEYS = ("title", "summary", "say", "hint")
"""The keys whose values are English message ids of the ``lessons`` domain."""

_LESSON_KEYS = {
    "id",
    "title",
    "summary",
    "recap",
    "learner",
    "face_up",
    "dealer",
    "trump_card",
    "hands",
    "before",
    "teaches",
    "step",
}
_STEP_KEYS = {
    "say",
    "play",
    "continue",
    "hint",
    "try",
    "replies",
    "expect",
    "deal",
    "claims",
    "explains",
}
_EXPECT_KEYS = {
    "legal",
    "refusal",
    "trick_winner",
    "trick_points",
    "cants",
    "tute",
    "points",
    "hand_winner",
}
TEACHABLE = tuple(r for r in Reason if r not in (Reason.NOT_IN_HAND, Reason.HAND_OVER))
"""The refusal reasons a lesson can teach: the rules that forbid a card in the hand."""
_TOML_LINE = re.compile(r"^(?P<what>.*) \(at line (?P<line>\d+), column (?P<column>\d+)\)$")


@dataclass(frozen=True)
class Expect:
    """Claims about one step that the engine must confirm (``None``: not claimed)."""

    legal: tuple[Card, ...] | None = None
    refusal: Reason | None = None
    trick_winner: int | None = None
    trick_points: int | None = None
    cants: tuple[tuple[int, int, int], ...] | None = None
    """Each cant sung during the step as (seat, suit, points), in order."""
    tute: tuple[int, str] | None = None
    points: tuple[int, int] | None = None
    hand_winner: int | None = None


@dataclass(frozen=True)
class NewHand:
    """A fresh hand dealt at a continue step: by the next dealer, who shows a trump card of
    the lesson's trump suit."""

    dealer: int
    """The new dealer: the seat the engine's match names after the previous dealer."""
    trump_card: Card
    """The new dealer's last card, shown to all: it sets trump for the new hand."""
    hands: tuple[tuple[Card, ...], ...]
    before: tuple[Card, ...]


@dataclass(frozen=True)
class Step:
    """One step: a narration and one action, ``play`` (accepted cards) or continue."""

    number: int
    say: str
    accept: Accept | None
    """``None`` for a continue step."""
    hint: str | None
    try_card: Card | None
    replies: tuple[Card, ...]
    replies_for: dict[Card, tuple[Card, ...]] = field(default_factory=dict)
    """Replies per accepted card, when they differ; else ``replies`` serve every card."""
    expect: Expect = Expect()
    deal: NewHand | None = None
    """For a continue step: the lesson goes on with a new hand (before the replies)."""
    claims: tuple[Claim, ...] = ()
    """The facts the step's words rely on, checked where the step begins."""
    explains: tuple[str, ...] = ()
    """Glossary terms this step's words use before the lesson that introduces them,
    explaining each where they use it (`explains` in the file)."""


@dataclass(frozen=True)
class LessonSource:
    """A lesson file as read, before the engine has played it."""

    id: str
    title: str
    summary: str
    recap: tuple[Card, ...]
    """Cards shown with the summary on the completion screen: the rule in pictures."""
    learner: int
    face_up: tuple[int, ...]
    dealer: int
    trump_card: Card
    hands: tuple[tuple[Card, ...], ...]
    before: tuple[Card, ...]
    steps: tuple[Step, ...]
    teaches: tuple[Reason, ...] = ()
    """The refusal reasons this lesson introduces (`teaches` in the file)."""


def read_toml(text: str, path: str, problems: list[Problem]) -> dict[str, Any] | None:
    """Parse TOML, reporting a syntax error with its line instead of raising."""
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        found = _TOML_LINE.match(str(error))
        if found is None:
            problems.append(Problem(path, "", f"invalid TOML: {error}"))
        else:
            message = f"invalid TOML: {found['what']} (column {found['column']})"
            problems.append(Problem(path, f"line {found['line']}", message))
        return None


class Reader:
    """Typed access to parsed TOML that records problems instead of raising."""

    def __init__(self, path: str, problems: list[Problem]) -> None:
        self.path = path
        self.problems = problems

    def fail(self, where: str, message: str) -> None:
        """Record a problem."""
        self.problems.append(Problem(self.path, where, message))

    def keys(self, table: dict[str, Any], allowed: set[str], where: str, what: str) -> None:
        """Report every key of ``table`` that is not in ``allowed``: typos must not pass."""
        for key in table:
            if key not in allowed:
                expected = ", ".join(sorted(allowed))
                self.fail(where, f"unknown key {key!r} in {what} (expected one of: {expected})")

    def get(
        self,
        table: dict[str, Any],
        key: str,
        where: str,
        convert: Callable[[Any, str], T | None],
        required: bool = True,
    ) -> T | None:
        """The converted value of ``key``; ``None`` (and a problem if required) when absent."""
        if key not in table:
            if required:
                self.fail(where, f"missing key {key!r}")
            return None
        return convert(table[key], key)

    def text(self, value: Any, what: str, where: str) -> str | None:
        """A non-empty string."""
        if isinstance(value, str) and value.strip():
            return value
        self.fail(where, f"{what} must be a non-empty string, not {value!r}")
        return None

    def seat(self, value: Any, what: str, where: str) -> int | None:
        """A seat number 0-3."""
        if isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= 3:
            return value
        self.fail(where, f"{what} must be a seat 0-3, not {value!r}")
        return None

    def number(self, value: Any, what: str, where: str) -> int | None:
        """A whole number of zero or more."""
        if isinstance(value, int) and not isinstance(value, bool) and value >= 0:
            return value
        self.fail(where, f"{what} must be a whole number, not {value!r}")
        return None

    def card(self, value: Any, what: str, where: str) -> Card | None:
        """A card code such as ``"12b"``."""
        try:
            return parse_card(value)
        except TuteError as error:
            self.fail(where, f"{what}: {error}")
            return None

    def suit(self, value: Any, what: str, where: str) -> int | None:
        """A suit letter."""
        if isinstance(value, str) and len(value) == 1 and value in SUIT_LETTERS:
            return SUIT_LETTERS.index(value)
        self.fail(where, f"{what} must be a suit letter (o, c, e, b), not {value!r}")
        return None

    def items(
        self, value: Any, what: str, where: str, item: Callable[[Any, str, str], T | None]
    ) -> tuple[T, ...] | None:
        """A list whose every item converts; ``None`` if it is not a list or an item fails."""
        if not isinstance(value, list):
            self.fail(where, f"{what} must be a list, not {value!r}")
            return None
        converted = [item(v, what, where) for v in value]
        if any(v is None for v in converted):
            return None
        return tuple(v for v in converted if v is not None)

    def cards(self, value: Any, what: str, where: str) -> tuple[Card, ...] | None:
        """A list of card codes."""
        return self.items(value, what, where, self.card)

    def claim(self, value: Any, what: str, where: str) -> Claim | None:
        """A fact name, or ``name:argument`` (see :mod:`lesson_compiler.claims`)."""
        try:
            return parse_claim(value)
        except ClaimError as error:
            self.fail(where, f"{what}: {error}")
            return None

    def claims(self, value: Any, what: str, where: str) -> tuple[Claim, ...] | None:
        """A list of claims."""
        return self.items(value, what, where, self.claim)


def read_lesson(data: dict[str, Any], path: str, problems: list[Problem]) -> LessonSource | None:
    """The lesson in ``data`` (parsed TOML), or ``None`` when its shape is wrong."""
    before = len(problems)
    r = Reader(path, problems)
    r.keys(data, _LESSON_KEYS, "", "the lesson")

    def top(key: str, convert: Callable[[Any, str, str], T | None], required: bool = True) -> Any:
        return r.get(data, key, "", lambda v, k: convert(v, k, ""), required)

    lesson_id = top("id", r.text)
    title = top("title", r.text)
    summary = top("summary", r.text)
    recap = top("recap", r.cards, required=False)
    learner = top("learner", r.seat)
    face_up = top("face_up", lambda v, k, w: r.items(v, k, w, r.seat), required=False)
    dealer = top("dealer", r.seat)
    trump_card = top("trump_card", r.card)
    hands = top("hands", lambda v, k, w: r.items(v, k, w, r.cards))
    before_plays = top("before", r.cards, required=False)
    teaches = top("teaches", lambda v, k, w: r.items(v, k, w, _taught(r)), required=False)
    if hands is not None and len(hands) != 4:
        r.fail("", f"hands must hold 4 hands (seats 0-3), not {len(hands)}")
    raw_steps = data.get("step")
    if not isinstance(raw_steps, list) or not raw_steps:
        r.fail("", "a lesson needs at least one [[step]]")
        raw_steps = []
    steps = tuple(_read_step(r, raw, i + 1) for i, raw in enumerate(raw_steps))
    if len(problems) > before:
        return None
    return LessonSource(
        id=lesson_id,
        title=title,
        summary=summary,
        recap=recap or (),
        learner=learner,
        face_up=face_up or (),
        dealer=dealer,
        trump_card=trump_card,
        hands=hands,
        before=before_plays or (),
        steps=tuple(s for s in steps if s is not None),
        teaches=teaches or (),
    )


def _read_step(r: Reader, raw: Any, number: int) -> Step | None:
    where = f"step {number}"
    if not isinstance(raw, dict):
        r.fail(where, "a step must be a table")
        return None
    r.keys(raw, _STEP_KEYS, where, "a step")
    say = r.get(raw, "say", where, lambda v, k: r.text(v, k, where))
    accept: Accept | None = r.get(
        raw, "play", where, lambda v, k: _accept(r, v, where), required=False
    )
    goes_on = raw.get("continue")
    if "play" in raw and "continue" in raw:
        r.fail(where, "a step has one action: 'play' or 'continue = true', not both")
    elif "play" not in raw and goes_on is not True:
        r.fail(where, "a step needs an action: 'play = [...]' or 'continue = true'")
    hint = r.get(raw, "hint", where, lambda v, k: r.text(v, k, where), required=False)
    try_card = r.get(raw, "try", where, lambda v, k: r.card(v, k, where), required=False)
    if "play" not in raw and (hint is not None or try_card is not None):
        r.fail(where, "'hint' and 'try' belong to a 'play' step")
    replies: tuple[Card, ...] = ()
    replies_for: dict[Card, tuple[Card, ...]] = {}
    raw_replies = raw.get("replies", [])
    if isinstance(raw_replies, dict):
        for code, plays in raw_replies.items():
            card = r.card(code, "replies key", where)
            cards = r.cards(plays, f"replies for {code}", where)
            if card is not None and cards is not None:
                replies_for[card] = cards
        if "play" not in raw:
            r.fail(where, "replies per card belong to a 'play' step")
    else:
        replies = r.cards(raw_replies, "replies", where) or ()
    deal = _read_deal(r, raw.get("deal"), where)
    if deal is not None and "play" in raw:
        r.fail(where, "a new 'deal' belongs to a continue step")
    claims = r.get(raw, "claims", where, lambda v, k: r.claims(v, k, where), required=False)
    explains = r.get(raw, "explains", where, lambda v, k: _terms(r, v, where), required=False)
    expect = raw.get("expect", {})
    if not isinstance(expect, dict):
        r.fail(where, "'expect' must be a table")
        expect = {}
    if say is None:
        return None
    return Step(
        number=number,
        say=say,
        accept=accept,
        hint=hint,
        try_card=try_card,
        replies=replies,
        replies_for=replies_for,
        expect=_read_expect(r, expect, where),
        deal=deal,
        claims=claims or (),
        explains=explains or (),
    )


def _terms(r: Reader, value: Any, where: str) -> tuple[str, ...] | None:
    """Glossary term names (`ruff`), which the step's words explain where they use them."""
    if isinstance(value, list) and value and all(isinstance(v, str) and v for v in value):
        return tuple(value)
    r.fail(where, f"explains must be a list of glossary term names, not {value!r}")
    return None


def _read_deal(r: Reader, raw: Any, where: str) -> NewHand | None:
    if raw is None:
        return None
    if not isinstance(raw, dict):
        r.fail(
            where,
            "'deal' must be a table with 'dealer', 'trump_card', 'hands' and, optionally, 'before'",
        )
        return None
    r.keys(raw, {"dealer", "trump_card", "hands", "before"}, where, "deal")
    dealer = r.get(raw, "dealer", where, lambda v, k: r.seat(v, "deal.dealer", where))
    trump_card = r.get(raw, "trump_card", where, lambda v, k: r.card(v, "deal.trump_card", where))
    hands = r.get(raw, "hands", where, lambda v, k: r.items(v, "deal.hands", where, r.cards))
    before = r.get(raw, "before", where, lambda v, k: r.cards(v, "deal.before", where), False)
    if hands is None or dealer is None or trump_card is None:
        return None
    if len(hands) != 4:
        r.fail(where, f"deal.hands must hold 4 hands (seats 0-3), not {len(hands)}")
        return None
    return NewHand(dealer, trump_card, hands, before or ())


def _accept(r: Reader, value: Any, where: str) -> Accept | None:
    if value in ("any", "winning"):
        return "any" if value == "any" else "winning"
    if isinstance(value, str):
        value = [value]
    cards = r.cards(value, "play", where)
    if cards == ():
        r.fail(where, 'play must name at least one card, or be "any" or "winning"')
    return cards or None


def _read_expect(r: Reader, table: dict[str, Any], where: str) -> Expect:
    r.keys(table, _EXPECT_KEYS, where, "expect")

    def claim(key: str, convert: Callable[[Any, str, str], T | None]) -> T | None:
        return r.get(table, key, where, lambda v, k: convert(v, f"expect.{k}", where), False)

    return Expect(
        legal=claim("legal", r.cards),
        refusal=claim("refusal", lambda v, k, w: _reason(r, v, k, w)),
        trick_winner=claim("trick_winner", r.seat),
        trick_points=claim("trick_points", r.number),
        cants=claim("cants", lambda v, k, w: r.items(v, k, w, lambda c, k2, w2: _cant(r, c, w2))),
        tute=claim("tute", lambda v, k, w: _tute(r, v, w)),
        points=claim("points", lambda v, k, w: _pair(r, v, k, w)),
        hand_winner=claim("hand_winner", _team(r)),
    )


def _reason(r: Reader, value: Any, what: str, where: str) -> Reason | None:
    try:
        return Reason(value)
    except ValueError:
        names = ", ".join(reason.value for reason in Reason)
        r.fail(where, f"{what} must be one of {names}, not {value!r}")
        return None


def _taught(r: Reader) -> Callable[[Any, str, str], Reason | None]:
    def taught(value: Any, what: str, where: str) -> Reason | None:
        if value in TEACHABLE:
            return Reason(value)
        names = ", ".join(TEACHABLE)
        r.fail(where, f"{what}: unknown refusal reason {value!r} (expected one of: {names})")
        return None

    return taught


def _cant(r: Reader, value: Any, where: str) -> tuple[int, int, int] | None:
    if not isinstance(value, dict):
        r.fail(where, f"a cant is a table {{ seat, suit, points }}, not {value!r}")
        return None
    r.keys(value, {"seat", "suit", "points"}, where, "a cant")
    seat = r.get(value, "seat", where, lambda v, k: r.seat(v, "cant seat", where))
    suit = r.get(value, "suit", where, lambda v, k: r.suit(v, "cant suit", where))
    points = r.get(value, "points", where, lambda v, k: r.number(v, "cant points", where))
    if seat is None or suit is None or points is None:
        return None
    return seat, suit, points


def _tute(r: Reader, value: Any, where: str) -> tuple[int, str] | None:
    if not isinstance(value, dict):
        r.fail(where, f"expect.tute is a table {{ seat, kind }}, not {value!r}")
        return None
    r.keys(value, {"seat", "kind"}, where, "expect.tute")
    seat = r.get(value, "seat", where, lambda v, k: r.seat(v, "tute seat", where))
    kind = value.get("kind")
    if kind not in ("kings", "horses"):
        r.fail(where, f'expect.tute kind must be "kings" or "horses", not {kind!r}')
        return None
    return None if seat is None else (seat, kind)


def _pair(r: Reader, value: Any, what: str, where: str) -> tuple[int, int] | None:
    numbers = r.items(value, what, where, r.number)
    if numbers is not None and len(numbers) != 2:
        r.fail(where, f"{what} must hold two numbers, one per team, not {len(numbers)}")
        return None
    return None if numbers is None else (numbers[0], numbers[1])


def _team(r: Reader) -> Callable[[Any, str, str], int | None]:
    def team(value: Any, what: str, where: str) -> int | None:
        if value in (0, 1) and not isinstance(value, bool):
            return int(value)
        r.fail(where, f"{what} must be a team, 0 or 1, not {value!r}")
        return None

    return team
