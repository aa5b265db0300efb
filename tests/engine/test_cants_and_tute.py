"""Cants (les vint i les quaranta) and tute: RULES.md "Cants" and "Tute".

Positions are hand-made late in a hand (trump is bastos throughout); the
hands are listed for seats 0 to 3, and the cards not shown were won earlier.
"""

from __future__ import annotations

import pytest

from engine import (
    CANT_POINTS,
    TRUMP_CANT_POINTS,
    Cant,
    Outcome,
    Reason,
    Rules,
    Tute,
    cant_to_sing,
    parse_card,
    parse_suit,
    tute_in,
)
from tests.engine.helpers import play, position

OROS, COPES, ESPASES, BASTOS = (parse_suit(s) for s in "oceb")


def test_cant_right_after_the_singers_team_wins_a_trick() -> None:
    game = position(["12o 11o 1c", "2c 4e 5e", "3c 6e 7e", "4c 2e 3e"], leader=0)
    before = game.points
    play(game, "1c 2c 3c 4c")
    assert game.cants == [Cant(8, 0, OROS, 20)]
    assert game.points[0] == before[0] + 21 + CANT_POINTS


def test_no_cant_when_the_rivals_win_the_trick() -> None:
    game = position(["12o 11o 2c 5o", "1c 4e 5e 6o", "3c 1e 7e 7o", "4c 2e 3e 4o"], leader=0)
    play(game, "2c 1c 3c 4c")
    assert game.tricks[-1].winner == 1
    assert game.cants == []
    # The pair waits for the next trick its team wins, here taken by the partner.
    play(game, "4e 1e 2e 5o")
    assert game.cants == [Cant(8, 0, OROS, 20)]


def test_cant_needs_both_cards_in_hand_at_that_moment() -> None:
    game = position(["12o 11o 2c", "2o 4e 5e", "4o 6e 7e", "5o 2e 3e"], leader=0)
    play(game, "12o 2o 4o 5o")
    assert game.tricks[-1].winner == 0
    assert game.cants == []


def test_cants_winner_then_partner_one_each_and_each_suit_once() -> None:
    game = position(
        ["12o 11o 12e 11e 4b", "5b 2o 3o 4o 5o", "1b 12c 11c 2c 3c", "2b 4c 5c 6c 7c"],
        leader=2,
    )
    play(game, "1b 2b 4b 5b")
    # The winner (seat 2) sings first, then the partner, who sings one pair only.
    assert game.cants == [Cant(6, 2, COPES, 20), Cant(6, 0, OROS, 20)]
    play(game, "2c 7c 12o 2o")
    assert game.tricks[-1].winner == 3
    assert len(game.cants) == 2
    play(game, "4c 11o 3o 3c")
    # Seat 2 still holds the pair of copes, already sung; seat 0's espases waited until now.
    assert game.tricks[-1].winner == 2
    assert game.cants[2:] == [Cant(8, 0, ESPASES, 20)]
    assert game.sung_suits == [OROS, COPES, ESPASES]


def test_cants_the_forty_first_then_twenties_in_suit_order() -> None:
    game = position(
        [
            "12e 11e 12c 11c 12b 11b 1o",
            "2o 3o 4o 5o 6o 7o 2c",
            "10o 2e 3e 4e 5e 6e 7e",
            "11o 3c 4c 5c 6c 7c 10c",
        ],
        leader=0,
    )
    play(game, "1o 2o 10o 11o")
    assert game.cants == [Cant(4, 0, BASTOS, TRUMP_CANT_POINTS)]
    play(game, "12b 3o 2e 3c")
    assert game.cants[1:] == [Cant(5, 0, COPES, 20)]
    play(game, "11b 4o 3e 4c")
    assert game.cants[2:] == [Cant(6, 0, ESPASES, 20)]


KINGS_HANDS = [
    "4c 5e 6e 7e 10e 11e",
    "12o 12c 12e 12b 11o 1c",
    "2c 2o 3o 4o 5o 6o",
    "3c 7o 10o 2e 3e 4e",
]
"""Seat 1 holds the four reis and the pair of oros; leading the as of copes wins trick 5."""


