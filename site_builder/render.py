"""Phase two: render each page of a verified `Site` into HTML, one page at a time.

Templates are Jinja with autoescape and StrictUndefined; interface strings go through
gettext (the i18n extension), with each language's `site` catalog installed in turn.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterator, Mapping
from typing import Any

from jinja2 import Environment, FileSystemLoader, StrictUndefined, TemplateError
from markupsafe import Markup

from engine import DECK_SIZE, SUIT_LETTERS, card_code, parse_card, suit_of
from lesson_compiler import Example, card_name, compile_example
from lesson_compiler.compile import Prepared, localize
from lesson_compiler.names import the_card
from lesson_compiler.walkthrough import walkthrough
from site_builder import navigation
from site_builder.assets import static_links
from site_builder.config import TEMPLATES_DIR, Language
from site_builder.deck import deck
from site_builder.faq import faq_json, heading_text, section_starts
from site_builder.frame import Frame
from site_builder.language_links import LanguageLinks
from site_builder.lesson_bundle import LESSON_SCRIPT
from site_builder.markdown import Link, render
from site_builder.play import play_data
from site_builder.practice import Explainer, drills, page_data, practice_strings
from site_builder.security import CSP, json_script, json_script_with
from site_builder.site import CHOOSER, LanguageSite, Page, Site
from site_builder.template_strings import TemplateStrings
from site_builder.widget_strings import EXAMPLE_ONLY, PROGRESS_ONLY, TRUMP_SUITS, widget_strings

TEMPLATES = {
    "home": "home.html",
    "faq": "faq.html",
    "lessons": "lessons.html",
    "practice": "practice.html",
    "play": "play.html",
}
"""Pages with their own template; the others use page.html (lesson pages lesson.html)."""
TOC_PAGES = frozenset({"rules"})
"""Pages long enough to open with jump links to their `##` sections."""
DECK_LESSONS = frozenset({"cards"})
"""Lessons whose page shows the deck (a light disclosure above the widget: its cards by suit,
with no stylesheet of its own, so the lesson page stays within its weight budget)."""
_INDENT = re.compile(r"\n[ \t]+")
_PREFORMATTED = re.compile(r"<(pre|textarea)\b", re.I)
ROOT_SITEMAP = "root"
"""The name of the root pages' sitemap, as a language's is its code (which has 2 or 3
letters, so cannot be this)."""
CARD_IMAGE = Markup('<img src="{src}" alt="{alt}">')
"""A card as a lesson's walkthrough shows it, named by its alt text. Its size is the
stylesheet's (`.walkthrough img` sets its width and aspect ratio), which loads before the
page is drawn, so a walkthrough's many cards need no size of their own."""


class UnindentedLoader(FileSystemLoader):
    """Loads HTML templates without the indentation that keeps them readable: outside
    `<pre>` and `<textarea>`, which templates may not hold, a line's leading whitespace
    collapses into the line break before it anyway. Done once a template, not once a page:
    pages come out unindented, lighter, and no pass over each page has to take it out."""

    def get_source(self, environment: Environment, template: str) -> tuple[str, str, Any]:
        source, filename, uptodate = super().get_source(environment, template)
        if template.endswith(".html"):
            if _PREFORMATTED.search(source):
                raise TemplateError(f"{template}: <pre> and <textarea> would lose their spaces")
            source = _INDENT.sub("\n", source)
        return source, filename, uptodate


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
        # The cards to choose from, any one of them, as the practice answers list them.
        explainer = Explainer(self.lang.site, self.lang.game)
        legal = explainer.some_cards([card_code(c) for c in example.legal], explainer.one_of)
        return self.renderer.partial("example.html", self.page, data=data, legal=legal)

    def deck(self) -> str:
        return self.renderer.deck(self.page, self.lang)


class _StaticLinks:
    """Links to the static files from pages that reach the static folder by one path
    (`../../static/`), which every page as deep shares: made once for them all."""

    def __init__(self, folder: str, static_names: Mapping[str, str]) -> None:
        self.folder = folder
        self.links = static_links(folder, static_names)
        self.sprite = self.asset("cards.svg")

    def asset(self, name: str) -> str:
        """A link to the static file `name` (`site.css`) under its content-hashed name."""
        return self.links.get(name) or self.folder + name

    def card(self, fragment: str) -> str:
        """A link to a symbol of the card sprite (`c-1o`)."""
        return f"{self.sprite}#{fragment}"


