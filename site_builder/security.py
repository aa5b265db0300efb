"""What keeps a page's scripts to our own: the Content Security Policy and JSON that is safe
inside a `<script>` element."""

from __future__ import annotations

import json
from typing import Any

from markupsafe import Markup

CSP = Markup("default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'")


def json_script(data: Any) -> Markup:
    """JSON safe inside a `<script>` element: `<`, `>` and `&` escaped as `\\u003c` etc."""
    text = json.dumps(data, ensure_ascii=False, sort_keys=True, separators=(",", ":"))
    text = text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")
    return Markup(text)
