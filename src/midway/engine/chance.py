"""Chance: every random number a game uses comes from its own dice source.

:class:`SeededDice` is a small, fully specified generator (SplitMix64) so that
the same seed gives the same rolls on every platform and Python version.
:class:`FixedDice` replays given rolls, so that tests can reproduce the rule
texts' worked examples exactly.
"""

from __future__ import annotations

from collections.abc import Iterable

from midway.engine.errors import MidwayError

_MASK64 = (1 << 64) - 1
_LIMITS: dict[int, int] = {}
"""Rejection limits of :meth:`SeededDice.randint` by span (the same few dice are rolled all game)."""


class DiceExhaustedError(MidwayError, RuntimeError):
    """A :class:`FixedDice` ran out of forced rolls and has no fallback."""


class ForcedRollError(MidwayError, ValueError):
    """A forced roll of a :class:`FixedDice` does not fit the die rolled (a test or record forced the wrong die)."""


class SeedError(MidwayError, ValueError):
    """A game's seed is not a whole number, 0 or more."""


def check_seed(seed: object) -> int:
    """``seed`` if it can be a game's seed, a whole number 0 or more (what a record stores), else :class:`SeedError`.

    A negative seed is refused everywhere (``Game.new``, records, the command line, the server), so every
    game the engine starts has a record that loads.
    """
    if type(seed) is not int or seed < 0:
        raise SeedError(f"a game's seed is a whole number, 0 or more, not {seed!r}")
    return seed


class DiceSource:
    """Where a game's random numbers come from."""

    def randint(self, low: int, high: int) -> int:
        """A uniformly random integer ``low <= n <= high``."""
        raise NotImplementedError

    def to_json(self) -> dict[str, object]:
        """The source's state, JSON-ready (part of a serialized game state)."""
        raise NotImplementedError

    def copy(self) -> DiceSource:
        """An independent source that will give the same numbers from here on."""
        raise NotImplementedError


class SeededDice(DiceSource):
    """SplitMix64: a tiny, portable generator whose state is one integer."""

    __slots__ = ("state",)

    def __init__(self, seed: int) -> None:
        self.state = seed & _MASK64

    def _next64(self) -> int:
        self.state = (self.state + 0x9E3779B97F4A7C15) & _MASK64
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
        return z ^ (z >> 31)

    def randint(self, low: int, high: int) -> int:
        span = high - low + 1
        limit = _LIMITS.get(span)
        if limit is None:
            if span <= 0:
                raise ValueError(f"empty range {low}..{high}")
            # Rejection sampling: no modulo bias.
            limit = (1 << 64) - ((1 << 64) % span)
            if len(_LIMITS) < 4096:
                _LIMITS[span] = limit
        while True:
            # _next64, inlined (a die is rolled at nearly every decision point)
            z = self.state = (self.state + 0x9E3779B97F4A7C15) & _MASK64
            z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
            r = z ^ (z >> 31)
            if r < limit:
                return low + r % span

    def to_json(self) -> dict[str, object]:
        return {"kind": "seeded", "state": self.state}

    def copy(self) -> SeededDice:
        twin = SeededDice.__new__(SeededDice)
        twin.state = self.state
        return twin


class FixedDice(DiceSource):
    """Forced rolls, consumed in order; then the ``fallback`` source, if any.

    A forced roll outside the asked range is an error: it means the test
    forced the wrong die.
    """

    __slots__ = ("rolls", "fallback")

    def __init__(self, rolls: Iterable[int], fallback: DiceSource | None = None) -> None:
        self.rolls: list[int] = list(rolls)
        self.fallback = fallback

    def randint(self, low: int, high: int) -> int:
        if self.rolls:
            value = self.rolls.pop(0)
            if not low <= value <= high:
                raise ForcedRollError(f"forced roll {value} is outside {low}..{high}")
            return value
        if self.fallback is None:
            raise DiceExhaustedError("no forced rolls left")
        return self.fallback.randint(low, high)

    def copy(self) -> FixedDice:
        return FixedDice(self.rolls, None if self.fallback is None else self.fallback.copy())

    @property
    def remaining(self) -> int:
        """How many forced rolls are still unused."""
        return len(self.rolls)

    def to_json(self) -> dict[str, object]:
        return {
            "kind": "fixed",
            "rolls": list(self.rolls),
            "fallback": None if self.fallback is None else self.fallback.to_json(),
        }
