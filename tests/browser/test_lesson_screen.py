"""A lesson owns the screen of a phone: played by taps alone, with no scroll, to the end.

A learner on a 360x640 touch screen opens lesson 1, taps the start control, which is on the
first screen, and then only taps what is on screen at that moment (the card the lesson
accepts, Continue, Next lesson): never a scroll. At every settled moment the narration, the
table, every card of the hand and the newest feedback line are inside the viewport, and at
the end the completion card shows all it holds. The pacing is zero (`window.tute.pace = 0`).

At the four viewports of the review, every moment of the seven lessons is also measured:
no label of the table overlaps another label or a card, no text of the widget is under
12 px, every control is at least 44x44 px, and the coach panel holds all it says.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from lesson_compiler import load_lessons, read_languages

ROOT = Path(__file__).resolve().parents[2]
LANGUAGES = [language.code for language in read_languages(ROOT / "locales")]
LESSONS, _ = load_lessons(ROOT / "lessons", ROOT)
VIEWPORTS = {
    "360x640": (360, 640),
    "390x844": (390, 844),
    "768x1024": (768, 1024),
    "1366x768": (1366, 768),
}

SETTLE = """async () => {
    const root = document.querySelector("section.lesson");
    const frame = () => new Promise((done) => requestAnimationFrame(() => done(null)));
    for (let n = 0; n < 900 && root.dataset.busy !== "false"; n++) await frame();
    await frame();
}"""

ON_SCREEN = """() => {
    const root = document.querySelector("section.lesson");
    const problems = [];
    const shown = (el) => Boolean(el) && el.getClientRects().length > 0;
    const inside = (name, el, box) => {
        const r = el.getBoundingClientRect();
        if (!(r.width > 0 && r.height > 0) || r.left < box.left - 0.5 || r.top < box.top - 0.5 ||
            r.right > box.right + 0.5 || r.bottom > box.bottom + 0.5) {
            problems.push(`${name} is not inside ${box === screen ? "the screen" : "its box"}`);
        }
    };
    const screen = { left: 0, top: 0, right: innerWidth, bottom: innerHeight };
    inside("the narration", root.querySelector("[data-say]"), screen);
    inside("the table", root.querySelector(".felt"), screen);
    const lines = root.querySelector("[data-feedback]").children;
    if (lines.length) inside("the newest feedback line", lines[lines.length - 1], screen);
    if (root.dataset.status === "complete") {
        const done = root.querySelector(".done");
        inside("the completion card", done, screen);
        const box = done.getBoundingClientRect();
        for (const child of done.querySelectorAll(
            ".done-title, .done-summary, .recap, .done-score, .done-progress")) {
            if (shown(child)) inside(child.className, child, box);
        }
        if (done.scrollHeight > done.clientHeight + 1) {
            problems.push("the completion card overflows");
        }
    } else {
        for (const card of root.querySelectorAll(".hand button[data-card]")) {
            inside(`the hand's ${card.dataset.card}`, card, screen);
        }
    }
    return { problems, scroll: [scrollX, scrollY], full: root.hasAttribute("data-full") };
}"""

MEASURE = """() => {
    const root = document.querySelector("section.lesson");
    const problems = [];
    const shown = (el) =>
        el.getClientRects().length > 0 && getComputedStyle(el).visibility !== "hidden";
    const name = (el) =>
        el.className ? `${el.localName}.${String(el.className).split(" ")[0]}` : el.localName;
    const hidden = (el) => el.closest(".visually-hidden, .sizer, [hidden]");
    /* labels of the table: none overlaps another, nor a card it does not belong to */
    const labels = Array.from(root.querySelectorAll(
        ".felt .seat-name, .felt .dealer, .felt .face-up-note, .felt .badge, .felt .turn, " +
        ".felt .trump-label, .felt .trump-played, .felt .count, .felt .wins, .felt .tools button",
    )).filter((el) => shown(el) && !hidden(el));
    const cards = Array.from(root.querySelectorAll(
        ".felt .seat-cards img, .felt .seat-cards .back, .felt .hand .card-button, " +
        ".felt .trick .played",
    )).filter(shown);
    const overlap = (a, b) => {
        const r = a.getBoundingClientRect();
        const q = b.getBoundingClientRect();
        return Math.min(r.right, q.right) - Math.max(r.left, q.left) > 0.5 &&
            Math.min(r.bottom, q.bottom) - Math.max(r.top, q.top) > 0.5;
    };
    labels.forEach((a, i) => {
        for (const b of labels.slice(i + 1)) {
            if (!a.contains(b) && !b.contains(a) && overlap(a, b)) {
                problems.push(`${name(a)} "${a.textContent}" overlaps ${name(b)}`);
            }
        }
        for (const card of cards) {
            if (!card.contains(a) && overlap(a, card)) {
                problems.push(`${name(a)} "${a.textContent}" covers ${name(card)}`);
            }
        }
    });
    /* every text of the widget and its start control at 12 px or more */
    for (const el of root.querySelectorAll(".widget *, .lesson-start *")) {
        if (hidden(el) || !shown(el)) continue;
        const text = Array.from(el.childNodes).some((n) => n.nodeType === 3 && n.data.trim());
        const size = parseFloat(getComputedStyle(el).fontSize);
        if (text && size < 12) {
            problems.push(`${name(el)} "${el.textContent.trim().slice(0, 30)}" is ${size} px`);
        }
    }
    /* the coach panel holds all it says, with no part clipped */
    const coach = root.querySelector(".coach");
    if (shown(coach) && coach.scrollHeight > coach.clientHeight + 1) {
        problems.push(`the coach panel overflows by ${coach.scrollHeight - coach.clientHeight} px`);
    }
    if (shown(coach) && coach.scrollWidth > coach.clientWidth + 1) {
        problems.push(`the coach panel is ${coach.scrollWidth - coach.clientWidth} px too wide`);
    }
    /* every control at least 44 x 44 px */
    const controls = "section.lesson button, section.lesson a[href], .lesson-start button";
    for (const el of document.querySelectorAll(controls)) {
        if (!shown(el)) continue;
        const r = el.getBoundingClientRect();
        if (r.width < 43.5 || r.height < 43.5) {
            const what = el.dataset.action || el.dataset.card || "";
            problems.push(`${name(el)} ${what} is ${r.width.toFixed()}x${r.height.toFixed()} px`);
        }
    }
    return problems;
}"""


def _lesson_url(site_dir: Path, site_url: str, lang: str, number: int) -> str:
    found = sorted(site_dir.glob(f"{lang}/*/{number}-*/index.html"))
    assert len(found) == 1, found
    return site_url + found[0].relative_to(site_dir).as_posix()


def _tap(page: Page, selector: str) -> None:
    """Tap the centre of what `selector` finds, only if it is on screen and on top there."""
    box = page.locator(selector).bounding_box()
    assert box is not None, f"{selector} is not shown"
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    viewport = page.viewport_size
    assert viewport is not None
    assert 0 <= x < viewport["width"] and 0 <= y < viewport["height"], f"{selector} is off screen"
    on_top = page.evaluate(
        "([s, x, y]) => document.querySelector(s).contains(document.elementFromPoint(x, y))",
        [selector, x, y],
    )
    assert on_top, f"{selector} is covered where a finger would tap it"
    page.touchscreen.tap(x, y)


def _next_move(data: dict[str, Any], index: int) -> tuple[str, dict[str, Any]]:
    """The control to tap at node `index` on the lesson's first path, and its outcome."""
    node = data["nodes"][index]
    if node["action"] == "continue":
        return "section.lesson button[data-action='next']", node["continue"]
    card = node["accept"][0]
    return f"section.lesson button[data-card='{card}']", node["outcomes"][card]


