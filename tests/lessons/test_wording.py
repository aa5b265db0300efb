"""Every sentence a learner reads is one whole message, in every language.

Each check runs on the project and on a small fixture that reproduces an old mistake, so
it is seen to fail where it should.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from lesson_compiler import Lesson, Messages, compile_lesson
from lesson_compiler.catalogs import extract
from lesson_compiler.terms import lesson_texts
from site_builder.play import PluralForms, play_strings
from site_builder.widget_strings import widget_strings
from tests.lessons.conftest import LANGUAGES, compiled_catalog
from tests.wording import (
    label_problem,
    python_joins,
    script_joins,
    seat_problem,
    sentence_problem,
    template_joins,
)

ROOT = Path(__file__).resolve().parents[2]
TEMPLATES = sorted((ROOT / "site_builder" / "templates").glob("*.html"))
SCRIPTS = sorted((ROOT / "site_builder" / "static").glob("*.js"))
PYTHON = sorted(
    p for folder in ("lesson_compiler", "site_builder") for p in (ROOT / folder).glob("*.py")
)


def _name(path: Path) -> str:
    return path.relative_to(ROOT).as_posix()


# ---------- templates ----------


@pytest.mark.parametrize("path", TEMPLATES, ids=lambda p: p.name)
def test_no_template_joins_a_message_to_other_text(path: Path) -> None:
    assert template_joins(path.read_text(encoding="utf-8"), _name(path)) == []


def test_a_message_joined_by_the_template_is_found() -> None:
    old = (
        '<div class="example-trump"><img src="x" alt=""> '
        '{{ pgettext("trump card", "Trump") }}: {{ data.suits[data.trump] }}</div>\n'
        '<p>{{ _("Trump") ~ ": " ~ suit }}</p>\n'
        "<p>{{ _('Points') }} {{ total }}</p>\n"
    )
    assert template_joins(old, "example.html") == [
        "example.html:2: a message joined with `~` or `+`",
        "example.html:1: a message joined to the text beside it",
        "example.html:3: a message joined to the text beside it",
    ]


def test_a_message_alone_between_tags_and_in_attributes_is_whole() -> None:
    good = (
        '<nav aria-label="{{ _(\'Lessons\') }}"><span>&gt;</span> {{ _("Lesson %(n)s", n=1) }}\n'
        '<img src="{{ card(\'c-\' ~ code) }}" alt="{{ name }}">'
        '<p>{{ _("Trumps are {suit}.").format(suit=suit) }}</p>\n'
        "{% if x %}{{ _('One') if a else _('Two') }}{% endif %}"
    )
    assert template_joins(good, "good.html") == []


# ---------- scripts ----------


@pytest.mark.parametrize("path", SCRIPTS, ids=lambda p: p.name)
def test_no_script_joins_a_widget_message_to_other_text(path: Path) -> None:
    assert script_joins(path.read_text(encoding="utf-8"), _name(path), ("t", "say")) == []


def test_a_widget_message_joined_by_a_script_is_found() -> None:
    old = (
        'const a = [cardImg("suit-" + x, "", "pip"), t("trump") + ": " + suit];\n'
        '// t("comment") + ignored\n'
        'const b = "(" + t("seat_you", { n: 1 + 2 });\n'
        'const c = `${t("hand")} now`;\n'
        'const d = t("cards_left", { seat: name(seat), count: n + 1 });\n'
    )
    assert script_joins(old, "example.js") == [
        "example.js:1: a widget message joined with other text",
        "example.js:3: a widget message joined with other text",
        "example.js:4: a widget message joined with other text",
    ]


# ---------- Python ----------


@pytest.mark.parametrize("path", PYTHON, ids=_name)
def test_no_python_code_joins_a_message_to_other_text(path: Path) -> None:
    assert python_joins(path.read_text(encoding="utf-8"), _name(path)) == []


def test_a_message_joined_by_python_code_is_found() -> None:
    old = """\
def trick_text(game, n, last):
    text = game.gettext("You win the trick: {n} points.").format(n=n)
    if last:
        text += " " + game.gettext("And {bonus} more for the last trick.").format(bonus=10)
    return text

def refusal(game, rule, number):
    return " ".join((rule, game.gettext("Lesson {number} teaches this.").format(number=number)))

def label(gettext, suit):
    return f"{gettext('Trump')}: {suit}"

def filled(game, n):
    return game.ngettext("{n} card", "{n} cards", n).format(n=n + 1)
