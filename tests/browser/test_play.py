"""The "Play a hand" page in Chromium, through its markup contract: whole hands played to
the end with the Python engine as the oracle of every legal set, refusal and score; a hint,
a takeback, the review, a reload that resumes, a shared deal, the end of a match, the
keyboard, axe, the page without JavaScript and opened from disk, and one screen at four
sizes with a table that never moves."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Browser, Page, expect

from engine import Game, card_code, parse_card, suit_of, winning_index
from lesson_compiler.catalogs import CompiledCatalog, po_path, read_catalog
from lesson_compiler.names import of_suit, refusal_templates, suit_name, the_card
from site_builder.config import PROJECT_ROOT

PAGES = {
    "ca": "ca/jugar-una-ma/index.html",
    "en": "en/play-a-hand/index.html",
    "es": "es/jugar-una-mano/index.html",
    "fr": "fr/jouer-une-donne/index.html",
    "pt": "pt/jogar-uma-mao/index.html",
}
DEAL = 1203
"""A deal whose first hand, played with the first legal card each time, refuses a card."""
SIZES = ((360, 640), (390, 844), (768, 1024), (1366, 768))
WAIT_MS = 30_000
"""The machine thinks in a worker on a loaded machine: give it time."""

STATE = """() => {
  const root = document.querySelector("[data-play]");
  const hand = root.querySelector(".hand");
  const next = root.querySelector("button[data-action='next']");
  const lines = Array.from(root.querySelectorAll("[data-feedback] p"), (p) => p.textContent);
  return {
    status: root.dataset.status, deal: Number(root.dataset.deal),
    mode: hand ? hand.dataset.mode : null, held: Boolean(next && !next.hidden),
    hand: Array.from(root.querySelectorAll(".hand button[data-card]"),
      (b) => [b.dataset.card, b.dataset.legal]),
    table: Array.from(root.querySelectorAll(".trick [data-card]"),
      (el) => [el.dataset.card, Number(el.dataset.seat)]),
    feedback: lines, code: window.tute.plays[0].game.code(),
    us: Number(root.querySelector("[data-points-us]").textContent),
    them: Number(root.querySelector("[data-points-them]").textContent),
    jocsUs: Number(root.querySelector("[data-jocs-us]").textContent),
    jocsThem: Number(root.querySelector("[data-jocs-them]").textContent),
  };
}"""

READY = """() => {
  const root = document.querySelector("[data-play]");
  const next = root.querySelector("button[data-action='next']");
  return root.dataset.status !== "playing" || (next && !next.hidden)
    || root.querySelector(".hand").dataset.mode === "play";
}"""


def _catalog(lang: str, domain: str) -> CompiledCatalog:
    path = po_path(PROJECT_ROOT / "locales", lang, domain)
    catalog, problems = read_catalog(path, str(path), lang, domain)
    assert catalog is not None and problems == []
    return CompiledCatalog(catalog, str(path))


def _open(page: Page, url: str) -> None:
    """Open the page with the machine's beat at zero (the documented test hook)."""
    page.goto(url)
    page.evaluate("window.tute.pace = 0")


def _state(page: Page) -> dict[str, Any]:
    state: dict[str, Any] = page.evaluate(STATE)
    return state


def _ready(page: Page) -> dict[str, Any]:
    """Wait until the page waits for the learner: a card, Continue, or the next hand."""
    page.wait_for_function(READY, timeout=WAIT_MS)
    return _state(page)


def _check_against_engine(state: dict[str, Any]) -> Game:
    """The page's position read by the Python engine: the lit cards are its legal set, the
    score its points."""
    game = Game.from_code(state["code"])
    if state["mode"] == "play":
        legal = {card_code(card) for card in game.legal_plays}
        assert {code for code, lit in state["hand"] if lit == "true"} == legal
        assert {code for code, _ in state["hand"]} == {card_code(c) for c in game.hand(0)}
    assert [state["us"], state["them"]] == list(game.points)
    return game


