"""The seven lessons: each verifies, compiles in every language and matches its golden file."""

from __future__ import annotations

import json
import os
import re
from pathlib import Path
from typing import Any

import pytest
from babel.support import NullTranslations

from engine import card_code
from lesson_compiler import Lesson, Messages, check_translations, compile_lesson, load_lessons
from lesson_compiler.compile import localize, prepare
from lesson_compiler.model import DealEvent
from lesson_compiler.walkthrough import main_line, walkthrough
from tests.lessons.conftest import LANGUAGES, LESSON_IDS, ROOT

GOLDEN = ROOT / "tests" / "lessons" / "golden"
TEXT_KEYS = {"title", "summary", "say", "hint", "text", "message"}
"""Keys whose values are words of the page's language; everything else is the engine's."""


def test_the_seven_lessons_in_order(lessons: list[Lesson]) -> None:
    assert [lesson.id for lesson in lessons] == LESSON_IDS
    assert [lesson.number for lesson in lessons] == [1, 2, 3, 4, 5, 6, 7]
    assert lessons[3].path == "lessons/04-follow.toml"


def test_every_text_is_translated_in_every_language(lessons: list[Lesson]) -> None:
    assert [str(p) for p in check_translations(ROOT, lessons, LANGUAGES)] == []


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


def test_a_refusal_before_its_lesson_says_the_rule_plainly_and_names_the_lesson(
    tmp_path: Path,
) -> None:
    follow = (ROOT / "lessons" / "04-follow.toml").read_text(encoding="utf-8")
    early = follow.replace('id = "follow"', 'id = "early"').replace(
        'teaches = ["must_follow_suit", "must_beat"]', "teaches = []"
    )
    folder = tmp_path / "lessons"
    folder.mkdir()
    (folder / "02-early.toml").write_text(early, encoding="utf-8")
    (folder / "04-follow.toml").write_text(follow, encoding="utf-8")
    found, problems = load_lessons(folder, tmp_path)
    assert problems == []
    english = NullTranslations()
    before, taught = (compile_lesson(lesson, "en", english, english) for lesson in found)
    assert before["reasons"][:2] == [
        {
            "reason": "must_follow_suit",
            "message": "Not this card: you hold cups, the suit led, so play one of them. "
            "Lesson 4, “Follow suit and beat”, teaches this.",
        },
        {
            "reason": "must_beat",
            "message": "Not this card: you can beat the horse of coins with one of your coins, "
            "so play a card that does. Lesson 4, “Follow suit and beat”, teaches this.",
        },
    ]
    assert taught["reasons"][0] == {
        "reason": "must_follow_suit",
        "message": "You must follow suit: you hold cups.",
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
        prepared = prepare(lesson)
        states = prepared.states
        assert data["lang"] == lang
        assert set(data["cards"]) == _codes_shown(data, [*states, *prepared.ends.values()])
        # an outcome's position, even the last, follows from its events: the widget restores it
        outcomes = [o for n in data["nodes"] for o in n.get("outcomes", {}).values()]
        outcomes += [n["continue"] for n in data["nodes"] if "continue" in n]
        assert not [o for o in outcomes if "state" in o]
        assert len(prepared.ends) == sum(o["next"] is None for o in outcomes)
        assert [n.get("state") for n in data["nodes"]] == [states[0]] + [None] * (len(states) - 1)
        for node, state in zip(data["nodes"], states, strict=True):
            hand = state["hands"][lesson.learner]
            if node["action"] == "play":
                assert set(node["refusals"]) == set(hand) - set(node["legal"])
                assert set(node["accept"]) <= set(node["legal"])
                assert set(node["outcomes"]) == set(node["accept"])
        for text in _texts(data):
            assert text and "{" not in text, (lesson.id, lang, text)


def _codes_shown(data: dict[str, Any], states: list[dict[str, Any]]) -> set[str]:
    """Every card code the widget may show: in a hand, on the table, in an event, in the recap."""
    codes = {data["trump_card"], *data["recap"]}
    states = states + [e["state"] for e in data["events"] if "state" in e]
    for state in states:
        codes.update(card for hand in state["hands"] for card in hand)
        codes.update(state["trick"]["cards"])
        codes.update(state.get("last", {}).get("cards", []))
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


def test_the_walkthrough_follows_the_first_accepted_card_to_the_end(
    lessons: list[Lesson], catalogs: dict[str, tuple[Messages, Messages]]
) -> None:
    """The no-script main line agrees with the widget's data, node by node, and ends the lesson."""
    for lesson in lessons:
        data = compile_lesson(lesson, "ca", *catalogs["ca"])
        line = main_line(lesson)
        assert line[-1][2].next is None, lesson.id
        index = 0
        for (node, card, outcome), step in zip(
            line, walkthrough(prepare(lesson), data), strict=True
        ):
            compiled = data["nodes"][index]
            assert node.step == compiled["step"]
            assert step.say == data["steps"][node.step]["say"]
            assert list(step.trick) == prepare(lesson).states[index]["trick"]["cards"]
            if card is None:
                assert compiled["action"] == "continue"
                events = compiled["continue"]["events"]
            else:
                assert step.card == compiled["accept"][0]
                events = compiled["outcomes"][step.card]["events"]
            texts = [data["events"][e]["text"] for e in events if "text" in data["events"][e]]
            if card is not None:
                assert [step.play, *step.events] == texts
            else:
                assert (step.play, list(step.events)) == (None, texts)
            index = outcome.next if outcome.next is not None else index


def test_the_walkthrough_shows_each_new_deal_with_its_trump_card_and_the_learners_hand(
    lessons: list[Lesson], catalogs: dict[str, tuple[Messages, Messages]]
) -> None:
    """A reader without JavaScript sees a later deal as the widget does: the card the dealer
    turns up and the learner's new cards, where the deal falls among the announcements."""
    dealt = 0
    for lesson in lessons:
        data = compile_lesson(lesson, "ca", *catalogs["ca"])
        for (_node, card, outcome), step in zip(
            main_line(lesson), walkthrough(prepare(lesson), data), strict=True
        ):
            deals = [event for event in outcome.events if isinstance(event, DealEvent)]
            if not deals:
                assert step.deal is None, lesson.id
                continue
            dealt += 1
            deal = deals[-1]
            hand = sorted(card_code(c) for c in deal.state.hands[lesson.learner])
            trump, shown, before = step.deal or ("", (), 0)
            assert (trump, sorted(shown)) == (card_code(deal.trump_card), hand), lesson.id
            earlier = outcome.events[: outcome.events.index(deal)]
            told = [event for event in earlier if not isinstance(event, DealEvent)]
            assert before == len(told) - (card is not None), lesson.id
    assert dealt >= 1


def test_a_lesson_is_prepared_once_and_told_in_each_language(
    lessons: list[Lesson], catalogs: dict[str, tuple[Messages, Messages]]
) -> None:
    """The engine's part is shared by every language; only the words are added per language."""
    for lesson in lessons:
        prepared = prepare(lesson)
        told = {lang: localize(prepared, lang, *catalogs[lang]) for lang in LANGUAGES}
        for lang, data in told.items():
            assert data == compile_lesson(lesson, lang, *catalogs[lang])
        if all(len(data["reasons"]) == len(prepared.refusals) for data in told.values()):
            assert all(data["nodes"] is prepared.nodes for data in told.values())
