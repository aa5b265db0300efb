"""The real site catalogs: complete in every language and in each language's own terms."""

from __future__ import annotations

import re
import tomllib

import pytest
from babel.messages.pofile import read_po

from site_builder import LANGUAGES, Config, Report
from site_builder.config import PROJECT_ROOT
from site_builder.i18n import extract, po_path, untranslated

CONFIG = Config.for_project(PROJECT_ROOT)


def test_every_interface_string_is_translated_in_every_language() -> None:
    report = Report()
    wanted = extract(CONFIG, "site", report)
    assert (None, "Skip to the content") in wanted
    assert ("seat", "Your partner") in wanted
    for language in LANGUAGES:
        untranslated(CONFIG, language.code, "site", wanted, report)
    assert [str(problem) for problem in report.errors] == []


@pytest.mark.parametrize("lang", [language.code for language in LANGUAGES])
def test_interface_strings_avoid_the_words_the_glossary_forbids(lang: str) -> None:
    glossary = tomllib.loads(
        (PROJECT_ROOT / "locales" / lang / "glossary.toml").read_text(encoding="utf-8")
    )
    avoid = [word for term in glossary.values() for word in term.get("avoid", [])]
    with po_path(CONFIG, lang, "site").open("rb") as file:
        catalog = read_po(file)
    texts = [
        text
        for message in catalog
        if message.id
        for text in (message.string if isinstance(message.string, tuple) else (message.string,))
    ]
    assert len(texts) > 40
    found = [
        (word, text)
        for word in avoid
        for text in texts
        if re.search(rf"\b{re.escape(word)}\b", text, re.IGNORECASE)
    ]
    assert found == []
