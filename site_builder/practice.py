"""The practice page: the drills' banks as files, what each question says in each language,
the printable worksheets and the widget's words.

The banks are language-neutral: one JSON file per drill, with the engine's answers and the
codes of the rules behind them (the published form), and the same data as a script (loaded
where `fetch` of a file is refused, as when the site is opened from disk). What a question
says, its situation and the reasons of its answer, is written here once per language, as
whole sentences, into a text file per drill and language beside the bank: the widget shows
those sentences and decides nothing.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from engine import (
    CANT_POINTS,
    DECK_SIZE,
    SUIT_LETTERS,
    TRUMP_CANT_POINTS,
    card_code,
    parse_card,
    rank_of,
)
from lesson_compiler import DRILLS, Item, bank_json
from lesson_compiler.names import card_name, of_suit, suit_name, the_card, the_rank
from lesson_compiler.problems import Messages

BANK_DIR = "practice"
"""The output folder of the banks (`practice/<drill>.json`, `practice/<drill>.js`) and of
their texts (`practice/<lang>/<drill>.json`, `practice/<lang>/<drill>.js`)."""

WORKSHEET_LEVELS = (1, 2, 3)
"""A worksheet shows the bank's first question of each difficulty level."""

SEAT_KEYS = ("seat_you", "seat_right", "seat_partner", "seat_left")
"""Seats counted from the learner in playing order: the next to play is on the right."""


def _script(variable: str, key: str, text: str) -> bytes:
    return f'(window.{variable}=window.{variable}||{{}})["{key}"]={text};\n'.encode("ascii")


def _json(data: object) -> str:
    return json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=True)


def bank_files(banks: dict[str, list[Item]]) -> dict[str, bytes]:
    """Each drill's bank as `practice/<drill>.json` and as the script `practice/<drill>.js`
    that stores the same object in `window.tuteBanks[<drill>]`."""
    files: dict[str, bytes] = {}
    for drill, items in banks.items():
        text = _json(bank_json(items))
        files[f"{BANK_DIR}/{drill}.json"] = (text + "\n").encode("ascii")
        files[f"{BANK_DIR}/{drill}.js"] = _script("tuteBanks", drill, text)
    return files


def text_files(lang: str, texts: dict[str, list[dict[str, list[str]]]]) -> dict[str, bytes]:
    """Each drill's texts in `lang` as `practice/<lang>/<drill>.json` (`{"items": [...]}`,
    item for item with the bank) and as a script storing the same object in
    `window.tuteTexts[<drill>]` (a page loads the texts of its language only)."""
    files: dict[str, bytes] = {}
    for drill, items in texts.items():
        text = _json({"items": items})
        files[f"{BANK_DIR}/{lang}/{drill}.json"] = (text + "\n").encode("ascii")
        files[f"{BANK_DIR}/{lang}/{drill}.js"] = _script("tuteTexts", drill, text)
    return files


