"""What may be played: one test or more per clause of RULES.md "What you may play".

Positions are bare: a hand, the trick so far (in play order) and the trump
suit. With k cards in the trick, card i was played by the seat k - i places
before the player to move, so with three cards the second is the partner's.
"""

from __future__ import annotations

import random
import re

import pytest

from engine import (
    DECK_SIZE,
    HOUSE_RULES,
    RANK_NUMBERS,
    STRENGTH_ORDER,
    SUIT_LETTERS,
    Deal,
    Duty,
    Game,
    InvalidCardError,
    Reason,
    Rules,
    card_code,
    duty_of,
    legal_cards,
    parse_card,
    parse_suit,
    refusal_reason,
    winning_index,
)
from tests.engine.helpers import cards, codes

BASTOS = parse_suit("b")


def legal(hand: str, trick: str = "", trump: str = "b", rules: Rules = HOUSE_RULES) -> list[str]:
    """The legal cards, as sorted codes, of a hand on a trick."""
    return sorted(codes(legal_cards(cards(hand), cards(trick), parse_suit(trump), rules)))


def reasons(
    hand: str, trick: str = "", trump: str = "b", rules: Rules = HOUSE_RULES
) -> dict[str, str]:
    """The refusal reason of every card of the hand that may not be played."""
    held = cards(hand)
    found = {c: refusal_reason(c, held, cards(trick), parse_suit(trump), rules) for c in held}
    return {code: str(r) for code, r in zip(codes(found), found.values(), strict=True) if r}


def test_leading_any_card() -> None:
    assert legal("2o 1c 12e 4b") == ["12e", "1c", "2o", "4b"]
    assert reasons("2o 1c 12e 4b") == {}


def test_assistir_must_follow_the_suit_led() -> None:
    assert legal("2c 1o 12b", trick="4c") == ["2c"]
    assert reasons("2c 1o 12b", trick="4c") == {"1o": "must_follow_suit", "12b": "must_follow_suit"}


def test_assistir_holds_even_against_a_trumped_trick() -> None:
    assert legal("2c 1b", trick="4c 2b") == ["2c"]
    assert reasons("2c 1b", trick="4c 2b") == {"1b": "must_follow_suit"}


def test_muntar_must_beat_the_winning_card_when_able() -> None:
    assert legal("2c 7c 1c 1o", trick="5c") == ["1c", "7c"]
    assert reasons("2c 7c 1c 1o", trick="5c") == {"2c": "must_beat", "1o": "must_follow_suit"}


def test_muntar_beats_the_winning_card_not_the_card_led() -> None:
    assert legal("7c 11c 3c", trick="5c 10c") == ["11c", "3c"]
    assert reasons("7c 11c 3c", trick="5c 10c") == {"7c": "must_beat"}


def test_muntar_when_the_partner_is_winning() -> None:
    # The partner led the 7 and is winning: the sota must still beat it.
    assert legal("10c 4c", trick="7c 2c") == ["10c"]
    assert reasons("10c 4c", trick="7c 2c") == {"4c": "must_beat"}


def test_muntar_any_card_of_the_suit_when_none_beats() -> None:
    assert legal("3c 2c 1o", trick="1c") == ["2c", "3c"]
    assert reasons("3c 2c 1o", trick="1c") == {"1o": "must_follow_suit"}


def test_muntar_follow_without_beating_once_the_trick_is_trumped() -> None:
    assert legal("2c 7c 1o", trick="5c 2b") == ["2c", "7c"]
    assert reasons("2c 7c 1o", trick="5c 2b") == {"1o": "must_follow_suit"}


def test_muntar_trump_led_must_still_beat() -> None:
    assert legal("2b 7b 1o", trick="5b") == ["7b"]
    assert reasons("2b 7b 1o", trick="5b") == {"2b": "must_beat", "1o": "must_follow_suit"}


