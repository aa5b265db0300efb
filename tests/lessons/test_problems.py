"""Broken lessons are rejected with one clear line each, naming the file and the step."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

from lesson_compiler import check_translations, load_lessons
from tests.lessons.conftest import LANGUAGES, ROOT, load_edited

FOLLOW = (ROOT / "lessons" / "04-follow.toml").read_text(encoding="utf-8")


def _problems(tmp_path: Path, *edits: tuple[str, str], name: str = "04-follow.toml") -> list[str]:
    """Write lesson 4 with ``edits`` (old, new) into ``tmp_path/lessons`` and load it."""
    return load_edited(tmp_path, FOLLOW, name, *edits)


def test_the_unbroken_lesson_loads(tmp_path: Path) -> None:
    assert _problems(tmp_path) == []


def test_an_illegal_scripted_card_is_named_with_its_seat_and_reason(tmp_path: Path) -> None:
    problems = _problems(tmp_path, ('replies = ["5c", "1c"]', 'replies = ["5c", "11c"]'))
    assert problems == [
        "lessons/04-follow.toml: step 1: after 2c: 11c is not legal for seat 2 "
        "(must_beat; legal: 1c)",
        "lessons/04-follow.toml: step 1: after 6c: 11c is not legal for seat 2 "
        "(must_beat; legal: 1c)",
    ]


def test_an_accepted_card_that_is_not_legal(tmp_path: Path) -> None:
    problems = _problems(tmp_path, ('play = ["12o"]', 'play = ["2o"]'))
    assert problems == [
        "lessons/04-follow.toml: step 3: accepted card 2o is not legal for seat 0 "
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
        "lessons/04-follow.toml: step 3: the engine refuses 2o for must_beat, not must_follow_suit"
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
        "lessons/04-follow.toml: step 3: unknown key 'tyr' in a step (expected one of: "
        "claims, continue, deal, expect, explains, hint, play, replies, say, try)"
    )


def test_a_toml_syntax_error_names_its_line(tmp_path: Path) -> None:
    problems = _problems(tmp_path, ("learner = 0", "learner = = 0"))
    assert len(problems) == 1
    assert problems[0].startswith("lessons/04-follow.toml: line 7: invalid TOML: ")


def test_a_forbidden_card_to_try_must_be_forbidden(tmp_path: Path) -> None:
    problems = _problems(tmp_path, ('try = "6b"', 'try = "12b"'))
    assert problems == [
        "lessons/04-follow.toml: step 7: try 12b is legal here; pick a card the rules forbid"
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
    new = "Your partner took the trick."
    old = "Your partner's trump took the trick, so your partner leads the next one."
    assert _problems(tmp_path, (old, new)) == []
    lessons, _ = load_lessons(tmp_path / "lessons", tmp_path)
    problems = [str(p) for p in check_translations(tmp_path, lessons, LANGUAGES)]
    assert problems == [
        f"locales/{lang}/LC_MESSAGES/lessons.po: msgctxt 'follow' msgid '{new}': not translated"
        for lang in LANGUAGES
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
        "lessons/04-follow.toml: step 3: accepted card 2o is not legal for seat 0 "
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
    assert run.stdout == "7 lessons verified (62 positions), compiled in 5 languages\n"


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


STEP_CLAIMS = {
    1: 'claims = ["has_suit_led", "must_follow"]\n',
    2: 'claims = ["has_suit_led", "can_beat", "partner_winning", "must_beat"]\n',
    3: 'claims = ["has_suit_led", "trumped", "partner_winning", "must_follow"]\n',
}
"""The claims lines of lesson 4's first three steps, which the tests below replace."""


def test_claims_the_position_bears_out_load(tmp_path: Path) -> None:
    problems = _problems(
        tmp_path,
        (STEP_CLAIMS[1], 'claims = ["has_suit_led", "must_follow", "rival_winning"]\n'),
        (STEP_CLAIMS[2], 'claims = ["must_beat", "partner_winning", "can_beat"]\n'),
        (STEP_CLAIMS[3], 'claims = ["trumped", "cannot_beat"]\n'),
    )
    assert problems == []


