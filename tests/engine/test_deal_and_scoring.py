"""The deal, the points, the end of a hand and the match: RULES.md "Table and deal",
"Strength and points", "Winning", and the constants the pages quote."""

from __future__ import annotations

import random

import pytest

from engine import (
    CANT_POINTS,
    CARD_POINTS,
    DECK_POINTS,
    DECK_SIZE,
    HAND_POINTS,
    HAND_SIZE,
    LAST_TRICK_BONUS,
    MATCH_TARGET,
    TRUMP_CANT_POINTS,
    Deal,
    Game,
    IllegalPlayError,
    InvalidPositionError,
    Match,
    MatchOverError,
    Outcome,
    Reason,
    Rules,
    parse_card,
    points_of,
)
from tests.engine.helpers import DECK, cards, play, play_out, position


class DeckOrder(random.Random):
    """A "shuffle" that leaves the deck in order (or reversed): card i is dealt i-th."""

    def __init__(self, reverse: bool = False) -> None:
        super().__init__(0)
        self.step = -1 if reverse else 1
        self.drawn = 0

    def random(self) -> float:
        self.drawn += self.step
        return 0.5 + self.drawn / 1000


def test_constants() -> None:
    assert HAND_SIZE == 10
    assert DECK_SIZE == 40
    assert DECK_POINTS == 120 == sum(points_of(c) for c in range(DECK_SIZE))
    assert LAST_TRICK_BONUS == 10
    assert HAND_POINTS == 130 == DECK_POINTS + LAST_TRICK_BONUS
    assert CANT_POINTS == 20
    assert TRUMP_CANT_POINTS == 40
    assert MATCH_TARGET == 4 == Rules().match_target
    assert CARD_POINTS == {1: 11, 2: 0, 3: 10, 4: 0, 5: 0, 6: 0, 7: 0, 10: 2, 11: 3, 12: 4}


@pytest.mark.parametrize("dealer", range(4))
def test_deal_one_card_at_a_time_from_the_seat_after_the_dealer(dealer: int) -> None:
    deal = Deal.random(DeckOrder(), dealer)
    for k in range(4):
        assert list(deal.hands[(dealer + 1 + k) % 4]) == list(range(k, DECK_SIZE, 4))
    # The 40th card (the rei de bastos here) is the dealer's, shown, and sets trump.
    assert deal.trump_card == parse_card("12b")
    assert deal.trump_card in deal.hands[dealer]
    game = Game.from_deal(deal)
    assert game.trump == 3
    assert game.leader == game.turn == (dealer + 1) % 4
    assert all(len(game.hand(seat)) == HAND_SIZE for seat in range(4))


def test_the_trump_card_stays_in_the_dealers_hand_and_is_played_like_any_other() -> None:
    game = Game.from_deal(Deal.random(DeckOrder(), 3))
    assert game.trump_card == parse_card("12b") and game.trump == 3
    # Muntar forces the dealer to play the shown card, the only trump above the cavall.
    play(game, "7b 10b 11b")
    assert list(game.legal_plays) == [parse_card("12b")]
    game.play(parse_card("12b"))
    assert game.tricks[-1].winner == 3


def test_same_seed_same_deal() -> None:
    assert Deal.random(random.Random(7), 1) == Deal.random(random.Random(7), 1)
    assert Deal.random(random.Random(7), 1) != Deal.random(random.Random(8), 1)


BAD_DEALS = [
    (5, "12b", None, "dealer must be a seat 0-3, not 5"),
    (0, "12b", [DECK[:10], DECK[10:20], DECK[20:40]], "a deal has 4 hands, not 3"),
    (0, "1o", [DECK[:9], DECK[9:20], DECK[20:30], DECK[30:]], "seat 0 holds 9 cards"),
    (
        0,
        "1o",
        [DECK[:10], [*DECK[10:19], "2c"], DECK[20:30], DECK[30:]],
        "2c is in seat 1's hand twice",
    ),
    (0, "1o", [DECK[:10], [*DECK[10:19], "1o"], DECK[20:30], DECK[30:]], "also in seat 0's hand"),
    (
        3,
        "1o",
        [DECK[:10], DECK[10:20], DECK[20:30], DECK[30:]],
        "trump card 1o is not in the dealer's",
    ),
]


@pytest.mark.parametrize(("dealer", "trump", "hands", "message"), BAD_DEALS)
def test_deal_rejects_bad_hands_with_clear_messages(
    dealer: int, trump: str, hands: list[list[str]] | None, message: str
) -> None:
    split = hands or [DECK[:10], DECK[10:20], DECK[20:30], DECK[30:]]
    with pytest.raises(InvalidPositionError, match=message):
        Deal(dealer, parse_card(trump), tuple(tuple(cards(" ".join(h))) for h in split))  # type: ignore[arg-type]


@pytest.mark.parametrize("stray", [40, -1, "1o"])
def test_deal_rejects_what_is_not_a_card(stray: object) -> None:
    hands = [list(range(i, i + 10)) for i in range(0, 40, 10)]
    hands[1][0] = stray  # type: ignore[call-overload]
    with pytest.raises(InvalidPositionError, match="not a card"):
        Deal(0, 0, tuple(tuple(h) for h in hands))  # type: ignore[arg-type]
    with pytest.raises(InvalidPositionError, match="not a card"):
        Deal(0, 99, tuple(tuple(range(i, i + 10)) for i in range(0, 40, 10)))  # type: ignore[arg-type]


def test_the_trick_winner_leads_the_next_trick() -> None:
    game = position(["1o 2c", "2o 3c", "3o 4c", "4o 5c"], leader=2)
    play(game, "3o 4o 1o 2o")
    assert game.tricks[-1].winner == 0
    assert game.leader == game.turn == 0


