"""The lesson widget's pure transitions (`window.tute.lessonModel` in lesson.js), unit-tested.

The model is plain functions of (lesson data, state) -> state, apart from the DOM; each test
runs them in Chromium on the compiled Catalan data of lesson 6 (tests/lessons/golden), which
holds a refusal-free play with two cants, a new deal, a tute and the end of the lesson.
One `page.evaluate` per test drives the transitions and returns what they gave.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page

ROOT = Path(__file__).resolve().parents[2]
STATIC = ROOT / "site_builder" / "static"
CANTS = json.loads((ROOT / "tests" / "lessons" / "golden" / "cants.ca.json").read_text("utf-8"))
FOLLOW = json.loads((ROOT / "tests" / "lessons" / "golden" / "follow.ca.json").read_text("utf-8"))

PAGE = """<!doctype html><html lang="ca"><head><meta charset="utf-8"><title>model</title>
<script src="static/widget-core.js" defer></script>
<script src="static/lesson.js" defer></script></head><body></body></html>"""

Run = Callable[[str, dict[str, Any]], Any]


@pytest.fixture(scope="module")
def model_site(tmp_path_factory: pytest.TempPathFactory, http_server: Callable[..., str]) -> str:
    """A page that loads the widget scripts and mounts nothing."""
    root = tmp_path_factory.mktemp("model")
    (root / "static").mkdir()
    for name in ("widget-core.js", "lesson.js", "cards.svg"):
        (root / "static" / name).write_bytes((STATIC / name).read_bytes())
    (root / "index.html").write_text(PAGE, encoding="utf-8")
    (root / "favicon.ico").write_bytes(b"")
    return http_server(root)


@pytest.fixture
def run(page: Page, model_site: str) -> Run:
    """Evaluate `body` (a function body that sees `m`, the model, and `lesson`) in the page."""
    page.goto(model_site + "index.html")
    page.wait_for_function("window.tute && window.tute.lessonModel")

    def run_(body: str, lesson: dict[str, Any]) -> Any:
        source = f"(lesson) => {{ const m = window.tute.lessonModel; {body} }}"
        return page.evaluate(source, lesson)

    return run_


def test_the_lesson_starts_settled_at_its_first_node(run: Run) -> None:
    shown = run(
        "const st = m.initial(lesson);"
        "return [st.node, st.narrated, m.busy(st), st.held, st.feedback, m.handMode(lesson, st)];",
        CANTS,
    )
    assert shown == [CANTS["start"], CANTS["start"], False, None, [], "play"]


def test_a_refused_card_says_why_marks_the_playable_cards_and_changes_nothing_else(
    run: Run,
) -> None:
    node = FOLLOW["nodes"][FOLLOW["start"]]
    code, reason = next(iter(node["refusals"].items()))
    shown = run(
        f"const st = m.initial(lesson); const after = m.choose(lesson, st, '{code}', true);"
        "return [after.node, after.shown === st.shown, after.feedback, after.mark,"
        " m.playable(lesson, after)];",
        FOLLOW,
    )
    message = FOLLOW["reasons"][reason]["message"]
    assert shown == [
        FOLLOW["start"],
        True,
        [{"kind": "refusal", "text": message, "key": None}],
        {"card": code, "verdict": "refused"},
        node["legal"],
    ]


def test_a_card_tapped_on_a_continue_step_asks_for_continue(run: Run) -> None:
    assert CANTS["nodes"][2]["action"] == "continue"
    shown = run(
        "let st = m.initial(lesson);"
        "st = m.choose(lesson, st, '1b', true); st = m.choose(lesson, st, '3b', true);"
        "const after = m.choose(lesson, st, st.shown.hands[0][0], true);"
        "return [st.node, after.node, after.feedback, m.handMode(lesson, after)];",
        CANTS,
    )
    assert shown == [2, 2, [{"kind": "wait", "text": "", "key": "press_continue"}], "wait"]


def test_an_accepted_card_plays_out_and_holds_the_won_trick_with_its_winner(run: Run) -> None:
    outcome = CANTS["nodes"][0]["outcomes"]["1b"]
    shown = run(
        "const after = m.choose(lesson, m.initial(lesson), '1b', true);"
        "return [after.node, m.busy(after), after.shown === after.target, after.held,"
        " m.tableTrick(after).filter((c) => c.wins).map((c) => c.card),"
        " after.feedback.map((line) => line.text), Object.keys(after.badges)];",
        CANTS,
    )
    events = [CANTS["events"][i] for i in outcome["events"]]
    trick = next(event for event in events if event["type"] == "trick")
    texts = [event["text"] for event in events]
    assert shown == [
        outcome["next"],
        False,
        True,
        {"leader": 0, "cards": trick["cards"], "winner": trick["winner"]},
        ["1b"],
        texts,
        ["0", "2"],
    ]


def test_outcomes_show_one_beat_per_event_and_collect_the_held_trick_before_a_card(
    run: Run,
) -> None:
    """Lesson 6's second play: the first trick is held, so the learner's card first sends
    it to its winner (one beat), then each of the six events is one beat, then it settles."""
    beats = run(
        "let st = m.choose(lesson, m.initial(lesson), '1b', true);"
        "st = m.choose(lesson, st, '3b', false); const seen = [st.lastBeat];"
        "while (m.busy(st)) { st = m.beat(st); seen.push(st.lastBeat); }"
        "return [seen, st.narrated, m.busy(st)];",
        CANTS,
    )
    assert beats == [
        ["collect", "play", "play", "play", "play", "trick", "cant", None],
        2,
        False,
    ]


def test_taps_wait_while_an_outcome_is_shown(run: Run) -> None:
    shown = run(
        "const st = m.choose(lesson, m.initial(lesson), '1b', false);"
        "return [m.busy(st), m.choose(lesson, st, '3b', false) === st, m.handMode(lesson, st),"
        " m.toPlay(lesson, st), st.narrated];",
        CANTS,
    )
    assert shown == [True, True, "wait", None, 0]


def test_a_new_deal_is_announced_clears_the_table_and_starts_from_nothing(run: Run) -> None:
    shown = run(
        "let st = m.choose(lesson, m.initial(lesson), '1b', true);"
        "st = m.choose(lesson, st, '3b', true);"
        "const held = Boolean(st.held); st = m.proceed(lesson, st, false);"
        "const seen = [st.lastBeat]; st = m.beat(st);"
        "const deal = [st.lastBeat, st.dealt, st.held, st.shown.tricks_won, st.shown.points,"
        " st.feedback];"
        "while (m.busy(st)) st = m.beat(st);"
        "return [held, seen, deal, st.node];",
        CANTS,
    )
    assert shown == [
        True,
        ["collect"],
        ["deal", True, None, [0, 0], [0, 0], [{"kind": "deal", "key": "new_deal"}]],
        3,
    ]


def test_sung_cards_are_the_king_and_horse_or_the_four_of_a_tute(run: Run) -> None:
    shown = run(
        "return [m.sungCards({ kind: 'cant', suit: 'e', points: 20 }),"
        " m.sungCards({ kind: 'tute', rank: 12 })];",
        CANTS,
    )
    assert shown == [["12e", "11e"], ["12o", "12c", "12e", "12b"]]


def test_the_lesson_ends_complete_after_its_last_outcome(run: Run) -> None:
    shown = run(
        "let st = m.initial(lesson);"
        "for (const code of ['1b', '3b']) st = m.choose(lesson, st, code, true);"
        "st = m.proceed(lesson, st, true); st = m.choose(lesson, st, '1e', true);"
        "const before = st.complete; st = m.proceed(lesson, st, true);"
        "return [before, st.complete, m.busy(st), m.handMode(lesson, st), m.toPlay(lesson, st),"
        " m.proceed(lesson, st, true) === st];",
        CANTS,
    )
    assert shown == [False, True, False, "wait", None, True]


def test_hidden_hands_and_progress_are_counted(run: Run) -> None:
    shown = run(
        "const pos = { tricks_won: [2, 1], trick: { leader: 1, cards: ['1o', '3o'] } };"
        "return [0, 1, 2, 3].map((seat) => m.hiddenCount(pos, seat))"
        ".concat([m.progress(4, 7), m.progress(9, 7)]);",
        CANTS,
    )
    assert shown == [7, 6, 6, 7, {"done": 4, "total": 7}, {"done": 7, "total": 7}]
