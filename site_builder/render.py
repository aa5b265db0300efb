"""Phase two: render every page of a verified `Site` into files held in memory.

Templates are Jinja with autoescape and StrictUndefined; interface strings go through
gettext (the i18n extension), with each language's `site` catalog installed in turn.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from html.parser import HTMLParser
from typing import Any

from babel import Locale
from jinja2 import Environment, FileSystemLoader, StrictUndefined
from markupsafe import Markup

from engine import CARD_POINTS, STRENGTH_ORDER
from lesson_compiler import Example, compile_example, rank_name
from site_builder.config import TEMPLATES_DIR, Language
from site_builder.markdown import Link, render
from site_builder.practice import drills, page_data, practice_strings
from site_builder.site import CHOOSER, LanguageSite, Page, Site
from site_builder.widget_strings import EXAMPLE_ONLY, widget_strings

TEMPLATES = {
    "home": "home.html",
    "faq": "faq.html",
    "lessons": "lessons.html",
    "practice": "practice.html",
}
"""Pages with their own template; the others use page.html (lesson pages lesson.html)."""
CSP = Markup("default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'")


def json_script(data: Any) -> Markup:
    """JSON safe inside a `<script>` element: `<`, `>` and `&` escaped as `\\u003c` etc."""
    text = json.dumps(data, ensure_ascii=False, sort_keys=True, separators=(",", ":"))
    text = text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")
    return Markup(text)


class _TextCollector(HTMLParser):
    """Collects the text of an HTML fragment, one line per block element."""

    BLOCKS = frozenset({"p", "li", "tr", "h1", "h2", "h3", "h4", "pre", "blockquote", "table"})

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.parts: list[str] = []

    def handle_data(self, data: str) -> None:
        self.parts.append(data)

    def handle_endtag(self, tag: str) -> None:
        if tag in self.BLOCKS:
            self.parts.append("\n")


def plain_text(html: str) -> str:
    """The text a reader sees in an HTML fragment, spaces collapsed, blocks on their own line."""
    collector = _TextCollector()
    collector.feed(html)
    collector.close()
    lines = (" ".join(line.split()) for line in "".join(collector.parts).split("\n"))
    return "\n".join(line for line in lines if line)


def language_name(code: str) -> str:
    """A language's name in itself, capitalized as a menu item: "Català", "Português"."""
    name = Locale.parse(code).get_display_name(code) or code
    return name[:1].upper() + name[1:]


@dataclass(frozen=True)
class Section:
    """A `##` section of a page: the heading's text and id, and its content as HTML."""

    id: str
    title: str
    html: str


class _Context:
    """Renders what a page's Markdown needs from the site (implements `PageContext`)."""

    def __init__(self, renderer: Renderer, lang: LanguageSite, page: Page) -> None:
        self.renderer = renderer
        self.lang = lang
        self.page = page

    def link_url(self, link: Link) -> str:
        if link.kind == "anchor":
            return f"#{link.anchor}"
        key = f"lesson:{link.target}" if link.kind == "lesson" else link.target
        return self.page.url_to(self.lang.pages[key], link.anchor)

    def example(self, example: Example) -> str:
        data = compile_example(example, self.lang.language.code, self.lang.game)
        legal = ", ".join(data["cards"][code] for code in data["legal"])
        return self.renderer.partial("example.html", self.page, data=data, legal=legal)

    def points_table(self) -> str:
        rows = [
            (index, rank_name(rank, self.lang.game), CARD_POINTS[rank])
            for index, rank in enumerate(STRENGTH_ORDER, start=1)
        ]
        return self.renderer.partial("points_table.html", self.page, rows=rows)


