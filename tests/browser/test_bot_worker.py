"""The machine players in the three browser engines: in a Web Worker told where its scripts are
(under hashed names, as the built site names static files) and on the main thread in slices.
Each answers exactly what the Node command line answers for the same request and seed.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page

from tests.other_browsers import Driver

ROOT = Path(__file__).resolve().parents[2]
HASHED = {"rules.js": "rules.0a1b2c3d.js", "bots.js": "bots.4e5f6a7b.js"}
WORKER = "bot-worker.8c9d0e1f.js"
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

# Starts a worker from its hashed URL, loads the hashed scripts into it, asks choose and hint,
# keeping the answers in window.botAnswers; loads the same scripts into the page and runs the
# hint's search there in slices, into window.slicedHint. Uses workerUrl, scripts and request.
START = """
window.botAnswers = [];
window.slicedHint = null;
const worker = new Worker(workerUrl);
worker.onmessage = (event) => window.botAnswers.push(event.data);
worker.postMessage({type: "load", scripts});
worker.postMessage({id: 1, kind: "choose", request});
worker.postMessage({id: 2, kind: "hint", request});
let loaded = 0;
for (const url of scripts) {
  const script = document.createElement("script");
  script.src = url;
  script.async = false;
  script.onload = () => {
    if (++loaded < scripts.length) return;
    TuteBots.runInSlices(new TuteBots.Search(request), 8).then((r) => { window.slicedHint = r; });
  };
  document.head.append(script);
}
"""
DONE = "window.botAnswers.length === 3 && window.slicedHint !== null"

WINDOW = (800, 600)
"""The browser window, for the `driver` fixture."""


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory, http_server: Callable[..., str]) -> str:
    """The bots' scripts under hashed names, and an empty page, on a local server."""
    folder = tmp_path_factory.mktemp("bots")
    for name, hashed in HASHED.items():
        shutil.copy(ROOT / "engine-js" / name, folder / hashed)
    shutil.copy(ROOT / "engine-js" / "bot-worker.js", folder / WORKER)
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
        {"type": "load", "ok": True},
        {"id": 1, "result": choose},
        {"id": 2, "result": hint},
    ]
    assert sliced == hint


def arguments(base: str) -> list[Any]:
    return [base + WORKER, [base + h for h in HASHED.values()], REQUEST]


def test_bots_in_chromium(page: Page, served: str) -> None:
    page.goto(served + "index.html")
    page.evaluate(f"([workerUrl, scripts, request]) => {{ {START} }}", arguments(served))
    page.wait_for_function(f"() => {DONE}")
    answers, sliced = page.evaluate("() => [window.botAnswers, window.slicedHint]")
    check(answers, sliced)


def test_bots_in_firefox_and_webkit(driver: Driver, served: str) -> None:
    driver.open(served + "index.html")
    driver.run("const [workerUrl, scripts, request] = arguments;" + START, *arguments(served))
    deadline = time.monotonic() + ANSWERS_SECONDS
    read = f"return {DONE} ? JSON.stringify([window.botAnswers, window.slicedHint]) : null;"
    while (text := driver.run(read)) is None:
        assert time.monotonic() < deadline, "the bots did not answer"
    answers, sliced = json.loads(text)
    check(answers, sliced)
