"""The machine players in the three browser engines: in a Web Worker started from one script
holding the rules, the bots and the worker (under a hashed name, as the play page's bundle),
and on the main thread, from that same script, in slices. Each answers exactly what the Node
command line answers for the same request and seed.
"""

from __future__ import annotations

import json
import subprocess
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page

from tests.other_browsers import Driver

ROOT = Path(__file__).resolve().parents[2]
BUNDLE = "play.8c9d0e1f.js"
PARTS = ("rules.js", "bots.js", "bot-worker.js")
REQUEST = {
    "level": 2,
    "seat": 3,
    "dealer": 3,
    "trump_card": "7b",
    "hand": ["1o", "4o", "5o", "6o", "3e", "6e", "2e", "4e", "7b", "2b"],
    "plays": ["4c", "1b", "5c"],
    "seed": 3,
}
ANSWERS_SECONDS = 60

# Starts a worker from the bundle's hashed URL, asks choose and hint, keeping the answers in
# window.botAnswers; loads the same bundle into the page and runs the hint's search there in
# slices, into window.slicedHint. Uses bundleUrl and request.
START = """
window.botAnswers = [];
window.slicedHint = null;
const worker = new Worker(bundleUrl);
worker.onmessage = (event) => window.botAnswers.push(event.data);
worker.postMessage({id: 1, kind: "choose", request});
worker.postMessage({id: 2, kind: "hint", request});
const script = document.createElement("script");
script.src = bundleUrl;
script.onload = () => {
  TuteBots.runInSlices(new TuteBots.Search(request), 8).then((r) => { window.slicedHint = r; });
};
document.head.append(script);
"""
DONE = "window.botAnswers.length === 2 && window.slicedHint !== null"

WINDOW = (800, 600)
"""The browser window, for the `driver` fixture."""


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory, http_server: Callable[..., str]) -> str:
    """The rules, the bots and the worker in one script under a hashed name, one after another
    as the build bundles them, and an empty page, on a local server."""
    folder = tmp_path_factory.mktemp("bots")
    parts = [(ROOT / "engine-js" / name).read_text("utf-8") for name in PARTS]
    (folder / BUNDLE).write_text("\n".join(parts), "utf-8")
    (folder / "index.html").write_text(
        '<!doctype html><html lang="en"><title>bots</title>'
        '<link rel="icon" href="data:,"><body></body></html>',
        "utf-8",
    )
    return http_server(folder)


def node_answers() -> tuple[dict[str, Any], dict[str, Any]]:
    """The Node command line's choose, and the hint computed under Node."""
    choose = subprocess.run(
        ["node", "engine-js/cli.js", "bot"],
        input=json.dumps(REQUEST) + "\n",
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=True,
        timeout=60,
    )
    hint = subprocess.run(
        [
            "node",
            "-e",
            f"console.log(JSON.stringify(require('./engine-js/bots.js').hint({json.dumps(REQUEST)})))",
        ],
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=True,
        timeout=60,
    )
    return json.loads(choose.stdout), json.loads(hint.stdout)


def check(answers: list[dict[str, Any]], sliced: dict[str, Any]) -> None:
    choose, hint = node_answers()
    assert answers == [
        {"id": 1, "result": choose},
        {"id": 2, "result": hint},
    ]
    assert sliced == hint


def arguments(base: str) -> list[Any]:
    return [base + BUNDLE, REQUEST]


def test_bots_in_chromium(page: Page, served: str) -> None:
    page.goto(served + "index.html")
    page.evaluate(f"([bundleUrl, request]) => {{ {START} }}", arguments(served))
    page.wait_for_function(f"() => {DONE}")
    answers, sliced = page.evaluate("() => [window.botAnswers, window.slicedHint]")
    check(answers, sliced)


def test_bots_in_firefox_and_webkit(driver: Driver, served: str) -> None:
    driver.open(served + "index.html")
    driver.run("const [bundleUrl, request] = arguments;" + START, *arguments(served))
    deadline = time.monotonic() + ANSWERS_SECONDS
    read = f"return {DONE} ? JSON.stringify([window.botAnswers, window.slicedHint]) : null;"
    while (text := driver.run(read)) is None:
        assert time.monotonic() < deadline, "the bots did not answer"
    answers, sliced = json.loads(text)
    check(answers, sliced)
