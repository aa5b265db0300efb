"""A small fixture site (two languages, no lessons) the site builder's tests build."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from site_builder import Config, Report, render_site
from site_builder.config import PROJECT_ROOT

FIXTURE = Path(__file__).resolve().parent / "fixture"
BASE_URL = "https://example.org/tute/"


def fixture_config(root: Path) -> Config:
    """The fixture site laid out under `root` (pages, catalogs and the list of languages
    in `root/locales`)."""
    return Config.read(root, lessons_dir=None, base_url=BASE_URL)


@pytest.fixture
def site_root(tmp_path: Path) -> Path:
    """A copy of the fixture site that a test may break."""
    root = tmp_path / "source"
    shutil.copytree(FIXTURE, root)
    return root


@pytest.fixture
def config(site_root: Path) -> Config:
    """The configuration of the copied fixture site."""
    return fixture_config(site_root)


@pytest.fixture(scope="session")
def files() -> dict[str, bytes]:
    """The real site's output, rendered once for the tests that weigh and read its pages."""
    report = Report()
    built = render_site(Config.for_project(PROJECT_ROOT), report)
    assert report.errors == []
    return built
