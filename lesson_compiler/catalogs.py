"""Gettext catalogs: found, read strictly, compiled in memory and checked. The one place.

Every domain (`site`, `game`, `lessons`) lives in `<locales>/<lang>/LC_MESSAGES/<domain>.po`.
Reading is strict, so a catalog cannot break silently: a line that is not valid PO syntax
(an unterminated string), an entry out of order (a msgid without msgstr) and a translation
whose `{placeholders}` differ from its msgid's (as `msgfmt --check-format` does for
python-brace-format) are problems naming the file and line. No .mo file is ever written: a
catalog is compiled in memory when it is loaded. The PO files are read by
`lesson_compiler.po`; Babel only extracts the messages.
`untranslated` compares the messages a domain needs, extracted from the sources with Babel
and the same mappings as `make translations`, with a catalog.
"""

from __future__ import annotations

import string
from collections.abc import Callable, Iterable, Iterator
from configparser import Error as ConfigParserError
from dataclasses import dataclass
from pathlib import Path

from lesson_compiler.model import Lesson
from lesson_compiler.po import Catalog, Entry, MessageKey, PoError, parse_po
from lesson_compiler.problems import Problem

DOMAINS = ("site", "game", "lessons")
"""Every gettext domain: the site's interface, card names and rules, lesson texts."""
LESSON_DOMAINS = ("game", "lessons")
"""The domains the lesson compiler's words come from."""
MAPPING_DIR = "i18n"
"""Babel mapping files `<domain>.cfg`, relative to the project root."""

Warn = Callable[[str, int | None, str], None]
"""Where a compiled catalog notes a message it lacks: (path, line, message)."""


def po_path(locales_dir: Path, lang: str, domain: str) -> Path:
    """Where a language's catalog of a domain lives."""
    return locales_dir / lang / "LC_MESSAGES" / f"{domain}.po"


def read_catalog(
    path: Path, shown: str, lang: str | None, domain: str | None
) -> tuple[Catalog | None, list[Problem]]:
    """Strictly read a `.po` (or `.pot`) file: the catalog, or None and the problems.

    `shown` is the path as problems name it.
    """
    if not path.is_file():
        return None, [Problem(shown, "", f"no {domain} catalog for {lang}")]
    try:
        catalog = parse_po(path.read_text("utf-8"))
    except (OSError, UnicodeDecodeError) as error:
        return None, [Problem(shown, "", f"cannot read the catalog: {error}")]
    except PoError as error:
        return None, [Problem(shown, f"line {line}", what) for line, what in error.problems]
    problems = [
        problem
        for entry in catalog.messages.values()
        if _has_braces(entry)
        for problem in _format_problems(entry, shown)
    ]
    return (None if problems else catalog), problems


def _has_braces(entry: Entry) -> bool:
    """Whether any text of an entry holds a brace. Most hold none, and so no placeholders
    that could differ: one test of their joined texts spares working out each one's."""
    texts = "".join((entry.msgid, entry.plural or "", *entry.strings))
    return "{" in texts or "}" in texts


def placeholders(text: str) -> set[str]:
    """The `{name}` fields of a python-brace-format text (`{{` is a literal brace)."""
    if "{" not in text and "}" not in text:
        return set()
    try:
        return {field for _, field, _, _ in string.Formatter().parse(text) if field is not None}
    except ValueError:
        return {"<unbalanced braces>"}


def _format_problems(entry: Entry, shown: str) -> Iterator[Problem]:
    """A translation whose placeholders differ from its msgid's would show `{oops}` to
    learners. As msgfmt checks it: a singular must use exactly its msgid's fields; a plural
    form may leave one out (the number of "one point") but never add its own."""
    if not entry.msgid:
        return
    plural = entry.plural is not None
    wanted = placeholders(entry.msgid) | placeholders(entry.plural or "")
    for index, text in enumerate(entry.strings):
        if not text:
            continue
        found = placeholders(text)
        if found == wanted or (plural and found < wanted):
            continue
        form = f"msgstr[{index}]" if plural else "msgstr"
        shown_found = ", ".join(f"{{{name}}}" for name in sorted(found)) or "none"
        shown_wanted = ", ".join(f"{{{name}}}" for name in sorted(wanted)) or "none"
        yield Problem(
            shown,
            f"line {entry.line}",
            f"{describe(entry.context, entry.msgid)}: the {form} has placeholders {shown_found}, "
            f"the msgid {shown_wanted}",
        )


