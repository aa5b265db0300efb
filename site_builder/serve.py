"""Local preview: serve the last good build and rebuild when a source changes."""

from __future__ import annotations

import functools
import sys
import threading
import time
from collections.abc import Callable, Iterable
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

from site_builder.config import TEMPLATES_DIR, Config

POLL_SECONDS = 0.5


def watched_files(config: Config) -> Iterable[Path]:
    """The sources a build reads: pages, catalogs, lessons, templates and static files."""
    folders = [config.content_dir, config.catalog_dir, TEMPLATES_DIR, config.static_dir]
    if config.lessons_dir is not None:
        folders.append(config.lessons_dir)
    for folder in folders:
        if folder.is_dir():
            yield from (path for path in folder.rglob("*") if path.is_file())


def snapshot(config: Config) -> dict[Path, float]:
    """The modification time of every watched file."""
    return {path: path.stat().st_mtime for path in watched_files(config)}


class _Handler(SimpleHTTPRequestHandler):
    """Serves the output folder; quiet, and the site's 404 page for missing files."""

    def log_message(self, format: str, *args: Any) -> None:
        """Stay quiet: the console is for build messages."""

    def send_error(self, code: int, message: str | None = None, explain: str | None = None) -> None:
        page = Path(self.directory) / "404.html"
        if code != 404 or not page.is_file():
            super().send_error(code, message, explain)
            return
        body = page.read_bytes()
        self.send_response(404)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)


def serve(config: Config, out: Path, port: int, rebuild: Callable[[], bool]) -> None:
    """Build, serve `out` on 127.0.0.1:`port`, and rebuild on every change until Ctrl-C."""
    rebuild()
    handler = functools.partial(_Handler, directory=str(out))
    server = ThreadingHTTPServer(("127.0.0.1", port), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    print(f"Serving http://127.0.0.1:{server.server_address[1]}/ (Ctrl-C stops)", flush=True)
    seen = snapshot(config)
    try:
        while True:
            time.sleep(POLL_SECONDS)
            current = snapshot(config)
            if current != seen:
                seen = current
                print("Sources changed: rebuilding", file=sys.stderr, flush=True)
                rebuild()
    except KeyboardInterrupt:
        pass
    finally:
        server.shutdown()
        server.server_close()
