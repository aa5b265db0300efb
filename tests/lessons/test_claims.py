"""Claims: each fact true and false on small positions, with the exact words of the problem."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from engine import Cant, Deal, Game, parse_card, parse_suit
from lesson_compiler.claims import ClaimError, Position, check_claim, parse_claim
from tests.lessons.conftest import load_edited

OROS, COPES = parse_suit("o"), parse_suit("c")

# Coins are trumps (the dealer, seat 3, shows 7o); seat 0 leads the first trick.
# Seat 0 holds the twenties in cups and swords, seat 2 the forty and the twenty in clubs.
HANDS = (
    "1e 3e 10e 11e 12e 1c 3c 10c 11c 12c",
    "2o 4o 5o 6o 2c 4c 5c 6c 7c 2b",
    "1o 3o 11o 12o 1b 3b 7b 10b 11b 12b",
    "7o 10o 2e 4e 5e 6e 7e 4b 5b 6b",
)


def _cards(text: str) -> tuple[int, ...]:
    return tuple(parse_card(code) for code in text.split())


def _game(plays: str = "") -> Game:
    hands = tuple(_cards(hand) for hand in HANDS)
    game = Game.from_deal(Deal(3, parse_card("7o"), hands))  # type: ignore[arg-type]
    for card in _cards(plays):
        game.play(card)
    return game


def _lesson(learner: int, plays: str = "") -> Position:
    """The position after ``plays``, for the learner at seat ``learner``."""
    game = _game(plays)
    return Position(tuple(game.hand(learner)), game.trick, game.trump, game, learner)


def _example(trump: str, trick: str, hand: str) -> Position:
    """A rule example's position: a hand, the trick so far and trump, no seats."""
    return Position(_cards(hand), _cards(trick), parse_suit(trump))


def _check(claim: str, position: Position) -> str | None:
    return check_claim(parse_claim(claim), position)


# The learner (seat 2) has no swords; a rival trumped the ace of swords with the two of coins.
RUFFED = _lesson(2, "1e 2o")
# The learner (seat 2) has no cups; the partner's ace of cups is winning.
PARTNER_ACE = _lesson(2, "1c 2c")
# The learner (seat 1) must trump the ace of swords, and the rival after can overtrump.
BEATEN = _lesson(1, "1e")
# A rule example: clubs led and the king winning; the learner holds two low clubs and a trump.
LOW_CLUBS = _example("o", "5b 12b", "2b 4b 1o 5c")


