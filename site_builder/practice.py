"""The practice page: the drills' banks as files, their printable worksheets and words.

The banks are language-neutral: one JSON file per drill (the published form, fetched by
the widget) and the same data as a script (loaded where `fetch` of a file is refused,
as when the site is opened from disk). The page carries the words in its language.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from engine import CANT_POINTS, LAST_TRICK_BONUS, SUIT_LETTERS, TRUMP_CANT_POINTS
from lesson_compiler import DRILLS, Item, bank_json, drill_words
from lesson_compiler.problems import Messages

BANK_DIR = "practice"
"""The output folder of the banks: `practice/<drill>.json` and `practice/<drill>.js`."""

WORKSHEET_LEVELS = (1, 2, 3)
"""A worksheet shows the bank's first question of each difficulty level."""

SEAT_KEYS = ("seat_you", "seat_right", "seat_partner", "seat_left")
"""Seats counted from the learner in playing order: the next to play is on the right."""


def bank_files(banks: dict[str, list[Item]]) -> dict[str, bytes]:
    """Each drill's bank as `practice/<drill>.json` and as the script `practice/<drill>.js`
    that stores the same object in `window.tuteBanks[<drill>]`."""
    files: dict[str, bytes] = {}
    for drill, items in banks.items():
        text = json.dumps(bank_json(items), sort_keys=True, separators=(",", ":"))
        files[f"{BANK_DIR}/{drill}.json"] = (text + "\n").encode("ascii")
        script = f'(window.tuteBanks=window.tuteBanks||{{}})["{drill}"]={text};\n'
        files[f"{BANK_DIR}/{drill}.js"] = script.encode("ascii")
    return files


def practice_strings(
    gettext: Callable[[str], str], pgettext: Callable[[str, str], str]
) -> dict[str, str]:
    """The practice widget's interface strings, keyed by the names practice.js reads;
    `{name}` placeholders are filled by the widget and by the worksheets."""
    return {
        "title_legal": gettext("Which cards may you play?"),
        "title_winner": gettext("Who takes the trick?"),
        "title_points": gettext("How many points?"),
        "title_cants": gettext("What do you sing?"),
        "task_legal": gettext("Select every card you may play, then check."),
        "task_winner": gettext("Tap the card that takes the trick."),
        "task_points": gettext("Choose how many points these cards are worth."),
        "task_cants": gettext("Your team has just won a trick. Choose what you sing now."),
        "start": gettext("Start"),
        "check": gettext("Check"),
        "next": gettext("Next question"),
        "loading": gettext("Loading the questions…"),
        "load_failed": gettext("The questions could not be loaded."),
        "trump": gettext("Trump: {suit}"),
        "table": gettext("On the table:"),
        "hand": gettext("Your cards:"),
        "played_by": gettext("{seat}: {card}"),
        "seat_you": pgettext("seat", "You"),
        "seat_partner": pgettext("seat", "Your partner"),
        "seat_right": pgettext("seat", "The rival on your right"),
        "seat_left": pgettext("seat", "The rival on your left"),
        "last_trick": gettext("It is the last trick of the hand."),
        "sung_none": gettext("Your team has not sung yet."),
        "sung": gettext("Your team has already sung in: {suits}."),
        "right": gettext("Right!"),
        "wrong": gettext("Not quite."),
        "may_play": gettext("You may play: {cards}."),
        "refused": gettext("You may not play: {card}. {reason}"),
        "winner": gettext("{card} takes the trick."),
        "winner_trump": gettext("A trump was played: the highest trump wins."),
        "winner_suit": gettext("No trump was played: the highest card of the suit led wins."),
        "points": gettext("These cards are worth {points}."),
        "points_last": gettext(
            "These cards are worth {points}, with the {bonus} of the last trick."
        ),
        "cant_none": gettext("Nothing"),
        "cant_tute": gettext("Tute"),
        "cant_pair": gettext("{points} in {suit}"),
        "you_sing": gettext("You sing: {cant}."),
        "score": gettext("Right: {right} of {asked}. Streak: {streak}. Best streak: {best}."),
    }


def page_data(game: Messages) -> dict[str, Any]:
    """The words and engine constants the widget fills its sentences with; `suit_order`
    because the page's JSON sorts the keys of `suits`."""
    return {
        **drill_words(game),
        "suit_order": SUIT_LETTERS,
        "points": {"forty": TRUMP_CANT_POINTS, "twenty": CANT_POINTS, "bonus": LAST_TRICK_BONUS},
    }


@dataclass(frozen=True)
class Row:
    """A labelled row of cards: `cards` are (code, image alt text)."""

    label: str
    cards: tuple[tuple[str, str], ...]


@dataclass(frozen=True)
class Question:
    """One worksheet question: sentences, rows of cards, and the folded answer."""

    lines: tuple[str, ...]
    rows: tuple[Row, ...]
    answer: tuple[str, ...]


@dataclass(frozen=True)
class Drill:
    """A drill as the practice page shows it."""

    id: str
    title: str
    task: str
    bank: str
    script: str
    questions: tuple[Question, ...]


