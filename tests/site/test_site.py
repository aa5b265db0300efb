"""Cross-page facts of a built site: links, hreflang, the switcher, the sitemap, the FAQ data."""

from __future__ import annotations

import gc
import json
import posixpath
import re
from html.parser import HTMLParser
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st
from markdown_it import MarkdownIt

from lesson_compiler import build_banks
from site_builder import Config, Report, build_site
from site_builder.config import PROJECT_ROOT
from site_builder.markdown import create_markdown
from site_builder.site import read_site, relative_path
from tests.site.conftest import BASE_URL


class _Page(HTMLParser):
    """What a test needs from a built page: links, alternates, switcher, ids, JSON-LD."""

    def __init__(self) -> None:
        super().__init__()
        self.canonical = ""
        self.alternates: dict[str, str] = {}
        self.switcher: dict[str, str] = {}
        self.links: list[str] = []
        self.assets: list[str] = []
        self.ids: set[str] = set()
        self.json_ld = ""
        self._in_json_ld = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = {name: value or "" for name, value in attrs}
        if "id" in found:
            self.ids.add(found["id"])
        if tag == "link" and found.get("rel") == "canonical":
            self.canonical = found["href"]
        elif tag == "link" and found.get("rel") == "alternate":
            self.alternates[found["hreflang"]] = found["href"]
        elif tag == "link" or (tag == "script" and "src" in found):
            self.assets.append(found.get("href") or found["src"])
        elif tag == "img":
            self.assets.append(found["src"].split("#")[0])
        elif tag == "a" and "data-lang-switch" in found:
            self.switcher[found["hreflang"]] = found["href"]
        elif tag == "a":
            self.links.append(found["href"])
        self._in_json_ld = tag == "script" and found.get("type") == "application/ld+json"

    def handle_data(self, data: str) -> None:
        if self._in_json_ld:
            self.json_ld += data


def _read(out: Path, path: str) -> _Page:
    page = _Page()
    page.feed((out / path).read_text(encoding="utf-8"))
    return page


@pytest.fixture
def out(config: Config, tmp_path: Path) -> Path:
    folder = tmp_path / "out"
    build_site(config, folder)
    return folder


def _html_files(out: Path) -> list[str]:
    return sorted(p.relative_to(out).as_posix() for p in out.rglob("*.html"))


def test_every_internal_link_and_asset_resolves_to_a_file_and_anchor(out: Path) -> None:
    checked = 0
    for path in _html_files(out):
        if path == "404.html":
            continue
        page = _read(out, path)
        for href in page.links + page.assets:
            if href.startswith(("https:", "http:", "mailto:")):
                continue
            target, _, anchor = href.partition("#")
            file = posixpath.normpath(posixpath.join(posixpath.dirname(path), target or "x"))
            file = path if not target else file
            assert (out / file).is_file(), f"{path}: {href}"
            if anchor:
                assert anchor in _read(out, file).ids, f"{path}: {href}"
            checked += 1
    assert checked > 20


def test_the_root_404_links_from_the_base_path_as_it_is_served_anywhere(out: Path) -> None:
    page = _read(out, "404.html")
    assert page.links == ["/tute/ca/index.html", "/tute/fr/index.html"]
    assert any(re.fullmatch(r"/tute/static/site\.\w+\.css", asset) for asset in page.assets)


def test_links_name_index_html_so_the_site_works_from_disk(out: Path) -> None:
    page = _read(out, "ca/index.html")
    assert "regles/index.html" in page.links
    assert "regles/index.html#cants" in page.links


def test_pages_come_out_without_the_templates_indentation(out: Path) -> None:
    indented = re.compile(r"^[ \t]+\S", re.M)
    preformatted = re.compile(r"<(pre|textarea)\b.*?</\1>", re.S)
    for path in _html_files(out):
        text = preformatted.sub("", (out / path).read_text(encoding="utf-8"))
        assert not indented.search(text), f"{path}: {indented.search(text)}"


def test_hreflang_alternates_are_reciprocal_and_absolute(out: Path) -> None:
    pages = {
        _read(out, path).canonical: _read(out, path)
        for path in _html_files(out)
        if path != "404.html"
    }
    for url, page in pages.items():
        assert url.startswith(BASE_URL)
        assert page.alternates["x-default"] == BASE_URL
        languages = {tag: href for tag, href in page.alternates.items() if tag != "x-default"}
        assert set(languages) == {"ca", "fr"}
        assert url in languages.values() or url == BASE_URL
        for other in languages.values():
            assert pages[other].alternates == page.alternates