class CompiledCatalog:
    """One language's catalog of one domain, compiled in memory, ready for gettext.

    It satisfies the lesson compiler's `Messages` protocol and the Jinja i18n extension.
    With `warn`, each message it cannot answer (missing, empty or fuzzy) is noted once,
    naming the `.po` file, so a build says which English texts slipped into a page. Only
    the compiled messages are kept, not the parsed catalog, so many languages stay light.

    Compiled as msgfmt compiles a `.mo` file and answered as `gettext` reads one: empty and
    fuzzy translations are left out (the msgid answers), an empty plural form falls back to
    the msgid's singular or plural. The tables are made here directly: going through a
    `.mo` file sorted every message with Babel's comparisons, a large site's slowest step.
    """

    def __init__(self, catalog: Catalog, path: str, warn: Warn | None = None) -> None:
        self._plural_form = catalog.plural_form
        """Which plural form a number takes, from the catalog's Plural-Forms header."""
        self._strings: dict[MessageKey, str] = {}
        self._plurals: dict[MessageKey, tuple[str, ...]] = {}
        self._present: set[MessageKey] = set()
        self._lacks: dict[MessageKey, tuple[str, int | None]] = {}
        for key, entry in catalog.messages.items():
            self._compile(key, entry)
        self._path = path
        self._warn = warn
        self._noted: set[MessageKey] = set()
        self._found: dict[MessageKey, str] = {}

    def _compile(self, key: MessageKey, entry: Entry) -> None:
        self._present.add(key)
        lack = _lack(entry)
        if lack is not None:
            self._lacks[key] = lack
        if entry.fuzzy:
            return
        if entry.plural is None:
            if entry.strings[0]:
                self._strings[key] = entry.strings[0]
        else:
            ids = (entry.msgid, entry.plural)
            forms = enumerate(entry.strings)
            self._plurals[key] = tuple(form or ids[min(index, 1)] for index, form in forms)

    def _note(self, context: str | None, msgid: str) -> None:
        if self._warn is None or (context, msgid) in self._noted:
            return
        self._noted.add((context, msgid))
        key = (context, msgid)
        lack = self._lacks.get(key) if key in self._present else ("not translated", None)
        if lack is not None:
            problem, line = lack
            self._warn(self._path, line, f"{describe(context, msgid)}: {problem}")

    def gettext(self, message: str) -> str:
        """The translation of a message."""
        return self.pgettext(None, message)

    def pgettext(self, context: str | None, message: str) -> str:
        """The translation of a message in a context; each is looked up once, since every
        page asks for the same interface strings and card names again."""
        key = (context, message)
        found = self._found.get(key)
        if found is None:
            self._note(context, message)
            found = self._strings.get(key)
            if found is None:
                # A plural message asked for without a number: its form for one.
                found = self._form(key, 1) or message
            self._found[key] = found
        return found

    def ngettext(self, singular: str, plural: str, n: int, /) -> str:
        """The plural form for `n`."""
        return self.npgettext(None, singular, plural, n)

    def npgettext(self, context: str | None, singular: str, plural: str, n: int, /) -> str:
        """The plural form for `n`, in a context."""
        self._note(context, singular)
        return self._form((context, singular), n) or (singular if n == 1 else plural)

    def plural_index(self, n: int) -> int:
        """Which plural form `n` takes in this language, by the Plural-Forms header."""
        return int(self._plural_form(n))

    def _form(self, key: MessageKey, n: int) -> str | None:
        """The translated plural form for `n`, if the catalog has it."""
        forms = self._plurals.get(key, ())
        index = self._plural_form(n)
        return forms[index] if index < len(forms) else None


def lacking(catalog: Catalog, context: str | None, msgid: str) -> tuple[str, int | None] | None:
    """What is wrong with a message in a catalog and at which line, or None when it is fine."""
    return _lack(catalog.messages.get((context, msgid)))


def _lack(entry: Entry | None) -> tuple[str, int | None] | None:
    if entry is None:
        return "not translated", None
    if not all(entry.strings):
        return "not translated", entry.line
    if entry.fuzzy:
        return "fuzzy", entry.line
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


