"""The preview server's change detection: a touched source is a new snapshot."""

from __future__ import annotations

import os
from pathlib import Path

from site_builder import Config
from site_builder.serve import snapshot


def test_a_changed_page_or_catalog_changes_the_snapshot(config: Config, site_root: Path) -> None:
    before = snapshot(config)
    page = site_root / "locales/ca/pages/home.md"
    assert page in before
    assert site_root / "locales/fr/LC_MESSAGES/site.po" in before
    os.utime(page, (before[page] + 5, before[page] + 5))
    after = snapshot(config)
    assert after != before
    assert {path for path in after if after[path] != before[path]} == {page}
