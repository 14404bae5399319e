"""Chance: every random number a game uses comes from its own dice source.

:class:`SeededDice` is a small, fully specified generator (SplitMix64) so that
the same seed gives the same rolls on every platform and Python version.
:class:`FixedDice` replays given rolls, so that tests can reproduce the rule
texts' worked examples exactly.
"""

from __future__ import annotations

import struct
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

    def roll_dice(self, count: int, sides: int) -> list[int]:
        """``count`` dice of ``sides`` faces, one :meth:`randint` each (``State.roll`` rolls through this)."""
        randint = self.randint
        return [randint(1, sides) for _ in range(count)]

    def to_json(self) -> dict[str, object]:
        """The source's state, JSON-ready (part of a serialized game state)."""
        raise NotImplementedError

    def copy(self) -> DiceSource:
        """An independent source that will give the same numbers from here on."""
        raise NotImplementedError


class SeededDice(DiceSource):
    """SplitMix64: a tiny, portable generator whose state is one integer.

    Draw ``k`` after a state ``s`` mixes the counter ``s + k * GAMMA`` (mod 2**64) into 64 bits. The
    counter needs no earlier output, so draws are made ahead in batches (:func:`_splitmix_batch`: one
    pass of big-integer arithmetic over the whole batch instead of a dozen Python operations per draw)
    and handed out one by one. The numbers are exactly the one-at-a-time generator's (``_next64``);
    :attr:`state` is the counter after the last draw handed out, as before.
    """

    __slots__ = ("_base", "_buf", "_next", "_batch")

    def __init__(self, seed: int) -> None:
        self._base = seed & _MASK64  # the counter before _buf[0]
        self._buf: list[int] = []  # draws made ahead; _buf[i] mixes _base + (i + 1) * GAMMA
        self._next = 0  # index in _buf of the next draw to hand out
        self._batch = _FIRST_BATCH  # size of the next batch (grows: most dice roll all game, some a few times)

    @property
    def state(self) -> int:
        """The counter after the last draw handed out (what :meth:`to_json` stores)."""
        return (self._base + self._next * _GAMMA) & _MASK64

    @state.setter
    def state(self, value: int) -> None:
        self._base = value & _MASK64
        self._buf = []
        self._next = 0

    def _next64(self) -> int:
        """The next 64-bit draw, computed alone (the reference for the batches)."""
        z = self.state = (self.state + _GAMMA) & _MASK64
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
        return z ^ (z >> 31)

    def _refill(self) -> list[int]:
        """Make the next batch of draws, after those handed out so far."""
        self._base = (self._base + self._next * _GAMMA) & _MASK64
        size = self._batch
        if size < _LAST_BATCH:
            self._batch = size * 4
        self._buf = buf = _splitmix_batch(self._base, size)
        self._next = 0
        return buf

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
        i = self._next
        try:
            r = self._buf[i]
        except IndexError:  # the batch is used up
            r = self._draw()
        else:
            self._next = i + 1
        if r < limit:
            return low + r % span
        while True:  # rejected (about span in 2**64 draws): draw again
            r = self._draw()
            if r < limit:
                return low + r % span

    def index(self, n: int) -> int:
        """A uniform position in ``range(n)``: the number ``randint(0, n - 1)`` gives, taken straight from the
        batch when the draw is there and safe (:data:`SAFE`). For agents choosing among ``n`` options."""
        i = self._next
        buf = self._buf
        if i < len(buf) and 0 < n <= SAFE_SPAN:
            r = buf[i]
            if r < SAFE:
                self._next = i + 1
                return r % n
        return self.randint(0, n - 1)

    def roll_dice(self, count: int, sides: int) -> list[int]:
        """``count`` dice of ``sides`` faces: the numbers of ``count`` calls of ``randint(1, sides)``, in one call.

        While the batch holds the draws and none is at or above :data:`SAFE` (and so none would be rejected),
        each die is its draw's remainder at once."""
        i = self._next
        end = i + count
        buf = self._buf
        if end <= len(buf) and sides <= SAFE_SPAN:
            draws = buf[i:end]
            if max(draws, default=0) < SAFE:
                self._next = end
                return [1 + r % sides for r in draws]
        randint = self.randint
        return [randint(1, sides) for _ in range(count)]

    def _draw(self) -> int:
        """The next 64-bit draw."""
        i = self._next
        if i == len(self._buf):
            self._refill()
            i = 0
        self._next = i + 1
        return self._buf[i]

    def to_json(self) -> dict[str, object]:
        return {"kind": "seeded", "state": self.state}

    def copy(self) -> SeededDice:
        twin = SeededDice.__new__(SeededDice)
        twin._base = self._base
        twin._buf = self._buf  # never changed in place (a refill makes a new list): shared safely
        twin._next = self._next
        twin._batch = self._batch
        return twin

    def __reduce__(self) -> tuple[object, ...]:
        """Pickled as its state alone (the batch is remade from it)."""
        return (_seeded_at, (self.state,))


def _seeded_at(state: int) -> SeededDice:
    """Seeded dice whose counter is ``state`` (unpickling)."""
    return SeededDice(state)


SAFE_SPAN = 1 << 32
"""The widest span for which a draw below :data:`SAFE` is never rejected (see :meth:`SeededDice.randint`)."""
SAFE = (1 << 64) - SAFE_SPAN
"""A 64-bit draw below this is below the rejection limit of every span up to :data:`SAFE_SPAN` (the limit is
``2**64`` less the remainder of ``2**64`` by the span, a number smaller than the span), so it maps to
``draw % span`` at once: what a caller that draws from the batch itself may check instead of the limit."""
_GAMMA = 0x9E3779B97F4A7C15
_FIRST_BATCH, _LAST_BATCH = 16, 256
_LANE = 128
"""Bits per draw in a batch's big integer: a 64-bit value times a 64-bit constant fits, so lanes never carry."""


def _lanes(size: int) -> tuple[int, int, int]:
    """For a batch of ``size`` draws: the 64-bit mask in every lane, ``k * GAMMA`` in lane ``k - 1``, 1 in each."""
    ones = sum(1 << (_LANE * k) for k in range(size))
    steps = sum((((k + 1) * _GAMMA) & _MASK64) << (_LANE * k) for k in range(size))
    return _MASK64 * ones, steps, ones


_BATCHES = {size: _lanes(size) for size in (_FIRST_BATCH, 4 * _FIRST_BATCH, _LAST_BATCH)}
"""The batch sizes dice use, each with its lane constants (:func:`_lanes`), made once."""
_WORDS = {size: struct.Struct(f"<{2 * size}Q") for size in _BATCHES}
"""A batch's bytes read as little-endian 64-bit words, two per lane (the same on every machine)."""


def _splitmix_batch(base: int, size: int) -> list[int]:
    """SplitMix64's next ``size`` draws after the counter ``base``, all at once.

    Each draw lives in its own 128-bit lane of one big integer, so each step of the mix is one big-integer
    operation for the whole batch: a product of a lane (under 2**64) and a 64-bit constant stays in its
    lane, and the bits a right shift brings down from the lane above land at bit 64 or higher, which the
    mask that follows clears.
    """
    mask, steps, ones = _BATCHES[size]
    z = (base * ones + steps) & mask
    z = ((z ^ (z >> 30)) & mask) * 0xBF58476D1CE4E5B9 & mask
    z = ((z ^ (z >> 27)) & mask) * 0x94D049BB133111EB & mask
    z = (z ^ (z >> 31)) & mask
    return list(_WORDS[size].unpack(z.to_bytes(size * (_LANE // 8), "little"))[::2])


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
