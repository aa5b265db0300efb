"""The lesson's main line, for readers without JavaScript: the path the engine's nodes take
when the learner plays the first accepted card each time, told in one language."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine import Card, card_code
from lesson_compiler.compile import Prepared
from lesson_compiler.model import Branch, Lesson, Node


@dataclass(frozen=True)
class WalkStep:
    """One node of the main line, as the lesson page lists it."""

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


def walkthrough(prepared: Prepared, data: dict[str, Any]) -> tuple[WalkStep, ...]:
    """The main line in the language of `data`, the lesson's compiled data (`localize`),
    whose narrations and announcements it reads rather than translating them again."""
    numbers = {event: index for index, (event, _) in enumerate(prepared.events)}
    steps = []
    for node, card, outcome in main_line(prepared.lesson):
        texts = tuple(data["events"][numbers[event]]["text"] for event in outcome.events)
        steps.append(
            WalkStep(
                say=data["steps"][node.step]["say"],
                trick=tuple(card_code(c) for c in node.state.trick),
                card=None if card is None else card_code(card),
                # A play's first event announces the learner's own card, shown beside it.
                play=texts[0] if card is not None else None,
                events=texts[1:] if card is not None else texts,
            )
        )
    return tuple(steps)
