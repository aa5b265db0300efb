"""The practice drills' banks: positions from seeded random deals and plays, every answer
asked of the engine.

Four drills (docs/formats.md "Practice banks"): which cards may you play (``legal``),
who takes the trick (``winner``), how many points (``points``) and what do you sing
(``cants``). Each bank is drawn round-robin from buckets, one per rule the position
involves, so every rule gets its share; each item carries the rules as ``tags`` and a
difficulty ``level`` from 1 to 3, so the widget can make a run harder as it goes. The
same seed gives the same banks, byte for byte: only ``random.Random.random`` is used.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any, Literal, TypeVar

from engine import (
    LAST_TRICK_BONUS,
    STRENGTH_ORDER,
    SUIT_LETTERS,
    SUITS,
    Card,
    Deal,
    Duty,
    Game,
    Reason,
    TuteKind,
    card_code,
    duty_of,
    parse_card,
    points_of,
    rank_of,
    suit_of,
    team_of,
    trick_points,
    tute_in,
    winning_index,
)

DRILLS = ("legal", "winner", "points", "cants")
"""The drills, in the order the practice page shows them."""

SEED = 20261130
"""The banks' seed: changing it (or the engine) changes the banks."""

BANK_SIZE = 240
"""Items per drill."""

GAMES = 160
"""Random hands played for the legal, winner and points banks."""

TRICKS_FOR_LEGAL = 7
"""The legal bank asks during the first seven tricks only, with four cards or more in hand."""

CANT_GAMES = 900
"""Random hands, each with planted pairs or a tute, played for the cants bank."""

CantKind = Literal["forty", "twenty", "tute", "none"]
WinnerWhy = Literal["highest_trump", "only_trump", "highest_of_suit"]

LEGAL_BUCKETS = ("follow", "beat", "trump", "overtrump", "free", "trump_led", "partner")
WINNER_BUCKETS = ("suit", "trumped", "overtrumped", "trump_led")
POINTS_BUCKETS = ("blank", "few", "many", "last")
CANTS_BUCKETS = ("none", "forty", "twenty", "after_sung", "pair_sung", "tute")


@dataclass(frozen=True)
class LegalItem:
    """The player to move, a trick in progress: which cards are legal, why the others not."""

    trump: int
    trick: tuple[Card, ...]
    hand: tuple[Card, ...]
    legal: tuple[Card, ...]
    refusals: tuple[tuple[Card, Reason], ...]
    best: int
    """The index in ``trick`` of the card winning it so far, which refusals name."""
    duty: Duty
    """The rule that decided the legal cards, which the answer names."""
    tags: tuple[str, ...]
    level: int

    def to_json(self) -> dict[str, Any]:
        return {
            "trump": SUIT_LETTERS[self.trump],
            "trick": _codes(self.trick),
            "best": self.best,
            "hand": _codes(self.hand),
            "legal": _codes(self.legal),
            "reasons": {card_code(card): str(reason) for card, reason in self.refusals},
            "duty": str(self.duty),
            "tags": list(self.tags),
            "level": self.level,
        }


@dataclass(frozen=True)
class WinnerItem:
    """A finished trick, lead first: the index of the card that takes it."""

    trump: int
    trick: tuple[Card, ...]
    winner: int
    why: WinnerWhy
    """Why that card wins: the highest of several trumps, the only trump, or the highest
    card of the suit led when no trump was played."""
    astray: tuple[int, ...]
    """The indices of the cards neither of the suit led nor trumps: they never win."""
    tags: tuple[str, ...]
    level: int

    def to_json(self) -> dict[str, Any]:
        return {
            "trump": SUIT_LETTERS[self.trump],
            "trick": _codes(self.trick),
            "winner": self.winner,
            "why": self.why,
            "astray": list(self.astray),
            "tags": list(self.tags),
            "level": self.level,
        }


@dataclass(frozen=True)
class PointsItem:
    """A finished trick, whether it is the last, its points and four choices holding them."""

    trick: tuple[Card, ...]
    last: bool
    points: int
    choices: tuple[int, ...]
    tags: tuple[str, ...]
    level: int

    def to_json(self) -> dict[str, Any]:
        return {
            "trick": _codes(self.trick),
            "last": self.last,
            "points": self.points,
            "values": [points_of(card) for card in self.trick],
            "choices": list(self.choices),
            "tags": list(self.tags),
            "level": self.level,
        }


