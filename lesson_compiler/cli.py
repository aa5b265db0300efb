"""``python -m lesson_compiler check`` and ``dump ID LANG``: the authors' commands."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from pathlib import Path

from lesson_compiler.catalogs import LANGUAGES, check_translations, read_catalog, translations
from lesson_compiler.compile import compile_lesson
from lesson_compiler.lessons import load_lessons
from lesson_compiler.model import Lesson
from lesson_compiler.problems import Problem

PROJECT_ROOT = Path(__file__).resolve().parent.parent


def _load(root: Path) -> tuple[list[Lesson], list[Problem]]:
    folder = root / "lessons"
    if not folder.is_dir():
        return [], [Problem("lessons", "", f"no lessons folder under {root}")]
    lessons, problems = load_lessons(folder, root)
    return lessons, problems + check_translations(root, lessons)


def check(root: Path) -> int:
    """Verify every lesson and its translations; print the problems, or a one-line summary."""
    lessons, problems = _load(root)
    for problem in problems:
        print(problem)
    if problems:
        print(f"{len(problems)} problem(s)", file=sys.stderr)
        return 1
    for lang in LANGUAGES:
        lessons_msgs = translations(read_catalog(root, lang, "lessons"))
        game_msgs = translations(read_catalog(root, lang, "game"))
        for lesson in lessons:
            compile_lesson(lesson, lang, lessons_msgs, game_msgs)
    nodes = sum(len(lesson.nodes) for lesson in lessons)
    languages = len(LANGUAGES)
    print(f"{len(lessons)} lessons verified ({nodes} positions), compiled in {languages} languages")
    return 0


def dump(root: Path, lesson_id: str, lang: str) -> int:
    """Print one lesson's compiled JSON in one language."""
    lessons, problems = _load(root)
    found = [lesson for lesson in lessons if lesson.id == lesson_id]
    if not found:
        for problem in problems:
            print(problem, file=sys.stderr)
        known = ", ".join(lesson.id for lesson in lessons) or "none"
        print(f"no verified lesson {lesson_id!r} (lessons: {known})", file=sys.stderr)
        return 1
    if lang not in LANGUAGES:
        print(f"unknown language {lang!r} (languages: {', '.join(LANGUAGES)})", file=sys.stderr)
        return 1
    data = compile_lesson(
        found[0],
        lang,
        translations(read_catalog(root, lang, "lessons")),
        translations(read_catalog(root, lang, "game")),
    )
    print(json.dumps(data, ensure_ascii=False, indent=1))
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; the exit status is 1 when there are problems."""
    parser = argparse.ArgumentParser(prog="python -m lesson_compiler")
    parser.add_argument("--root", type=Path, default=PROJECT_ROOT, help="the project root")
    commands = parser.add_subparsers(dest="command", required=True)
    commands.add_parser("check", help="verify every lesson and its translations")
    dumping = commands.add_parser("dump", help="print a lesson's compiled JSON")
    dumping.add_argument("lesson_id", metavar="ID")
    dumping.add_argument("lang", metavar="LANG")
    args = parser.parse_args(argv)
    if args.command == "check":
        return check(args.root)
    return dump(args.root, args.lesson_id, args.lang)
