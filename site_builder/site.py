"""Phase one: read, parse and verify every source, then work out the facts across pages.

The result, a `Site`, holds every page of every language with its URL and parsed body,
each lesson's language-neutral widget data (worked out once for every language), and each
language's catalogs; rendering needs nothing else. Problems go to the report with their
file and line.
"""

from __future__ import annotations

import functools
import gc
import posixpath
import re
import unicodedata
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from urllib.parse import urlsplit

from markdown_it import MarkdownIt
from markdown_it.token import Token

from lesson_compiler import Item, Lesson, Problem, build_banks, load_lessons
from lesson_compiler.catalogs import CompiledCatalog, po_path, read_catalog
from lesson_compiler.compile import Prepared, prepare
from lesson_compiler.terms import teaching_order
from site_builder.config import Config, Language
from site_builder.content import PAGE_IDS, Source, read_pages
from site_builder.markdown import Anchor, Link, PageEnv, create_markdown, parse
from site_builder.report import Report

CHOOSER = "chooser"
ROOT_NOT_FOUND = "root-not-found"


def slugify(text: str) -> str:
    """An ASCII URL segment from a title: "Assistir i muntar" -> "assistir-i-muntar"."""
    plain = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode("ascii")
    return re.sub(r"[^a-z0-9]+", "-", plain.lower()).strip("-")


def relative_path(file: str, folder: str) -> str:
    """`posixpath.relpath(file, folder)` for two clean relative paths of the output, without
    asking the system for the working folder as `relpath` does: links are made per page for
    every language, so this is on the build's hottest path."""
    start = folder.split("/") if folder else []
    parts = file.split("/")
    common = 0
    while common < min(len(start), len(parts)) and start[common] == parts[common]:
        common += 1
    return "/".join([".."] * (len(start) - common) + parts[common:]) or "."


@dataclass
class Page:
    """One page of one language (or a root page, `lang` None) and what renders it."""

    key: str
    """The same in every language: a page id, "lesson:<id>", or a root page's name."""
    lang: str | None
    path: str
    """The URL path under the base URL: "ca/regles/", "" for the root, "404.html"."""
    title: str
    description: str
    source: Source | None = None
    tokens: list[Token] = field(default_factory=list)
    anchors: list[Anchor] = field(default_factory=list)
    links: list[Link] = field(default_factory=list)
    lesson: Lesson | None = None
    prepared: Prepared | None = None
    """A lesson page's language-neutral widget data, shared by every language; the page's
    words are added as it is rendered, so no language's copy is held for the whole build."""
    served_from: str | None = None
    """For the root 404 page, which hosts serve at any missing URL: the base URL's path,
    from which its links start instead of from the page's own folder."""

    @functools.cached_property
    def file(self) -> str:
        """The output file: pretty URLs are folders holding `index.html`."""
        return self.path + "index.html" if self.path.endswith("/") or not self.path else self.path

    @functools.cached_property
    def folder(self) -> str:
        """The folder of the output file, which links from this page start from."""
        return posixpath.dirname(self.file)

    @functools.cached_property
    def depth(self) -> int:
        """How many folders below the site root the output file lies."""
        return self.folder.count("/") + 1 if self.folder else 0

    @property
    def indexed(self) -> bool:
        """Whether search engines should list the page (not the 404 pages)."""
        return self.key not in ("not-found", ROOT_NOT_FOUND)

    def url_to(self, other: Page, anchor: str | None = None) -> str:
        """A relative link from this page to another that works over http and from disk."""
        url = self._link(other.file)
        return f"{url}#{anchor}" if anchor else url

    def link(self, file: str) -> str:
        """A relative link to any output file (a practice bank, the static folder)."""
        return self._link(file)

    def _link(self, file: str) -> str:
        if self.served_from is not None:
            return self.served_from + file
        return relative_path(file, self.folder)


@dataclass
class LanguageSite:
    """A language's pages, catalogs and lessons."""

    language: Language
    site: CompiledCatalog
    game: CompiledCatalog
    lessons: CompiledCatalog | None
    pages: dict[str, Page] = field(default_factory=dict)
    lesson_keys: list[str] = field(default_factory=list)
    """Keys of the lesson pages, in lesson order."""
    complete: bool = True
    """False when a page could not be read: its links are then not checked."""


