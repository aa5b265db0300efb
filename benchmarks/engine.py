"""Complete random legal hands per second, cants and tute included, on one core.

Usage: ``python -m benchmarks.engine [--seconds S] [--seed N]``. Time is the process's
processor time, not the wall clock, so other work on a shared machine does not count.
"""

from __future__ import annotations

import argparse
import random
import time

from engine.game import Deal, Game


def play_random_hand(rng: random.Random, dealer: int) -> Game:
    """Deal and play one hand to its end, each card chosen at random among the legal ones."""
    game = Game.from_deal(Deal.random(rng, dealer))
    while not game.is_over:
        game.play_random(rng)
    return game


def main() -> None:
    """Play random hands for a while and print the rate."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    hands = cants = tutes = 0
    start = time.process_time()
    deadline = start + args.seconds
    while time.process_time() < deadline:
        for _ in range(200):
            game = play_random_hand(rng, hands % 4)
            hands += 1
            cants += len(game.cants)
            tutes += game.tute is not None
    elapsed = time.process_time() - start
    print(
        f"{hands} random legal hands in {elapsed:.2f} s of processor time: "
        f"{hands / elapsed:,.0f} hands/s"
    )
    print(f"per hand: {elapsed / hands * 1e6:.1f} µs; cants sung {cants}; tutes {tutes}")


if __name__ == "__main__":
    main()
