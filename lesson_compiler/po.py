"""Reading gettext PO files: the part of the format our catalogs use, strictly and fast.

An entry is its comment lines, then `msgctxt` (optional), `msgid`, and either `msgstr` or
`msgid_plural` and `msgstr[n]` forms; each takes a quoted string with C escapes, continued by
more quoted strings on the lines below. `#, fuzzy` flags a translation as unsure, `#:` names
where the message is used, and `#~` lines are obsolete entries, kept by translators and read
by no one. The entry `msgid ""` is the header, whose `Plural-Forms` says how many forms a
plural message has and which one a number takes.

Babel reads a site's catalogs a line at a time into rich objects, the largest cost of
reading a large site; here one regular expression reads a whole entry. The entries are
exactly those Babel reads (tests compare them for every catalog), strings unescaped as Babel
does. What is not this format stops the reading, named at its line: a stray line, a msgid
without msgstr, a message defined twice (Babel keeps the first), a msgstr[n] beyond the
header's Plural-Forms.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import cache
from gettext import c2py
from typing import NamedTuple

MessageKey = tuple[str | None, str]
"""(context, msgid) of a message."""
Reference = tuple[str, int]
"""A source file and line where a message is used."""

DEFAULT_PLURALS = "nplurals=2; plural=(n != 1);"
"""The plural rule of a catalog without a Plural-Forms header, as gettext assumes it."""

_KEYWORD = r"(?:msgctxt|msgid|msgid_plural|msgstr(?:\[\d+\])?)"
_SPACE = r"[^\S\n]"
"""Whitespace within a line."""
_STRING = r'"[^"\\\n]*+(?:\\.[^"\\\n]*+)*+"'
_NEXT = rf"{_SPACE}*+\n(?:{_SPACE}*+\n)*+{_SPACE}*+"
"""The end of a line, any blank lines, and the indent of the next line."""
_TEXT = rf"{_STRING}(?:{_NEXT}{_STRING})*+"
"""A string and the strings that continue it."""
_ENTRY = re.compile(
    rf"""
    (?P<comments>(?:{_SPACE}*+(?:\#.*+)?\n)*+)
    {_SPACE}*+(?:msgctxt{_SPACE}++(?P<context>{_TEXT}){_NEXT})?
    msgid{_SPACE}++(?P<msgid>{_TEXT}){_NEXT}
    (?:msgid_plural{_SPACE}++(?P<plural>{_TEXT})
        (?P<forms>(?:{_NEXT}msgstr\[\d+\]{_SPACE}++{_TEXT})+)
      |msgstr{_SPACE}++(?P<string>{_TEXT}))
    {_SPACE}*+(?:\n|\Z)
    """,
    re.VERBOSE,
)
"""One entry, with the comment, obsolete and blank lines above it. Every repeat is
possessive (`*+`): what follows a repeat never starts with what it repeats (a string never
starts with a keyword, a line's end never with a space), so giving some back could never
make a match, and the engine keeps no positions to try."""
_END = re.compile(rf"(?:{_SPACE}*(?:#.*)?\n)*{_SPACE}*(?:#.*)?\Z")
"""Comment, obsolete and blank lines up to the end of the file."""
_FORM = re.compile(rf"msgstr\[(\d+)\]{_SPACE}+({_TEXT})")
_PIECE = re.compile(_STRING)
_ESCAPE = re.compile(r'\\([\\abfnrtv"])')
_ESCAPED = {"a": "\a", "b": "\b", "f": "\f", "n": "\n", "r": "\r", "t": "\t", "v": "\v"}
"""The C escapes a string may use; any other backslash stays as written, as Babel keeps it."""
_FLAGS = re.compile(r"^[^\S\n]*#,(.*)", re.MULTILINE)
_REFERENCES = re.compile(r"^[^\S\n]*#:(.*)", re.MULTILINE)
_OBSOLETE = re.compile(r"^[^\S\n]*#~.*\n", re.MULTILINE)

_LINES = re.compile(rf"(?:{_SPACE}*(?:#.*|(?:{_KEYWORD}{_SPACE}+)?{_STRING}{_SPACE}*)?\n)*")
"""The lines of PO syntax from a position on: blank, a comment, a keyword and a string,
or a string continuing the one above."""
_KEYWORD_START = re.compile(rf"{_KEYWORD}\s")


class Entry(NamedTuple):
    """One message as its catalog gives it (its forms are all empty when untranslated).

    A named tuple: a large site has tens of thousands, and a tuple is the cheapest to make.
    """

    context: str | None
    msgid: str
    plural: str | None
    """The msgid_plural of a plural message."""
    strings: tuple[str, ...]
    """The msgstr, or each msgstr[n] of a plural message (as many as the catalog's forms)."""
    fuzzy: bool
    line: int
    """The line of its msgid."""
    comments: str
    """The comment lines above it, as written."""

    @property
    def reference(self) -> Reference | None:
        """The first place with a line that its `#:` comments name, where the message is
        used."""
        for found in _REFERENCES.finditer(self.comments, _own_start(self.comments)):
            for location in found.group(1).split():
                path, _, line = location.rpartition(":")
                if path and line.isdigit():
                    return path, int(line)
        return None


@dataclass(frozen=True)
class Catalog:
    """A PO file's messages (header and obsolete entries aside) and its plural rule."""

    messages: dict[MessageKey, Entry]
    plural_form: Callable[[int], int]
    """Which form (index in a plural message's strings) a number takes."""


class PoError(ValueError):
    """A PO file that cannot be read, with each (line, what is wrong)."""

    def __init__(self, problems: list[tuple[int, str]]) -> None:
        super().__init__("; ".join(f"line {line}: {what}" for line, what in problems))
        self.problems = problems


def parse_po(text: str) -> Catalog:
    """Read the text of a PO file; a `PoError` says where it is not the format."""
    messages: dict[MessageKey, Entry] = {}
    forms, plural_form = _plurals(DEFAULT_PLURALS)
    position = 0
    line = 1
    while found := _ENTRY.match(text, position):
        msgid_start = found.start("msgid")
        line += text.count("\n", position, msgid_start)
        entry = _entry(found, line, forms)
        key = (entry.context, entry.msgid)
        first = messages.get(key)
        if first is not None:
            raise PoError([(line, f"the message is also defined at line {first.line}")])
        if key == (None, ""):
            forms, plural_form = _header(entry)
        else:
            messages[key] = entry
        position = found.end()
        line += text.count("\n", msgid_start, position)
    if not _END.match(text, position):
        raise PoError(_problems(text, position))
    return Catalog(messages, plural_form)


def _entry(found: re.Match[str], line: int, forms: int) -> Entry:
    comments, context, msgid, plural, plural_forms, string = found.groups()
    strings: tuple[str, ...]
    if plural is None:
        strings = (_unquote(string),)
    else:
        translated = [""] * forms
        given: set[int] = set()
        for form in _FORM.finditer(plural_forms):
            index = int(form.group(1))
            if index >= forms:
                what = f"msgstr[{index}], but the Plural-Forms header gives {forms} forms"
                raise PoError([(line, what)])
            if index in given:
                raise PoError([(line, f"msgstr[{index}] is given twice")])
            given.add(index)
            translated[index] = _unquote(form.group(2))
        strings = tuple(translated)
        plural = _unquote(plural)
    return Entry(
        None if context is None else _unquote(context),
        _unquote(msgid),
        plural,
        strings,
        "#," in comments and _is_fuzzy(comments),
        line,
        comments,
    )


def _unquote(text: str) -> str:
    """The string a quoted string and its continuations spell, escapes read."""
    if "\n" in text:
        return "".join(_unquote(piece) for piece in _PIECE.findall(text))
    if "\\" in text:
        return _ESCAPE.sub(lambda escape: _ESCAPED.get(escape[1], escape[1]), text[1:-1])
    return text[1:-1]


def _is_fuzzy(comments: str) -> bool:
    """Whether an entry's own `#,` flags include fuzzy."""
    return any(
        "fuzzy" in (flag.strip() for flag in found.group(1).split(","))
        for found in _FLAGS.finditer(comments, _own_start(comments))
    )


def _own_start(comments: str) -> int:
    """Where an entry's own comments start: after the last line of an obsolete entry above
    it, whose comments are that entry's."""
    start = 0
    for obsolete in _OBSOLETE.finditer(comments):
        start = obsolete.end()
    return start


def _header(header: Entry) -> tuple[int, Callable[[int], int]]:
    """The number of plural forms and the rule that picks one, from the header's
    Plural-Forms (gettext's default when it has none)."""
    for field in header.strings[0].split("\n"):
        name, _, value = field.partition(":")
        if name.strip().lower() == "plural-forms":
            try:
                return _plurals(value)
            except ValueError as error:
                raise PoError([(header.line, f"Plural-Forms {value.strip()!r}: {error}")]) from None
    return _plurals(DEFAULT_PLURALS)


@cache
def _plurals(plural_forms: str) -> tuple[int, Callable[[int], int]]:
    """`nplurals=N; plural=EXPRESSION;` read, the expression compiled: once for the three
    catalogs of a language, and for the languages that share a rule."""
    values = {}
    for field in plural_forms.split(";"):
        name, _, value = field.partition("=")
        values[name.strip().lower()] = value.strip()
    return int(values.get("nplurals", "2")), c2py(values.get("plural", "(n != 1)"))


def _problems(text: str, position: int) -> list[tuple[int, str]]:
    """Why the entry at `position` cannot be read: every line that is not PO syntax, or
    else the first line where the entry's keywords are out of order."""
    bad_lines = list(_syntax_problems(text))
    if bad_lines:
        return bad_lines
    lines = text[position:].split("\n")
    first = text.count("\n", 0, position)
    return [_misplaced(lines, first)]


_FOLLOWERS = {
    "": ("msgctxt", "msgid"),
    "msgctxt": ("msgid",),
    "msgid": ("msgid_plural", "msgstr"),
    "msgid_plural": ("msgstr[n]",),
    "msgstr[n]": ("msgstr[n]", "the next entry"),
    "msgstr": ("the next entry",),
}
"""What may come after each keyword of an entry (a string may continue any)."""
_COMPLETE = ("", "msgstr", "msgstr[n]")
"""Where an entry may end and the next one begin."""


def _misplaced(lines: list[str], first: int) -> tuple[int, str]:
    """The first line out of an entry's order, among lines that are all PO syntax."""
    last = ""
    last_line = first + 1
    for number, line in enumerate(lines, first + 1):
        stripped = line.strip()
        if not stripped or (stripped.startswith('"') and last):
            continue
        if stripped.startswith("#"):
            found = "a comment"
        elif stripped.startswith('"'):
            found = "a string"
        else:
            found = re.sub(r"\[\d+\]", "[n]", stripped.split(None, 1)[0])
        if last in _COMPLETE and found in ("a comment", "msgctxt", "msgid"):
            last = ""
            if found == "a comment":
                continue
        if found not in _FOLLOWERS[last]:
            return number, _expected(last, found)
        last, last_line = found, number
    return last_line, _expected(last, "the end of the file")


def _expected(last: str, found: str) -> str:
    after = f" after {last}" if last else ""
    return f"expected {' or '.join(_FOLLOWERS[last])}{after}, found {found}"


def _syntax_problems(text: str) -> Iterator[tuple[int, str]]:
    """Lines that are not PO syntax, each with its number.

    One regular expression reads each run of good lines; only a bad line takes a step here.
    """
    lines = text.splitlines()
    # Each line ends in one "\n", whatever line breaks the file used.
    joined = "\n".join(lines) + "\n"
    start = number = 0
    while (found := _LINES.match(joined, start)) and found.end() < len(joined):
        number += joined.count("\n", start, found.end())
        stripped = lines[number].strip()
        if stripped.startswith('"') or _KEYWORD_START.match(stripped):
            problem = "unterminated string, or text after its closing quote"
        else:
            problem = "expected msgctxt, msgid, msgstr or a quoted string"
        yield number + 1, f"{problem}: {stripped[:60]}"
        start = found.end() + len(lines[number]) + 1
        number += 1
