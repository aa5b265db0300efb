"""Words of the ``game`` domain: card, suit and rank names, refusals and announcements.

Message ids are English; every call is a literal ``gettext``/``pgettext``/``ngettext``
so that ``pybabel extract`` finds it. Seats are named from the learner's side.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence

from engine import (
    DECK_SIZE,
    LAST_TRICK_BONUS,
    SUIT_LETTERS,
    TRUMP_CANT_POINTS,
    Card,
    Reason,
    card_code,
    parse_card,
    rank_of,
    suit_of,
    winning_index,
)
from lesson_compiler.model import (
    CantEvent,
    Event,
    HandOverEvent,
    PlayEvent,
    TrickEvent,
    TuteEvent,
)
from lesson_compiler.problems import Messages


class _Mark:
    """Marks a message for extraction without translating it: ``pgettext`` returns the pair.

    The name tables below are built once; Babel finds their ids by the method's name.
    """

    def pgettext(self, context: str, message: str) -> tuple[str, str]:
        return context, message


_mark = _Mark()

_SUITS = {
    "o": _mark.pgettext("suit", "coins"),
    "c": _mark.pgettext("suit", "cups"),
    "e": _mark.pgettext("suit", "swords"),
    "b": _mark.pgettext("suit", "clubs"),
}
_OF_SUITS = {
    "o": _mark.pgettext("card suit", "of coins"),
    "c": _mark.pgettext("card suit", "of cups"),
    "e": _mark.pgettext("card suit", "of swords"),
    "b": _mark.pgettext("card suit", "of clubs"),
}
_RANKS = {
    1: _mark.pgettext("rank", "ace"),
    2: _mark.pgettext("rank", "two"),
    3: _mark.pgettext("rank", "three"),
    4: _mark.pgettext("rank", "four"),
    5: _mark.pgettext("rank", "five"),
    6: _mark.pgettext("rank", "six"),
    7: _mark.pgettext("rank", "seven"),
    10: _mark.pgettext("rank", "jack"),
    11: _mark.pgettext("rank", "horse"),
    12: _mark.pgettext("rank", "king"),
}
_RANKS_WITH_ARTICLE = {
    1: _mark.pgettext("rank with article", "the ace"),
    2: _mark.pgettext("rank with article", "the two"),
    3: _mark.pgettext("rank with article", "the three"),
    4: _mark.pgettext("rank with article", "the four"),
    5: _mark.pgettext("rank with article", "the five"),
    6: _mark.pgettext("rank with article", "the six"),
    7: _mark.pgettext("rank with article", "the seven"),
    10: _mark.pgettext("rank with article", "the jack"),
    11: _mark.pgettext("rank with article", "the horse"),
    12: _mark.pgettext("rank with article", "the king"),
}
_SEATS = {
    1: _mark.pgettext("seat", "The rival on your right"),
    2: _mark.pgettext("seat", "Your partner"),
    3: _mark.pgettext("seat", "The rival on your left"),
}


def suit_name(letter: str, game: Messages) -> str:
    """The suit's name: "oros", "copes"."""
    return game.pgettext(*_SUITS[letter])


def of_suit(letter: str, game: Messages) -> str:
    """The suit as a card name ends: "d'oros", "de copes" (elision is the language's)."""
    return game.pgettext(*_OF_SUITS[letter])


def rank_name(rank: int, game: Messages) -> str:
    """The rank's name: "as", "tres", "rei" (for the points table and card names)."""
    return game.pgettext(*_RANKS[rank])


def the_rank(rank: int, game: Messages) -> str:  # "l'as", "el rei": as in a count of points
    return game.pgettext(*_RANKS_WITH_ARTICLE[rank])


def _compose(rank: str, card: Card, game: Messages) -> str:
    # Translators: a card's name from its rank ("as", "el rei") and suit ("d'oros").
    return game.gettext("{rank} {of_suit}").format(
        rank=rank, of_suit=of_suit(SUIT_LETTERS[suit_of(card)], game)
    )


# Every lesson names the same forty cards in each language: each name is composed once.
@functools.lru_cache(maxsize=4096)
def card_name(code: str, game: Messages) -> str:
    """The card's name: "as d'oros", "rei de bastos"."""
    card = parse_card(code)
    return _compose(rank_name(rank_of(card), game), card, game)


