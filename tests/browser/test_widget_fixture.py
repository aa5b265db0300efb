"""The lesson widget, the "try a card" board and the progress marks, on hand-made fixture pages.

The fixture lesson (tests/widget_fixture/lesson.json) follows "Compiled lesson data" in
docs/formats.md, its legal sets worked out by hand from the house rules; the pages follow
"Widget markup" and carry a Content-Security-Policy without 'unsafe-inline', so any inline
style or script the widget tried would show up as a console error and fail the test.
"""

from __future__ import annotations

import itertools
import json
import re
import shutil
from collections.abc import Callable
from pathlib import Path

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Locator, Page, expect

from site_builder.widget_strings import widget_strings

ROOT = Path(__file__).resolve().parents[2]
FIXTURE = ROOT / "tests" / "widget_fixture"
STATIC = ROOT / "site_builder" / "static"
STRINGS = widget_strings(
    lambda message: message,
    lambda context, message: message,
    lambda singular, plural, n: singular if n == 1 else plural,
)
STORE_KEY = "tute.lessons.completed"


def _fill(template: object, **values: str) -> str:
    """A widget string with its `{name}` placeholders filled, as the widget fills them."""
    assert isinstance(template, str)
    return re.sub(r"\{(\w+)\}", lambda m: values[m.group(1)], template)


def _script_json(data: object) -> str:
    """JSON safe inside a <script> element: no text can close it."""
    text = json.dumps(data, ensure_ascii=False)
    return text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")


def _render(template: str, static: str, **values: str) -> str:
    page = (FIXTURE / template).read_text(encoding="utf-8")
    values = {
        "static": static,
        "strings": _script_json(STRINGS),
        "lesson": _script_json(json.loads((FIXTURE / "lesson.json").read_text(encoding="utf-8"))),
        "example": _script_json(json.loads((FIXTURE / "example.json").read_text(encoding="utf-8"))),
        **values,
    }
    return re.sub(r"\{\{(\w+)\}\}", lambda m: values[m.group(1)], page)


