"""The playable lesson widget on the real built site: every lesson in every language.

The tests read each page's embedded lesson data (`script[data-lesson-data]`, see "Compiled
lesson data" in docs/formats.md) to know, at each node, which card to click or whether to
press Continue, then compare what the widget shows (`data-step`, `data-status`, the hand's
`button[data-card]`s, the table, the score, the narration, the feedback, the turn marker and
the controls) with what the data says. Click-through runs use reduced motion, so an outcome
shows at once; one test keeps the animations to check that `data-busy` holds taps back.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Browser, Locator, Page, expect

from lesson_compiler import load_lessons

ROOT = Path(__file__).resolve().parents[2]
LANGUAGES = ("ca", "fr", "es", "pt", "en")
LESSONS, PROBLEMS = load_lessons(ROOT / "lessons", ROOT)
LESSON_IDS = [lesson.id for lesson in LESSONS]
REFUSING_IDS = [lesson.id for lesson in LESSONS if any(node.refusals for node in lesson.nodes)]
STORE_KEY = "tute.lessons.completed"
SIZES = {"phone": (360, 740), "desktop": (1280, 800)}

SNAPSHOT = r"""async (root) => {
    const frame = () => new Promise((done) => requestAnimationFrame(() => done(null)));
    /* outcomes are shown beat by beat while data-busy is true, and every change is drawn
       on the next animation frame: wait for both (a stuck widget shows as busy "true") */
    for (let n = 0; n < 900 && root.dataset.busy !== "false"; n++) await frame();
    await frame();
    const shown = (el) => Boolean(el) && el.getClientRects().length > 0;
    const texts = (els) => Array.from(els, (el) => el.textContent.trim()).filter(Boolean);
    const codes = (selector) => Array.from(root.querySelectorAll(selector), (e) => e.dataset.card);
    const done = root.querySelector(".done");
    const back = done && done.querySelector("a");
    return {
        lesson: root.dataset.lesson,
        step: root.dataset.step,
        status: root.dataset.status,
        busy: root.dataset.busy,
        hand: codes("button[data-card]"),
        playable: codes("button[data-card][aria-disabled='false']"),
        verdicts: Object.fromEntries(Array.from(root.querySelectorAll("button[data-verdict]"),
            (b) => [b.dataset.card, b.dataset.verdict])),
        trick: codes(".trick .played"),
        score: Array.from(root.querySelectorAll(".score tr"), (tr) => texts(tr.cells)).slice(1),
        say: root.querySelector("[data-say]").textContent,
        feedback: texts(root.querySelector("[data-feedback]").children),
        turn: root.querySelector(".turn").textContent,
        next: shown(root.querySelector("button[data-action='next']")),
        restart: shown(root.querySelector("button[data-action='restart']")),
        done: shown(done) ? texts(done.children) : null,
        next_lesson: shown(root.querySelector("button[data-action='next-lesson']")),
        back: shown(back) ? back.getAttribute("href") : null,
    };
}"""
"""What the lesson widget shows once it has settled and drawn."""

Move = tuple[int, str | None]
"""A node index and the card clicked there, or None for the Continue button."""


def _lesson_path(site_dir: Path, lang: str, lesson_id: str) -> str:
    """The built page of a lesson, relative to the site root: `<lang>/<slug>/<n>-<title>/`."""
    number = LESSON_IDS.index(lesson_id) + 1
    found = sorted(site_dir.glob(f"{lang}/*/{number}-*/index.html"))
    assert len(found) == 1, f"lesson {number} in {lang}: {found}"
    return found[0].relative_to(site_dir).as_posix()


def _paths(data: dict[str, Any]) -> list[list[Move]]:
    """Every way through the lesson: one branch per accepted card, in the data's order."""

    def walk(index: int) -> Iterator[list[Move]]:
        node = data["nodes"][index]
        cards = node["accept"] if node["action"] == "play" else [None]
        for card in cards:
            outcome = node["continue"] if card is None else node["outcomes"][card]
            if outcome["next"] is None:
                yield [(index, card)]
            else:
                yield from ([(index, card), *rest] for rest in walk(outcome["next"]))

    return list(walk(data["start"]))


