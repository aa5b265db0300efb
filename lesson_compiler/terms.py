"""Teaching order: no lesson text uses a game term before the lesson that introduces it.

Each language's glossary (`locales/<lang>/glossary.toml`) names its game terms. A term
that a lesson teaches says which, by the lesson's language-neutral id (`introduced =
"ruff"`), and lists the words that count as using it in that language (`forms`, every
inflection; the term's `use` when absent). A text shown in an earlier lesson (its summary,
a step's narration or hint, a refusal or an announcement) that holds one of those words
is a problem naming the file, the step and the term, unless the step lists the term in
its `explains`: its words explain the term where they use it.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from lesson_compiler.compile import Prepared, localize
from lesson_compiler.problems import Messages, Problem

_PLACEHOLDER = re.compile(r"\{\w*\}|%\(\w+\)[sd]")


@dataclass(frozen=True)
class Term:
    """A game term a lesson introduces, with the words that use it in one language."""

    name: str
    """The glossary's key, the same in every language: `ruff`."""
    introduced: str
    """The id of the lesson that introduces it."""
    pattern: re.Pattern[str]
    """Any of its forms as a whole word, in any case."""


def read_terms(path: Path, shown: str, lesson_ids: set[str]) -> tuple[list[Term], list[Problem]]:
    """The glossary's terms that name the lesson introducing them; problems name the file
    and the term's table."""
    try:
        glossary = tomllib.loads(path.read_text(encoding="utf-8"))
    except OSError:
        return [], []
    except tomllib.TOMLDecodeError as error:
        return [], [Problem(shown, "", f"not valid TOML: {error}")]
    terms: list[Term] = []
    problems: list[Problem] = []
    for name, entry in glossary.items():
        if not isinstance(entry, dict) or "introduced" not in entry:
            continue
        where = f"[{name}]"
        introduced = entry["introduced"]
        if introduced not in lesson_ids:
            problems.append(Problem(shown, where, f"introduced = {introduced!r} names no lesson"))
            continue
        forms = entry.get("forms", [entry.get("use")])
        if not isinstance(forms, list) or not all(isinstance(f, str) and f for f in forms):
            problems.append(Problem(shown, where, f"forms must be a list of words, not {forms!r}"))
            continue
        words = "|".join(re.escape(form) for form in sorted(forms, key=len, reverse=True))
        terms.append(Term(name, introduced, re.compile(rf"(?<!\w)(?:{words})(?!\w)", re.I)))
    return terms, problems


def lesson_texts(data: dict[str, Any]) -> Iterator[tuple[int | None, str, str]]:
    """A compiled lesson's texts: (step number from 1, or None), what it is, the text."""
    yield None, "summary", data["summary"]
    for index, step in enumerate(data["steps"], start=1):
        for key in ("say", "hint"):
            if key in step:
                yield index, key, step[key]
    for reason in data["reasons"]:
        yield None, f"refusal {reason['reason']}", reason["message"]
    for event in data["events"]:
        # a deal has no text of its own: its step's narration tells it
        if "text" in event:
            yield None, f"{event['type']} announcement", event["text"]


def term_problems(
    path: str,
    number: int,
    data: dict[str, Any],
    explains: dict[int, tuple[str, ...]],
    terms: list[Term],
    order: dict[str, int],
    titles: tuple[str, ...] = (),
) -> list[Problem]:
    """Where lesson ``number`` (its file ``path`` and compiled ``data``) uses a term before
    the lesson that introduces it; ``explains`` gives each step's explained terms, ``order``
    each lesson's number by id, and ``titles`` the lessons' titles, which a text may name
    (a refusal pointing to the lesson that teaches its rule) without using their terms."""
    # The summary recaps the lesson: a term a step explains may be used in it.
    recapped = {name for names in explains.values() for name in names}
    problems = []
    for step, what, text in lesson_texts(data):
        plain = _PLACEHOLDER.sub("", text)
        for title in titles:
            plain = plain.replace(title, "")
        explained = recapped if what == "summary" else explains.get(step or 0, ())
        for term in terms:
            if order[term.introduced] <= number or term.name in explained:
                continue
            found = term.pattern.search(plain)
            if found is not None:
                where = f"step {step}" if step is not None else ""
                problems.append(
                    Problem(
                        path,
                        where,
                        f"{what} ({data['lang']}) uses “{found.group(0)}”, the term "
                        f"{term.name}, before lesson {order[term.introduced]} "
                        f"({term.introduced}) introduces it",
                    )
                )
    return problems


def teaching_order(
    glossary: Path, shown: str, lang: str, lessons: list[Prepared], texts: Messages, game: Messages
) -> list[Problem]:
    """Every use, in language ``lang``, of a term of its glossary (at ``glossary``, shown
    as ``shown``) before the lesson that introduces it, with the glossary's own problems."""
    order = {prepared.lesson.id: prepared.lesson.number for prepared in lessons}
    terms, problems = read_terms(glossary, shown, set(order))
    if not terms:
        return problems
    titles = tuple(texts.pgettext(p.lesson.id, p.lesson.title) for p in lessons)
    for prepared in lessons:
        lesson = prepared.lesson
        explains = {step.number: step.explains for step in lesson.steps}
        data = localize(prepared, lang, texts, game)
        problems += term_problems(lesson.path, lesson.number, data, explains, terms, order, titles)
    return problems
