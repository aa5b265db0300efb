"""The playable lesson widget on the real built site: every lesson in every language.

The tests read each page's embedded lesson data (`script[data-lesson-data]`, see "Compiled
lesson data" in docs/formats.md) to know, at each node, which card to click or whether to
press Continue, then compare what the widget shows (`data-step`, `data-status`, the hand's
`button[data-card]`s, the table, the score, the narration, the feedback, the turn marker and
the controls) with what the data says. The widget's pacing is set to zero
(`window.tute.pace = 0`), so an outcome shows at once; one test keeps the pacing to check
that `data-busy` holds taps back.

At every settled moment, one `page.evaluate` also measures the one-screen promise: the
narration, the newest feedback line, every card of the hand and of the trick on screen and
on top at their index corner (`document.elementFromPoint`), and the table where it was.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Browser, Locator, Page, expect

from lesson_compiler import load_lessons, read_languages
from lesson_compiler.compile import prepare

ROOT = Path(__file__).resolve().parents[2]
LANGUAGES = [language.code for language in read_languages(ROOT / "locales")]
LESSONS, PROBLEMS = load_lessons(ROOT / "lessons", ROOT)
LESSON_IDS = [lesson.id for lesson in LESSONS]
STATES = {lesson.id: prepare(lesson).states for lesson in LESSONS}
ENDS = {lesson.id: prepare(lesson).ends for lesson in LESSONS}
"""Each node's position, from the compiler: the page's data holds only the first node's."""
STORE_KEY = "tute.lessons.completed"
VIEWPORTS = {
    "390x844": (390, 844),
    "360x640": (360, 640),
    "768x1024": (768, 1024),
    "1366x768": (1366, 768),
}

