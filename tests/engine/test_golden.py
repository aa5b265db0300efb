"""Golden playthroughs: whole hands written out as text, so a rules change shows as a diff.

Each hand is dealt and played with ``random.Random(seed)``: the deal by seat
``seed % 4``, then a random legal card at each turn. The test writes the hand
again and compares it with ``golden/<name>.txt``. After a deliberate rules
change, review the diff and rewrite the files with::

    TUTE_UPDATE_GOLDEN=1 pytest tests/engine/test_golden.py
"""

from __future__ import annotations

import os
import random
from pathlib import Path

import pytest

from engine import Deal, Game, card_code
from tests.engine.helpers import codes

GOLDEN = Path(__file__).parent / "golden"
SUIT_NAMES = {0: "oros", 1: "copes", 2: "espases", 3: "bastos"}
HANDS = {
    "cants_40_and_20": 6,  # les quaranta after trick 1, then les vint
    "tute_of_kings": 106,  # the hand ends after trick 2
    "tie_last_trick": 34,  # 65 to 65: the team of the last trick wins
}


def render(seed: int) -> str:
    """The hand played from ``seed``, as readable text."""
    rng = random.Random(seed)
    deal = Deal.random(rng, seed % 4)
    game = Game.from_deal(deal)
    trump = SUIT_NAMES[game.trump]
    lines = [
        f"Hand from seed {seed}, dealt by seat {deal.dealer}",
        f"Trump: {trump}, shown card {card_code(deal.trump_card)} (stays with seat {deal.dealer})",
        "",
        "Deal:",
        *(f"  seat {s} (team {s % 2}): {' '.join(codes(h))}" for s, h in enumerate(deal.hands)),
    ]
    while not game.is_over:
        lines += [
            "",
            f"Trick {game.tricks_played + 1}, led by seat {game.leader}",
            "  seat card  legal",
        ]
        for _ in range(4):
            seat, legal = game.turn, list(game.legal_plays)
            card = rng.choice(legal)
            lines.append(f"  {seat}    {card_code(card):<5} {' '.join(codes(legal))}")
            game.play(card)
        trick = game.tricks[-1]
        lines.append(
            f"  won by seat {trick.winner} (team {trick.winner % 2}), {trick.points} points"
        )
        for cant in game.cants:
            if cant.after_trick == trick.number:
                lines.append(
                    f"  cant: seat {cant.seat} sings {SUIT_NAMES[cant.suit]}, {cant.points}"
                )
        if game.tute is not None:
            tute = game.tute
            lines.append(
                f"  tute of {tute.kind}: seat {tute.seat}, team {tute.seat % 2} wins the hand"
            )
    outcome = game.outcome()
    assert outcome is not None
    lines += [
        "",
        f"Points: team 0 {outcome.points[0]}, team 1 {outcome.points[1]}"
        + ("" if game.tute else f" (the last trick's 10 to team {game.tricks[-1].winner % 2})"),
        f"Winner: team {outcome.winner} ({outcome.reason})",
    ]
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize(("name", "seed"), HANDS.items())
def test_golden_hand(name: str, seed: int) -> None:
    path = GOLDEN / f"{name}.txt"
    text = render(seed)
    if os.environ.get("TUTE_UPDATE_GOLDEN") == "1":
        GOLDEN.mkdir(exist_ok=True)
        path.write_text(text, encoding="utf-8")
    assert path.read_text(encoding="utf-8") == text


def test_golden_hands_show_cants_of_20_and_40_a_tute_and_a_tie() -> None:
    texts = "".join(render(seed) for seed in HANDS.values())
    assert ", 40\n" in texts and ", 20\n" in texts
    assert "tute of kings" in texts and "(last_trick)" in texts