@dataclass
class LessonPage:
    """A lesson page open in the browser, with its lesson data and widget strings."""

    page: Page
    data: dict[str, Any]
    strings: dict[str, str]

    @property
    def root(self) -> Locator:
        return self.page.locator("section.lesson")

    def card(self, code: str) -> Locator:
        return self.root.locator(f"button[data-card='{code}']")

    def action(self, name: str) -> Locator:
        return self.root.locator(f"button[data-action='{name}']")

    def shown(self) -> dict[str, Any]:
        """What the widget shows, once it has settled."""
        shown: dict[str, Any] = self.root.evaluate(SNAPSHOT)
        return shown

    def events(self, outcome: dict[str, Any]) -> list[dict[str, Any]]:
        """An outcome's events, which it names by their index in the lesson's `events`."""
        return [self.data["events"][index] for index in outcome["events"]]

    def _table(self, state: dict[str, Any], step: int) -> dict[str, Any]:
        """What every settled view of a position shows, whatever the controls."""
        us = self.data["learner"] % 2
        return {
            "lesson": self.data["id"],
            "step": str(step),
            "busy": "false",
            "hand": state["hands"][self.data["learner"]],
            "trick": state["trick"]["cards"],
            "score": [
                [
                    self.strings["team_us" if team == us else "team_them"],
                    str(state["tricks_won"][team]),
                    str(state["points"][team]),
                ]
                for team in (us, 1 - us)
            ],
            "say": self.data["steps"][step]["say"],
            "restart": True,
        }

    def expected_at(
        self, index: int, feedback: list[str] | None = None, verdicts: dict[str, str] | None = None
    ) -> dict[str, Any]:
        """Node `index` waiting for the learner: a card to play, or Continue to press."""
        node = self.data["nodes"][index]
        plays = node["action"] == "play"
        others_play = not plays and any(e["type"] == "play" for e in self.events(node["continue"]))
        return {
            **self._table(node["state"], node["step"]),
            "status": "playing",
            "playable": node["state"]["hands"][self.data["learner"]] if plays else [],
            "verdicts": verdicts or {},
            "feedback": feedback or [],
            "turn": self.strings["your_turn"] if plays else "someone else" if others_play else "",
            "next": not plays,
            "done": None,
            "next_lesson": False,
            "back": None,
        }

    def expected_after(self, move: Move) -> dict[str, Any]:
        """The outcome of a move: the next node, or the lesson complete."""
        index, card = move
        node = self.data["nodes"][index]
        outcome = node["continue"] if card is None else node["outcomes"][card]
        told = [event["text"] for event in self.events(outcome)]
        if outcome["next"] is not None:
            return self.expected_at(outcome["next"], feedback=told)
        next_url = self.root.get_attribute("data-next-url")
        last = self.strings["next_lesson" if next_url else "back_to_lessons"]
        return {
            **self._table(outcome["state"], node["step"]),
            "status": "complete",
            "playable": [],
            "verdicts": {},
            "feedback": told,
            "turn": "",
            "next": False,
            "done": [self.strings["complete"], last],
            "next_lesson": bool(next_url),
            "back": None if next_url else self.root.get_attribute("data-lessons-url"),
        }

    def check(self, expected: dict[str, Any]) -> None:
        """The widget shows `expected`; another seat's turn is any text but "your turn"."""
        shown = self.shown()
        if expected["turn"] == "someone else" and shown["turn"] not in (
            "",
            self.strings["your_turn"],
        ):
            shown["turn"] = "someone else"
        assert shown == expected

    def make(self, move: Move) -> None:
        """Click the move's card, or Continue, as a user would."""
        _, card = move
        if card is None:
            self.action("next").click()
        else:
            self.card(card).click()

    def walk(self, path: list[Move]) -> None:
        for move in path:
            self.make(move)
            self.check(self.expected_after(move))


def _open(page: Page, url: str) -> LessonPage:
    """Go to a lesson page and wait for the widget to start."""
    page.goto(url)
    root = page.locator("section.lesson")
    expect(root).to_have_attribute("data-busy", "false")
    data = json.loads(root.locator("script[data-lesson-data]").text_content() or "")
    strings = json.loads(page.locator("script[data-widget-strings]").text_content() or "")
    return LessonPage(page, data, strings)


OpenLesson = Callable[[Page, str, str], LessonPage]


