"""The "Play a hand" page: its words, and the scripts it ships from `engine-js/`.

The page plays whole hands in the browser, so its rules and its machine players are
scripts (`engine-js/`), which the build bundles with the page's own script into the one
script this page alone loads (`static/play.js`); the bots' Web Worker runs that same file.
What is decided there (legal cards, tricks, cants, points, the bots' cards) is none of the
builder's business: it gives the page the words to say it in.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from lesson_compiler import game_words
from lesson_compiler.catalogs import CompiledCatalog
from lesson_compiler.play_words import announcements
from site_builder.assets import PageOnly, Part
from site_builder.widget_strings import Plural, widget_strings

ENGINE_SCRIPTS = ("rules.js", "bots.js", "bot-worker.js")
"""The files of `engine-js/` the page needs: the rules, the bots, the bots' Web Worker."""

PLAY_SCRIPT = "static/play.js"
"""The play page's one script: the engine's scripts, in order, then the page's own."""

PAGE_SCRIPTS = ("site.js", "widget-core.js", "play.js")
"""The static scripts the play page's script bundles after the engine's: the site's, the
widgets' shared core, the page's own. They need a page: the bots' worker, which runs the
same file, skips them."""

PLAY_STYLES = ("site.css", "play.css")
"""The play page's one stylesheet, `static/play.css`: the site's, then the page's own."""


SHARED_STRINGS = (
    *("seat_you", "seat_partner", "seat_right", "seat_left", "dealer"),
    *("subject_partner", "subject_right", "subject_left"),
    *("team_us", "team_them", "points", "score", "hand", "table", "trick"),
    *("played_by", "your_turn", "seat_to_play", "cant_badge", "tute_badge", "wins"),
    "continue",
)
"""The lesson widget's strings the page says too, under the same names."""

PLURAL_LIMIT = 256
"""Numbers the page's sentences count (points, tricks, cards) stay below this; a number
above takes the form of the last one."""


def play_bundle(engine: Path, static: Path) -> tuple[dict[str, list[Part]], list[Path]]:
    """The play page's script and stylesheet as bundles for `static_files`, and the
    engine's scripts missing. The script: those it needs from `engine-js/` (`engine`), then
    the site's, the widgets' core and its own from the static folder; the stylesheet: the
    site's, then its own. One file of each, because together they compress a tenth smaller
    than apart, and the bots' worker runs the script the page already has."""
    paths = [engine / name for name in ENGINE_SCRIPTS]
    missing = [path for path in paths if not path.is_file()]
    bundles: dict[str, list[Part]] = {
        PLAY_SCRIPT: [*paths, *(PageOnly(static / name) for name in PAGE_SCRIPTS)],
        "static/play.css": [static / name for name in PLAY_STYLES],
    }
    return bundles, missing


class PluralForms:
    """A catalog's plural messages with every form a number below `PLURAL_LIMIT` takes, and
    which of them each number takes, so the page's script can say "1 point" and "2 points" in
    the page's language. A form no such number takes (Portuguese's for millions) is left out,
    and the forms are numbered in the order the catalog has them."""

    def __init__(self, catalog: CompiledCatalog) -> None:
        self.catalog = catalog
        indexes = [catalog.plural_index(n) for n in range(PLURAL_LIMIT)]
        reached = sorted(set(indexes))
        self.table = "".join(str(reached.index(index)) for index in indexes)
        """The form of each number from 0, one digit each."""
        self._examples = [indexes.index(index) for index in reached]
        """A number that takes each form, in the forms' order."""

    def ngettext(self, singular: str, plural: str, /) -> list[str]:
        """Every form of a plural message a number below `PLURAL_LIMIT` takes, in order."""
        return [self.catalog.ngettext(singular, plural, n) for n in self._examples]


def play_data(site: CompiledCatalog, game: CompiledCatalog) -> dict[str, Any]:
    """Everything the page's script says, in one language: the interface (`site`), the
    game's words and announcements (`game`) and each catalog's plural table."""
    site_forms, game_forms = PluralForms(site), PluralForms(game)
    words = game_words(game)
    return {
        "strings": play_strings(site, site_forms),
        "events": announcements(game, game_forms),
        "cards": words["cards"],
        "the_cards": words["the_cards"],
        "suits": words["suits"],
        "of_suits": words["of_suits"],
        "reasons": words["reasons"],
        "plural": {"site": site_forms.table, "game": game_forms.table},
    }


