"""Content pages: TOML front matter between `+++` lines, then Markdown."""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass
from pathlib import Path

from site_builder.config import Config
from site_builder.report import Report

PAGE_IDS = ("home", "lessons", "practice", "play", "rules", "faq", "not-found")
"""The language-neutral page ids, in the order the navigation and the sitemap use."""

FIELDS = ("page", "slug", "title", "description")
SLUG = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*")
TOML_LINE = re.compile(r"\(at line (\d+), column \d+\)")


@dataclass(frozen=True)
class Source:
    """One page file as read: its front matter and its Markdown body."""

    path: str
    """Relative to the project root, for messages."""
    lang: str
    page: str
    slug: str
    title: str
    description: str
    body: str
    body_line: int
    """The file's line number of the body's first line."""


def read_pages(config: Config, lang: str, report: Report) -> list[Source | None]:
    """Every `<lang>/pages/*.md`, sorted by file name; None for a file with errors."""
    folder = config.content_dir / lang / "pages"
    if not folder.is_dir():
        report.error(config.rel(folder), None, "no pages folder for this language")
        return [None]
    return [
        _read_page(config.rel(file), lang, file, report) for file in sorted(folder.glob("*.md"))
    ]


def _read_page(path: str, lang: str, file: Path, report: Report) -> Source | None:
    try:
        text = file.read_text(encoding="utf-8")
    except UnicodeDecodeError as error:
        report.error(path, None, f"not UTF-8 text (byte {error.start})")
        return None
    return parse_page(path, lang, text, report)


def parse_page(path: str, lang: str, text: str, report: Report) -> Source | None:
    """Split and check the front matter; None (with errors reported) when it is unusable."""
    lines = text.splitlines(keepends=True)
    if not lines or lines[0].rstrip() != "+++":
        report.error(path, 1, "the page must start with TOML front matter between '+++' lines")
        return None
    close = next((i for i in range(1, len(lines)) if lines[i].rstrip() == "+++"), None)
    if close is None:
        report.error(path, 1, "the front matter is not closed by a '+++' line")
        return None
    try:
        meta = tomllib.loads("".join(lines[1:close]))
    except tomllib.TOMLDecodeError as error:
        found = TOML_LINE.search(str(error))
        line = int(found.group(1)) + 1 if found else 1
        report.error(path, line, f"front matter: {TOML_LINE.sub('', str(error)).strip()}")
        return None
    problems = len(report.errors)
    for key in sorted(set(meta) - set(FIELDS)):
        report.error(path, _key_line(lines, close, key), f"unknown front matter key {key!r}")
    for key in FIELDS:
        if not isinstance(meta.get(key), str):
            report.error(path, _key_line(lines, close, key), f'front matter needs {key} = "…"')
    if len(report.errors) > problems:
        return None
    page, slug = meta["page"], meta["slug"]
    if page not in PAGE_IDS:
        known = ", ".join(PAGE_IDS)
        report.error(path, _key_line(lines, close, "page"), f"unknown page {page!r} ({known})")
        return None
    if (page == "home") != (slug == "") or (slug and not SLUG.fullmatch(slug)):
        rule = "empty for home" if page == "home" else "lowercase letters, digits and '-'"
        report.error(path, _key_line(lines, close, "slug"), f"slug {slug!r}: must be {rule}")
        return None
    for key in ("title", "description"):
        if not meta[key].strip():
            report.error(path, _key_line(lines, close, key), f"{key} is empty")
            return None
    return Source(
        path=path,
        lang=lang,
        page=page,
        slug=slug,
        title=meta["title"].strip(),
        description=meta["description"].strip(),
        body="".join(lines[close + 1 :]),
        body_line=close + 2,
    )


def _key_line(lines: list[str], close: int, key: str) -> int | None:
    """The line of a front matter key, for messages; None when the key is absent."""
    pattern = re.compile(rf"\s*{re.escape(key)}\s*=")
    return next((i + 1 for i in range(1, close) if pattern.match(lines[i])), None)
