"""The interface strings of the browser widget, translated once per page.

The site builder calls `widget_strings` with the page language's catalog and embeds the
result as `<script type="application/json" data-widget-strings>`. Message ids are English
and wrapped in `gettext`/`pgettext` so Babel extraction finds them; `{name}` placeholders
are filled by the widget.
"""

from __future__ import annotations

from collections.abc import Callable

EXAMPLE_ONLY = frozenset({"legal", "try_card", "trump"})
"""Strings only the rule-example board reads: pages without a board leave them out."""


def widget_strings(
    gettext: Callable[[str], str], pgettext: Callable[[str, str], str]
) -> dict[str, str]:
    """Every string the widget shows, keyed by the stable names the JavaScript reads."""
    return {
        "seat_you": pgettext("seat", "You"),
        "seat_partner": pgettext("seat", "Your partner"),
        "seat_right": pgettext("seat", "The rival on your right"),
        "seat_left": pgettext("seat", "The rival on your left"),
        "dealer": pgettext("seat", "Dealer"),
        "you_deal": gettext("You deal"),
        "trump": pgettext("trump card", "Trump"),
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
        "cards_left": gettext("{seat}: cards in hand: {count}"),
        "played_by": gettext("{seat}: {card}"),
        "your_turn": gettext("Your turn"),
        "seat_to_play": gettext("{seat} to play"),
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
        "final_score": gettext("Score: us {us}, them {them}"),
        "progress": gettext("Lessons completed: {done} / {total}"),
        "recap": gettext("The rule in cards"),
        "resume": gettext("Continue where you left off: {title}"),
        "legal": gettext("You may play this card."),
        "try_card": gettext("Tap a card to see whether you may play it."),
    }
