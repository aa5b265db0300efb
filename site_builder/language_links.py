"""The lines of a page that name every language: its hreflang alternates and Open Graph
locales in the head, the language switcher in the header, and its sitemap entry.

A site of L languages and P pages holds P times L of these lines, most of what it writes once it
grows; rendered by the page template for each page, they took most of the build's time. So
each line is rendered once (from `language_links.html`) and a page only joins them: the
hreflang lines are the same on every copy of a page, and a switcher link the same from
every page as deep as the page it is rendered for.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from jinja2 import Environment
from markupsafe import Markup

from site_builder.config import Language
from site_builder.navigation import Alternate, alternates
from site_builder.site import CHOOSER, Page, Site

Macro = Callable[..., Markup]
"""A macro of `language_links.html`: its arguments in, one line of markup out."""


@dataclass
class _Copies:
    """A page's copies in every language that has it, and the lines that name them."""

    pages: list[Page]
    """The copies, in the site's language order."""
    position: dict[str, int]
    """Each copy's place in `pages`, by language code."""
    og_alternates: list[Markup]
    """Each copy's `og:locale:alternate` line."""
    switchers: dict[int, list[Markup]] = field(default_factory=dict)
    """By the depth of the page they are rendered for: the switcher's link to each copy
    from a page of another language."""


class LanguageLinks:
    """Renders each line that names a language once, and joins them for each page."""

    def __init__(self, site: Site, env: Environment) -> None:
        self.site = site
        macros = env.get_template("language_links.html").module
        self._head_link = _macro(macros, "head_link")
        self._sitemap_link = _macro(macros, "sitemap_link")
        self._switcher_link = _macro(macros, "switcher_link")
        og_alternate = _macro(macros, "og_alternate")
        self._og_alternates = {
            code: og_alternate(lang.language) for code, lang in site.languages.items()
        }
        self._alternates: dict[str, list[Alternate]] = {}
        self._head: dict[str, Markup] = {}
        self._sitemap: dict[str, Markup] = {}
        self._copies: dict[str, _Copies] = {}
        self._current_links: dict[tuple[str, str], Markup] = {}

    def alternates(self, page: Page) -> list[Alternate]:
        """A page's hreflang alternates, the same for all its copies (the chooser's are the
        home page's)."""
        key = "home" if page.key == CHOOSER else page.key
        if key not in self._alternates:
            self._alternates[key] = alternates(self.site, key)
        return self._alternates[key]

    def page_lines(self, page: Page) -> dict[str, Markup]:
        """What a language's page template puts in: `alternates` (hreflang links),
        `og_alternates` (the other languages that have the page) and `switcher` (the page in
        every language, its own marked current; empty when that is the only one).

        Each page joins lines prepared for all its copies, its own language's left out
        (`og_alternates`) or replaced by the link marked current (`switcher`)."""
        assert page.lang is not None
        copies = self._copies_of(page.key)
        own = copies.position[page.lang]
        og = copies.og_alternates
        switcher = Markup()
        if len(copies.pages) > 1:
            links = self._switcher_links(copies, page.depth)
            switcher = _lines([*links[:own], self._current_link(page), *links[own + 1 :]])
        return {
            "alternates": self.head(page),
            "og_alternates": _lines([*og[:own], *og[own + 1 :]]),
            "switcher": switcher,
        }

    def head(self, page: Page) -> Markup:
        """The `<link rel="alternate">` lines of a page's head."""
        key = page.key
        if key not in self._head:
            self._head[key] = _lines(map(self._head_link, self.alternates(page)))
        return self._head[key]

    def sitemap(self, page: Page) -> Markup:
        """The `<xhtml:link>` lines of a page's sitemap entry."""
        key = page.key
        if key not in self._sitemap:
            self._sitemap[key] = _lines(map(self._sitemap_link, self.alternates(page)))
        return self._sitemap[key]

    def _copies_of(self, key: str) -> _Copies:
        found = self._copies.get(key)
        if found is None:
            cluster = self.site.cluster(key)
            found = self._copies[key] = _Copies(
                pages=list(cluster.values()),
                position={code: place for place, code in enumerate(cluster)},
                og_alternates=[self._og_alternates[code] for code in cluster],
            )
        return found

    def _switcher_links(self, copies: _Copies, depth: int) -> list[Markup]:
        """The switcher's links to a page's copies from a page `depth` folders deep in
        another language. Such a link climbs to the site root and goes down the copy's
        language folder (`Page.url_to` gives the same, the two paths sharing no folder), so
        it is the same from every page as deep: rendered once for each depth."""
        found = copies.switchers.get(depth)
        if found is None:
            found = copies.switchers[depth] = [
                self._switcher_link(self._language(copy), "../" * depth + copy.file, False)
                for copy in copies.pages
            ]
        return found

    def _current_link(self, page: Page) -> Markup:
        """The switcher's link from a page to itself, marked current: the same on every page
        of a language that is its folder's `index.html`."""
        language = self._language(page)
        href = page.url_to(page)
        found = self._current_links.get((language.code, href))
        if found is None:
            found = self._switcher_link(language, href, True)
            self._current_links[language.code, href] = found
        return found

    def _language(self, page: Page) -> Language:
        assert page.lang is not None
        return self.site.languages[page.lang].language


def _lines(lines: Iterable[Markup]) -> Markup:
    """Lines of markup, one under the other. (`Markup.join` would escape each line again,
    which costs more than the join: the lines are markup already.)"""
    return Markup("\n".join(lines))


def _macro(module: Any, name: str) -> Macro:
    """A macro of a template module, typed."""
    macro: Macro = getattr(module, name)
    return macro
