"""The languages of the site: the one list in `locales/languages.toml`.

The site builder, the lesson compiler, `make translations` (through `python -m
lesson_compiler languages`) and the tests all read it, so adding a language is one entry.
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass
from pathlib import Path

from lesson_compiler.problems import Problem

LANGUAGES_FILE = "languages.toml"
"""The list's file name, in the folder that holds each language's pages and catalogs."""

_FIELDS: dict[str, tuple[re.Pattern[str], str]] = {
    "code": (re.compile(r"[a-z]{2,3}"), "two or three lowercase letters, such as 'pt'"),
    "tag": (re.compile(r"[a-z]{2,3}(?:-[A-Za-z0-9]{2,8})*"), "a BCP 47 tag, such as 'pt-PT'"),
    "og_locale": (re.compile(r"[a-z]{2,3}_[A-Z]{2}"), "an Open Graph locale, such as 'pt_PT'"),
    "name": (re.compile(r"\S(?:.*\S)?"), "the language's name in itself, such as 'Português'"),
}


@dataclass(frozen=True)
class Language:
    """A language of the site: its code in paths and catalogs, its web tags and its name."""

    code: str
    """Folder and URL segment, and the gettext locale: "ca"."""
    tag: str
    """BCP 47 tag for `<html lang>` and `hreflang`: "pt-PT"."""
    og_locale: str
    """Open Graph locale: "ca_ES"."""
    name: str
    """The name in the language itself, as the language switcher shows it: "Català"."""


class LanguageListError(ValueError):
    """The list of languages cannot be used: `problem` names the file, the entry and what."""

    def __init__(self, path: str, where: str, message: str) -> None:
        self.problem = Problem(path, where, message)
        super().__init__(str(self.problem))


def read_languages(locales_dir: Path, shown: str | None = None) -> tuple[Language, ...]:
    """The languages listed in `<locales_dir>/languages.toml`, in their order.

    `shown` is the file's path as messages name it (default: as given). Raises
    `LanguageListError` naming the file and the entry for anything missing or malformed.
    """
    path = locales_dir / LANGUAGES_FILE
    name = shown or path.as_posix()
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as error:
        raise LanguageListError(name, "", f"cannot be read: {error}") from None
    entries = data.get("language")
    if set(data) != {"language"} or not isinstance(entries, list) or not entries:
        raise LanguageListError(name, "", "list the languages as [[language]] tables, and only")
    languages: list[Language] = []
    for number, entry in enumerate(entries, start=1):
        where = f"language {number}"
        if not isinstance(entry, dict) or set(entry) != set(_FIELDS):
            found = ", ".join(entry) if isinstance(entry, dict) else repr(entry)
            message = f"give exactly {', '.join(_FIELDS)} (found {found})"
            raise LanguageListError(name, where, message)
        for key, (pattern, meaning) in _FIELDS.items():
            value = entry[key]
            if not isinstance(value, str) or not pattern.fullmatch(value):
                raise LanguageListError(name, where, f"{key} = {value!r} is not {meaning}")
        if any(language.code == entry["code"] for language in languages):
            raise LanguageListError(name, where, f"the code {entry['code']!r} is listed twice")
        languages.append(Language(entry["code"], entry["tag"], entry["og_locale"], entry["name"]))
    return tuple(languages)
