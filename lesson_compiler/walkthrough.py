"""The lesson's main line, for readers without JavaScript: the path the engine's nodes take
when the learner plays the first accepted card each time, told in one language."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, NamedTuple

from engine import Card, card_code
from lesson_compiler.model import Branch, Lesson, LessonEvent, Node

if TYPE_CHECKING:
    from lesson_compiler.compile import Prepared


class WalkStep(NamedTuple):
    """One node of the main line, as the lesson page lists it: a tuple, which the page's
    loop unpacks at once rather than looking each field up on every use."""

    step: int
    """The index of the lesson step whose narration is said."""
    say: str
    """The step's narration."""
    trick: tuple[str, ...]
    """Codes of the cards on the table before the learner acts."""
    card: str | None
    """The code of the card the learner plays; None at a continue node."""
    play: str | None
    """The announcement of that card, shown beside it; None at a continue node."""
    events: tuple[str, ...]
    """The announcements of what follows."""
    deal: tuple[str, tuple[str, ...], int] | None
    """A new deal among what follows: its trump card and the learner's new hand, as codes,
    and how many of `events` come before it."""


@dataclass(frozen=True)
class LineStep:
    """One node of the main line but for its words, which `walkthrough` reads in a language."""

    step: int
    """The index of the lesson step whose narration is said."""
    trick: tuple[str, ...]
    """Codes of the cards on the table before the learner acts."""
    card: str | None
    """The code of the card the learner plays; None at a continue node."""
    events: tuple[int, ...]
    """What follows, as indices in the compiled data's events."""


def main_line(lesson: Lesson) -> list[tuple[Node, Card | None, Branch]]:
    """Each node on the main line, with the learner's card (None: continue) and its outcome."""
    line = []
    index: int | None = 0 if lesson.nodes else None
    seen: set[int] = set()
    while index is not None and index not in seen:
        seen.add(index)
        node = lesson.nodes[index]
        if node.goes_on is None:
            card: Card | None = node.accept[0]
            outcome = node.outcomes[node.accept[0]]
        else:
            card, outcome = None, node.goes_on
        line.append((node, card, outcome))
        index = outcome.next
    return line


def line_steps(lesson: Lesson, events: Mapping[LessonEvent, int]) -> tuple[LineStep, ...]:
    """The main line in no language, worked out once a lesson; ``events`` numbers every
    event of the lesson as its compiled data lists them."""
    return tuple(
        LineStep(
            step=node.step,
            trick=tuple(card_code(c) for c in node.state.trick),
            card=None if card is None else card_code(card),
            events=tuple(events[event] for event in outcome.events),
        )
        for node, card, outcome in main_line(lesson)
    )


def walkthrough(prepared: Prepared, data: dict[str, Any]) -> tuple[WalkStep, ...]:
    """The main line in the language of `data`, the lesson's compiled data (`localize`),
    whose narrations and announcements it reads rather than translating them again."""
    steps, events = data["steps"], data["events"]
    walk = []
    for line in prepared.line:
        texts = tuple(events[index]["text"] for index in line.events if "text" in events[index])
        played = line.card is not None
        deal = None
        for index in line.events:
            event = events[index]
            if event["type"] == "deal":
                before = [i for i in line.events[: line.events.index(index)] if "text" in events[i]]
                hand = tuple(event["state"]["hands"][data["learner"]])
                deal = (event["trump_card"], hand, len(before) - (1 if played else 0))
        walk.append(
            WalkStep(
                step=line.step,
                say=steps[line.step]["say"],
                trick=line.trick,
                card=line.card,
                # A play's first event announces the learner's own card, shown beside it.
                play=texts[0] if played else None,
                events=texts[1:] if played else texts,
                deal=deal,
            )
        )
    return tuple(walk)
