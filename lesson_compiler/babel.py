"""The Babel extractor of lesson texts, registered as ``tute_lessons``.

It yields each title, summary, narration and hint of a lesson file with its line,
as ``pgettext(lesson id, text)``, so each lesson is translated on its own terms. The
translator comment names the step and the facts its words rely on (its ``claims``), so
a translation keeps saying what the engine checked.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Collection, Iterator, Mapping
from typing import IO, Any

from lesson_compiler.source import TEXT_KEYS

_KEY_LINE = re.compile(rf"^\s*(?P<key>{'|'.join(TEXT_KEYS)})\s*=")
_STEP_HEADER = re.compile(r"^\s*\[\[\s*step\s*\]\]")

Extracted = tuple[int, str, tuple[str, str], list[str]]


def extract_lessons(
    fileobj: IO[bytes],
    keywords: Collection[str],
    comment_tags: Collection[str],
    options: Mapping[str, Any],
) -> Iterator[Extracted]:
    """Yield ``(line, "pgettext", (lesson id, text), [where])`` for every lesson text.

    A file that is not valid TOML yields nothing: ``python -m lesson_compiler check``
    reports it with its line.
    """
    source = fileobj.read().decode("utf-8")
    try:
        data = tomllib.loads(source)
    except tomllib.TOMLDecodeError:
        return
    lesson_id = data.get("id")
    steps = data.get("step")
    if not isinstance(lesson_id, str) or not isinstance(steps, list):
        return
    step = 0
    for number, line in enumerate(source.splitlines(), start=1):
        if _STEP_HEADER.match(line):
            step += 1
            continue
        found = _KEY_LINE.match(line)
        if found is None:
            continue
        key = found["key"]
        table = data if step == 0 else steps[step - 1]
        text = table.get(key) if isinstance(table, dict) else None
        if isinstance(text, str):
            where = key if step == 0 else f"step {step}: {key}{_claims(table)}"
            yield number, "pgettext", (lesson_id, text), [where]


def _claims(step: dict[str, Any]) -> str:
    """``; claims: a, b`` for a step that claims facts, else nothing."""
    claims = step.get("claims")
    if not isinstance(claims, list) or not claims:
        return ""
    return "; claims: " + ", ".join(str(claim) for claim in claims)