Turn = Callable[[Page, dict[str, Any], Game], bool]


def _play_hand(page: Page, on_turn: Turn | None = None) -> dict[str, Any]:
    """Play the learner's first legal card at every turn and move on after every trick, to
    the end of the hand; `on_turn` may act first and says whether it played already."""
    for _ in range(200):
        state = _ready(page)
        if state["status"] != "playing":
            _check_against_engine(state)
            return state
        if state["held"]:
            page.locator("[data-action='next']").click()
            continue
        game = _check_against_engine(state)
        if on_turn is not None and on_turn(page, state, game):
            continue
        legal = next(code for code, lit in state["hand"] if lit == "true")
        page.locator(f".hand button[data-card='{legal}']").click()
    raise AssertionError("the hand never ended")


def _expected_refusal(lang: str, game: Game, card: str) -> str:
    """The refusal sentence for `card`, as the lessons word it, from the engine's reason."""
    words = _catalog(lang, "game")
    reason = game.refusal(parse_card(card))
    assert reason is not None
    trick = list(game.trick)
    led = "oceb"[suit_of(trick[0])]
    return refusal_templates(words)[reason].format(
        suit=suit_name(led, words),
        of_suit=of_suit(led, words),
        card=the_card(trick[winning_index(trick, game.trump)], words),
    )


def test_a_whole_hand_with_a_refusal_a_hint_and_a_takeback(page: Page, site_url: str) -> None:
    _open(page, f"{site_url}{PAGES['en']}#deal={DEAL}")
    expect(page.locator("[data-play]")).to_have_attribute("data-deal", str(DEAL))
    assert page.evaluate("location.hash") == f"#deal={DEAL}"
    seen: dict[str, Any] = {}

    def coach(page: Page, state: dict[str, Any], game: Game) -> bool:
        refused = [code for code, lit in state["hand"] if lit == "false"]
        if "refusal" not in seen and refused:
            page.locator(f".hand button[data-card='{refused[0]}']").click()
            last = _state(page)["feedback"][-1]
            assert last == _expected_refusal("en", game, refused[0])
            expect(page.locator(f".hand button[data-card='{refused[0]}']")).to_have_attribute(
                "data-verdict", "refused"
            )
            seen["refusal"] = last
        if "hint" not in seen:
            page.locator("[data-action='hint']").click()
            marked = page.locator(".hand button[data-verdict='hint']")
            expect(marked).to_have_count(1, timeout=WAIT_MS)
            card = marked.get_attribute("data-card") or ""
            assert card in {card_code(c) for c in game.legal_plays}
            words = json.loads(page.locator("[data-play-data]").text_content() or "{}")
            line = f"The computer would play {words['the_cards'][card]}."
            assert line in _state(page)["feedback"][-1]
            seen["hint"] = card
        if "takeback" not in seen and "hint" in seen:
            before = state["hand"]
            page.locator(f".hand button[data-card='{before[0][0]}']").click()
            expect(page.locator(f".hand button[data-card='{before[0][0]}']")).to_have_count(0)
            page.locator("[data-action='takeback']").click()
            after = _ready(page)
            assert [code for code, _ in after["hand"]] == [code for code, _ in before]
            assert after["code"] == state["code"]
            seen["takeback"] = True
            return True
        return False

    end = _play_hand(page, coach)
    assert set(seen) == {"refusal", "hint", "takeback"}
    assert end["status"] in ("hand-over", "match-over")
    outcome = Game.from_code(end["code"]).outcome()
    assert outcome is not None
    assert sorted([end["jocsUs"], end["jocsThem"]]) == [0, 1]
    assert (end["jocsUs"] == 1) == (outcome.winner == 0)