class Renderer:
    """Turns the pages of a `Site` into HTML, and the sitemap and robots.txt."""

    def __init__(self, site: Site) -> None:
        self.site = site
        self.base_url = site.config.base_url
        self.env = Environment(
            loader=FileSystemLoader(TEMPLATES_DIR),
            autoescape=True,
            undefined=StrictUndefined,
            extensions=["jinja2.ext.i18n"],
            trim_blocks=True,
            lstrip_blocks=True,
            keep_trailing_newline=True,
        )
        self.env.policies["ext.i18n.trimmed"] = True
        self.env.filters["json_script"] = json_script
        self.current: LanguageSite | None = None

    def use_language(self, lang: LanguageSite) -> None:
        """Install a language's interface strings for the next renders."""
        self.current = lang
        self.env.install_gettext_translations(lang.site, newstyle=True)  # type: ignore[attr-defined]

    def absolute(self, page: Page) -> str:
        """The public URL of a page, for canonical links, hreflang and the sitemap."""
        return self.base_url + page.path

    def partial(self, template: str, page: Page, **values: Any) -> str:
        """Render a fragment (a widget, a table) inside a page."""
        return self.env.get_template(template).render(self._common(page), **values)

    def _common(self, page: Page) -> dict[str, Any]:
        return {"page": page, "asset": page.asset, "card": self._card_helper(page)}

    @staticmethod
    def _card_helper(page: Page) -> Callable[[str], str]:
        sprite = page.asset("cards.svg")
        return lambda fragment: f"{sprite}#{fragment}"

    def alternates(self, page: Page) -> list[dict[str, str]]:
        """hreflang alternates of a page: every language that has it, then x-default."""
        key = "home" if page.key == CHOOSER else page.key
        links = [
            {"hreflang": self.site.languages[code].language.tag, "href": self.absolute(other)}
            for code, other in self.site.cluster(key).items()
        ]
        chooser = self.site.root_pages[CHOOSER]
        links.append({"hreflang": "x-default", "href": self.absolute(chooser)})
        return links

    def switcher(self, page: Page) -> list[dict[str, Any]]:
        """The language switcher: the same page in each language."""
        return [
            {
                "code": code,
                "tag": self.site.languages[code].language.tag,
                "name": language_name(code),
                "href": page.url_to(other),
                "current": code == page.lang,
            }
            for code, other in self.site.cluster(page.key).items()
        ]

    def nav(self, lang: LanguageSite, page: Page) -> dict[str, Any]:
        """Links of the header: home and the main pages that exist in this language.

        `current` is the link's `aria-current`: "page" on its own page, "true" on a lesson
        (inside "Learn to play"), None elsewhere.
        """
        pages = lang.pages
        section = "lessons" if page.lesson is not None else None
        return {
            "home": page.url_to(pages["home"]) if "home" in pages else None,
            "items": [
                {
                    "key": key,
                    "href": page.url_to(pages[key]),
                    "current": "page" if key == page.key else "true" if key == section else None,
                }
                for key in ("lessons", "practice", "rules", "faq")
                if key in pages
            ],
        }

    def render_page(self, page: Page) -> str:
        """The HTML of a language's page."""
        assert page.lang is not None
        lang = self.site.languages[page.lang]
        if self.current is not lang:
            self.use_language(lang)
        context = _Context(self, lang, page)
        values: dict[str, Any] = {
            **self._common(page),
            **self._head(page, lang.language),
            "nav": self.nav(lang, page),
            "switcher": self.switcher(page),
            "widget_strings": None,
            "widget_scripts": _widget_scripts(page),
            "body": Markup(render(self.site.md, page.tokens, context)),
        }
        if page.key == "practice":
            values.update(self._practice_values(page, lang))
        elif values["widget_scripts"]:
            strings = widget_strings(lang.site.gettext, lang.site.pgettext)
            if "example.js" not in values["widget_scripts"]:
                strings = {k: v for k, v in strings.items() if k not in EXAMPLE_ONLY}
            values["widget_strings"] = strings
        if page.key == "faq":
            values["faq"] = self.faq_json(page, context)
        if page.key == "lessons":
            values["lessons"] = [self._lesson_item(page, lang, key) for key in lang.lesson_keys]
            practice = lang.pages.get("practice")
            values["practice_href"] = page.url_to(practice) if practice else None
        if page.lesson is not None:
            values.update(self._lesson_values(page, lang))
        template = TEMPLATES.get(page.key, "lesson.html" if page.lesson else "page.html")
        return self.env.get_template(template).render(values)

    def _head(self, page: Page, language: Language) -> dict[str, Any]:
        others = [
            lang.language.og_locale
            for code, lang in self.site.languages.items()
            if code != page.lang and page.key in lang.pages
        ]
        return {
            "lang_tag": language.tag,
            "canonical": self.absolute(page),
            "alternates": self.alternates(page),
            "og_locale": language.og_locale,
            "og_alternates": others,
            "csp": CSP,
        }

    def sections(self, page: Page, context: _Context) -> list[Section]:
        """The `##` sections of a page, each rendered on its own (for the FAQ's JSON-LD)."""
        tokens = page.tokens
        starts = [i for i, t in enumerate(tokens) if t.type == "heading_open" and t.tag == "h2"]
        found = []
        for number, start in enumerate(starts):
            close = next(i for i in range(start, len(tokens)) if tokens[i].type == "heading_close")
            end = starts[number + 1] if number + 1 < len(starts) else len(tokens)
            title = render(self.site.md, tokens[start : close + 1], context)
            html = render(self.site.md, tokens[close + 1 : end], context)
            found.append(Section(str(tokens[start].attrGet("id") or ""), plain_text(title), html))
        return found

    def faq_json(self, page: Page, context: _Context) -> Markup:
        """schema.org FAQPage data mirroring the visible questions and answers."""
        data = {
            "@context": "https://schema.org",
            "@type": "FAQPage",
            "inLanguage": self.site.languages[page.lang or ""].language.tag,
            "mainEntity": [
                {
                    "@type": "Question",
                    "name": section.title,
                    "acceptedAnswer": {"@type": "Answer", "text": plain_text(section.html)},
                }
                for section in self.sections(page, context)
            ],
        }
        return json_script(data)

    def _lesson_item(self, page: Page, lang: LanguageSite, key: str) -> dict[str, Any]:
        lesson_page = lang.pages[key]
        assert lesson_page.lesson is not None
        return {
            "id": lesson_page.lesson.id,
            "number": lesson_page.lesson.number,
            "title": lesson_page.title,
            "summary": lesson_page.description,
            "href": page.url_to(lesson_page),
        }

    def _lesson_values(self, page: Page, lang: LanguageSite) -> dict[str, Any]:
        keys = lang.lesson_keys
        position = keys.index(page.key)
        previous = lang.pages[keys[position - 1]] if position > 0 else None
        following = lang.pages[keys[position + 1]] if position + 1 < len(keys) else None
        data = page.lesson_data or {}
        return {
            "lesson": page.lesson,
            "data": data,
            "walk": walkthrough(data),
            "total": len(keys),
            "index_href": page.url_to(lang.pages["lessons"]),
            "previous": _neighbour(page, previous),
            "next": _neighbour(page, following),
        }

    def _practice_values(self, page: Page, lang: LanguageSite) -> dict[str, Any]:
        strings = practice_strings(lang.site.gettext, lang.site.pgettext)
        data = page_data(lang.game)
        return {
            "widget_strings": strings,
            "practice_data": data,
            "drills": drills(self.site.banks, strings, data, page.link),
        }

    def render_root(self, page: Page) -> str:
        """The language chooser or the root 404 page, in every language at once."""
        entries = []
        for code, lang in self.site.languages.items():
            self.use_language(lang)
            home = lang.pages.get("home")
            entries.append(
                {
                    "code": code,
                    "tag": lang.language.tag,
                    "name": language_name(code),
                    "href": page.url_to(home) if home else None,
                    "title": home.title if home else "",
                    "not_found": lang.pages.get("not-found"),
                    "go_home": lang.site.gettext("Go to the home page"),
                }
            )
        self.current = None
        template = "chooser.html" if page.key == CHOOSER else "root_404.html"
        values = {
            **self._common(page),
            "entries": entries,
            "canonical": self.absolute(page),
            "alternates": self.alternates(page) if page.key == CHOOSER else [],
            "csp": CSP,
        }
        return self.env.get_template(template).render(values)

    def sitemap(self) -> str:
        """sitemap.xml: every listed page with its alternates."""
        entries = [
            {"loc": self.absolute(page), "alternates": self.alternates(page)}
            for page in self.site.pages()
            if page.indexed
        ]
        return self.env.get_template("sitemap.xml").render(entries=entries)

    def robots(self) -> str:
        """robots.txt: everything allowed, and where the sitemap is."""
        return f"User-agent: *\nAllow: /\n\nSitemap: {self.base_url}sitemap.xml\n"