@pytest.mark.parametrize(
    ("claim", "position", "problem"),
    [
        ("has_suit_led", LOW_CLUBS, None),
        ("has_suit_led", RUFFED, "the learner holds no card of the suit led (e)"),
        ("no_suit_led", RUFFED, None),
        ("no_suit_led", LOW_CLUBS, "the learner holds 2b, 4b of the suit led"),
        ("has_trump", RUFFED, None),
        ("has_trump", _example("o", "1c", "2c 3e"), "the learner holds no trump (o)"),
        ("no_trump", _example("o", "1c", "2c 3e"), None),
        ("no_trump", RUFFED, "the learner holds 1o, 3o, 11o, 12o"),
        ("can_beat", RUFFED, None),
        ("can_beat", LOW_CLUBS, "no legal card beats 12b (legal: 2b, 4b)"),
        ("cannot_beat", LOW_CLUBS, None),
        ("cannot_beat", PARTNER_ACE, "1o, 3o, 11o, 12o would beat 1c"),
        ("trumped", RUFFED, None),
        ("trumped", PARTNER_ACE, "no trump is in the trick (1c, 2c)"),
        ("trumped", _example("o", "5o 1o", "2o"), "trump was led, so no card trumps the trick"),
        ("not_trumped", PARTNER_ACE, None),
        ("not_trumped", RUFFED, "2o trumps the trick led in e"),
        ("partner_winning", PARTNER_ACE, None),
        ("partner_winning", RUFFED, "a rival (seat 1) is winning with 2o"),
        ("rival_winning", RUFFED, None),
        ("rival_winning", PARTNER_ACE, "the partner (seat 0) is winning with 1c"),
        ("rival_winning", _lesson(2, "1e 2o 1o"), "the learner's own 1o is winning"),
        ("any_card", _lesson(0), None),
        ("any_card", _example("o", "1c", "2e 3e"), None),
        (
            "any_card",
            RUFFED,
            "the engine refuses 1b (must_overtrump), 3b (must_overtrump), 7b (must_overtrump), "
            "10b (must_overtrump), 11b (must_overtrump), 12b (must_overtrump)",
        ),
        ("must_follow", LOW_CLUBS, None),
        (
            "must_follow",
            _example("o", "5c", "2c 3c 1e"),
            "the engine refuses 2c (must_beat), 1e (must_follow_suit)",
        ),
        ("must_beat", _example("o", "5c", "2c 3c 1e"), None),
        ("must_beat", _example("o", "5c", "2c 1e"), "the engine refuses 1e (must_follow_suit)"),
        ("must_trump", PARTNER_ACE, None),
        ("must_trump", _example("o", "1c", "4c 2o"), "the engine refuses 2o (must_follow_suit)"),
        ("must_overtrump", RUFFED, None),
        ("must_overtrump", _example("o", "1c", "2e 3e"), "every card in the hand is legal"),
        ("trick_lost", BEATEN, None),
        ("trick_lost", RUFFED, "the learner's team wins it if 1o, 2e are played"),
        ("trick_won", RUFFED, None),
        ("trick_won", BEATEN, "the rivals win it if 2o, 1o, 2e are played"),
        ("next_cant:twenty-c", _lesson(0), None),
        ("next_cant:twenty-e", _lesson(0), "the learner's team would sing twenty-c next"),
        ("next_cant:forty", RUFFED, None),
        ("next_cant:none", RUFFED, "the learner's team would sing forty next"),
        ("next_cant:none", BEATEN, None),
    ],
)
def test_each_fact_true_and_false(claim: str, position: Position, problem: str | None) -> None:
    expected = None if problem is None else f'claim "{claim}" is false: {problem}'
    assert _check(claim, position) == expected


@pytest.mark.parametrize(
    ("claim", "position", "problem"),
    [
        ("no_suit_led", _lesson(0), "needs a card on the table, but the learner leads this trick"),
        ("can_beat", _lesson(0), "needs a card on the table, but the learner leads this trick"),
        ("any_card", _lesson(2, "1e 2o 1o"), "is about the learner's play, but seat 3 plays next"),
        (
            "trick_lost",
            LOW_CLUBS,
            "needs the seats and hands of a lesson, which a rule example lacks",
        ),
        (
            "next_cant:none",
            LOW_CLUBS,
            "needs the seats and hands of a lesson, which a rule example lacks",
        ),
    ],
)
def test_a_fact_that_cannot_be_asked_here(claim: str, position: Position, problem: str) -> None:
    assert _check(claim, position) == f'claim "{claim}" {problem}'


@pytest.mark.parametrize(
    ("text", "error"),
    [
        ("no_trumps", "unknown fact 'no_trumps' (expected one of: any_card, can_beat, "),
        ("has_trump:o", "has_trump takes no argument, not 'has_trump:o'"),
        ("next_cant", "next_cant needs an argument, e.g. next_cant:none"),
        (
            "next_cant:twenty",
            "next_cant:twenty: the cant is forty, twenty-<suit letter> (o, c, e, b), tute or none",
        ),
        (3, "a claim is a fact name, not 3"),
    ],
)
def test_a_claim_that_cannot_be_read(text: object, error: str) -> None:
    with pytest.raises(ClaimError) as caught:
        parse_claim(text)
    assert str(caught.value).startswith(error)


