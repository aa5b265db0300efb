"""Pages per second of the whole site build, verification included, on one core, and the
weight of the heaviest lesson page.

Usage: ``python -m benchmarks.site [--runs N]``. Each run reads, verifies and renders
every page of every language in memory (as `build` does before writing); the first run
also pays for compiling the templates, so the best and the first are both printed. A
page's weight is its HTML and every stylesheet, script and SVG it loads, uncompressed.
"""

from __future__ import annotations

import argparse
import time

from site_builder import Config, Report, render_site
from site_builder.assets import page_weight
from site_builder.config import PROJECT_ROOT


def main() -> None:
    """Render the real site several times and print the time and the rate."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    config = Config.for_project(PROJECT_ROOT)
    times = []
    files: dict[str, bytes] = {}
    for _ in range(args.runs):
        started = time.perf_counter()
        report = Report()
        files = render_site(config, report)
        times.append(time.perf_counter() - started)
        if report.errors:
            raise SystemExit("\n".join(str(problem) for problem in report.errors))
    pages = sum(path.endswith(".html") for path in files)
    best = min(times)
    print(f"site: {pages} pages, first build {times[0] * 1000:.0f} ms, best {best * 1000:.0f} ms")
    print(f"site: {pages / best:.0f} pages per second")
    lessons = [path for path, data in files.items() if b"data-lesson-data>" in data]
    weights = {path: sum(page_weight(files, path).values()) for path in lessons}
    heaviest = max(weights, key=weights.__getitem__)
    print(f"site: heaviest lesson page {weights[heaviest] / 1000:.1f} KB ({heaviest})")


if __name__ == "__main__":
    main()