"""
    assert python_joins(old, "names.py") == [
        "names.py:4: a message joined with other text",
        "names.py:8: a message joined with other text",
        "names.py:11: a message joined with other text",
    ]


# ---------- message ids ----------


@pytest.fixture(scope="module")
def messages() -> dict[tuple[str | None, str], str]:
    """Every message id of the interface and game domains, with the file it is used in."""
    found: dict[tuple[str | None, str], str] = {}
    for domain in ("site", "game"):
        extracted, problems = extract(ROOT, domain)
        assert problems == []
        found.update({key: use.path if use else "" for key, use in extracted.items()})
    return found


def test_no_message_is_a_label_glued_to_a_value(
    messages: dict[tuple[str | None, str], str],
) -> None:
    problems = [
        f"{path}: {msgid!r} {problem}"
        for (_context, msgid), path in messages.items()
        if (problem := label_problem(msgid)) is not None
    ]
    assert problems == []


@pytest.mark.parametrize(
    "msgid",
    [
        "Trump: {suit}",
        "Trump: %(suit)s. The dealer shows this card:",
        "Your cards:",
        "{seat}: {card}",
        "{seat}: cards in hand: {count}",
        "Score: us {us}, them {them}",
        "Lessons completed: {done} / {total}",
        "You may play: %(cards)s.",
        "Your team has already sung in: {suits}.",
        "You sing: {cant}.",
    ],
)
def test_a_label_glued_to_a_value_is_found(msgid: str) -> None:
    assert label_problem(msgid) is not None


@pytest.mark.parametrize(
    "msgid",
    [
        "Trumps are {suit}.",
        "You win the trick: {n} points.",
        "Not this card: you hold {suit}, the suit led, so play one of them.",
        "You must beat {card}: you hold a higher card {of_suit}.",
        "%(game)s: the rules of our table, and lessons you play in your browser.",
        "Cards on the table",
        "{points} in {suit}",
    ],
)
def test_a_whole_message_or_a_plain_label_passes(msgid: str) -> None:
    assert label_problem(msgid) is None


# ---------- compiled lesson texts ----------


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_lesson_text_is_a_whole_sentence(
    lang: str, lessons: list[Lesson], catalogs: dict[str, tuple[Messages, Messages]]
) -> None:
    lesson_catalog, game = catalogs[lang]
    problems = [
        f"{lesson.id}: step {step}: {what}: {text!r} {problem}"
        for lesson in lessons
        for step, what, text in lesson_texts(compile_lesson(lesson, lang, lesson_catalog, game))
        if (problem := sentence_problem(text)) is not None
    ]
    assert problems == []


@pytest.mark.parametrize(
    "text",
    ["Cantas: Nada.", "Triomf: oros", "Torn: El rival de la dreta.", "you win the trick.", ""],
)
def test_a_text_that_is_not_a_whole_sentence_is_found(text: str) -> None:
    assert sentence_problem(text) is not None


@pytest.mark.parametrize(
    "text",
    [
        "¿Qué cartas puedes echar?",
        "Guanyes la basa: 11 punts.",
        "La lliçó 4, «Assistir i muntar», t'ho ensenya.",
        "Tu remportes le dernier pli : 10 points, plus le dix de der.",
    ],
)
def test_a_whole_sentence_passes(text: str) -> None:
    assert sentence_problem(text) is None


SENTENCES = ("press_continue", "new_deal", "legal", "try_card", "played_by", "final_score")
SENTENCES += ("progress", "trump_suit", "cards_left", "seat_to_play")
"""The widget strings said as sentences: in the feedback, an image's name, the end screen."""


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_widget_sentence_is_whole_in_every_language(lang: str) -> None:
    site = compiled_catalog(lang, "site")
    strings = widget_strings(site.gettext, site.pgettext, site.ngettext)
    texts = []
    for key in SENTENCES:
        value = strings[key]
        forms = value["forms"] if isinstance(value, dict) else [value]
        texts += [(key, str(form)) for form in forms]
    # a placeholder stands for a word: the seat's name begins a sentence with a capital
    problems = [
        f"{key}: {text!r} {problem}"
        for key, text in texts
        if (problem := sentence_problem(text.replace("{seat}", "Seat"))) is not None
    ]
    assert problems == []


PLAY_SENTENCES = ("cards_left", "deal_line", "you_deal_line", "thinking", "trump_card")
PLAY_SENTENCES += ("not_your_turn", "taken_back", "hint_line", "played_by", "you_played")
PLAY_SENTENCES += ("last_trick_line",)
PLAY_SENTENCES += ("last_trick_you", "no_last_trick", "trick_stays", "match_won", "match_lost")
PLAY_SENTENCES += ("reviewing", "review_basis", "review_clean", "review_count", "review_item")
PLAY_SENTENCES += ("moment_cost", "moment_best", "review_failed", "bots_failed")
"""The play page's strings said as sentences (its labels left out), besides the coach's."""


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_play_page_sentence_is_whole_in_every_language(lang: str) -> None:
    site = compiled_catalog(lang, "site")
    strings = play_strings(site, PluralForms(site))
    keys = [*PLAY_SENTENCES, *(key for key in strings if key.startswith("why_"))]
    texts = []
    for key in keys:
        value = strings[key]
        forms = value if isinstance(value, list) else [value]
        texts += [(key, str(form)) for form in forms]
    problems = [
        f"{key}: {text!r} {problem}"
        for key, text in texts
        if (problem := sentence_problem(text.replace("{seat}", "Seat"))) is not None
    ]
    assert problems == []


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("domain", ["site", "game"])
def test_every_seat_opens_its_sentence_in_every_language(lang: str, domain: str) -> None:
    with (ROOT / "locales" / lang / "LC_MESSAGES" / f"{domain}.po").open("rb") as file:
        catalog = read_po(file)
    problems = [
        f"{domain}: {message.id!r} -> {text!r} {problem}"
        for message in catalog
        if message.id
        for text in (message.string if isinstance(message.string, tuple) else (message.string,))
        if (problem := seat_problem(text)) is not None
    ]
    assert problems == []


@pytest.mark.parametrize(
    "text",
    [
        "Reparto {number}. Reparte: {seat}; pintan {suit}.",
        "Turno: {seat}",
        "Donne {number}. Donneur\u00a0: {seat}\u00a0; atout\u00a0: {suit}.",
        "C'est au tour de {seat}.",
    ],
)
def test_a_seat_spliced_into_a_sentence_is_found(text: str) -> None:
    assert seat_problem(text) is not None


@pytest.mark.parametrize(
    "text",
    [
        "{seat} té el torn.",
        "Mà {number}. {seat} reparteix; el triomf és {suit}.",
        "¡{seat} canta las cuarenta en {suit}!",
        "Hand {number}. You deal; {suit} are trumps.",
    ],
)
def test_a_seat_opening_its_sentence_passes(text: str) -> None:
    assert seat_problem(text) is None
