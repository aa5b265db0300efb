"""The real site catalogs: complete in every language (each language's own terms are
checked with the other catalogs, in tests/lessons/test_catalogs.py)."""

from __future__ import annotations

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