@functools.lru_cache(maxsize=4096)
def the_card(card: Card, game: Messages) -> str:
    """The card's name with its definite article, to use inside a sentence: "l'as d'oros"."""
    return _compose(the_rank(rank_of(card), game), card, game)


def card_list(cards: Sequence[Card], game: Messages) -> str:
    """The cards named with their articles as a list inside a sentence: "l'as i el rei
    d'espases"; each language's own pattern joins the last two and the others."""
    names = [the_card(card, game) for card in cards]
    if not names:
        return ""
    text = names[-1]
    if len(names) > 1:
        # Translators: the last two items of a list: "the ace of swords and the king of cups".
        text = game.pgettext("list", "{first} and {last}").format(first=names[-2], last=text)
    for name in reversed(names[:-2]):
        # Translators: an item of a list before the rest of it: "the two, the ace and the king".
        text = game.pgettext("list", "{first}, {rest}").format(first=name, rest=text)
    return text


def game_words(game: Messages) -> dict[str, dict[str, str]]:
    """The words a script fills its sentences with, by card code, suit letter or reason:
    every card's name (alone and with its article), the suits (alone and in their "of"
    form) and each refusal reason's sentence."""
    codes = [card_code(card) for card in range(DECK_SIZE)]
    return {
        "cards": {code: card_name(code, game) for code in codes},
        "the_cards": {code: the_card(parse_card(code), game) for code in codes},
        "suits": {letter: suit_name(letter, game) for letter in SUIT_LETTERS},
        "of_suits": {letter: of_suit(letter, game) for letter in SUIT_LETTERS},
        "reasons": {str(reason): text for reason, text in refusal_templates(game).items()},
    }


def refusal_templates(game: Messages) -> dict[Reason, str]:
    """Why a card is refused, per reason, with ``{suit}`` (the suit led), ``{of_suit}``
    (its "of" form) and ``{card}`` (the card winning the trick, with its article) to fill.

    The English ids name the suit alone ("you have no cups"); a language that says "no card
    of cups" uses ``{of_suit}`` instead, so each fills whichever its sentence wants."""
    return {
        Reason.MUST_FOLLOW_SUIT: game.gettext("You must follow suit: you hold {suit}."),
        # Translators: {suit} is the suit led ("cups"), {of_suit} its "of" form ("of cups"):
        # each refusal may say either.
        Reason.MUST_BEAT: game.gettext("You must beat {card}: you hold a higher card in {suit}."),
        Reason.MUST_TRUMP: game.gettext(
            "You must trump: you have no {suit}, you hold trumps and nobody has trumped yet."
        ),
        Reason.MUST_OVERTRUMP: game.gettext(
            "You must overtrump: you have no {suit} and you hold a trump higher than {card}."
        ),
    }


def refusal_message(
    reason: Reason,
    trick: Sequence[Card],
    trump: int,
    game: Messages,
    taught_in: tuple[int, str] | None = None,
) -> str:
    """Why a card is refused, in plain words naming the rule and the cards concerned.

    ``taught_in`` is the number and localized title of a later lesson that teaches the rule:
    the learner does not know its name yet, so the rule is said without it, and that lesson
    is named.
    """
    led = SUIT_LETTERS[suit_of(trick[0])] if trick else ""
    best = trick[winning_index(trick, trump)] if trick else 0
    fields = {
        "suit": suit_name(led, game) if led else "",
        "of_suit": of_suit(led, game) if led else "",
        "card": the_card(best, game),
    }
    if taught_in is not None:
        number, title = taught_in
        # Translators: {rule} is the sentence saying the rule in plain words; the lesson
        # that teaches it is named after it, or before it where the language prefers.
        return game.gettext("{rule} Lesson {number}, “{title}”, teaches this.").format(
            rule=_untaught_rule(reason, game).format(**fields), number=number, title=title
        )
    templates = refusal_templates(game)
    if reason not in templates:
        raise ValueError(f"no lesson shows the refusal {reason}: the card is in the hand")
    return templates[reason].format(**fields)