def practice_strings(
    gettext: Callable[[str], str], pgettext: Callable[[str, str], str]
) -> dict[str, str]:
    """The practice widget's interface strings, keyed by the names practice.js reads: the
    labels of its controls and marks, and the sentences it fills with a card's name."""
    return {
        "title_legal": gettext("Which cards may you play?"),
        "title_winner": gettext("Who takes the trick?"),
        "title_points": gettext("How many points?"),
        "title_cants": gettext("What do you sing?"),
        "task_legal": gettext("Select every card you may play, then check."),
        "task_winner": gettext("Tap the card that takes the trick."),
        "task_points": gettext("Choose how many points this trick is worth."),
        "task_cants": gettext("Your team has just won a trick. Choose what you sing now."),
        "start": gettext("Start"),
        "check": gettext("Check"),
        "next": gettext("Next question"),
        "loading": gettext("Loading the questions…"),
        "load_failed": gettext("The questions could not be loaded."),
        "table": gettext("Cards on the table"),
        "hand": gettext("Your cards"),
        "seat_you": pgettext("seat", "You"),
        "seat_partner": pgettext("seat", "Your partner"),
        "seat_right": pgettext("seat", "The rival on your right"),
        "seat_left": pgettext("seat", "The rival on your left"),
        "right": gettext("Right!"),
        "wrong": gettext("Not quite."),
        "cant_none": gettext("Nothing"),
        "cant_tute": gettext("Tute"),
        "cant_pair": gettext("{points} in {suit}"),
        # The score's labels, each beside its figure.
        "score_right": pgettext("practice score", "Right answers"),
        "score_right_of": gettext("{right} of {asked}"),
        "score_streak": pgettext("practice score", "Streak"),
        "score_best": pgettext("practice score", "Best streak"),
        # The marks of the hand's cards once checked: a label beside each sign, and what a
        # screen reader says of each card.
        "mark_right": pgettext("practice mark", "Playable"),
        "mark_missed": pgettext("practice mark", "Playable, left out"),
        "mark_left_out": pgettext("practice mark", "Not playable"),
        "mark_wrong": pgettext("practice mark", "Not playable, chosen"),
        "card_right": gettext("You may play {card}, and you chose it."),
        "card_missed": gettext("You may play {card}, but you left it out."),
        "card_left_out": gettext("You may not play {card}, and you rightly left it out."),
        "card_wrong": gettext("You may not play {card}, but you chose it."),
    }


def page_data(strings: dict[str, str], game: Messages) -> dict[str, Any]:
    """The words the widget shows in the page's language: every card's name (the alt text
    of its image) and with its article (for the marks' sentences), and the `cants`
    drill's choices for each trump suit."""
    codes = [card_code(card) for card in range(DECK_SIZE)]
    return {
        "cards": {code: card_name(code, game) for code in codes},
        "the_cards": {code: the_card(parse_card(code), game) for code in codes},
        "cant_choices": {trump: _cant_choices(trump, strings, game) for trump in SUIT_LETTERS},
    }


def _cant_choices(trump: str, strings: dict[str, str], game: Messages) -> list[list[str]]:
    """The choices as `[value, label]`: nothing, the 40 in trumps, a 20 in each other
    suit in suit order, and tute."""
    pairs = [("forty", TRUMP_CANT_POINTS, trump)] + [
        ("twenty", CANT_POINTS, suit) for suit in SUIT_LETTERS if suit != trump
    ]
    labels = [
        [f"{kind}:{suit}", strings["cant_pair"].format(points=points, suit=suit_name(suit, game))]
        for kind, points, suit in pairs
    ]
    return [["none", strings["cant_none"]], *labels, ["tute", strings["cant_tute"]]]


