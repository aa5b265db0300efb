"""Find, read and verify the lesson files of a folder."""

from __future__ import annotations

import re
from pathlib import Path

from lesson_compiler.model import Lesson
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
    return lessons, problems