def test_a_false_claim_names_the_file_the_step_and_what_is_true(tmp_path: Path) -> None:
    problems = _problems(tmp_path, (STEP_CLAIMS[2], 'claims = ["no_suit_led"]\n'))
    assert problems == [
        'lessons/04-follow.toml: step 3: claim "no_suit_led" is false: '
        "the learner holds 2o, 6o, 7o, 12o of the suit led"
    ]


def test_an_unknown_fact_is_an_error(tmp_path: Path) -> None:
    problems = _problems(tmp_path, (STEP_CLAIMS[2], 'claims = ["no_trumps"]\n'))
    assert problems == [
        "lessons/04-follow.toml: step 3: claims: unknown fact 'no_trumps' (expected one of: "
        "any_card, can_beat, cannot_beat, has_suit_led, has_trump, must_beat, must_follow, "
        "must_overtrump, must_trump, next_cant, no_suit_led, no_trump, not_trumped, "
        "partner_winning, rival_winning, trick_lost, trick_won, trumped)"
    ]


def test_an_unknown_reason_to_teach_names_the_file_and_the_key(tmp_path: Path) -> None:
    problems = _problems(tmp_path, ('teaches = ["must_follow_suit"', 'teaches = ["must_folow"'))
    assert problems == [
        "lessons/04-follow.toml: teaches: unknown refusal reason 'must_folow' "
        "(expected one of: must_follow_suit, must_beat, must_trump, must_overtrump)"
    ]


def test_a_refusal_no_lesson_teaches_is_an_error(tmp_path: Path) -> None:
    folder = tmp_path / "lessons"
    folder.mkdir()
    text = FOLLOW.replace('teaches = ["must_follow_suit", "must_beat"]', "teaches = []")
    (folder / "04-follow.toml").write_text(text, encoding="utf-8")
    _, problems = load_lessons(folder, tmp_path)
    reminder = "which no lesson teaches (name it in the 'teaches' of the lesson that explains it)"
    assert [str(p) for p in problems] == [
        f"lessons/04-follow.toml: step 3: a card is refused for must_beat, {reminder}",
        f"lessons/04-follow.toml: step 1: a card is refused for must_follow_suit, {reminder}",
    ]


def test_a_reason_is_taught_by_one_lesson_only(tmp_path: Path) -> None:
    _problems(tmp_path)
    folder = tmp_path / "lessons"
    (folder / "05-again.toml").write_text(
        FOLLOW.replace('id = "follow"', 'id = "again"'), encoding="utf-8"
    )
    _, problems = load_lessons(folder, tmp_path)
    assert [str(p) for p in problems] == [
        "lessons/05-again.toml: teaches: must_follow_suit is taught by lessons/04-follow.toml",
        "lessons/05-again.toml: teaches: must_beat is taught by lessons/04-follow.toml",
    ]


def test_a_catalog_with_a_wrong_placeholder_fails_the_check(tmp_path: Path) -> None:
    shutil.copytree(ROOT / "locales", tmp_path / "locales")
    _problems(tmp_path)
    game = tmp_path / "locales/es/LC_MESSAGES/game.po"
    text = game.read_text(encoding="utf-8")
    line = text.splitlines().index('msgid "{seat} plays {card}."') + 1
    game.write_text(text.replace("{seat} echa {card}.", "{seat} echa {carta}."), "utf-8")
    lessons, _ = load_lessons(tmp_path / "lessons", tmp_path)
    assert [str(p) for p in check_translations(tmp_path, lessons, LANGUAGES)] == [
        f"locales/es/LC_MESSAGES/game.po: line {line}: msgid '{{seat}} plays {{card}}.': "
        "the msgstr has placeholders {carta}, {seat}, the msgid {card}, {seat}"
    ]


def test_a_reply_may_not_begin_the_next_trick(tmp_path: Path) -> None:
    problems = _problems(tmp_path, ('replies = ["5c", "1c"]', 'replies = ["5c", "1c", "11o"]'))
    assert problems[:2] == [
        f"lessons/04-follow.toml: step 1: after {card}: reply 11o begins a new trick after the "
        "one this step finishes: play it in the next step, whose words tell that trick"
        for card in ("2c", "6c")
    ]
