"""The PO reader: the same entries as Babel's `read_po` for every catalog, and each
malformed entry named at its line."""

from __future__ import annotations

import io
from gettext import c2py
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog as BabelCatalog
from babel.messages.pofile import read_po, write_po
from hypothesis import given, settings
from hypothesis import strategies as st

from lesson_compiler.catalogs import read_catalog
from lesson_compiler.po import Catalog, PoError, parse_po
from tests.lessons.conftest import ROOT

CATALOGS = sorted(ROOT.glob("locales/*/LC_MESSAGES/*.po")) + sorted(ROOT.glob("locales/*.pot"))

Seen = tuple[str | None, str | None, tuple[str, ...], bool, int, tuple[str, int] | None]
"""What a message is: plural msgid, strings, fuzzy, line of its msgid, first reference."""


def _from_babel(text: str) -> tuple[dict[tuple[str | None, str], Seen], list[int]]:
    """Babel's reading: each message (header and obsolete entries aside) and the plural form
    of 0 to 199."""
    catalog = read_po(io.StringIO(text), abort_invalid=True)
    messages: dict[tuple[str | None, str], Seen] = {}
    for message in catalog:
        if not message.id:
            continue
        ids = (message.id,) if isinstance(message.id, str) else tuple(message.id)
        strings = (message.string,) if isinstance(message.string, str) else message.string
        reference = next(((path, line) for path, line in message.locations if line), None)
        plural = ids[1] if len(ids) > 1 else None
        seen = (plural, tuple(strings), message.fuzzy, message.lineno, reference)
        messages[(message.context, ids[0])] = seen
    form = c2py(catalog.plural_expr)
    return messages, [form(n) for n in range(200)]


def _from_ours(catalog: Catalog) -> tuple[dict[tuple[str | None, str], Seen], list[int]]:
    messages = {
        key: (entry.plural, entry.strings, entry.fuzzy, entry.line, entry.reference)
        for key, entry in catalog.messages.items()
    }
    return messages, [catalog.plural_form(n) for n in range(200)]


@pytest.mark.parametrize("path", CATALOGS, ids=lambda path: path.relative_to(ROOT).as_posix())
def test_every_catalog_reads_as_babel_reads_it(path: Path) -> None:
    text = path.read_text("utf-8")
    ours = _from_ours(parse_po(text))
    assert ours[0]
    assert list(ours[0]) == list(_from_babel(text)[0])
    assert ours == _from_babel(text)


TEXTS = st.text(alphabet=st.sampled_from('ab {}"\\\n\t\ré«€ '), max_size=40)
"""Texts with what a PO string must escape or wrap: quotes, backslashes, line breaks."""
MESSAGES = st.lists(
    st.tuples(
        st.none() | st.sampled_from(["seat", "suit"]),
        TEXTS.filter(bool),
        st.none() | TEXTS,
        st.lists(TEXTS, min_size=3, max_size=3),
        st.booleans(),
    ),
    max_size=8,
)


@settings(max_examples=150, deadline=None)
@given(MESSAGES, MESSAGES, st.sampled_from([0, 20, 76]))
def test_any_catalog_babel_writes_reads_as_babel_reads_it(
    messages: list[tuple[str | None, str, str | None, list[str], bool]],
    obsolete: list[tuple[str | None, str, str | None, list[str], bool]],
    width: int,
) -> None:
    """Random messages (plural or not, fuzzy or not, in a context or not, obsolete or not),
    written by Babel wrapped at any width: both readers find the same entries."""
    catalog = BabelCatalog(locale="fr")
    for context, msgid, plural, strings, fuzzy in messages:
        ids = msgid if plural is None else (msgid, plural)
        translated = strings[0] if plural is None else tuple(strings[:2])
        flags = ["fuzzy"] if fuzzy else []
        catalog.add(ids, translated, [("a.py", 3)], flags, context=context)
    for context, msgid, _, strings, _ in obsolete:
        if (context, msgid) not in {(context, msgid) for context, msgid, *_ in messages}:
            catalog.obsolete[(msgid, context) if context else msgid] = catalog.add(
                msgid, strings[0], context=context
            )
            catalog.delete(msgid, context)
    written = io.BytesIO()
    write_po(written, catalog, width=width)
    text = written.getvalue().decode("utf-8")
    assert _from_ours(parse_po(text)) == _from_babel(text)


ENTRIES = r"""# A translator's comment
msgid ""
msgstr ""
"Language: fr\n"
"Plural-Forms: nplurals=3; plural=(n == 0 || n == 1) ? 0 : n != 0 && n % "
"1000000 == 0 ? 1 : 2;\n"

#: site_builder/templates/base.html:12 lesson_compiler/names.py:40
#. Translators: a button.
msgid "Next lesson"
msgstr "Leçon suivante"

#, fuzzy, python-brace-format
msgctxt "seat"
msgid "{seat} plays"
msgstr "{seat} joue"

msgid ""
"A long text that goes "
"over two lines."
msgstr ""
"Un long texte qui tient "
"sur deux lignes."

msgid "Say \"tute\"\tand\\or\n"
msgstr "Dites «\u00a0tute\u00a0» \"tute\"\ta\\b\x\n"

msgid "{n} point"
msgid_plural "{n} points"
msgstr[0] "{n} point"
msgstr[2] "{n} points"

#, fuzzy
#~ msgid "Old"
#~ msgstr "Vieux"

#, python-format
msgid "Blank lines"

msgstr "Lignes vides"
"""


