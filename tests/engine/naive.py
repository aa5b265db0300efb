"""A deliberately naive referee of tute per parelles, written from RULES.md alone.

It shares nothing with the engine but the card codes: cards are strings such as
``"12b"``, hands are plain lists, every rule is a plain loop over the cards. It
is slow and obvious on purpose, so that the engine's fast masks can be checked
against it move by move.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

WEAK_TO_STRONG = ["2", "4", "5", "6", "7", "10", "11", "12", "3", "1"]
"""RULES.md "Strength and points": as, 3, rei, cavall, sota, 7, 6, 5, 4, 2 (here reversed)."""

POINTS = {"1": 11, "3": 10, "12": 4, "11": 3, "10": 2}
SUIT_ORDER = ["o", "c", "e", "b"]


def suit(card: str) -> str:
    """The suit letter of a card code."""
    return card[-1]


def strength(card: str) -> int:
    """How strong a card is within its suit (higher is stronger)."""
    return WEAK_TO_STRONG.index(card[:-1])


def points(card: str) -> int:
    """The card's points."""
    return POINTS.get(card[:-1], 0)


def winner_index(trick: Sequence[str], trump: str) -> int:
    """The highest trump in the trick; if there is none, the highest card of the suit led."""
    trumps = [i for i, card in enumerate(trick) if suit(card) == trump]
    candidates = trumps or [i for i, card in enumerate(trick) if suit(card) == suit(trick[0])]
    return max(candidates, key=lambda i: strength(trick[i]))


def forbidding_rule(
    card: str, hand: Sequence[str], trick: Sequence[str], trump: str, must_beat: bool = True
) -> str | None:
    """The reason code of the first rule of RULES.md that forbids ``card``, or ``None``."""
    if card not in hand:
        return "not_in_hand"
    if not trick:
        return None  # 1. leading: any card
    led = suit(trick[0])
    winning = trick[winner_index(trick, trump)]
    if any(suit(c) == led for c in hand):
        if suit(card) != led:
            return "must_follow_suit"  # 2. assistir
        trumped = suit(winning) == trump and led != trump
        if must_beat and not trumped:
            beaters = [c for c in hand if suit(c) == led and strength(c) > strength(winning)]
            if beaters and card not in beaters:
                return "must_beat"  # 3. muntar
        return None
    if not any(suit(c) == trump for c in hand):
        return None  # 6. neither the suit led nor trumps
    trumps_in_trick = [c for c in trick if suit(c) == trump]
    if not trumps_in_trick:
        return None if suit(card) == trump else "must_trump"  # 4. fallar
    top = max(strength(c) for c in trumps_in_trick)
    overtrumps = [c for c in hand if suit(c) == trump and strength(c) > top]
    if overtrumps and card not in overtrumps:
        return "must_overtrump"  # 5. contrafallar
    return None


def duty(hand: Sequence[str], trick: Sequence[str], trump: str, must_beat: bool = True) -> str:
    """The code of the RULES.md rule that decides what ``hand`` may play on ``trick``."""
    if not trick:
        return "lead"  # 1.
    led = suit(trick[0])
    winning = trick[winner_index(trick, trump)]
    if any(suit(c) == led for c in hand):
        if suit(winning) == trump and led != trump:
            return "follow_trumped"  # 3. muntar does not apply to a trumped trick
        beaters = [c for c in hand if suit(c) == led and strength(c) > strength(winning)]
        return "beat" if must_beat and beaters else "follow"  # 3. or 2.
    if not any(suit(c) == trump for c in hand):
        return "free"  # 6.
    trumps_in_trick = [c for c in trick if suit(c) == trump]
    if not trumps_in_trick:
        return "trump"  # 4.
    top = max(strength(c) for c in trumps_in_trick)
    higher = [c for c in hand if suit(c) == trump and strength(c) > top]
    return "overtrump" if higher else "no_higher_trump"  # 5.


def legal(
    hand: Sequence[str], trick: Sequence[str], trump: str, must_beat: bool = True
) -> list[str]:
    """The cards of ``hand`` no rule forbids, in the hand's order."""
    return [c for c in hand if forbidding_rule(c, hand, trick, trump, must_beat) is None]


@dataclass
class NaiveHand:
    """One hand played card by card, with tricks, cants, tute and points as plain lists."""

    dealer: int
    trump_card: str
    hands: list[list[str]]
    leader: int = -1
    trick: list[str] = field(default_factory=list)
    tricks: list[tuple[int, list[str], int, int]] = field(default_factory=list)
    cants: list[tuple[int, int, str, int]] = field(default_factory=list)
    tute: tuple[int, int, str] | None = None
    taken: list[list[str]] = field(default_factory=lambda: [[], []])

    def __post_init__(self) -> None:
        self.leader = (self.dealer + 1) % 4
        self.hands = [list(h) for h in self.hands]

    @property
    def trump(self) -> str:
        """The suit of the dealer's shown card."""
        return suit(self.trump_card)

    @property
    def over(self) -> bool:
        """Ten tricks played, or a tute sung."""
        return len(self.tricks) == 10 or self.tute is not None

    @property
    def turn(self) -> int:
        """The seat to play."""
        return (self.leader + len(self.trick)) % 4

    def legal(self) -> list[str]:
        """The legal cards of the seat to play."""
        return legal(self.hands[self.turn], self.trick, self.trump)

    def play(self, card: str) -> None:
        """Play a card for the seat to move, and settle the trick when it is complete."""
        assert card in self.legal(), (card, self.legal())
        self.hands[self.turn].remove(card)
        self.trick.append(card)
        if len(self.trick) < 4:
            return
        winner = (self.leader + winner_index(self.trick, self.trump)) % 4
        self.tricks.append((self.leader, self.trick, winner, sum(map(points, self.trick))))
        self.taken[winner % 2] += self.trick
        self.trick, self.leader = [], winner
        number = len(self.tricks)
        for seat in (winner, (winner + 2) % 4):
            for kind, rank in (("kings", "12"), ("horses", "11")):
                if self.tute is None and all(rank + s in self.hands[seat] for s in SUIT_ORDER):
                    self.tute = (number, seat, kind)
        if self.tute is not None:
            return
        for seat in (winner, (winner + 2) % 4):
            sung = {s for _, _, s, _ in self.cants}
            pairs = [s for s in SUIT_ORDER if {"12" + s, "11" + s} <= set(self.hands[seat])]
            pairs = [s for s in pairs if s not in sung]
            pairs.sort(key=lambda s: s != self.trump)
            if pairs:
                self.cants.append((number, seat, pairs[0], 40 if pairs[0] == self.trump else 20))

    def points(self) -> list[int]:
        """Each team's points: cards taken, cants, and the last trick's ten."""
        totals = [sum(map(points, pile)) for pile in self.taken]
        for _, seat, _, value in self.cants:
            totals[seat % 2] += value
        if len(self.tricks) == 10:
            totals[self.tricks[-1][2] % 2] += 10
        return totals

    def winner(self) -> int:
        """The tute's team, else more points, else the team of the last trick."""
        if self.tute is not None:
            return self.tute[1] % 2
        totals = self.points()
        if totals[0] != totals[1]:
            return 0 if totals[0] > totals[1] else 1
        return self.tricks[-1][2] % 2