def test_the_review_weighs_the_learners_cards(page: Page, site_url: str) -> None:
    _open(page, f"{site_url}{PAGES['es']}#deal={DEAL}")
    _play_hand(page)
    page.locator("[data-action='review']").click()
    review = page.locator("[data-play] .review")
    strings = json.loads(page.locator("script[data-widget-strings]").text_content() or "{}")
    expect(review).to_be_visible()
    expect(review.locator("h2")).to_have_text(strings["review_title"])
    expect(review.locator(".review-basis")).to_have_text(strings["review_basis"], timeout=WAIT_MS)
    items = review.locator(".review-list li")
    moments = review.locator(".moments li")
    assert moments.count() <= 3
    if items.count() == 0:
        expect(review).to_contain_text(strings["review_clean"])
    for item in items.all():
        assert item.get_attribute("data-review-card")


def test_a_reload_resumes_the_hand(page: Page, site_url: str) -> None:
    _open(page, f"{site_url}{PAGES['fr']}")
    played = 0
    while played < 3:
        state = _ready(page)
        if state["held"]:
            page.locator("[data-action='next']").click()
            continue
        legal = next(code for code, lit in state["hand"] if lit == "true")
        page.locator(f".hand button[data-card='{legal}']").click()
        played += 1
    before = _ready(page)
    while before["mode"] != "play":  # the learner's turn: the machine is waiting
        page.locator("[data-action='next']").click()
        before = _ready(page)
    page.reload()
    page.evaluate("window.tute.pace = 0")
    after = _ready(page)
    assert (after["deal"], after["code"], after["hand"]) == (
        before["deal"],
        before["code"],
        before["hand"],
    )
    assert page.evaluate("location.hash") == f"#deal={before['deal']}"


def test_a_shared_deal_deals_the_same_cards(browser: Browser, site_url: str) -> None:
    hands = []
    for _ in range(2):
        context = browser.new_context()
        page = context.new_page()
        _open(page, f"{site_url}{PAGES['ca']}#deal=4242")
        hands.append(_ready(page)["hand"])
        context.close()
    assert hands[0] == hands[1] and len(hands[0]) >= 9


def test_the_last_hand_of_a_match_ends_it(page: Page, site_url: str) -> None:
    """A match at three jocs each, as the page keeps it, is won by whoever takes the hand."""
    results = [{"winner": team, "reason": "points"} for team in (0, 1, 0, 1, 0, 1)]
    deal = 4 * 700 + 2  # the seventh hand of a match begun by seat 0 is dealt by seat 2
    saved = {"v": 1, "first": 0, "results": results, "deal": deal, "moves": [], "whys": {}}
    page.add_init_script(f"localStorage.setItem('tute.play', {json.dumps(json.dumps(saved))})")
    _open(page, f"{site_url}{PAGES['pt']}#deal={deal}")
    assert (_state(page)["jocsUs"], _state(page)["jocsThem"]) == (3, 3)
    end = _play_hand(page)
    assert end["status"] == "match-over"
    assert sorted([end["jocsUs"], end["jocsThem"]]) == [3, 4]
    new_hand = page.locator("[data-action='new-hand']")
    expect(new_hand).to_have_text(
        json.loads(page.locator("script[data-widget-strings]").text_content() or "{}")["new_match"]
    )
    new_hand.click()
    fresh = _ready(page)
    assert (fresh["status"], fresh["jocsUs"], fresh["jocsThem"]) == ("playing", 0, 0)


SUBJECTS = ("seat_you", "subject_right", "subject_partner", "subject_left")
"""The seats' names as a sentence's subject, from the learner (seat 0) in playing order."""