def drills(
    banks: dict[str, list[Item]],
    strings: dict[str, str],
    data: dict[str, Any],
    link: Callable[[str], str],
) -> list[Drill]:
    """The page's drills in :data:`DRILLS` order; `link` makes an output file's URL relative."""
    sheet = _Worksheet(strings, data)
    return [
        Drill(
            id=drill,
            title=strings[f"title_{drill}"],
            task=strings[f"task_{drill}"],
            bank=link(f"{BANK_DIR}/{drill}.json"),
            script=link(f"{BANK_DIR}/{drill}.js"),
            questions=tuple(sheet.question(drill, item) for item in _samples(banks[drill])),
        )
        for drill in DRILLS
        if drill in banks
    ]


def _samples(items: Sequence[Item]) -> list[dict[str, Any]]:
    """The first item of each worksheet level, as the bank file has it."""
    return [next(i for i in items if i.level == level).to_json() for level in WORKSHEET_LEVELS]


class _Worksheet:
    """Writes a bank item as a printable question in the page's language."""

    def __init__(self, strings: dict[str, str], data: dict[str, Any]) -> None:
        self.s = strings
        self.data = data

    def say(self, key: str, **values: object) -> str:
        return self.s[key].format(**values)

    def name(self, code: str) -> str:
        return str(self.data["cards"][code])

    def cards(self, codes: Sequence[str]) -> tuple[tuple[str, str], ...]:
        return tuple((code, self.name(code)) for code in codes)

    def trick(self, codes: Sequence[str], complete: bool) -> Row:
        """The trick's cards, each named with who played it (the learner plays next, or
        played last when the trick is complete)."""
        count = len(codes) - (1 if complete else 0)
        named = tuple(
            (
                code,
                self.say(
                    "played_by", seat=self.s[SEAT_KEYS[(i - count) % 4]], card=self.name(code)
                ),
            )
            for i, code in enumerate(codes)
        )
        return Row(self.s["table"], named)

    def trump(self, letter: str) -> str:
        return self.say("trump", suit=self.data["suits"][letter])

    def question(self, drill: str, item: dict[str, Any]) -> Question:
        writers = {
            "legal": self._legal,
            "winner": self._winner,
            "points": self._points,
            "cants": self._cants,
        }
        return writers[drill](item)

    def _legal(self, item: dict[str, Any]) -> Question:
        legal = ", ".join(self.name(code) for code in item["legal"])
        # The refused cards grouped by reason: one sentence per rule.
        by_reason: dict[str, list[str]] = {}
        for code, reason in item["reasons"].items():
            by_reason.setdefault(reason, []).append(self.name(code))
        reasons = [
            self.say("refused", card=", ".join(names), reason=self._reason(item, reason))
            for reason, names in by_reason.items()
        ]
        return Question(
            (self.trump(item["trump"]),),
            (self.trick(item["trick"], False), Row(self.s["hand"], self.cards(item["hand"]))),
            (self.say("may_play", cards=legal), *reasons),
        )

    def _reason(self, item: dict[str, Any], reason: str) -> str:
        """The refusal's sentence: the suit led, and the card winning the trick so far."""
        data = self.data
        led = item["trick"][0][-1]
        best = item["trick"][item["best"]]
        return str(data["reasons"][reason]).format(
            suit=data["suits"][led], of_suit=data["of_suits"][led], card=data["the_cards"][best]
        )

    def _winner(self, item: dict[str, Any]) -> Question:
        why = "winner_suit" if item["tags"] == ["suit"] else "winner_trump"
        card = self.name(item["trick"][item["winner"]])
        return Question(
            (self.trump(item["trump"]),),
            (self.trick(item["trick"], True),),
            (self.say("winner", card=card), self.s[why]),
        )

    def _points(self, item: dict[str, Any]) -> Question:
        points = self.data["points"]
        lines = (self.s["last_trick"],) if item["last"] else ()
        answer = (
            self.say("points_last", points=item["points"], bonus=points["bonus"])
            if item["last"]
            else self.say("points", points=item["points"])
        )
        return Question(lines, (Row(self.s["table"], self.cards(item["trick"])),), (answer,))

    def _cants(self, item: dict[str, Any]) -> Question:
        suits = self.data["suits"]
        sung = (
            self.say("sung", suits=", ".join(suits[s] for s in item["sung"]))
            if item["sung"]
            else self.s["sung_none"]
        )
        return Question(
            (self.trump(item["trump"]), sung),
            (Row(self.s["hand"], self.cards(item["hand"])),),
            (self.say("you_sing", cant=self.cant(item["answer"])),),
        )

    def cant(self, answer: dict[str, Any]) -> str:
        kind = answer["kind"]
        if kind in ("none", "tute"):
            return self.s[f"cant_{kind}"]
        points = self.data["points"][kind]
        return self.say("cant_pair", points=points, suit=self.data["suits"][answer["suit"]])
