"""The FAQ page's schema.org `FAQPage` data, mirroring its visible questions and answers."""

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


def sections(md: MarkdownIt, page: Page, context: PageContext) -> list[Section]:
    """The `##` sections of a page, each rendered on its own."""
    tokens = page.tokens
    starts = [i for i, t in enumerate(tokens) if t.type == "heading_open" and t.tag == "h2"]
    found = []
    for number, start in enumerate(starts):
        close = next(i for i in range(start, len(tokens)) if tokens[i].type == "heading_close")
        end = starts[number + 1] if number + 1 < len(starts) else len(tokens)
        title = render(md, tokens[start : close + 1], context)
        html = render(md, tokens[close + 1 : end], context)
        found.append(Section(str(tokens[start].attrGet("id") or ""), plain_text(title), html))
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
