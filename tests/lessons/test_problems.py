"""Broken lessons are rejected with one clear line each, naming the file and the step."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

from lesson_compiler import check_translations, load_lessons
from tests.lessons.conftest import ROOT

FOLLOW = (ROOT / "lessons" / "04-follow.toml").read_text(encoding="utf-8")


def _problems(tmp_path: Path, *edits: tuple[str, str], name: str = "04-follow.toml") -> list[str]:
    """Write lesson 4 with ``edits`` (old, new) into ``tmp_path/lessons`` and load it."""
    text = FOLLOW
    for old, new in edits:
        assert old in text
        text = text.replace(old, new, 1)
    folder = tmp_path / "lessons"
    folder.mkdir(exist_ok=True)
    (folder / name).write_text(text, encoding="utf-8")
    lessons, problems = load_lessons(folder, tmp_path)
    assert lessons == [] or not problems
    return [str(p) for p in problems]


def test_the_unbroken_lesson_loads(tmp_path: Path) -> None:
    assert _problems(tmp_path) == []


def test_an_illegal_scripted_card_is_named_with_its_seat_and_reason(tmp_path: Path) -> None:
    problems = _problems(tmp_path, ('replies = ["5c", "1c",', 'replies = ["5c", "11c",'))
    assert problems == [
        "lessons/04-follow.toml: step 1: after 2c: 11c is not legal for seat 2 "
        "(must_beat; legal: 1c)",
        "lessons/04-follow.toml: step 1: after 6c: 11c is not legal for seat 2 "
        "(must_beat; legal: 1c)",
    ]


def test_an_accepted_card_that_is_not_legal(tmp_path: Path) -> None:
    problems = _problems(tmp_path, ('play = ["12o"]', 'play = ["2o"]'))
    assert problems == [
        "lessons/04-follow.toml: step 2: accepted card 2o is not legal for seat 0 "
        "(must_beat; legal: 12o)"
    ]


def test_a_false_expectation_is_reported_in_every_branch(tmp_path: Path) -> None:
    problems = _problems(tmp_path, ("trick_points = 21", "trick_points = 20"))
    assert problems == [
        "lessons/04-follow.toml: step 1: after 2c: the trick holds 21 points, not 20",
        "lessons/04-follow.toml: step 1: after 6c: the trick holds 21 points, not 20",
    ]


def test_a_wrong_refusal_reason(tmp_path: Path) -> None:
    problems = _problems(tmp_path, ('refusal = "must_beat"', 'refusal = "must_follow_suit"'))
    assert problems == [
        "lessons/04-follow.toml: step 2: the engine refuses 2o for must_beat, not must_follow_suit"
    ]


def test_an_unknown_card_code(tmp_path: Path) -> None:
    problems = _problems(tmp_path, ('["2o", "6o"', '["2x", "6o"'))
    assert problems == [
        "lessons/04-follow.toml: hands: not a card code: '2x' (expected e.g. 1o, 7c, 10e, 12b)"
    ]


def test_a_recap_card_must_be_a_card(tmp_path: Path) -> None:
    problems = _problems(tmp_path, ('recap = ["3c",', 'recap = ["13c",'))
    assert problems == [
        "lessons/04-follow.toml: recap: not a card code: '13c' (expected e.g. 1o, 7c, 10e, 12b)"
    ]


def test_a_card_in_two_hands(tmp_path: Path) -> None:
    problems = _problems(tmp_path, ('["1o", "3o"', '["2o", "3o"'))
    assert problems == [
        "lessons/04-follow.toml: hands: 2o is in seat 1's hand also in seat 0's hand"
    ]


def test_an_unknown_key_is_an_error(tmp_path: Path) -> None:
    problems = _problems(tmp_path, ('try = "2o"', 'tyr = "2o"'))
    assert problems[0] == (
        "lessons/04-follow.toml: step 2: unknown key 'tyr' in a step (expected one of: "
        "continue, deal, expect, hint, play, replies, say, try)"
    )


def test_a_toml_syntax_error_names_its_line(tmp_path: Path) -> None:
    problems = _problems(tmp_path, ("learner = 0", "learner = = 0"))
    assert len(problems) == 1
    assert problems[0].startswith("lessons/04-follow.toml: line 7: invalid TOML: ")


def test_a_forbidden_card_to_try_must_be_forbidden(tmp_path: Path) -> None:
    problems = _problems(tmp_path, ('try = "6b"', 'try = "12b"'))
    assert problems == [
        "lessons/04-follow.toml: step 4: try 12b is legal here; pick a card the rules forbid"
    ]


def test_a_step_that_refuses_legal_cards_needs_a_hint(tmp_path: Path) -> None:
    problems = _problems(tmp_path, ('play = "any"', 'play = ["2c"]'))
    assert problems == [
        "lessons/04-follow.toml: step 1: some legal cards are not accepted, so the step needs a "
        "'hint'"
    ]


def test_problems_of_several_files_come_together(tmp_path: Path) -> None:
    _problems(tmp_path, ("trick_points = 21", "trick_points = 20"))
    problems = _problems(tmp_path, ("learner = 0", "learner = 9"), name="05-ruff.toml")
    assert problems[0].startswith("lessons/04-follow.toml: step 1: after 2c:")
    assert problems[-1] == ("lessons/05-ruff.toml: learner must be a seat 0-3, not 9")


def test_a_missing_translation_names_the_catalog_and_the_message(tmp_path: Path) -> None:
    shutil.copytree(ROOT / "locales", tmp_path / "locales")
    new = "Well done! That is all."
    old = (
        "Well done! Follow the suit led, and beat the winning card when you can, even your "
        "partner's. Once a trick is trumped, any card of the suit will do."
    )
    assert _problems(tmp_path, (old, new)) == []
    lessons, _ = load_lessons(tmp_path / "lessons", tmp_path)
    problems = [str(p) for p in check_translations(tmp_path, lessons)]
    assert problems == [
        f"locales/{lang}/LC_MESSAGES/lessons.po: missing translation of '{new}' (context 'follow')"
        for lang in ("ca", "fr", "es", "pt")
    ]


def test_check_prints_problems_and_fails_without_a_traceback(tmp_path: Path) -> None:
    _problems(tmp_path, ('play = ["12o"]', 'play = ["2o"]'))
    run = subprocess.run(
        [sys.executable, "-m", "lesson_compiler", "--root", str(tmp_path), "check"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert run.returncode == 1
    assert run.stdout.splitlines()[0] == (
        "lessons/04-follow.toml: step 2: accepted card 2o is not legal for seat 0 "
        "(must_beat; legal: 12o)"
    )
    assert "Traceback" not in run.stderr


def test_check_of_the_project_prints_one_line() -> None:
    run = subprocess.run(
        [sys.executable, "-m", "lesson_compiler", "check"],
        capture_output=True,
        text=True,
        check=False,
        cwd=ROOT,
    )
    assert run.returncode == 0, run.stdout
    assert run.stdout == "7 lessons verified (48 positions), compiled in 4 languages\n"


def test_dump_prints_the_compiled_json() -> None:
    run = subprocess.run(
        [sys.executable, "-m", "lesson_compiler", "dump", "follow", "fr"],
        capture_output=True,
        text=True,
        check=False,
        cwd=ROOT,
    )
    assert run.returncode == 0
    assert '"title": "Fournir et monter"' in run.stdout
