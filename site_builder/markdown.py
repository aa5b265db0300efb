"""The one Markdown dialect of the pages: CommonMark with tables, raw HTML off, and our plugins.

Plugins (functions `plugin(md)`): heading anchors `{#id}`, engine constants `{{name}}`,
`page:`/`lesson:` link targets, and the fences `example` and `deck`, the only way
widgets enter a page. Parsing records what the page holds (anchors, links, examples) in a
`PageEnv`; rendering asks a `PageContext` for what depends on the site (URLs, widgets).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from markdown_it import MarkdownIt
from markdown_it.renderer import RendererHTML
from markdown_it.rules_core import StateCore
from markdown_it.rules_inline import StateInline
from markdown_it.token import Token
from markdown_it.utils import EnvType, OptionsDict

from engine import (
    CANT_POINTS,
    CARD_POINTS,
    DECK_POINTS,
    DECK_SIZE,
    HAND_POINTS,
    HAND_SIZE,
    LAST_TRICK_BONUS,
    MATCH_TARGET,
    TRUMP_CANT_POINTS,
)
from lesson_compiler import Example, parse_example
from site_builder.report import Report

CONSTANTS: dict[str, int] = {
    "deck_points": DECK_POINTS,
    "last_trick_bonus": LAST_TRICK_BONUS,
    "hand_points": HAND_POINTS,
    "cant_points": CANT_POINTS,
    "trump_cant_points": TRUMP_CANT_POINTS,
    "match_target": MATCH_TARGET,
    "hand_size": HAND_SIZE,
    "deck_size": DECK_SIZE,
    **{f"points.{rank}": points for rank, points in CARD_POINTS.items()},
}
"""The engine's numbers a page may quote as `{{name}}`."""

ANCHOR = re.compile(r"\s*\{#([^}]*)\}\s*$")
ANCHOR_ID = re.compile(r"[a-z][a-z0-9-]*")
RESERVED_IDS = frozenset({"main", "site-nav", "lesson-title", "languages", "toc-title"})
"""Ids the templates use; a section anchor must not take them."""
TARGET = re.compile(r"(page|lesson):([a-z0-9-]+)(?:#([a-z0-9-]+))?")
WIDGET_FENCES = ("example", "deck")


@dataclass(frozen=True)
class Anchor:
    """A section heading's language-neutral id."""

    id: str
    level: int
    line: int


@dataclass(frozen=True)
class Link:
    """A link to another page or lesson (`page:rules#cants`), or to an anchor of this page."""

    kind: str
    """"page", "lesson" or "anchor" (`#cants`)."""
    target: str
    anchor: str | None
    line: int


@dataclass
class PageEnv:
    """What parsing one page found, and where its problems go."""

    path: str
    body_line: int
    report: Report
    anchors: list[Anchor] = field(default_factory=list)
    links: list[Link] = field(default_factory=list)

    def line(self, token: Token, breaks: int = 0) -> int:
        """The file line of a token (plus line breaks seen inside its inline content)."""
        start = token.map[0] if token.map else 0
        return self.body_line + start + breaks


class PageContext(Protocol):
    """What rendering a page needs from the site: URLs and widget markup."""

    def link_url(self, link: Link) -> str:
        """The relative URL of a link target."""

    def example(self, example: Example) -> str:
        """The rule-example widget markup."""

    def deck(self) -> str:
        """The deck figure (each suit's cards by strength, with points) in the page's language."""


def page_env(env: EnvType) -> PageEnv:
    """The parse record kept in a markdown-it env."""
    record: PageEnv = env["page"]
    return record


def heading_anchors(md: MarkdownIt) -> None:
    """`## Title {#id}` gives the heading `id="id"`; a section heading without one warns."""
    md.core.ruler.after("inline", "tute_heading_anchors", _heading_anchors)


def _heading_anchors(state: StateCore) -> None:
    page = page_env(state.env)
    for index, token in enumerate(state.tokens):
        if token.type != "heading_open":
            continue
        inline = state.tokens[index + 1]
        last = inline.children[-1] if inline.children else None
        found = ANCHOR.search(last.content) if last and last.type == "text" else None
        line = page.line(token)
        level = int(token.tag[1])
        if last is None or found is None:
            if level > 1:
                page.report.warn(page.path, line, "section heading without an anchor {#id}")
            continue
        anchor = found.group(1)
        last.content = last.content[: found.start()]
        inline.content = ANCHOR.sub("", inline.content)
        if not ANCHOR_ID.fullmatch(anchor) or anchor in RESERVED_IDS:
            page.report.error(page.path, line, f"bad anchor {{#{anchor}}}: use a-z, 0-9 and '-'")
        elif any(seen.id == anchor for seen in page.anchors):
            page.report.error(page.path, line, f"anchor {{#{anchor}}} is used twice")
        else:
            token.attrSet("id", anchor)
            page.anchors.append(Anchor(anchor, level, line))


def constants(md: MarkdownIt) -> None:
    """`{{deck_points}}` becomes the engine's number; an unknown name is an error."""
    md.inline.ruler.push("tute_constant", _constant)
    md.add_render_rule("tute_constant", _render_constant)


def _constant(state: StateInline, silent: bool) -> bool:
    if not state.src.startswith("{{", state.pos):
        return False
    end = state.src.find("}}", state.pos + 2)
    if end < 0:
        return False
    if not silent:
        token = state.push("tute_constant", "", 0)
        token.content = state.src[state.pos + 2 : end].strip()
    state.pos = end + 2
    return True


def _render_constant(
    self: RendererHTML, tokens: Sequence[Token], idx: int, options: OptionsDict, env: EnvType
) -> str:
    return str(CONSTANTS.get(tokens[idx].content, ""))


