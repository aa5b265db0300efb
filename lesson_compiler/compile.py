"""Turn a verified lesson into the widget's data in one language (docs/formats.md)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine import SUIT_LETTERS, Card, Reason, card_code, suit_of
from lesson_compiler.model import (
    Branch,
    CantEvent,
    Event,
    HandOverEvent,
    Lesson,
    Node,
    PlayEvent,
    State,
    TrickEvent,
    TuteEvent,
)
from lesson_compiler.names import card_name, event_text, refusal_message, suit_name
from lesson_compiler.problems import Messages
from lesson_compiler.source import Step


def card_names(cards: set[Card], game: Messages) -> dict[str, str]:
    """The localized names of these cards, by code, in deck order."""
    return {card_code(c): card_name(card_code(c), game) for c in sorted(cards)}


def suit_names(game: Messages) -> dict[str, str]:
    """The localized name of every suit, by letter."""
    return {letter: suit_name(letter, game) for letter in SUIT_LETTERS}


class _Compiler:
    """Localizes one lesson; holds what every node needs."""

    def __init__(self, lesson: Lesson, lessons: Messages, game: Messages) -> None:
        self.lesson = lesson
        self.lessons = lessons
        self.game = game
        self.visible = {lesson.learner, *lesson.face_up}
        self.trump = suit_of(lesson.trump_card)
        self.shown: set[Card] = {lesson.trump_card, *lesson.recap}
        """The cards the learner can see at some moment: only those need a name."""
        self.reasons: list[dict[str, Any]] = []
        """Each distinct refusal once; nodes name them by index, since a step repeats them
        for every card and every branch."""
        self.events: list[dict[str, Any]] = []
        """Each distinct event once; outcomes name them by index, since branches that differ
        only in an earlier card repeat the same plays, tricks and announcements."""

    def text(self, msgid: str) -> str:
        """A lesson text: its context is the lesson id, so each lesson is translated apart."""
        return self.lessons.pgettext(self.lesson.id, msgid)

    def state(self, state: State) -> dict[str, Any]:
        for seat in self.visible:
            self.shown.update(state.hands[seat])
        self.shown.update(state.trick)
        return {
            "hands": [
                [card_code(c) for c in hand] if seat in self.visible else []
                for seat, hand in enumerate(state.hands)
            ],
            "trick": {"leader": state.leader, "cards": [card_code(c) for c in state.trick]},
            "tricks_won": list(state.tricks_won),
            "points": list(state.points),
            "turn": state.turn,
        }

    def event(self, event: Event) -> dict[str, Any]:
        data: dict[str, Any]
        if isinstance(event, PlayEvent):
            self.shown.add(event.card)
            data = {"type": "play", "seat": event.seat, "card": card_code(event.card)}
        elif isinstance(event, TrickEvent):
            self.shown.update(event.cards)
            cards = [card_code(c) for c in event.cards]
            data = {"type": "trick", "winner": event.winner, "cards": cards, "points": event.points}
        elif isinstance(event, CantEvent):
            suit = SUIT_LETTERS[event.suit]
            data = {"type": "cant", "seat": event.seat, "suit": suit, "points": event.points}
        elif isinstance(event, TuteEvent):
            data = {"type": "tute", "seat": event.seat, "kind": event.kind}
        else:
            assert isinstance(event, HandOverEvent)
            data = {
                "type": "hand_over",
                "winner": event.winner,
                "points": list(event.points),
                "reason": event.reason,
            }
        data["text"] = event_text(event, self.lesson.learner, self.game)
        return data

    def branch(self, branch: Branch) -> dict[str, Any]:
        """An outcome; its position only where the lesson ends, since a next node holds it."""
        data: dict[str, Any] = {
            "events": [_index(self.events, self.event(e)) for e in branch.events]
        }
        if branch.next is None:
            data["state"] = self.state(branch.state)
        data["next"] = branch.next
        return data

    def step(self, step: Step) -> dict[str, str]:
        """A step's words, shared by every node of the step."""
        data = {"say": self.text(step.say)}
        if step.hint is not None:
            data["hint"] = self.text(step.hint)
        return data

    def reason(self, reason: Reason, trick: Sequence[Card]) -> int:
        """The index of a refusal in `reasons`."""
        refusal = {
            "reason": str(reason),
            "message": refusal_message(reason, trick, self.trump, self.game),
        }
        return _index(self.reasons, refusal)

    def node(self, node: Node) -> dict[str, Any]:
        data: dict[str, Any] = {"step": node.step, "state": self.state(node.state)}
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


def compile_lesson(lesson: Lesson, lang: str, lessons: Messages, game: Messages) -> dict[str, Any]:
    """The "Compiled lesson data" object of docs/formats.md, in language ``lang``."""
    c = _Compiler(lesson, lessons, game)
    nodes = [c.node(n) for n in lesson.nodes]
    return {
        "id": lesson.id,
        "lang": lang,
        "title": c.text(lesson.title),
        "summary": c.text(lesson.summary),
        "recap": [card_code(card) for card in lesson.recap],
        "learner": lesson.learner,
        "face_up": list(lesson.face_up),
        "dealer": lesson.dealer,
        "trump": SUIT_LETTERS[c.trump],
        "trump_card": card_code(lesson.trump_card),
        "steps": [c.step(step) for step in lesson.steps],
        "start": 0,
        "cards": card_names(c.shown, game),
        "suits": suit_names(game),
        "reasons": c.reasons,
        "events": c.events,
        "nodes": nodes,
    }


def _index(table: list[dict[str, Any]], entry: dict[str, Any]) -> int:
    """The index of `entry` in `table`, appended the first time it is met."""
    if entry not in table:
        table.append(entry)
    return table.index(entry)