def test_muntar_trump_led_beats_the_highest_trump_so_far() -> None:
    assert legal("7b 11b 4b", trick="5b 10b") == ["11b"]
    assert reasons("7b 11b 4b", trick="5b 10b") == {"7b": "must_beat", "4b": "must_beat"}


def test_fallar_with_any_trump() -> None:
    assert legal("2b 1b 1o", trick="5c") == ["1b", "2b"]
    assert reasons("2b 1b 1o", trick="5c") == {"1o": "must_trump"}


def test_fallar_when_the_partner_is_winning() -> None:
    assert legal("2b 1o", trick="1c 4c") == ["2b"]
    assert reasons("2b 1o", trick="1c 4c") == {"1o": "must_trump"}


def test_contrafallar_must_overtrump_when_trick_already_trumped() -> None:
    assert legal("7b 1b 1o", trick="5c 4b") == ["1b", "7b"]
    assert reasons("7b 1b 1o", trick="5c 4b") == {"1o": "must_overtrump"}


def test_contrafallar_beats_the_highest_trump_not_just_any_trump() -> None:
    # The partner's rei is the highest trump; the rival's 4 came after it.
    assert legal("7b 1b 1o", trick="5c 12b 4b") == ["1b"]
    assert reasons("7b 1b 1o", trick="5c 12b 4b") == {
        "7b": "must_overtrump",
        "1o": "must_overtrump",
    }


def test_contrafallar_over_the_partner() -> None:
    assert legal("3b 5o", trick="5c 2b 7c") == ["3b"]
    assert reasons("3b 5o", trick="5c 2b 7c") == {"5o": "must_overtrump"}


def test_contrafallar_any_card_when_unable_to_overtrump() -> None:
    # Neither a lower trump nor another suit is forced: every card may be played.
    assert legal("2b 3o 12e", trick="5c 1b") == ["12e", "2b", "3o"]
    assert reasons("2b 3o 12e", trick="5c 1b") == {}


def test_neither_suit_nor_trump_any_card() -> None:
    assert legal("1o 2e", trick="5c") == ["1o", "2e"]
    assert legal("1o 2e", trick="5c 2b") == ["1o", "2e"]
    assert legal("1o 2e", trick="5b") == ["1o", "2e"]


def test_trump_led_without_trumps_any_card() -> None:
    assert legal("1o 2e 3c", trick="4b 1b") == ["1o", "2e", "3c"]


def test_not_in_hand() -> None:
    assert refusal_reason(parse_card("1o"), cards("2o 3c"), [], BASTOS) == Reason.NOT_IN_HAND
    assert refusal_reason(parse_card("1o"), [], cards("5o"), BASTOS) == Reason.NOT_IN_HAND


def test_reason_names_follow_suit_before_any_trump_rule() -> None:
    # Holding the suit led, a trump is refused for assistir, not for fallar or contrafallar.
    assert reasons("2c 3b", trick="5c 1b") == {"3b": "must_follow_suit"}


def test_reason_names_the_rule_of_the_trick_as_it_stands() -> None:
    assert reasons("3b 5o", trick="5c") == {"5o": "must_trump"}
    assert reasons("3b 5o", trick="5c 2b") == {"5o": "must_overtrump"}


def test_reason_codes_are_the_documented_strings() -> None:
    assert [str(r) for r in Reason] == [
        "not_in_hand",
        "must_follow_suit",
        "must_beat",
        "must_trump",
        "must_overtrump",
        "hand_over",
    ]


def test_sin_montar_variant_drops_the_obligation_to_beat() -> None:
    sin_montar = Rules(must_beat=False)
    assert legal("2c 7c 1c 1o", trick="5c", rules=sin_montar) == ["1c", "2c", "7c"]
    assert reasons("2c 7c 1c 1o", trick="5c", rules=sin_montar) == {"1o": "must_follow_suit"}
    assert legal("2b 7b", trick="5b", rules=sin_montar) == ["2b", "7b"]