SNAPSHOT = r"""async (root) => {
    const frame = () => new Promise((done) => requestAnimationFrame(() => done(null)));
    /* outcomes are shown beat by beat while data-busy is true, and every change is drawn
       on the next animation frame: wait for both (a stuck widget shows as busy "true") */
    for (let n = 0; n < 900 && root.dataset.busy !== "false"; n++) await frame();
    await frame();
    const shown = (el) => Boolean(el) && el.getClientRects().length > 0;
    const texts = (els) => Array.from(els, (el) => el.textContent.trim()).filter(Boolean);
    const codes = (selector) => Array.from(root.querySelectorAll(selector), (e) => e.dataset.card);
    const problems = [];
    const round = (r) => [r.left, r.top, r.width, r.height].map(Math.round).join(",");
    /* on screen, and not cut by a parent that hides its overflow */
    const visible = (name, el) => {
        const r = el.getBoundingClientRect();
        const inside = (q) => r.left >= q.left - 0.5 && r.top >= q.top - 0.5 &&
            r.right <= q.right + 0.5 && r.bottom <= q.bottom + 0.5;
        if (!(r.width > 0 && r.height > 0) ||
            !inside({ left: 0, top: 0, right: innerWidth, bottom: innerHeight })) {
            problems.push(`${name} is not on screen (${round(r)})`);
            return;
        }
        for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) {
            const style = getComputedStyle(p);
            if (style.overflowX === "visible" && style.overflowY === "visible") continue;
            if (!inside(p.getBoundingClientRect())) problems.push(`${name} is cut off`);
        }
    };
    /* the element itself is what a tap or a look at that point of it meets */
    const onTop = (name, el, fx, fy) => {
        const r = el.getBoundingClientRect();
        const hit = document.elementFromPoint(r.left + r.width * fx, r.top + r.height * fy);
        if (!hit || !el.contains(hit)) {
            problems.push(`${name} is under ${hit ? hit.outerHTML.slice(0, 90) : "nothing"}`);
        }
    };
    const say = root.querySelector("[data-say]");
    visible("the narration", say);
    onTop("the narration", say, 0.05, 0.2);
    const lines = root.querySelector("[data-feedback]").children;
    if (lines.length) {
        visible("the newest feedback line", lines[lines.length - 1]);
        onTop("the newest feedback line", lines[lines.length - 1], 0.5, 0.5);
    }
    const complete = root.dataset.status === "complete";
    if (complete) {
        visible("the completion screen", root.querySelector(".done"));
        const onward = root.querySelector("[data-action='next-lesson'], .coach-actions a");
        visible("the next control", onward);
        onTop("the next control", onward, 0.5, 0.5);
    } else {
        for (const card of root.querySelectorAll("button[data-card]")) {
            visible(`the hand's ${card.dataset.card}`, card);
            onTop(`the index of the hand's ${card.dataset.card}`, card, 0.12, 0.08);
        }
        for (const card of root.querySelectorAll(".trick .played")) {
            visible(`the trick's ${card.dataset.card}`, card);
            onTop(`the index of the trick's ${card.dataset.card}`, card, 0.12, 0.08);
        }
    }
    const wins = root.querySelector(".trick .played[data-wins]");
    const done = root.querySelector(".done");
    const onward = root.querySelector(".coach-actions a");
    return {
        lesson: root.dataset.lesson,
        step: root.dataset.step,
        status: root.dataset.status,
        busy: root.dataset.busy,
        hand: codes("button[data-card]"),
        playable: codes("button[data-card][aria-disabled='false']"),
        mode: root.querySelector(".hand").dataset.mode,
        verdicts: Object.fromEntries(Array.from(root.querySelectorAll("button[data-verdict]"),
            (b) => [b.dataset.card, b.dataset.verdict])),
        marked: codes("button[data-card][data-playable]"),
        trick: codes(".trick .played"),
        wins: wins ? [wins.dataset.card, wins.textContent.trim()] : null,
        score: Array.from(root.querySelectorAll(".score tr"), (tr) => texts(tr.cells)).slice(1),
        say: say.textContent,
        dealer: Array.from(root.querySelectorAll(".seat"))
            .filter((seat) => shown(seat.querySelector(".dealer")))
            .map((seat) => seat.dataset.seat),
        trump_card: root.querySelector(".trump-card img").getAttribute("src").split("#c-")[1],
        feedback: texts(lines),
        turn: root.querySelector(".turn").textContent,
        next: shown(root.querySelector("button[data-action='next']")),
        restart: shown(root.querySelector("button[data-action='restart']")),
        done: shown(done) ? texts(done.querySelectorAll("p")) : null,
        recap: shown(done) ? done.querySelectorAll(".recap img").length : null,
        next_lesson: shown(root.querySelector("button[data-action='next-lesson']")),
        back: shown(onward) ? onward.getAttribute("href") : null,
        problems,
        table: round(root.querySelector(".felt").getBoundingClientRect()),
        scroll: [scrollX, scrollY],
    };
}"""
"""What the lesson widget shows once it has settled and drawn, and what breaks one screen."""

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


def _one_card_per_reason(node: dict[str, Any]) -> dict[str, int]:
    """A forbidden card for each distinct refusal of a node (its index in `reasons`)."""
    cards: dict[int, str] = {}
    for code, reason in node.get("refusals", {}).items():
        cards.setdefault(reason, code)
    return {code: reason for reason, code in cards.items()}


