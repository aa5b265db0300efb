"""Find, read and verify the lesson files of a folder."""

from __future__ import annotations

import re
from dataclasses import replace
from pathlib import Path

from engine import Reason
from lesson_compiler.model import Lesson, Teacher
from lesson_compiler.play import build_nodes
from lesson_compiler.problems import Problem
from lesson_compiler.source import read_lesson, read_toml

_FILE_NAME = re.compile(r"^(?P<number>\d\d)-(?P<name>[a-z][a-z0-9-]*)\.toml$")


def relative(path: Path, root: Path) -> str:
    """The path as problems name it: relative to the project root when it is inside."""
    try:
        return path.relative_to(root).as_posix()
    except ValueError:
        return path.as_posix()


def load_lesson(file: Path, number: int, root: Path) -> tuple[Lesson | None, list[Problem]]:
    """Read one lesson file and play it through the engine."""
    path = relative(file, root)
    problems: list[Problem] = []
    try:
        text = file.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        return None, [Problem(path, "", f"cannot be read: {error}")]
    data = read_toml(text, path, problems)
    source = None if data is None else read_lesson(data, path, problems)
    if source is None:
        return None, problems
    name = _FILE_NAME.match(file.name)
    if name is not None and name["name"] != source.id:
        problems.append(Problem(path, "", f"id {source.id!r} differs from the file name"))
    nodes, found = build_nodes(source, path)
    problems += found
    if problems:
        return None, problems
    lesson = Lesson(
        id=source.id,
        number=number,
        path=path,
        title=source.title,
        summary=source.summary,
        recap=source.recap,
        learner=source.learner,
        face_up=source.face_up,
        dealer=source.dealer,
        trump_card=source.trump_card,
        steps=source.steps,
        nodes=tuple(nodes),
        teaches=source.teaches,
    )
    return lesson, []


def load_lessons(lessons_dir: Path, root: Path) -> tuple[list[Lesson], list[Problem]]:
    """Every ``NN-name.toml`` of ``lessons_dir``, sorted by number and verified; all problems."""
    lessons: list[Lesson] = []
    problems: list[Problem] = []
    numbered: dict[int, str] = {}
    for file in sorted(lessons_dir.glob("*.toml")):
        path = relative(file, root)
        name = _FILE_NAME.match(file.name)
        if name is None:
            problems.append(
                Problem(path, "", "a lesson file is named NN-id.toml, e.g. 04-follow.toml")
            )
            continue
        number = int(name["number"])
        if number in numbered:
            problems.append(
                Problem(path, "", f"lesson number {number} is taken by {numbered[number]}")
            )
            continue
        numbered[number] = path
        lesson, found = load_lesson(file, number, root)
        problems += found
        if lesson is not None:
            lessons.append(lesson)
    if problems:
        return lessons, problems
    return _link_teachers(lessons)


def _link_teachers(lessons: list[Lesson]) -> tuple[list[Lesson], list[Problem]]:
    """Find the lesson that teaches each refusal reason; a lesson refusing with a reason a
    later lesson teaches learns that lesson. Every reason used must be taught, once."""
    problems: list[Problem] = []
    teachers: dict[Reason, Lesson] = {}
    for lesson in lessons:
        for reason in lesson.teaches:
            if reason in teachers:
                first = teachers[reason].path
                problems.append(Problem(lesson.path, "teaches", f"{reason} is taught by {first}"))
            else:
                teachers[reason] = lesson
    linked = []
    for lesson in lessons:
        later: dict[Reason, Teacher] = {}
        for reason in sorted(lesson.reasons):
            teacher = teachers.get(reason)
            if teacher is None:
                step = min(n.step for n in lesson.nodes if reason in n.refusals.values()) + 1
                problems.append(
                    Problem(
                        lesson.path,
                        f"step {step}",
                        f"a card is refused for {reason}, which no lesson teaches "
                        "(name it in the 'teaches' of the lesson that explains it)",
                    )
                )
            elif teacher.number > lesson.number:
                later[reason] = Teacher(teacher.number, teacher.id, teacher.title)
        linked.append(replace(lesson, taught_later=later))
    return linked, problems
