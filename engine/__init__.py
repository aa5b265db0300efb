"""The house rules of tute per parelles: the single source of truth of the project.

Pure Python, no dependencies. Cards are ints 0-39 (see :mod:`engine.cards`),
a hand in progress is a :class:`Game`, a sequence of hands a :class:`Match`.
"""

from engine.cards import (
    CARD_POINTS,
    DECK_POINTS,
    DECK_SIZE,
    HAND_SIZE,
    RANK_NUMBERS,
    STRENGTH_ORDER,
    SUIT_LETTERS,
    SUITS,
    Card,
    card_code,
    parse_card,
    parse_suit,
    points_of,
    rank_of,
    suit_of,
)
from engine.errors import (
    IllegalPlayError,
    InvalidCardError,
    InvalidPositionError,
    MatchOverError,
    TuteError,
)
from engine.game import Cant, Deal, Game, Outcome, Trick, Tute, partner_of, team_of
from engine.match import Match
from engine.rules import (
    CANT_POINTS,
    HOUSE_RULES,
    LAST_TRICK_BONUS,
    MATCH_TARGET,
    TRUMP_CANT_POINTS,
    Reason,
    Rules,
    beats,
    is_trumped,
    legal_cards,
    refusal_reason,
    trick_points,
    winning_index,
)

HAND_POINTS = DECK_POINTS + LAST_TRICK_BONUS
"""Points in a hand before cants: the cards and les deu d'últimes."""

__all__ = [
    "CANT_POINTS",
    "CARD_POINTS",
    "DECK_POINTS",
    "DECK_SIZE",
    "HAND_POINTS",
    "HAND_SIZE",
    "HOUSE_RULES",
    "LAST_TRICK_BONUS",
    "MATCH_TARGET",
    "RANK_NUMBERS",
    "STRENGTH_ORDER",
    "SUITS",
    "SUIT_LETTERS",
    "TRUMP_CANT_POINTS",
    "Cant",
    "Card",
    "Deal",
    "Game",
    "IllegalPlayError",
    "InvalidCardError",
    "InvalidPositionError",
    "Match",
    "MatchOverError",
    "Outcome",
    "Reason",
    "Rules",
    "Trick",
    "Tute",
    "TuteError",
    "beats",
    "card_code",
    "is_trumped",
    "legal_cards",
    "parse_card",
    "parse_suit",
    "partner_of",
    "points_of",
    "rank_of",
    "refusal_reason",
    "suit_of",
    "team_of",
    "trick_points",
    "winning_index",
]