@dataclass
class Site:
    """Everything read and verified: ready to render."""

    config: Config
    md: MarkdownIt
    languages: dict[str, LanguageSite]
    root_pages: dict[str, Page]
    banks: dict[str, list[Item]] = field(default_factory=dict)
    """The practice drills' banks, when a language has the practice page."""

    def cluster(self, key: str) -> dict[str, Page]:
        """The page `key` in every language that has it, in the site's language order."""
        return {code: lang.pages[key] for code, lang in self.languages.items() if key in lang.pages}

    def pages(self) -> list[Page]:
        """Every page: the root pages, then each language's in a stable order."""
        found = list(self.root_pages.values())
        for lang in self.languages.values():
            found.extend(sorted(lang.pages.values(), key=_order))
        return found


def _order(page: Page) -> int:
    """Pages in the order of PAGE_IDS, lessons after them in lesson order."""
    return PAGE_IDS.index(page.key) if page.lesson is None else len(PAGE_IDS) + page.lesson.number


def read_site(config: Config, report: Report) -> Site:
    """Read, parse and verify every source into memory; problems go to the report."""
    with _collector_paused():
        return _read_site(config, report)


@contextmanager
def _collector_paused() -> Iterator[None]:
    """Pause Python's cycle collector while the sources are read.

    Reading makes a large site's hundreds of thousands of objects (tokens, messages,
    lessons, drills), which live until its pages are rendered, and next to no reference
    cycles; the full passes the collector starts as they pile up walk them all and free
    nothing, a sixth of the reading. What cycles reading leaves are collected afterwards.
    """
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


def _read_site(config: Config, report: Report) -> Site:
    md = create_markdown()
    lessons: list[Prepared] = []
    problems: list[Problem] = []
    if config.lessons_dir is not None:
        verified, problems = load_lessons(config.lessons_dir, config.root)
        report.add_errors(problems)
        # The engine's verdicts are the same in every language: worked out once here.
        lessons = [prepare(lesson) for lesson in verified]
    languages: dict[str, LanguageSite] = {}
    for language in config.languages:
        # the teaching order is only told when every lesson could be read
        lang_site = _read_language(config, language, md, lessons, report, not problems)
        if lang_site is not None:
            languages[language.code] = lang_site
    site = Site(config, md, languages, _root_pages(config))
    if any("practice" in lang.pages for lang in languages.values()):
        site.banks = _drill_banks()
    _check_links(site, report)
    _check_languages(site, report)
    return site


@functools.cache
def _drill_banks() -> dict[str, list[Item]]:
    """The practice drills' banks, worked out once a process: they follow from the seed and
    the engine alone, neither of which a running process reloads, so a `serve` rebuild
    reuses them (two thirds of reading the real site). Rendering only reads them."""
    return build_banks()


def _root_pages(config: Config) -> dict[str, Page]:
    base_path = urlsplit(config.base_url).path or "/"
    return {
        CHOOSER: Page(CHOOSER, None, "", "Tute per parelles", ""),
        ROOT_NOT_FOUND: Page(ROOT_NOT_FOUND, None, "404.html", "404", "", served_from=base_path),
    }


def _messages(config: Config, lang: str, domain: str, report: Report) -> CompiledCatalog | None:
    path = po_path(config.catalog_dir, lang, domain)
    catalog, problems = read_catalog(path, config.rel(path), lang, domain)
    report.add_errors(problems)
    if catalog is None:
        return None
    return CompiledCatalog(catalog, config.rel(path), report.warn)


