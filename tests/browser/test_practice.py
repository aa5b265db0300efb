"""The practice page in Chromium, through its markup contract: every drill answered right
and wrong against its bank, difficulty rising, the keyboard, the best streak kept, the
worksheets without JavaScript, axe, the site opened from disk, and screenshots."""

from __future__ import annotations

import json
import posixpath
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Browser, Locator, Page, expect

from lesson_compiler import DRILLS

PAGES = {
    "ca": "ca/practicar/index.html",
    "en": "en/practice/index.html",
    "es": "es/practicar/index.html",
    "fr": "fr/s-entrainer/index.html",
    "pt": "pt/praticar/index.html",
}


# A fixed sequence for the page's Math.random (mulberry32), so a test that measures the
# questions it is shown measures the same ones on every run.
SEEDED_RANDOM = """
(() => {
  let state = 20261130;
  Math.random = () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
})();
"""


def _open(page: Page, url: str) -> None:
    page.emulate_media(reduced_motion="reduce")
    page.goto(url)


def _strings(page: Page) -> dict[str, str]:
    text = page.locator("script[data-widget-strings]").text_content() or "{}"
    return dict(json.loads(text))


def _bank(site_dir: Path, path: str, root: Locator) -> list[dict[str, Any]]:
    bank = posixpath.join(posixpath.dirname(path), root.get_attribute("data-bank") or "")
    data = json.loads((site_dir / posixpath.normpath(bank)).read_text(encoding="utf-8"))
    return list(data["items"])


def _start(page: Page, drill: str) -> Locator:
    root = page.locator(f'[data-drill="{drill}"]')
    root.locator('button[data-action="start"]').click()
    # The bank is fetched once per page: give a loaded machine time.
    expect(root).to_have_attribute("data-status", "asking", timeout=20_000)
    return root


def _question(root: Locator, bank: list[dict[str, Any]]) -> dict[str, Any]:
    """The bank item on screen, checked against the cards the page shows."""
    item = bank[int(root.get_attribute("data-item") or "")]
    shown = [b.get_attribute("data-card") for b in root.locator("button[data-card]").all()]
    drill = root.get_attribute("data-drill")
    expected = {
        "legal": item.get("trick", []) + item.get("hand", []),
        "winner": item.get("trick"),
        "points": item.get("trick"),
        "cants": item.get("hand"),
    }[drill or ""]
    assert shown == expected
    return item


def _answer(root: Locator, item: dict[str, Any], right: bool) -> None:
    """Answer the question on screen, rightly or wrongly, with the contract's controls."""
    drill = root.get_attribute("data-drill")
    if drill == "legal":
        refused = [code for code in item["hand"] if code not in item["legal"]]
        chosen = item["legal"] if right else item["legal"][:1] + refused[:1]
        if not right and not refused:
            chosen = []
        for code in chosen:
            root.locator(f'button[data-card="{code}"]').click()
        root.locator('button[data-action="check"]').click()
    elif drill == "winner":
        index = item["winner"] if right else (item["winner"] + 1) % 4
        root.locator(f'button[data-card="{item["trick"][index]}"]').click()
    else:
        if drill == "points":
            answer = str(item["points"])
            wrong = next(str(c) for c in item["choices"] if c != item["points"])
        else:
            kind, suit = item["answer"]["kind"], item["answer"]["suit"]
            answer = f"{kind}:{suit}" if suit else kind
            wrong = "tute" if answer == "none" else "none"
        root.locator(f'button[data-choice="{answer if right else wrong}"]').click()
    expect(root).to_have_attribute("data-status", "answered")


