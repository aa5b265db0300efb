"""One hand (una mà) of tute per parelles: the deal, the play, cants, tute, the outcome.

State changes through one checked door, :meth:`Game.play`; the unchecked
:meth:`Game._apply` serves fast playouts. Undo restores a snapshot of
immutable fields.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Literal

from engine.cards import (
    ALL_CARDS,
    BEATEN_BY,
    CARD_CODES,
    DECK_SIZE,
    HAND_SIZE,
    HORSES,
    KINGS,
    PAIRS,
    SUIT_LETTERS,
    SUITS,
    Card,
    CardSet,
    Suit,
    card_code,
    card_tuple,
    cards_in,
    count,
    parse_card,
    set_points,
    suit_of,
    to_set,
)
from engine.errors import IllegalPlayError, InvalidCardError, InvalidPositionError
from engine.rules import (
    CANT_POINTS,
    HOUSE_RULES,
    LAST_TRICK_BONUS,
    PLAYERS,
    TRICKS_PER_HAND,
    TRUMP_CANT_POINTS,
    Reason,
    Rules,
    legal_given,
    refusal_given,
    trick_points,
    winning_index,
    winning_lines,
)

TuteKind = Literal["kings", "horses"]
OutcomeReason = Literal["points", "last_trick", "tute"]


def team_of(seat: int) -> int:
    """Seats 0 and 2 are team 0; seats 1 and 3 are team 1."""
    return seat % 2


def partner_of(seat: int) -> int:
    """Partners sit opposite."""
    return seat ^ 2


def tute_in(hand: CardSet) -> TuteKind | None:
    """The tute a hand holds: all four reis, or else all four cavalls; ``None`` without one."""
    if hand & KINGS == KINGS:
        return "kings"
    if hand & HORSES == HORSES:
        return "horses"
    return None


def cant_to_sing(hand: CardSet, trump: Suit, sung: int) -> Suit | None:
    """The one cant a player with ``hand`` sings right after their team wins a trick.

    ``sung`` has bit ``s`` set when suit ``s`` was already sung this hand (each suit
    is sung once). The trump pair (the 40) comes first, then 20s in suit order;
    ``None`` when the player holds no rei with the cavall of an unsung suit.
    """
    if not (hand >> 1) & hand & HORSES:  # no rei with the cavall of its suit
        return None
    for suit in (trump, *SUITS):
        if not sung >> suit & 1 and hand & PAIRS[suit] == PAIRS[suit]:
            return suit
    return None


@dataclass(frozen=True, slots=True)
class Trick:
    """A finished trick: its number (from 1), who led, the cards in play order, the winner."""

    number: int
    leader: int
    cards: tuple[Card, ...]
    winner: int
    points: int


@dataclass(frozen=True, slots=True)
class Cant:
    """A cant (les vint or les quaranta) sung after trick ``after_trick`` (from 1)."""

    after_trick: int
    seat: int
    suit: Suit
    points: int


@dataclass(frozen=True, slots=True)
class Tute:
    """Four reis or four cavalls in one hand, sung after trick ``after_trick``."""

    after_trick: int
    seat: int
    kind: TuteKind


@dataclass(frozen=True, slots=True)
class Outcome:
    """How a hand ended: the winning team, the points per team and why it won."""

    winner: int
    points: tuple[int, int]
    reason: OutcomeReason


@dataclass(frozen=True, slots=True)
class Deal:
    """The four hands as dealt, the dealer and the dealer's shown last card."""

    dealer: int
    trump_card: Card
    hands: tuple[tuple[Card, ...], tuple[Card, ...], tuple[Card, ...], tuple[Card, ...]]

    def __post_init__(self) -> None:
        if self.dealer not in range(PLAYERS):
            raise InvalidPositionError(f"dealer must be a seat 0-3, not {self.dealer!r}")
        if len(self.hands) != PLAYERS:
            raise InvalidPositionError(f"a deal has 4 hands, not {len(self.hands)}")
        every = [card for hand in self.hands for card in hand]
        bad = [c for c in (*every, self.trump_card) if type(c) is not int or not 0 <= c < DECK_SIZE]
        if bad:
            raise InvalidPositionError(f"not a card: {bad[0]!r} (a card is an int 0-39)")
        if len(set(every)) != len(every) or any(len(hand) != HAND_SIZE for hand in self.hands):
            self._explain_bad_hands()
        if self.trump_card not in self.hands[self.dealer]:
            raise InvalidPositionError(
                f"the trump card {card_code(self.trump_card)} is not in the dealer's "
                f"(seat {self.dealer}) hand"
            )

    def _explain_bad_hands(self) -> None:
        seen: dict[Card, int] = {}
        for seat, hand in enumerate(self.hands):
            if len(hand) != HAND_SIZE:
                raise InvalidPositionError(
                    f"seat {seat} holds {len(hand)} cards; every hand holds {HAND_SIZE}"
                )
            for card in hand:
                if card in seen:
                    where = "twice" if seen[card] == seat else f"also in seat {seen[card]}'s hand"
                    raise InvalidPositionError(
                        f"{card_code(card)} is in seat {seat}'s hand {where}"
                    )
                seen[card] = seat

    @classmethod
    def random(cls, rng: random.Random, dealer: int) -> Deal:
        """Shuffle with ``rng`` and deal one card at a time from seat ``dealer + 1``.

        The dealer receives the 40th card, which is shown and sets trump.
        """
        draw = rng.random
        deck = sorted(range(len(SUITS) * 10), key=lambda _: draw())
        # Card i goes to seat dealer + 1 + i: seat dealer + 1 + k takes deck[k::4].
        by_turn = [tuple(sorted(deck[k::PLAYERS])) for k in range(PLAYERS)]
        shift = (dealer + 1) % PLAYERS
        h0, h1, h2, h3 = by_turn[-shift:] + by_turn[:-shift] if shift else by_turn
        return cls(dealer, deck[-1], (h0, h1, h2, h3))