def targets(md: MarkdownIt) -> None:
    """Check links, images, constants and fences once inline parsing is done; render targets."""
    md.core.ruler.push("tute_targets", _inspect)
    md.add_render_rule("link_open", _render_link_open)


def _inspect(state: StateCore) -> None:
    page = page_env(state.env)
    for token in state.tokens:
        if token.type == "fence":
            _inspect_fence(page, token)
        breaks = 0
        for child in token.children or []:
            if child.type in ("softbreak", "hardbreak"):
                breaks += 1
            line = page.line(token, breaks)
            if child.type == "tute_constant" and child.content not in CONSTANTS:
                known = ", ".join(CONSTANTS)
                page.report.error(
                    page.path, line, f"unknown constant {{{{{child.content}}}}} (known: {known})"
                )
            elif child.type == "image":
                page.report.error(page.path, line, "images are not supported in pages")
            elif child.type == "link_open":
                _inspect_link(page, child, line)


def _inspect_link(page: PageEnv, token: Token, line: int) -> None:
    href = str(token.attrGet("href") or "")
    if href.startswith("#"):
        page.links.append(Link("anchor", "", href[1:], line))
        token.meta["link"] = page.links[-1]
    elif href.startswith(("page:", "lesson:")):
        found = TARGET.fullmatch(href)
        if found is None or (found.group(1) == "lesson" and found.group(3)):
            usage = "use page:ID, page:ID#anchor or lesson:ID"
            page.report.error(page.path, line, f"bad link target {href!r}: {usage}")
            return
        page.links.append(Link(found.group(1), found.group(2), found.group(3), line))
        token.meta["link"] = page.links[-1]
    elif not href.startswith(("https://", "http://", "mailto:")):
        page.report.error(
            page.path, line, f"link {href!r}: name a page (page:ID) or a full https:// address"
        )


def _inspect_fence(page: PageEnv, token: Token) -> None:
    kind = token.info.strip()
    line = page.line(token)
    if kind == "example":
        example, problems = parse_example(token.content, page.path, line)
        page.report.add_errors(problems)
        token.meta["example"] = example
    elif kind == "deck" and token.content.strip():
        page.report.error(page.path, line, "the deck block takes no content")
    elif kind and kind not in WIDGET_FENCES:
        known = ", ".join(WIDGET_FENCES)
        page.report.error(page.path, line, f"unknown block {kind!r} (known: {known})")


def _render_link_open(
    self: RendererHTML, tokens: Sequence[Token], idx: int, options: OptionsDict, env: EnvType
) -> str:
    token = tokens[idx]
    link: Link | None = token.meta.get("link")
    if link is not None:
        context: PageContext = env["context"]
        token.attrSet("href", context.link_url(link))
    return self.renderToken(tokens, idx, options, env)


def widget_fences(md: MarkdownIt) -> None:
    """Render the `example` and `deck` fences through the page context."""
    md.add_render_rule("fence", _render_fence)


def _render_fence(
    self: RendererHTML, tokens: Sequence[Token], idx: int, options: OptionsDict, env: EnvType
) -> str:
    token = tokens[idx]
    context: PageContext = env["context"]
    kind = token.info.strip()
    if kind == "deck":
        return context.deck()
    example: Example | None = token.meta.get("example")
    if kind == "example" and example is not None:
        return context.example(example)
    return RendererHTML.fence(self, tokens, idx, options, env)


def table_classes(md: MarkdownIt) -> None:
    """Column alignment as classes, not `style` attributes, which the CSP forbids."""
    md.core.ruler.push("tute_table_classes", _table_classes)


def _table_classes(state: StateCore) -> None:
    for token in state.tokens:
        style = token.attrGet("style") if token.type in ("th_open", "td_open") else None
        if style:
            del token.attrs["style"]
            token.attrSet("class", "align-" + str(style).removeprefix("text-align:"))


def create_markdown() -> MarkdownIt:
    """The configured parser: built once, used for every page."""
    md = MarkdownIt("commonmark", {"html": False}).enable("table")
    for plugin in (heading_anchors, constants, targets, widget_fences, table_classes):
        plugin(md)
    return md


_RAW_HTML_FINDER = MarkdownIt("commonmark", {"html": True}).enable("table")
"""Parses with raw HTML on only to find it: the real parser would turn it into text."""


def find_raw_html(page: PageEnv, body: str) -> None:
    """Report each piece of raw HTML in a page body, with its line."""
    if "<" not in body:
        return
    for token in _RAW_HTML_FINDER.parse(body):
        if token.type == "html_block":
            _report_html(page, page.line(token), token.content)
        breaks = 0
        for child in token.children or []:
            if child.type in ("softbreak", "hardbreak"):
                breaks += 1
            elif child.type == "html_inline":
                _report_html(page, page.line(token, breaks), child.content)


def _report_html(page: PageEnv, line: int, html: str) -> None:
    snippet = html.strip().splitlines()[0][:60]
    what = "a script" if "<script" in html.lower() else "raw HTML"
    page.report.error(page.path, line, f"{what} is not allowed in pages: {snippet}")


def parse(md: MarkdownIt, page: PageEnv, body: str) -> list[Token]:
    """Parse a page body, recording anchors, links and problems in `page`."""
    find_raw_html(page, body)
    env: dict[str, Any] = {"page": page}
    return md.parse(body, env)


def render(md: MarkdownIt, tokens: Sequence[Token], context: PageContext) -> str:
    """Render parsed tokens for one page of the site."""
    env: dict[str, Any] = {"context": context}
    html: str = md.renderer.render(tokens, md.options, env)
    return html
