"""[1. Contents] The components of the game, loaded from ``data/*.toml``.

Every table in the TOML files carries a ``source``: the rule section that gives it or the ruling
(RULINGS.md) that supplies what the text lacks (board geometry BG-R18..R20, range diagrams BG-R21,
firing cards BG-R22, order cards BG-R23, tokens BG-R24).
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

DATA_DIR = Path(__file__).parent / "data"

SIDES = ("usn", "ijn")
FACINGS = ("N", "E", "S", "W")
STEP = ((0, -1), (1, 0), (0, 1), (-1, 0))
"""The area one step ahead for each facing (index into FACINGS)."""

Cell = tuple[int, int]


def _load(name: str) -> dict[str, Any]:
    with (DATA_DIR / name).open("rb") as fh:
        return tomllib.load(fh)


@dataclass(frozen=True, slots=True)
class Kind:
    """[ACTION FLIGHT] [ACTION COMBAT] [3.3.4] What one kind of aircraft (fighter, bomber, ace) does."""

    key: str
    flight_min: int
    flight_max: int
    plan_tokens: int
    diagram: str
    card_bonus: int
    vp: int
    returns: bool


@dataclass(frozen=True, slots=True)
class OrderType:
    """[LIST OF ORDERS] [1.6.4] One kind of Order Card (or Special-Order Card)."""

    key: str
    name: str
    count: int
    cost: int
    side: str | None


@dataclass(frozen=True, slots=True)
class Diagram:
    """[1.6.1] A range diagram: relative cell (ahead, right) -> colour."""

    cells: dict[tuple[int, int], str]


_board = _load("board.toml")
_air = _load("aircraft.toml")
_range = _load("range.toml")
_cards = _load("cards.toml")
RULES = _load("rules.toml")

BIG = int(_board["geometry"]["big_tile_size"])
SMALL = int(_board["geometry"]["small_tile_size"])
SMALL_TILES = int(_board["geometry"]["small_tiles"])
TILES: tuple[tuple[int, int], ...] = tuple((int(a), int(b)) for a, b in _board["layout"]["tiles"])
MIDWAY_TILE = (int(_board["layout"]["midway"][0]), int(_board["layout"]["midway"][1]))


def tile_cells(tile: tuple[int, int], size: int = BIG) -> tuple[Cell, ...]:
    """The areas of a tile whose north-west area is (tile * size)."""
    tx, ty = tile
    return tuple((tx * size + i, ty * size + j) for j in range(size) for i in range(size))


BASE_CELLS: frozenset[Cell] = frozenset(c for t in TILES for c in tile_cells(t))
MIDWAY_CELLS: frozenset[Cell] = frozenset(tile_cells(MIDWAY_TILE))
CARRIER: dict[str, Cell] = {s: (int(_board["carriers"][s][0]), int(_board["carriers"][s][1])) for s in SIDES}
REINFORCEMENT: dict[str, tuple[Cell, ...]] = {
    s: tuple((int(a), int(b)) for a, b in _board["reinforcements"][s]) for s in SIDES
}


def start_areas(side: str) -> tuple[Cell, ...]:
    """[2.3.4] BG-R19: the friendly carrier's area and the board areas around it (eight-neighbourhood)."""
    cx, cy = CARRIER[side]
    out = [(cx + dx, cy + dy) for dy in (-1, 0, 1) for dx in (-1, 0, 1)]
    return tuple(sorted((c for c in out if c in BASE_CELLS), key=lambda c: (c[1], c[0])))


FIGHTER_COUNT = int(_air["counts"]["fighter"])
SPECIAL_COUNT = int(_air["counts"]["special"])
SPECIAL_KIND = {"hunt": str(_air["special"]["hunt"]), "domination": str(_air["special"]["domination"])}
KINDS: dict[str, Kind] = {
    key: Kind(
        key=key,
        flight_min=int(v["flight_min"]),
        flight_max=int(v["flight_max"]),
        plan_tokens=int(v["plan_tokens"]),
        diagram=str(v["diagram"]),
        card_bonus=int(v["card_bonus"]),
        vp=int(v["vp"]),
        returns=bool(v["returns"]),
    )
    for key, v in _air["kind"].items()
}

CARDS_FOR = {k: int(v) for k, v in _range["cards"].items() if k in ("red", "yellow", "light_blue", "navy")}
ATTACK_COLOURS = frozenset(_range["cards"]["attack"])
DIAGRAMS: dict[tuple[str, str], Diagram] = {}
for _side in SIDES:
    for _dkey, _d in _range[_side].items():
        cells: dict[tuple[int, int], str] = {}
        for colour in ("red", "yellow", "light_blue", "navy"):
            for ahead, right in _d[colour]:
                cells[(int(ahead), int(right))] = colour
        DIAGRAMS[(_side, _dkey)] = Diagram(cells)

FIRING: dict[str, tuple[int, ...]] = {s: tuple(sorted(int(v) for v in _cards["firing"][s])) for s in SIDES}
TOKENS: dict[str, int] = {k: int(_cards["tokens"][k]) for k in ("S", "L", "R")}
ORDERS: dict[str, OrderType] = {
    o["key"]: OrderType(o["key"], o["name"], int(o["count"]), int(o["cost"]), None) for o in _cards["order"]
}
SPECIALS: dict[str, OrderType] = {
    o["key"]: OrderType(o["key"], o["name"], int(o["count"]), 0, str(o["side"])) for o in _cards["special"]
}
CARD_NAMES: dict[str, str] = {**{k: o.name for k, o in ORDERS.items()}, **{k: o.name for k, o in SPECIALS.items()}}
ORDER_DECK: tuple[str, ...] = tuple(k for k, o in ORDERS.items() for _ in range(o.count))

COMMAND_POINTS = int(RULES["round"]["command_points"])
MAX_BID = int(RULES["round"]["max_bid"])
POOL_SIZE = int(RULES["orders"]["pool"])
TARGET_DISTANCE = int(RULES["combat"]["target_distance"])
THRESHOLDS = tuple(int(v) for v in RULES["domination"]["thresholds"])
DEFAULT_THRESHOLD = int(RULES["domination"]["default_threshold"])
MIDWAY_VP = int(RULES["domination"]["midway_vp"])
DEFAULT_ROUNDS = int(RULES["limit"]["default_rounds"])


def all_sources() -> list[str]:
    """Every ``source`` string in the data files (for the data tests)."""
    found: list[str] = []

    def walk(node: Any) -> None:
        if isinstance(node, dict):
            for k, v in node.items():
                if k == "source":
                    found.append(str(v))
                else:
                    walk(v)
        elif isinstance(node, list):
            for v in node:
                walk(v)

    for name in ("board.toml", "aircraft.toml", "range.toml", "cards.toml", "rules.toml"):
        walk(_load(name))
    return found