def test_the_switcher_links_to_the_same_page_in_each_language(out: Path) -> None:
    page = _read(out, "ca/regles/index.html")
    assert page.switcher == {"ca": "index.html", "fr": "../../fr/regles/index.html"}
    french = _read(out, "fr/regles/index.html")
    assert french.canonical == page.alternates["fr"]
    assert _read(out, "fr/index.html").switcher["ca"] == "../ca/index.html"


def test_every_switcher_link_of_the_real_site_leads_to_the_page_in_that_language(
    files: dict[str, bytes],
) -> None:
    """The switcher's links are prepared once per depth: from pages at every depth they
    must still lead to the copy that the page's hreflang alternates name."""
    pages = {path: _Page() for path in files if path.endswith(".html") and path != "404.html"}
    for path, page in pages.items():
        page.feed(files[path].decode("utf-8"))
    checked = 0
    for path, page in pages.items():
        for tag, href in page.switcher.items():
            target = posixpath.normpath(posixpath.join(posixpath.dirname(path), href))
            assert pages[target].canonical == page.alternates[tag], f"{path}: {href}"
            checked += 1
    assert checked > 100


def test_every_page_of_the_real_site_marks_its_own_place_in_the_main_navigation(
    files: dict[str, bytes],
) -> None:
    """Pages with the same header links share one rendering of them: each must still lead
    from that page to the main pages, its own (or for a lesson, the lessons page) current."""
    checked = 0
    for path, data in files.items():
        if not path.endswith("index.html") or "/" not in path:
            continue  # the language chooser has no header links
        html = data.decode("utf-8")
        nav = re.search(r'<nav class="site-nav".*?</nav>', html, re.S)
        assert nav is not None, path
        links = re.findall(r'<a href="([^"]*)"(?: aria-current="(\w+)")?>', nav.group(0))
        targets = [posixpath.normpath(posixpath.join(posixpath.dirname(path), h)) for h, _ in links]
        assert len(set(targets)) == len(targets) and set(targets) <= set(files), path
        current = {mark: target for (_, mark), target in zip(links, targets, strict=True) if mark}
        if '<body class="page-lesson"' in html:
            assert list(current) == ["true"], path
            assert b'<body class="page-lessons"' in files[current["true"]], path
        elif current:
            assert current == {"page": path}, path
        checked += 1
    assert checked > 50


def _sitemaps(out: Path) -> dict[str, str]:
    """The sitemaps that sitemap.xml indexes, by file name, in its order."""
    index = (out / "sitemap.xml").read_text(encoding="utf-8")
    assert index.count("<sitemapindex ") == 1 and "<url>" not in index
    locations = re.findall(r"<loc>(.*?)</loc>", index)
    assert all(location.startswith(BASE_URL) for location in locations)
    names = [location.removeprefix(BASE_URL) for location in locations]
    return {name: (out / name).read_text(encoding="utf-8") for name in names}


def test_the_sitemaps_list_every_page_but_the_404s_with_alternates(out: Path) -> None:
    sitemaps = _sitemaps(out)
    assert list(sitemaps) == ["sitemap-root.xml", "sitemap-ca.xml", "sitemap-fr.xml"]
    locations = {
        name: re.findall(r"<loc>(.*?)</loc>", sitemap) for name, sitemap in sitemaps.items()
    }
    canonicals = {_read(out, path).canonical for path in _html_files(out) if "404" not in path}
    listed = [location for found in locations.values() for location in found]
    assert sorted(listed) == sorted(canonicals)
    assert locations["sitemap-root.xml"] == [BASE_URL]
    for code in ("ca", "fr"):
        assert locations[f"sitemap-{code}.xml"]
        assert all(loc.startswith(f"{BASE_URL}{code}/") for loc in locations[f"sitemap-{code}.xml"])
    assert not any("404" in sitemap for sitemap in sitemaps.values())
    fr = sitemaps["sitemap-fr.xml"]
    entry = fr.split(f"<loc>{BASE_URL}fr/regles/</loc>")[1].split("</url>")[0]
    assert f'hreflang="ca" href="{BASE_URL}ca/regles/"' in entry
    assert f'hreflang="x-default" href="{BASE_URL}"' in entry
    robots = (out / "robots.txt").read_text(encoding="utf-8")
    assert f"Sitemap: {BASE_URL}sitemap.xml" in robots