def _data(page: Page) -> dict[str, Any]:
    """The lesson data of the page, once its scripts have run; the pacing set to zero."""
    expect(page.locator("[data-action='start']")).to_be_attached()
    page.evaluate("window.tute.pace = 0")
    data: dict[str, Any] = json.loads(page.locator("script[data-lesson-data]").text_content() or "")
    return data


def _check_screen(page: Page, where: str) -> None:
    page.evaluate(SETTLE)
    seen = page.evaluate(ON_SCREEN)
    assert seen == {"problems": [], "scroll": [0, 0], "full": True}, where


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_lesson_is_played_to_the_end_by_taps_on_a_small_phone_without_a_scroll(
    browser: Browser, site_dir: Path, site_url: str, lang: str
) -> None:
    context = browser.new_context(viewport={"width": 360, "height": 640}, has_touch=True)
    try:
        page = context.new_page()
        page.goto(_lesson_url(site_dir, site_url, lang, 1))
        for number, lesson in enumerate(LESSONS, start=1):
            expect(page).to_have_url(_lesson_url(site_dir, site_url, lang, number))
            data = _data(page)
            assert data["id"] == lesson.id
            _tap(page, "[data-action='start']")
            _check_screen(page, f"lesson {number} started")
            index = data["start"]
            while True:
                selector, outcome = _next_move(data, index)
                _tap(page, selector)
                where = f"lesson {number}, node {index}"
                _check_screen(page, where)
                if outcome["next"] is None:
                    break
                index = outcome["next"]
                assert page.locator("section.lesson").get_attribute("data-step") == str(
                    data["nodes"][index]["step"]
                ), where
            expect(page.locator("section.lesson")).to_have_attribute("data-status", "complete")
            if number < len(LESSONS):
                _tap(page, "section.lesson [data-action='next-lesson']")
    finally:
        context.close()


