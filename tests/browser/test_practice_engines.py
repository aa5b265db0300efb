"""The practice page in Firefox (Gecko) and WebKit (Safari's engine): a `legal` question
checked with a playable and a refused card chosen, its four marks and its reasons, and the
examples with nothing to tap. As in test_other_engines.py, clicks are WebDriver clicks,
which scroll the element into view and fail when something covers it."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

from tests.other_browsers import Driver, NotClickableError

PAGES = {"firefox": "fr/s-entrainer/index.html", "webkit": "es/practicar/index.html"}
WINDOW = (390, 844)
SETTLE_SECONDS = 30

STATE = """
const root = document.querySelector('[data-drill="legal"]');
const cards = {};
for (const b of root.querySelectorAll(".drill-board button[data-card]")) {
    const said = b.querySelector(".visually-hidden");
    cards[b.dataset.card] = [b.dataset.verdict || null, said ? said.textContent.trim() : null];
}
const why = [...root.querySelectorAll("[data-feedback] > p:not(.drill-verdict)")]
    .map((p) => p.textContent);
return {status: root.dataset.status, item: root.dataset.item, cards, why,
        key: [...root.querySelectorAll(".drill-key li")].map((li) => li.dataset.mark)};
"""

EXAMPLES = """
return [...document.querySelectorAll(".worksheet")].map((sheet) => [
    sheet.querySelectorAll("button, a[href], input, [tabindex], [role='button']").length,
    [...sheet.querySelectorAll("img")].filter((i) => getComputedStyle(i).cursor !== "auto").length,
]);
"""


def _settle(driver: Driver, until: str) -> dict[str, Any]:
    deadline = time.monotonic() + SETTLE_SECONDS
    while (state := driver.run(STATE))["status"] != until:
        assert time.monotonic() < deadline, f"{driver.name}: never {until}: {state}"
        time.sleep(0.05)
    return dict(state)


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


def _items(site_dir: Path, path: str) -> list[dict[str, Any]]:
    """The legal bank, each item with its texts in the page's language."""
    lang = path.split("/")[0]
    items, texts = (
        json.loads((site_dir / name).read_text(encoding="utf-8"))["items"]
        for name in ("practice/legal.json", f"practice/{lang}/legal.json")
    )
    return [{**item, "said": said} for item, said in zip(items, texts, strict=True)]


def test_a_checked_hand_is_marked_and_explained(
    driver: Driver, site_dir: Path, site_url: str, artifacts_dir: Path
) -> None:
    path = PAGES[driver.name]
    driver.open(site_url + path)
    assert driver.run(EXAMPLES) == [[0, 0]] * 4, "an example holds something to tap"
    words = driver.run('return JSON.parse(document.querySelector("[data-practice-data]").text)')
    strings = driver.run('return JSON.parse(document.querySelector("[data-widget-strings]").text)')
    bank = _items(site_dir, path)
    _click(driver, '[data-drill="legal"] button[data-action="start"]')
    state = _settle(driver, "asking")
    item = bank[int(state["item"])]
    while len(item["legal"]) == len(item["hand"]):
        _click(driver, '[data-drill="legal"] button[data-action="check"]')
        _settle(driver, "answered")
        _click(driver, '[data-drill="legal"] button[data-action="next"]')
        item = bank[int(_settle(driver, "asking")["item"])]
    refused = next(code for code in item["hand"] if code not in item["legal"])
    for code in (item["legal"][0], refused):
        _click(driver, f'[data-drill="legal"] button[data-card="{code}"]')
    _click(driver, '[data-drill="legal"] button[data-action="check"]')
    state = _settle(driver, "answered")
    for code in item["hand"]:
        legal, chosen = code in item["legal"], code in (item["legal"][0], refused)
        verdict = {(1, 1): "right", (1, 0): "missed", (0, 1): "wrong", (0, 0): "left_out"}[
            (int(legal), int(chosen))
        ]
        sentence = strings[f"card_{verdict}"].format(card=words["the_cards"][code])
        assert state["cards"][code] == [verdict, sentence], (driver.name, code)
    assert "wrong" in state["key"] and "right" in state["key"]
    assert state["why"] == item["said"]["why"]
    driver.screenshot(artifacts_dir / f"{driver.name}-practice-legal-checked.png")