@pytest.mark.parametrize("drill", DRILLS)
def test_a_drill_answered_right_then_wrong(
    page: Page, site_dir: Path, site_url: str, drill: str
) -> None:
    _open(page, site_url + PAGES["ca"])
    strings = _strings(page)
    root = _start(page, drill)
    bank = _bank(site_dir, PAGES["ca"], root)
    feedback, score = root.locator("[data-feedback]"), root.locator("[data-score]")
    expect(root.locator(".worksheet")).to_be_hidden()

    _answer(root, _question(root, bank), right=True)
    expect(feedback).to_have_attribute("data-result", "right")
    expect(feedback).to_contain_text(strings["right"])
    expect(score).to_have_text(strings["score"].format(right=1, asked=1, streak=1, best=1))
    root.locator('button[data-action="next"]').click()
    expect(root).to_have_attribute("data-status", "asking")

    item = _question(root, bank)
    _answer(root, item, right=False)
    expect(feedback).to_have_attribute("data-result", "wrong")
    expect(feedback).to_contain_text(strings["wrong"])
    expect(score).to_have_text(strings["score"].format(right=1, asked=2, streak=0, best=1))
    if drill == "legal":
        for code in item["hand"]:
            verdict = root.locator(f'button[data-card="{code}"]').get_attribute("data-verdict")
            assert verdict in ("right", "wrong", "missed")
        assert root.locator('[data-verdict="wrong"], [data-verdict="missed"]').count() >= 1
    elif drill == "winner":
        winner = root.locator(f'button[data-card="{item["trick"][item["winner"]]}"]')
        expect(winner).to_have_attribute("data-verdict", "right")
    else:
        expect(root.locator('button[data-choice][data-verdict="right"]')).to_have_count(1)
        expect(root.locator('button[data-choice][data-verdict="wrong"]')).to_have_count(1)
    best = page.evaluate("JSON.parse(localStorage.getItem('tute.practice.best'))")
    assert best == {drill: 1}


def test_a_refused_card_is_explained_in_the_pages_language(
    page: Page, site_dir: Path, site_url: str
) -> None:
    _open(page, site_url + PAGES["fr"])
    root = _start(page, "legal")
    bank = _bank(site_dir, PAGES["fr"], root)
    words = json.loads(page.locator("script[data-practice-data]").text_content() or "{}")
    item = _question(root, bank)
    while not item["reasons"]:
        _answer(root, item, right=True)
        root.locator('button[data-action="next"]').click()
        item = _question(root, bank)
    code, reason = next(iter(item["reasons"].items()))
    root.locator(f'button[data-card="{code}"]').click()
    root.locator('button[data-action="check"]').click()
    expect(root.locator(f'button[data-card="{code}"]')).to_have_attribute("data-verdict", "wrong")
    led = item["trick"][0][-1]
    message = words["reasons"][reason].format(
        suit=words["suits"][led],
        of_suit=words["of_suits"][led],
        card=words["the_cards"][item["trick"][item["best"]]],
    )
    expect(root.locator("[data-feedback]")).to_contain_text(message)


def test_difficulty_rises_within_a_run(page: Page, site_dir: Path, site_url: str) -> None:
    _open(page, site_url + PAGES["ca"])
    root = _start(page, "points")
    bank = _bank(site_dir, PAGES["ca"], root)
    levels = []
    for _ in range(8):
        item = _question(root, bank)
        levels.append(item["level"])
        _answer(root, item, right=True)
        root.locator('button[data-action="next"]').click()
    assert levels == [1, 1, 1, 2, 2, 2, 2, 3]


def test_the_pure_pieces_pick_by_level_and_judge_answers(page: Page, site_url: str) -> None:
    _open(page, site_url + PAGES["ca"])
    found = page.evaluate(
        """() => {
          const p = window.tute.practice;
          const items = [{ level: 2 }, { level: 1 }, { level: 1 }, { level: 3 }];
          const first = p.pick(items, 0, new Set([1]), () => 0);
          const late = p.pick(items, 9, new Set(), () => 0.99);
          const exhausted = p.pick(items, 9, new Set([0, 1, 2, 3]), () => 0);
          const verdicts = p.legalVerdicts({ hand: ["1o", "2o", "3c"], legal: ["1o", "2o"] },
            new Set(["1o", "3c"]));
          const score = p.scored(p.scored({ asked: 0, right: 0, streak: 0, best: 4 }, true), false);
          return { first, late, exhausted, verdicts, score };
        }"""
    )
    assert found == {
        "first": 2,
        "late": 3,
        "exhausted": 3,
        "verdicts": {"1o": "right", "2o": "missed", "3c": "wrong"},
        "score": {"asked": 2, "right": 1, "streak": 0, "best": 4},
    }


def test_a_bank_that_fails_to_load_is_said_and_can_be_retried(
    page: Page, page_errors: list[str], site_url: str
) -> None:
    _open(page, site_url + PAGES["ca"])
    strings = _strings(page)
    page.route("**/practice/*", lambda route: route.abort())
    root = page.locator('[data-drill="cants"]')
    start = root.locator('button[data-action="start"]')
    start.click()
    expect(root).to_have_attribute("data-status", "failed")
    expect(start).to_have_text(strings["load_failed"])
    assert len(page_errors) == 2 and all("/practice/cants." in e for e in page_errors)
    page.unroute("**/practice/*")
    start.click()
    expect(root).to_have_attribute("data-status", "asking", timeout=20_000)


