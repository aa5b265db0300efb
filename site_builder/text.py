"""The text a reader sees in an HTML fragment, for structured data that wants plain text."""

from __future__ import annotations

import re
from html.parser import HTMLParser

_SPACES = re.compile(r"[ \t\n\r\f]+")
"""The spaces HTML collapses. Not `str.split()`'s: it would also collapse the no-break
spaces French puts before `:`, `?` and `!`, letting a search result break a line there."""


class _TextCollector(HTMLParser):
    """Collects the text of an HTML fragment, one line per block element."""

    BLOCKS = frozenset({"p", "li", "tr", "h1", "h2", "h3", "h4", "pre", "blockquote", "table"})

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.parts: list[str] = []

    def handle_data(self, data: str) -> None:
        self.parts.append(_SPACES.sub(" ", data))

    def handle_endtag(self, tag: str) -> None:
        if tag in self.BLOCKS:
            self.parts.append("\n")


def plain_text(html: str) -> str:
    """The text a reader sees in an HTML fragment, spaces collapsed, blocks on their own line."""
    collector = _TextCollector()
    collector.feed(html)
    collector.close()
    lines = (_SPACES.sub(" ", line).strip(" ") for line in "".join(collector.parts).split("\n"))
    return "\n".join(line for line in lines if line)