@dataclass
class LessonPage:
    """A lesson page open in the browser, with its lesson data and widget strings.

    `held` is the finished trick the widget keeps on the table, with its winning card,
    until the learner's next card or Continue; `table` the table's place on screen.
    """

    page: Page
    data: dict[str, Any]
    strings: dict[str, str]
    held: tuple[list[str], str] | None = None
    table: str | None = None
    scroll: list[int] = field(default_factory=list)

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

    def _deal(self, step: int, done: bool) -> dict[str, Any]:
        """The deal in force at `step`: the last one of an earlier step (or of `step` itself
        once it is `done`), else the lesson's own."""
        deal: dict[str, Any] = self.data
        for node in self.data["nodes"]:
            earlier = node["step"] < step or (done and node["step"] == step)
            if node["action"] == "continue" and earlier:
                for event in self.events(node["continue"]):
                    if event["type"] == "deal":
                        deal = event
        return deal

    def _table(self, state: dict[str, Any], step: int, done: bool = False) -> dict[str, Any]:
        """What every settled view of a position shows, whatever the controls; `done` when
        the step's own plays, and any deal they begin with, are over."""
        us = self.data["learner"] % 2
        deal = self._deal(step, done)
        trick, wins = self.held or (state["trick"]["cards"], None)
        return {
            "lesson": self.data["id"],
            "step": str(step),
            "busy": "false",
            "hand": state["hands"][self.data["learner"]],
            "trick": trick,
            "wins": [wins, self.strings["wins"]] if wins else None,
            "score": [
                [
                    self.strings["team_us" if team == us else "team_them"],
                    str(state["tricks_won"][team]),
                    str(state["points"][team]),
                ]
                for team in (us, 1 - us)
            ],
            "say": self.data["steps"][step]["say"],
            # a hand the lesson deals later shows its own dealer and trump card
            "dealer": [str(deal["dealer"])],
            "trump_card": deal["trump_card"],
            "restart": True,
        }

    def expected_at(
        self, index: int, feedback: list[str] | None = None, refused: str | None = None
    ) -> dict[str, Any]:
        """Node `index` waiting for the learner: a card to play, or Continue to press."""
        node = self.data["nodes"][index]
        plays = node["action"] == "play"
        # a continue step's plays are announced by the turn marker, unless a new hand comes first
        events = [] if plays else self.events(node["continue"])
        others_play = any(e["type"] == "play" for e in events) and events[0]["type"] != "deal"
        return {
            **self._table(node["state"], node["step"]),
            "status": "playing",
            "playable": node["state"]["hands"][self.data["learner"]] if plays else [],
            "mode": "play" if plays else "wait",
            "verdicts": {refused: "refused"} if refused else {},
            "marked": [
                c
                for c in node["state"]["hands"][self.data["learner"]]
                if refused and c in node["legal"]
            ],
            "feedback": feedback or [],
            "turn": self.strings["your_turn"] if plays else "someone else" if others_play else "",
            "next": not plays,
            "done": None,
            "recap": None,
            "next_lesson": False,
            "back": None,
        }

    def _dealt(self, node: dict[str, Any], outcome: dict[str, Any]) -> bool:
        """Whether the outcome deals a new hand: a card comes into the learner's hand."""
        after = outcome.get("state") or self.data["nodes"][outcome["next"]]["state"]
        learner = self.data["learner"]
        return not set(after["hands"][learner]) <= set(node["state"]["hands"][learner])

    def _hold(self, node: dict[str, Any], outcome: dict[str, Any]) -> None:
        """Update `held` after an outcome: its last trick if no card follows it; none once a
        card is played or a new hand dealt; else the trick held before stays."""
        events = self.events(outcome)
        last_play = max((i for i, e in enumerate(events) if e["type"] == "play"), default=-1)
        tricks = [e for e in events[last_play + 1 :] if e["type"] == "trick"]
        if tricks:
            trick = node["state"]["trick"]
            seat_of = {card: (trick["leader"] + i) % 4 for i, card in enumerate(trick["cards"])}
            seat_of.update({e["card"]: e["seat"] for e in events if e["type"] == "play"})
            last = tricks[-1]
            wins = next(c for c in last["cards"] if seat_of[c] == last["winner"])
            self.held = (last["cards"], wins)
        elif last_play >= 0 or self._dealt(node, outcome):
            self.held = None

    def expected_after(self, move: Move) -> dict[str, Any]:
        """The outcome of a move: the next node, or the lesson complete."""
        index, card = move
        node = self.data["nodes"][index]
        outcome = node["continue"] if card is None else node["outcomes"][card]
        told = [event["text"] for event in self.events(outcome) if "text" in event]
        if self._dealt(node, outcome):
            told = [self.strings["new_deal"], *told]
        self._hold(node, outcome)
        if outcome["next"] is not None:
            return self.expected_at(outcome["next"], feedback=told)
        next_url = self.root.get_attribute("data-next-url")
        us = self.data["learner"] % 2
        points = outcome["state"]["points"]
        stored = json.loads(self.page.evaluate(f"localStorage.getItem('{STORE_KEY}')") or "[]")
        return {
            **self._table(outcome["state"], node["step"], done=True),
            "status": "complete",
            "playable": [],
            "mode": "wait",
            "verdicts": {},
            "marked": [],
            "feedback": told,
            "turn": "",
            "next": False,
            "done": [
                self.strings["complete"],
                self.data["summary"],
                _fill(self.strings["final_score"], us=points[us], them=points[1 - us]),
                _fill(self.strings["progress"], done=len(stored), total=len(LESSON_IDS)),
            ],
            "recap": len(self.data["recap"]),
            "next_lesson": bool(next_url),
            "back": None if next_url else self.root.get_attribute("data-lessons-url"),
        }

    def check(self, expected: dict[str, Any]) -> dict[str, Any]:
        """The widget shows `expected` on one screen, the table where it was; another seat's
        turn is any text but "your turn". Returns what was shown."""
        shown = self.shown()
        if expected["turn"] == "someone else" and shown["turn"] not in (
            "",
            self.strings["your_turn"],
        ):
            shown["turn"] = "someone else"
        assert shown.pop("problems") == [], f"step {shown['step']}"
        table, scroll = shown.pop("table"), shown.pop("scroll")
        self.table = self.table or table
        self.scroll = self.scroll or scroll
        assert (table, scroll) == (self.table, self.scroll), "the table moved"
        assert shown == expected
        return shown

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

    def restart(self) -> None:
        self.action("restart").click()
        self.held = None
        self.check(self.expected_at(self.data["start"]))


