"""A lesson's later deal is the next hand of a match: dealt by the next seat, led by the
seat after it, as the engine's `Match` says; a lesson that breaks this fails its check."""

from __future__ import annotations

from pathlib import Path

from engine import Match
from lesson_compiler import load_lessons
from tests.lessons.conftest import ROOT

CANTS = (ROOT / "lessons" / "06-cants.toml").read_text(encoding="utf-8")
FOLLOW = ROOT / "lessons" / "04-follow.toml"


def _problems(tmp_path: Path, *edits: tuple[str, str]) -> list[str]:
    """Lesson 6 with ``edits``, beside lesson 4, which teaches the duty its second hand
    refuses cards for."""
    folder = tmp_path / "lessons"
    folder.mkdir(parents=True)
    (folder / FOLLOW.name).write_text(FOLLOW.read_text(encoding="utf-8"), encoding="utf-8")
    text = CANTS
    for old, new in edits:
        assert old in text
        text = text.replace(old, new, 1)
    (folder / "06-cants.toml").write_text(text, encoding="utf-8")
    _lessons, problems = load_lessons(folder, tmp_path)
    return [str(problem) for problem in problems]


def test_the_next_dealer_is_the_seat_after_the_dealer() -> None:
    assert [Match(dealer=seat).next_dealer for seat in range(4)] == [1, 2, 3, 0]


def test_a_deal_by_the_next_seat_led_by_the_seat_after_it_loads(tmp_path: Path) -> None:
    assert _problems(tmp_path) == []


def test_a_new_hand_dealt_again_by_the_same_dealer_is_refused(tmp_path: Path) -> None:
    problems = _problems(
        tmp_path,
        ('dealer = 0\ntrump_card = "4o"', 'dealer = 3\ntrump_card = "2o"'),
    )
    assert problems == [
        "lessons/06-cants.toml: step 3: deal: the next hand is dealt by seat 0, "
        "the seat after the dealer (seat 3), not seat 3"
    ]


def test_a_new_hand_led_by_the_wrong_seat_is_refused(tmp_path: Path) -> None:
    # Seat 1 leads the new hand, so seat 0 (the learner) cannot start its first trick.
    problems = _problems(tmp_path, ('replies = ["4e", "10e", "11e"]', 'replies = ["10e", "11e"]'))
    assert problems == [
        "lessons/06-cants.toml: step 3: 10e is not legal for seat 1 (not_in_hand; legal: "
        "5o, 6o, 7o, 5c, 6c, 7c, 4e, 6e, 7e, 11b)"
    ]


def test_a_new_hand_must_name_its_dealer_and_trump_card(tmp_path: Path) -> None:
    problems = _problems(tmp_path, ('dealer = 0\ntrump_card = "4o"\n', ""))
    assert problems == [
        "lessons/06-cants.toml: step 3: missing key 'dealer'",
        "lessons/06-cants.toml: step 3: missing key 'trump_card'",
    ]


def test_a_trump_card_not_in_the_new_dealers_hand_or_of_another_suit_is_refused(
    tmp_path: Path,
) -> None:
    assert _problems(tmp_path, ('trump_card = "4o"', 'trump_card = "6o"')) == [
        "lessons/06-cants.toml: step 3: deal: the trump card 6o is not in the dealer's "
        "(seat 0) hand"
    ]
    assert _problems(tmp_path / "other", ('trump_card = "4o"', 'trump_card = "1b"')) == [
        "lessons/06-cants.toml: step 3: deal: the trump card 1b is not of the lesson's "
        "trump suit (o)"
    ]
