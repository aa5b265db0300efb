"""The lessons and the rule examples in Firefox (Gecko) and WebKit (Safari's engine).

Chromium runs every lesson in every language (test_lessons.py); here each other engine plays
every lesson of one language (a different one per engine) through its first branch, taps a
refused card and reads the reason, and tries a rule example on the rules page. The moves
come from the page's own lesson data, as in the Chromium runs; clicks are WebDriver clicks,
which scroll the element into view and fail when something covers it.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from tests.other_browsers import Driver, NotClickableError

LANGUAGE_OF = {"firefox": "fr", "webkit": "es"}
WINDOW = (1280, 900)
SETTLE_SECONDS = 30

STATE = """
const root = document.querySelector("[data-lesson]");
const feedback = root.querySelector("[data-feedback]");
const last = feedback.lastElementChild;
const verdicts = {};
for (const b of root.querySelectorAll("button[data-verdict]")) {
    verdicts[b.dataset.card] = b.dataset.verdict;
}
/* the widget has started once its controls exist; until then nothing is settled */
const started = root.querySelector("button[data-action='restart']") !== null;
return {busy: started ? root.dataset.busy || "false" : "not started",
        step: root.dataset.step, status: root.dataset.status, lesson: root.dataset.lesson,
        feedback: last ? last.textContent.trim() : "", verdicts};
"""

LESSON_DATA = 'return JSON.parse(document.querySelector("script[data-lesson-data]").textContent);'


def _settle(driver: Driver, **expected: str) -> dict[str, Any]:
    """Wait until the widget is idle and shows `expected` (step, status, lesson…)."""
    deadline = time.monotonic() + SETTLE_SECONDS
    while True:
        state: dict[str, Any] = driver.run(STATE)
        if state["busy"] == "false" and all(state[k] == v for k, v in expected.items()):
            return state
        if time.monotonic() > deadline:
            raise AssertionError(f"{driver.name}: the widget never showed {expected}: {state}")
        time.sleep(0.05)


def _lesson_urls(site_dir: Path, site_url: str, lang: str) -> list[str]:
    pages = sorted(site_dir.glob(f"{lang}/*/[0-9]-*/index.html"))
    assert len(pages) == 7, pages
    return [site_url + page.relative_to(site_dir).as_posix() for page in pages]


def _first_branch(data: dict[str, Any]) -> Iterator[tuple[int, str | None]]:
    """The nodes of the lesson's first branch, each with its move (None is Continue)."""
    index: int | None = data["start"]
    while index is not None:
        node = data["nodes"][index]
        card = node["accept"][0] if node["action"] == "play" else None
        yield index, card
        outcome = node["continue"] if card is None else node["outcomes"][card]
        index = outcome["next"]


def _open_lesson(driver: Driver, url: str) -> None:
    """Open a lesson page with the widget's pacing at zero (its documented test hook), so
    every outcome shows at once instead of beat by beat."""
    driver.open(url)
    driver.run("window.tute.pace = 0;")


def _move(driver: Driver, card: str | None) -> None:
    """Click the card, or Continue, once a tap would reach it (a control may fade in, or a
    card slide past it, after a beat)."""
    selector = (
        "[data-lesson] button[data-action='next']"
        if card is None
        else f"[data-lesson] button[data-card='{card}']"
    )
    _when_clickable(lambda: driver.click(selector))


def _when_clickable(click: Callable[[], None]) -> None:
    """Try a click until it reaches its element, as a user waits for a control to show."""
    deadline = time.monotonic() + SETTLE_SECONDS
    while True:
        try:
            click()
            return
        except NotClickableError:
            if time.monotonic() > deadline:
                raise
            time.sleep(0.05)


def test_every_lesson_is_completed(
    driver: Driver, site_dir: Path, site_url: str, artifacts_dir: Path
) -> None:
    lang = LANGUAGE_OF[driver.name]
    for url in _lesson_urls(site_dir, site_url, lang):
        _open_lesson(driver, url)
        data = driver.run(LESSON_DATA)
        assert data["lang"] == lang
        _settle(driver, lesson=data["id"], step=str(data["nodes"][data["start"]]["step"]))
        for index, card in _first_branch(data):
            node = data["nodes"][index]
            _settle(driver, step=str(node["step"]), status="playing")
            _move(driver, card)
        _settle(driver, status="complete")
        completed = driver.run('return localStorage.getItem("tute.lessons.completed")')
        assert data["id"] in (completed or "")
    driver.screenshot(artifacts_dir / f"{driver.name}-{lang}-last-lesson-complete.png")


def test_a_refused_card_says_why(driver: Driver, site_dir: Path, site_url: str) -> None:
    lang = LANGUAGE_OF[driver.name]
    for url in _lesson_urls(site_dir, site_url, lang):
        _open_lesson(driver, url)
        data = driver.run(LESSON_DATA)
        for index, card in _first_branch(data):
            node = data["nodes"][index]
            _settle(driver, lesson=data["id"], step=str(node["step"]), status="playing")
            if node.get("refusals"):
                refused, reason = next(iter(node["refusals"].items()))
                _move(driver, refused)
                deadline = time.monotonic() + SETTLE_SECONDS
                while (state := driver.run(STATE))["verdicts"] != {refused: "refused"}:
                    assert time.monotonic() < deadline, f"{refused} was never refused: {state}"
                    time.sleep(0.05)
                assert state["feedback"] == data["reasons"][reason]["message"]
                assert (state["step"], state["status"]) == (str(node["step"]), "playing")
                return
            _move(driver, card)
    raise AssertionError(f"no lesson in {lang} refuses a card on its first branch")


EXAMPLE = """
const figure = document.querySelector("[data-example]");
const data = JSON.parse(figure.querySelector("script[data-example-data]").textContent);
return data;
"""

FIRST_EXAMPLE_CARD = """
const figure = document.querySelector("[data-example]");
figure.scrollIntoView({block: "center"});  /* a reader scrolls to it; off screen it is not drawn */
return figure.querySelector(`button[data-card="${arguments[0]}"]`);
"""

EXAMPLE_STATE = """
const figure = document.querySelector("[data-example]");
const card = figure.querySelector(`button[data-card="${arguments[0]}"]`);
const feedback = figure.querySelector("[data-feedback]").textContent.trim();
return {verdict: card.dataset.verdict || null, feedback};
"""


def test_a_rule_example_answers_a_tap(driver: Driver, site_dir: Path, site_url: str) -> None:
    lang = LANGUAGE_OF[driver.name]
    rules = sorted(site_dir.glob(f"{lang}/*/index.html"))
    page = next(p for p in rules if "data-example-data" in p.read_text(encoding="utf-8"))
    driver.open(site_url + page.relative_to(site_dir).as_posix())
    data = driver.run(EXAMPLE)
    refused, refusal = next(iter(data["refusals"].items()))
    legal = data["legal"][0]
    for card, verdict, message in (
        (refused, "refused", refusal["message"]),
        (legal, "legal", None),
    ):
        _when_clickable(lambda card=card: driver.click_found(FIRST_EXAMPLE_CARD, card))
        deadline = time.monotonic() + SETTLE_SECONDS
        while (state := driver.run(EXAMPLE_STATE, card))["verdict"] != verdict:
            assert time.monotonic() < deadline, f"{driver.name}: {card} never became {verdict}"
            time.sleep(0.05)
        if message is not None:
            assert message in state["feedback"]
