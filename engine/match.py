"""A match: hands in sequence, the deal moving one seat each hand, first team to 4 jocs."""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from engine.errors import MatchOverError
from engine.game import Deal, Game, Outcome
from engine.rules import HOUSE_RULES, PLAYERS, Rules


@dataclass
class Match:
    """The jocs each team has won and who deals next."""

    rules: Rules = HOUSE_RULES
    dealer: int = 0
    jocs: list[int] = field(default_factory=lambda: [0, 0])
    results: list[Outcome] = field(default_factory=list)

    @property
    def winner(self) -> int | None:
        """The team that reached the target, or ``None`` while the match goes on."""
        for team in (0, 1):
            if self.jocs[team] >= self.rules.match_target:
                return team
        return None

    @property
    def next_dealer(self) -> int:
        """Who deals the hand after this one: the next seat in playing order, the player on
        the dealer's right; the seat after that leads it."""
        return (self.dealer + 1) % PLAYERS

    @property
    def is_over(self) -> bool:
        """A team has won the match."""
        return self.winner is not None

    def deal(self, rng: random.Random) -> Game:
        """Deal the next hand, by the current dealer."""
        if self.is_over:
            raise MatchOverError("the match is over")
        return Game.from_deal(Deal.random(rng, self.dealer), self.rules)

    def record(self, outcome: Outcome) -> None:
        """Count a finished hand: one joc to its winner (a tute may win the match), next dealer."""
        if self.is_over:
            raise MatchOverError("the match is over")
        self.results.append(outcome)
        if outcome.reason == "tute" and self.rules.tute == "match":
            self.jocs[outcome.winner] = self.rules.match_target
        else:
            self.jocs[outcome.winner] += 1
        self.dealer = self.next_dealer
