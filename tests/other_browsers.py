"""Firefox (Gecko) and WebKit for the browser tests, driven through WebDriver-style protocols.

Playwright drives Chromium; the other two engines come from Debian and PyPI packages so
that no browser download is needed: Firefox ESR through Marionette (`marionette-driver`),
and WebKitGTK's MiniBrowser through `WebKitWebDriver` (`selenium`) on a virtual X display.

Run as a script (`python tests/other_browsers.py`) it prints what it would launch and exits
0, or says how to install what is missing and exits 1; the Makefile uses that before pytest.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Protocol

FIREFOX_CANDIDATES = ("firefox-esr", "firefox")
WEBKIT_DRIVER = "WebKitWebDriver"
MINIBROWSER_GLOB = "/usr/lib/*/webkit2gtk-4.*/MiniBrowser"
XVFB = "Xvfb"

INSTALL_HINT = {
    "firefox": "Firefox is missing: on Debian run `apt-get install -y firefox-esr`, and "
    "`pip install marionette-driver` (in the test extras)",
    "webkit": "WebKit is missing: on Debian run `apt-get install -y webkit2gtk-driver xvfb`, "
    "and `pip install selenium` (in the test extras)",
}


class BrowserNotFoundError(RuntimeError):
    """A browser engine or its driver is not installed: the message says how to get it."""


class NotClickableError(AssertionError):
    """The element is hidden or not yet drawn, or something else is where a click on it
    would land."""


class Driver(Protocol):
    """What the tests need from any engine: open a page, run a script, click, look."""

    name: str

    def open(self, url: str) -> None: ...

    def run(self, script: str, *args: Any) -> Any:
        """Run `script` as a function body (arguments in `arguments`); return its value."""

    def click(self, selector: str) -> None:
        """Click the element matching the CSS `selector`, as WebDriver clicks: scrolled
        into view and hit at its centre, so a covered element fails the click."""

    def click_found(self, script: str, *args: Any) -> None:
        """Click, as `click` does, the element that `script` returns."""

    def screenshot(self, path: Path) -> None: ...


def _which(names: tuple[str, ...]) -> str | None:
    return next((found for name in names if (found := shutil.which(name))), None)


def _minibrowser() -> str | None:
    return next((str(p) for p in sorted(Path("/").glob(MINIBROWSER_GLOB.lstrip("/")))), None)


def find(engine: str) -> dict[str, str]:
    """The executables an engine needs, or BrowserNotFoundError naming how to install them."""
    if engine == "firefox":
        found = {"firefox": _which(FIREFOX_CANDIDATES)}
        module = "marionette_driver"
    elif engine == "webkit":
        found = {
            "driver": shutil.which(WEBKIT_DRIVER),
            "browser": _minibrowser(),
            "xvfb": shutil.which(XVFB),
        }
        module = "selenium"
    else:
        raise ValueError(f"unknown browser engine {engine!r}: firefox or webkit")
    missing = [what for what, path in found.items() if not path]
    try:
        __import__(module)
    except ImportError:
        missing.append(module)
    if missing:
        raise BrowserNotFoundError(f"{INSTALL_HINT[engine]} (not found: {', '.join(missing)})")
    return {what: str(path) for what, path in found.items()}


def _displayed(elements: list[Any], selector: str) -> Any:
    """The one element a user could click among the matches (others are hidden)."""
    shown = [element for element in elements if element.is_displayed()]
    if len(shown) != 1:
        raise NotClickableError(
            f"{len(shown)} of {len(elements)} elements matching {selector} are visible"
        )
    return shown[0]


def _wait_for_file(path: Path, process: subprocess.Popen[bytes], what: str) -> str:
    for _ in range(300):
        if path.exists() and (text := path.read_text().strip()):
            return text
        if process.poll() is not None:
            raise RuntimeError(f"{what} exited with status {process.returncode} before starting")
        time.sleep(0.1)
    raise RuntimeError(f"{what} did not start within 30 s")


class _Clicks:
    """Clicks as WebDriver makes them, for both drivers: `_find` lists the elements matching
    a CSS selector, `_missed` holds the driver's errors for a click that cannot land."""

    _missed: tuple[type[Exception], ...] = ()

    def run(self, script: str, *args: Any) -> Any:
        raise NotImplementedError

    def _find(self, selector: str) -> list[Any]:
        raise NotImplementedError

    def click(self, selector: str) -> None:
        self._click(_displayed(self._find(selector), selector))

    def click_found(self, script: str, *args: Any) -> None:
        self._click(self.run(script, *args))

    def _click(self, element: Any) -> None:
        try:
            element.click()
        except self._missed as error:
            raise NotClickableError(f"the click did not land: {type(error).__name__}") from None


