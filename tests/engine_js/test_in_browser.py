"""The twin runs where the play page needs it: as a classic script in a page opened from
disk (file://, where module scripts are blocked; in Chromium, Firefox and WebKit) and in a
Web Worker (``importScripts``), each time as ``globalThis.TuteRules``, and plays there a hand
that the engine reads back."""

from __future__ import annotations

import shutil
from collections.abc import Callable
from pathlib import Path

import pytest
from playwright.sync_api import Page

from engine import Game
from tests.engine_js.twin import ROOT
from tests.other_browsers import LAUNCHERS, BrowserNotFoundError

RULES = ROOT / "engine-js" / "rules.js"
PLAY_A_HAND = """
const R = globalThis.TuteRules;
const rng = R.seededRandom(9);
const game = new R.Game(R.randomDeal(rng, 1));
const start = game.code();
while (!game.isOver) {
  const legal = game.legalPlays();
  game.play(legal[Math.floor(rng() * legal.length)]);
}
let refused = null;
try { game.play(0); } catch (error) { refused = error.reason; }
const done = { start, end: game.code(), points: game.points, refused };
"""


def folder(tmp_path: Path) -> Path:
    """A folder with the rules, a page that plays a hand with them and a worker that does."""
    shutil.copy(RULES, tmp_path / "rules.js")
    (tmp_path / "play.js").write_text(PLAY_A_HAND + "window.done = done;\n", encoding="utf-8")
    (tmp_path / "index.html").write_text(
        '<!doctype html><title>rules</title><link rel="icon" href="data:,">'
        '<script src="rules.js"></script>'
        '<script src="play.js"></script>',
        encoding="utf-8",
    )
    (tmp_path / "worker.js").write_text(
        'importScripts("rules.js");\n' + PLAY_A_HAND + "postMessage(done);\n", encoding="utf-8"
    )
    return tmp_path


def check(done: dict[str, object]) -> None:
    """The hand the page played is one the engine reads back, ended as the engine ends it."""
    start, end = Game.from_code(str(done["start"])), Game.from_code(str(done["end"]))
    assert start.tricks_played == 0 and end.is_over
    assert list(end.points) == done["points"]
    assert done["refused"] == "hand_over"


def test_the_rules_load_from_disk_as_a_classic_script(page: Page, tmp_path: Path) -> None:
    page.goto((folder(tmp_path) / "index.html").as_uri())
    check(page.evaluate("window.done"))
    assert page.evaluate("typeof module") == "undefined"


def test_the_rules_load_in_a_web_worker(
    page: Page, tmp_path: Path, http_server: Callable[..., str]
) -> None:
    base = http_server(folder(tmp_path))
    page.goto(base + "index.html")
    done = page.evaluate(
        """() => new Promise((resolve, reject) => {
            const worker = new Worker("worker.js");
            worker.onmessage = (event) => resolve(event.data);
            worker.onerror = (event) => reject(new Error(event.message));
        })"""
    )
    check(done)


@pytest.mark.browser
@pytest.mark.parametrize("engine", sorted(LAUNCHERS))
def test_the_rules_load_from_disk_in_firefox_and_webkit(engine: str, tmp_path: Path) -> None:
    try:
        with LAUNCHERS[engine](800, 600) as driver:
            driver.open((folder(tmp_path) / "index.html").as_uri())
            check(driver.run("return window.done;"))
    except BrowserNotFoundError as error:
        raise pytest.fail.Exception(str(error), pytrace=False) from None
