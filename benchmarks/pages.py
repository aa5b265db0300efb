"""Lighthouse's four scores and total blocking time for one page of each type, on a phone.

Usage: ``python -m benchmarks.pages [--runs N] [--lang ca]`` (``make bench-pages`` installs
Lighthouse into benchmarks/lighthouse/ first). The site is built into a temporary folder and
served the way the README's host configuration serves it: the `.gz` copies to browsers that
accept gzip, `static/` cacheable for a year, pages revalidated. Lighthouse runs with its
defaults: mobile, simulated throttling (a slow 4G network, the CPU slowed four times). It
varies from run to run, more on a busy machine, so each page runs `--runs` times and the
median run (by performance score) is printed.
"""

from __future__ import annotations

import argparse
import json
import mimetypes
import os
import subprocess
import tempfile
import threading
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

from site_builder import Config, Report, build_site
from site_builder.config import PROJECT_ROOT
from site_builder.site import read_site
from tests.chromium import LAUNCH_ARGS, find_chromium

LIGHTHOUSE = PROJECT_ROOT / "benchmarks" / "lighthouse" / "node_modules" / ".bin" / "lighthouse"
CATEGORIES = ("performance", "accessibility", "best-practices", "seo")
PAGE_TYPES = ("home", "rules", "faq", "lessons", "practice", "play")
IMMUTABLE = "public, max-age=31536000, immutable"


class StaticHost(BaseHTTPRequestHandler):
    """A static host as the README configures one: precompressed files, long-lived assets."""

    root: Path

    def do_GET(self) -> None:
        """Send the file, its `.gz` copy when the browser accepts gzip, or the 404 page."""
        path = self.root / self.path.split("?")[0].split("#")[0].lstrip("/")
        if path.is_dir():
            path = path / "index.html"
        status = HTTPStatus.OK
        if not path.is_file() or self.root not in path.resolve().parents:
            status, path = HTTPStatus.NOT_FOUND, self.root / "404.html"
            if not path.is_file():
                self.send_error(status)
                return
        body = path.read_bytes()
        self.send_response(status)
        self.send_header("Content-Type", mimetypes.guess_type(path.name)[0] or "text/plain")
        gzipped = path.with_name(path.name + ".gz")
        if "gzip" in self.headers.get("Accept-Encoding", "") and gzipped.is_file():
            body = gzipped.read_bytes()
            self.send_header("Content-Encoding", "gzip")
        self.send_header("Vary", "Accept-Encoding")
        static = path.relative_to(self.root).parts[0] == "static"
        self.send_header("Cache-Control", IMMUTABLE if static else "no-cache")
        self.send_header("X-Content-Type-Options", "nosniff")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, format: str, *args: Any) -> None:
        """Quiet: Lighthouse makes many requests."""


def page_paths(config: Config, root: Path, lang: str) -> dict[str, str]:
    """The path of one page of each type in `lang`; the lesson is the heaviest one built."""
    site = read_site(config, Report())
    pages = site.languages[lang].pages
    chosen = {key: pages[key].file for key in PAGE_TYPES}
    lessons = [page.file for page in pages.values() if page.lesson is not None]
    chosen["lesson"] = max(lessons, key=lambda file: (root / file).stat().st_size)
    return chosen


def lighthouse(url: str, chromium: Path, out: Path) -> dict[str, float]:
    """One Lighthouse run: the four scores out of 100 and total blocking time in ms."""
    flags = " ".join(("--headless=new", *LAUNCH_ARGS))
    subprocess.run(
        [
            str(LIGHTHOUSE),
            url,
            "--quiet",
            "--output=json",
            f"--output-path={out}",
            f"--only-categories={','.join(CATEGORIES)}",
            f"--chrome-flags={flags}",
        ],
        check=True,
        env={**os.environ, "CHROME_PATH": str(chromium)},
    )
    result = json.loads(out.read_text(encoding="utf-8"))
    scores = {name: round(result["categories"][name]["score"] * 100) for name in CATEGORIES}
    return {**scores, "tbt": result["audits"]["total-blocking-time"]["numericValue"]}


def main() -> None:
    """Build, serve, run Lighthouse on each page type and print a table."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--lang", default="ca")
    args = parser.parse_args()
    if not LIGHTHOUSE.exists():
        raise SystemExit(f"{LIGHTHOUSE} is missing: run `make bench-pages`, which installs it")
    config = Config.for_project(PROJECT_ROOT)
    chromium = find_chromium()
    with tempfile.TemporaryDirectory() as folder:
        root = Path(folder) / "site"
        build_site(config, root)
        handler = type("Host", (StaticHost,), {"root": root.resolve()})
        server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
        threading.Thread(target=server.serve_forever, daemon=True).start()
        base = f"http://127.0.0.1:{server.server_address[1]}/"
        print(f"{'page':8} {'perf':>4} {'a11y':>4} {'best':>4} {'seo':>4} {'TBT ms':>7}  path")
        for kind, path in page_paths(config, root, args.lang).items():
            runs = [
                lighthouse(base + path, chromium, Path(folder) / "report.json")
                for _ in range(args.runs)
            ]
            runs.sort(key=lambda run: run["performance"])
            median = runs[len(runs) // 2]
            scores = " ".join(f"{median[name]:4.0f}" for name in CATEGORIES)
            tbts = ", ".join(f"{run['tbt']:.0f}" for run in runs)
            print(f"{kind:8} {scores} {median['tbt']:7.0f}  {path} (TBT of the runs: {tbts})")
        server.shutdown()


if __name__ == "__main__":
    main()