@pytest.fixture
def open_lesson(site_dir: Path, site_url: str) -> OpenLesson:
    """Open a lesson (by language and lesson id) of the real site."""

    def open_(page: Page, lang: str, lesson_id: str) -> LessonPage:
        return _open(page, site_url + _lesson_path(site_dir, lang, lesson_id))

    return open_


def test_the_seven_lessons_verify_and_are_built_in_every_language(site_dir: Path) -> None:
    assert [str(problem) for problem in PROBLEMS] == []
    assert len(LESSON_IDS) == 7
    for lang in LANGUAGES:
        assert len({_lesson_path(site_dir, lang, lesson_id) for lesson_id in LESSON_IDS}) == 7


@pytest.mark.parametrize("lesson_id", LESSON_IDS)
@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_lesson_is_completed_by_clicking(
    page: Page, open_lesson: OpenLesson, site_dir: Path, site_url: str, lang: str, lesson_id: str
) -> None:
    """Every branch in the first language, restarting between them; one branch in the others
    (a different one per language), since branching does not depend on the language."""
    page.emulate_media(reduced_motion="reduce")
    lesson = open_lesson(page, lang, lesson_id)
    data = lesson.data
    assert (data["id"], data["lang"]) == (lesson_id, lang)
    expect(page.locator(".walkthrough")).to_be_hidden()
    expect(lesson.root.locator("[data-feedback]")).to_have_attribute("aria-live", "polite")
    start = data["start"]
    lesson.check(lesson.expected_at(start))
    names = re.findall(r'- button "(.*)"', lesson.root.locator(".hand").aria_snapshot())
    assert names == [data["cards"][code] for code in lesson.expected_at(start)["hand"]]
    paths = _paths(data)
    if lang != LANGUAGES[0]:
        paths = [paths[LANGUAGES.index(lang) % len(paths)]]
    for number, path in enumerate(paths):
        if number:
            lesson.action("restart").click()
            lesson.check(lesson.expected_at(start))
        lesson.walk(path)
    next_url = lesson.root.get_attribute("data-next-url")
    assert bool(next_url) == (lesson_id != LESSON_IDS[-1])
    if next_url:
        lesson.action("next-lesson").click()
        following = LESSON_IDS[LESSON_IDS.index(lesson_id) + 1]
        expect(page).to_have_url(site_url + _lesson_path(site_dir, lang, following))
        expect(page.locator("section.lesson")).to_have_attribute("data-lesson", following)


@pytest.mark.parametrize("lesson_id", LESSON_IDS)
def test_restart_mid_lesson_returns_to_the_start_hand(
    page: Page, open_lesson: OpenLesson, lesson_id: str
) -> None:
    page.emulate_media(reduced_motion="reduce")
    lesson = open_lesson(page, "es", lesson_id)
    lesson.walk(_paths(lesson.data)[0][:2])
    lesson.action("restart").click()
    lesson.check(lesson.expected_at(lesson.data["start"]))


def _one_card_per_reason(node: dict[str, Any]) -> dict[str, int]:
    """A forbidden card for each distinct refusal of a node (its index in `reasons`)."""
    cards: dict[int, str] = {}
    for code, reason in node.get("refusals", {}).items():
        cards.setdefault(reason, code)
    return {code: reason for reason, code in cards.items()}


@pytest.mark.parametrize("lesson_id", REFUSING_IDS)
@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_forbidden_card_says_why_and_changes_nothing(
    page: Page, open_lesson: OpenLesson, lang: str, lesson_id: str
) -> None:
    page.emulate_media(reduced_motion="reduce")
    lesson = open_lesson(page, lang, lesson_id)
    tried = 0
    for move in _paths(lesson.data)[0]:
        index = move[0]
        for code, reason in _one_card_per_reason(lesson.data["nodes"][index]).items():
            lesson.card(code).click()
            message = lesson.data["reasons"][reason]["message"]
            lesson.check(lesson.expected_at(index, [message], {code: "refused"}))
            tried += 1
        lesson.make(move)
        lesson.check(lesson.expected_after(move))
    assert tried > 0


def _tab_to(page: Page, selector: str) -> None:
    """Press Tab until the focused element matches `selector`."""
    for _ in range(80):
        if page.evaluate("(s) => document.activeElement?.matches(s) ?? false", selector):
            return
        page.keyboard.press("Tab")
    raise AssertionError(f"Tab never reached {selector}")


