"""The interface strings of the browser widget, translated once per page.

The site builder calls `widget_strings` with the page language's catalog and embeds the
result as `<script type="application/json" data-widget-strings>`. Message ids are English
and wrapped in `gettext`/`pgettext`/`ngettext` so Babel extraction finds them; `{name}`
placeholders are filled by the widget. Each is a whole sentence or a label, never a piece
the widget joins to another; a seat's name in a sentence is its `subject_*` form,
never its label. A message with plural forms is `{"forms": [...], "by_count":
"0011111111"}`: its distinct forms, and the index of the one each count from 0 to `HAND_SIZE`
(the counts the widget says) takes, a digit per count, so a page carries each form once.
"""

from __future__ import annotations

from collections.abc import Callable

from engine import HAND_SIZE

Plural = dict[str, list[str] | str]
"""A message with plural forms, as the widget reads it (see above)."""

EXAMPLE_ONLY = frozenset({"legal", "try_card", "trump_suit", "played_by"})
"""Strings only the rule-example board reads: pages without a board leave them out."""
PROGRESS_ONLY = frozenset({"completed", "resume"})
"""Strings only the lessons index's progress marks read (progress.js): other pages leave them
out."""
TRUMP_SUITS = {"trumps_o": "o", "trumps_c": "c", "trumps_e": "e", "trumps_b": "b"}
"""The table's trump label by suit letter: a lesson page holds only its lesson's suit's."""


def widget_strings(
    gettext: Callable[[str], str],
    pgettext: Callable[[str, str], str],
    ngettext: Callable[[str, str, int], str],
) -> dict[str, str | Plural]:
    """Every string the widget shows, keyed by the stable names the JavaScript reads."""
    return {
        "seat_you": pgettext("seat", "You"),
        "seat_partner": pgettext("seat", "Your partner"),
        "seat_right": pgettext("seat", "The rival on your right"),
        "seat_left": pgettext("seat", "The rival on your left"),
        # Translators: the seats as the subject opening a sentence ("… plays the ace"), where
        # the labels above name them on the table; a language may word the two alike.
        "subject_partner": pgettext("seat, opening a sentence", "Your partner"),
        "subject_right": pgettext("seat, opening a sentence", "The rival on your right"),
        "subject_left": pgettext("seat, opening a sentence", "The rival on your left"),
        "dealer": pgettext("seat", "Dealer"),
        "you_deal": gettext("You deal"),
        "trumps_o": gettext("Coins are trumps"),
        "trumps_c": gettext("Cups are trumps"),
        "trumps_e": gettext("Swords are trumps"),
        "trumps_b": gettext("Clubs are trumps"),
        "trump_played": pgettext("the card that set trump", "played"),
        "team_us": pgettext("team", "Us"),
        "team_them": pgettext("team", "Them"),
        "tricks": pgettext("score", "Tricks"),
        "points": pgettext("score", "Points"),
        "score": gettext("Score"),
        "hand": gettext("Your cards"),
        "table": gettext("The table"),
        "trick": gettext("Cards on the table"),
        "cards_left": _plural(
            [
                ngettext("{seat} holds {count} card.", "{seat} holds {count} cards.", n)
                for n in range(HAND_SIZE + 1)
            ]
        ),
        "played_by": gettext("{seat} played {card}."),
        "your_turn": gettext("Your turn"),
        "seat_to_play": gettext("{seat} is to play."),
        "cant_badge": gettext("{points} in {suit}"),
        "tute_badge": gettext("Tute!"),
        "continue": gettext("Continue"),
        "restart": gettext("Restart the lesson"),
        "start_lesson": gettext("Start the lesson"),
        "leave_lesson": gettext("Leave the lesson"),
        "last_trick": gettext("Show the last trick"),
        "next_lesson": gettext("Next lesson"),
        "complete": gettext("Lesson complete!"),
        "back_to_lessons": gettext("Back to the lessons"),
        "completed": gettext("Completed"),
        "press_continue": gettext("Not your turn yet: press Continue."),
        "wins": pgettext("the card that takes the trick", "wins"),
        "new_deal": gettext("A new hand is dealt."),
        "face_up_note": gettext("face up for the lesson"),
        "final_score": gettext("Your team finishes on {us}, the rivals on {them}."),
        "progress": gettext("You have completed {done} of the {total} lessons."),
        "recap": gettext("The rule in cards"),
        "resume": gettext("Continue with “{title}”, where you left off"),
        "legal": gettext("You may play this card."),
        "trump_suit": gettext("Trumps are {suit}."),
        "try_card": gettext("Tap a card to see whether you may play it."),
    }


def _plural(by_count: list[str]) -> Plural:
    """A plural message from its text for each count: each distinct form once."""
    forms = list(dict.fromkeys(by_count))
    return {"forms": forms, "by_count": "".join(str(forms.index(text)) for text in by_count)}