def test_tute_of_kings_ends_the_hand_at_once_for_that_team() -> None:
    game = position(KINGS_HANDS, leader=1, won="1o 1e 1b 3b 11c 10c 11b 10b")
    play(game, "1c 2c 3c 4c")
    assert game.tute == Tute(5, 1, "kings")
    assert game.is_over and game.turn is None and len(game.legal_plays) == 0
    # Checked before the cants: the pair of oros is not sung.
    assert game.cants == []
    # The tute wins although its team has fewer points so far; the points stay as they are.
    assert game.points[0] > game.points[1]
    assert game.outcome() == Outcome(1, game.points, "tute")
    assert game.refusal(12) == Reason.HAND_OVER


def test_tute_of_horses() -> None:
    game = position(
        ["4c 5c 6c 7c 10c", "11o 11c 11e 11b 1c", "2c 2o 3o 4o 5o", "3c 6o 7o 10o 2e"],
        leader=1,
    )
    play(game, "1c 2c 3c 4c")
    assert game.tute == Tute(6, 1, "horses")
    assert game.outcome() == Outcome(1, game.points, "tute")


def test_no_tute_when_the_rivals_win_the_trick() -> None:
    game = position(
        ["4o 5c 6c 7c 10c", "12o 12c 12e 12b 1o", "2b 2e 3e 4e 5e", "3c 7o 10o 6e 11o"],
        leader=1,
    )
    play(game, "1o 2b 7o 4o")
    assert game.tricks[-1].winner == 2
    assert game.tute is None and not game.is_over


@pytest.mark.parametrize(
    ("kings", "horses", "leader", "expected"),
    [
        (3, 1, 1, Tute(6, 1, "horses")),
        (3, 1, 3, Tute(6, 3, "kings")),
        (1, 3, 3, Tute(6, 3, "horses")),
    ],
)
def test_tute_the_winner_before_the_partner(
    kings: int, horses: int, leader: int, expected: Tute
) -> None:
    hands = ["4c 6o 7o 10o 2e", "", "2c 2o 3o 4o 5o", ""]
    hands[horses] = "11o 11c 11e 11b"
    hands[kings] = "12o 12c 12e 12b"
    hands[leader] += " 1c"
    hands[leader ^ 2] += " 3c"
    game = position(hands, leader=leader)
    play(game, "1c 4c 3c 2c" if leader == 3 else "1c 2c 3c 4c")
    assert game.tricks[-1].winner == leader
    assert game.tute == expected


def test_tute_of_kings_when_holding_kings_and_horses() -> None:
    game = position(
        [
            "4c 5c 6c 7c 10c 2b 3b 4b 5b",
            "12o 12c 12e 12b 11o 11c 11e 11b 1c",
            "2c 2o 3o 4o 5o 6o 7o 10o 1o",
            "3c 2e 3e 4e 5e 6e 7e 10e 1e",
        ],
        leader=1,
    )
    play(game, "1c 2c 3c 4c")
    assert game.tute == Tute(2, 1, "kings")


def test_tute_off_variant_sings_cants_instead() -> None:
    game = position(KINGS_HANDS, leader=1, rules=Rules(tute="off"))
    play(game, "1c 2c 3c 4c")
    assert game.tute is None and not game.is_over
    assert game.cants == [Cant(5, 1, OROS, 20)]


def _hand(text: str) -> int:
    return sum(1 << parse_card(code) for code in text.split())


def test_cant_to_sing_takes_the_forty_first_then_twenties_in_suit_order() -> None:
    hand = _hand("12e 11e 12c 11c 12b 11b 1o")
    assert cant_to_sing(hand, BASTOS, 0) == BASTOS
    assert cant_to_sing(hand, BASTOS, 1 << BASTOS) == COPES
    assert cant_to_sing(hand, BASTOS, 1 << BASTOS | 1 << COPES) == ESPASES
    assert cant_to_sing(hand, BASTOS, 1 << BASTOS | 1 << COPES | 1 << ESPASES) is None
    assert cant_to_sing(_hand("12o 11c 10o 1b"), OROS, 0) is None


def test_tute_in_finds_four_kings_before_four_horses() -> None:
    assert tute_in(_hand("12o 12c 12e 12b 11o 11c 11e 11b")) == "kings"
    assert tute_in(_hand("11o 11c 11e 11b 1o")) == "horses"
    assert tute_in(_hand("12o 12c 12e 11o 11c 11e 1b")) is None