def _arrow_to(page: Page, code: str) -> None:
    """Move focus along the hand with the arrow keys until card `code` has it."""
    for _ in range(12):
        if page.evaluate("document.activeElement?.dataset.card") == code:
            return
        page.keyboard.press("ArrowRight")
    raise AssertionError(f"the arrow keys never reached the card {code}")


def test_a_lesson_is_completed_with_the_keyboard_only(
    page: Page, open_lesson: OpenLesson, site_dir: Path, site_url: str
) -> None:
    page.emulate_media(reduced_motion="reduce")
    lesson = open_lesson(page, "ca", LESSON_IDS[0])
    path = _paths(lesson.data)[0]
    assert {card is None for _, card in path} == {True, False}, "needs plays and a Continue"
    keys = iter(["Enter", "Space"] * len(path))
    for move in path:
        card = move[1]
        if card is None:
            _tab_to(page, "section.lesson button[data-action='next']")
        else:
            _tab_to(page, "section.lesson button[data-card]")
            expect(lesson.root.locator("button[data-card][tabindex='0']")).to_have_count(1)
            _arrow_to(page, card)
        page.keyboard.press(next(keys))
        lesson.check(lesson.expected_after(move))
    expect(page.locator(":focus")).to_have_attribute("data-action", "next-lesson")
    page.keyboard.press("Enter")
    expect(page).to_have_url(site_url + _lesson_path(site_dir, "ca", LESSON_IDS[1]))


@pytest.mark.parametrize("lang", LANGUAGES)
def test_completion_is_shown_on_the_lessons_index_after_a_reload(
    page: Page, open_lesson: OpenLesson, lang: str
) -> None:
    page.emulate_media(reduced_motion="reduce")
    done = [LESSON_IDS[0], LESSON_IDS[-1]]
    for lesson_id in done:
        lesson = open_lesson(page, lang, lesson_id)
        lesson.walk(_paths(lesson.data)[0])
    assert json.loads(page.evaluate(f"localStorage.getItem('{STORE_KEY}')")) == done
    page.get_by_role("link", name=lesson.strings["back_to_lessons"]).click()
    page.reload()
    for lesson_id in LESSON_IDS:
        mark = page.locator(f"[data-lesson-progress='{lesson_id}']")
        if lesson_id in done:
            expect(mark).to_have_attribute("data-done", "true")
            expect(mark).to_have_text(lesson.strings["completed"])
        else:
            expect(mark).to_have_count(1)
            expect(mark).not_to_have_attribute("data-done", "true")


def test_taps_wait_while_the_outcome_is_animated(page: Page, open_lesson: OpenLesson) -> None:
    lesson = open_lesson(page, "ca", "trick")
    first, second = _paths(lesson.data)[0][:2]
    assert first[1] and second[1], "the lesson should open with two plays"
    seen = page.evaluate(
        """([first, second]) => {
            const root = document.querySelector("section.lesson");
            root.querySelector(`button[data-card='${first}']`).click();
            const before = [root.dataset.busy, root.dataset.step];
            root.querySelector(`button[data-card='${second}']`).click();
            return before.concat(root.dataset.step);
        }""",
        [first[1], second[1]],
    )
    step = str(lesson.data["nodes"][second[0]]["step"])
    assert seen == ["true", step, step]
    lesson.check(lesson.expected_after(first))
    lesson.make(second)
    lesson.check(lesson.expected_after(second))


def _violations(page: Page) -> list[str]:
    results = Axe().run(page, context="section.lesson")
    return [
        f"{violation['id']}: {violation['help']} ({len(violation['nodes'])} nodes)"
        for violation in results.response["violations"]
    ]


AXE_CASES = [("ca", lesson_id) for lesson_id in LESSON_IDS] + [
    ("fr", "follow"),
    ("es", "cants"),
    ("pt", "ruff"),
]


