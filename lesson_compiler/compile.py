"""Turn a verified lesson into the widget's data in one language (docs/formats.md)."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from engine import LAST_TRICK_BONUS, SUIT_LETTERS, Card, Reason, card_code, parse_card, suit_of
from lesson_compiler.model import (
    Branch,
    CantEvent,
    DealEvent,
    HandOverEvent,
    Lesson,
    LessonEvent,
    Node,
    PlayEvent,
    State,
    TrickEvent,
    TuteEvent,
)
from lesson_compiler.names import card_name, event_text, refusal_message, suit_name, the_card
from lesson_compiler.problems import Messages
from lesson_compiler.source import Step
from lesson_compiler.walkthrough import LineStep, line_steps


def card_names(codes: Iterable[str], game: Messages) -> dict[str, str]:
    """The localized names of these cards, by code, in the order given."""
    return {code: card_name(code, game) for code in codes}


def the_card_names(codes: Iterable[str], game: Messages) -> dict[str, str]:
    """The same names with their article, to say inside a sentence, by code."""
    return {code: the_card(parse_card(code), game) for code in codes}


def suit_names(game: Messages) -> dict[str, str]:
    """The localized name of every suit, by letter."""
    return {letter: suit_name(letter, game) for letter in SUIT_LETTERS}


class _Compiler:
    """Works out, once per lesson, the widget data that no language changes."""

    def __init__(self, lesson: Lesson) -> None:
        self.lesson = lesson
        self.visible = {lesson.learner, *lesson.face_up}
        self.shown: set[Card] = {lesson.trump_card, *lesson.recap}
        """The cards the learner can see at some moment: only those need a name."""
        self.refusals: dict[tuple[Reason, tuple[Card, ...]], int] = {}
        """Each distinct refusal once; nodes name them by index, since a step repeats them
        for every card and every branch."""
        self.events: dict[LessonEvent, int] = {}
        """Each distinct event once; outcomes name them by index, since branches that differ
        only in an earlier card repeat the same plays, tricks and announcements."""

    def state(self, state: State) -> dict[str, Any]:
        for seat in self.visible:
            self.shown.update(state.hands[seat])
        self.shown.update(state.trick)
        data: dict[str, Any] = {
            "hands": [
                [card_code(c) for c in hand] if seat in self.visible else []
                for seat, hand in enumerate(state.hands)
            ],
            "trick": {"leader": state.leader, "cards": [card_code(c) for c in state.trick]},
            "tricks_won": list(state.tricks_won),
            "points": list(state.points),
            "turn": state.turn,
        }
        if state.last is not None:
            leader, cards, winner = state.last
            self.shown.update(cards)
            data["last"] = {
                "leader": leader,
                "cards": [card_code(c) for c in cards],
                "winner": winner,
            }
        if state.trump_played:
            data["trump_played"] = True
        return data

    def event(self, event: LessonEvent) -> int:
        """The index of an event in `events`; its data is made by `event_data`."""
        if isinstance(event, PlayEvent):
            self.shown.add(event.card)
        elif isinstance(event, DealEvent):
            self.shown.add(event.trump_card)
            self.state(event.state)
        elif isinstance(event, TrickEvent):
            self.shown.update(event.cards)
        return self.events.setdefault(event, len(self.events))

    def branch(self, branch: Branch) -> dict[str, Any]:
        """An outcome: its events and next node. Its position follows from the events, even
        where the lesson ends (`Prepared.ends`), so the widget restores it."""
        return {"events": [self.event(e) for e in branch.events], "next": branch.next}

    def reason(self, reason: Reason, trick: Sequence[Card]) -> int:
        """The index of a refusal in `refusals`."""
        return self.refusals.setdefault((reason, tuple(trick)), len(self.refusals))

    def node(self, node: Node, first: bool) -> dict[str, Any]:
        """A node; only the first holds its position, since the widget follows the events
        from there (each node's position is in `Prepared.states`)."""
        state = self.state(node.state)
        data: dict[str, Any] = {"step": node.step, "state": state} if first else {"step": node.step}
        if node.goes_on is not None:
            data["action"] = "continue"
            data["continue"] = self.branch(node.goes_on)
            return data
        trick = node.state.trick
        data["action"] = "play"
        data["legal"] = [card_code(c) for c in node.legal]
        data["accept"] = [card_code(c) for c in node.accept]
        data["refusals"] = {
            card_code(card): self.reason(reason, trick) for card, reason in node.refusals.items()
        }
        data["outcomes"] = {card_code(c): self.branch(b) for c, b in node.outcomes.items()}
        return data


def event_data(event: LessonEvent, state: Callable[[State], dict[str, Any]]) -> dict[str, Any]:
    """An event as the widget reads it, but for its words; ``state`` writes a position."""
    if isinstance(event, DealEvent):
        card = event.trump_card
        return {
            "type": "deal",
            "dealer": event.dealer,
            "trump_card": card_code(card),
            "state": state(event.state),
        }
    if isinstance(event, PlayEvent):
        return {"type": "play", "seat": event.seat, "card": card_code(event.card)}
    if isinstance(event, TrickEvent):
        cards = [card_code(c) for c in event.cards]
        data = {"type": "trick", "winner": event.winner, "cards": cards, "points": event.points}
        return {**data, "bonus": LAST_TRICK_BONUS} if event.last else data
    if isinstance(event, CantEvent):
        suit = SUIT_LETTERS[event.suit]
        return {"type": "cant", "seat": event.seat, "suit": suit, "points": event.points}
    if isinstance(event, TuteEvent):
        return {"type": "tute", "seat": event.seat, "kind": event.kind}
    assert isinstance(event, HandOverEvent)
    return {
        "type": "hand_over",
        "winner": event.winner,
        "points": list(event.points),
        "reason": event.reason,
    }


@dataclass(frozen=True)
class Prepared:
    """A lesson's widget data but for its words: worked out once, then told in each language.

    The engine's verdicts do not depend on the language, so `prepare` walks the nodes once
    and `localize` only adds texts; languages share `nodes` whenever they can.
    """

    lesson: Lesson
    nodes: list[dict[str, Any]]
    """The nodes of the compiled data; a node's `refusals` index `refusals` here."""
    states: list[dict[str, Any]]
    """Each node's position as the widget draws it: the data holds only the first's."""
    ends: dict[tuple[int, str | None], dict[str, Any]]
    """The position each outcome that ends the lesson leaves, by node index and card
    (``None`` for Continue): the widget restores these too."""
    refusals: list[tuple[Reason, tuple[Card, ...]]]
    """Each distinct refusal once: the rule, and the trick it was refused on."""
    events: list[tuple[LessonEvent, dict[str, Any]]]
    """Each distinct event once, with its data but for its text."""
    shown: tuple[str, ...]
    """Codes of the cards the learner sees at some moment, in deck order: only those are named."""
    line: tuple[LineStep, ...]
    """The main line that the page tells for readers without JavaScript (`walkthrough`)."""


def prepare(lesson: Lesson) -> Prepared:
    """The language-neutral part of the compiled data of a verified lesson."""
    c = _Compiler(lesson)
    nodes = [c.node(n, i == 0) for i, n in enumerate(lesson.nodes)]
    states = [c.state(n.state) for n in lesson.nodes]
    ends = {
        (index, code): c.state(branch.state)
        for index, node in enumerate(lesson.nodes)
        for code, branch in _outcomes(node)
        if branch.next is None
    }
    events = [(event, event_data(event, c.state)) for event in c.events]
    shown = tuple(card_code(card) for card in sorted(c.shown))
    line = line_steps(lesson, c.events)
    return Prepared(lesson, nodes, states, ends, list(c.refusals), events, shown, line)


def _outcomes(node: Node) -> list[tuple[str | None, Branch]]:
    """A node's outcomes by the card that leads to each (``None``: Continue)."""
    if node.goes_on is not None:
        return [(None, node.goes_on)]
    return [(card_code(card), branch) for card, branch in node.outcomes.items()]


def localize(prepared: Prepared, lang: str, lessons: Messages, game: Messages) -> dict[str, Any]:
    """The "Compiled lesson data" object of docs/formats.md, in language ``lang``."""
    lesson = prepared.lesson
    trump = suit_of(lesson.trump_card)

    def text(msgid: str) -> str:
        """A lesson text: its context is the lesson id, so each lesson is translated apart."""
        return lessons.pgettext(lesson.id, msgid)

    # Two refusals that read the same in this language are one entry, as the widget has
    # always received them; nodes are only copied when that changes their indices.
    def message(reason: Reason, trick: Sequence[Card]) -> str:
        """A refusal's words; a rule a later lesson teaches is said plainly, naming it."""
        teacher = lesson.taught_later.get(reason)
        taught_in = None
        if teacher is not None:
            taught_in = (teacher.number, lessons.pgettext(teacher.id, teacher.title))
        return refusal_message(reason, trick, trump, game, taught_in)

    reasons: list[dict[str, Any]] = []
    where = [
        _index(reasons, {"reason": str(r), "message": message(r, trick)})
        for r, trick in prepared.refusals
    ]
    nodes = prepared.nodes
    if where != list(range(len(where))):
        nodes = [_renumbered(node, where) for node in nodes]
    return {
        "id": lesson.id,
        "lang": lang,
        "title": text(lesson.title),
        "summary": text(lesson.summary),
        "recap": [card_code(card) for card in lesson.recap],
        "learner": lesson.learner,
        "face_up": list(lesson.face_up),
        "dealer": lesson.dealer,
        "trump": SUIT_LETTERS[trump],
        "trump_card": card_code(lesson.trump_card),
        "steps": [_step(step, text) for step in lesson.steps],
        "start": 0,
        "cards": card_names(prepared.shown, game),
        "suits": suit_names(game),
        "reasons": reasons,
        # A new deal is told by the narration of its step, and the widget says it is dealt.
        "events": [
            data
            if isinstance(event, DealEvent)
            else {**data, "text": event_text(event, lesson.learner, game)}
            for event, data in prepared.events
        ],
        "nodes": nodes,
    }


def compile_lesson(lesson: Lesson, lang: str, lessons: Messages, game: Messages) -> dict[str, Any]:
    """The "Compiled lesson data" object of docs/formats.md, in language ``lang``."""
    return localize(prepare(lesson), lang, lessons, game)


def _step(step: Step, text: Callable[[str], str]) -> dict[str, str]:
    """A step's words, shared by every node of the step."""
    data = {"say": text(step.say)}
    if step.hint is not None:
        data["hint"] = text(step.hint)
    return data


def _renumbered(node: dict[str, Any], where: list[int]) -> dict[str, Any]:
    """A copy of a play node whose refusals index this language's reasons."""
    if "refusals" not in node:
        return node
    return {**node, "refusals": {card: where[i] for card, i in node["refusals"].items()}}


def _index(table: list[dict[str, Any]], entry: dict[str, Any]) -> int:
    """The index of `entry` in `table`, appended the first time it is met."""
    if entry not in table:
        table.append(entry)
    return table.index(entry)
