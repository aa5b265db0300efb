"""Questions lessons ask about a position: who is winning, is it trumped, who can still win
the trick, and what a team would sing next. Each answer comes from the rules themselves."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine import Cant, Deal, Game, Rules, Tute, is_trumped, parse_suit
from tests.engine.helpers import PROFILE, cards, play, position
from tests.engine.test_properties import deals, play_hand

OROS, COPES, ESPASES = (parse_suit(s) for s in "oce")


def _line(text: str) -> tuple[int, ...]:
    """A way to finish a trick, as :meth:`Game.trick_winners` gives it."""
    return tuple(cards(text))


@pytest.mark.parametrize(
    ("trick", "trump", "trumped"),
    [
        ("", "o", False),
        ("1e", "o", False),
        ("1e 2o", "o", True),
        ("1e 2o 3e", "o", True),
        ("5o 1o", "o", False),  # trump led: following it is not trumping
        ("1c 2c 12c", "o", False),
    ],
)
def test_a_trick_is_trumped_when_a_trump_wins_another_suit(
    trick: str, trump: str, trumped: bool
) -> None:
    assert is_trumped(cards(trick), parse_suit(trump)) is trumped


def test_the_winning_seat_follows_the_best_card() -> None:
    game = position(["1c 2e", "2c 3e", "3c 4e", "4c 5e"], leader=1, trump_card="1b")
    assert game.winning_seat is None
    play(game, "2c")
    assert game.winning_seat == 1
    play(game, "3c 4c")
    assert game.winning_seat == 2
    play(game, "1c")
    assert game.winning_seat is None  # the trick is over; seat 0 leads the next


def test_trick_winners_tries_every_legal_card_of_every_later_player() -> None:
    # Espases led by seat 0; seat 1 must trump (no espases), seat 2 overtrumps with the ace.
    game = position(["1e", "2o", "1o", "2e"], leader=0, trump_card="3o")
    assert game.trick_winners() == {2: _line("1e 2o 1o 2e")}
    play(game, "1e")
    assert game.trick_winners() == {2: _line("2o 1o 2e")}


def test_trick_winners_when_a_later_choice_decides() -> None:
    # If seat 0 leads the trump, it wins. If it leads 2e, seat 1 must beat it: with 3e it
    # wins; with 4e, seat 2 must beat that with 5e and wins.
    game = position(["2e 4o", "3e 4e", "5e 6c", "7c 10c"], leader=0, trump_card="1o")
    assert game.trick_winners() == {
        0: _line("4o 3e 6c 7c"),
        1: _line("2e 3e 5e 7c"),
        2: _line("2e 4e 5e 7c"),
    }
    play(game, "2e 4e")
    assert game.trick_winners() == {2: _line("5e 7c")}


@PROFILE
@given(deals, st.lists(st.integers(0, 9), min_size=1, max_size=39))
def test_every_line_wins_for_its_seat_and_every_winner_is_listed(
    deal: Deal, picks: list[int]
) -> None:
    game = play_hand(deal, picks).game
    if game.is_over:
        return
    winners = game.trick_winners()
    for seat, line in winners.items():
        trial = Game.from_code(game.code())
        for card in line:
            trial.play(card)
        assert trial.tricks[-1].winner == seat
    # Any legal completion is won by a seat the engine listed.
    trial = Game.from_code(game.code())
    while trial.tricks_played == game.tricks_played:
        trial.play(next(iter(trial.legal_plays)))
    assert trial.tricks[-1].winner in winners


def test_sung_if_won_the_forty_first_then_the_partner() -> None:
    game = position(
        ["12o 11o 12c 11c 1b", "2b 2o 3o 4o 5o", "12e 11e 3b 6o 7o", "4b 10o 2c 3c 4c"],
        leader=0,
        trump_card="1o",
    )
    # One cant per player per trick: seat 0's cups wait.
    assert game.sung_if_won(0) == (Cant(6, 0, OROS, 40), Cant(6, 2, ESPASES, 20))
    assert game.sung_if_won(2) == (Cant(6, 2, ESPASES, 20), Cant(6, 0, OROS, 40))
    assert game.sung_if_won(1) == ()


def test_sung_if_won_skips_a_suit_already_sung() -> None:
    game = position(
        ["12o 11o 12c 11c 1b", "2b 2o 3o 4o 5o", "3b 6o 7o 10o 2c", "4b 3c 4c 5c 6c"],
        leader=0,
        trump_card="1o",
        won="1c 7c 10c 1e",
        events="1:0o",
    )
    assert game.sung_if_won(0) == (Cant(6, 0, COPES, 20),)


def test_sung_if_won_a_tute_instead_of_cants_unless_the_table_plays_without() -> None:
    hands = ["12o 12c 12e 12b 11o", "2b 2o 3o 4o 5o", "11c 6o 7o 10o 2c", "4b 3c 4c 5c 6c"]
    game = position(hands, leader=0, trump_card="1o")
    assert game.sung_if_won(2) == Tute(6, 0, "kings")
    without = position(hands, leader=0, trump_card="1o", rules=Rules(tute="off"))
    assert without.sung_if_won(2) == (Cant(6, 0, OROS, 40),)
