"""The engine's errors: all are ``ValueError``s that say what and where."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from engine.rules import Reason


class TuteError(ValueError):
    """Base class of every error the engine raises on bad input or bad play."""


class InvalidCardError(TuteError):
    """Text that is not a card code or a suit letter."""


class InvalidPositionError(TuteError):
    """A deal or a position text that cannot be a position of tute per parelles."""


class MatchOverError(TuteError):
    """A hand dealt or recorded after a team has already won the match."""


class IllegalPlayError(TuteError):
    """A real card that the rules forbid here; ``reason`` names the rule."""

    def __init__(self, card: str, seat: int | None, reason: Reason, position: str) -> None:
        self.card = card
        self.seat = seat
        self.reason = reason
        self.position = position
        who = "nobody" if seat is None else f"seat {seat}"
        super().__init__(f"{card} is not legal for {who} ({reason}) in position {position!r}")