class Renderer:
    """Turns the pages of a `Site` into HTML, and the sitemaps and robots.txt."""

    def __init__(self, site: Site, static_names: Mapping[str, str]) -> None:
        """`static_names` gives each static file's content-hashed path by its plain path, as
        `assets.static_names` does; pages link to the static files under those names."""
        self.site = site
        self.static_names = static_names
        self.base_url = site.config.base_url
        self.env = Environment(
            loader=UnindentedLoader(TEMPLATES_DIR),
            autoescape=True,
            undefined=StrictUndefined,
            extensions=["jinja2.ext.i18n"],
            trim_blocks=True,
            lstrip_blocks=True,
            keep_trailing_newline=True,
            # Each build makes its own renderer: templates never change while it renders,
            # so a template is not checked against its file each time a page asks for it.
            auto_reload=False,
        )
        self.env.policies["ext.i18n.trimmed"] = True
        # `{% trans %}` blocks are compiled for newstyle callables, as TemplateStrings gives.
        self.env.newstyle_gettext = True  # type: ignore[attr-defined]
        self.env.filters["json_script"] = json_script
        self.current: LanguageSite | None = None
        self._strings: dict[str, TemplateStrings] = {}
        self._nodes_json: dict[str, Markup] = {}
        """Each lesson's nodes as JSON, by lesson id."""
        self._card_images: dict[tuple[str, str], dict[str, Markup]] = {}
        """Every card's `CARD_IMAGE` by code, by language ("": unnamed) and link to the
        card sprite."""
        self._widget_strings_json: dict[tuple[str, bool, bool, str | None], Markup] = {}
        """The widget's strings as JSON, by language code, whether the example board's
        are in, and the trump suit of the page's lesson."""
        self._links: dict[str, _StaticLinks] = {}
        """Links to the static files by the pages' link to the static folder."""
        self.language_links = LanguageLinks(site, self.env)
        self.frame = Frame(self.env)

    def use_language(self, lang: LanguageSite) -> None:
        """Install a language's interface strings for the next renders."""
        self.current = lang
        code = lang.language.code
        if code not in self._strings:
            self._strings[code] = TemplateStrings(lang.site)
        self.env.globals.update(self._strings[code].globals())

    def partial(self, template: str, page: Page, **values: Any) -> str:
        """Render a fragment (a widget, a table) inside a page."""
        return self.env.get_template(template).render(self._common(page), **values)

    def deck(self, page: Page, lang: LanguageSite) -> str:
        """The deck figure in the page's language."""
        return self.partial("deck.html", page, deck=deck(lang.game))

    def _common(self, page: Page) -> dict[str, Any]:
        """What every template is given: the page, `asset(name)` (a link to a static file)
        and `card(fragment)` (a link to a symbol of the card sprite)."""
        links = self._static_links(page)
        return {"page": page, "asset": links.asset, "card": links.card}

    def _static_links(self, page: Page) -> _StaticLinks:
        """The links to the static files from `page`, shared with every page as deep."""
        folder = page.link("static/")
        links = self._links.get(folder)
        if links is None:
            links = self._links[folder] = _StaticLinks(folder, self.static_names)
        return links

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
            **self._frame(page, lang),
            "widget_strings": None,
            "toc": None,
            "first_lesson": None,
            "deck_styles": _has_fence(page, "deck"),
            "widget_scripts": _widget_scripts(page),
            **self._opening_and_body(page, context),
        }
        if page.key == "practice":
            values.update(self._practice_values(page, lang))
        elif page.key == "play":
            values.update(self._play_values(page, lang))
        elif values["widget_scripts"]:
            trump = (
                None
                if page.prepared is None
                else SUIT_LETTERS[suit_of(page.prepared.lesson.trump_card)]
            )
            values["widget_strings"] = self._widget_strings(lang, values["widget_scripts"], trump)
        if page.key == "home" and lang.lesson_keys:
            values["first_lesson"] = navigation.lesson_item(lang, page, lang.lesson_keys[0])
        if page.key in TOC_PAGES:
            values["toc"] = self._toc(page, context)
        if page.key == "faq":
            values["faq"] = faq_json(self.site.md, page, context, lang.language.tag)
        if page.key == "lessons":
            values["lessons"] = navigation.lesson_list(lang, page)
            values["practice_href"] = navigation.practice_href(lang, page)
            values["play_href"] = navigation.play_href(lang, page)
        if page.lesson is not None:
            values.update(self._lesson_values(page, lang))
        template = TEMPLATES.get(page.key, "lesson.html" if page.lesson else "page.html")
        return self.env.get_template(template).render(values)

    def _toc(self, page: Page, context: _Context) -> list[tuple[str, str]]:
        """Jump links to the `##` sections: each heading's id and text."""
        return [
            (
                str(page.tokens[start].attrGet("id") or ""),
                heading_text(self.site.md, page, start, context),
            )
            for start in section_starts(page)
        ]

    def _opening_and_body(self, page: Page, context: _Context) -> dict[str, Markup]:
        """A page's HTML in two parts, so the template can put something between them:
        the home page's way into lesson 1 after its first paragraph, a long page's jump
        links before its first section. Other pages have no opening."""
        tokens = page.tokens
        cut = 0
        if page.key == "home":
            cut = next((i + 1 for i, t in enumerate(tokens) if t.type == "paragraph_close"), 0)
        elif page.key in TOC_PAGES:
            cut = next(iter(section_starts(page)), len(tokens))
        return {
            "opening": Markup(render(self.site.md, tokens[:cut], context)),
            "body": Markup(render(self.site.md, tokens[cut:], context)),
        }

    def _frame(self, page: Page, lang: LanguageSite) -> dict[str, Markup]:
        """The header's links and the footer, shared with other pages of the language."""
        code = lang.language.code
        links = self._static_links(page)
        nav = navigation.nav(lang, page)
        return {
            "header_links": self.frame.header_links(code, nav, links.folder, links.asset),
            "footer": self.frame.footer(code),
        }

    def _head(self, page: Page, language: Language) -> dict[str, Any]:
        return {
            "lang_tag": language.tag,
            "canonical": navigation.absolute(self.site, page),
            "og_locale": language.og_locale,
            **self.language_links.page_lines(page),
            "csp": CSP,
        }

    def _lesson_values(self, page: Page, lang: LanguageSite) -> dict[str, Any]:
        """What lesson.html shows: the lesson's data in the page's language, as JSON for the
        widget and as the walkthrough that tells its main line without JavaScript."""
        assert page.prepared is not None and lang.lessons is not None
        data = localize(page.prepared, lang.language.code, lang.lessons, lang.game)
        lesson = page.prepared.lesson
        sprite = self._static_links(page).sprite
        walk = walkthrough(page.prepared, data)
        told = {line.step for line in walk}
        # the narrations the walkthrough tells, the widget reads there (`data-step-say`)
        steps = [
            {key: text for key, text in step.items() if key != "say" or index not in told}
            for index, step in enumerate(data["steps"])
        ]
        return {
            "lesson": lesson,
            "data_json": self._lesson_json(page.prepared, {**data, "steps": steps}),
            "images": self._card_images_in(sprite, lang),
            "unnamed_images": self._card_images_in(sprite, None),
            "trump_card": data["trump_card"],
            "trump_card_name": the_card(lesson.trump_card, lang.game),
            # a later deal's trump card, by code: its name and its suit's
            "deal_trumps": {
                step.deal[0]: (
                    the_card(parse_card(step.deal[0]), lang.game),
                    data["suits"][SUIT_LETTERS[suit_of(parse_card(step.deal[0]))]],
                )
                for step in walk
                if step.deal
            },
            "trump_suit": data["suits"][data["trump"]],
            "hand": data["nodes"][data["start"]]["state"]["hands"][data["learner"]],
            "walk": walk,
            "deck": Markup(self.partial("deck_strip.html", page, deck=deck(lang.game)))
            if lesson.id in DECK_LESSONS
            else None,
            **navigation.pager(lang, page),
        }

    def _card_images_in(self, sprite: str, lang: LanguageSite | None) -> dict[str, Markup]:
        """Every card's picture by code, linking to the card sprite as `sprite`, named in
        `lang`'s words, or unnamed for a card that the text beside it names. Made once a
        language and folder depth, not once a picture: lessons show the same forty cards."""
        key = (lang.language.code if lang else "", sprite)
        images = self._card_images.get(key)
        if images is None:
            codes = (card_code(card) for card in range(DECK_SIZE))
            images = self._card_images[key] = {
                code: CARD_IMAGE.format(
                    src=f"{sprite}#c-{code}", alt=card_name(code, lang.game) if lang else ""
                )
                for code in codes
            }
        return images

    def _lesson_json(self, prepared: Prepared, data: dict[str, Any]) -> Markup:
        """A lesson's data as JSON. Its nodes, most of it, are the same in every language
        (unless two refusals read the same in this one): they are encoded once a lesson."""
        if data["nodes"] is not prepared.nodes:
            return json_script(data)
        nodes = self._nodes_json.get(prepared.lesson.id)
        if nodes is None:
            nodes = self._nodes_json[prepared.lesson.id] = json_script(prepared.nodes)
        return json_script_with(data, "nodes", nodes)

    def _widget_strings(self, lang: LanguageSite, scripts: list[str], trump: str | None) -> Markup:
        """The widget's strings as JSON, those of the example board and of the progress marks
        only where a page loads their script, and of the trump suits only the one of the
        page's lesson (`trump`; none on a page without a lesson, since a lesson's later deals
        keep its suit): the same on every such page of a language, so encoded once for them
        all."""
        key = (lang.language.code, "example.js" in scripts, "progress.js" in scripts, trump)
        found = self._widget_strings_json.get(key)
        if found is None:
            strings = widget_strings(lang.site.gettext, lang.site.pgettext, lang.site.ngettext)
            if "example.js" not in scripts:
                strings = {k: v for k, v in strings.items() if k not in EXAMPLE_ONLY}
            if "progress.js" not in scripts:
                strings = {k: v for k, v in strings.items() if k not in PROGRESS_ONLY}
            strings = {
                k: v for k, v in strings.items() if k not in TRUMP_SUITS or TRUMP_SUITS[k] == trump
            }
            found = self._widget_strings_json[key] = json_script(strings)
        return found

    def _practice_values(self, page: Page, lang: LanguageSite) -> dict[str, Any]:
        strings = practice_strings(lang.site.gettext, lang.site.pgettext)
        explainer = Explainer(lang.site, lang.game)
        return {
            "widget_strings": json_script(strings),
            "practice_data": page_data(strings, lang.game),
            "drills": drills(self.site.banks, strings, explainer, lang.language.code, page.link),
            "play_href": navigation.play_href(lang, page),
        }

    def _play_values(self, page: Page, lang: LanguageSite) -> dict[str, Any]:
        """The play page's words, and its links to the lessons and rules for a browser
        that does not run its script."""
        data = play_data(lang.site, lang.game)
        pages = lang.pages
        return {
            "widget_strings": json_script(data.pop("strings")),
            "play_data": data,
            "lessons_href": page.url_to(pages["lessons"]) if "lessons" in pages else None,
            "rules_href": page.url_to(pages["rules"]) if "rules" in pages else None,
            "practice_href": navigation.practice_href(lang, page),
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
                    "name": lang.language.name,
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
            "canonical": navigation.absolute(self.site, page),
            "alternates": self.language_links.head(page) if page.key == CHOOSER else Markup(),
            "csp": CSP,
        }
        return self.env.get_template(template).render(values)

    def sitemaps(self) -> Iterator[tuple[str, str]]:
        """The sitemaps by output path: one for the root pages (`sitemap-root.xml`) and one
        for each language (`sitemap-<code>.xml`), each entry with its alternates, then
        `sitemap.xml`, their index.

        A sitemap may hold 50 MB: one for a whole site, each page naming every language,
        would pass that near 80 languages, and hold all its text at once until written."""
        locations = []
        for part, pages in itertools.groupby(self.site.pages(), lambda page: page.lang):
            entries = [
                {
                    "loc": navigation.absolute(self.site, page),
                    "alternates": self.language_links.sitemap(page),
                }
                for page in pages
                if page.indexed
            ]
            if entries:
                path = f"sitemap-{part or ROOT_SITEMAP}.xml"
                locations.append(self.base_url + path)
                yield path, self.env.get_template("sitemap.xml").render(entries=entries)
        yield "sitemap.xml", self.env.get_template("sitemap_index.xml").render(sitemaps=locations)

    def robots(self) -> str:
        """robots.txt: everything allowed, and where the sitemaps' index is."""
        return f"User-agent: *\nAllow: /\n\nSitemap: {self.base_url}sitemap.xml\n"


def _has_fence(page: Page, kind: str) -> bool:
    """Whether the page's Markdown holds a fenced block of this kind."""
    return any(token.type == "fence" and token.info.strip() == kind for token in page.tokens)


def _widget_scripts(page: Page) -> list[str]:
    """The widget scripts a page loads, in order: the shared core, then only the parts it
    uses (the lessons index's progress marks, the rule example boards, the practice), so pages
    stay light; a lesson page and the play page load one bundle each."""
    if page.lesson is not None:
        return [LESSON_SCRIPT]  # the bundle of the site's script, the core and the lesson's
    parts: list[str] = []
    if page.key == "lessons":
        parts.append("progress.js")
    if _has_fence(page, "example"):
        parts.append("example.js")
    if page.key == "practice":
        parts.append("practice.js")
    if page.key == "play":
        return ["play.js"]  # the bundle of the site's script, the core, the rules and the bots
    return ["widget-core.js", *parts] if parts else []
