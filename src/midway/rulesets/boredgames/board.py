"""[ACTION FLIGHT] [ACTION COMBAT] [1.6.1] Board geometry: areas, facings, range diagrams, manoeuvre distance.

Squares with four facings (BG-R18); the board is the Big Board Tiles plus any Small Board Tiles in play
(each on the two-by-two block of the area it was added for, BG-R12).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any

from midway.engine.memo import Memo
from midway.rulesets.boredgames.data import (
    ATTACK_COLOURS,
    BASE_CELLS,
    CARDS_FOR,
    DIAGRAMS,
    FACINGS,
    SMALL,
    STEP,
    TARGET_DISTANCE,
    Cell,
)

TURNS = {"S": 0, "L": -1, "R": 1}
"""Manoeuvre token (or turn) letter -> quarter turns (straight, left, right)."""


def ahead(cell: Cell, facing: int) -> Cell:
    """The area one step in direction ``facing``."""
    dx, dy = STEP[facing]
    return (cell[0] + dx, cell[1] + dy)


def block_of(cell: Cell) -> Cell:
    """BG-R12: the north-west area of the Small Board Tile block that holds ``cell``."""
    return (cell[0] // SMALL * SMALL, cell[1] // SMALL * SMALL)


def block_cells(origin: Cell) -> tuple[Cell, ...]:
    """The areas of a Small Board Tile placed at ``origin``."""
    return tuple((origin[0] + i, origin[1] + j) for j in range(SMALL) for i in range(SMALL))


def relative(firer: Cell, facing: int, target: Cell) -> tuple[int, int]:
    """``target`` as (ahead, right) of a firer at ``firer`` facing ``facing``."""
    dx, dy = target[0] - firer[0], target[1] - firer[1]
    fx, fy = STEP[facing]
    rx, ry = STEP[(facing + 1) % 4]
    return (fx * dx + fy * dy, rx * dx + ry * dy)


def colour(side: str, diagram: str, firer: Cell, facing: int, target: Cell) -> str | None:
    """[Range Diagram table] M43: the colour of ``target`` on ``side``'s ``diagram``, None outside it."""
    return DIAGRAMS[(side, diagram)].cells.get(relative(firer, facing, target))


def cards_for(col: str | None) -> int:
    """M43: Firing Cards drawn for an enemy in area colour ``col`` (0 out of the diagram)."""
    return 0 if col is None else CARDS_FOR[col]


def is_attack(col: str | None) -> bool:
    """M43: red and yellow are Attack Areas."""
    return col in ATTACK_COLOURS


_REACH: Memo[tuple[Cell, int, tuple[Cell | None, ...] | None], frozenset[Cell]] = Memo(limit=200_000)
"""Reachable areas by (cell, facing, Small Board Tiles in play, or None when a tile may be laid): boards are few,
positions many."""


def reachable(cell: Cell, facing: int, small: tuple[Cell | None, ...], free: int = 0) -> frozenset[Cell]:
    """[ACTION COMBAT] M33, BG-R15 (revised): every area an aircraft reaches in 1..5 Manoeuvres.

    A Manoeuvre is one area forward then an optional quarter turn; other aircraft do not block (they
    would swap). ``small`` holds each Small Board Tile's block (None: not in play); ``free`` has bit ``i``
    set when tile ``i`` may be laid (ACTION FLIGHT *: not in play, or in play with no aircraft but the
    moving one on it). A Manoeuvre off the board lays such a tile on the block entered, as a Flight
    would (BG-R12), and it may be laid again at the next exit: only the moving aircraft is ever on it (a tile
    is carried along), so with one tile that may be laid the board limits nothing. With none (``free`` 0),
    the count is on the board as it stands: a path ends where it would leave it (the aircraft would be
    destroyed). Kept by board, or by none when a tile may be laid, in an engine
    :class:`~midway.engine.memo.Memo`.
    """
    key = (cell, facing, None if free else small)
    got = _REACH.get(key)
    return got if got is not None else _REACH.made(key, _reach, cell, facing, None if free else small)


def _reach(cell: Cell, facing: int, small: tuple[Cell | None, ...] | None) -> frozenset[Cell]:
    """The search of :func:`reachable` over (area, facing), breadth first; ``small`` None: off the board too."""
    seen: set[Cell] = set()
    frontier = {(cell, facing)}
    visited = set(frontier)
    for _ in range(TARGET_DISTANCE):
        nxt: set[tuple[Cell, int]] = set()
        for c, f in frontier:
            dest = ahead(c, f)
            if small is not None and dest not in BASE_CELLS and block_of(dest) not in small:
                continue
            seen.add(dest)
            for t in (0, 1, 3):
                st = (dest, (f + t) % 4)
                if st not in visited:
                    visited.add(st)
                    nxt.add(st)
        frontier = nxt
    return frozenset(seen)


def facing_name(facing: int) -> str:
    return FACINGS[facing]


def cell_id(cell: Cell) -> str:
    """An area in option ids: ``x.y``."""
    return f"{cell[0]}.{cell[1]}"


def parse_cell(text: str) -> Cell:
    x, y = text.split(".")
    return (int(x), int(y))


def lazy(fmt: Callable[..., str], *args: Any) -> Callable[[], str]:
    """An option label made only when someone reads it (``fmt(*args)``)."""
    return partial(fmt, *args)
