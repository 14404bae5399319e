"""The toy games with *standing options* (``State._standing``), used only to test the engine.

Both sides of the bidding toy (tests/engine/toy.py) and of the blind toy (tests/engine/blind_toy.py) may at
any moment "resign" (the other side wins at once) or, once a game, "note" (a private note to itself, which
changes the position without ending the game).
"""

from __future__ import annotations

from midway.engine import Game, Option, Outcome
from tests.engine.blind_toy import BlindGame, BlindState
from tests.engine.toy import ToyGame, ToyState

RESIGN = Option("resign", "Resign: the other side wins")
NOTE = Option("note", "Write a note to yourself (once a game)")


class _Standing:
    """The standing options, shared by both toys."""

    game: Game
    noted: dict[str, bool]
    _standing_rule = "TOY-9"

    def _standing(self, side: str) -> tuple[Option, ...]:
        return (RESIGN,) if self.noted.get(side) else (RESIGN, NOTE)

    def _resolve_standing(self, side: str, option: Option) -> None:
        if option.id == "resign":
            (other,) = (s for s in self.game.sides if s != side)
            self.finish(Outcome(other, f"{self.game.side_name(side)} resigns", None, kind="resign"))  # type: ignore[attr-defined]
        else:
            self.noted = {**self.noted, side: True}
            self.emit("note", "you wrote a note", rule="TOY-9", to=[side])  # type: ignore[attr-defined]


class StandingToyState(_Standing, ToyState):
    def _setup(self) -> None:
        super()._setup()
        self.noted = {}


class StandingBlindState(_Standing, BlindState):
    def _setup(self) -> None:
        super()._setup()
        self.noted = {}


class StandingToyGame(ToyGame):
    id = "standing-toy"
    state_class = StandingToyState


class StandingBlindGame(BlindGame):
    id = "standing-blind-toy"
    state_class = StandingBlindState


STANDING_TOY = StandingToyGame()
STANDING_BLIND = StandingBlindGame()
