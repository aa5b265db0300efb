"""Find the Chromium the browser tests drive, and say how to get one when there is none.

Run as a script (`python tests/chromium.py`) it prints the executable it would use and
exits 0, or prints how to install one and exits 1; the Makefile uses that before pytest.
"""

from __future__ import annotations

import os
import shutil
import sys
from collections.abc import Callable, Sequence
from pathlib import Path

ENV_VAR = "TUTE_CHROMIUM"

# --no-sandbox: CI runs as root. The networking flags keep Chromium from calling home,
# which a closed network answers with refused connections and slow starts.
LAUNCH_ARGS = (
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
)

SYSTEM_CANDIDATES = ("/usr/bin/chromium",)
PATH_NAMES = ("chromium", "chromium-browser")

INSTALL_HINT = (
    "no Chromium found for the browser tests: on Debian run `apt-get install -y chromium`, "
    "or `python -m playwright install chromium`, or set "
    f"{ENV_VAR} to a Chromium executable"
)


class ChromiumNotFoundError(RuntimeError):
    """No usable Chromium executable: the message says how to install one."""


def _is_executable(path: Path) -> bool:
    return path.is_file() and os.access(path, os.X_OK)


def _playwright_managed() -> str | None:
    """Playwright's own downloaded Chromium, if `playwright install chromium` has run."""
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        return None
    with sync_playwright() as playwright:
        path: str = playwright.chromium.executable_path
    return path


def find_chromium(
    environ: dict[str, str] | None = None,
    managed: Callable[[], str | None] = _playwright_managed,
    system: Sequence[str] = SYSTEM_CANDIDATES,
) -> Path:
    """Return the Chromium to launch: $TUTE_CHROMIUM, Playwright's own, then the system's.

    A $TUTE_CHROMIUM that is set but not an executable file is an error rather than a
    silent fallback, so a typo never tests a different browser than the one asked for.
    """
    env = os.environ if environ is None else environ
    chosen = env.get(ENV_VAR)
    if chosen:
        path = Path(chosen)
        if not _is_executable(path):
            raise ChromiumNotFoundError(f"{ENV_VAR}={chosen}: not an executable file")
        return path
    candidates = [managed(), *system]
    candidates += [shutil.which(name, path=env.get("PATH")) for name in PATH_NAMES]
    for candidate in candidates:
        if candidate and _is_executable(Path(candidate)):
            return Path(candidate)
    raise ChromiumNotFoundError(INSTALL_HINT)


def main() -> int:
    """Print the Chromium found, or how to install one; exit status says which."""
    try:
        print(find_chromium())
    except ChromiumNotFoundError as error:
        print(error, file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