def _read_language(
    config: Config,
    language: Language,
    md: MarkdownIt,
    lessons: list[Prepared],
    report: Report,
    all_lessons: bool = True,
) -> LanguageSite | None:
    code = language.code
    site = _messages(config, code, "site", report)
    game = _messages(config, code, "game", report)
    lesson_texts = _messages(config, code, "lessons", report) if lessons else None
    if site is None or game is None or (lessons and lesson_texts is None):
        return None
    result = LanguageSite(language, site, game, lesson_texts)
    for source in read_pages(config, code, report):
        if source is None:
            result.complete = False
            continue
        if source.page in result.pages:
            first = result.pages[source.page].source
            where = first.path if first else "?"
            report.error(source.path, None, f"page {source.page!r} is also defined in {where}")
            continue
        env = PageEnv(source.path, source.body_line, report)
        tokens = parse(md, env, source.body)
        path = f"{code}/{source.slug}/" if source.slug else f"{code}/"
        result.pages[source.page] = Page(
            key=source.page,
            lang=code,
            path=path,
            title=source.title,
            description=source.description,
            source=source,
            tokens=tokens,
            anchors=env.anchors,
            links=env.links,
        )
    if lesson_texts is not None:
        pages_dir = config.rel(config.content_dir / code / "pages")
        _add_lessons(result, lessons, lesson_texts, pages_dir, report)
        glossary = config.content_dir / code / "glossary.toml"
        if all_lessons:
            report.add_errors(
                teaching_order(glossary, config.rel(glossary), code, lessons, lesson_texts, game)
            )
    _check_unique_paths(result, report)
    return result


def _add_lessons(
    result: LanguageSite,
    lessons: list[Prepared],
    texts: CompiledCatalog,
    pages_dir: str,
    report: Report,
) -> None:
    index = result.pages.get("lessons")
    if index is None:
        report.error(pages_dir, None, 'the lessons need a lessons page (page = "lessons")')
        return
    for prepared in lessons:
        lesson = prepared.lesson
        title = texts.pgettext(lesson.id, lesson.title)
        key = f"lesson:{lesson.id}"
        result.pages[key] = Page(
            key=key,
            lang=result.language.code,
            path=f"{index.path}{lesson.number}-{slugify(title)}/",
            title=title,
            description=texts.pgettext(lesson.id, lesson.summary),
            lesson=lesson,
            prepared=prepared,
        )
        result.lesson_keys.append(key)


def _check_unique_paths(result: LanguageSite, report: Report) -> None:
    seen: dict[str, Page] = {}
    for page in result.pages.values():
        other = seen.setdefault(page.path, page)
        if other is not page:
            where = page.source.path if page.source else page.lesson.path if page.lesson else ""
            report.error(where, None, f"URL /{page.path} is taken by {other.key!r} too")


def _check_links(site: Site, report: Report) -> None:
    """Every `page:`, `lesson:` and `#anchor` link must lead to a page and section that exist."""
    for lang in site.languages.values():
        if not lang.complete:
            continue
        for page in lang.pages.values():
            path = page.source.path if page.source else ""
            for link in page.links:
                target = page if link.kind == "anchor" else lang.pages.get(_key(link))
                if target is None:
                    what = "lesson" if link.kind == "lesson" else "page"
                    report.error(path, link.line, f"link to an unknown {what} {link.target!r}")
                elif link.anchor and all(a.id != link.anchor for a in target.anchors):
                    name = "this page" if target is page else f"page {link.target!r}"
                    message = f"link to #{link.anchor}: {name} has no such anchor"
                    report.error(path, link.line, message)


def _key(link: Link) -> str:
    return f"lesson:{link.target}" if link.kind == "lesson" else link.target


def _check_languages(site: Site, report: Report) -> None:
    """Warn when a page is missing in a language or its anchors differ from the others'."""
    keys = [key for key in PAGE_IDS if any(key in lang.pages for lang in site.languages.values())]
    for key in keys:
        cluster = site.cluster(key)
        reference = next(iter(cluster.values()))
        ref_path = reference.source.path if reference.source else key
        ref_ids = {anchor.id for anchor in reference.anchors}
        for code, lang in site.languages.items():
            page = lang.pages.get(key)
            if page is None or page.source is None:
                pages = site.config.rel(site.config.content_dir / code / "pages")
                report.warn(pages, None, f"page {key!r} is missing in this language")
                continue
            ids = {anchor.id for anchor in page.anchors}
            for missing in sorted(ref_ids - ids):
                report.warn(page.source.path, None, f"no anchor #{missing} (it is in {ref_path})")
            for extra in sorted(ids - ref_ids):
                line = next(a.line for a in page.anchors if a.id == extra)
                report.warn(page.source.path, line, f"anchor #{extra} is not in {ref_path}")
