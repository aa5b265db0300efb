"""Properties of random hands: random deals, random legal play drawn by hypothesis.

The strongest check is the naive referee of :mod:`tests.engine.naive`, written
from RULES.md alone: the engine must agree with it on every legal set, every
refusal reason, every trick, cant and tute, and the points and winner.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass

from hypothesis import given
from hypothesis import strategies as st

from engine import (
    DECK_POINTS,
    DECK_SIZE,
    HAND_POINTS,
    Cant,
    Card,
    Deal,
    Game,
    Rules,
    Trick,
    card_code,
    duty_of,
    legal_cards,
    points_of,
    refusal_reason,
)
from tests.engine import naive
from tests.engine.helpers import DECK, PROFILE, codes

deals = st.builds(
    lambda seed, dealer: Deal.random(random.Random(seed), dealer),
    st.integers(0, 2**32 - 1),
    st.integers(0, 3),
)


def gather(deal: Deal, seat: int, rank_index: int) -> Deal:
    """The deal with the four cards of one rank (8 cavalls, 9 reis) swapped into one hand.

    The hand goes to the dealer when the shown card is of that rank, which must stay there.
    """
    if deal.trump_card % 10 == rank_index:
        seat = deal.dealer
    hands = [list(h) for h in deal.hands]
    wanted = [suit * 10 + rank_index for suit in range(4)]
    spare = [c for c in hands[seat] if c not in wanted and c != deal.trump_card]
    for card in wanted:
        holder = next(s for s in range(4) if card in hands[s])
        if holder != seat:
            given = spare.pop()
            hands[seat][hands[seat].index(given)] = card
            hands[holder][hands[holder].index(card)] = given
    return Deal(deal.dealer, deal.trump_card, tuple(tuple(sorted(h)) for h in hands))  # type: ignore[arg-type]


tute_deals = st.builds(gather, deals, st.integers(0, 3), st.sampled_from([8, 9]))
"""Deals where one player holds four reis or four cavalls: a tute if their team wins in time."""

choices = st.lists(st.integers(0, 9), min_size=DECK_SIZE, max_size=DECK_SIZE)
"""For each play, an index into the legal cards (taken modulo their number)."""


@dataclass
class Played:
    """A hand played from a deal: the game at its end and, per play, the legal set and the card."""

    game: Game
    legal: list[list[Card]]
    cards: list[Card]


def play_hand(deal: Deal, picks: list[int]) -> Played:
    """Play the hand, each card chosen by ``picks`` among the legal ones."""
    game = Game.from_deal(deal)
    played = Played(game, [], [])
    for pick in picks:
        if game.is_over:
            break
        legal = list(game.legal_plays)
        card = legal[pick % len(legal)]
        played.legal.append(legal)
        played.cards.append(card)
        game.play(card)
    return played


def replay(deal: Deal, cards: list[Card]) -> Played:
    """Play these cards in order (each checked), keeping the legal sets along the way."""
    game = Game.from_deal(deal)
    played = Played(game, [], list(cards))
    for card in cards:
        played.legal.append(list(game.legal_plays))
        game.play(card)
    return played


@PROFILE
@given(deals | tute_deals, choices)
def test_engine_agrees_with_the_naive_referee(deal: Deal, picks: list[int]) -> None:
    game = Game.from_deal(deal)
    ref = naive.NaiveHand(deal.dealer, card_code(deal.trump_card), [codes(h) for h in deal.hands])
    for pick in picks:
        if game.is_over:
            break
        seat = game.turn
        assert seat == ref.turn and not ref.over
        hand = game.hand(seat)
        assert sorted(codes(game.legal_plays)) == sorted(ref.legal())
        # Every card of the deck; the game keeps the card winning the trick, the bare
        # position works it out again.
        for card in range(DECK_SIZE):
            expected = naive.forbidding_rule(card_code(card), ref.hands[seat], ref.trick, ref.trump)
            assert game.refusal(card) == expected
            assert refusal_reason(card, hand, game.trick, game.trump) == expected
        assert duty_of(hand, game.trick, game.trump) == naive.duty(
            ref.hands[seat], ref.trick, ref.trump
        )
        card = list(game.legal_plays)[pick % len(game.legal_plays)]
        game.play(card)
        ref.play(card_code(card))
    assert ref.over
    assert [(t.leader, codes(t.cards), t.winner, t.points) for t in game.tricks] == ref.tricks
    assert [(c.after_trick, c.seat, "oceb"[c.suit], c.points) for c in game.cants] == ref.cants
    tute = game.tute
    assert (None if tute is None else (tute.after_trick, tute.seat, tute.kind)) == ref.tute
    outcome = game.outcome()
    assert outcome is not None
    assert list(outcome.points) == ref.points() == list(game.points)
    assert outcome.winner == ref.winner()


@PROFILE
@given(
    st.sampled_from("oceb"),
    st.lists(st.sampled_from(DECK), min_size=1, max_size=13, unique=True),
    st.integers(0, 3),
    st.booleans(),
)
def test_legal_cards_agree_with_the_naive_rules_on_any_position(
    trump: str, drawn: list[str], in_trick: int, must_beat: bool
) -> None:
    trick, hand = drawn[:in_trick], drawn[in_trick:]
    rules = Rules(must_beat=must_beat)
    suit = "oceb".index(trump)
    trick_cards, hand_cards = [DECK.index(c) for c in trick], [DECK.index(c) for c in hand]
    engine_legal = codes(legal_cards(hand_cards, trick_cards, suit, rules))
    assert sorted(engine_legal) == sorted(naive.legal(hand, trick, trump, must_beat))
    for card in range(DECK_SIZE):
        if card in trick_cards:
            continue
        expected = naive.forbidding_rule(DECK[card], hand, trick, trump, must_beat)
        assert refusal_reason(card, hand_cards, trick_cards, suit, rules) == expected
    duty = duty_of(hand_cards, trick_cards, suit, rules)
    assert duty == naive.duty(hand, trick, trump, must_beat)


@PROFILE
@given(deals | tute_deals, choices)
def test_hand_invariants(deal: Deal, picks: list[int]) -> None:
    played = play_hand(deal, picks)
    game = played.game
    assert game.is_over and game.turn is None and len(game.legal_plays) == 0
    assert all(played.legal)
    # Every card is played once; with a tute the rest are still in the hands.
    left = [c for seat in range(4) for c in game.hand(seat)]
    assert sorted(played.cards + left) == list(range(DECK_SIZE))
    assert [c for t in game.tricks for c in t.cards] == played.cards
    assert sum(points_of(c) for c in played.cards + left) == DECK_POINTS
    assert sum(t.points for t in game.tricks) == sum(map(points_of, played.cards))
    # The first trick is led by la mà; the winner of each trick leads the next.
    leaders = [t.leader for t in game.tricks]
    assert leaders == [(deal.dealer + 1) % 4] + [t.winner for t in game.tricks[:-1]]
    # Cants follow a trick won by the singer's team, one per player per trick, each suit once.
    for cant in game.cants:
        assert game.tricks[cant.after_trick - 1].winner % 2 == cant.seat % 2
        assert cant.after_trick < 10
    assert len({(c.after_trick, c.seat) for c in game.cants}) == len(game.cants)
    assert len({c.suit for c in game.cants}) == len(game.cants)
    cant_points = sum(c.points for c in game.cants)
    if game.tute is None:
        assert len(game.tricks) == 10
        assert sum(game.points) == HAND_POINTS + cant_points
    else:
        assert game.tricks[-1].number == game.tute.after_trick
        assert game.tricks[-1].winner % 2 == game.tute.seat % 2
        assert sum(game.points) == sum(t.points for t in game.tricks) + cant_points


@PROFILE
@given(deals, choices)
def test_undo_and_position_text_restore_every_position(deal: Deal, picks: list[int]) -> None:
    game = Game.from_deal(deal)
    seen = [view(game)]
    for pick in picks:
        if game.is_over:
            break
        legal = list(game.legal_plays)
        game.play(legal[pick % len(legal)])
        text = game.code()
        assert Game.from_code(text) == game
        assert Game.from_code(text).code() == text
        assert list(Game.from_code(text).legal_plays) == list(game.legal_plays)
        seen.append(view(game))
    seen.pop()
    while seen:
        game.undo()
        expected = seen.pop()
        assert game == Game.from_code(expected[0])
        assert view(game) == expected
    assert game == Game.from_deal(deal)


@PROFILE
@given(deals | tute_deals, choices)
def test_a_copy_plays_on_without_touching_the_original(deal: Deal, picks: list[int]) -> None:
    game = Game.from_deal(deal)
    for pick in picks:
        if game.is_over:
            break
        before = view(game)
        copy = game.copy()
        assert copy == game and view(copy) == before
        # Every field that play changes is a list the copy must not share.
        shared = [k for k, v in vars(game).items() if isinstance(v, list) and vars(copy)[k] is v]
        assert shared == []
        while not copy.is_over:
            copy.play(next(iter(copy.legal_plays)))
        assert view(game) == before
        copy.undo()
        legal = list(game.legal_plays)
        game.play(legal[pick % len(legal)])


def view(game: Game) -> tuple[str, list[Trick], list[Cant], list[Card]]:
    """What undo must restore: the position text, the tricks, the cants and the legal cards."""
    return game.code(), game.tricks, list(game.cants), list(game.legal_plays)


@PROFILE
@given(st.integers(0, 2**32 - 1), st.integers(0, 3))
def test_same_seed_same_hand(seed: int, dealer: int) -> None:
    hands = []
    for _ in range(2):
        game = Game.from_deal(Deal.random(random.Random(seed), dealer))
        rng = random.Random(seed)
        cards = [game.play_random(rng) for _ in range(DECK_SIZE) if not game.is_over]
        hands.append((cards, game.cants, game.tute, game.outcome()))
    assert hands[0] == hands[1]


def renamed(deal: Deal, rename: Callable[[Card], Card], seats: int = 0) -> Deal:
    """The deal with every card renamed and every seat (the dealer's too) moved on."""
    hands = [tuple(sorted(map(rename, deal.hands[(s - seats) % 4]))) for s in range(4)]
    return Deal((deal.dealer + seats) % 4, rename(deal.trump_card), tuple(hands))  # type: ignore[arg-type]


def suit_renaming(order: list[int]) -> Callable[[Card], Card]:
    """Rename suit ``s`` to ``order[s]``, keeping the ranks."""
    return lambda card: order[card // 10] * 10 + card % 10


def keep(card: Card) -> Card:
    """No renaming."""
    return card


@PROFILE
@given(deals, choices, st.integers(1, 3))
def test_rotating_the_seats_rotates_everything(deal: Deal, picks: list[int], k: int) -> None:
    first = play_hand(deal, picks)
    second = replay(renamed(deal, keep, k), first.cards)
    assert second.legal == first.legal
    a, b = first.game, second.game
    assert [(t.leader, t.winner) for t in b.tricks] == [
        ((t.leader + k) % 4, (t.winner + k) % 4) for t in a.tricks
    ]
    assert [(c.after_trick, c.seat, c.suit) for c in b.cants] == [
        (c.after_trick, (c.seat + k) % 4, c.suit) for c in a.cants
    ]
    assert (b.tute is None) == (a.tute is None)
    outcome_a, outcome_b = a.outcome(), b.outcome()
    assert outcome_a is not None and outcome_b is not None
    swap = k % 2 == 1
    assert outcome_b.winner == (outcome_a.winner ^ swap)
    assert outcome_b.points == (outcome_a.points[::-1] if swap else outcome_a.points)


@PROFILE
@given(deals, choices, st.permutations([0, 1, 2]))
def test_renaming_the_plain_suits_renames_the_play(
    deal: Deal, picks: list[int], shuffled: list[int]
) -> None:
    trump = deal.trump_card // 10
    plain = [s for s in range(4) if s != trump]
    order = [trump] * 4
    for s, i in zip(plain, shuffled, strict=True):
        order[s] = plain[i]
    rename = suit_renaming(order)
    first = play_hand(deal, picks)
    second = replay(renamed(deal, rename), [rename(c) for c in first.cards])
    assert [sorted(map(rename, legal)) for legal in first.legal] == list(map(sorted, second.legal))
    a, b = first.game, second.game
    assert [(t.winner, t.points) for t in a.tricks] == [(t.winner, t.points) for t in b.tricks]
    # Which 20 is sung first follows the suit order, so only the play is compared here.
    assert (a.tute is None) == (b.tute is None)


@PROFILE
@given(deals, choices, st.integers(0, 3))
def test_moving_trump_while_keeping_the_order_of_the_plain_suits_changes_nothing(
    deal: Deal, picks: list[int], new_trump: int
) -> None:
    trump = deal.trump_card // 10
    order = [0] * 4
    order[trump] = new_trump
    for s, t in zip(
        [s for s in range(4) if s != trump], [s for s in range(4) if s != new_trump], strict=True
    ):
        order[s] = t
    rename = suit_renaming(order)
    first = play_hand(deal, picks)
    second = replay(renamed(deal, rename), [rename(c) for c in first.cards])
    a, b = first.game, second.game
    assert [(c.after_trick, c.seat, order[c.suit], c.points) for c in a.cants] == [
        (c.after_trick, c.seat, c.suit, c.points) for c in b.cants
    ]
    assert a.tute == b.tute
    assert a.outcome() == b.outcome()
