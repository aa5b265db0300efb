"""Long tasks while each page type loads on a slow phone's CPU (Chromium's slowed 4x).

Prints, for one page of each type and every lesson (Catalan), the long tasks the browser
reported (PerformanceObserver `longtask`) and whether any passed 200 ms, the goal of a page
that answers a tap at once. On the "Play a hand" page it then plays a whole hand (the first
legal card each turn, the machine thinking in its worker) and prints the long tasks of the
hand against 50 ms, the longest a task may take while a hand is played.
Run: ``python -m benchmarks.long_tasks``. Wall-clock figures depend on the machine's load,
so they are measured here rather than asserted in a test.
"""

from __future__ import annotations

import functools
import tempfile
import threading
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

from playwright.sync_api import Page, sync_playwright

from site_builder import Config, Report, build_site
from site_builder.config import PROJECT_ROOT
from site_builder.site import read_site
from tests.chromium import LAUNCH_ARGS, find_chromium

SLOWDOWN = 4
GOAL_MS = 200
HAND_GOAL_MS = 50
PAGE_TYPES = ("home", "rules", "faq", "lessons", "practice", "play")

WATCH = """
window.longTasks = [];
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) window.longTasks.push(Math.round(entry.duration));
}).observe({ type: "longtask", buffered: true });
"""


PLAY_TURN = """() => {
  const root = document.querySelector("[data-play]");
  const next = root.querySelector("button[data-action='next']");
  if (root.dataset.status !== "playing") return "over";
  if (next && !next.hidden) return "next";
  return root.querySelector(".hand").dataset.mode === "play" ? "card" : "";
}"""


def play_a_hand(page: Page) -> list[int]:
    """Play the page's hand to its end; the long tasks reported while it was played."""
    page.evaluate("window.longTasks.length = 0")
    while True:
        page.wait_for_function(PLAY_TURN, timeout=120_000)
        turn = page.evaluate(PLAY_TURN)
        if turn == "over":
            break
        if turn == "next":
            page.click("[data-action='next']")
        else:
            page.click(".hand button[data-legal='true']")
    tasks: list[int] = page.evaluate("window.longTasks")
    return tasks


class _Quiet(SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: object) -> None:
        """Only the figures are printed."""


def main() -> None:
    config = Config.for_project(PROJECT_ROOT)
    pages = read_site(config, Report()).languages["ca"].pages
    files = {kind: pages[kind].file for kind in PAGE_TYPES if kind in pages}
    files.update({page.key: page.file for page in pages.values() if page.lesson is not None})
    with tempfile.TemporaryDirectory() as out:
        build_site(config, Path(out))
        handler = functools.partial(_Quiet, directory=out)
        server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
        threading.Thread(target=server.serve_forever, daemon=True).start()
        base = f"http://127.0.0.1:{server.server_address[1]}/"
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(
                executable_path=find_chromium(managed=lambda: playwright.chromium.executable_path),
                args=list(LAUNCH_ARGS),
            )
            for kind, file in files.items():
                context = browser.new_context(viewport={"width": 390, "height": 844})
                page = context.new_page()
                cdp = context.new_cdp_session(page)
                cdp.send("Emulation.setCPUThrottlingRate", {"rate": SLOWDOWN})
                page.add_init_script(WATCH)
                page.goto(base + file)
                page.wait_for_load_state("load")
                page.wait_for_timeout(800)
                tasks: list[int] = page.evaluate("window.longTasks")
                over = [ms for ms in tasks if ms > GOAL_MS]
                verdict = "ok" if not over else f"{len(over)} over {GOAL_MS} ms"
                print(f"long tasks {kind:16} {verdict:14} {tasks}")
                if kind == "play":
                    hand = play_a_hand(page)
                    over = [ms for ms in hand if ms > HAND_GOAL_MS]
                    verdict = "ok" if not over else f"{len(over)} over {HAND_GOAL_MS} ms"
                    print(f"long tasks {'a hand':16} {verdict:14} {hand}")
                context.close()
            browser.close()
        server.shutdown()


if __name__ == "__main__":
    main()