def test_the_keyboard_selects_cards_and_checks(page: Page, site_dir: Path, site_url: str) -> None:
    _open(page, site_url + PAGES["ca"])
    root = _start(page, "legal")
    item = _question(root, _bank(site_dir, PAGES["ca"], root))
    first, second = item["hand"][0], item["hand"][1]
    expect(root.locator(f'button[data-card="{first}"]')).to_be_focused()
    page.keyboard.press("Space")
    expect(root.locator(f'button[data-card="{first}"]')).to_have_attribute("aria-pressed", "true")
    page.keyboard.press("ArrowRight")
    expect(root.locator(f'button[data-card="{second}"]')).to_be_focused()
    page.keyboard.press("Tab")
    expect(root.locator('button[data-action="check"]')).to_be_focused()
    page.keyboard.press("Enter")
    expect(root).to_have_attribute("data-status", "answered")
    expect(root.locator('button[data-action="next"]')).to_be_focused()
    page.keyboard.press("Enter")
    expect(root).to_have_attribute("data-status", "asking")


def test_without_javascript_each_drill_is_a_worksheet_with_folded_answers(
    browser: Browser, site_url: str
) -> None:
    context = browser.new_context(java_script_enabled=False)
    page = context.new_page()
    page.goto(site_url + PAGES["ca"])
    for drill in DRILLS:
        root = page.locator(f'[data-drill="{drill}"]')
        expect(root.locator(".worksheet")).to_be_visible()
        expect(root.locator("button")).to_have_count(0)
        answers = root.locator("details")
        expect(answers).to_have_count(3)
        answer = answers.first.locator("p").first
        expect(answer).to_be_hidden()
        answers.first.locator("summary").click()
        expect(answer).to_be_visible()
    context.close()


def test_the_drills_work_from_disk(page: Page, site_dir: Path) -> None:
    _open(page, (site_dir / PAGES["ca"]).as_uri())
    for drill in DRILLS:
        root = _start(page, drill)
        _question(root, _bank(site_dir, PAGES["ca"], root))


def _on_screen(locator: Locator, height: int) -> tuple[float, float]:
    """The top and bottom of what `locator` shows, asserted inside a screen `height` tall."""
    box = locator.bounding_box()
    assert box is not None, f"{locator} is shown"
    top, bottom = box["y"], box["y"] + box["height"]
    assert top >= 0 and bottom <= height, f"{locator} spans {top:.0f}-{bottom:.0f} of {height}"
    return top, bottom


SCREENS = [(360, 640), (390, 844), (768, 1024), (1366, 768)]


@pytest.mark.parametrize("size", SCREENS, ids=["small-phone", "phone", "tablet", "laptop"])
@pytest.mark.parametrize("lang", sorted(PAGES))
def test_a_running_drill_passes_axe_and_fits_the_screen(
    page: Page,
    site_dir: Path,
    site_url: str,
    lang: str,
    size: tuple[int, int],
    screenshot: Callable[..., Path],
) -> None:
    """Each drill, once started, is on one screen with nothing to scroll; answering shows
    the feedback and Next on that same screen, without moving the page."""
    width, height = size
    page.set_viewport_size({"width": width, "height": height})
    page.add_init_script(SEEDED_RANDOM)
    _open(page, site_url + PAGES[lang])
    for drill in DRILLS:
        root = _start(page, drill)
        board = root.locator(".drill-board")
        _on_screen(board, height)
        scrolled = page.evaluate("scrollY")
        _answer(root, _question(root, _bank(site_dir, PAGES[lang], root)), right=False)
        _on_screen(board, height)
        _, feedback_bottom = _on_screen(root.locator("[data-feedback]"), height)
        next_top, _ = _on_screen(root.locator('button[data-action="next"]'), height)
        assert feedback_bottom <= next_top, f"{drill}: the feedback comes before Next"
        assert page.evaluate("scrollY") == scrolled, f"{drill}: answering moved the page"
        assert page.evaluate("document.documentElement.scrollWidth") <= width
        expect(root.locator("[data-score] span")).to_have_count(3)  # right, streak, best
        broken = root.locator("[data-score] span").evaluate_all(
            "spans => spans.filter(s => s.getClientRects().length > 1).map(s => s.textContent)"
        )
        assert broken == [], f"{drill}: a sentence of the score breaks across lines"
        screenshot(page, f"{width}x{height}-{drill}", full_page=False)
    results = Axe().run(page)
    assert [v["id"] for v in results.response["violations"]] == []
