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
from typing import Any

from jinja2 import Environment
from markupsafe import Markup

from site_builder.config import Language
from site_builder.navigation import Alternate, alternates
from site_builder.site import CHOOSER, Page, Site

Macro = Callable[..., Markup]
"""A macro of `language_links.html`: its arguments in, one line of markup out."""


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
        self._switcher_links: dict[tuple[str, int], Markup] = {}

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
        every language, its own marked current; empty when that is the only one)."""
        copies = self.site.cluster(page.key)
        others = (self._og_alternates[code] for code in copies if code != page.lang)
        switcher = (self._switch(page, copy) for copy in copies.values())
        return {
            "alternates": self.head(page),
            "og_alternates": _lines(others),
            "switcher": _lines(switcher) if len(copies) > 1 else Markup(),
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

    def _switch(self, page: Page, copy: Page) -> Markup:
        """The switcher's link from a page to one of its copies. A link to another language
        climbs to the site root and goes down that language's folder: it is the same from
        every page as deep, so it is rendered once for each depth."""
        if copy is page:
            return self._switcher_link(self._language(page), page.url_to(page), True)
        known = (copy.path, page.depth)
        if known not in self._switcher_links:
            link = self._switcher_link(self._language(copy), page.url_to(copy), False)
            self._switcher_links[known] = link
        return self._switcher_links[known]

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