def _neighbour(page: Page, other: Page | None) -> dict[str, str] | None:
    """A link to the previous or next lesson, if there is one."""
    return {"href": page.url_to(other), "title": other.title} if other else None


def _has_examples(page: Page) -> bool:
    return any(token.type == "fence" and token.info.strip() == "example" for token in page.tokens)


def _widget_scripts(page: Page) -> list[str]:
    """The widget scripts a page loads, in order: the shared core, then only the parts it
    uses (the lesson and progress marks, the rule example boards), so pages stay light."""
    parts: list[str] = []
    if page.lesson is not None or page.key == "lessons":
        parts.append("lesson.js")
    if _has_examples(page):
        parts.append("example.js")
    if page.key == "practice":
        parts.append("practice.js")
    return ["widget-core.js", *parts] if parts else []


def walkthrough(data: dict[str, Any]) -> list[dict[str, Any]]:
    """The lesson's main line for readers without JavaScript: each node on the path taken
    when the learner plays the first accepted card, with what happens after it."""
    nodes = data.get("nodes", [])
    walk = []
    index: int | None = data.get("start", 0) if nodes else None
    seen: set[int] = set()
    while index is not None and index not in seen:
        seen.add(index)
        node = nodes[index]
        if node["action"] == "play":
            card = node["accept"][0]
            outcome = node["outcomes"][card]
        else:
            card = None
            outcome = node["continue"]
        texts = [data["events"][index]["text"] for index in outcome["events"]]
        walk.append(
            {
                "say": data["steps"][node["step"]]["say"],
                "trick": node["state"]["trick"]["cards"],
                "card": card,
                # A play's first event announces the learner's own card, shown beside it.
                "play": texts[0] if card else None,
                "events": texts[1:] if card else texts,
            }
        )
        index = outcome["next"]
    return walk