@pytest.mark.parametrize(("lang", "lesson_id"), AXE_CASES)
def test_axe_finds_nothing_initially_in_play_and_completed(
    page: Page, open_lesson: OpenLesson, lang: str, lesson_id: str
) -> None:
    page.emulate_media(reduced_motion="reduce")
    lesson = open_lesson(page, lang, lesson_id)
    found = {"initial": _violations(page)}
    path = _paths(lesson.data)[0]
    first_play = next(i for i, (_, card) in enumerate(path) if card is not None)
    lesson.walk(path[:first_play])
    refusals = lesson.data["nodes"][path[first_play][0]].get("refusals", {})
    if refusals:
        lesson.card(next(iter(refusals))).click()
        expect(lesson.root.locator("[data-verdict='refused']")).to_have_count(1)
        found["refused"] = _violations(page)
    lesson.walk(path[first_play : first_play + 1])
    found["in play"] = _violations(page)
    lesson.walk(path[first_play + 1 :])
    found["completed"] = _violations(page)
    assert {state: violations for state, violations in found.items() if violations} == {}
    assert len(found) >= 3


@pytest.mark.parametrize("lang", LANGUAGES)
def test_without_javascript_the_walkthrough_tells_every_step(
    browser: Browser, site_dir: Path, site_url: str, lang: str
) -> None:
    context = browser.new_context(java_script_enabled=False)
    try:
        page = context.new_page()
        for lesson_id in LESSON_IDS:
            page.goto(site_url + _lesson_path(site_dir, lang, lesson_id))
            walkthrough = page.locator("section.lesson .walkthrough")
            expect(walkthrough).to_be_visible()
            expect(page.locator("section.lesson button")).to_have_count(0)
            data = json.loads(page.locator("script[data-lesson-data]").text_content() or "")
            text = " ".join(walkthrough.inner_text().split())
            missing = [
                number
                for number, step in enumerate(data["steps"])
                if " ".join(step["say"].split()) not in text
            ]
            assert len(data["steps"]) >= 3
            assert missing == [], f"{lang} {lesson_id}: steps without their narration"
    finally:
        context.close()


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lesson_id", LESSON_IDS)
def test_screenshots_start_in_play_and_complete(
    page: Page,
    open_lesson: OpenLesson,
    screenshot: Callable[[Page, str], Path],
    lesson_id: str,
    size: str,
) -> None:
    width, height = SIZES[size]
    page.set_viewport_size({"width": width, "height": height})
    page.emulate_media(reduced_motion="reduce")
    lesson = open_lesson(page, "ca", lesson_id)
    path = _paths(lesson.data)[0]
    first_play = next(i for i, (_, card) in enumerate(path) if card is not None)
    shots = [screenshot(page, "start")]
    lesson.walk(path[: first_play + 1])
    shots.append(screenshot(page, "in-play"))
    lesson.walk(path[first_play + 1 :])
    shots.append(screenshot(page, "complete"))
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    assert all(shot.stat().st_size > 10_000 for shot in shots)


def test_on_a_phone_continue_is_under_the_narration_not_below_the_table(
    page: Page, open_lesson: OpenLesson
) -> None:
    page.set_viewport_size({"width": SIZES["phone"][0], "height": SIZES["phone"][1]})
    lesson = open_lesson(page, "ca", LESSON_IDS[0])
    assert lesson.data["nodes"][lesson.data["start"]]["action"] == "continue"
    say, button, felt = (
        lesson.root.locator(selector).bounding_box()
        for selector in ("[data-say]", "button[data-action='next']", ".felt")
    )
    assert say and button and felt
    assert say["y"] + say["height"] <= button["y"]
    assert button["y"] + button["height"] <= felt["y"]


def test_on_a_phone_a_refusal_shows_its_reason_with_the_hand(
    page: Page, open_lesson: OpenLesson
) -> None:
    width, height = SIZES["phone"]
    page.set_viewport_size({"width": width, "height": height})
    page.emulate_media(reduced_motion="reduce")
    lesson = open_lesson(page, "ca", "follow")
    start = lesson.data["start"]
    code, reason = next(iter(lesson.data["nodes"][start]["refusals"].items()))
    lesson.card(code).click()
    message = lesson.data["reasons"][reason]["message"]
    lesson.check(lesson.expected_at(start, [message], {code: "refused"}))
    for box in (
        lesson.root.locator("[data-feedback]").bounding_box(),
        lesson.card(code).bounding_box(),
    ):
        assert box and box["y"] >= -1 and box["y"] + box["height"] <= height + 1
