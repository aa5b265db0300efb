"""The Spanish 40-card deck: cards as small ints, hands as 40-bit masks.

A card is ``suit * 10 + rank_index``; a set of cards is an int whose bit ``c``
is set when card ``c`` is in it. Text codes (``"12b"``) exist only at the
edges: :func:`parse_card` and :func:`card_code`.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from engine.errors import InvalidCardError

Card = int
Suit = int
CardSet = int

SUIT_LETTERS = "oceb"
SUITS: tuple[Suit, ...] = (0, 1, 2, 3)
OROS, COPES, ESPASES, BASTOS = SUITS

RANK_NUMBERS = (1, 2, 3, 4, 5, 6, 7, 10, 11, 12)
"""The number printed on each rank, by rank index."""

AS, TRES, SOTA, CAVALL, REI = 1, 3, 10, 11, 12

STRENGTH = (9, 0, 8, 1, 2, 3, 4, 5, 6, 7)
"""Strength within a suit, by rank index: as > 3 > rei > cavall > sota > 7 > … > 2."""

POINTS = (11, 0, 10, 0, 0, 0, 0, 2, 3, 4)
"""Card points, by rank index."""

DECK_SIZE = 40
HAND_SIZE = 10

CARD_POINTS: dict[int, int] = dict(zip(RANK_NUMBERS, POINTS, strict=True))
"""Points of a card by its rank number (``CARD_POINTS[1] == 11``)."""

STRENGTH_ORDER: tuple[int, ...] = tuple(
    sorted(RANK_NUMBERS, key=lambda n: -STRENGTH[RANK_NUMBERS.index(n)])
)
"""Rank numbers from strongest to weakest: (1, 3, 12, 11, 10, 7, 6, 5, 4, 2)."""

DECK_POINTS = sum(POINTS) * len(SUITS)

ALL_CARDS: CardSet = (1 << DECK_SIZE) - 1
SUIT_MASKS: tuple[CardSet, ...] = tuple(((1 << 10) - 1) << (10 * s) for s in SUITS)

_RANK_INDEX = {n: i for i, n in enumerate(RANK_NUMBERS)}


def suit_of(card: Card) -> Suit:
    """The suit of a card."""
    return card // 10


def rank_of(card: Card) -> int:
    """The rank number printed on a card (1 to 7, 10, 11, 12)."""
    return RANK_NUMBERS[card % 10]


def make_card(rank: int, suit: Suit) -> Card:
    """The card of a rank number and a suit."""
    return suit * 10 + _RANK_INDEX[rank]


def points_of(card: Card) -> int:
    """The card's points: as 11, tres 10, rei 4, cavall 3, sota 2, the rest 0."""
    return POINTS[card % 10]


def strength_of(card: Card) -> int:
    """The card's strength within its suit, 0 (the 2) to 9 (the as)."""
    return STRENGTH[card % 10]


BEATEN_BY: tuple[CardSet, ...] = tuple(
    sum(
        1 << other
        for other in range(suit_of(c) * 10, suit_of(c) * 10 + 10)
        if strength_of(other) > strength_of(c)
    )
    for c in range(DECK_SIZE)
)
"""For each card, the set of cards of its own suit that beat it."""

KINGS: CardSet = sum(1 << make_card(REI, s) for s in SUITS)
HORSES: CardSet = sum(1 << make_card(CAVALL, s) for s in SUITS)
PAIRS: tuple[CardSet, ...] = tuple(
    (1 << make_card(REI, s)) | (1 << make_card(CAVALL, s)) for s in SUITS
)
"""For each suit, the rei and the cavall: the pair that is sung."""


CARD_CODES: tuple[str, ...] = tuple(
    f"{rank_of(card)}{SUIT_LETTERS[suit_of(card)]}" for card in range(DECK_SIZE)
)
"""The text code of each card, by card: ``CARD_CODES[39] == "12b"``."""

_CARD_OF_CODE: dict[str, Card] = {code: card for card, code in enumerate(CARD_CODES)}


def parse_card(text: str) -> Card:
    """Read a card code such as ``"12b"`` (rei de bastos) or ``"1o"`` (as d'oros)."""
    card = _CARD_OF_CODE.get(text) if isinstance(text, str) else None
    if card is not None:
        return card
    if not isinstance(text, str) or len(text) < 2:
        raise InvalidCardError(f"not a card code: {text!r}")
    raise InvalidCardError(f"not a card code: {text!r} (expected e.g. 1o, 7c, 10e, 12b)")


def card_code(card: Card) -> str:
    """The text code of a card: rank number then suit letter."""
    return CARD_CODES[card]


def parse_suit(letter: str) -> Suit:
    """Read a suit letter: ``o`` oros, ``c`` copes, ``e`` espases, ``b`` bastos."""
    if not isinstance(letter, str) or len(letter) != 1 or letter not in SUIT_LETTERS:
        raise InvalidCardError(f"not a suit letter: {letter!r} (expected one of o, c, e, b)")
    return SUIT_LETTERS.index(letter)


def to_set(cards: Iterable[Card]) -> CardSet:
    """The set holding these cards."""
    mask = 0
    for card in cards:
        mask |= 1 << card
    return mask


def cards_in(mask: CardSet) -> Iterator[Card]:
    """The cards of a set, in deck order (oros, copes, espases, bastos; as to rei)."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


_SUIT_CHUNKS: tuple[tuple[tuple[Card, ...], ...], ...] = tuple(
    tuple(tuple(s * 10 + i for i in range(10) if bits >> i & 1) for bits in range(1 << 10))
    for s in SUITS
)


def card_tuple(mask: CardSet) -> tuple[Card, ...]:
    """The cards of a set as a tuple in deck order; faster than :func:`cards_in` for hands."""
    o, c, e, b = _SUIT_CHUNKS
    return o[mask & 1023] + c[mask >> 10 & 1023] + e[mask >> 20 & 1023] + b[mask >> 30 & 1023]


def count(mask: CardSet) -> int:
    """How many cards a set holds."""
    return mask.bit_count()


_SUIT_POINTS: tuple[int, ...] = tuple(
    sum(POINTS[i] for i in range(10) if bits >> i & 1) for bits in range(1 << 10)
)
"""The points of the cards of one suit, by their 10 bits (the same in every suit)."""


def set_points(mask: CardSet) -> int:
    """The points of all the cards in a set."""
    return (
        _SUIT_POINTS[mask & 1023]
        + _SUIT_POINTS[mask >> 10 & 1023]
        + _SUIT_POINTS[mask >> 20 & 1023]
        + _SUIT_POINTS[mask >> 30 & 1023]
    )