def play_strings(site: CompiledCatalog, forms: PluralForms) -> dict[str, str | list[str] | Plural]:
    """The page's interface strings by the names play.js reads; `{name}` placeholders are
    filled there, and a plural message is its list of forms."""
    gettext = site.gettext
    shared = widget_strings(gettext, site.pgettext, site.ngettext)
    return {
        **{key: shared[key] for key in SHARED_STRINGS},
        "cards_left": forms.ngettext("{seat} holds {count} card.", "{seat} holds {count} cards."),
        "trump": site.pgettext("trump card", "Trump"),
        "jocs": site.pgettext("score", "Games"),
        "deal": gettext("Hand {number}"),
        "deal_line": gettext("Hand {number}. {seat} deals; {suit} are trumps."),
        "you_deal_line": gettext("Hand {number}. You deal; {suit} are trumps."),
        "hint": gettext("Hint"),
        "takeback": gettext("Take back"),
        "new_hand": gettext("Next hand"),
        "new_match": gettext("New match"),
        "review": gettext("Review"),
        "replay": gettext("Play this hand again"),
        "last_trick": gettext("Last trick"),
        "you_played": gettext("You played {card}."),
        "options": gettext("Help"),
        "light": gettext("Light the cards I may play"),
        "no_help": gettext("Play without help: no hints, no taking back"),
        "thinking": gettext("{seat} is thinking…"),
        "hint_thinking": gettext("Looking for the card the machine would play…"),
        "trump_card": gettext("The dealer shows {card}, which sets trumps."),
        "not_your_turn": gettext("Wait: it is not your turn yet."),
        "taken_back": gettext("Your last card is back in your hand."),
        "hint_line": gettext("The machine would play {card}."),
        "last_trick_line": gettext("{seat} won the last trick."),
        "last_trick_you": gettext("You won the last trick."),
        "no_last_trick": gettext("No trick has been played yet in this hand."),
        "trick_stays": gettext("Look at the trick as long as you like, then press Continue."),
        "match_won": gettext("Your team wins the match, {us} games to {them}."),
        "match_lost": gettext("The rivals win the match, {them} games to {us}."),
        "review_title": gettext("Review of the hand"),
        "reviewing": gettext("Weighing your cards against the others you could have played…"),
        "review_basis": gettext(
            "Each of your cards is weighed on what you could know when you played it: "
            "the hidden hands are imagined many times, never looked at."
        ),
        "review_clean": gettext("None of your cards cost your team points: well played."),
        "review_count": forms.ngettext(
            "In one trick you had a better card to play.",
            "In {n} tricks you had a better card to play.",
        ),
        "review_item": forms.ngettext(
            "Trick {trick}: {card} instead of {better}, about {n} point lost.",
            "Trick {trick}: {card} instead of {better}, about {n} points lost.",
        ),
        "moments_title": gettext("The biggest moments"),
        "moment_cost": forms.ngettext(
            "In trick {trick} you played {card}; {better} would have kept about {n} more "
            "point for your team.",
            "In trick {trick} you played {card}; {better} would have kept about {n} more "
            "points for your team.",
        ),
        "moment_best": forms.ngettext(
            "In trick {trick} you found the best card, {card}: about {n} point more than "
            "your weakest choice.",
            "In trick {trick} you found the best card, {card}: about {n} points more than "
            "your weakest choice.",
        ),
        "review_failed": gettext("The review could not be worked out in this browser."),
        "bots_failed": gettext("The machine players could not start in this browser."),
        **why_strings(gettext),
    }


def why_strings(gettext: Callable[[str], str]) -> dict[str, str]:
    """Why a machine player chose its card, by the bots' `why` code (`why_<code>`): one
    sentence that follows "The machine would play …" and "… played …"."""
    return {
        "why_only_legal": gettext("No other card may be played here."),
        "why_partner_winning_give_points": gettext(
            "Partner is sure to win this trick, so now is the time to give them points."
        ),
        "why_win_trick": gettext("It takes a trick worth having and is unlikely to be beaten."),
        "why_win_to_sing": gettext(
            "It wins the trick, so that a king and horse of the same suit, held together, "
            "can be sung."
        ),
        "why_cheap_discard": gettext(
            "The trick cannot be won, or is not worth winning, "
            "so the card worth least is thrown away."
        ),
        "why_keep_cant_pair": gettext(
            "A card worth little, keeping the king and horse of a suit together to sing later."
        ),
        "why_draw_trumps": gettext(
            "A trump lead, to draw the rivals' trumps while holding plenty of them."
        ),
        "why_lead_winner": gettext(
            "The highest card left in its suit, so it should win the trick."
        ),
        "why_lead_low": gettext("A low lead, keeping the high cards for later."),
    }