def test_a_cant_seen_during_a_continue_step_is_the_one_claimed() -> None:
    seen = replace(RUFFED, shown=(Cant(2, 1, OROS, 40), Cant(2, 0, COPES, 20)))
    assert _check("next_cant:twenty-c", seen) is None
    assert _check("next_cant:forty", seen) == (
        'claim "next_cant:forty" is false: the cant shown is twenty-c'
    )
    # Only the rivals sang: the claim is about what the learner's team would sing.
    rivals = replace(RUFFED, shown=(Cant(2, 1, OROS, 40),))
    assert _check("next_cant:forty", rivals) is None


LESSON = """id = "claims"
title = "Claims"
summary = "Each step claims the facts its words rely on."
learner = 2
dealer = 3
trump_card = "7o"
hands = [
  ["1e", "3e", "10e", "11e", "12e", "1c", "3c", "10c", "11c", "12c"],
  ["2o", "4o", "5o", "6o", "2c", "4c", "5c", "6c", "7c", "2b"],
  ["1o", "3o", "11o", "12o", "1b", "3b", "7b", "10b", "11b", "12b"],
  ["7o", "10o", "2e", "4e", "5e", "6e", "7e", "4b", "5b", "6b"],
]
before = ["1e", "2o"]
teaches = ["must_overtrump"]

[[step]]
say = "The rival trumped the ace of swords. You have no swords and a higher trump: overtrump."
play = ["1o"]
hint = "Overtrump with your ace of coins."
replies = ["2e"]
claims = [
  "no_suit_led", "trumped", "rival_winning", "must_overtrump", "trick_won", "next_cant:forty",
]

[[step]]
say = "You sang the forty. Lead the seven of clubs."
play = ["7b"]
hint = "Lead the seven of clubs."
replies = ["4b", "3c"]
claims = ["next_cant:twenty-b"]

[[step]]
say = "The last rival must follow with the two of clubs, and the trick is yours."
continue = true
replies = ["2b"]
claims = ["trick_won", "next_cant:twenty-b"]

[[step]]
say = "Lead any card."
play = "any"
claims = ["any_card"]
"""


def _lesson_problems(tmp_path: Path, *edits: tuple[str, str]) -> list[str]:
    return load_edited(tmp_path, LESSON, "01-claims.toml", *edits)


def test_a_lesson_whose_claims_hold_loads(tmp_path: Path) -> None:
    assert _lesson_problems(tmp_path) == []


def test_false_claims_in_a_lesson_name_the_file_the_step_and_the_fact(tmp_path: Path) -> None:
    problems = _lesson_problems(
        tmp_path,
        ('"must_overtrump", "trick_won"', '"must_trump", "trick_lost"'),
        ('claims = ["trick_won", "next_cant:twenty-b"]', 'claims = ["next_cant:none"]'),
        ('claims = ["any_card"]', 'claims = ["no_suit_led"]'),
    )
    file = "lessons/01-claims.toml"
    assert problems == [
        f'{file}: step 1: claim "must_trump" is false: the engine refuses 1b (must_overtrump), '
        "3b (must_overtrump), 7b (must_overtrump), 10b (must_overtrump), 11b (must_overtrump), "
        "12b (must_overtrump)",
        f'{file}: step 1: claim "trick_lost" is false: the learner\'s team wins it if 1o, 2e '
        "are played",
        f'{file}: step 3: claim "next_cant:none" is false: the cant shown is twenty-b',
        f'{file}: step 4: claim "no_suit_led" needs a card on the table, but the learner leads '
        "this trick",
    ]


def test_a_claim_on_a_continue_step_before_the_learner_plays(tmp_path: Path) -> None:
    problems = _lesson_problems(
        tmp_path, ('claims = ["trick_won", "next_cant:twenty-b"]', 'claims = ["can_beat"]')
    )
    assert problems == [
        'lessons/01-claims.toml: step 3: claim "can_beat" is about the learner\'s play, '
        "but seat 1 plays next"
    ]