class Explainer:
    """Writes what a bank item says in one language: the sentences that set the question
    (`lines`) and those that give its answer with the reasons (`why`). Every sentence is
    one message of the `site` catalog, its cards and suits filled in from the `game` one;
    a list of cards is joined with the language's own list messages."""

    def __init__(self, site: Messages, game: Messages) -> None:
        self.site = site
        self.game = game
        # Looked up once: a bank names its cards and suits thousands of times.
        cards = [card_code(card) for card in range(DECK_SIZE)]
        self._suits = {letter: suit_name(letter, game) for letter in SUIT_LETTERS}
        self._of_suits = {letter: of_suit(letter, game) for letter in SUIT_LETTERS}
        self._cards = {code: the_card(parse_card(code), game) for code in cards}
        self._ranks = {code: the_rank(rank_of(parse_card(code)), game) for code in cards}

    # -- words ---------------------------------------------------------------

    def suit(self, letter: str) -> str:
        return self._suits[letter]

    def the(self, code: str) -> str:
        return self._cards[code]

    def rank(self, code: str) -> str:
        return self._ranks[code]

    def joined(self, items: Sequence[str], last: str, middle: str | None = None) -> str:
        """``items`` as one list: "a, b and c", with ``last`` the message joining the last
        item and ``middle`` (by default the comma) each one before it."""
        if len(items) == 1:
            return items[0]
        between = middle or self.site.gettext("{list}, {item}")
        text = items[0]
        for item in items[1:-1]:
            text = between.format(list=text, item=item)
        return last.format(list=text, item=items[-1])

    def all_of(self, items: Sequence[str]) -> str:
        # Translators: the end of a list of every one of its items: "a, b and c".
        return self.joined(items, self.site.gettext("{list} and {item}"))

    def none_of(self, items: Sequence[str]) -> str:
        """Cards refused together, after "you may not play": "a, b or c"."""
        return self.joined(
            items,
            # Translators: the end of a list of cards, in a sentence that refuses them
            # all: "you may not play a, b or c" (a language may say "neither … nor").
            self.site.gettext("{list} or {item}"),
            # Translators: the comma before each other refused card: "you may not play
            # a, b or c".
            self.site.pgettext("refused cards", "{list}, {item}"),
        )

    def one_of(self, items: Sequence[str]) -> str:
        """Alternatives, of which the learner may play any one: "a, b or c"."""
        # Translators: the end of a list of cards to choose from, any one of them:
        # "you may play a, b or c".
        return self.joined(items, self.site.pgettext("choice", "{list} or {item}"))

    def some_cards(self, codes: Sequence[str], join: Callable[[Sequence[str]], str]) -> str:
        """Cards as one list joined by `join`, those of one suit together with the suit
        named once, after their ranks ("the two or the five of cups"), not after each; the
        suits in the order their first cards come. Where a suit's group has several cards,
        the groups are parted so that each reads as one item: by commas, or, for three
        groups or more, by semicolons where a group holds commas of its own."""
        groups: dict[str, list[str]] = {}
        for code in codes:
            groups.setdefault(code[-1], []).append(code)
        items = [self._of_one_suit(group, join) for group in groups.values()]
        sizes = [len(group) for group in groups.values()]
        if len(items) == 1 or max(sizes) == 1:
            return join(items)
        ends = self._group_ends(long=len(items) > 2 and max(sizes) > 2)
        return self.joined(items, ends[join.__name__], ends["between"])

    def _group_ends(self, long: bool) -> dict[str, str]:
        """How suits' groups of cards are joined, by the join of their cards: parted by
        semicolons when a group is `long` (three cards or more, so with commas), else by
        commas."""
        site = self.site
        if long:
            return {
                # Translators: the semicolon between two suits' groups of cards, a group
                # holding commas: "the two, the five or the six of cups; the ace of coins; …".
                "between": site.pgettext("suit groups", "{list}; {item}"),
                # Translators: the last of several suits' groups of cards, every one of them:
                # "the two, the five and the six of cups; and the ace of coins".
                "all_of": site.pgettext("suit groups, every one", "{list}; and {item}"),
                # Translators: the last of several suits' groups of cards to choose from:
                # "you may play the two, the five or the six of cups; or the ace of coins".
                "one_of": site.pgettext("suit groups, choice", "{list}; or {item}"),
                # Translators: the last of several suits' groups of refused cards: "you may
                # not play the two, the five or the six of cups; or the ace of coins".
                "none_of": site.pgettext("suit groups, refused", "{list}; or {item}"),
            }
        return {
            # Translators: the comma between two suits' groups of cards, no group holding a
            # comma: "the two or the five of cups, the ace of coins, …".
            "between": site.pgettext("short suit groups", "{list}, {item}"),
            # Translators: the last of several short suits' groups, every one of them:
            # "the two and the five of cups, and the ace of coins".
            "all_of": site.pgettext("short suit groups, every one", "{list}, and {item}"),
            # Translators: the last of several short suits' groups to choose from: "you may
            # play the two or the five of cups, or the ace of coins".
            "one_of": site.pgettext("short suit groups, choice", "{list}, or {item}"),
            # Translators: the last of several short suits' groups of refused cards: "you
            # may not play the two or the five of cups, or the ace of coins".
            "none_of": site.pgettext("short suit groups, refused", "{list}, or {item}"),
        }

    def _of_one_suit(self, codes: Sequence[str], join: Callable[[Sequence[str]], str]) -> str:
        if len(codes) == 1:
            return self.the(codes[0])
        # Translators: cards of one suit named together, their ranks with the article
        # and the suit once: "the two, the five or the king of cups".
        return self.site.pgettext("cards of one suit", "{ranks} {of_suit}").format(
            ranks=join([self.rank(code) for code in codes]), of_suit=self._of_suits[codes[0][-1]]
        )

    def in_suits(self, letters: Sequence[str]) -> str:
        """Suits after "in", as a pair is "in" its suit, each with the preposition the
        language repeats before it or not: "in cups and swords"."""
        # Translators: the first suit of a list after "in": "(your pairs) in cups and
        # swords". Give the preposition of the sentences "the pair in {suit}".
        first = self.site.pgettext("suit after in", "in {suit}")
        # Translators: each other suit of that list, "swords" in "in cups and swords":
        # with the preposition again where the language repeats it ("en copas y en espadas").
        other = self.site.pgettext("suit after in, not the first", "{suit}")
        return self.all_of(
            [
                (other if index else first).format(suit=self.suit(letter))
                for index, letter in enumerate(letters)
            ]
        )

    def trumps(self, item: dict[str, Any]) -> str:
        return self.site.gettext("Trumps are {suit}.").format(suit=self.suit(item["trump"]))

    # -- each drill ------------------------------------------------------------

    def texts(self, drill: str, item: dict[str, Any]) -> dict[str, list[str]]:
        """The item's `lines` and `why`, as the widget and the worksheets show them."""
        writers = {
            "legal": self._legal,
            "winner": self._winner,
            "points": self._points,
            "cants": self._cants,
        }
        lines, why = writers[drill](item)
        return {"lines": lines, "why": why}

    def _legal(self, item: dict[str, Any]) -> tuple[list[str], list[str]]:
        led = item["trick"][0][-1]
        words = {
            "suit": self.suit(led),
            "card": self.the(item["trick"][item["best"]]),
            "cards": self.some_cards(item["legal"], self.one_of),
        }
        why = [self._duty(item["duty"], led == item["trump"], len(item["legal"])).format(**words)]
        # The refused cards grouped by reason, in the bank's order (each suit's strongest
        # card first, as a player names them): one sentence per rule.
        by_reason: dict[str, list[str]] = {}
        for code, reason in item["reasons"].items():
            by_reason.setdefault(reason, []).append(code)
        for reason, codes in by_reason.items():
            refused = {**words, "cards": self.some_cards(codes, self.none_of)}
            why.append(self._refusal(reason, len(codes)).format(**refused))
        return [self.trumps(item)], why

    def _duty(self, duty: str, trump_led: bool, n: int) -> str:
        """The sentence of the rule that decided the legal cards, with `{suit}` (the suit
        led), `{card}` (the card winning the trick) and `{cards}` (the legal cards)."""
        site = self.site
        if duty == "free":
            if trump_led:
                return site.gettext(
                    "Trumps were led and you have none, so anything goes: you may play any card."
                )
            return site.gettext(
                "You have no {suit} and no trumps, so anything goes: you may play any card."
            )
        if duty == "no_higher_trump":
            return site.gettext(
                "You have no {suit} and no trump higher than {card}, so you need not play "
                "a trump: you may play any card."
            )
        if duty == "follow":
            return site.ngettext(
                "You must follow suit: you may play {cards}, your only card in {suit}, "
                "even though it does not beat {card}.",
                "You must follow suit: you may play any of your {suit}, {cards}, "
                "since none of them beats {card}.",
                n,
            )
        if duty == "beat":
            return site.ngettext(
                "You must follow suit and beat {card}: you may play {cards}, your only card "
                "in {suit} that beats it.",
                "You must follow suit and beat {card}: you may play {cards}, your cards in "
                "{suit} that beat it.",
                n,
            )
        if duty == "follow_trumped":
            return site.ngettext(
                "The trick has been ruffed with {card}, so following suit is enough: "
                "you may play {cards}, your only card in {suit}.",
                "The trick has been ruffed with {card}, so following suit is enough: "
                "you may play any of your {suit}, {cards}.",
                n,
            )
        if duty == "trump":
            return site.ngettext(
                "You have no {suit} and nobody has ruffed yet, so you must ruff: "
                "you may play {cards}, your only trump.",
                "You have no {suit} and nobody has ruffed yet, so you must ruff: "
                "you may play any of your trumps, {cards}.",
                n,
            )
        if duty == "overtrump":
            return site.ngettext(
                "You have no {suit} and you hold a trump higher than {card}, so you must "
                "overruff: you may play {cards}.",
                "You have no {suit} and you hold trumps higher than {card}, so you must "
                "overruff: you may play {cards}.",
                n,
            )
        raise ValueError(f"a legal item with no sentence for its duty {duty!r}")

    def _refusal(self, reason: str, n: int) -> str:
        """The sentence refusing `{cards}` for `reason`."""
        site = self.site
        if reason == "must_follow_suit":
            return site.ngettext(
                "You may not play {cards}: you must follow suit with your {suit}.",
                "You may not play {cards}: you must follow suit with your {suit}.",
                n,
            )
        if reason == "must_beat":
            return site.ngettext(
                "You may not play {cards}: it does not beat {card}, and you hold a card "
                "in {suit} that does.",
                "You may not play {cards}: they do not beat {card}, and you hold a card "
                "in {suit} that does.",
                n,
            )
        if reason == "must_trump":
            return site.ngettext(
                "You may not play {cards}: it is not a trump, and you must ruff.",
                "You may not play {cards}: they are not trumps, and you must ruff.",
                n,
            )
        if reason == "must_overtrump":
            return site.ngettext(
                "You may not play {cards}: it is not a trump higher than {card}, and you "
                "must overruff.",
                "You may not play {cards}: they are not trumps higher than {card}, and you "
                "must overruff.",
                n,
            )
        raise ValueError(f"a legal item with no sentence for its refusal {reason!r}")

    def _winner(self, item: dict[str, Any]) -> tuple[list[str], list[str]]:
        site = self.site
        trick = item["trick"]
        words = {"card": self.the(trick[item["winner"]]), "suit": self.suit(trick[0][-1])}
        if item["why"] == "highest_trump":
            text = site.gettext("The trick goes to {card}: it is the highest trump played.")
        elif item["why"] == "only_trump":
            text = site.gettext(
                "The trick goes to {card}: it is the only trump played, and a trump beats "
                "any card of another suit."
            )
        else:
            text = site.gettext(
                "The trick goes to {card}: no trump was played, and it is the highest card "
                "in {suit}, the suit led."
            )
        why = [text.format(**words)]
        astray = [trick[i] for i in item["astray"]]
        if astray:
            why.append(
                site.ngettext(
                    "A card of another suit that is not a trump never wins: {cards} could "
                    "not take the trick.",
                    "Cards of another suit that are not trumps never win: {cards} could "
                    "not take the trick.",
                    len(astray),
                ).format(cards=self.some_cards(astray, self.all_of))
            )
        return [self.trumps(item)], why

    def _points(self, item: dict[str, Any]) -> tuple[list[str], list[str]]:
        site = self.site
        counted = [(c, v) for c, v in zip(item["trick"], item["values"], strict=True) if v]
        cards = self.all_of(self._counts(counted)) if counted else ""
        total = item["points"]
        if item["last"] and counted:
            text = site.ngettext(
                "This trick is worth {points} point: {cards}, and the ten for the last trick.",
                "This trick is worth {points} points: {cards}, and the ten for the last trick.",
                total,
            )
        elif item["last"]:
            text = site.ngettext(
                "This trick is worth {points} point: its cards count nothing, but it "
                "takes the ten for the last trick.",
                "This trick is worth {points} points: its cards count nothing, but it "
                "takes the ten for the last trick.",
                total,
            )
        elif counted:
            text = site.ngettext(
                "These cards are worth {points} point ({cards}).",
                "These cards are worth {points} points ({cards}).",
                total,
            )
        else:
            text = site.gettext(
                "These cards are worth nothing: only aces, threes, kings, horses and jacks count."
            )
        bonus = site.gettext(
            "It is the last trick of the hand, so it also scores the last-trick bonus."
        )
        lines = [bonus] if item["last"] else []
        return lines, [text.format(points=total, cards=cards)]

    def _counts(self, counted: Sequence[tuple[str, int]]) -> list[str]:
        """The terms of a count of points, one per rank in the order the ranks first come:
        "the ace 11", or for cards of one rank together "the two threes 20", so that no two
        terms read alike."""
        by_rank: dict[int, list[str]] = {}
        for code, _ in counted:
            by_rank.setdefault(rank_of(parse_card(code)), []).append(code)
        points = dict(counted)
        # Translators: one term in a count of points: a card with its article ("the ace
        # 11"), or several cards of one rank ("the two threes 20"), and what they are worth.
        term = self.site.pgettext("card points", "{card} {points}")
        return [
            term.format(
                card=self.rank(codes[0]) if len(codes) == 1 else self._group(rank, len(codes)),
                points=sum(points[code] for code in codes),
            )
            for rank, codes in by_rank.items()
        ]

    def _group(self, rank: int, count: int) -> str:
        """Two, three or four cards of one counting rank, as a count of points names them."""
        site = self.site
        groups = {
            # Translators: cards of one rank in a count of points, "the two aces 22": the
            # term "{card} {points}" gives them their points.
            (1, 2): site.pgettext("cards in a count", "the two aces"),
            (1, 3): site.pgettext("cards in a count", "the three aces"),
            (1, 4): site.pgettext("cards in a count", "the four aces"),
            (3, 2): site.pgettext("cards in a count", "the two threes"),
            (3, 3): site.pgettext("cards in a count", "the three threes"),
            (3, 4): site.pgettext("cards in a count", "the four threes"),
            (12, 2): site.pgettext("cards in a count", "the two kings"),
            (12, 3): site.pgettext("cards in a count", "the three kings"),
            (12, 4): site.pgettext("cards in a count", "the four kings"),
            (11, 2): site.pgettext("cards in a count", "the two horses"),
            (11, 3): site.pgettext("cards in a count", "the three horses"),
            (11, 4): site.pgettext("cards in a count", "the four horses"),
            (10, 2): site.pgettext("cards in a count", "the two jacks"),
            (10, 3): site.pgettext("cards in a count", "the three jacks"),
            (10, 4): site.pgettext("cards in a count", "the four jacks"),
        }
        return groups[(rank, count)]

    def _cants(self, item: dict[str, Any]) -> tuple[list[str], list[str]]:
        site = self.site
        sung = item["sung"]
        lines = [self.trumps(item)]
        if sung:
            lines.append(
                site.ngettext(
                    "Your team has already sung the pair {in_suits}.",
                    "Your team has already sung the pairs {in_suits}.",
                    len(sung),
                ).format(in_suits=self.in_suits(sung))
            )
        else:
            lines.append(site.gettext("Your team has not sung yet."))
        answer = item["answer"]
        if answer["kind"] == "tute":
            if item["tute"] == "kings":
                text = site.gettext(
                    "You hold all four kings: you sing tute, and your team wins the hand at once."
                )
            else:
                text = site.gettext(
                    "You hold all four horses: you sing tute, and your team wins the hand at once."
                )
            return lines, [text]
        held_sung = [s for s in item["pairs"] if s in sung]
        waiting = [s for s in item["pairs"] if s not in sung and s != answer["suit"]]
        why = []
        if answer["kind"] == "none" and not held_sung:
            why.append(
                site.gettext(
                    "Nothing to sing: you need both the king and the horse of one suit, "
                    "and you hold no such pair."
                )
            )
        elif answer["kind"] == "none":
            why.append(site.gettext("Nothing to sing."))
        elif answer["kind"] == "forty":
            why.append(
                site.gettext(
                    "Your team has just won a trick and you hold the king and the horse of "
                    "trumps, not yet sung: you sing the 40 in {suit}."
                ).format(suit=self.suit(answer["suit"]))
            )
        else:
            why.append(
                site.gettext(
                    "Your team has just won a trick and you hold the king and the horse of "
                    "{suit}, a suit not yet sung: you sing the 20 in {suit}."
                ).format(suit=self.suit(answer["suit"]))
            )
        if held_sung:
            why.append(
                site.ngettext(
                    "Your pair {in_suits} was already sung, and each suit is sung only once.",
                    "Your pairs {in_suits} were already sung, and each suit is sung only once.",
                    len(held_sung),
                ).format(in_suits=self.in_suits(held_sung))
            )
        if waiting and answer["kind"] == "forty":
            why.append(
                site.ngettext(
                    "The 40 comes first: your pair {in_suits} waits for the next trick your "
                    "team wins.",
                    "The 40 comes first: your pairs {in_suits} wait for the next tricks your "
                    "team wins.",
                    len(waiting),
                ).format(in_suits=self.in_suits(waiting))
            )
        elif waiting:
            why.append(
                site.ngettext(
                    "You sing one pair at a time, the 20s in the order {order}: your pair "
                    "{in_suits} waits for the next trick your team wins.",
                    "You sing one pair at a time, the 20s in the order {order}: your pairs "
                    "{in_suits} wait for the next tricks your team wins.",
                    len(waiting),
                ).format(
                    in_suits=self.in_suits(waiting),
                    order=self.all_of([self.suit(s) for s in SUIT_LETTERS]),
                )
            )
        return lines, why


