"""The lesson extractor, the catalogs' sync with the code, and the glossaries' avoided words."""

from __future__ import annotations

import io
import re
import subprocess
import tomllib
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from lesson_compiler.babel import extract_lessons
from lesson_compiler.catalogs import CompiledCatalog, po_path, read_catalog
from lesson_compiler.po import parse_po
from tests.lessons.conftest import LANGUAGES, ROOT


def test_the_extractor_yields_each_text_with_its_line_and_lesson(tmp_path: Path) -> None:
    source = (
        'id = "demo"\n'
        'title = "A title"\n'
        'summary = "A summary."\n'
        "\n"
        "[[step]]\n"
        'say = "First step."\n'
        "continue = true\n"
        "\n"
        "[[step]]\n"
        'hint = "A hint."\n'
        'say = "Second step."\n'
    )
    found = list(extract_lessons(io.BytesIO(source.encode()), [], [], {}))
    assert found == [
        (2, "pgettext", ("demo", "A title"), ["title"]),
        (3, "pgettext", ("demo", "A summary."), ["summary"]),
        (6, "pgettext", ("demo", "First step."), ["step 1: say"]),
        (10, "pgettext", ("demo", "A hint."), ["step 2: hint"]),
        (11, "pgettext", ("demo", "Second step."), ["step 2: say"]),
    ]


def test_the_translator_comment_shows_the_claims_of_the_step() -> None:
    source = (
        'id = "demo"\n'
        "[[step]]\n"
        'say = "You have no swords: trump."\n'
        'hint = "Play a trump."\n'
        'play = ["4o"]\n'
        'claims = ["no_suit_led", "has_trump"]\n'
    )
    found = list(extract_lessons(io.BytesIO(source.encode()), [], [], {}))
    assert [comments for *_, comments in found] == [
        ["step 1: say; claims: no_suit_led, has_trump"],
        ["step 1: hint; claims: no_suit_led, has_trump"],
    ]


def test_the_extractor_skips_a_file_that_is_not_toml() -> None:
    assert list(extract_lessons(io.BytesIO(b"title = = 1"), [], [], {})) == []


@pytest.mark.parametrize("domain", ["game", "lessons"])
def test_the_committed_template_matches_a_fresh_extraction(tmp_path: Path, domain: str) -> None:
    """``make translations`` would change nothing: the .pot holds exactly what the code uses."""
    output = tmp_path / f"{domain}.pot"
    subprocess.run(
        [
            str(ROOT / ".venv" / "bin" / "pybabel"),
            "extract",
            "--mapping-file",
            f"i18n/{domain}.cfg",
            "--output-file",
            str(output),
            "--add-comments",
            "Translators:",
            "--sort-by-file",
            ".",
        ],
        cwd=ROOT,
        check=True,
        capture_output=True,
    )
    with output.open("rb") as fresh, (ROOT / "locales" / f"{domain}.pot").open("rb") as kept:
        assert _ids(fresh) == _ids(kept)


def _ids(file: io.BufferedReader) -> set[tuple[str | None, str]]:
    return {(m.context, str(m.id)) for m in read_po(file) if m.id}


def _avoided(lang: str) -> list[str]:
    glossary = tomllib.loads((ROOT / "locales" / lang / "glossary.toml").read_text("utf-8"))
    return [word for term in glossary.values() for word in term.get("avoid", [])]


PLACEHOLDER = re.compile(r"\{[a-z_0-9]*\}|%\([a-z_0-9]+\)s")
"""A `{name}` or `%(name)s` in a text: filled by the code, never read as a word."""


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_text_uses_a_word_the_glossary_avoids(lang: str) -> None:
    avoided = _avoided(lang)
    assert avoided
    pattern = re.compile(r"\b(" + "|".join(map(re.escape, avoided)) + r")\b", re.IGNORECASE)
    for domain in ("site", "game", "lessons"):
        with po_path(ROOT / "locales", lang, domain).open("rb") as file:
            catalog = read_po(file)
        for message in catalog:
            strings = message.string if isinstance(message.string, tuple) else [message.string]
            for text in strings:
                assert not pattern.search(PLACEHOLDER.sub("", text)), (domain, message.id, text)