def _fill(template: str, **values: object) -> str:
    """A widget string with its `{name}` placeholders filled, as the widget fills them."""
    return re.sub(r"\{(\w+)\}", lambda m: str(values[m.group(1)]), template)


def _walkthrough_narrations(root: Locator) -> list[str]:
    """Each step's narration as the page's walkthrough tells it, by step."""
    told = root.locator(".walkthrough [data-step-say]")
    said = dict(
        zip(
            told.evaluate_all("els => els.map((el) => el.dataset.stepSay)"),
            told.all_text_contents(),
            strict=True,
        )
    )
    return [said[str(step)] for step in range(len(said))]


def _open(page: Page, url: str) -> LessonPage:
    """Go to a lesson page (unless the page is there), wait for the widget, set its pacing
    to zero and start the lesson, which then takes the whole screen."""
    if page.url != url:
        page.goto(url, wait_until="domcontentloaded")
    root = page.locator("section.lesson")
    expect(root).to_have_attribute("data-busy", "false")
    page.evaluate("window.tute.pace = 0")
    page.locator("[data-action='start']").click()
    expect(root).to_have_attribute("data-full", "")
    data = json.loads(root.locator("script[data-lesson-data]").text_content() or "")
    # each step's narration is the walkthrough's, which the data does not repeat
    for step, say in zip(data["steps"], _walkthrough_narrations(root), strict=True):
        step.setdefault("say", say)
    for node, state in zip(data["nodes"], STATES[data["id"]], strict=True):
        assert node.get("state", state) == state
        node["state"] = state
    # the positions the lesson ends in, which the widget restores from the events as well
    for (index, card), state in ENDS[data["id"]].items():
        node = data["nodes"][index]
        outcome = node["continue"] if card is None else node["outcomes"][card]
        assert "state" not in outcome
        outcome["state"] = state
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


def _play_on_one_screen(
    lesson: LessonPage, paths: list[list[Move]], shoot: Callable[[str], object]
) -> None:
    """Play `paths`, restarting between them; at every node try one card per refusal and,
    on a Continue step, a card; check every settled moment. `shoot` is called at the start,
    at the first refusal, after the first move and at the end, with the moment's name."""
    lesson.check(lesson.expected_at(lesson.data["start"]))
    shoot("start")
    for number, path in enumerate(paths):
        if number:
            lesson.restart()
        for step, move in enumerate(path):
            index = move[0]
            node = lesson.data["nodes"][index]
            for code, reason in _one_card_per_reason(node).items():
                lesson.card(code).click()
                message = lesson.data["reasons"][reason]["message"]
                lesson.check(lesson.expected_at(index, [message], code))
                if not number:
                    shoot("refusal")
            hand = lesson.expected_at(index)["hand"]
            if node["action"] == "continue" and hand:
                lesson.card(hand[0]).click(force=True)
                lesson.check(lesson.expected_at(index, [lesson.strings["press_continue"]]))
            lesson.make(move)
            lesson.check(lesson.expected_after(move))
            if (number, step) == (0, 0):
                shoot("first-move")
    shoot("complete")


