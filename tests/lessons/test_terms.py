"""Teaching order: no lesson text uses a game term before the lesson that introduces it,
in any language, unless its step says it explains the term there."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from lesson_compiler import Lesson, Messages
from lesson_compiler.compile import prepare
from lesson_compiler.terms import read_terms, teaching_order, term_problems
from tests.lessons.conftest import LANGUAGES, ROOT

GLOSSARY = """\
[trump]
use = "trumps"
introduced = "trump"
forms = ["trump", "trumps", "trumped"]

[ruff]
use = "ruff"
introduced = "ruff"
forms = ["ruff", "ruffs", "ruffed", "ruffing"]

[partner]
use = "partner"
"""
ORDER = {"cards": 1, "trick": 2, "trump": 3, "follow": 4, "ruff": 5}


def _terms(tmp_path: Path, text: str = GLOSSARY) -> list[Any]:
    path = tmp_path / "glossary.toml"
    path.write_text(text, encoding="utf-8")
    terms, problems = read_terms(path, "locales/en/glossary.toml", set(ORDER))
    assert problems == []
    return terms


def _lesson(say: str, summary: str = "Trumps beat every other suit.") -> dict[str, Any]:
    """A compiled lesson 3 with one step, no refusal and one announcement."""
    return {
        "lang": "en",
        "summary": summary,
        "steps": [{"say": say}],
        "reasons": [],
        "events": [{"type": "play", "text": "Your partner plays the six of coins."}],
    }


OLD = "Then the ace of clubs was led: your partner ruffed it with the six of coins."


def test_a_term_used_before_its_lesson_is_named_with_the_file_and_step(tmp_path: Path) -> None:
    problems = term_problems("lessons/03-trump.toml", 3, _lesson(OLD), {}, _terms(tmp_path), ORDER)
    assert [str(p) for p in problems] == [
        "lessons/03-trump.toml: step 1: say (en) uses “ruffed”, the term ruff, "
        "before lesson 5 (ruff) introduces it"
    ]


def test_a_term_in_its_own_lesson_or_later_is_fine(tmp_path: Path) -> None:
    terms = _terms(tmp_path)
    assert term_problems("lessons/05-ruff.toml", 5, _lesson(OLD), {}, terms, ORDER) == []
    new = "Then the ace of clubs was led: your partner played the six of coins, a trump."
    assert term_problems("lessons/03-trump.toml", 3, _lesson(new), {}, terms, ORDER) == []


def test_a_step_that_explains_the_term_may_use_it_and_so_may_the_summary(
    tmp_path: Path,
) -> None:
    lesson = _lesson(OLD, summary="When you cannot follow, you ruff.")
    terms = _terms(tmp_path)
    assert term_problems("lessons/03-trump.toml", 3, lesson, {1: ("ruff",)}, terms, ORDER) == []
    found = term_problems("lessons/03-trump.toml", 3, lesson, {}, terms, ORDER)
    assert [p.where for p in found] == ["", "step 1"]


def test_a_lessons_title_named_in_a_text_is_not_a_use_of_its_terms(tmp_path: Path) -> None:
    lesson = _lesson("Not this card. Lesson 5, “Ruff and overruff”, teaches this.")
    terms = _terms(tmp_path)
    assert (
        term_problems("lessons/03-trump.toml", 3, lesson, {}, terms, ORDER, ("Ruff and overruff",))
        == []
    )
    assert term_problems("lessons/03-trump.toml", 3, lesson, {}, terms, ORDER) != []


def test_a_term_introduced_by_no_lesson_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "glossary.toml"
    path.write_text('[ruff]\nuse = "ruff"\nintroduced = "ruffing"\n', encoding="utf-8")
    terms, problems = read_terms(path, "locales/en/glossary.toml", set(ORDER))
    assert terms == []
    assert [str(p) for p in problems] == [
        "locales/en/glossary.toml: [ruff]: introduced = 'ruffing' names no lesson"
    ]


def test_a_term_without_forms_is_matched_by_its_use_as_a_whole_word(tmp_path: Path) -> None:
    terms = _terms(tmp_path, '[ruff]\nuse = "ruff"\nintroduced = "ruff"\n')
    assert term_problems("lessons/03-trump.toml", 3, _lesson("Ruff it."), {}, terms, ORDER)
    assert not term_problems("lessons/03-trump.toml", 3, _lesson("A ruffle."), {}, terms, ORDER)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_lessons_teach_every_term_before_using_it(
    lang: str, lessons: list[Lesson], catalogs: dict[str, tuple[Messages, Messages]]
) -> None:
    texts, game = catalogs[lang]
    glossary = ROOT / "locales" / lang / "glossary.toml"
    prepared = [prepare(lesson) for lesson in lessons]
    problems = teaching_order(
        glossary, f"locales/{lang}/glossary.toml", lang, prepared, texts, game
    )
    assert [str(p) for p in problems] == []
    terms, _ = read_terms(glossary, "", {lesson.id for lesson in lessons})
    assert {term.name for term in terms} >= {"trump", "follow", "beat", "ruff", "overruff", "cant"}


def test_check_names_a_term_used_too_early_without_a_traceback(tmp_path: Path) -> None:
    """The project with lesson 3's English narration saying "ruffed" again, as it once did."""
    shutil.copytree(ROOT / "lessons", tmp_path / "lessons")
    shutil.copytree(ROOT / "locales", tmp_path / "locales")
    po = tmp_path / "locales" / "en" / "LC_MESSAGES" / "lessons.po"
    text = po.read_text(encoding="utf-8")
    assert "clubs, played a trump, the six of coins, and the left-hand opponent" in text
    po.write_text(
        text.replace(
            "played a trump, the six of coins, and the left-hand opponent",
            "ruffed it with the six of coins, and the left-hand opponent",
        ),
        encoding="utf-8",
    )
    run = subprocess.run(
        [sys.executable, "-m", "lesson_compiler", "--root", str(tmp_path), "check"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert run.returncode == 1
    assert run.stdout.splitlines() == [
        "lessons/03-trump.toml: step 5: say (en) uses “ruffed”, the term ruff, "
        "before lesson 5 (ruff) introduces it"
    ]
    assert "Traceback" not in run.stderr
