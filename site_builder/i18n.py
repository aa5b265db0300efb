"""Gettext catalogs read from `.po` files and compiled in memory; translation checks.

`Messages` wraps one language's catalog of one domain and notes every message it lacks
(missing, empty or fuzzy) as a warning naming the `.po` file, so the build says which
English texts slipped into a page. `untranslated` compares a domain's messages, extracted
from the sources with Babel and the same mapping as `make translations`, with a catalog.
"""

from __future__ import annotations

import io
from collections.abc import Iterator
from configparser import Error as ConfigParserError
from dataclasses import dataclass
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import DEFAULT_KEYWORDS, check_and_call_extract_file
from babel.messages.frontend import parse_mapping_cfg
from babel.messages.mofile import write_mo
from babel.messages.pofile import PoFileError, read_po
from babel.support import Translations

from site_builder.config import Config
from site_builder.report import Report

DOMAINS = ("site", "game", "lessons")
MAPPING_DIR = "i18n"
"""Babel mapping files `<domain>.cfg`, relative to the project root."""

MessageKey = tuple[str | None, str]
"""(context, msgid) of a message."""


def po_path(config: Config, lang: str, domain: str) -> Path:
    """Where a language's catalog of a domain lives."""
    return config.catalog_dir / lang / "LC_MESSAGES" / f"{domain}.po"


def read_catalog(config: Config, lang: str, domain: str, report: Report) -> Catalog | None:
    """Parse a `.po` file; None (with an error reported) when it is missing or broken."""
    path = po_path(config, lang, domain)
    if not path.is_file():
        report.error(config.rel(path), None, f"no {domain} catalog for {lang}")
        return None
    try:
        with path.open("rb") as file:
            return read_po(file, locale=lang, domain=domain, abort_invalid=True)
    except (PoFileError, ValueError) as error:
        report.error(config.rel(path), None, f"cannot read the catalog: {error}")
        return None


class Messages:
    """One language's translations of one domain; every lookup it cannot answer is noted.

    It satisfies the lesson compiler's `Messages` protocol and the Jinja i18n extension.
    """

    def __init__(self, catalog: Catalog, path: str, report: Report) -> None:
        buffer = io.BytesIO()
        write_mo(buffer, catalog)
        buffer.seek(0)
        self._translations = Translations(buffer, domain=catalog.domain)
        self._catalog = catalog
        self._path = path
        self._report = report
        self._noted: set[tuple[str | None, str]] = set()

    def _note(self, context: str | None, msgid: str) -> None:
        if (context, msgid) in self._noted:
            return
        self._noted.add((context, msgid))
        lack = lacking(self._catalog, context, msgid)
        if lack is not None:
            problem, line = lack
            self._report.warn(self._path, line, f"{describe(context, msgid)}: {problem}")

    def gettext(self, message: str) -> str:
        """The translation of a message."""
        self._note(None, message)
        return self._translations.gettext(message)

    def pgettext(self, context: str, message: str) -> str:
        """The translation of a message in a context."""
        self._note(context, message)
        return str(self._translations.pgettext(context, message))

    def ngettext(self, singular: str, plural: str, n: int, /) -> str:
        """The plural form for `n`."""
        self._note(None, singular)
        return self._translations.ngettext(singular, plural, n)

    def npgettext(self, context: str, singular: str, plural: str, n: int, /) -> str:
        """The plural form for `n`, in a context."""
        self._note(context, singular)
        return self._translations.npgettext(context, singular, plural, n)


def lacking(catalog: Catalog, context: str | None, msgid: str) -> tuple[str, int | None] | None:
    """What is wrong with a message in a catalog and at which line, or None when it is fine."""
    message = catalog.get(msgid, context)
    if message is None:
        return "not translated", None
    strings = message.string if isinstance(message.string, tuple) else (message.string,)
    if not all(strings):
        return "not translated", message.lineno
    if message.fuzzy:
        return "fuzzy", message.lineno
    return None


def describe(context: str | None, msgid: str) -> str:
    """A message as problems name it: `msgid "Next lesson"`, with its context if any."""
    text = f"msgid {msgid!r}"
    return f"msgctxt {context!r} {text}" if context else text


@dataclass(frozen=True)
class Use:
    """Where a message is used in the sources."""

    path: str
    line: int


def extract(config: Config, domain: str, report: Report) -> dict[MessageKey, Use]:
    """The messages of a domain, as `make translations` extracts them, with a first use each."""
    mapping_file = config.code_root / MAPPING_DIR / f"{domain}.cfg"
    try:
        with mapping_file.open(encoding="utf-8") as file:
            method_map, options_map = parse_mapping_cfg(file, str(mapping_file))  # type: ignore[no-untyped-call]
    except (OSError, ConfigParserError) as error:
        report.error(f"{MAPPING_DIR}/{domain}.cfg", None, f"cannot read the mapping: {error}")
        return {}
    found: dict[MessageKey, Use] = {}
    for file_path in _mapped_files(config.code_root, [pattern for pattern, _ in method_map]):
        try:
            results = list(
                check_and_call_extract_file(
                    str(file_path),
                    method_map,
                    options_map,
                    None,
                    DEFAULT_KEYWORDS,
                    (),
                    False,
                    dirpath=str(config.code_root),
                )
            )
        except Exception as error:  # an extractor's failure is the source's problem
            path = file_path.relative_to(config.code_root).as_posix()
            report.error(path, None, f"cannot extract messages: {error}")
            continue
        for filename, lineno, message, _comments, context in results:
            msgid = message[0] if isinstance(message, tuple) else message
            if msgid:
                use = Use(Path(filename).as_posix(), lineno)
                found.setdefault((context, msgid), use)
    return found


def _mapped_files(root: Path, patterns: list[str]) -> Iterator[Path]:
    """The files under the top folders the mapping's patterns name, sorted."""
    tops = sorted({pattern.split("/", 1)[0] for pattern in patterns})
    for top in tops:
        folder = root / top
        if folder.is_dir():
            yield from sorted(path for path in folder.rglob("*") if path.is_file())


def untranslated(
    config: Config, lang: str, domain: str, wanted: dict[MessageKey, Use], report: Report
) -> None:
    """Report every wanted message that the language's catalog lacks or has fuzzy."""
    catalog = read_catalog(config, lang, domain, report)
    if catalog is None:
        return
    path = config.rel(po_path(config, lang, domain))
    for (context, msgid), use in sorted(wanted.items(), key=lambda item: item[0][1]):
        lack = lacking(catalog, context, msgid)
        if lack is not None:
            problem, line = lack
            label = f"{describe(context, msgid)} (used at {use.path}:{use.line})"
            report.error(path, line, f"{label}: {problem}")
