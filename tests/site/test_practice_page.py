"""The practice page of the real site, rendered in memory: its drills point at the banks
the engine wrote, its worksheets fold their answers, and it stays as light as a lesson."""

from __future__ import annotations

import json
import posixpath
import re
from html.parser import HTMLParser

from lesson_compiler import DRILLS, bank_json, build_banks
from site_builder import Config
from site_builder.assets import page_weight
from site_builder.config import PROJECT_ROOT
from tests.site.test_weight import LIMIT, plain_name

LANGUAGES = Config.for_project(PROJECT_ROOT).languages


class _Drills(HTMLParser):
    """Collects each `[data-drill]` root's attributes and counts its worksheet parts."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.roots: dict[str, dict[str, str]] = {}
        self.counts: dict[str, dict[str, int]] = {}
        self.nav: list[str] = []
        self.current: str | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = {name: value or "" for name, value in attrs}
        if "data-drill" in found:
            self.current = found["data-drill"]
            self.roots[self.current] = found
            self.counts[self.current] = {"li.worksheet-question": 0, "details": 0, "img": 0}
        elif self.current is not None:
            counts = self.counts[self.current]
            if tag == "li" and found.get("class") == "worksheet-question":
                counts["li.worksheet-question"] += 1
            elif tag in ("details", "img"):
                counts[tag] += 1
        if tag == "a" and found.get("href"):
            self.nav.append(found["href"])


def _practice_pages(files: dict[str, bytes]) -> dict[str, str]:
    pages = {
        path.split("/")[0]: path
        for path, data in files.items()
        if path.endswith(".html") and b"data-practice-data" in data
    }
    assert sorted(pages) == sorted(language.code for language in LANGUAGES)
    return pages


def _parse(html: bytes) -> _Drills:
    parser = _Drills()
    parser.feed(html.decode("utf-8"))
    return parser


def test_each_drill_links_to_its_bank_as_json_and_as_script(files: dict[str, bytes]) -> None:
    banks = {drill: bank_json(items) for drill, items in build_banks().items()}
    for path in _practice_pages(files).values():
        roots = _parse(files[path]).roots
        assert list(roots) == list(DRILLS), path
        folder = posixpath.dirname(path)
        for drill, attributes in roots.items():
            bank = posixpath.normpath(posixpath.join(folder, attributes["data-bank"]))
            script = posixpath.normpath(posixpath.join(folder, attributes["data-bank-script"]))
            assert bank == f"practice/{drill}.json"
            assert json.loads(files[bank]) == banks[drill]
            text = files[script].decode("ascii")
            prefix = f'(window.tuteBanks=window.tuteBanks||{{}})["{drill}"]='
            assert text.startswith(prefix) and text.endswith(";\n"), script
            assert json.loads(text[len(prefix) : -2]) == banks[drill]


def test_each_drill_prints_as_a_worksheet_with_its_answers_folded(
    files: dict[str, bytes],
) -> None:
    for path in _practice_pages(files).values():
        for drill, counts in _parse(files[path]).counts.items():
            assert counts["li.worksheet-question"] == 3, (path, drill)
            assert counts["details"] == 3, (path, drill)
            assert counts["img"] >= 3 * 4, (path, drill)


def test_the_menu_and_the_lessons_index_link_to_the_practice_page(
    files: dict[str, bytes],
) -> None:
    for lang, path in _practice_pages(files).items():
        slug = path.split("/")[1]
        lessons = next(
            p
            for p, data in files.items()
            if p.startswith(f"{lang}/") and b'class="lesson-index"' in data
        )
        for page in (lessons, f"{lang}/index.html"):
            links = _parse(files[page]).nav
            assert any(re.search(rf"(^|/){slug}/index\.html$", href) for href in links), page


def test_the_last_lesson_leads_on_to_the_practice_page(files: dict[str, bytes]) -> None:
    for lang, path in _practice_pages(files).items():
        last = max(
            p
            for p, data in files.items()
            if p.startswith(f"{lang}/")
            and b"data-lesson-data" in data
            and re.search(r"/\d+-[^/]+/index\.html$", p)
        )
        pager = files[last].decode("utf-8").split('class="lesson-pager"')[1]
        target = re.search(r'class="pager-next" href="([^"]+)"', pager)
        assert target is not None, last
        assert posixpath.normpath(posixpath.join(posixpath.dirname(last), target[1])) == path


def test_the_practice_page_stays_within_a_lesson_pages_budget(files: dict[str, bytes]) -> None:
    for path in _practice_pages(files).values():
        weights = page_weight(files, path)
        assert not any(name.startswith("practice/") for name in weights), "banks load on demand"
        loaded = {plain_name(name) for name in weights}
        assert {"static/widget.css", "static/lesson.js", "static/content.css"}.isdisjoint(loaded)
        total = sum(weights.values())
        print(f"{path}: {total} bytes, limit {LIMIT}")
        assert total < LIMIT, weights