def test_a_bot_card_says_why_it_was_played(page: Page, site_url: str) -> None:
    _open(page, f"{site_url}{PAGES['en']}#deal={DEAL}")
    for _ in range(20):
        state = _ready(page)
        bots = [(card, seat) for card, seat in state["table"] if seat != 0]
        if bots:
            card = bots[0][0]
            page.locator(f".trick [data-card='{card}']").click()
            words = json.loads(page.locator("[data-play-data]").text_content() or "{}")
            said = _state(page)["feedback"][-1]
            assert f"played {words['the_cards'][card]}." in said
            # a sentence names the seat as its subject; the seat's head keeps the label
            strings = json.loads(page.locator("[data-widget-strings]").text_content() or "{}")
            seat = bots[0][1]
            assert said.startswith(strings[SUBJECTS[seat]] + " played "), said
            label = page.locator(f".seat[data-seat='{seat}'] .seat-name")
            expect(label).to_have_text(
                strings[("seat_you", "seat_right", "seat_partner", "seat_left")[seat]]
            )
            # the pictures' words are sentences too: each card named with its article
            alt = page.locator(f".trick [data-card='{card}'] img").get_attribute("alt") or ""
            assert alt.endswith(f"played {words['the_cards'][card]}.")
            trump = page.locator(".trump img").get_attribute("alt") or ""
            assert trump.startswith("The dealer turns up the "), trump
            return
        if state["held"]:
            page.locator("[data-action='next']").click()
            continue
        legal = next(code for code, lit in state["hand"] if lit == "true")
        page.locator(f".hand button[data-card='{legal}']").click()
    raise AssertionError("no machine card was ever on the table")


FOCUSED = "() => document.activeElement.dataset.card || document.activeElement.dataset.action"


def test_the_keyboard_plays_tricks(page: Page, site_url: str) -> None:
    """Arrows choose a card, Enter plays it; focus goes to Continue when a trick is done
    and back to the hand after, so the keyboard alone plays on."""
    _open(page, f"{site_url}{PAGES['en']}#deal={DEAL}")
    state = _ready(page)
    page.locator(".hand button[tabindex='0']").focus()
    page.keyboard.press("End")
    assert page.evaluate(FOCUSED) == state["hand"][-1][0]
    played = 0
    while played < 6:
        state = _ready(page)
        if state["held"]:
            assert page.evaluate(FOCUSED) == "next"
            page.keyboard.press("Enter")
            continue
        legal = {code for code, lit in state["hand"] if lit == "true"}
        for _ in range(len(state["hand"])):
            if page.evaluate(FOCUSED) in legal:
                break
            page.keyboard.press("ArrowRight")
        card = page.evaluate(FOCUSED)
        assert card in legal
        page.keyboard.press("Enter")
        expect(page.locator(f".hand button[data-card='{card}']")).to_have_count(0)
        played += 1


@pytest.mark.parametrize("lang", sorted(PAGES))
def test_axe_finds_nothing_in_play_and_in_the_review(page: Page, site_url: str, lang: str) -> None:
    page.emulate_media(reduced_motion="reduce")
    _open(page, f"{site_url}{PAGES[lang]}#deal={DEAL}")
    _ready(page)
    found = {"playing": _violations(page)}
    _play_hand(page)
    page.locator("[data-action='review']").click()
    expect(page.locator(".review-basis")).to_be_visible(timeout=WAIT_MS)
    found["review"] = _violations(page)
    assert page.evaluate("document.documentElement.lang") == ("pt-PT" if lang == "pt" else lang)
    assert {when: problems for when, problems in found.items() if problems} == {}


def _violations(page: Page) -> list[str]:
    results = Axe().run(page, context="[data-play]")
    return [
        f"{violation['id']}: {violation['help']} ({len(violation['nodes'])} nodes)"
        for violation in results.response["violations"]
    ]