SHOWN_LESSONS = ("follow", "cants")
"""The lessons whose moments are kept as screenshots: a refusal, a trick won, cants, the end."""


@pytest.mark.parametrize("viewport", VIEWPORTS)
@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_lesson_is_played_on_one_screen(
    page: Page,
    open_lesson: OpenLesson,
    screenshot: Callable[..., Path],
    site_dir: Path,
    site_url: str,
    lang: str,
    viewport: str,
) -> None:
    """The seven lessons in a row, following the next-lesson control: every branch in the
    first language on the first viewport, one branch elsewhere (a different one per language,
    since branching depends on neither)."""
    width, height = VIEWPORTS[viewport]
    page.set_viewport_size({"width": width, "height": height})
    everything = (lang, viewport) == (LANGUAGES[0], next(iter(VIEWPORTS)))
    for number, lesson_id in enumerate(LESSON_IDS):
        lesson = open_lesson(page, lang, lesson_id)
        assert (lesson.data["id"], lesson.data["lang"]) == (lesson_id, lang)
        if number == 0:
            expect(page.locator(".walkthrough")).to_be_hidden()
            expect(lesson.root.locator("[data-feedback]")).to_have_attribute("aria-live", "polite")
        start = lesson.data["start"]
        names = re.findall(r'- button "(.*)"', lesson.root.locator(".hand").aria_snapshot())
        assert names == [lesson.data["cards"][code] for code in lesson.expected_at(start)["hand"]]
        paths = _paths(lesson.data)
        if not everything:
            paths = [paths[LANGUAGES.index(lang) % len(paths)]]

        def shoot(moment: str, lesson_id: str = lesson_id) -> None:
            if lesson_id in SHOWN_LESSONS:
                screenshot(page, f"{lesson_id}-{moment}", full_page=False)

        _play_on_one_screen(lesson, paths, shoot)
        assert page.evaluate("document.documentElement.scrollWidth") <= width
        next_url = lesson.root.get_attribute("data-next-url")
        assert bool(next_url) == (lesson_id != LESSON_IDS[-1])
        if next_url:
            lesson.action("next-lesson").click()
            following = LESSON_IDS[number + 1]
            expect(page).to_have_url(site_url + _lesson_path(site_dir, lang, following))


def test_restart_mid_lesson_returns_to_the_start_hand(page: Page, open_lesson: OpenLesson) -> None:
    for lesson_id in LESSON_IDS:
        lesson = open_lesson(page, "es", lesson_id)
        lesson.walk(_paths(lesson.data)[0][:2])
        lesson.restart()


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
    # the progress marks' strings are the index's own: a lesson page does not carry them
    strings = json.loads(page.locator("script[data-widget-strings]").text_content() or "")
    resume = page.locator("[data-lesson-resume] a")
    title = page.locator(".lesson-list li").nth(1).locator(".lesson-title").text_content() or ""
    expect(resume).to_have_text(_fill(strings["resume"], title=title.strip()))
    expect(resume).to_have_attribute("href", re.compile(r"/?2-[^/]+/index\.html$"))
    for lesson_id in LESSON_IDS:
        mark = page.locator(f"[data-lesson-progress='{lesson_id}']")
        if lesson_id in done:
            expect(mark).to_have_attribute("data-done", "true")
            expect(mark).to_have_text(strings["completed"])
        else:
            expect(mark).to_have_count(1)
            expect(mark).not_to_have_attribute("data-done", "true")


def test_taps_wait_while_the_outcome_is_animated(page: Page, open_lesson: OpenLesson) -> None:
    lesson = open_lesson(page, "ca", "trick")
    page.evaluate("window.tute.pace = 1")
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
            narrations = _walkthrough_narrations(page.locator("section.lesson"))
            missing = [
                number
                for number, say in enumerate(narrations)
                if not say.strip() or " ".join(say.split()) not in text
            ]
            assert len(data["steps"]) == len(narrations) >= 3
            assert missing == [], f"{lang} {lesson_id}: steps without their narration"
    finally:
        context.close()
