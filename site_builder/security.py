"""What keeps a page's scripts to our own: the Content Security Policy and JSON that is safe
inside a `<script>` element."""

from __future__ import annotations

import json
from typing import Any

from markupsafe import Markup

CSP = Markup("default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'")


_ENCODER = json.JSONEncoder(
    ensure_ascii=False, sort_keys=True, separators=(",", ":"), check_circular=False
)
"""Compact, with sorted keys. Made once: every page embeds JSON, and making an encoder for
each call, then checking for cycles data built by the site cannot have, cost a fifth of it."""


def json_script(data: Any) -> Markup:
    """JSON safe inside a `<script>` element: `<`, `>` and `&` escaped as `\\u003c` etc."""
    return Markup(_encoded(data))


def json_script_with(data: dict[str, Any], key: str, value: Markup) -> Markup:
    """`json_script({**data, key: …})` for a value made by `json_script` already: a large
    value that many pages share is encoded once, and each page encodes only the rest."""
    before = _encoded({name: item for name, item in data.items() if name < key})
    after = _encoded({name: item for name, item in data.items() if name > key})
    # Keys are sorted: `key` goes between the two, each without its braces.
    parts = (before[1:-1], f"{_encoded(key)}:{value}", after[1:-1])
    return Markup("{" + ",".join(part for part in parts if part) + "}")


def _encoded(data: Any) -> str:
    """The text of `json_script`, as a plain string that is cheap to slice and join."""
    text = _ENCODER.encode(data)
    return text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")
