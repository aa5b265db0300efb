"""``python -m lesson_compiler check``, ``dump ID LANG`` and ``languages``: the authors'
commands (``languages`` prints the codes of locales/languages.toml for the Makefile)."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from pathlib import Path

from lesson_compiler.catalogs import CompiledCatalog, check_translations, po_path, read_catalog
from lesson_compiler.compile import compile_lesson, prepare
from lesson_compiler.languages import LANGUAGES_FILE, LanguageListError, read_languages
from lesson_compiler.lessons import load_lessons
from lesson_compiler.model import Lesson
from lesson_compiler.problems import Problem
from lesson_compiler.terms import teaching_order

PROJECT_ROOT = Path(__file__).resolve().parent.parent


def _languages(root: Path) -> list[str]:
    """The language codes of the project's list; raises `LanguageListError`."""
    shown = f"locales/{LANGUAGES_FILE}"
    return [language.code for language in read_languages(root / "locales", shown)]


def _load(root: Path) -> tuple[list[Lesson], list[str], list[Problem]]:
    """The verified lessons, the language codes, and every problem of either."""
    folder = root / "lessons"
    if not folder.is_dir():
        return [], [], [Problem("lessons", "", f"no lessons folder under {root}")]
    lessons, problems = load_lessons(folder, root)
    try:
        languages = _languages(root)
    except LanguageListError as error:
        return lessons, [], [*problems, error.problem]
    return lessons, languages, problems + check_translations(root, lessons, languages)


def _compiled(root: Path, lang: str) -> tuple[CompiledCatalog, CompiledCatalog] | None:
    """A language's `lessons` and `game` catalogs; None when one cannot be read (the
    problems are those `check_translations` reported)."""
    compiled = []
    for domain in ("lessons", "game"):
        path = po_path(root / "locales", lang, domain)
        shown = path.relative_to(root).as_posix()
        catalog, _ = read_catalog(path, shown, lang, domain)
        if catalog is None:
            return None
        compiled.append(CompiledCatalog(catalog, shown))
    return compiled[0], compiled[1]


def check(root: Path) -> int:
    """Verify every lesson and its translations; print the problems, or a one-line summary."""
    lessons, languages, problems = _load(root)
    for problem in problems:
        print(problem)
    if problems:
        print(f"{len(problems)} problem(s)", file=sys.stderr)
        return 1
    prepared = [prepare(lesson) for lesson in lessons]
    for lang in languages:
        catalogs = _compiled(root, lang)
        assert catalogs is not None  # check_translations read them without a problem
        glossary = root / "locales" / lang / "glossary.toml"
        shown = glossary.relative_to(root).as_posix()
        problems += teaching_order(glossary, shown, lang, prepared, *catalogs)
    for problem in problems:
        print(problem)
    if problems:
        print(f"{len(problems)} problem(s)", file=sys.stderr)
        return 1
    nodes = sum(len(lesson.nodes) for lesson in lessons)
    count = len(languages)
    print(f"{len(lessons)} lessons verified ({nodes} positions), compiled in {count} languages")
    return 0


def dump(root: Path, lesson_id: str, lang: str) -> int:
    """Print one lesson's compiled JSON in one language."""
    lessons, languages, problems = _load(root)
    found = [lesson for lesson in lessons if lesson.id == lesson_id]
    if not found:
        for problem in problems:
            print(problem, file=sys.stderr)
        known = ", ".join(lesson.id for lesson in lessons) or "none"
        print(f"no verified lesson {lesson_id!r} (lessons: {known})", file=sys.stderr)
        return 1
    if lang not in languages:
        print(f"unknown language {lang!r} (languages: {', '.join(languages)})", file=sys.stderr)
        return 1
    catalogs = _compiled(root, lang)
    if catalogs is None:
        for problem in problems:
            print(problem, file=sys.stderr)
        return 1
    print(json.dumps(compile_lesson(found[0], lang, *catalogs), ensure_ascii=False, indent=1))
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
    commands.add_parser("languages", help="print the language codes, one a line")
    args = parser.parse_args(argv)
    if args.command == "check":
        return check(args.root)
    if args.command == "dump":
        return dump(args.root, args.lesson_id, args.lang)
    try:
        print("\n".join(_languages(args.root)))
    except LanguageListError as error:
        print(error, file=sys.stderr)
        return 1
    return 0
