"""Lessons and rule examples, played through the engine and compiled for the widget.

The site builder calls only what is exported here: :func:`load_lessons` and
:func:`compile_lesson` for lessons, :func:`parse_example` and :func:`compile_example`
for the examples of content pages, :func:`build_banks` and :func:`bank_json` for the
practice drills, the card, rank and suit names, the list of languages
(:func:`read_languages`) and the catalogs (:mod:`lesson_compiler.catalogs`).
"""

from lesson_compiler.catalogs import check_translations
from lesson_compiler.compile import compile_lesson
from lesson_compiler.drills import DRILLS, Item, bank_json, build_banks
from lesson_compiler.examples import Example, compile_example, parse_example
from lesson_compiler.languages import Language, LanguageListError, read_languages
from lesson_compiler.lessons import load_lessons
from lesson_compiler.model import Lesson
from lesson_compiler.names import card_list, card_name, game_words, rank_name, suit_name
from lesson_compiler.problems import Messages, Problem

__all__ = [
    "DRILLS",
    "Example",
    "Item",
    "Language",
    "LanguageListError",
    "Lesson",
    "Messages",
    "Problem",
    "bank_json",
    "build_banks",
    "card_list",
    "card_name",
    "check_translations",
    "compile_example",
    "compile_lesson",
    "game_words",
    "load_lessons",
    "parse_example",
    "rank_name",
    "read_languages",
    "suit_name",
]