class LegalPlays:
    """The cards the player to move may play: supports ``in``, ``iter`` and ``len``."""

    __slots__ = ("mask",)

    def __init__(self, mask: CardSet) -> None:
        self.mask = mask

    def __contains__(self, card: object) -> bool:
        return isinstance(card, int) and 0 <= card < 40 and bool(self.mask >> card & 1)

    def __iter__(self) -> Iterator[Card]:
        return cards_in(self.mask)

    def __len__(self) -> int:
        return count(self.mask)

    def __repr__(self) -> str:
        return f"LegalPlays({[card_code(c) for c in self]})"


_Snapshot = tuple[
    tuple[CardSet, ...],
    tuple[Card, ...],
    int,
    tuple[CardSet, ...],
    int,
    int,
    "Tute | None",
    int,
    int,
]


class Game:
    """A hand of tute per parelles in progress, from the deal to its outcome."""

    def __init__(self, deal: Deal, rules: Rules = HOUSE_RULES) -> None:
        self._start(deal.dealer, deal.trump_card, [to_set(h) for h in deal.hands], rules)

    def _start(self, dealer: int, trump_card: Card, hands: list[CardSet], rules: Rules) -> None:
        self.rules = rules
        self.dealer = dealer
        self.trump_card = trump_card
        self.trump: Suit = suit_of(trump_card)
        self._hands = hands
        self._trick: list[Card] = []
        self._best = 0
        self._best_seat = 0
        self.leader = (dealer + 1) % PLAYERS
        self._won = [0, 0]
        self._tricks_done = 0
        self._sung = 0
        self.tute: Tute | None = None
        self._log: list[tuple[int, tuple[Card, ...], int]] = []
        self.cants: list[Cant] = []
        self._stack: list[_Snapshot] = []

    @classmethod
    def from_deal(cls, deal: Deal, rules: Rules = HOUSE_RULES) -> Game:
        """The hand as dealt, before the first card."""
        return cls(deal, rules)

    def copy(self) -> Game:
        """An independent copy, history and undo included: what is played on one leaves the
        other as it was. Cheaper than reading the position back from its text."""
        other = copy.copy(self)
        # The fields that change as cards are played; the rest are immutable values.
        other._hands = list(self._hands)
        other._trick = list(self._trick)
        other._won = list(self._won)
        other._log = list(self._log)
        other.cants = list(self.cants)
        other._stack = list(self._stack)
        return other

    # -- reading the position ------------------------------------------------

    @property
    def turn(self) -> int | None:
        """The seat to play, or ``None`` once the hand is over."""
        if self.is_over:
            return None
        return (self.leader + len(self._trick)) % PLAYERS

    @property
    def trick(self) -> tuple[Card, ...]:
        """The cards of the trick in progress, in play order from ``leader``."""
        return tuple(self._trick)

    @property
    def winning_seat(self) -> int | None:
        """The seat whose card is winning the trick in progress (``None`` before its lead)."""
        return self._best_seat if self._trick else None

    @property
    def tricks(self) -> list[Trick]:
        """The tricks finished since the deal (or since the position was read from text)."""
        first = self._tricks_done - len(self._log) + 1
        return [
            Trick(first + i, leader, cards, winner, trick_points(cards))
            for i, (leader, cards, winner) in enumerate(self._log)
        ]

    @property
    def tricks_played(self) -> int:
        """How many tricks are finished."""
        return self._tricks_done

    @property
    def is_over(self) -> bool:
        """Ten tricks are played, or a tute ended the hand."""
        return self._tricks_done == TRICKS_PER_HAND or self.tute is not None

    def hand(self, seat: int) -> list[Card]:
        """The cards ``seat`` holds now, in deck order."""
        return list(card_tuple(self._hands[seat]))

    def hand_set(self, seat: int) -> CardSet:
        """The cards ``seat`` holds now, as a card set."""
        return self._hands[seat]

    def won(self, team: int) -> list[Card]:
        """The cards a team has taken in its tricks."""
        return list(card_tuple(self._won[team]))

    @property
    def sung_suits(self) -> list[Suit]:
        """The suits already sung this hand (each suit is sung once)."""
        return [s for s in SUITS if self._sung >> s & 1]

    @property
    def legal_plays(self) -> LegalPlays:
        """The cards the player to move may play (none once the hand is over)."""
        seat = self.turn
        if seat is None:
            return LegalPlays(0)
        return LegalPlays(self._legal_mask(self._hands[seat]))

    def _legal_mask(self, hand: CardSet) -> CardSet:
        trick = self._trick
        if not trick:
            return hand
        return legal_given(hand, trick[0] // 10, self._best, self.trump, self.rules)

    def refusal(self, card: Card) -> Reason | None:
        """The rule that forbids the player to move from playing ``card``, or ``None``."""
        seat = self.turn
        if seat is None:
            return Reason.HAND_OVER
        trick = self._trick
        led_and_best = (trick[0] // 10, self._best) if trick else None
        return refusal_given(card, self._hands[seat], led_and_best, self.trump, self.rules)

    @property
    def points(self) -> tuple[int, int]:
        """Each team's points so far: its cards, its cants and, at the end, the last trick."""
        totals = [set_points(self._won[0]), set_points(self._won[1])]
        for cant in self.cants:
            totals[team_of(cant.seat)] += cant.points
        if self._tricks_done == TRICKS_PER_HAND:
            totals[team_of(self.leader)] += LAST_TRICK_BONUS
        return totals[0], totals[1]

    def outcome(self) -> Outcome | None:
        """The hand's result, or ``None`` while it is being played."""
        if not self.is_over:
            return None
        points = self.points
        if self.tute is not None:
            return Outcome(team_of(self.tute.seat), points, "tute")
        if points[0] != points[1]:
            return Outcome(0 if points[0] > points[1] else 1, points, "points")
        return Outcome(team_of(self.leader), points, "last_trick")

    # -- changing the position ----------------------------------------------

    def play(self, card: Card) -> None:
        """Play ``card`` for the seat to move; raise :class:`IllegalPlayError` if forbidden."""
        reason = self.refusal(card)
        if reason is not None:
            raise IllegalPlayError(card_code(card), self.turn, reason, self.code())
        self._stack.append(self._snapshot())
        self._apply(card)

    def play_random(self, rng: random.Random) -> Card:
        """Play a random legal card (unchecked, no undo): fast playouts for tests and benchmarks."""
        trick = self._trick
        legal = self._hands[(self.leader + len(trick)) & 3]
        if trick:
            legal = legal_given(legal, trick[0] // 10, self._best, self.trump, self.rules)
        cards = card_tuple(legal)
        card = cards[int(rng.random() * len(cards))]
        self._apply(card)
        return card

    def undo(self) -> None:
        """Take back the last card played with :meth:`play`."""
        if not self._stack:
            raise InvalidPositionError("nothing to undo")
        (hands, trick, self.leader, won, self._tricks_done, self._sung, self.tute, logged, sung) = (
            self._stack.pop()
        )
        self._hands, self._won = list(hands), list(won)
        self._set_trick(list(trick))
        del self._log[logged:]
        del self.cants[sung:]

    def _snapshot(self) -> _Snapshot:
        return (
            tuple(self._hands),
            tuple(self._trick),
            self.leader,
            tuple(self._won),
            self._tricks_done,
            self._sung,
            self.tute,
            len(self._log),
            len(self.cants),
        )

    def _set_trick(self, trick: list[Card]) -> None:
        self._trick = trick
        if trick:
            best = winning_index(trick, self.trump)
            self._best = trick[best]
            self._best_seat = (self.leader + best) % PLAYERS

    def _apply(self, card: Card) -> None:
        """Play a card known to be legal, for the seat to move."""
        trick = self._trick
        seat = (self.leader + len(trick)) & 3
        self._hands[seat] &= ~(1 << card)
        if not trick:
            self._best, self._best_seat = card, seat
        else:
            best = self._best
            if BEATEN_BY[best] >> card & 1 or (card // 10 == self.trump != best // 10):
                self._best, self._best_seat = card, seat
        trick.append(card)
        if len(trick) == PLAYERS:
            self._finish_trick()

    def _finish_trick(self) -> None:
        trick = self._trick
        winner = self._best_seat
        self._won[winner & 1] |= (
            (1 << trick[0]) | (1 << trick[1]) | (1 << trick[2]) | (1 << trick[3])
        )
        self._log.append((self.leader, tuple(trick), winner))
        self._tricks_done += 1
        self._trick = []
        self.leader = winner
        due = self._due(self._tricks_done, winner)
        if isinstance(due, Tute):
            self.tute = due
            return
        for cant in due:
            self._record_cant(cant)

    def sung_if_won(self, seat: int) -> Tute | tuple[Cant, ...]:
        """What ``seat``'s team would sing if ``seat`` won a trick now, with the cards held now:
        a tute, which ends the hand, or at most one cant for ``seat`` and one for the partner."""
        return self._due(self._tricks_done + 1, seat)

    def _due(self, number: int, winner: int) -> Tute | tuple[Cant, ...]:
        """The tute or cants sung after trick ``number``, won by ``winner``."""
        hands = self._hands
        pair = (winner, winner ^ 2)
        if self.rules.tute != "off":
            # Tute is checked before the cants: the trick's winner first, then the partner.
            for seat in pair:
                kind = tute_in(hands[seat])
                if kind is not None:
                    return Tute(number, seat, kind)
        cants: list[Cant] = []
        sung = self._sung
        for seat in pair:
            # One cant per player per trick: the 40 first, then 20s in suit order.
            suit = cant_to_sing(hands[seat], self.trump, sung)
            if suit is not None:
                sung |= 1 << suit
                cants.append(self._cant(number, seat, suit))
        return tuple(cants)

    def _cant(self, number: int, seat: int, suit: Suit) -> Cant:
        points = TRUMP_CANT_POINTS if suit == self.trump else CANT_POINTS
        return Cant(number, seat, suit, points)

    def _record_cant(self, cant: Cant) -> None:
        self._sung |= 1 << cant.suit
        self.cants.append(cant)

    def trick_winners(self) -> dict[int, tuple[Card, ...]]:
        """Each seat that can still win the trick in progress, with one legal way to complete
        the trick that makes it win; every legal card of every player to come is tried."""
        if self.is_over:
            return {}
        trick = self._trick
        to_play = [self._hands[(self.leader + i) % PLAYERS] for i in range(len(trick), PLAYERS)]
        lines = winning_lines(trick, to_play, self.trump, self.rules)
        return {(self.leader + place) % PLAYERS: line for place, line in lines.items()}

    # -- the position as text ------------------------------------------------

    def code(self) -> str:
        """The position as one line of text; :meth:`from_code` reads it back exactly.

        Fields: dealer, trump card, the four hands, leader of the current trick,
        the trick's cards, the cards each team has won, then cants and tute as
        ``<after trick>:<seat><suit letter>`` and ``<after trick>:<seat>K|H``.
        """
        hands = "/".join(_cards_text(card_tuple(h)) for h in self._hands)
        won = "/".join(_cards_text(card_tuple(w)) for w in self._won)
        events = [f"{c.after_trick}:{c.seat}{SUIT_LETTERS[c.suit]}" for c in self.cants]
        if self.tute is not None:
            events.append(f"{self.tute.after_trick}:{self.tute.seat}{self.tute.kind[0].upper()}")
        return " ".join(
            [
                str(self.dealer),
                card_code(self.trump_card),
                hands,
                str(self.leader),
                _cards_text(self._trick),
                won,
                ",".join(events) or "-",
            ]
        )

    @classmethod
    def from_code(cls, text: str, rules: Rules = HOUSE_RULES) -> Game:
        """Read a position written by :meth:`code`; raise ``InvalidPositionError`` if impossible."""
        try:
            return _parse_position(text, rules)
        except InvalidCardError as error:
            raise InvalidPositionError(f"{error} in position {text!r}") from None

    def _state(self) -> tuple[object, ...]:
        return (
            self.rules,
            self.dealer,
            self.trump_card,
            tuple(self._hands),
            tuple(self._trick),
            self.leader,
            tuple(self._won),
            tuple(self.cants),
            self.tute,
        )

    def __eq__(self, other: object) -> bool:
        """Two games are equal when their positions are (the trick log is history)."""
        return isinstance(other, Game) and self._state() == other._state()

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"Game.from_code({self.code()!r})"


def _cards_text(cards: Sequence[Card]) -> str:
    return ",".join([CARD_CODES[c] for c in cards]) or "-"


def _parse_cards(text: str) -> list[Card]:
    return [] if text == "-" else [parse_card(t) for t in text.split(",")]


def _parse_seat(text: str, what: str) -> int:
    if text not in ("0", "1", "2", "3"):
        raise InvalidPositionError(f"{what} must be a seat 0-3, not {text!r}")
    return int(text)


def _parse_position(text: str, rules: Rules) -> Game:
    fields = text.split()
    if len(fields) != 7:
        raise InvalidPositionError(f"a position has 7 fields, not {len(fields)}: {text!r}")
    dealer_f, trump_f, hands_f, leader_f, trick_f, won_f, events_f = fields
    hand_lists = [_parse_cards(t) for t in hands_f.split("/")]
    won_lists = [_parse_cards(t) for t in won_f.split("/")]
    if len(hand_lists) != PLAYERS or len(won_lists) != 2:
        raise InvalidPositionError(f"expected 4 hands and 2 won piles in {text!r}")
    trick = _parse_cards(trick_f)
    hands = [to_set(h) for h in hand_lists]
    won = [to_set(w) for w in won_lists]
    listed = sum(len(cards) for cards in (*hand_lists, trick, *won_lists))
    present = hands[0] | hands[1] | hands[2] | hands[3] | to_set(trick) | won[0] | won[1]
    # Forty cards listed that together make the whole deck: then none is listed twice.
    if listed != DECK_SIZE or present != ALL_CARDS:
        raise InvalidPositionError(f"every one of the 40 cards must appear once in {text!r}")
    tricks_done, rest = divmod(len(won_lists[0]) + len(won_lists[1]), PLAYERS)
    if rest or any(len(w) % PLAYERS for w in won_lists) or len(trick) >= PLAYERS:
        raise InvalidPositionError(f"won piles and trick do not make whole tricks in {text!r}")
    dealer = _parse_seat(dealer_f, "the dealer")
    leader = _parse_seat(leader_f, "the leader")
    if tricks_done == 0 and leader != (dealer + 1) % PLAYERS:
        raise InvalidPositionError(f"the first trick is led by seat {(dealer + 1) % PLAYERS}")
    for i in range(PLAYERS):
        seat = (leader + i) % PLAYERS
        expected = HAND_SIZE - tricks_done - (1 if i < len(trick) else 0)
        if len(hand_lists[seat]) != expected:
            raise InvalidPositionError(f"seat {seat} should hold {expected} cards in {text!r}")
    game = Game.__new__(Game)
    game._start(dealer, parse_card(trump_f), hands, rules)
    game.leader = leader
    game._set_trick(trick)
    game._won = won
    game._tricks_done = tricks_done
    _parse_events(game, events_f, text)
    if game.is_over and trick:
        raise InvalidPositionError(f"the hand is over but a trick is on the table in {text!r}")
    return game


def _parse_events(game: Game, text: str, position: str) -> None:
    if text == "-":
        return
    for item in text.split(","):
        number, _, what = item.partition(":")
        if not number.isdigit() or not 1 <= int(number) <= game.tricks_played or len(what) != 2:
            raise InvalidPositionError(f"bad cant or tute {item!r} in {position!r}")
        seat = _parse_seat(what[0], "a singer")
        if game.tute is not None:
            raise InvalidPositionError(f"nothing follows a tute in {position!r}")
        if what[1] in "KH":
            game.tute = Tute(int(number), seat, "kings" if what[1] == "K" else "horses")
            continue
        suit = SUIT_LETTERS.find(what[1])
        if suit < 0 or game._sung >> suit & 1:
            raise InvalidPositionError(f"bad or repeated cant {item!r} in {position!r}")
        game._record_cant(game._cant(int(number), seat, suit))
