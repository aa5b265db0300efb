"""Long tasks while each page type loads on a slow phone's CPU (Chromium's slowed 4x).

Prints, for one page of each type and every lesson (Catalan), the long tasks the browser
reported (PerformanceObserver `longtask`) and whether any passed 200 ms, the goal of a page
that answers a tap at once. On the "Play a hand" page it then plays a whole hand (the first
legal card each turn, the machine thinking in its worker) at the machine's own pace, and a
second with `window.tute.pace = 0` (every card at once, the most drawing per task), and
prints the long tasks of each hand against 50 ms, the longest a task may take while a hand
is played, and the hand's five longest tasks by processor time (below).

Wall-clock figures depend on the machine's load: on a shared machine a task waits for the
processor as well as runs. So each hand is also traced, and every task of the page's main
thread is counted by the processor time its thread used ("cpu"): Chromium slows the
thread by keeping it busy, so that time holds the slowdown but not the waits for other
programs, what the task would take on a slow phone with the processor to itself. The
driver's own tasks on that thread are left out of the count: a message of its DevTools
session (Playwright putting its helper script into the page, about 330 KB, or reading the
page) is its work, not the page's. Taps are a touchscreen's (`page.touchscreen.tap` at the
card), as on a phone, and the driver looks at the page every 100 ms rather than at every
frame. Run: ``python -m benchmarks.long_tasks``; measured here, not asserted in a test.
"""

from __future__ import annotations

import functools
import json
import tempfile
import threading
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

from playwright.sync_api import Browser, Page, sync_playwright

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


def tap(page: Page, selector: str) -> None:
    """A touchscreen's tap at the middle of the first element `selector` matches."""
    box = page.locator(selector).first.bounding_box()
    assert box is not None, selector
    page.touchscreen.tap(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)


def play_a_hand(page: Page) -> list[int]:
    """Play the page's hand to its end; the long tasks reported while it was played."""
    page.evaluate("window.longTasks.length = 0")
    while True:
        page.wait_for_function(PLAY_TURN, polling=100, timeout=120_000)
        turn = page.evaluate(PLAY_TURN)
        if turn == "over":
            break
        if turn == "next":
            tap(page, "[data-action='next']")
        else:
            tap(page, ".hand button[data-legal='true']")
        page.wait_for_function(
            f"({PLAY_TURN})() !== {json.dumps(turn)}", polling=100, timeout=120_000
        )
    tasks: list[int] = page.evaluate("window.longTasks")
    return tasks


DRIVER = "blink.mojom.DevToolsSession"


def cpu_tasks(trace: bytes) -> list[int]:
    """The tasks of the page's main thread over a tenth of the hand goal, each as the
    processor time its thread used, in ms, from a Chromium trace; a task that received a
    message of the driver's DevTools session is the driver's and left out."""
    events = json.loads(trace)["traceEvents"]
    main = {
        (e["pid"], e["tid"])
        for e in events
        if e.get("ph") == "M" and e.get("args", {}).get("name") == "CrRendererMain"
    }
    on_main = [e for e in events if e.get("ph") == "X" and (e.get("pid"), e.get("tid")) in main]
    driver = [
        e["ts"]
        for e in on_main
        if e.get("name") == "Receive mojo message"
        and e.get("args", {}).get("chrome_mojo_event_info", {}).get("mojo_interface_tag") == DRIVER
    ]
    return [
        round(e["tdur"] / 1000)
        for e in on_main
        if e.get("name") == "ThreadControllerImpl::RunTask"
        and e.get("tdur", 0) > HAND_GOAL_MS * 100
        and not any(e["ts"] <= ts < e["ts"] + e["dur"] for ts in driver)
    ]


def traced_hand(browser: Browser, page: Page) -> tuple[list[int], list[int]]:
    """A hand played under a trace: its long tasks by the clock and by the processor."""
    browser.start_tracing(page=page, categories=["toplevel"])
    hand = play_a_hand(page)
    return hand, cpu_tasks(browser.stop_tracing())


def verdict(tasks: list[int], goal: int) -> str:
    """ "ok", or how many tasks passed `goal`."""
    over = [ms for ms in tasks if ms > goal]
    return "ok" if not over else f"{len(over)} over {goal} ms"


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
                context = browser.new_context(
                    viewport={"width": 390, "height": 844}, has_touch=True
                )
                page = context.new_page()
                cdp = context.new_cdp_session(page)
                cdp.send("Emulation.setCPUThrottlingRate", {"rate": SLOWDOWN})
                page.add_init_script(WATCH)
                page.goto(base + file)
                page.wait_for_load_state("load")
                page.wait_for_timeout(800)
                tasks: list[int] = page.evaluate("window.longTasks")
                print(f"long tasks {kind:16} {verdict(tasks, GOAL_MS):14} {tasks}")
                if kind == "play":
                    for pace in ("own pace", "pace 0"):
                        if pace == "pace 0":
                            page.evaluate("window.tute.pace = 0")
                            tap(page, "[data-action='new-hand']")
                        hand, cpu = traced_hand(browser, page)
                        name = "hand, " + pace
                        print(f"long tasks {name:16} {verdict(hand, HAND_GOAL_MS):14} {hand}")
                        longest = sorted(cpu)[-5:]
                        print(f"cpu        {name:16} {verdict(cpu, HAND_GOAL_MS):14} {longest}")
                context.close()
            browser.close()
        server.shutdown()


if __name__ == "__main__":
    main()
