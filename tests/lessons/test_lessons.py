"""The seven lessons: each verifies, compiles in every language and matches its golden file."""

from __future__ import annotations

import json
import os
import re
from typing import Any

import pytest

from lesson_compiler import Lesson, Messages, check_translations, compile_lesson
from lesson_compiler.catalogs import LANGUAGES
from tests.lessons.conftest import LESSON_IDS, ROOT

GOLDEN = ROOT / "tests" / "lessons" / "golden"
TEXT_KEYS = {"title", "summary", "say", "hint", "text", "message"}
"""Keys whose values are words of the page's language; everything else is the engine's."""


def test_the_seven_lessons_in_order(lessons: list[Lesson]) -> None:
    assert [lesson.id for lesson in lessons] == LESSON_IDS
    assert [lesson.number for lesson in lessons] == [1, 2, 3, 4, 5, 6, 7]
    assert lessons[3].path == "lessons/04-follow.toml"


def test_every_text_is_translated_in_every_language(lessons: list[Lesson]) -> None:
    assert [str(p) for p in check_translations(ROOT, lessons)] == []


def test_every_lesson_lets_the_learner_play_at_least_three_cards(lessons: list[Lesson]) -> None:
    for lesson in lessons:
        plays = [step for step in lesson.steps if step.accept is not None]
        assert len(plays) >= 3, lesson.id


def test_follow_and_ruff_invite_the_learner_to_try_a_forbidden_card(
    lessons: list[Lesson],
) -> None:
    by_id = {lesson.id: lesson for lesson in lessons}
    reasons = {
        lesson_id: {str(s.expect.refusal) for s in by_id[lesson_id].steps if s.try_card}
        for lesson_id in ("follow", "ruff")
    }
    assert reasons == {
        "follow": {"must_follow_suit", "must_beat"},
        "ruff": {"must_trump", "must_overtrump"},
    }


def test_each_narration_is_one_to_three_sentences(lessons: list[Lesson]) -> None:
    for lesson in lessons:
        for step in lesson.steps:
            sentences = re.findall(r"[.!?](?:\s|$)", step.say)
            assert 1 <= len(sentences) <= 3, (lesson.id, step.number, step.say)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_compiled_data_is_complete_in_every_language(
    lessons: list[Lesson], catalogs: dict[str, tuple[Messages, Messages]], lang: str
) -> None:
    for lesson in lessons:
        data = compile_lesson(lesson, lang, *catalogs[lang])
        assert data["lang"] == lang
        assert set(data["cards"]) == _codes_shown(data)
        for node in data["nodes"]:
            hand = node["state"]["hands"][lesson.learner]
            if node["action"] == "play":
                assert set(node["refusals"]) == set(hand) - set(node["legal"])
                assert set(node["accept"]) <= set(node["legal"])
                assert set(node["outcomes"]) == set(node["accept"])
        for text in _texts(data):
            assert text and "{" not in text, (lesson.id, lang, text)


def _codes_shown(data: dict[str, Any]) -> set[str]:
    """Every card code the widget may show: in a hand, on the table, in an event, in the recap."""
    codes = {data["trump_card"], *data["recap"]}
    states = [n["state"] for n in data["nodes"]]
    states += [
        o["state"] for n in data["nodes"] for o in n.get("outcomes", {}).values() if "state" in o
    ]
    states += [n["continue"]["state"] for n in data["nodes"] if "state" in n.get("continue", {})]
    for state in states:
        codes.update(card for hand in state["hands"] for card in hand)
        codes.update(state["trick"]["cards"])
    for event in data["events"]:
        codes.update(event.get("cards", []))
        codes.update([event["card"]] if "card" in event else [])
    return codes


def _texts(data: Any) -> list[str]:
    """Every localized string of compiled data."""
    if isinstance(data, dict):
        found = [v for k, v in data.items() if k in TEXT_KEYS and isinstance(v, str)]
        return found + [t for v in data.values() for t in _texts(v)]
    if isinstance(data, list):
        return [t for v in data for t in _texts(v)]
    return []


def _without_words(data: Any) -> Any:
    """Compiled data with every localized string (and card and suit name) blanked."""
    if isinstance(data, dict):
        return {
            k: "" if k in TEXT_KEYS or k == "lang" else _without_words(v)
            for k, v in data.items()
            if k not in ("cards", "suits")
        }
    if isinstance(data, list):
        return [_without_words(v) for v in data]
    return data


@pytest.mark.parametrize("lesson_id", LESSON_IDS)
def test_compiled_lesson_matches_its_golden_file(
    lessons: list[Lesson], catalogs: dict[str, tuple[Messages, Messages]], lesson_id: str
) -> None:
    """The Catalan data is pinned; set TUTE_UPDATE_GOLDEN=1 to rewrite it after a real change."""
    lesson = next(lesson for lesson in lessons if lesson.id == lesson_id)
    data = compile_lesson(lesson, "ca", *catalogs["ca"])
    path = GOLDEN / f"{lesson_id}.ca.json"
    text = json.dumps(data, ensure_ascii=False, indent=1) + "\n"
    if os.environ.get("TUTE_UPDATE_GOLDEN") == "1":
        path.write_text(text, encoding="utf-8")
    assert path.read_text(encoding="utf-8") == text


@pytest.mark.parametrize("lang", [lang for lang in LANGUAGES if lang != "ca"])
def test_other_languages_differ_from_catalan_only_in_words(
    lessons: list[Lesson], catalogs: dict[str, tuple[Messages, Messages]], lang: str
) -> None:
    for lesson in lessons:
        catalan = compile_lesson(lesson, "ca", *catalogs["ca"])
        other = compile_lesson(lesson, lang, *catalogs[lang])
        assert _without_words(other) == _without_words(catalan)
        assert _texts(other) != _texts(catalan)