@dataclass(frozen=True)
class CantsItem:
    """Right after the player's team won a trick: the hand, the suits the team has sung,
    and what the player sings now."""

    trump: int
    hand: tuple[Card, ...]
    sung: tuple[int, ...]
    kind: CantKind
    suit: int | None
    tags: tuple[str, ...]
    level: int

    def to_json(self) -> dict[str, Any]:
        mask = sum(1 << card for card in self.hand)
        tute: TuteKind | None = tute_in(mask)
        return {
            "trump": SUIT_LETTERS[self.trump],
            "hand": _codes(self.hand),
            "sung": [SUIT_LETTERS[s] for s in self.sung],
            "answer": {
                "kind": self.kind,
                "suit": None if self.suit is None else SUIT_LETTERS[self.suit],
            },
            "pairs": [SUIT_LETTERS[s] for s in SUITS if _holds_pair(self.hand, s)],
            "tute": tute,
            "tags": list(self.tags),
            "level": self.level,
        }


Item = LegalItem | WinnerItem | PointsItem | CantsItem


def build_banks(seed: int = SEED) -> dict[str, list[Item]]:
    """Every drill's bank, in :data:`DRILLS` order."""
    rng = random.Random(seed)
    legal: list[tuple[str, LegalItem]] = []
    tricks: list[tuple[tuple[Card, ...], int, bool]] = []
    for _ in range(GAMES):
        game = Game.from_deal(Deal.random(rng, _below(rng, 4)))
        while not game.is_over:
            # A hand of three cards or fewer leaves little to ask.
            if game.trick and game.tricks_played < TRICKS_FOR_LEGAL:
                item = _legal_item(game)
                legal.append((_legal_bucket(item), item))
            game.play_random(rng)
        tricks.extend((t.cards, game.trump, t.number == 10) for t in game.tricks)
    winners = [_winner_item(cards, trump) for cards, trump, _ in tricks]
    points = [_points_item(cards, last, rng) for cards, _, last in tricks]
    cants = [item for _ in range(CANT_GAMES) for item in _cant_items(rng)]
    # Two tricks with the same cards are one question, whatever its choices.
    points_bank: list[PointsItem] = _balanced(
        ((_points_bucket(i), i) for i in points), POINTS_BUCKETS, lambda i: (i.trick, i.last)
    )
    return {
        "legal": _balanced(legal, LEGAL_BUCKETS),
        "winner": _balanced(((_winner_bucket(i), i) for i in winners), WINNER_BUCKETS),
        "points": list(points_bank),
        "cants": _balanced(((_cants_bucket(i), i) for i in cants), CANTS_BUCKETS),
    }


def bank_json(items: Sequence[Item]) -> dict[str, Any]:
    """A bank as docs/formats.md "Practice banks" shows it."""
    return {"items": [item.to_json() for item in items]}


def _strongest_first(cards: Iterable[Card]) -> tuple[Card, ...]:
    """Cards by suit, each suit's strongest first: the order a player names them in."""
    return tuple(
        sorted(cards, key=lambda card: (suit_of(card), STRENGTH_ORDER.index(rank_of(card))))
    )


def _codes(cards: Iterable[Card]) -> list[str]:
    return [card_code(c) for c in cards]


def _below(rng: random.Random, n: int) -> int:
    """A random int in ``range(n)`` from ``rng.random`` alone, the same in every Python."""
    return int(rng.random() * n)


T = TypeVar("T")


def _balanced(
    candidates: Iterable[tuple[str, T]],
    buckets: Sequence[str],
    key: Callable[[T], Hashable] = lambda item: item,
) -> list[T]:
    """:data:`BANK_SIZE` items, distinct by ``key``, taken in turn from each bucket."""
    queues: dict[str, list[T]] = {bucket: [] for bucket in buckets}
    seen: set[Hashable] = set()
    for bucket, item in candidates:
        identity = key(item)
        if identity not in seen:
            seen.add(identity)
            queues[bucket].append(item)
    chosen: list[T] = []
    depth = 0
    while len(chosen) < BANK_SIZE:
        taken = [queue[depth] for queue in queues.values() if depth < len(queue)]
        if not taken:
            sizes = {bucket: len(queue) for bucket, queue in queues.items()}
            raise ValueError(f"not enough positions for a bank of {BANK_SIZE}: {sizes}")
        chosen.extend(taken[: BANK_SIZE - len(chosen)])
        depth += 1
    return chosen