def bank_texts(
    banks: dict[str, list[dict[str, Any]]], explainer: Explainer
) -> dict[str, list[dict[str, list[str]]]]:
    """Every drill's texts in the explainer's language, item for item with its bank (the
    items as the bank file has them)."""
    return {
        drill: [explainer.texts(drill, item) for item in items] for drill, items in banks.items()
    }


@dataclass(frozen=True)
class Picture:
    """A card of a worksheet question: its code, its image's alt text, and who played it
    (empty outside a trick)."""

    code: str
    alt: str
    seat: str


@dataclass(frozen=True)
class Row:
    """A labelled row of cards: a trick's (each over who played it) or a hand's."""

    label: str
    cards: tuple[Picture, ...]
    hand: bool


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
    texts: str
    texts_script: str
    questions: tuple[Question, ...]


def drills(
    banks: dict[str, list[Item]],
    strings: dict[str, str],
    explainer: Explainer,
    lang: str,
    link: Callable[[str], str],
) -> list[Drill]:
    """The page's drills in :data:`DRILLS` order; `link` makes an output file's URL relative."""
    return [
        Drill(
            id=drill,
            title=strings[f"title_{drill}"],
            task=strings[f"task_{drill}"],
            bank=link(f"{BANK_DIR}/{drill}.json"),
            script=link(f"{BANK_DIR}/{drill}.js"),
            texts=link(f"{BANK_DIR}/{lang}/{drill}.json"),
            texts_script=link(f"{BANK_DIR}/{lang}/{drill}.js"),
            questions=tuple(
                _question(drill, item, strings, explainer) for item in _samples(banks[drill])
            ),
        )
        for drill in DRILLS
        if drill in banks
    ]


