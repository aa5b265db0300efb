"""The language-neutral result of playing a lesson through the engine.

A lesson becomes a small graph of nodes: one per step and position (accepted cards
branch, equal positions merge). Everything here is decided by the engine; the
compiler only adds words of a language.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from engine import Card, Reason
from lesson_compiler.source import Step


@dataclass(frozen=True)
class State:
    """A position as the widget draws it (all four hands; the compiler hides some)."""

    hands: tuple[tuple[Card, ...], ...]
    leader: int
    trick: tuple[Card, ...]
    tricks_won: tuple[int, int]
    points: tuple[int, int]
    turn: int | None
    dealer: int
    """Who dealt this hand, and the card the dealer showed: a lesson may deal a new hand."""
    trump_card: Card


@dataclass(frozen=True)
class PlayEvent:
    """A seat played a card."""

    seat: int
    card: Card


@dataclass(frozen=True)
class TrickEvent:
    """A trick was won; ``last`` when it is the tenth (les deu d'últimes)."""

    winner: int
    cards: tuple[Card, ...]
    points: int
    last: bool


@dataclass(frozen=True)
class CantEvent:
    """A seat sang les vint or les quaranta."""

    seat: int
    suit: int
    points: int


@dataclass(frozen=True)
class TuteEvent:
    """A seat sang tute: four reis or four cavalls."""

    seat: int
    kind: Literal["kings", "horses"]


@dataclass(frozen=True)
class HandOverEvent:
    """The hand ended: the winning team, the points per team and why."""

    winner: int
    points: tuple[int, int]
    reason: Literal["points", "last_trick", "tute"]


Event = PlayEvent | TrickEvent | CantEvent | TuteEvent | HandOverEvent


@dataclass(frozen=True)
class Branch:
    """What follows an action: the events in order, the position after them, the next node."""

    events: tuple[Event, ...]
    state: State
    next: int | None


@dataclass(frozen=True)
class Node:
    """One step in one position: a ``play`` node (``outcomes``) or a continue node."""

    step: int
    """The 0-based index of the lesson step."""
    state: State
    legal: tuple[Card, ...] = ()
    accept: tuple[Card, ...] = ()
    refusals: dict[Card, Reason] = field(default_factory=dict)
    outcomes: dict[Card, Branch] = field(default_factory=dict)
    goes_on: Branch | None = None


@dataclass(frozen=True)
class Teacher:
    """The lesson that teaches a rule: its number, id and title (an English message id)."""

    number: int
    id: str
    title: str


@dataclass(frozen=True)
class Lesson:
    """A parsed, engine-verified lesson, language-neutral (texts are English message ids)."""

    id: str
    number: int
    path: str
    title: str
    summary: str
    recap: tuple[Card, ...]
    """Cards shown with the summary when the lesson is complete."""
    learner: int
    face_up: tuple[int, ...]
    dealer: int
    trump_card: Card
    steps: tuple[Step, ...]
    nodes: tuple[Node, ...]
    teaches: tuple[Reason, ...] = ()
    """The refusal reasons this lesson introduces."""
    taught_later: dict[Reason, Teacher] = field(default_factory=dict)
    """Refusal reasons this lesson uses before the lessons reach them, with the lesson that
    teaches each: its refusals explain them in plain words and point to that lesson."""

    @property
    def reasons(self) -> set[Reason]:
        """Every reason this lesson's refusals give."""
        return {reason for node in self.nodes for reason in node.refusals.values()}

    @property
    def texts(self) -> list[str]:
        """Every message id of the lesson: title, summary, then each step's narration and hint."""
        texts = [self.title, self.summary]
        for step in self.steps:
            texts.append(step.say)
            if step.hint is not None:
                texts.append(step.hint)
        return texts
