"""A lesson page's one script and one stylesheet, bundled by `static_files`.

Lesson pages are the heaviest of the site after the play page; the site's script, the widgets'
core and the lesson's own compress some 450 bytes smaller as one file than apart, and the
site's and the widget's stylesheets some 480, so a lesson page loads one of each.
"""

from __future__ import annotations

from pathlib import Path

from site_builder.assets import Part

LESSON_SCRIPT = "lesson-page.js"
"""The lesson page's script, under `static/`."""

LESSON_SCRIPTS = ("site.js", "widget-core.js", "lesson.js")
LESSON_STYLES = ("site.css", "widget.css")


def lesson_bundles(static: Path) -> dict[str, list[Part]]:
    """The lesson page's script and stylesheet as bundles of the static folder's files."""
    return {
        f"static/{LESSON_SCRIPT}": [static / name for name in LESSON_SCRIPTS],
        "static/lesson-page.css": [static / name for name in LESSON_STYLES],
    }