# -- which cards may you play ------------------------------------------------


def _legal_item(game: Game) -> LegalItem:
    """The position of the player to move, with the engine's legal set and refusals."""
    seat = game.turn
    assert seat is not None
    hand = tuple(game.hand(seat))
    trick = game.trick
    legal = _strongest_first(game.legal_plays)
    refusals = tuple(
        (c, r)
        for c in _strongest_first(hand)
        if c not in legal and (r := game.refusal(c)) is not None
    )
    reasons = {r for _, r in refusals}
    best = winning_index(trick, game.trump)
    led = suit_of(trick[0])
    holds_led = any(suit_of(c) == led for c in hand)
    tags = []
    if led == game.trump:
        tags.append("trump_led")
    if len(trick) >= 2 and best == len(trick) - 2:  # partner's card
        tags.append("partner")
    if Reason.MUST_BEAT in reasons:
        tags.append("beat")
    elif Reason.MUST_FOLLOW_SUIT in reasons or holds_led:
        tags.append("follow")
    if Reason.MUST_TRUMP in reasons:
        tags.append("trump")
    if Reason.MUST_OVERTRUMP in reasons:
        tags.append("overtrump")
    if not refusals and not holds_led:
        tags.append("free")
    level = 3 if "overtrump" in tags or "partner" in tags else 2 if len(tags) > 1 else 1
    duty = duty_of(hand, trick, game.trump)
    return LegalItem(game.trump, trick, hand, legal, refusals, best, duty, tuple(tags), level)


def _legal_bucket(item: LegalItem) -> str:
    """The rarest rule the position involves, so each rule gets its share of the bank."""
    return next(
        b
        for b in ("overtrump", "partner", "trump_led", "trump", "free", "beat", "follow")
        if b in item.tags
    )


# -- who takes the trick -----------------------------------------------------


def _winner_item(cards: tuple[Card, ...], trump: int) -> WinnerItem:
    trumps = sum(1 for c in cards if suit_of(c) == trump)
    led_trump = suit_of(cards[0]) == trump
    if led_trump:
        tag = "trump_led"
    elif trumps >= 2:
        tag = "overtrumped"
    elif trumps == 1:
        tag = "trumped"
    else:
        tag = "suit"
    level = {"suit": 1, "trump_led": 2, "trumped": 2, "overtrumped": 3}[tag]
    why: WinnerWhy = (
        "highest_of_suit" if trumps == 0 else "only_trump" if trumps == 1 else "highest_trump"
    )
    led = suit_of(cards[0])
    astray = tuple(i for i, c in enumerate(cards) if suit_of(c) not in (led, trump))
    return WinnerItem(trump, cards, winning_index(cards, trump), why, astray, (tag,), level)


def _winner_bucket(item: WinnerItem) -> str:
    return item.tags[0]


# -- how many points ---------------------------------------------------------


def _points_item(cards: tuple[Card, ...], last: bool, rng: random.Random) -> PointsItem:
    points = trick_points(cards) + (LAST_TRICK_BONUS if last else 0)
    counted = sum(1 for c in cards if points_of(c))
    # Wrong choices a learner makes: the last trick's 10 forgotten or added, one card
    # left out, or a near miss.
    wrong = [points - LAST_TRICK_BONUS if last else points + LAST_TRICK_BONUS]
    wrong += [points - points_of(c) for c in cards if points_of(c)]
    wrong += [points + 1, points - 1, points + 2, points + 3, points + 4, points + 5]
    distinct = [p for p in dict.fromkeys(wrong) if p >= 0 and p != points]
    first = distinct[0]
    others = distinct[1:]
    second = others.pop(_below(rng, len(others)))
    third = others.pop(_below(rng, len(others)))
    choices = tuple(sorted((points, first, second, third)))
    tags = ["last"] if last else []
    tags.append("blank" if counted == 0 else "few" if counted <= 2 else "many")
    level = 3 if last else 2 if counted > 2 else 1
    return PointsItem(cards, last, points, choices, tuple(tags), level)


def _points_bucket(item: PointsItem) -> str:
    return item.tags[0]


# -- what do you sing --------------------------------------------------------

