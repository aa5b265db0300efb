"""The "Play a hand" page in Firefox (Gecko) and WebKit (Safari's engine): a whole hand
played to the end through the markup contract, with one refusal, a hint, a takeback, the
review, and a reload that resumes the hand. Every lit card is checked against the Python
engine. Clicks are WebDriver clicks, which fail when something covers the control."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

from engine import Game, card_code
from tests.browser.test_play import PAGES, STATE, _expected_refusal
from tests.other_browsers import Driver, NotClickableError

LANGUAGE_OF = {"firefox": "fr", "webkit": "es"}
WINDOW = (390, 844)
SETTLE_SECONDS = 60
DEAL = 1203
READY = """
const root = document.querySelector("[data-play]");
if (!root || !window.tute || !window.tute.plays) return false;
const next = root.querySelector("button[data-action='next']");
return root.dataset.status !== "playing" || Boolean(next && !next.hidden)
  || root.querySelector(".hand").dataset.mode === "play";
"""


def _until(driver: Driver, script: str, what: str) -> Any:
    """Poll `script` until it returns something true, as a user waits for the machine."""
    deadline = time.monotonic() + SETTLE_SECONDS
    while not (value := driver.run(script)):
        if time.monotonic() > deadline:
            raise AssertionError(f"{driver.name}: {what} never happened")
        time.sleep(0.05)
    return value


def _ready(driver: Driver) -> dict[str, Any]:
    _until(driver, READY, "the page waiting for the learner")
    state: dict[str, Any] = driver.run(f"return ({STATE})();")
    return state


def _click(driver: Driver, selector: str) -> None:
    deadline = time.monotonic() + SETTLE_SECONDS
    while True:
        try:
            driver.click(selector)
            return
        except NotClickableError:
            if time.monotonic() > deadline:
                raise
            time.sleep(0.05)


STARTED = """
if (window.beforeOpen || !(window.tute && window.tute.plays)) return false;
window.tute.pace = 0;
return true;
"""
"""The new page has started (not the one before it, marked `beforeOpen`): pace it at zero."""


def _open(driver: Driver, url: str) -> None:
    driver.run("window.beforeOpen = true;")
    driver.open(url)
    _until(driver, STARTED, "the page starting")


def test_a_whole_hand_with_the_coach_and_a_reload(
    driver: Driver, site_url: str, artifacts_dir: Path
) -> None:
    lang = LANGUAGE_OF[driver.name]
    _open(driver, f"{site_url}{PAGES[lang]}?{driver.name}#deal={DEAL}")
    driver.run("localStorage.removeItem('tute.play');")
    _open(driver, f"{site_url}{PAGES[lang]}?{driver.name}-fresh#deal={DEAL}")
    seen: set[str] = set()
    for _ in range(200):
        state = _ready(driver)
        if state["status"] != "playing":
            break
        if state["held"]:
            _click(driver, "[data-play] button[data-action='next']")
            continue
        game = Game.from_code(state["code"])
        legal = {card_code(card) for card in game.legal_plays}
        assert {code for code, lit in state["hand"] if lit == "true"} == legal
        refused = [code for code, lit in state["hand"] if lit == "false"]
        if "refusal" not in seen and refused:
            _click(driver, f"[data-play] .hand button[data-card='{refused[0]}']")
            line = driver.run(
                "const p = document.querySelectorAll('[data-feedback] p');"
                "return p[p.length - 1].textContent;"
            )
            assert line == _expected_refusal(lang, game, refused[0])
            seen.add("refusal")
        if "hint" not in seen:
            _click(driver, "[data-play] button[data-action='hint']")
            hinted = _until(
                driver,
                "const b = document.querySelector('.hand button[data-verdict=\"hint\"]');"
                "return b && b.dataset.card;",
                "a hint",
            )
            assert hinted in legal
            seen.add("hint")
        card = sorted(legal)[0]
        _click(driver, f"[data-play] .hand button[data-card='{card}']")
        if "takeback" not in seen:
            _click(driver, "[data-play] button[data-action='takeback']")
            assert _ready(driver)["code"] == state["code"]
            seen.add("takeback")
            continue
        if "reload" not in seen and len(game.hand(0)) == 6:
            before = _ready(driver)
            while before["mode"] != "play" and before["status"] == "playing":
                _click(driver, "[data-play] button[data-action='next']")
                before = _ready(driver)
            driver.run("window.beforeOpen = true; location.reload();")
            _until(driver, STARTED, "the reload")
            after = _ready(driver)
            assert (after["deal"], after["code"]) == (before["deal"], before["code"])
            seen.add("reload")
    assert state["status"] in ("hand-over", "match-over")
    assert seen == {"refusal", "hint", "takeback", "reload"}
    assert [state["us"], state["them"]] == list(Game.from_code(state["code"]).points)
    _click(driver, "[data-play] button[data-action='review']")
    _until(
        driver,
        "const r = document.querySelector('[data-play] .review');"
        "return r && !r.hidden && Boolean(r.querySelector('.review-basis'));",
        "the review",
    )
    driver.screenshot(artifacts_dir / f"{driver.name}-{lang}-play-review.png")
