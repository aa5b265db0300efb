"""On a slow phone's CPU (Chromium's own slowed four times), no page type blocks the main
thread for more than 200 ms while it loads: style, layout, painting and scripts included.

Long tasks are what makes a page ignore a tap; the card images once made the rules page
block for over a second, painting the whole deck for each card.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Page

from site_builder import Config, Report
from site_builder.config import PROJECT_ROOT
from site_builder.site import read_site

SLOWDOWN = 4
LIMIT_MS = 200
PAGE_TYPES = ("home", "rules", "faq", "lessons")

# Registered before any of the page's own scripts, so no task escapes it.
WATCH_LONG_TASKS = """
window.longTasks = [];
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) window.longTasks.push(Math.round(entry.duration));
}).observe({ type: "longtask", buffered: true });
"""

SETTLE = "() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))"


def _page_files(lang: str) -> dict[str, str]:
    """One page of each type in `lang`, and every lesson page."""
    report = Report()
    pages = read_site(Config.for_project(PROJECT_ROOT), report).languages[lang].pages
    assert report.errors == []
    files = {kind: pages[kind].file for kind in PAGE_TYPES}
    files.update({page.key: page.file for page in pages.values() if page.lesson is not None})
    return files


PAGES = _page_files("ca")


@pytest.mark.parametrize("kind", sorted(PAGES))
def test_no_long_task_over_200_ms_while_a_page_loads_on_a_slow_cpu(
    page: Page, site_url: str, site_dir: Path, kind: str
) -> None:
    assert (site_dir / PAGES[kind]).is_file()
    page.set_viewport_size({"width": 390, "height": 844})
    cdp = page.context.new_cdp_session(page)
    cdp.send("Emulation.setCPUThrottlingRate", {"rate": SLOWDOWN})
    page.add_init_script(WATCH_LONG_TASKS)
    page.goto(site_url + PAGES[kind])
    page.wait_for_load_state("load")
    page.evaluate(SETTLE)
    page.wait_for_timeout(500)
    page.evaluate(SETTLE)
    tasks: list[int] = page.evaluate("window.longTasks")
    assert [ms for ms in tasks if ms > LIMIT_MS] == [], f"{PAGES[kind]}: long tasks {tasks} ms"
