"""The test infrastructure itself: Chromium discovery, the local server, the page error guard."""

from __future__ import annotations

import urllib.error
import urllib.request
from collections.abc import Callable
from pathlib import Path

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Page

from tests import other_browsers
from tests.chromium import ENV_VAR, ChromiumNotFoundError, find_chromium

ROOT = Path(__file__).resolve().parent.parent


def _executable(folder: Path, name: str) -> Path:
    path = folder / name
    path.write_text("#!/bin/sh\n")
    path.chmod(0o755)
    return path


def test_env_var_wins_over_every_other_chromium(tmp_path: Path) -> None:
    chosen = _executable(tmp_path, "my-chromium")
    other = _executable(tmp_path, "managed-chromium")
    found = find_chromium({ENV_VAR: str(chosen)}, managed=lambda: str(other))
    assert found == chosen


def test_env_var_naming_a_missing_file_is_an_error_not_a_fallback(tmp_path: Path) -> None:
    other = _executable(tmp_path, "managed-chromium")
    missing = tmp_path / "nowhere"
    with pytest.raises(ChromiumNotFoundError, match=f"{ENV_VAR}={missing}: not an executable"):
        find_chromium({ENV_VAR: str(missing)}, managed=lambda: str(other))


def test_playwright_managed_chromium_comes_before_the_system_one(tmp_path: Path) -> None:
    managed = _executable(tmp_path, "chrome")
    system = _executable(tmp_path, "chromium")
    found = find_chromium({"PATH": ""}, managed=lambda: str(managed), system=[str(system)])
    assert found == managed


def test_chromium_on_path_is_found(tmp_path: Path) -> None:
    on_path = _executable(tmp_path, "chromium-browser")
    found = find_chromium({"PATH": str(tmp_path)}, managed=lambda: None, system=())
    assert found == on_path


def test_no_chromium_anywhere_says_how_to_install_one(tmp_path: Path) -> None:
    with pytest.raises(ChromiumNotFoundError, match="apt-get install -y chromium"):
        find_chromium({"PATH": str(tmp_path)}, managed=lambda: None, system=())


def test_http_server_serves_a_folder_under_a_prefix(
    tmp_path: Path, http_server: Callable[..., str]
) -> None:
    (tmp_path / "index.html").write_text("<p>hola</p>", encoding="utf-8")
    base = http_server(tmp_path, prefix="/tute/")
    assert base.endswith("/tute/")
    with urllib.request.urlopen(base) as response:
        assert response.read() == b"<p>hola</p>"
    root = base.removesuffix("tute/")
    with pytest.raises(urllib.error.HTTPError) as outside:
        urllib.request.urlopen(root + "index.html")
    assert outside.value.code == 404


def test_page_collects_console_errors_and_exceptions(
    page: Page, page_errors: list[str], tmp_path: Path, http_server: Callable[..., str]
) -> None:
    (tmp_path / "index.html").write_text(
        "<!doctype html><title>t</title><link rel='icon' href='data:,'>"
        "<script>console.error('lost card'); throw new Error('bad trick');</script>",
        encoding="utf-8",
    )
    page.goto(http_server(tmp_path))
    assert any("lost card" in error for error in page_errors)
    assert any("bad trick" in error for error in page_errors)


def test_page_error_fails_a_test_that_did_not_ask_to_see_it(
    pytester: pytest.Pytester, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("PYTHONPATH", str(ROOT))
    pytester.makeconftest("pytest_plugins = ['tests.conftest']")
    pytester.makeini("[pytest]\nmarkers = browser: drives Chromium\n")
    pytester.makepyfile(
        """
        def test_logs_an_error(page):
            page.set_content("<script>console.error('lost card')</script>")
        """
    )
    result = pytester.runpytest_subprocess("-p", "no:cacheprovider")
    result.assert_outcomes(failed=1)
    result.stdout.fnmatch_lines(["*the page reported errors:*", "*lost card*"])


def test_a_clean_page_loads_in_chromium(
    page: Page, tmp_path: Path, http_server: Callable[..., str]
) -> None:
    (tmp_path / "index.html").write_text(
        "<!doctype html><html lang='ca'><title>Tute</title><link rel='icon' href='data:,'>"
        "<h1>Tute per parelles</h1></html>",
        encoding="utf-8",
    )
    page.goto(http_server(tmp_path))
    assert page.locator("h1").inner_text() == "Tute per parelles"


def test_axe_runs_offline_and_finds_a_missing_alt(page: Page) -> None:
    page.set_content(
        "<!doctype html><html lang='ca'><title>Tute</title>"
        "<main><img src='data:image/gif;base64,R0lGODlhAQABAAAAACw='></main></html>"
    )
    results = Axe().run(page)
    rules = {violation["id"] for violation in results.response["violations"]}
    assert "image-alt" in rules


@pytest.mark.parametrize(
    ("engine", "package"), [("firefox", "firefox-esr"), ("webkit", "webkit2gtk-driver")]
)
def test_a_missing_engine_says_how_to_install_it(
    monkeypatch: pytest.MonkeyPatch, engine: str, package: str
) -> None:
    monkeypatch.setenv("PATH", "")
    monkeypatch.setattr(other_browsers, "MINIBROWSER_GLOB", "/nowhere/MiniBrowser")
    with pytest.raises(other_browsers.BrowserNotFoundError, match=f"apt-get install -y {package}"):
        other_browsers.find(engine)