class Firefox(_Clicks):
    """Firefox ESR, headless, through Marionette on a port of its own choosing."""

    name = "firefox"

    def __init__(self, marionette: Any) -> None:
        from marionette_driver import errors

        self._m = marionette
        self._missed = (
            errors.ElementClickInterceptedException,
            errors.ElementNotInteractableException,
        )

    def open(self, url: str) -> None:
        self._m.navigate(url)

    def run(self, script: str, *args: Any) -> Any:
        # sandbox=None runs in the page itself, as WebDriver does, so page globals are seen
        return self._m.execute_script(script, script_args=list(args), sandbox=None)

    def _find(self, selector: str) -> list[Any]:
        return list(self._m.find_elements("css selector", selector))

    def screenshot(self, path: Path) -> None:
        path.write_bytes(self._m.screenshot(format="binary"))


@contextmanager
def firefox(width: int, height: int) -> Iterator[Firefox]:
    """Start a headless Firefox in a throwaway profile; reduced motion on, so an outcome
    shows at once, as in the Chromium click-through runs."""
    from marionette_driver.marionette import Marionette

    executable = find("firefox")["firefox"]
    with tempfile.TemporaryDirectory(prefix="tute-firefox-") as profile:
        prefs = {
            "marionette.port": 0,
            "ui.prefersReducedMotion": 1,
            "browser.shell.checkDefaultBrowser": False,
            "datareporting.policy.dataSubmissionEnabled": False,
            "app.update.disabledForTesting": True,
            "browser.startup.homepage_override.mstone": "ignore",
        }
        Path(profile, "user.js").write_text(
            "".join(f"user_pref({json.dumps(k)}, {json.dumps(v)});\n" for k, v in prefs.items())
        )
        process = subprocess.Popen(
            [
                executable,
                "--headless",
                "--marionette",
                "--no-remote",
                "--profile",
                profile,
                f"--width={width}",
                f"--height={height}",
                "about:blank",
            ],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            env={**os.environ, "MOZ_HEADLESS": "1"},
        )
        try:
            port = int(_wait_for_file(Path(profile, "MarionetteActivePort"), process, "Firefox"))
            marionette = Marionette(host="127.0.0.1", port=port)
            marionette.start_session()
            marionette.set_window_rect(width=width, height=height)
            yield Firefox(marionette)
            marionette.delete_session()
        finally:
            process.terminate()
            process.wait(timeout=30)


class WebKit(_Clicks):
    """WebKitGTK's MiniBrowser through WebKitWebDriver (Selenium)."""

    name = "webkit"

    def __init__(self, driver: Any) -> None:
        from selenium.common import exceptions

        self._d = driver
        self._missed = (
            exceptions.ElementClickInterceptedException,
            exceptions.ElementNotInteractableException,
        )

    def open(self, url: str) -> None:
        self._d.get(url)

    def run(self, script: str, *args: Any) -> Any:
        return self._d.execute_script(script, *args)

    def _find(self, selector: str) -> list[Any]:
        return list(self._d.find_elements("css selector", selector))

    def screenshot(self, path: Path) -> None:
        path.write_bytes(self._d.get_screenshot_as_png())


@contextmanager
def webkit(width: int, height: int) -> Iterator[WebKit]:
    """Start MiniBrowser in automation mode on a private virtual X display."""
    from selenium import webdriver
    from selenium.webdriver.webkitgtk.options import Options
    from selenium.webdriver.webkitgtk.service import Service

    found = find("webkit")
    read, write = os.pipe()
    xvfb = subprocess.Popen(
        [
            found["xvfb"],
            "-displayfd",
            str(write),
            "-screen",
            "0",
            "1600x1200x24",
            "-nolisten",
            "tcp",
        ],
        pass_fds=(write,),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    os.close(write)
    try:
        with os.fdopen(read) as pipe:
            display = pipe.readline().strip()
        if not display:
            raise RuntimeError("Xvfb did not start")
        options = Options()
        options.binary_location = found["browser"]
        options.add_argument("--automation")
        service = Service(
            executable_path=found["driver"], env={**os.environ, "DISPLAY": f":{display}"}
        )
        driver = webdriver.WebKitGTK(options=options, service=service)
        try:
            driver.set_window_size(width, height)
            yield WebKit(driver)
        finally:
            driver.quit()
    finally:
        xvfb.terminate()
        xvfb.wait(timeout=30)


LAUNCHERS = {"firefox": firefox, "webkit": webkit}


def main() -> int:
    """Print what each engine would launch, or how to install what is missing."""
    status = 0
    for engine in LAUNCHERS:
        try:
            print(engine, " ".join(find(engine).values()))
        except BrowserNotFoundError as error:
            print(error, file=sys.stderr)
            status = 1
    return status


if __name__ == "__main__":
    sys.exit(main())