def _untaught_rule(reason: Reason, game: Messages) -> str:
    """A refusal's rule said without the rule's name, for a learner not yet taught it."""
    if reason == Reason.MUST_FOLLOW_SUIT:
        return game.gettext("Not this card: you hold {suit}, the suit led, so play one of them.")
    if reason == Reason.MUST_BEAT:
        return game.gettext(
            "Not this card: you can beat {card} with one of your {suit}, so play a card that does."
        )
    if reason == Reason.MUST_TRUMP:
        return game.gettext(
            "Not this card: you have no {suit} and nobody has played a trump yet, "
            "so play one of your trumps."
        )
    if reason == Reason.MUST_OVERTRUMP:
        return game.gettext(
            "Not this card: you have no {suit} and you hold a trump higher than {card}, "
            "so play one that beats it."
        )
    raise ValueError(f"no lesson shows the refusal {reason}: the card is in the hand")


def _seat(seat: int, learner: int, game: Messages) -> str:
    """Another seat, named from the learner's side, to begin a sentence."""
    return game.pgettext(*_SEATS[(seat - learner) % 4])


def event_text(event: Event, learner: int, game: Messages) -> str:
    """The announcement of an event, as the widget shows it."""
    actor = _actor(event)
    mine = actor == learner
    who = "" if mine or actor < 0 else _seat(actor, learner, game)
    if isinstance(event, PlayEvent):
        card = the_card(event.card, game)
        if mine:
            return game.gettext("You play {card}.").format(card=card)
        return game.gettext("{seat} plays {card}.").format(seat=who, card=card)
    if isinstance(event, TrickEvent):
        return _trick_text(event, who, mine, game)
    if isinstance(event, CantEvent):
        suit = suit_name(SUIT_LETTERS[event.suit], game)
        if event.points == TRUMP_CANT_POINTS:
            text = (
                game.gettext("You sing the forty in {suit}!")
                if mine
                else game.gettext("{seat} sings the forty in {suit}!")
            )
        else:
            text = (
                game.gettext("You sing the twenty in {suit}!")
                if mine
                else game.gettext("{seat} sings the twenty in {suit}!")
            )
        return text.format(seat=who, suit=suit)
    if isinstance(event, TuteEvent):
        if event.kind == "kings":
            text = (
                game.gettext("You sing tute: all four kings!")
                if mine
                else game.gettext("{seat} sings tute: all four kings!")
            )
        else:
            text = (
                game.gettext("You sing tute: all four horses!")
                if mine
                else game.gettext("{seat} sings tute: all four horses!")
            )
        return text.format(seat=who)
    return _hand_over_text(event, learner, game)


def _actor(event: Event) -> int:
    if isinstance(event, (PlayEvent, CantEvent, TuteEvent)):
        return event.seat
    if isinstance(event, TrickEvent):
        return event.winner
    return -1


def _trick_text(event: TrickEvent, who: str, mine: bool, game: Messages) -> str:
    n = event.points
    if event.last and mine:
        text = game.ngettext(
            "You win the last trick: {n} point, and {bonus} more for winning it.",
            "You win the last trick: {n} points, and {bonus} more for winning it.",
            n,
        )
    elif event.last:
        text = game.ngettext(
            "{seat} wins the last trick: {n} point, and {bonus} more for winning it.",
            "{seat} wins the last trick: {n} points, and {bonus} more for winning it.",
            n,
        )
    elif mine:
        text = game.ngettext("You win the trick: {n} point.", "You win the trick: {n} points.", n)
    else:
        text = game.ngettext(
            "{seat} wins the trick: {n} point.", "{seat} wins the trick: {n} points.", n
        )
    return text.format(seat=who, n=n, bonus=LAST_TRICK_BONUS)


def _hand_over_text(event: HandOverEvent, learner: int, game: Messages) -> str:
    ours = event.winner == learner % 2
    us, them = event.points[learner % 2], event.points[1 - learner % 2]
    if event.reason == "tute":
        text = (
            game.gettext("Your team wins the hand with the tute.")
            if ours
            else game.gettext("The rivals win the hand with the tute.")
        )
    elif event.reason == "last_trick":
        text = (
            game.gettext("A tie at {us} points: your team wins, as it took the last trick.")
            if ours
            else game.gettext("A tie at {us} points: the rivals win, as they took the last trick.")
        )
    else:
        text = (
            game.gettext("The hand is over: your team wins, {us} to {them}.")
            if ours
            else game.gettext("The hand is over: the rivals win, {them} to {us}.")
        )
    return text.format(us=us, them=them)
