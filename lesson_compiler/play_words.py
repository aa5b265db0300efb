"""Words of the ``game`` domain for a page that plays hands of its own: the sentences that
:func:`lesson_compiler.names.event_text` says, as templates the page's script fills.

Message ids are English and every call is a literal ``gettext``/``ngettext`` so that
``pybabel extract`` finds them; a plural message comes with all its forms.
"""

from __future__ import annotations

from typing import Protocol

from lesson_compiler.problems import Messages


class PluralForms(Protocol):
    """A catalog's plural messages with every form, for a script that picks one by number."""

    def ngettext(self, singular: str, plural: str, /) -> list[str]: ...


def announcements(game: Messages, forms: PluralForms) -> dict[str, str | list[str]]:
    """The sentences :func:`event_text` says, as templates for a page that plays hands of
    its own (``{seat}``, ``{card}``, ``{suit}``, ``{n}``, ``{bonus}``, ``{us}``, ``{them}``
    to fill; a plural message as its forms)."""
    return {
        "you_play": game.gettext("You play {card}."),
        "seat_plays": game.gettext("{seat} plays {card}."),
        "you_win_trick": forms.ngettext(
            "You win the trick: {n} point.", "You win the trick: {n} points."
        ),
        "seat_wins_trick": forms.ngettext(
            "{seat} wins the trick: {n} point.", "{seat} wins the trick: {n} points."
        ),
        "last_trick_bonus": game.gettext("And {bonus} more for the last trick."),
        "you_forty": game.gettext("You sing the forty in {suit}!"),
        "seat_forty": game.gettext("{seat} sings the forty in {suit}!"),
        "you_twenty": game.gettext("You sing the twenty in {suit}!"),
        "seat_twenty": game.gettext("{seat} sings the twenty in {suit}!"),
        "you_tute_kings": game.gettext("You sing tute: all four kings!"),
        "seat_tute_kings": game.gettext("{seat} sings tute: all four kings!"),
        "you_tute_horses": game.gettext("You sing tute: all four horses!"),
        "seat_tute_horses": game.gettext("{seat} sings tute: all four horses!"),
        "won_tute": game.gettext("Your team wins the hand with the tute."),
        "lost_tute": game.gettext("The rivals win the hand with the tute."),
        "won_last_trick": game.gettext(
            "A tie at {us} points: your team wins, as it took the last trick."
        ),
        "lost_last_trick": game.gettext(
            "A tie at {us} points: the rivals win, as they took the last trick."
        ),
        "won_points": game.gettext("The hand is over: your team wins, {us} to {them}."),
        "lost_points": game.gettext("The hand is over: the rivals win, {them} to {us}."),
    }