def test_faq_json_ld_mirrors_the_visible_questions_and_answers(out: Path) -> None:
    page = _read(out, "ca/preguntes/index.html")
    data = json.loads(page.json_ld)
    assert data["@type"] == "FAQPage"
    assert [q["name"] for q in data["mainEntity"]] == [
        "Quant valen les vint?",
        "Qui guanya si empaten?",
    ]
    answers = [q["acceptedAnswer"]["text"] for q in data["mainEntity"]]
    assert answers == [
        "Valen 20 punts, i les quaranta en valen més.",
        "La parella de l'última basa.\nSense excepcions.",
    ]


def test_engine_constants_and_the_deck_figure_come_from_the_engine(out: Path) -> None:
    html = (out / "ca/regles/index.html").read_text(encoding="utf-8")
    assert "Les quaranta valen 40." in html
    assert '<th scope="row">1. <b>as</b> <small>(1)</small></th><td>11</td>' in html
    assert len(re.findall(r'<td><img src="\.\./\.\./static/cards\.\w+\.svg#c-', html)) == 40
    assert re.search(r"static/deck\.\w+\.css", html)
    assert "{{" not in html


def test_examples_embed_the_engine_verdict_as_widget_markup(out: Path) -> None:
    html = (out / "fr/regles/index.html").read_text(encoding="utf-8")
    data = re.search(r"<script type=\"application/json\" data-example-data>(.*?)</script>", html)
    assert data is not None
    example = json.loads(data.group(1))
    assert example["legal"] == ["2c"]
    assert example["refusals"]["1o"]["reason"] == "must_follow_suit"
    assert '<figure class="example" data-example>' in html
    assert '<script type="application/json" data-widget-strings>' in html


def test_every_page_has_a_strict_content_security_policy_and_no_inline_code(out: Path) -> None:
    for path in _html_files(out):
        html = (out / path).read_text(encoding="utf-8")
        assert "script-src 'self'" in html, path
        assert " style=" not in html, path
        for script in re.findall(r"<script([^>]*)>", html):
            assert "src=" in script or "application/" in script, (path, script)


def test_the_rules_page_opens_with_jump_links_to_its_sections(out: Path) -> None:
    html = (out / "ca/regles/index.html").read_text(encoding="utf-8")
    toc = html.split('<nav class="toc" aria-labelledby="toc-title">')[1].split("</nav>")[0]
    links = re.findall(r'<li><a href="#([a-z-]+)">([^<]+)</a></li>', toc)
    sections = re.findall(r'<h2 id="([a-z-]+)">([^<]+)</h2>', html)
    assert sections[0][0] == "toc-title"
    assert links == sections[1:] and len(links) == 3
    assert html.index("<h1") < html.index('class="toc"') < html.index('<h2 id="cards">')
    faq = (out / "ca/preguntes/index.html").read_text(encoding="utf-8")
    assert 'class="toc"' not in faq


@given(
    st.lists(st.sampled_from(["ca", "fr", "regles", "a-b", "index.html"]), max_size=4),
    st.lists(st.sampled_from(["ca", "fr", "regles", "a-b"]), max_size=4),
)
def test_relative_links_are_what_relpath_gives(file: list[str], folder: list[str]) -> None:
    target = "/".join([*file, "index.html"])
    assert relative_path(target, "/".join(folder)) == posixpath.relpath(
        target, "/".join(folder) or "."
    )


@pytest.mark.parametrize("enabled", [True, False])
def test_reading_pauses_the_cycle_collector_and_leaves_it_as_it_was(
    config: Config, monkeypatch: pytest.MonkeyPatch, enabled: bool
) -> None:
    seen: list[bool] = []

    def parser() -> MarkdownIt:
        seen.append(gc.isenabled())
        return create_markdown()

    monkeypatch.setattr("site_builder.site.create_markdown", parser)
    was = gc.isenabled()
    (gc.enable if enabled else gc.disable)()
    try:
        site = read_site(config, Report())
        after = gc.isenabled()
    finally:
        (gc.enable if was else gc.disable)()
    assert seen == [False]
    assert after is enabled
    assert site.languages


def test_a_rebuild_in_the_same_process_reuses_the_drill_banks() -> None:
    config = Config.for_project(PROJECT_ROOT)
    first = read_site(config, Report())
    again = read_site(config, Report())
    assert again.banks is first.banks
    assert first.banks == build_banks()
