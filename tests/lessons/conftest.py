"""Shared helpers of the lesson tests: the project's lessons and catalogs, loaded once."""

from __future__ import annotations

from pathlib import Path

import pytest

from lesson_compiler import Lesson, Messages, load_lessons
from lesson_compiler.catalogs import LANGUAGES, read_catalog, translations

ROOT = Path(__file__).resolve().parents[2]
LESSON_IDS = ["cards", "trick", "trump", "follow", "ruff", "cants", "counting"]


@pytest.fixture(scope="session")
def lessons() -> list[Lesson]:
    """The project's lessons, verified; a problem fails every test that uses them."""
    found, problems = load_lessons(ROOT / "lessons", ROOT)
    assert [str(p) for p in problems] == []
    return found


@pytest.fixture(scope="session")
def catalogs() -> dict[str, tuple[Messages, Messages]]:
    """Per language, the ``lessons`` and ``game`` catalogs compiled in memory."""
    return {
        lang: (
            translations(read_catalog(ROOT, lang, "lessons")),
            translations(read_catalog(ROOT, lang, "game")),
        )
        for lang in LANGUAGES
    }


def load_edited(root: Path, text: str, name: str, *edits: tuple[str, str]) -> list[str]:
    """Write lesson ``text`` with ``edits`` (old, new) as ``root/lessons/name``, load that
    folder and return its problems as the author sees them."""
    for old, new in edits:
        assert old in text
        text = text.replace(old, new, 1)
    folder = root / "lessons"
    folder.mkdir(exist_ok=True)
    (folder / name).write_text(text, encoding="utf-8")
    lessons, problems = load_lessons(folder, root)
    assert lessons == [] or not problems
    return [str(p) for p in problems]