@pytest.mark.parametrize(
    ("hand", "trick", "duty"),
    [
        ("2o 1c 12e 4b", "", Duty.LEAD),
        ("3c 2c 1o", "1c", Duty.FOLLOW),
        ("2c 7c 1c 1o", "5c", Duty.BEAT),
        ("10c 4c", "7c 2c", Duty.BEAT),
        ("2c 7c 1o", "5c 2b", Duty.FOLLOW_TRUMPED),
        ("2b 7b 1o", "5b", Duty.BEAT),
        ("2b 1b 1o", "5c", Duty.TRUMP),
        ("7b 1b 1o", "5c 12b 4b", Duty.OVERTRUMP),
        ("2b 3o 12e", "5c 1b", Duty.NO_HIGHER_TRUMP),
        ("1o 2e", "5c 2b", Duty.FREE),
        ("1o 2e 3c", "4b 1b", Duty.FREE),
    ],
)
def test_the_duty_names_the_rule_that_decided_the_legal_cards(
    hand: str, trick: str, duty: Duty
) -> None:
    assert duty_of(cards(hand), cards(trick), BASTOS) == duty


def test_sin_montar_follows_without_beating() -> None:
    assert duty_of(cards("2c 7c 1c"), cards("5c"), BASTOS, Rules(must_beat=False)) == Duty.FOLLOW


def test_legal_cards_come_in_deck_order() -> None:
    assert codes(legal_cards(cards("12b 1o 2c 10o"), [], BASTOS)) == ["1o", "10o", "2c", "12b"]


@pytest.mark.parametrize(
    ("trick", "trump", "winner"),
    [
        ("1c 2b 3c 5b", "b", 3),  # the highest trump
        ("5b 1c 4b 3c", "b", 0),
        ("5c 1o 7c 2c", "b", 2),  # no trump: the highest of the suit led
        ("2c 1o 1e 3b", "o", 1),  # the as of another suit is a trump here
        ("4c 1o 1e 12b", "c", 0),  # higher cards of other non-trump suits never win
        ("10b 11b 12b 2b", "b", 2),
    ],
)
def test_trick_winner(trick: str, trump: str, winner: int) -> None:
    assert winning_index(cards(trick), parse_suit(trump)) == winner


def test_strength_within_a_suit() -> None:
    assert STRENGTH_ORDER == (1, 3, 12, 11, 10, 7, 6, 5, 4, 2)
    for suit in "oceb":
        for i, strong in enumerate(STRENGTH_ORDER):
            for weak in STRENGTH_ORDER[i + 1 :]:
                for trump in "oceb":
                    pair = cards(f"{weak}{suit} {strong}{suit}")
                    assert winning_index(pair, parse_suit(trump)) == 1
                    assert winning_index(pair[::-1], parse_suit(trump)) == 0


@pytest.mark.parametrize("stray", [40, -1, "1o"])
def test_what_is_not_a_card_is_a_clear_error(stray: object) -> None:
    game = Game.from_deal(Deal.random(random.Random(1), 0))
    with pytest.raises(InvalidCardError, match="not a card"):
        game.play(stray)  # type: ignore[arg-type]
    with pytest.raises(InvalidCardError, match="not a card"):
        refusal_reason(stray, cards("1o"), [], BASTOS)  # type: ignore[arg-type]


def test_card_codes_name_every_card_once_and_read_back() -> None:
    codes = [card_code(card) for card in range(DECK_SIZE)]
    assert codes == [f"{number}{suit}" for suit in SUIT_LETTERS for number in RANK_NUMBERS]
    assert [parse_card(code) for code in codes] == list(range(DECK_SIZE))


@pytest.mark.parametrize(
    "text",
    ["", "1", "o", "13o", "01o", "0o", "1x", "1O", " 1o", "1o ", "+1o", "\u0661o", "\u00b2o"],
)
def test_what_is_not_a_card_code_is_a_clear_error(text: str) -> None:
    """Only ASCII digits make a rank number: an Arabic-Indic one or a superscript two is refused."""
    with pytest.raises(InvalidCardError, match=f"not a card code: {re.escape(repr(text))}"):
        parse_card(text)
