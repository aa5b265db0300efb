"""The ``game`` and ``lessons`` catalogs: read from .po files in memory, checked for gaps.

No .mo file is ever written: each catalog is compiled into memory when loaded.
"""

from __future__ import annotations

import functools
from io import BytesIO
from pathlib import Path
from typing import cast

from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from babel.support import Translations

from lesson_compiler.model import Lesson
from lesson_compiler.problems import Messages, Problem

LANGUAGES = ("ca", "fr", "es", "pt", "en")
"""The languages every lesson is written in."""
DOMAINS = ("game", "lessons")
"""The gettext domains this package owns."""


def po_path(root: Path, lang: str, domain: str) -> Path:
    """Where a language's catalog of a domain lives."""
    return root / "locales" / lang / "LC_MESSAGES" / f"{domain}.po"


def read_catalog(root: Path, lang: str, domain: str) -> Catalog:
    """The parsed .po file (an empty catalog when the file does not exist)."""
    path = po_path(root, lang, domain)
    if not path.exists():
        return Catalog(locale=lang, domain=domain)
    stat = path.stat()
    return _parse(path, stat.st_mtime_ns, stat.st_size, lang, domain)


@functools.cache
def _parse(path: Path, mtime: int, size: int, lang: str | None, domain: str | None) -> Catalog:
    """Parse a catalog once per version of the file (checking and compiling both read it)."""
    with path.open("rb") as file:
        return read_po(file, locale=lang, domain=domain)


def translations(catalog: Catalog) -> Messages:
    """The catalog compiled in memory, ready for ``gettext``; fuzzy entries are left out."""
    buffer = BytesIO()
    write_mo(buffer, catalog)
    buffer.seek(0)
    # Babel types pgettext as returning ``str | object``; with a catalog it is a str.
    return cast(Messages, Translations(buffer, domain=catalog.domain))


def check_catalog(
    catalog: Catalog, path: str, wanted: list[tuple[str | None, str]]
) -> list[Problem]:
    """Report each wanted message that is missing, untranslated or fuzzy in ``catalog``."""
    problems = []
    for context, msgid in wanted:
        message = catalog.get(msgid, context=context)
        label = f"{msgid!r}" if context is None else f"{msgid!r} (context {context!r})"
        if (
            message is None
            or not message.string
            or (isinstance(message.string, tuple) and not all(message.string))
        ):
            where = "" if message is None else f"line {message.lineno}"
            problems.append(Problem(path, where, f"missing translation of {label}"))
        elif message.fuzzy:
            problems.append(
                Problem(path, f"line {message.lineno}", f"fuzzy translation of {label}")
            )
    return problems


def template_ids(root: Path, domain: str) -> list[tuple[str | None, str]]:
    """The message ids of ``locales/<domain>.pot``: what every language must translate."""
    path = root / "locales" / f"{domain}.pot"
    if not path.exists():
        return []
    stat = path.stat()
    template = _parse(path, stat.st_mtime_ns, stat.st_size, None, None)
    return [(m.context, _msgid(m.id)) for m in template if m.id]


def _msgid(msgid: str | tuple[str, ...] | list[str]) -> str:
    return msgid if isinstance(msgid, str) else msgid[0]


def check_translations(root: Path, lessons: list[Lesson]) -> list[Problem]:
    """Every lesson text and every ``game`` message translated, not fuzzy, in every language."""
    lesson_ids = [(lesson.id, text) for lesson in lessons for text in lesson.texts]
    wanted = {
        "game": template_ids(root, "game"),
        "lessons": list(dict.fromkeys([*template_ids(root, "lessons"), *lesson_ids])),
    }
    problems = []
    for lang in LANGUAGES:
        for domain in DOMAINS:
            catalog = read_catalog(root, lang, domain)
            path = po_path(root, lang, domain).relative_to(root).as_posix()
            problems += check_catalog(catalog, path, wanted[domain])
    return problems