_PLANTS: tuple[Callable[[int, random.Random], tuple[str, ...]], ...] = (
    lambda trump, rng: (),
    lambda trump, rng: _pair(trump),
    lambda trump, rng: _pair((trump + 1 + _below(rng, 3)) % 4),
    lambda trump, rng: (*_pair(trump), *_pair((trump + 1 + _below(rng, 3)) % 4)),
    lambda trump, rng: (*_pair(_below(rng, 4)), *_pair(_below(rng, 4)), *_pair(_below(rng, 4))),
    lambda trump, rng: tuple(f"12{s}" for s in SUIT_LETTERS),
    lambda trump, rng: tuple(f"11{s}" for s in SUIT_LETTERS),
)
"""What a hand for the cants bank is dealt on purpose: nothing, the 40, a 20, the 40 and
a 20, up to three pairs, four reis, four cavalls."""


def _pair(suit: int) -> tuple[str, str]:
    return f"12{SUIT_LETTERS[suit]}", f"11{SUIT_LETTERS[suit]}"


def _cant_items(rng: random.Random) -> Iterator[CantsItem]:
    """Play a random hand whose seat 0 was dealt planted cards; after each trick seat 0
    wins, what it holds, what its team had sung and what the engine had it sing."""
    dealer = _below(rng, 4)
    deal = Deal.random(rng, dealer)
    trump = suit_of(deal.trump_card)
    plant = {parse_card(code) for code in _PLANTS[_below(rng, len(_PLANTS))](trump, rng)}
    planted = _with_planted(deal, plant)
    if planted is None:
        return
    game = Game.from_deal(planted)
    while not game.is_over:
        for _ in range(4):  # a whole trick: a hand ends only between tricks
            game.play_random(rng)
        number = game.tricks_played
        # No cant follows the tenth trick: no cards are left.
        if number == 10 or game.leader != 0:
            continue
        # What the team had sung before this trick.
        before = {c.suit for c in game.cants if c.after_trick < number and team_of(c.seat) == 0}
        sung = tuple(s for s in SUITS if s in before)
        hand = tuple(game.hand(0))
        if game.tute is not None:
            # The partner's tute would end the hand before seat 0 sings anything.
            if game.tute.seat == 0:
                yield _cants_item(trump, hand, sung, "tute", None)
            return
        cant = next((c for c in game.cants if c.after_trick == number and c.seat == 0), None)
        if cant is None:
            yield _cants_item(trump, hand, sung, "none", None)
        else:
            yield _cants_item(
                trump, hand, sung, "forty" if cant.suit == trump else "twenty", cant.suit
            )


def _with_planted(deal: Deal, plant: set[Card]) -> Deal | None:
    """The deal with the planted cards moved into seat 0's hand (swapped for others of
    its cards); ``None`` when that would move the dealer's shown card."""
    if deal.trump_card in plant and deal.dealer != 0:
        return None
    hands = [list(h) for h in deal.hands]
    spare = [c for c in hands[0] if c not in plant and c != deal.trump_card]
    for card in sorted(plant - set(hands[0])):
        owner = next(seat for seat in range(1, 4) if card in hands[seat])
        given = spare.pop()
        hands[owner][hands[owner].index(card)] = given
        hands[0][hands[0].index(given)] = card
    h0, h1, h2, h3 = (tuple(sorted(h)) for h in hands)
    return Deal(deal.dealer, deal.trump_card, (h0, h1, h2, h3))


def _holds_pair(hand: tuple[Card, ...], suit: int) -> bool:
    """Whether ``hand`` holds the rei and the cavall of ``suit``."""
    return all(parse_card(code) in hand for code in _pair(suit))


def _cants_item(
    trump: int, hand: tuple[Card, ...], sung: tuple[int, ...], kind: CantKind, suit: int | None
) -> CantsItem:
    held_sung = any(_holds_pair(hand, s) for s in sung)
    tags: list[str] = [kind]
    if sung:
        tags.append("sung")
    if held_sung:
        tags.append("pair_sung")
    level = 3 if kind == "tute" or held_sung else 2 if sung else 1
    return CantsItem(trump, hand, sung, kind, suit, tuple(tags), level)


def _cants_bucket(item: CantsItem) -> str:
    if item.kind == "tute":
        return "tute"
    if "pair_sung" in item.tags:
        return "pair_sung"
    if item.kind == "twenty" and item.sung:
        return "after_sung"
    return item.kind
