"""The practice page in Chromium, through its markup contract: every drill answered right
and wrong against its bank with its reasons shown, the hand's marks after Check, the
examples as pictures, difficulty rising, the keyboard, the best streak kept, the
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


def _read(site_dir: Path, path: str, root: Locator, attribute: str) -> list[dict[str, Any]]:
    url = posixpath.join(posixpath.dirname(path), root.get_attribute(attribute) or "")
    data = json.loads((site_dir / posixpath.normpath(url)).read_text(encoding="utf-8"))
    return list(data["items"])


def _bank(site_dir: Path, path: str, root: Locator) -> list[dict[str, Any]]:
    """The drill's bank, each item with what it says in the page's language (`said`)."""
    texts = _read(site_dir, path, root, "data-texts")
    items = _read(site_dir, path, root, "data-bank")
    return [{**item, "said": said} for item, said in zip(items, texts, strict=True)]


def _words(page: Page) -> dict[str, Any]:
    return dict(json.loads(page.locator("script[data-practice-data]").text_content() or "{}"))


def _score(strings: dict[str, str], **figures: int) -> list[str]:
    """The score's items: each label with its figure."""
    return [
        f"{strings['score_right']} {strings['score_right_of'].format(**figures)}",
        f"{strings['score_streak']} {figures['streak']}",
        f"{strings['score_best']} {figures['best']}",
    ]


def _start(page: Page, drill: str) -> Locator:
    root = page.locator(f'[data-drill="{drill}"]')
    root.locator('button[data-action="start"]').click()
    # The bank is fetched once per page: give a loaded machine time.
    expect(root).to_have_attribute("data-status", "asking", timeout=20_000)
    return root


def _question(root: Locator, bank: list[dict[str, Any]]) -> dict[str, Any]:
    """The bank item on screen, checked against the cards the page shows."""
    item = bank[int(root.get_attribute("data-item") or "")]
    board = root.locator(".drill-board")
    shown = [b.get_attribute("data-card") for b in board.locator("[data-card]").all()]
    tappable = [b.get_attribute("data-card") for b in board.locator("button[data-card]").all()]
    drill = root.get_attribute("data-drill")
    expected, to_tap = {
        "legal": (item.get("trick", []) + item.get("hand", []), item.get("hand")),
        "winner": (item.get("trick"), item.get("trick")),
        "points": (item.get("trick"), []),
        "cants": (item.get("hand"), []),
    }[drill or ""]
    # Only the cards to tap are buttons; the others are pictures.
    assert (shown, tappable) == (expected, to_tap)
    expect(root.locator(".drill-lines p")).to_have_text(item["said"]["lines"])
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

    item = _question(root, bank)
    _answer(root, item, right=True)
    expect(feedback).to_have_attribute("data-result", "right")
    expect(feedback).to_contain_text(strings["right"])
    # Right or wrong, the answer gives its reasons.
    expect(feedback.locator(":scope > p:not(.drill-verdict)")).to_have_text(item["said"]["why"])
    expect(score.locator("li")).to_have_text(_score(strings, right=1, asked=1, streak=1, best=1))
    root.locator('button[data-action="next"]').click()
    expect(root).to_have_attribute("data-status", "asking")

    item = _question(root, bank)
    _answer(root, item, right=False)
    expect(feedback).to_have_attribute("data-result", "wrong")
    expect(feedback).to_contain_text(strings["wrong"])
    expect(feedback.locator(":scope > p:not(.drill-verdict)")).to_have_text(item["said"]["why"])
    expect(score.locator("li")).to_have_text(_score(strings, right=1, asked=2, streak=0, best=1))
    if drill == "legal":
        for code in item["hand"]:
            verdict = root.locator(f'button[data-card="{code}"]').get_attribute("data-verdict")
            assert verdict in ("right", "missed", "left_out", "wrong")
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
    item = _question(root, bank)
    while not item["reasons"]:
        _answer(root, item, right=True)
        root.locator('button[data-action="next"]').click()
        item = _question(root, bank)
    code = next(iter(item["reasons"]))
    root.locator(f'button[data-card="{code}"]').click()
    root.locator('button[data-action="check"]').click()
    expect(root.locator(f'button[data-card="{code}"]')).to_have_attribute("data-verdict", "wrong")
    # The French texts: after the rule deciding the legal cards, one sentence per rule
    # refusing cards, in the order the hand first holds a card it refuses.
    reasons = list(dict.fromkeys(item["reasons"][c] for c in item["hand"] if c in item["reasons"]))
    refusal = item["said"]["why"][1 + reasons.index(item["reasons"][code])]
    expect(root.locator("[data-feedback]")).to_contain_text(refusal)
    # One card refused is "tu ne peux pas jouer …", several are listed last: "… te sont
    # donc interdites : …".
    alone = list(item["reasons"].values()).count(item["reasons"][code]) == 1
    if alone:
        assert refusal.startswith("Tu ne peux pas jouer ")
    else:
        assert "te sont donc interdites\u00a0: " in refusal


def _legal_item_to_mark(root: Locator, bank: list[dict[str, Any]]) -> dict[str, Any]:
    """Answer rightly until the question holds two playable cards and two refused ones."""
    item = _question(root, bank)
    while len(item["legal"]) < 2 or len(item["hand"]) - len(item["legal"]) < 2:
        _answer(root, item, right=True)
        root.locator('button[data-action="next"]').click()
        item = _question(root, bank)
    return item


