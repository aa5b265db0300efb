"""One list of languages, and catalogs that cannot break silently.

A language is added to the fixture site through its one entry in locales/languages.toml
(then its catalogs and pages, as the README says); a broken list, a catalog line that is
not PO syntax and a translation with other placeholders than its msgid stop the build and
the check with the file and the line.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from lesson_compiler import LanguageListError
from site_builder import BuildError, Config, build_site, check_site
from tests.site.conftest import BASE_URL, fixture_config
from tests.site.test_errors import _edit
from tests.site.test_site import _read

ENGLISH = '\n[[language]]\ncode = "en"\ntag = "en-GB"\nog_locale = "en_GB"\nname = "English"\n'
SITE_PO = "locales/fr/LC_MESSAGES/site.po"


def _add_english(root: Path) -> None:
    """The README's steps: the list's entry, then catalogs and pages (French ones stand in)."""
    with (root / "locales/languages.toml").open("a", encoding="utf-8") as file:
        file.write(ENGLISH)
    shutil.copytree(root / "locales/fr", root / "locales/en")


def test_a_language_added_by_its_one_entry_is_built_and_linked_everywhere(
    site_root: Path, tmp_path: Path
) -> None:
    _add_english(site_root)
    config = fixture_config(site_root)
    assert [language.code for language in config.languages] == ["ca", "fr", "en"]
    out = tmp_path / "out"
    build_site(config, out)
    rules = _read(out, "ca/regles/index.html")
    assert rules.switcher["en-GB"] == "../../en/regles/index.html"
    assert rules.alternates["en-GB"] == f"{BASE_URL}en/regles/"
    english = (out / "en/regles/index.html").read_text(encoding="utf-8")
    assert '<html lang="en-GB"' in english
    assert 'content="en_GB"' in english
    assert '"language-name">English</span>' in (out / "index.html").read_text(encoding="utf-8")
    assert f"<loc>{BASE_URL}sitemap-en.xml</loc>" in (out / "sitemap.xml").read_text(
        encoding="utf-8"
    )
    assert f"<loc>{BASE_URL}en/regles/</loc>" in (out / "sitemap-en.xml").read_text(
        encoding="utf-8"
    )


def test_a_language_without_catalogs_is_named(site_root: Path, tmp_path: Path) -> None:
    _add_english(site_root)
    shutil.rmtree(site_root / "locales/en/LC_MESSAGES")
    with pytest.raises(BuildError) as caught:
        build_site(fixture_config(site_root), tmp_path / "out")
    assert "locales/en/LC_MESSAGES/site.po: no site catalog for en" in str(caught.value)


@pytest.mark.parametrize(
    ("old", "new", "problem"),
    [
        ('og_locale = "fr_FR"', 'og_locale = "fr-FR"', "language 2: og_locale = 'fr-FR' is not"),
        ('name = "Français"\n', "", "language 2: give exactly code, tag, og_locale, name"),
        ('code = "fr"', 'code = "ca"', "language 2: the code 'ca' is listed twice"),
        ('code = "fr"', 'code = "fr', "cannot be read: "),
    ],
)
def test_a_broken_list_of_languages_names_the_file_and_the_entry(
    site_root: Path, old: str, new: str, problem: str
) -> None:
    _edit(site_root, "locales/languages.toml", old, new)
    with pytest.raises(LanguageListError) as caught:
        fixture_config(site_root)
    assert str(caught.value).startswith(f"locales/languages.toml: {problem}")


@pytest.mark.parametrize(
    ("old", "new", "expected"),
    [
        (
            'msgstr "Langue"',
            'msgstr "Langue',
            'line 12: unterminated string, or text after its closing quote: msgstr "Langue',
        ),
        (
            'msgstr "Langue"\n',
            'msgstr "Langue"\n\nmsgid "{seat} to play"\nmsgstr "À {oops} de jouer"\n',
            "line 14: msgid '{seat} to play': the msgstr has placeholders {oops}, the msgid {seat}",
        ),
        (
            'msgstr "Langue"\n',
            'msgstr "Langue"\n\nmsgid "{n} point"\nmsgid_plural "{n} points"\n'
            'msgstr[0] "un point"\nmsgstr[1] "{n} {oops}"\n',
            "line 14: msgid '{n} point': the msgstr[1] has placeholders {n}, {oops}, the msgid {n}",
        ),
    ],
    ids=["unterminated string", "other placeholder", "plural form adds a field"],
)
def test_a_broken_catalog_stops_build_and_check_with_its_line(
    config: Config, site_root: Path, tmp_path: Path, old: str, new: str, expected: str
) -> None:
    """A plural form may leave the number out ("un point"), but never add a field."""
    _edit(site_root, SITE_PO, old, new)
    with pytest.raises(BuildError) as caught:
        build_site(config, tmp_path / "out")
    assert [str(p) for p in caught.value.problems] == [f"{SITE_PO}: {expected}"]
    assert f"{SITE_PO}: {expected}" in [str(p) for p in check_site(config).errors]