TIE_PILE = "1o 3o 1c 3c 12o 12c 11o 10o"
"""55 card points: with the last trick's ten, 65, half of the hand's 130."""


@pytest.mark.parametrize("last", [0, 1])
def test_equal_points_the_last_tricks_team_wins(last: int) -> None:
    hands = ["", "", "", ""]
    for seat, card in zip(range(last, last + 4), ["6o", "2o", "4o", "5o"], strict=True):
        hands[seat % 4] = card
    game = position(hands, leader=last, won=TIE_PILE, won_by=last)
    play(game, "6o 2o 4o 5o")
    assert game.is_over and game.tricks[-1].winner == last
    # A trick's points are its card points; the deu d'últimes go to the team's points.
    assert game.tricks[-1].points == 0
    assert game.outcome() == Outcome(last, (65, 65), "last_trick")


def test_more_points_win_the_hand() -> None:
    game = position(["1e", "2e", "4e", "5e"], leader=0, won=TIE_PILE, won_by=0)
    play(game, "1e 2e 4e 5e")
    assert game.tricks[-1].points == 11
    assert game.outcome() == Outcome(0, (55 + 11 + 10, 65 - 11), "points")


def test_points_so_far_and_no_outcome_while_playing() -> None:
    game = position(["1o 2c", "2o 3c", "3o 4c", "4o 5c"], leader=0, won="1e 3e 10b 11b")
    assert game.points == (11 + 10 + 2 + 3, 120 - 26 - 21 - 10)
    play(game, "1o 2o 3o 4o")
    assert game.points == (26 + 21, 120 - 26 - 21 - 10)
    assert game.outcome() is None and not game.is_over


def test_illegal_play_names_the_rule_and_the_position() -> None:
    game = position(["1o 2c", "2o 3c", "3o 4c", "4o 5c"], leader=0)
    game.play(parse_card("1o"))
    with pytest.raises(IllegalPlayError) as caught:
        game.play(parse_card("3c"))
    assert caught.value.reason == Reason.MUST_FOLLOW_SUIT
    assert caught.value.seat == 1 and caught.value.card == "3c"
    assert "3c is not legal for seat 1 (must_follow_suit)" in str(caught.value)
    assert Game.from_code(caught.value.position) == game


def test_no_play_once_the_hand_is_over() -> None:
    game = Game.from_deal(Deal.random(random.Random(3), 0))
    play_out(game, random.Random(3))
    assert game.refusal(0) == Reason.HAND_OVER
    with pytest.raises(IllegalPlayError, match="hand_over"):
        game.play(0)


def altered(field: int, value: str) -> str:
    """A real position's text with one field replaced."""
    fields = Game.from_deal(Deal.random(random.Random(1), 0)).code().split()
    fields[field] = value
    return " ".join(fields)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("nonsense", "a position has 7 fields, not 1"),
        (altered(0, "7"), "the dealer must be a seat 0-3, not '7'"),
        (altered(1, "1x"), "not a card code: '1x'"),
        (altered(2, "1o/2o/3o/4o"), "every one of the 40 cards must appear once"),
        (altered(3, "3"), "the first trick is led by seat 1"),
    ],
)
def test_position_text_errors_say_what_is_wrong(text: str, message: str) -> None:
    with pytest.raises(InvalidPositionError, match=message):
        Game.from_code(text)


def test_position_text_with_a_card_twice_and_one_missing_is_refused() -> None:
    fields = Game.from_deal(Deal.random(random.Random(1), 0)).code().split()
    hands = [hand.split(",") for hand in fields[2].split("/")]
    hands[1][0] = hands[0][0]  # forty cards listed, one of them twice
    fields[2] = "/".join(",".join(hand) for hand in hands)
    with pytest.raises(InvalidPositionError, match="every one of the 40 cards must appear once"):
        Game.from_code(" ".join(fields))


def test_a_match_to_four_jocs_the_deal_moving_one_seat_each_hand() -> None:
    match = Match(dealer=2)
    rng = random.Random(11)
    dealers = []
    while not match.is_over:
        dealers.append(match.dealer)
        game = match.deal(rng)
        assert game.dealer == match.dealer and game.leader == (match.dealer + 1) % 4
        play_out(game, rng)
        outcome = game.outcome()
        assert outcome is not None
        match.record(outcome)
    assert dealers == [(2 + i) % 4 for i in range(len(dealers))]
    assert match.winner is not None and max(match.jocs) == MATCH_TARGET
    assert MATCH_TARGET <= len(dealers) == sum(match.jocs) <= 2 * MATCH_TARGET - 1
    assert [r.winner for r in match.results].count(match.winner) == MATCH_TARGET
    with pytest.raises(MatchOverError, match="the match is over"):
        match.deal(rng)


def test_match_target_variant() -> None:
    match = Match(Rules(match_target=2))
    outcome = Outcome(1, (40, 90), "points")
    match.record(outcome)
    assert not match.is_over and match.dealer == 1
    match.record(outcome)
    assert match.winner == 1 and match.jocs == [0, 2]


@pytest.mark.parametrize(("effect", "jocs"), [("hand", [0, 1]), ("match", [0, MATCH_TARGET])])
def test_tute_wins_the_hand_or_the_match(effect: str, jocs: list[int]) -> None:
    match = Match(Rules(tute=effect))  # type: ignore[arg-type]
    match.record(Outcome(1, (20, 30), "tute"))
    assert match.jocs == jocs
    assert match.is_over == (effect == "match")
