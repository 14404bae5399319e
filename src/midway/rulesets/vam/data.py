"""[Échelle du jeu] [Mise en place] [Recherches aériennes] [Points de victoire] The lost tables of the game.

The rule text lost its unit table, setup lists, map, search types and footnotes. They were rebuilt in
``data/*.toml`` (every value with a ``source``: a rule section or a ruling VAM-Rnn of RULINGS.md) and
are loaded once here into frozen dataclasses. The hex geometry (VAM-R01) is fixed by the B4 search
example (E01): columns B, D, F... sit half a hex lower than A, C, E....
"""

from __future__ import annotations

import functools
import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

DATA_DIR = Path(__file__).parent / "data"
SIDES = ("usn", "ijn")
ENEMY = {"usn": "ijn", "ijn": "usn"}
COMBATANT_CODES = frozenset({"DD", "CL", "CA", "BB"})
"""[Combats navals] the 'combatant' ship types (M110); CV, CVL, TT, SFT, ST are not."""
CARRIER_CODES = frozenset({"CV", "CVL"})
TRANSPORT_CODES = frozenset({"TT", "SFT", "ST"})
BOMBER_CODES = frozenset({"D", "T", "M", "H"})
CODE_NAMES = {
    "CV": "porte-avions",
    "CVL": "porte-avions léger",
    "BB": "cuirassé",
    "CA": "croiseur lourd",
    "CL": "croiseur léger",
    "DD": "destroyers",
    "TT": "transports",
    "SFT": "transport de forces spéciales",
    "ST": "porte-hydravions",
    "SS": "sous-marins",
    "F": "chasseur",
    "D": "bombardier en piqué",
    "T": "torpilleur",
    "M": "bombardier moyen",
    "H": "bombardier lourd",
    "INF": "troupe terrestre",
}
"""[Abréviations] the French abbreviations and their meanings (M011, M012)."""


@dataclass(frozen=True, slots=True)
class UnitType:
    key: str
    code: str
    kind: str
    naval: int
    aa: int
    air: int
    attack: int
    move: int
    range: int
    source: str


@dataclass(frozen=True, slots=True)
class UnitDef:
    id: str
    side: str
    name: str
    type: UnitType
    levels: int
    group: int
    start: str
    base: str
    at: str
    capacity: float
    short: str
    source: str
    """Where each value comes from ("field: section or ruling; ...")."""

    @property
    def code(self) -> str:
        """[Abréviations] The unit's French type code."""
        return self.type.code

    @property
    def kind(self) -> str:
        """[Échelle du jeu] ship, air or ground."""
        return self.type.kind


@dataclass(frozen=True, slots=True)
class SearchType:
    key: str
    side: str
    name: str
    count: int
    origin: str
    reach: int
    automatic: bool
    long_range: bool
    source: str


@dataclass(frozen=True)
class Data:
    types: dict[str, UnitType]
    units: dict[str, UnitDef]
    columns: str
    rows: int
    midway: str
    kure: str
    fog: frozenset[str]
    exit_columns: dict[str, str]
    group13_entry: tuple[str, ...]
    searches: dict[str, SearchType]
    rules: dict[str, Any]
    hexes: tuple[str, ...]
    neighbours: dict[str, tuple[str, ...]]

    @property
    def turns(self) -> int:
        """[Les tours de jeu] 25 turns."""
        return int(self.rules["calendar"]["turns"])

    @property
    def night(self) -> frozenset[int]:
        """[Séquence de jeu] The night turns."""
        return frozenset(self.rules["calendar"]["night"])

    @property
    def vp(self) -> dict[str, float]:
        """[Points de victoire] The VP table."""
        return self.rules["vp"]  # type: ignore[no-any-return]


def _toml(name: str) -> dict[str, Any]:
    """[Données] One data file."""
    with open(DATA_DIR / name, "rb") as fh:
        return tomllib.load(fh)


def split(hex_: str) -> tuple[int, int]:
    """[Carte] A hex name ("H6") as 0-based (column, row)."""
    return ord(hex_[0]) - 65, int(hex_[1:]) - 1


def name(col: int, row: int) -> str:
    """[Carte] A 0-based (column, row) as a hex name."""
    return f"{chr(65 + col)}{row + 1}"


def cube(hex_: str) -> tuple[int, int, int]:
    """[Carte] VAM-R01: columns B, D, F... (odd 0-based index) sit half a hex lower ("odd-q" offset layout)."""
    c, r = split(hex_)
    x = c
    z = r - (c - (c & 1)) // 2
    return x, -x - z, z


@functools.cache
def distance(a: str, b: str) -> int:
    """[Carte] Hexes between ``a`` and ``b`` (VAM-R01). Remembered: the map is a fixed few hundred hexes, and
    ranges, searches and raids ask the same pairs again and again."""
    ax, ay, az = cube(a)
    bx, by, bz = cube(b)
    return max(abs(ax - bx), abs(ay - by), abs(az - bz))