def _samples(items: Sequence[Item]) -> list[dict[str, Any]]:
    """The first item of each worksheet level, as the bank file has it."""
    return [next(i for i in items if i.level == level).to_json() for level in WORKSHEET_LEVELS]


def _question(
    drill: str, item: dict[str, Any], strings: dict[str, str], explainer: Explainer
) -> Question:
    """A bank item as a printable question: its sentences, its cards, its answer."""

    def row(label: str, codes: Sequence[str], seats: bool, hand: bool) -> Row:
        # The learner plays next on a trick in `legal`, and played its last card elsewhere.
        count = len(codes) - (0 if drill == "legal" else 1)
        pictures = tuple(
            Picture(
                code,
                card_name(code, explainer.game),
                strings[SEAT_KEYS[(i - count) % 4]] if seats else "",
            )
            for i, code in enumerate(codes)
        )
        return Row(label, pictures, hand)

    rows: tuple[Row, ...] = ()
    if "trick" in item:
        rows = (row(strings["table"], item["trick"], seats=drill != "points", hand=False),)
    if drill in ("legal", "cants"):
        rows = (*rows, row(strings["hand"], item["hand"], seats=False, hand=True))
    texts = explainer.texts(drill, item)
    return Question(tuple(texts["lines"]), rows, tuple(texts["why"]))
