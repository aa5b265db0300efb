"""Shared fixtures: the built site, a local HTTP server, and a Chromium driven by Playwright.

Browser tests are marked `browser` automatically (files under tests/browser/ and any test
that uses the `browser` or `page` fixture). A missing Chromium makes them error with
install instructions; they are never skipped.
"""

from __future__ import annotations

import functools
import re
import subprocess
import sys
import threading
from collections.abc import Callable, Iterator
from http import HTTPStatus
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, ConsoleMessage, Error, Page, sync_playwright

from tests.chromium import LAUNCH_ARGS, ChromiumNotFoundError, find_chromium

pytest_plugins = ["pytester"]

ROOT = Path(__file__).resolve().parent.parent
ARTIFACTS = ROOT / "test-artifacts"
BROWSER_DIR = Path(__file__).resolve().parent / "browser"
BROWSER_FIXTURES = {"browser", "page"}

PAGE_ERRORS = pytest.StashKey[list[str]]()
PAGE_ERRORS_INSPECTED = pytest.StashKey[bool]()
CALL_FAILED = pytest.StashKey[bool]()


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Mark every test that drives Chromium, so `-m "not browser"` leaves them out."""
    for item in items:
        in_browser_dir = BROWSER_DIR in Path(item.path).parents
        uses_browser = BROWSER_FIXTURES & set(getattr(item, "fixturenames", ()))
        if in_browser_dir or uses_browser:
            item.add_marker(pytest.mark.browser)


@pytest.hookimpl(wrapper=True)
def pytest_runtest_call(item: pytest.Item) -> Iterator[None]:
    """Fail a test whose page logged a console error or threw, unless it asked to see them."""
    yield
    errors = item.stash.get(PAGE_ERRORS, [])
    if errors and not item.stash.get(PAGE_ERRORS_INSPECTED, False):
        pytest.fail("the page reported errors:\n" + "\n".join(errors), pytrace=False)


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Any:
    """Remember whether the test body failed, for the screenshot taken at teardown."""
    report = yield
    if report.when == "call":
        item.stash[CALL_FAILED] = report.failed
    return report


def _artifact_name(nodeid: str, name: str) -> str:
    return re.sub(r"[^A-Za-z0-9_.-]+", "_", f"{nodeid}-{name}").strip("_")


@pytest.fixture(scope="session")
def artifacts_dir() -> Path:
    """The folder for screenshots and other files kept from a test run (ignored by git)."""
    ARTIFACTS.mkdir(exist_ok=True)
    return ARTIFACTS


@pytest.fixture
def screenshot(request: pytest.FixtureRequest, artifacts_dir: Path) -> Callable[..., Path]:
    """Save a screenshot named after the test, of the full page unless `full_page=False`
    asks for what the viewport shows; returns the file written."""

    def save(page: Page, name: str, full_page: bool = True) -> Path:
        path = artifacts_dir / f"{_artifact_name(request.node.nodeid, name)}.png"
        page.screenshot(path=str(path), full_page=full_page)
        return path

    return save


@pytest.fixture(scope="session")
def browser() -> Iterator[Browser]:
    """One headless Chromium for the whole run."""
    with sync_playwright() as playwright:
        try:
            executable = find_chromium(managed=lambda: playwright.chromium.executable_path)
        except ChromiumNotFoundError as error:
            raise pytest.fail.Exception(str(error), pytrace=False) from None
        launched = playwright.chromium.launch(
            executable_path=executable, headless=True, args=list(LAUNCH_ARGS)
        )
        yield launched
        launched.close()


@pytest.fixture
def page(request: pytest.FixtureRequest, browser: Browser, artifacts_dir: Path) -> Iterator[Page]:
    """A fresh page in its own context; its console errors and uncaught exceptions fail the test.

    A test that wants to look at those errors itself requests `page_errors` too.
    """
    errors: list[str] = []
    request.node.stash[PAGE_ERRORS] = errors
    context = browser.new_context()
    new_page = context.new_page()

    def on_console(message: ConsoleMessage) -> None:
        if message.type == "error":
            errors.append(f"console error at {message.location.get('url')}: {message.text}")

    def on_page_error(error: Error) -> None:
        errors.append(f"uncaught exception: {error.message}")

    new_page.on("console", on_console)
    new_page.on("pageerror", on_page_error)
    yield new_page
    if request.node.stash.get(CALL_FAILED, False):
        path = artifacts_dir / f"{_artifact_name(request.node.nodeid, 'failure')}.png"
        new_page.screenshot(path=str(path), full_page=True)
    context.close()


@pytest.fixture
def page_errors(request: pytest.FixtureRequest, page: Page) -> list[str]:
    """The console errors and uncaught exceptions of `page`, for a test that checks them itself."""
    request.node.stash[PAGE_ERRORS_INSPECTED] = True
    return request.node.stash[PAGE_ERRORS]


class _QuietHandler(SimpleHTTPRequestHandler):
    """Serves files from a folder under a URL prefix, without logging each request."""

    def __init__(self, *args: Any, directory: str, prefix: str, **kwargs: Any) -> None:
        self.prefix = prefix
        super().__init__(*args, directory=directory, **kwargs)

    def send_head(self) -> Any:
        if not self.path.startswith(self.prefix):
            self.send_error(HTTPStatus.NOT_FOUND)
            return None
        return super().send_head()

    def translate_path(self, path: str) -> str:
        return super().translate_path("/" + path[len(self.prefix) :])

    def log_message(self, format: str, *args: Any) -> None:
        """Stay quiet: pytest output is for test results."""


@pytest.fixture(scope="session")
def http_server() -> Iterator[Callable[..., str]]:
    """Start a server for a folder on 127.0.0.1 on a free port; returns its base URL.

    `http_server(folder, prefix="/sub/path/")` serves the folder under that URL prefix,
    as a static host would for a site built with `--base-url /sub/path/`.
    """
    servers: list[ThreadingHTTPServer] = []

    def serve(directory: Path, prefix: str = "/") -> str:
        if not (prefix.startswith("/") and prefix.endswith("/")):
            raise ValueError(f"prefix {prefix!r}: must start and end with '/'")
        handler = functools.partial(_QuietHandler, directory=str(directory), prefix=prefix)
        server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
        threading.Thread(target=server.serve_forever, daemon=True).start()
        servers.append(server)
        return f"http://127.0.0.1:{server.server_address[1]}{prefix}"

    yield serve
    for server in servers:
        server.shutdown()
        server.server_close()


@pytest.fixture(scope="session")
def site_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The real site, built once per run from this tree into a temporary folder."""
    out = tmp_path_factory.mktemp("site")
    result = subprocess.run(
        [sys.executable, "-m", "site_builder", "build", "--out", str(out)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    if result.returncode != 0:
        pytest.fail(f"building the site failed:\n{result.stdout}{result.stderr}", pytrace=False)
    return out


@pytest.fixture(scope="session")
def site_url(http_server: Callable[..., str], site_dir: Path) -> str:
    """The base URL of the real site, served at the root of a local server."""
    return http_server(site_dir)