@functools.cache
def load() -> Data:
    """[Données] Every table, loaded once."""
    t = _toml("types.toml")["types"]
    types = {
        k: UnitType(
            k,
            v["code"],
            v["kind"],
            int(v.get("naval", 0)),
            int(v.get("aa", 0)),
            int(v.get("air", 0)),
            int(v.get("attack", 0)),
            int(v.get("move", 0)),
            int(v.get("range", 0)),
            v["source"],
        )
        for k, v in t.items()
    }
    units: dict[str, UnitDef] = {}
    for u in _toml("units.toml")["unit"]:
        units[u["id"]] = UnitDef(
            u["id"],
            u["side"],
            u["name"],
            types[u["type"]],
            int(u["levels"]),
            int(u.get("group", 0)),
            u.get("start", ""),
            u.get("base", ""),
            u.get("at", ""),
            float(u.get("capacity", 0)),
            u.get("short", ""),
            "; ".join(f"{k}: {v}" for k, v in u["source"].items()),
        )
    m = _toml("map.toml")
    cols, nrows = m["columns"], int(m["rows"])
    hexes = tuple(name(c, r) for c in range(len(cols)) for r in range(nrows))
    hexset = set(hexes)
    neighbours: dict[str, tuple[str, ...]] = {}
    for h in hexes:
        c, r = split(h)
        side_rows = (r, r + 1) if c & 1 else (r - 1, r)
        cand = [(c, r - 1), (c, r + 1)] + [(cc, rr) for cc in (c - 1, c + 1) for rr in side_rows]
        neighbours[h] = tuple(
            sorted(n for n in (name(cc, rr) for cc, rr in cand if cc >= 0 and rr >= 0) if n in hexset)
        )
    s = _toml("searches.toml")["search"]
    searches = {
        k: SearchType(
            k,
            v["side"],
            v["name"],
            int(v["count"]),
            v["origin"],
            int(v["reach"]),
            bool(v.get("automatic", False)),
            bool(v.get("long_range", False)),
            v["source"],
        )
        for k, v in s.items()
    }
    return Data(
        types=types,
        units=units,
        columns=cols,
        rows=nrows,
        midway=m["midway"],
        kure=m["kure"],
        fog=frozenset(m["fog"]),
        exit_columns={"ijn": m["ijn_exit_columns"], "usn": m["usn_exit_columns"]},
        group13_entry=tuple(m["group13_entry"]),
        searches=searches,
        rules=_toml("rules.toml"),
        hexes=hexes,
        neighbours=neighbours,
    )


DATA = load()


def covered(target: str) -> tuple[str, ...]:
    """[Recherches aériennes] an air search covers the target hex and its neighbours (M051, E01)."""
    return (target, *DATA.neighbours[target])


def is_edge(hex_: str) -> bool:
    """[Sortie de la carte] Whether a hex is on the map's edge (M043)."""
    c, r = split(hex_)
    return c == 0 or r == 0 or c == len(DATA.columns) - 1 or r == DATA.rows - 1


def direction(origin: str, target: str) -> tuple[str, ...]:
    """[Combats aériens] the hexes beside the target a raid from ``origin`` comes through (M067, E02)."""
    d = distance(origin, target)
    if d <= 1:
        return (origin,) if d == 1 else ()
    return tuple(n for n in DATA.neighbours[target] if distance(origin, n) == d - 1)


def unit_def(uid: str) -> UnitDef:
    """[Échelle du jeu] A unit's data (a reserve unit uses its carrier's fighter type)."""
    d = DATA.units.get(uid)
    return d if d is not None else DATA.units[uid.removesuffix("_reserve") + "_f1"]


def unit_label(uid: str, lv: int) -> str:
    """[Abréviations] A unit as its owner sees it: type code, (e) if reduced (``lv`` < 2), name.

    A pure function of immutable values, so a lazy option label can call it without holding the state."""
    d = unit_def(uid)
    return f"{d.code}{'' if lv >= 2 else '(e)'} {d.name}"


def tag_label(uid: str, lv: int, viewer: str, known: bool) -> str:
    """[Séquence de jeu] A unit as ``viewer`` may know it: its own, or an enemy ship located (``known``), by
    name; any other enemy by its type and side only (E08). Pure, like :func:`unit_label`."""
    if uid == "midway":
        return "Midway"
    d = unit_def(uid)
    if d.side == viewer or known:
        return unit_label(uid, lv)
    return f"{d.code}{'' if lv >= 2 else '(e)'} {'américain' if d.side == 'usn' else 'japonais'}"


def target_label(uid: str, ref: str, lv: int, viewer: str, known: bool) -> str:
    """[Combats aériens] A target as ``viewer`` may know it; enemy aircraft (anonymous) by their place in the raid
    (``ref`` "2.a0": the first aircraft of raid 3); [Les sous-marins] an attacking submarine by its place among
    those of its hex (``ref`` "I4.ss1": the second submarine in I4)."""
    text = tag_label(uid, lv, viewer, known)
    if ref != uid and "." in ref:
        place, slot = ref.split(".")
        if slot.startswith("ss"):
            text += f" (n°{int(slot[2:]) + 1} en {place})"
        else:
            where = "raid" if slot[0] == "a" else "défense du raid"
            text += f" (n°{int(slot[1:]) + 1}, {where} {int(place) + 1})"
    return text