@pytest.fixture(scope="module")
def fixture_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A tiny site laid out like the real one: static files, the lessons index, two lessons."""
    root = tmp_path_factory.mktemp("widget-site")
    shutil.copytree(STATIC, root / "static")
    (root / "favicon.ico").write_bytes(b"")
    lesson_static = "../../../static/"
    pages = {
        "ca/lessons/index.html": _render("index.html", "../../static/"),
        "ca/lessons/assistir/index.html": _render("lesson.html", lesson_static, next_url="../"),
        "ca/lessons/last/index.html": _render("lesson.html", lesson_static, next_url=""),
    }
    for name, html in pages.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(html, encoding="utf-8")
    return root


@pytest.fixture(scope="module")
def site(http_server: Callable[..., str], fixture_site: Path) -> str:
    return http_server(fixture_site)


def _open_lesson(page: Page, site: str, name: str = "assistir") -> None:
    page.goto(f"{site}ca/lessons/{name}/")
    expect(page.locator("section.lesson button[data-card]")).to_have_count(10)


def _card(page: Page, code: str) -> Locator:
    return page.locator(f"section.lesson button[data-card='{code}']")


def _lesson(page: Page) -> Locator:
    return page.locator("section.lesson")


def test_completes_the_lesson_by_clicking(page: Page, site: str) -> None:
    _open_lesson(page, site)
    lesson = _lesson(page)
    expect(page.locator(".walkthrough")).to_be_hidden()
    expect(page.get_by_role("button", name="as de copes")).to_be_visible()
    expect(page.locator("[data-say]")).to_contain_text("cinc de copes")
    _card(page, "1c").click()
    expect(lesson).to_have_attribute("data-step", "1")
    expect(_card(page, "1c")).to_have_count(0)
    expect(page.locator("[data-feedback]")).to_contain_text("Cantes les vint en espases.")
    expect(page.locator(".seat[data-seat='0'] .badge")).to_have_text("20 in espases")
    page.locator("[data-action='next']").click()
    expect(lesson).to_have_attribute("data-step", "2")
    _card(page, "3o").click()
    expect(lesson).to_have_attribute("data-status", "complete")
    expect(page.locator("[data-feedback]")).to_contain_text("canta les vint en oros")
    expect(page.get_by_text(STRINGS["complete"])).to_be_visible()
    expect(page.locator(".score")).to_contain_text("41")
    page.locator("[data-action='next-lesson']").click()
    expect(page).to_have_url(f"{site}ca/lessons/")


def test_a_refused_card_says_why_and_keeps_the_step(page: Page, site: str) -> None:
    _open_lesson(page, site)
    _card(page, "2c").click()
    feedback = page.locator("[data-feedback]")
    expect(feedback).to_have_text("Has de muntar: tens copes més altes que el cinc.")
    expect(_card(page, "2c")).to_have_attribute("data-verdict", "refused")
    _card(page, "12e").click()
    expect(feedback).to_have_text("Has d'assistir: tens copes, i ha eixit copes.")
    expect(_lesson(page)).to_have_attribute("data-step", "0")
    expect(page.locator("section.lesson button[data-card]")).to_have_count(10)
    expect(page.locator(".trick .played")).to_have_count(1)


def test_a_legal_card_the_lesson_does_not_want_gives_the_hint(page: Page, site: str) -> None:
    _open_lesson(page, site)
    _card(page, "7c").click()
    expect(page.locator("[data-feedback]")).to_have_text(
        "El set de copes també munta, però l'as guanya segur. Tira l'as de copes."
    )
    expect(_lesson(page)).to_have_attribute("data-step", "0")
    expect(_card(page, "7c")).to_have_count(1)


def _press_until_focused(page: Page, key: str, code: str) -> None:
    for _ in range(10):
        if page.evaluate("document.activeElement.dataset.card") == code:
            return
        page.keyboard.press(key)
    raise AssertionError(f"{key} never reached the card {code}")


def test_completes_the_lesson_by_keyboard_only(page: Page, site: str) -> None:
    _open_lesson(page, site)
    # outcomes at once: focus lands once they are shown, and this test is about keys
    page.evaluate("window.tute.pace = 0")
    page.keyboard.press("Tab")
    focused = page.locator(":focus")
    expect(focused).to_have_attribute("data-action", "start")
    page.keyboard.press("Tab")
    expect(focused).to_have_attribute("data-action", "last-trick")
    page.keyboard.press("Tab")
    expect(focused).to_have_attribute("data-card", "1c")
    page.keyboard.press("ArrowLeft")
    expect(focused).to_have_attribute("data-card", "6b")
    _press_until_focused(page, "ArrowRight", "1c")
    page.keyboard.press("Enter")
    expect(_lesson(page)).to_have_attribute("data-step", "1")
    expect(focused).to_have_attribute("data-action", "next")
    page.keyboard.press("Enter")
    expect(_lesson(page)).to_have_attribute("data-step", "2")
    expect(focused).to_have_attribute("data-card", re.compile(r"\d+[oceb]"))
    _press_until_focused(page, "ArrowRight", "3o")
    page.keyboard.press("Space")
    expect(_lesson(page)).to_have_attribute("data-status", "complete")
    expect(focused).to_have_attribute("data-action", "next-lesson")


def test_one_tab_stop_in_the_hand(page: Page, site: str) -> None:
    _open_lesson(page, site)
    expect(page.locator("section.lesson button[data-card][tabindex='0']")).to_have_count(1)
    expect(page.locator("section.lesson button[data-card][tabindex='-1']")).to_have_count(9)


def _complete_at_once(page: Page, site: str, name: str = "assistir") -> None:
    page.emulate_media(reduced_motion="reduce")
    _open_lesson(page, site, name)
    _card(page, "1c").click()
    page.locator("[data-action='next']").click()
    _card(page, "3o").click()
    expect(_lesson(page)).to_have_attribute("data-status", "complete")


def test_completion_persists_and_marks_the_lessons_index(page: Page, site: str) -> None:
    page.goto(f"{site}ca/lessons/")
    progress = page.locator("[data-lesson-progress='assistir']")
    expect(progress).not_to_have_attribute("data-done", "true")
    _complete_at_once(page, site)
    stored = page.evaluate(f"localStorage.getItem('{STORE_KEY}')")
    assert json.loads(stored) == ["assistir"]
    page.reload()
    expect(_lesson(page)).to_have_attribute("data-status", "playing")
    page.goto(f"{site}ca/lessons/")
    expect(progress).to_have_attribute("data-done", "true")
    expect(progress).to_have_text(STRINGS["completed"])
    other = page.locator("[data-lesson-progress='fallar']")
    expect(other).not_to_have_attribute("data-done", "true")


def test_the_last_lesson_links_back_to_the_index(page: Page, site: str) -> None:
    _complete_at_once(page, site, "last")
    expect(page.locator("[data-action='next-lesson']")).to_have_count(0)
    back = page.get_by_role("link", name=STRINGS["back_to_lessons"])
    expect(back).to_have_attribute("href", "../")


def test_reduced_motion_applies_the_outcome_at_once(page: Page, site: str) -> None:
    page.emulate_media(reduced_motion="reduce")
    _open_lesson(page, site)
    busy = page.evaluate(
        """() => {
            document.querySelector("button[data-card='1c']").click();
            return document.querySelector("section.lesson").dataset.busy;
        }"""
    )
    assert busy == "false"
    expect(page.locator(".trick .played")).to_have_count(4)
    expect(page.locator(".trick .played[data-wins]")).to_have_count(1)
    expect(page.locator(".score")).to_contain_text("41")
    expect(page.locator("[data-feedback] p")).to_have_count(5)


def test_with_motion_the_step_advances_at_once_and_taps_wait_for_the_animation(
    page: Page, site: str
) -> None:
    _open_lesson(page, site)
    step_and_busy = page.evaluate(
        """() => {
            const root = document.querySelector("section.lesson");
            document.querySelector("button[data-card='1c']").click();
            const seen = [root.dataset.step, root.dataset.busy];
            document.querySelector("button[data-action='next']").click();
            return seen.concat(root.dataset.step);
        }"""
    )
    assert step_and_busy == ["1", "true", "1"]
    expect(page.locator(".trick .played[data-card='1c']")).to_be_visible()
    expect(_lesson(page)).to_have_attribute("data-busy", "false")
    # the won trick stays with its winner marked until the learner goes on
    expect(page.locator(".trick .played")).to_have_count(4)
    expect(page.locator(".trick .played[data-wins] .wins")).to_have_text(STRINGS["wins"])


def test_restart_returns_to_the_first_step(page: Page, site: str) -> None:
    page.emulate_media(reduced_motion="reduce")
    _open_lesson(page, site)
    _card(page, "1c").click()
    expect(_lesson(page)).to_have_attribute("data-step", "1")
    page.locator("[data-action='restart']").click()
    expect(_lesson(page)).to_have_attribute("data-step", "0")
    expect(page.locator("section.lesson button[data-card]")).to_have_count(10)
    expect(page.locator("[data-feedback] p")).to_have_count(0)


def test_the_table_shows_seats_trump_and_face_up_partner(page: Page, site: str) -> None:
    _open_lesson(page, site)
    expect(page.locator(".seat[data-pos='top'] .seat-name")).to_have_text(STRINGS["seat_partner"])
    expect(page.locator(".seat[data-pos='right'] .seat-name")).to_have_text(STRINGS["seat_right"])
    expect(page.locator(".seat[data-pos='left'] .seat-name")).to_have_text(STRINGS["seat_left"])
    expect(page.locator(".seat[data-pos='top'] .seat-cards img")).to_have_count(10)
    expect(page.locator(".seat[data-pos='top'] button")).to_have_count(0)
    expect(page.locator(".seat[data-pos='top'] .dealer")).to_have_text(STRINGS["dealer"])
    expect(page.locator(".seat .dealer:visible")).to_have_count(1)
    # the trump card is named by its name, the label beside it says it is the trump
    expect(page.locator(".felt .corner .trump-card img")).to_have_attribute(
        "alt", "quatre de bastos"
    )
    expect(page.locator(".felt .corner .trump-label")).to_have_text(STRINGS["trumps_b"])
    expect(page.locator(".felt .corner .trump-played")).to_be_hidden()
    expect(page.locator(".seat[data-pos='left'] .seat-cards .back")).to_have_count(9)
    expect(page.locator(".seat[data-pos='left'] .seat-cards img")).to_have_count(0)
    # a card on the table when the lesson opens, played by no event, is named by its name
    expect(page.locator(".trick .played[data-pos='left'] img")).to_have_attribute(
        "alt", "cinc de copes"
    )
    expect(page.locator(".turn")).to_have_text(STRINGS["your_turn"])


def test_the_example_board_answers_each_card(page: Page, site: str) -> None:
    page.goto(f"{site}ca/lessons/")
    board = page.locator("figure.example")
    expect(board.locator(".example-static")).to_be_hidden()
    played_by = board.locator(".played .played-by")
    expect(played_by).to_have_text([STRINGS["seat_partner"], STRINGS["seat_left"]])
    # each card of the trick is named in a sentence saying who played it
    expect(board.locator(".played img").first).to_have_attribute(
        "alt", _fill(STRINGS["played_by"], seat=STRINGS["subject_partner"], card="el cinc de copes")
    )
    expect(board.locator(".trump-suit")).to_have_text(_fill(STRINGS["trump_suit"], suit="bastos"))
    feedback = board.locator("[data-feedback]")
    board.locator("button[data-card='7c']").click()
    expect(feedback).to_have_text("Has de muntar: l'as de copes guanya el rei.")
    expect(board.locator("button[data-card='7c']")).to_have_attribute("data-verdict", "refused")
    board.locator("button[data-card='1c']").focus()
    page.keyboard.press("Enter")
    expect(feedback).to_have_text(STRINGS["legal"])
    expect(board.locator("button[data-card='1c']")).to_have_attribute("data-verdict", "legal")
    expect(board.locator("button[data-verdict]")).to_have_count(1)
    expect(board.locator("button[data-card]")).to_have_count(4)


def test_cards_load_from_disk(page: Page, fixture_site: Path) -> None:
    page.goto((fixture_site / "ca" / "lessons" / "assistir" / "index.html").as_uri())
    expect(page.locator("section.lesson button[data-card]")).to_have_count(10)
    widths = page.evaluate(
        "Array.from(document.querySelectorAll('.widget img.card'), (img) => img.naturalWidth)"
    )
    assert widths and all(width > 0 for width in widths)


@pytest.mark.parametrize(("width", "height"), [(360, 740), (320, 640), (1280, 800)])
def test_the_hand_fits_the_screen(
    page: Page,
    site: str,
    width: int,
    height: int,
    screenshot: Callable[[Page, str], Path],
) -> None:
    page.set_viewport_size({"width": width, "height": height})
    _open_lesson(page, site)
    boxes = page.evaluate(
        """Array.from(document.querySelectorAll('.lesson img.card'), (img) => {
            const r = img.getBoundingClientRect();
            return {left: r.left, right: r.right, width: r.width, inHand: !!img.closest('.hand')};
        })"""
    )
    assert all(box["left"] >= 0 and box["right"] <= width for box in boxes)
    # one overlapping row of ten, so that the hand leaves the table its room
    hand = [box for box in boxes if box["inHand"]]
    assert min(box["width"] for box in hand) >= 42
    shown = [b["left"] - a["left"] for a, b in itertools.pairwise(hand)]
    assert min(shown) >= 0.45 * hand[0]["width"]
    screenshot(page, f"{width}x{height}")


def _axe_violations(page: Page, selector: str) -> list[str]:
    results = Axe().run(page, context=selector)
    return [
        f"{violation['id']}: {violation['help']} ({len(violation['nodes'])} nodes)"
        for violation in results.response["violations"]
    ]


def test_axe_finds_nothing_in_the_lesson_as_it_is_played(page: Page, site: str) -> None:
    page.emulate_media(reduced_motion="reduce")
    _open_lesson(page, site)
    assert _axe_violations(page, "section.lesson") == []
    _card(page, "2c").click()
    assert _axe_violations(page, "section.lesson") == []
    _complete_at_once(page, site)
    assert _axe_violations(page, "section.lesson") == []


def test_axe_finds_nothing_in_the_example_board(page: Page, site: str) -> None:
    page.goto(f"{site}ca/lessons/")
    page.locator("figure.example button[data-card='2c']").click()
    assert _axe_violations(page, "figure.example") == []


def test_the_strings_are_exactly_those_the_script_reads() -> None:
    script = "".join(
        (STATIC / name).read_text(encoding="utf-8")
        for name in ("widget-core.js", "lesson.js", "progress.js", "example.js")
    )
    used = set(re.findall(r"\bt\(\"(\w+)\"", script))
    used |= set(re.findall(r"\"((?:seat|subject|team)_\w+)\"", script))
    assert used == set(STRINGS)