def test_each_part_of_an_entry_reads_as_babel_reads_it() -> None:
    catalog = parse_po(ENTRIES)
    assert _from_ours(catalog) == _from_babel(ENTRIES)
    messages = catalog.messages
    assert list(messages) == [
        (None, "Next lesson"),
        ("seat", "{seat} plays"),
        (None, "A long text that goes over two lines."),
        (None, 'Say "tute"\tand\\or\n'),
        (None, "{n} point"),
        (None, "Blank lines"),
    ]
    assert messages[(None, "Next lesson")].reference == ("site_builder/templates/base.html", 12)
    assert messages[(None, "Next lesson")].line == 10
    assert messages[("seat", "{seat} plays")].fuzzy
    assert messages[(None, "A long text that goes over two lines.")].strings == (
        "Un long texte qui tient sur deux lignes.",
    )
    # Only C escapes are read; any other backslash stays, as Babel leaves it.
    assert messages[(None, 'Say "tute"\tand\\or\n')].strings == (
        'Dites «\\u00a0tute\\u00a0» "tute"\ta\\b\\x\n',
    )
    plural = messages[(None, "{n} point")]
    assert (plural.plural, plural.strings) == ("{n} points", ("{n} point", "", "{n} points"))
    # The fuzzy flag above the obsolete entry is that entry's, not the next one's.
    assert not messages[(None, "Blank lines")].fuzzy
    assert [catalog.plural_form(n) for n in (0, 1, 2, 1000000)] == [0, 0, 2, 1]


def test_a_catalog_without_plural_forms_takes_gettexts_rule() -> None:
    catalog = parse_po('msgid "a"\nmsgid_plural "b"\nmsgstr[0] "x"\nmsgstr[1] "y"')
    assert catalog.messages[(None, "a")].strings == ("x", "y")
    assert [catalog.plural_form(n) for n in (0, 1, 2)] == [1, 0, 1]


HEADER = 'msgid ""\nmsgstr "Plural-Forms: nplurals=2; plural=(n > 1);\\n"\n\n'


@pytest.mark.parametrize(
    ("text", "line", "problem"),
    [
        (
            'msgid "a"\n\nmsgid "b"\nmsgstr "c"\n',
            3,
            "expected msgid_plural or msgstr after msgid, found msgid",
        ),
        (
            'msgid "a"\n',
            1,
            "expected msgid_plural or msgstr after msgid, found the end of the file",
        ),
        (
            'msgid "a"\nmsgstr "b"\nmsgstr "c"\n',
            3,
            "expected msgctxt or msgid, found msgstr",
        ),
        ('msgstr "b"\n', 1, "expected msgctxt or msgid, found msgstr"),
        ('# note\n"b"\n', 2, "expected msgctxt or msgid, found a string"),
        (
            'msgctxt "a"\n# note\nmsgid "b"\nmsgstr "c"\n',
            2,
            "expected msgid after msgctxt, found a comment",
        ),
        (
            'msgid "a"\nmsgstr[0] "b"\n',
            2,
            "expected msgid_plural or msgstr after msgid, found msgstr[n]",
        ),
        (
            'msgid "a"\nmsgid_plural "b"\nmsgstr "c"\n',
            3,
            "expected msgstr[n] after msgid_plural, found msgstr",
        ),
        (
            HEADER + 'msgid "a"\nmsgid_plural "b"\nmsgstr[0] "c"\nmsgstr[2] "d"\n',
            4,
            "msgstr[2], but the Plural-Forms header gives 2 forms",
        ),
        (
            HEADER + 'msgid "a"\nmsgid_plural "b"\nmsgstr[1] "c"\nmsgstr[1] "d"\n',
            4,
            "msgstr[1] is given twice",
        ),
        (
            'msgctxt "x"\nmsgid "a"\nmsgstr "b"\n\nmsgctxt "x"\nmsgid "a"\nmsgstr "c"\n',
            6,
            "the message is also defined at line 2",
        ),
        (
            'msgid ""\nmsgstr "Plural-Forms: nplurals=two; plural=0;\\n"\n',
            1,
            "Plural-Forms 'nplurals=two; plural=0;': invalid literal for int() with base 10: 'two'",
        ),
    ],
)
def test_an_entry_out_of_order_is_named_at_its_line(text: str, line: int, problem: str) -> None:
    with pytest.raises(PoError) as raised:
        parse_po(text)
    assert raised.value.problems == [(line, problem)]


def test_a_bad_plural_rule_is_named_at_the_header() -> None:
    with pytest.raises(PoError) as raised:
        parse_po('\nmsgid ""\nmsgstr "Plural-Forms: nplurals=2; plural=n +;\\n"\n')
    [(line, problem)] = raised.value.problems
    assert line == 2
    assert problem.startswith("Plural-Forms 'nplurals=2; plural=n +;': ")


def test_a_catalog_problem_names_the_file_and_line(tmp_path: Path) -> None:
    path = tmp_path / "fr.po"
    path.write_text(HEADER + '#: a.py:1\nmsgid "Trump"\n\nmsgctxt "seat"\n', "utf-8")
    catalog, problems = read_catalog(path, "fr.po", "fr", "site")
    assert catalog is None
    assert [str(problem) for problem in problems] == [
        "fr.po: line 7: expected msgid_plural or msgstr after msgid, found msgctxt"
    ]
