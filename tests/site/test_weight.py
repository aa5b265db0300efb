"""Every lesson page of the real site stays light, counting the page and every stylesheet,
script and SVG it loads (the card sheet included, which the widget's script names): under
the goal of 72 KB as written and 20 KB gzipped as a host sends it, which is met.

The heaviest page as written is lesson 1, which also shows the order of the cards;
gzipped, lesson 6, whose narrations are the longest. The card sheet shares its indices and figures
by all suits and draws a card's pips as markers on one path; the lesson data
holds only the first position, the widget following the events from there to every other
and to the lesson's ends, and no narration, which the widget reads from the walkthrough; the
walkthrough's cards take their size from the stylesheet; a page carries the trump label of its
lesson's suit only. The build minifies the scripts with esbuild, which shortens their local
names. A lesson page loads only the widget core and the lesson script, not the rule example
board nor the lessons index's progress marks, nor their strings.
The menu's entry for the play page costs every page some 100 bytes; the seats' names as a
sentence's subject, beside their labels, some 270 (50 gzipped).
"""

from __future__ import annotations

import gzip
import json
import re
from collections.abc import Iterable

from site_builder import Config
from site_builder.assets import page_weight
from site_builder.config import PROJECT_ROOT
from site_builder.widget_strings import EXAMPLE_ONLY, PROGRESS_ONLY

LIMIT = 72_000
GZIP_LIMIT = 20_000
LANGUAGES = Config.for_project(PROJECT_ROOT).languages


def plain_name(path: str) -> str:
    """A built static file's source name, without its content hash: `static/site.css`."""
    return re.sub(r"\.[0-9a-f]{10}(\.[a-z0-9]+)$", r"\1", path)


def _lesson_pages(files: dict[str, bytes]) -> list[str]:
    return [
        path
        for path, data in files.items()
        if path.endswith(".html") and b'<script type="application/json" data-lesson-data>' in data
    ]


def test_every_lesson_page_in_every_language_stays_within_the_budget(
    files: dict[str, bytes],
) -> None:
    pages = _lesson_pages(files)
    assert len(pages) == 7 * len(LANGUAGES)
    weights = {path: page_weight(files, path) for path in pages}
    heaviest = max(pages, key=lambda path: sum(weights[path].values()))
    parts = ", ".join(f"{name} {size}" for name, size in sorted(weights[heaviest].items()))
    total = sum(weights[heaviest].values())
    print(f"heaviest lesson page: {heaviest}, {total} bytes, limit {LIMIT} ({parts})")
    over = {path: sum(w.values()) for path, w in weights.items() if sum(w.values()) >= LIMIT}
    assert over == {}


def test_every_lesson_page_compressed_stays_within_the_budget(files: dict[str, bytes]) -> None:
    compressed = {
        path: sum(len(gzip.compress(files[name], 9)) for name in page_weight(files, path))
        for path in _lesson_pages(files)
    }
    heaviest = max(compressed, key=compressed.__getitem__)
    print(f"heaviest compressed: {heaviest}, {compressed[heaviest]} bytes, limit {GZIP_LIMIT}")
    assert {path: size for path, size in compressed.items() if size >= GZIP_LIMIT} == {}


def test_a_page_weighs_its_html_each_asset_it_references_and_each_file_its_scripts_name() -> None:
    files = {
        "ca/lesson/index.html": (
            b'<link rel="stylesheet" href="../../static/site.css">'
            b'<script src="../../static/lesson.js" defer></script>'
            b'<img src="../../static/cards.svg#c-1o"><img src="../../static/cards.svg#c-2o">'
            b'<a href="../../fr/lesson/index.html">fr</a>'
        ),
        "static/site.css": b"a{}",
        "static/lesson.js": b'let a = new URL("deck.svg", src); let b = "absent.svg";',
        "static/cards.svg": b"<svg/>" * 10,
        "static/deck.svg": b"<svg/>" * 2,
    }
    assert page_weight(files, "ca/lesson/index.html") == {
        "ca/lesson/index.html": len(files["ca/lesson/index.html"]),
        "static/site.css": 3,
        "static/lesson.js": len(files["static/lesson.js"]),
        "static/cards.svg": 60,
        "static/deck.svg": 12,
    }


def test_lesson_pages_skip_the_content_pages_styles_and_the_example_board(
    files: dict[str, bytes],
) -> None:
    board = {"static/content.css", "static/example.css", "static/example.js"}
    for path in _lesson_pages(files):
        assert board.isdisjoint(_unhashed(page_weight(files, path))), path
    assert board <= _unhashed(page_weight(files, "ca/regles/index.html"))


def _unhashed(paths: Iterable[str]) -> set[str]:
    return {re.sub(r"\.[0-9a-f]{10}(?=\.\w+$)", "", path) for path in paths}


def _widget_strings(html: bytes) -> set[str]:
    found = re.search(rb'<script type="application/json" data-widget-strings>(.*?)</script>', html)
    assert found is not None
    return set(json.loads(found.group(1)))


def test_lesson_pages_leave_out_the_example_boards_strings(files: dict[str, bytes]) -> None:
    for path in _lesson_pages(files):
        assert EXAMPLE_ONLY.isdisjoint(_widget_strings(files[path])), path
    assert _widget_strings(files["ca/regles/index.html"]) >= EXAMPLE_ONLY


def test_lesson_pages_leave_out_the_progress_marks_and_the_index_the_lesson(
    files: dict[str, bytes],
) -> None:
    """The lessons index marks the lessons done with progress.js, its own small script: a
    lesson page loads neither it nor its strings, and the index not the lesson's script."""
    index = "ca/aprendre-a-jugar/index.html"
    for path in _lesson_pages(files):
        assert "static/progress.js" not in _unhashed(page_weight(files, path)), path
        assert PROGRESS_ONLY.isdisjoint(_widget_strings(files[path])), path
    loaded = _unhashed(page_weight(files, index))
    assert "static/progress.js" in loaded and "static/lesson.js" not in loaded
    assert _widget_strings(files[index]) >= PROGRESS_ONLY