def untranslated(
    catalog: Catalog, path: str, wanted: dict[MessageKey, Use | None]
) -> list[Problem]:
    """Every wanted message that the catalog lacks or has fuzzy, with where it is used."""
    problems = []
    for (context, msgid), use in sorted(wanted.items(), key=lambda item: item[0][1]):
        lack = lacking(catalog, context, msgid)
        if lack is not None:
            problem, line = lack
            used = f" (used at {use.path}:{use.line})" if use else ""
            where = f"line {line}" if line is not None else ""
            problems.append(Problem(path, where, f"{describe(context, msgid)}{used}: {problem}"))
    return problems


def extract(code_root: Path, domain: str) -> tuple[dict[MessageKey, Use | None], list[Problem]]:
    """The messages of a domain, as `make translations` extracts them, with a first use each."""
    # Babel is imported here, not with the module: only `check` and `make translations`
    # extract, and a build would spend a tenth of the real site's time importing it.
    from babel.messages.extract import DEFAULT_KEYWORDS, check_and_call_extract_file
    from babel.messages.frontend import parse_mapping_cfg

    mapping_file = code_root / MAPPING_DIR / f"{domain}.cfg"
    try:
        with mapping_file.open(encoding="utf-8") as file:
            method_map, options_map = parse_mapping_cfg(file, str(mapping_file))  # type: ignore[no-untyped-call]
    except (OSError, ConfigParserError) as error:
        problem = Problem(f"{MAPPING_DIR}/{domain}.cfg", "", f"cannot read the mapping: {error}")
        return {}, [problem]
    found: dict[MessageKey, Use | None] = {}
    problems: list[Problem] = []
    for file_path in _mapped_files(code_root, [pattern for pattern, _ in method_map]):
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
                    dirpath=str(code_root),
                )
            )
        except Exception as error:  # an extractor's failure is the source's problem
            path = file_path.relative_to(code_root).as_posix()
            problems.append(Problem(path, "", f"cannot extract messages: {error}"))
            continue
        for filename, lineno, message, _comments, context in results:
            msgid = message[0] if isinstance(message, tuple) else message
            if msgid:
                found.setdefault((context, msgid), Use(Path(filename).as_posix(), lineno))
    return found, problems


def _mapped_files(root: Path, patterns: list[str]) -> Iterator[Path]:
    """The files under the top folders the mapping's patterns name, sorted."""
    tops = sorted({pattern.split("/", 1)[0] for pattern in patterns})
    for top in tops:
        folder = root / top
        if folder.is_dir():
            yield from sorted(path for path in folder.rglob("*") if path.is_file())


def template_ids(root: Path, domain: str) -> tuple[dict[MessageKey, Use | None], list[Problem]]:
    """The messages of `locales/<domain>.pot`, with a first use each: what every language
    must translate, as committed (the lesson compiler's check needs no extraction)."""
    path = root / "locales" / f"{domain}.pot"
    if not path.exists():
        return {}, []
    template, problems = read_catalog(path, f"locales/{domain}.pot", None, None)
    if template is None:
        return {}, problems
    found: dict[MessageKey, Use | None] = {}
    for key, entry in template.messages.items():
        if entry.msgid:
            reference = entry.reference
            found[key] = None if reference is None else Use(*reference)
    return found, []


def check_translations(
    root: Path, lessons: list[Lesson], languages: Iterable[str]
) -> list[Problem]:
    """Every lesson text and every `game` message strictly read, translated and not fuzzy in
    every language's catalogs under `<root>/locales`."""
    lesson_ids: dict[MessageKey, Use | None] = {
        (lesson.id, text): None for lesson in lessons for text in lesson.texts
    }
    game, problems = template_ids(root, "game")
    lesson_texts, found = template_ids(root, "lessons")
    problems += found
    wanted: dict[str, dict[MessageKey, Use | None]] = {
        "game": game,
        "lessons": {**lesson_ids, **lesson_texts},
    }
    for lang in languages:
        for domain in LESSON_DOMAINS:
            path = po_path(root / "locales", lang, domain)
            shown = path.relative_to(root).as_posix()
            catalog, found = read_catalog(path, shown, lang, domain)
            problems += found if catalog is None else untranslated(catalog, shown, wanted[domain])
    return problems