def test_the_glossary_check_catches_an_avoided_word() -> None:
    """The French glossary avoids the Spanish «bastos»: the pattern must see it in a sentence."""
    pattern = re.compile(r"\b(" + "|".join(map(re.escape, _avoided("fr"))) + r")\b", re.I)
    assert pattern.search("L'as de Bastos gagne.")
    assert not pattern.search("L'as de bâtons gagne.")


FRENCH_PO = """\
msgid ""
msgstr ""
"Language: fr\\n"
"Plural-Forms: nplurals=2; plural=(n > 1);\\n"

msgid "Trump"
msgstr "Atout"

#, fuzzy
msgid "Score"
msgstr "Marque"

msgid "Restart"
msgstr ""

msgctxt "seat"
msgid "You"
msgstr "Vous"

msgid "{count} trick"
msgid_plural "{count} tricks"
msgstr[0] "{count} pli"
msgstr[1] ""
"""


def test_a_compiled_catalog_answers_as_gettext_reads_a_compiled_mo() -> None:
    catalog = CompiledCatalog(parse_po(FRENCH_PO), "fr.po")
    assert catalog.gettext("Trump") == "Atout"
    # Fuzzy and empty translations are left out, as msgfmt leaves them: the msgid answers.
    assert catalog.gettext("Score") == "Score"
    assert catalog.gettext("Restart") == "Restart"
    assert catalog.gettext("Unknown") == "Unknown"
    assert catalog.pgettext("seat", "You") == "Vous"
    assert catalog.gettext("You") == "You"
    # French says "0 pli": the catalog's own plural rule; an empty form falls back to the
    # msgid's plural.
    forms = [catalog.ngettext("{count} trick", "{count} tricks", n) for n in (0, 1, 2)]
    assert forms == ["{count} pli", "{count} pli", "{count} tricks"]
    assert catalog.gettext("{count} trick") == "{count} pli"
    assert catalog.npgettext("seat", "a", "b", 2) == "b"


def test_each_line_that_is_not_po_syntax_is_named_with_its_number(tmp_path: Path) -> None:
    """Windows line breaks, comments, blank lines and continued strings are syntax; a stray
    word or a broken string is named at its own line, each one, however many there are."""
    lines = [
        "# A comment",
        'msgid ""',
        'msgstr ""',
        '"Language: fr\\n"',
        "",
        '  msgid "Trump"  ',
        'msgstr "Atout" oops',
        'msgctxt\t"seat"',
        'msgid "You"',
        'msgstr "Vous',
        "",
        "#, fuzzy",
        'msgid "Score"',
        'msgstr[0] "Score \\"total\\""',
        "stray words",
        '"continued \\',
    ]
    path = tmp_path / "fr.po"
    path.write_bytes("\r\n".join(lines).encode("utf-8"))
    catalog, problems = read_catalog(path, "fr.po", "fr", "site")
    assert catalog is None
    assert [str(problem) for problem in problems] == [
        'fr.po: line 7: unterminated string, or text after its closing quote: msgstr "Atout" oops',
        'fr.po: line 10: unterminated string, or text after its closing quote: msgstr "Vous',
        "fr.po: line 15: expected msgctxt, msgid, msgstr or a quoted string: stray words",
        'fr.po: line 16: unterminated string, or text after its closing quote: "continued \\',
    ]


def test_a_placeholder_on_either_side_alone_is_found(tmp_path: Path) -> None:
    """Entries whose texts hold no brace are not looked into; a field or a lone brace in a
    translation alone, or in a msgid_plural alone, is still found."""
    path = tmp_path / "fr.po"
    path.write_text(
        'msgid "Trump"\nmsgstr "Atout"\n\n'
        'msgid "Score"\nmsgstr "Score {total}"\n\n'
        'msgid "Turn"\nmsgstr "Tour }"\n\n'
        'msgid "one trick"\nmsgid_plural "{n} tricks"\nmsgstr[0] "un pli"\nmsgstr[1] "plis"\n',
        "utf-8",
    )
    catalog, problems = read_catalog(path, "fr.po", "fr", "site")
    assert catalog is None
    assert [str(problem) for problem in problems] == [
        "fr.po: line 4: msgid 'Score': the msgstr has placeholders {total}, the msgid none",
        "fr.po: line 7: msgid 'Turn': the msgstr has placeholders {<unbalanced braces>}, "
        "the msgid none",
    ]
