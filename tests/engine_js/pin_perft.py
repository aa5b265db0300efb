"""Pin the engine's perft counts for the twin's test: ``python -m tests.engine_js.pin_perft``.

Counting three tricks deep takes the engine minutes for every deal together, too long for
each test run, so the counts are computed once here and written to ``data/perft.json``; the
test recounts a share of them with the engine on every run, so a stale pin fails too.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

from engine import Deal, Game
from tests.engine_js.twin import perft_counts

PINS = Path(__file__).with_name("data") / "perft.json"
DEALS = 200
DEPTH = 12
"""Three whole tricks."""


def pinned_deal(index: int) -> Deal:
    """The deal of pin ``index``: seeded by the index, dealt by every seat in turn."""
    return Deal.random(random.Random(1000 + index), index % 4)


def main() -> None:
    """Count every pinned deal with the engine and write the file."""
    rows = []
    for i in range(DEALS):
        counts = perft_counts(Game.from_deal(pinned_deal(i)), DEPTH)
        rows.append(json.dumps({"index": i, "counts": counts}))
        print(f"deal {i}: {counts[-1]} sequences of {DEPTH} cards", flush=True)
    about = (
        "Legal play sequences of 1 to 12 cards from Deal.random(random.Random(1000 + index), "
        "index % 4), counted by the engine (tests/engine_js/pin_perft.py)."
    )
    PINS.write_text(
        '{\n  "about": '
        + json.dumps(about)
        + ',\n  "deals": [\n    '
        + ",\n    ".join(rows)
        + "\n  ]\n}\n",
        encoding="utf-8",
    )


if __name__ == "__main__":
    main()