SIGN = "el => getComputedStyle(el, '::after').content"


@pytest.mark.parametrize("lang", ["en", "ca"])
def test_checked_cards_are_marked_playable_left_out_or_wrongly_chosen(
    page: Page, site_dir: Path, site_url: str, lang: str
) -> None:
    page.add_init_script(SEEDED_RANDOM)
    _open(page, site_url + PAGES[lang])
    strings, the = _strings(page), _words(page)["the_cards"]
    root = _start(page, "legal")
    bank = _bank(site_dir, PAGES[lang], root)
    item = _legal_item_to_mark(root, bank)
    legal = item["legal"]
    refused = [code for code in item["hand"] if code not in legal]
    for code in (legal[0], refused[0]):
        root.locator(f'button[data-card="{code}"]').click()
    root.locator('button[data-action="check"]').click()
    expected = {legal[0]: "right", refused[0]: "wrong"}
    expected |= {code: "missed" for code in legal[1:]}
    expected |= {code: "left_out" for code in refused[1:]}
    signs = {}
    for code, verdict in expected.items():
        card = root.locator(f'button[data-card="{code}"]')
        expect(card).to_have_attribute("data-verdict", verdict)
        # What a screen reader hears of the card: one sentence with the verdict.
        sentence = strings[f"card_{verdict}"].format(card=the[code])
        expect(card.locator(".visually-hidden")).to_have_text(" " + sentence)
        signs[verdict] = card.evaluate(SIGN)
    # A playable card has a tick, missed or not; a refused card never does.
    assert signs["right"] == signs["missed"] != signs["left_out"] != signs["wrong"]
    assert signs["wrong"] != signs["right"]
    key = root.locator(".drill-key li")
    expect(key).to_have_text(
        [strings[f"mark_{v}"] for v in ("right", "missed", "left_out", "wrong")]
    )

    # After a right answer the refused cards are marked as rightly left out, not ticked.
    root.locator('button[data-action="next"]').click()
    item = _legal_item_to_mark(root, bank)
    _answer(root, item, right=True)
    expect(root.locator("[data-feedback]")).to_have_attribute("data-result", "right")
    for code in item["hand"]:
        verdict = "right" if code in item["legal"] else "left_out"
        card = root.locator(f'button[data-card="{code}"]')
        expect(card).to_have_attribute("data-verdict", verdict)
        assert card.evaluate(SIGN) == signs[verdict]
    expect(key).to_have_text([strings["mark_right"], strings["mark_left_out"]])


def test_the_examples_are_pictures_with_nothing_to_tap(page: Page, site_url: str) -> None:
    _open(page, site_url + PAGES["en"])
    for drill in DRILLS:
        root = page.locator(f'[data-drill="{drill}"]')
        sheet = root.locator(".worksheet")
        # Nothing in an example is a control but its answer's disclosure.
        controls = sheet.locator("button, a[href], input, [tabindex], [role='button']")
        expect(controls).to_have_count(0)
        expect(sheet.locator("summary")).to_have_count(3)
        images = sheet.locator("img")
        looks = images.evaluate_all(
            "imgs => imgs.map(i => [getComputedStyle(i).cursor, getComputedStyle(i).boxShadow])"
        )
        assert looks and all(look == ["auto", "none"] for look in looks), (drill, looks)
        # A tap on an example's card changes nothing.
        before = root.inner_html()
        images.first.click()
        assert root.inner_html() == before
        expect(root).to_have_attribute("data-status", "idle")
    # On a running board, the cards that only set the question do not take the pointer.
    root = _start(page, "points")
    cursors = root.locator(".drill-board .drill-card").evaluate_all(
        "cards => cards.map(c => c.tagName + ' ' + getComputedStyle(c).cursor)"
    )
    assert cursors and all(c == "SPAN auto" for c in cursors), cursors


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
          const verdicts = p.legalVerdicts({ hand: ["1o", "2o", "3c", "4e"], legal: ["1o", "2o"] },
            new Set(["1o", "3c"]));
          const right = p.allRight(p.legalVerdicts({ hand: ["1o", "3c"], legal: ["1o"] },
            new Set(["1o"])));
          const wrong = p.allRight(verdicts);
          const score = p.scored(p.scored({ asked: 0, right: 0, streak: 0, best: 4 }, true), false);
          return { first, late, exhausted, verdicts, right, wrong, score };
        }"""
    )
    assert found == {
        "first": 2,
        "late": 3,
        "exhausted": 3,
        "verdicts": {"1o": "right", "2o": "missed", "3c": "wrong", "4e": "left_out"},
        "right": True,
        "wrong": False,
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
        expect(root.locator("[data-score] li")).to_have_count(3)  # right, streak, best
        broken = root.locator("[data-score] li").evaluate_all(
            "spans => spans.filter(s => s.getClientRects().length > 1).map(s => s.textContent)"
        )
        assert broken == [], f"{drill}: a figure of the score breaks from its label"
        screenshot(page, f"{width}x{height}-{drill}", full_page=False)
    results = Axe().run(page)
    assert [v["id"] for v in results.response["violations"]] == []
