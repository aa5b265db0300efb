"""The real site catalogs: complete in every language and in each language's own terms."""

from __future__ import annotations

import re
import tomllib

import pytest
from babel.messages.pofile import read_po

from lesson_compiler.catalogs import extract, po_path, read_catalog, untranslated
from site_builder import Config
from site_builder.config import PROJECT_ROOT

CONFIG = Config.for_project(PROJECT_ROOT)


def test_every_interface_string_is_translated_in_every_language() -> None:
    wanted, problems = extract(CONFIG.code_root, "site")
    assert (None, "Skip to the content") in wanted
    assert ("seat", "Your partner") in wanted
    for language in CONFIG.languages:
        path = po_path(CONFIG.catalog_dir, language.code, "site")
        catalog, found = read_catalog(path, CONFIG.rel(path), language.code, "site")
        problems += found if catalog is None else untranslated(catalog, CONFIG.rel(path), wanted)
    assert [str(problem) for problem in problems] == []


@pytest.mark.parametrize("lang", [language.code for language in CONFIG.languages])
def test_interface_strings_avoid_the_words_the_glossary_forbids(lang: str) -> None:
    glossary = tomllib.loads(
        (PROJECT_ROOT / "locales" / lang / "glossary.toml").read_text(encoding="utf-8")
    )
    avoid = [word for term in glossary.values() for word in term.get("avoid", [])]
    with po_path(CONFIG.catalog_dir, lang, "site").open("rb") as file:
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
