"""The parts of the page frame that many pages share, each rendered once for all of them:
the header's links (the brand and the main navigation), the same on every page of a
language that reaches the main pages by the same paths (all its lesson pages), and the
footer, the same on every page of a language. base.html puts them in as they come."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from jinja2 import Environment
from markupsafe import Markup


class Frame:
    """Renders each shared part of the frame once (from `header_links.html` and
    `footer.html`, in the language whose strings are installed) and hands it out again."""

    def __init__(self, env: Environment) -> None:
        self.env = env
        self._header_links: dict[tuple[Any, ...], Markup] = {}
        self._footers: dict[str, Markup] = {}

    def header_links(
        self, code: str, nav: dict[str, Any], static: str, asset: Callable[[str], str]
    ) -> Markup:
        """The brand and the main navigation of a page in language `code`, given its links
        (`navigation.nav`), its link to the static folder and its `asset` helper."""
        items = tuple((item["key"], item["href"], item["current"]) for item in nav["items"])
        key = (code, static, nav["home"], items)
        found = self._header_links.get(key)
        if found is None:
            found = self._render("header_links.html", nav=nav, asset=asset)
            self._header_links[key] = found
        return found

    def footer(self, code: str) -> Markup:
        """The footer of the pages in language `code`."""
        found = self._footers.get(code)
        if found is None:
            found = self._footers[code] = self._render("footer.html")
        return found

    def _render(self, template: str, **values: Any) -> Markup:
        """A part, without the line break that ends its file: base.html gives it a line."""
        html = self.env.get_template(template).render(values)
        return Markup(html.removesuffix("\n"))
