"""The fixture site, built and compared file by file with tests/site/golden/.

Regenerate after an intended change with `TUTE_UPDATE_GOLDEN=1 pytest tests/site`.
The static files belong to the widget and the stylesheet, so they are compared by name only,
and pages are compared with the content hashes taken out of static file names.
"""

from __future__ import annotations

import os
import re
import shutil
from pathlib import Path

from site_builder import build_site
from tests.site.conftest import FIXTURE, fixture_config

GOLDEN = Path(__file__).resolve().parent / "golden"
HASHED = re.compile(rb"(static/[^\"#?.]+)\.[0-9a-f]{10}(\.\w+)")


def _unhashed(data: bytes) -> bytes:
    return HASHED.sub(rb"\1\2", data)


def _files(folder: Path) -> dict[str, bytes]:
    return {
        path.relative_to(folder).as_posix(): path.read_bytes()
        for path in sorted(folder.rglob("*"))
        if path.is_file()
    }


def test_the_fixture_site_matches_the_golden_files(tmp_path: Path) -> None:
    out = tmp_path / "out"
    build_site(fixture_config(FIXTURE.parent / "fixture"), out)
    built = {
        _unhashed(path.encode()).decode(): _unhashed(data) for path, data in _files(out).items()
    }
    if os.environ.get("TUTE_UPDATE_GOLDEN"):
        shutil.rmtree(GOLDEN, ignore_errors=True)
        for path, data in built.items():
            if not path.startswith("static/") and not path.endswith(".gz"):
                (GOLDEN / path).parent.mkdir(parents=True, exist_ok=True)
                (GOLDEN / path).write_bytes(data)
    golden = _files(GOLDEN)
    pages = {
        path: data
        for path, data in built.items()
        if not path.startswith("static/") and not path.endswith(".gz")
    }
    assert sorted(pages) == sorted(golden)
    for path, data in golden.items():
        assert pages[path].decode("utf-8") == data.decode("utf-8"), path
    assert {
        "static/site.css",
        "static/site.js",
        "static/widget-core.js",
        "static/lesson.js",
        "static/example.js",
        "static/example.css",
        "static/chooser.js",
    } <= set(built)
