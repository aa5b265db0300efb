"""A page's `##` sections (the FAQ's questions, the rules' jump links) and the FAQ page's
schema.org `FAQPage` data, mirroring its visible questions and answers."""

from __future__ import annotations

from dataclasses import dataclass

from markdown_it import MarkdownIt
from markupsafe import Markup

from site_builder.markdown import PageContext, render
from site_builder.security import json_script
from site_builder.site import Page
from site_builder.text import plain_text


@dataclass(frozen=True)
class Section:
    """A `##` section of a page: the heading's text and id, and its content as HTML."""

    id: str
    title: str
    html: str


def section_starts(page: Page) -> list[int]:
    """The token index of each `##` heading of a page."""
    return [i for i, t in enumerate(page.tokens) if t.type == "heading_open" and t.tag == "h2"]


def _heading_close(page: Page, start: int) -> int:
    """The token index closing the heading that opens at `start`."""
    return next(i for i in range(start, len(page.tokens)) if page.tokens[i].type == "heading_close")


def heading_text(md: MarkdownIt, page: Page, start: int, context: PageContext) -> str:
    """The plain text of the heading that opens at token `start`."""
    close = _heading_close(page, start)
    return plain_text(render(md, page.tokens[start : close + 1], context))


def sections(md: MarkdownIt, page: Page, context: PageContext) -> list[Section]:
    """The `##` sections of a page, each rendered on its own."""
    tokens = page.tokens
    starts = section_starts(page)
    found = []
    for number, start in enumerate(starts):
        close = _heading_close(page, start)
        end = starts[number + 1] if number + 1 < len(starts) else len(tokens)
        title = heading_text(md, page, start, context)
        html = render(md, tokens[close + 1 : end], context)
        found.append(Section(str(tokens[start].attrGet("id") or ""), title, html))
    return found


def faq_json(md: MarkdownIt, page: Page, context: PageContext, tag: str) -> Markup:
    """schema.org FAQPage data of a page in the language of BCP 47 `tag`."""
    data = {
        "@context": "https://schema.org",
        "@type": "FAQPage",
        "inLanguage": tag,
        "mainEntity": [
            {
                "@type": "Question",
                "name": section.title,
                "acceptedAnswer": {"@type": "Answer", "text": plain_text(section.html)},
            }
            for section in sections(md, page, context)
        ],
    }
    return json_script(data)