@pytest.mark.parametrize(("width", "height"), SIZES)
def test_one_screen_and_a_table_that_never_moves(
    browser: Browser,
    site_url: str,
    width: int,
    height: int,
    screenshot: Callable[..., Path],
) -> None:
    context = browser.new_context(viewport={"width": width, "height": height})
    page = context.new_page()
    _open(page, f"{site_url}{PAGES['ca']}#deal={DEAL}")
    _ready(page)
    box = "() => JSON.stringify(document.querySelector('.felt').getBoundingClientRect())"
    section = page.locator("[data-play]").bounding_box()
    assert section is not None
    assert section["y"] >= 0 and section["y"] + section["height"] <= height + 1
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    first = page.evaluate(box)
    screenshot(page, f"{width}x{height}-start", full_page=False)
    for _ in range(14):
        state = _ready(page)
        if state["held"]:
            page.locator("[data-action='next']").click()
        elif state["status"] == "playing":
            legal = next(code for code, lit in state["hand"] if lit == "true")
            page.locator(f".hand button[data-card='{legal}']").click()
        assert page.evaluate(box) == first
    screenshot(page, f"{width}x{height}-later", full_page=False)
    for control in page.locator("[data-play] button:visible, [data-play] summary").all():
        size = control.bounding_box()
        assert size is not None and size["width"] >= 44, control.inner_text()
        # a card of the hand's first row shows its upper part above the second row's
        assert size["height"] >= 44 or control.get_attribute("data-card"), control.inner_text()
    context.close()


def test_without_javascript_the_page_says_so_and_links_the_lessons(
    browser: Browser, site_url: str
) -> None:
    context = browser.new_context(java_script_enabled=False)
    page = context.new_page()
    page.goto(site_url + PAGES["en"])
    note = page.locator("[data-play-nojs]")
    expect(note).to_be_visible()
    expect(note).to_contain_text("needs JavaScript")
    hrefs = [link.get_attribute("href") for link in note.locator("a").all()]
    assert hrefs == ["../learn-to-play/index.html", "../rules/index.html"]
    context.close()


def test_opened_from_disk_the_machine_thinks_on_the_page(page: Page, site_dir: Path) -> None:
    """From file:// Chromium starts no worker: the bots run in slices on the page."""
    page.goto((site_dir / PAGES["en"]).as_uri() + f"#deal={DEAL}")
    page.evaluate("window.tute.pace = 0")
    state = _ready(page)
    while not state["table"] or all(seat == 0 for _, seat in state["table"]):
        if state["held"]:
            page.locator("[data-action='next']").click()
        else:
            legal = next(code for code, lit in state["hand"] if lit == "true")
            page.locator(f".hand button[data-card='{legal}']").click()
        state = _ready(page)
    assert any(seat != 0 for _, seat in state["table"])


LAST_TRICK = """() => {
  const tricks = window.tute.plays[0].game.tricks;
  const last = tricks[tricks.length - 1];
  return [last.leader, last.cards.map((card) => window.TuteRules.cardCode(card))];
}"""


def test_the_help_settings_and_the_last_trick(page: Page, site_url: str) -> None:
    _open(page, f"{site_url}{PAGES['en']}#deal={DEAL}")
    root = page.locator("[data-play]")
    state = _ready(page)
    expect(page.locator("[data-action='last-trick']")).to_have_attribute("aria-disabled", "true")
    while state["mode"] != "play" or len(state["hand"]) == 10:
        if state["held"]:
            page.locator("[data-action='next']").click()
        else:
            legal = next(code for code, lit in state["hand"] if lit == "true")
            page.locator(f".hand button[data-card='{legal}']").click()
        state = _ready(page)
    leader, cards = page.evaluate(LAST_TRICK)
    page.locator("[data-action='last-trick']").click()
    shown = _state(page)["table"]
    assert shown == [[card, (leader + i) % 4] for i, card in enumerate(cards)]
    page.locator("[data-action='last-trick']").click()
    now = Game.from_code(state["code"])
    expected = [[card_code(c), (now.leader + i) % 4] for i, c in enumerate(now.trick)]
    assert _state(page)["table"] == expected
    expect(root).to_have_attribute("data-light", "")
    page.locator(".play-options summary").click()
    page.get_by_label("Highlight the cards I may play").uncheck()
    expect(root).not_to_have_attribute("data-light", "")
    page.get_by_label("Play without help: no hints, no taking back").check()
    expect(page.locator("[data-action='hint']")).to_be_hidden()
    expect(page.locator("[data-action='takeback']")).to_be_hidden()
    page.reload()
    expect(page.locator("[data-action='hint']")).to_be_hidden()