def test_leaving_the_lesson_and_turning_the_phone_keep_it_whole(
    browser: Browser, site_dir: Path, site_url: str
) -> None:
    context = browser.new_context(viewport={"width": 360, "height": 640}, has_touch=True)
    try:
        page = context.new_page()
        page.goto(_lesson_url(site_dir, site_url, "en", 4))
        data = _data(page)
        root = page.locator("section.lesson")
        expect(root.locator(".widget")).not_to_have_attribute("role", "dialog")
        _tap(page, "[data-action='start']")
        expect(root.locator(".widget")).to_have_attribute("role", "dialog")
        expect(page.locator("header").first).to_have_js_property("inert", True)
        selector, outcome = _next_move(data, data["start"])
        _tap(page, selector)
        _check_screen(page, "after the first card")
        page.keyboard.press("Escape")
        expect(root).not_to_have_attribute("data-full", "")
        expect(page.locator(":focus")).to_have_attribute("data-action", "start")
        expect(page.locator("header").first).to_have_js_property("inert", False)
        scrolled = "(y) => { window.scrollTo({ top: y, behavior: 'instant' }); return scrollY; }"
        assert page.evaluate(scrolled, 600) > 0
        assert page.evaluate(scrolled, 0) == 0
        _tap(page, "[data-action='start']")
        step = str(data["nodes"][outcome["next"]]["step"])
        expect(root).to_have_attribute("data-step", step)
        _check_screen(page, "back in the lesson")
        page.set_viewport_size({"width": 640, "height": 360})
        _check_screen(page, "turned sideways")
        page.set_viewport_size({"width": 360, "height": 640})
        _tap(page, "section.lesson [data-action='leave']")
        expect(root).not_to_have_attribute("data-full", "")
    finally:
        context.close()


def test_the_last_trick_can_be_looked_at_again(page: Page, site_dir: Path, site_url: str) -> None:
    page.goto(_lesson_url(site_dir, site_url, "fr", 4))
    data = _data(page)
    page.locator("[data-action='start']").click()
    last = page.locator("section.lesson [data-action='last-trick']")
    expect(last).to_have_attribute("aria-disabled", "true")
    index = data["start"]
    for _ in range(2):  # a trick played, then its words and the next trick led
        selector, outcome = _next_move(data, index)
        page.locator(selector).click()
        index = outcome["next"]
    trick = page.locator("section.lesson .trick .played")
    codes = "(els) => els.map((e) => e.dataset.card)"
    first = next(e for e in data["events"] if e["type"] == "trick")
    now = trick.evaluate_all(codes)
    assert now and now != first["cards"]
    last.click()
    expect(last).to_have_attribute("aria-pressed", "true")
    expect(trick).to_have_count(len(first["cards"]))
    expect(trick.first).to_have_attribute("data-card", first["cards"][0])
    assert trick.evaluate_all(codes) == first["cards"]
    expect(page.locator("section.lesson .trick .played[data-wins]")).to_have_count(1)
    last.click()
    expect(last).to_have_attribute("aria-pressed", "false")
    expect(trick).to_have_count(len(now))
    expect(trick.first).to_have_attribute("data-card", now[0])
    assert trick.evaluate_all(codes) == now


@pytest.mark.parametrize("viewport", VIEWPORTS)
def test_no_label_overlaps_no_text_is_small_and_every_control_is_big_enough(
    page: Page, site_dir: Path, site_url: str, viewport: str
) -> None:
    """Every settled moment of the first path of each lesson, in one language per viewport."""
    width, height = VIEWPORTS[viewport]
    page.set_viewport_size({"width": width, "height": height})
    lang = LANGUAGES[list(VIEWPORTS).index(viewport) % len(LANGUAGES)]
    found: list[str] = []
    for number in range(1, len(LESSONS) + 1):
        page.goto(_lesson_url(site_dir, site_url, lang, number))
        data = _data(page)
        found += [f"lesson {number} page: {p}" for p in page.evaluate(MEASURE)]
        page.locator("[data-action='start']").click()
        index = data["start"]
        while True:
            page.evaluate(SETTLE)
            found += [f"lesson {number} node {index}: {p}" for p in page.evaluate(MEASURE)]
            selector, outcome = _next_move(data, index)
            page.locator(selector).click()
            if outcome["next"] is None:
                break
            index = outcome["next"]
        page.evaluate(SETTLE)
        found += [f"lesson {number} complete: {p}" for p in page.evaluate(MEASURE)]
    assert found == []
