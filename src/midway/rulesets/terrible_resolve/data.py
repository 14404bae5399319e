"""[Ship Data] [Set Up] The tables of the text, loaded from ``data/*.toml`` into frozen dataclasses.

Every value in the TOML files carries a ``source``: the rule heading that gives
it or the ruling (RULINGS.md) that supplies it.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from pathlib import Path

DATA_DIR = Path(__file__).parent / "data"

FIGHTER, TORPEDO, DIVE = "F", "T", "D"
KIND_NAMES = {FIGHTER: "fighter", TORPEDO: "torpedo bomber", DIVE: "dive bomber"}


@dataclass(frozen=True, slots=True)
class Carrier:
    """[Ship Data] One carrier row."""

    id: str
    name: str
    side: str
    aa: int
    repair: tuple[int, ...]
    fighters: int
    torpedo: int
    dive: int
    source: str

    @property
    def groups(self) -> int:
        """[Ship Data] Groups the carrier starts with: its hangar capacity (TR-R06)."""
        return self.fighters + self.torpedo + self.dive


@dataclass(frozen=True, slots=True)
class GroupInfo:
    """[Basing] The fixed facts of one group: its side, type and (colour-coded) carrier."""

    id: str
    side: str
    kind: str
    carrier: str
    number: int
    label: str


@dataclass(frozen=True, slots=True)
class Box:
    """[Move Planes] One box of the circuit."""

    id: str
    name: str
    next: str
    aliases: tuple[str, ...]
    source: str


def _load(name: str) -> dict:
    """[Ship Data] Read one TOML file of the data folder."""
    with open(DATA_DIR / name, "rb") as fh:
        return tomllib.load(fh)


_ships = _load("ships.toml")
_rules = _load("rules.toml")

CARRIERS: dict[str, Carrier] = {
    c["id"]: Carrier(
        id=c["id"],
        name=c["name"],
        side=c["side"],
        aa=c["aa"],
        repair=tuple(c["repair"]),
        fighters=c["fighters"],
        torpedo=c["torpedo"],
        dive=c["dive"],
        source=c["source"],
    )
    for c in _ships["carrier"]
}
NUMBERS: dict[str, int] = {k: v["value"] for k, v in _rules["numbers"].items()}
BOXES: dict[str, Box] = {
    b["id"]: Box(b["id"], b["name"], b["next"], tuple(b.get("aliases", ())), b["source"]) for b in _rules["box"]
}
FIRST_WAVE_COUNTS: dict[str, dict[str, int]] = {
    fw["carrier"]: {TORPEDO: fw["torpedo"], DIVE: fw["dive"]} for fw in _rules["first_wave"]
}

GROUP_SP = NUMBERS["group_sp"]
CRIPPLED_AT = NUMBERS["crippled_at"]
SUNK_AT = NUMBERS["sunk_at"]
LAND_LIMIT = NUMBERS["land_limit_sp"]
DECK_LIMIT = NUMBERS["deck_limit_sp"]
HIT_MIN = NUMBERS["hit_min"]
DIVE_HIT_MIN = NUMBERS["dive_hit_min"]
TORPEDO_SIX_HITS = NUMBERS["torpedo_six_hits"]
REROLL_SIX_HITS = NUMBERS["reroll_six_hits"]
SEARCH_GROUPS = NUMBERS["search_groups"]
SEARCH_DIE_MAX = NUMBERS["search_die_max"]


def _groups() -> dict[str, GroupInfo]:
    """[Ship Data] [Basing] One group per model of the Ship Data table."""
    out: dict[str, GroupInfo] = {}
    for c in CARRIERS.values():
        for kind, count in ((FIGHTER, c.fighters), (TORPEDO, c.torpedo), (DIVE, c.dive)):
            for n in range(1, count + 1):
                gid = f"{c.id}-{kind.lower()}{n}"
                out[gid] = GroupInfo(gid, c.side, kind, c.id, n, f"{c.name} {KIND_NAMES[kind]} {n}")
    return out


GROUPS: dict[str, GroupInfo] = _groups()
GROUP_IDS: tuple[str, ...] = tuple(GROUPS)
GROUP_ORDER: dict[str, int] = {g: i for i, g in enumerate(GROUP_IDS)}
"""[Set Up] Each group's place in the group order (the order every list of groups keeps)."""
SIDE_OF: dict[str, str] = {g: info.side for g, info in GROUPS.items()}
"""[Basing] Each group's side."""
FIGHTER_GROUPS: frozenset[str] = frozenset(g for g, info in GROUPS.items() if info.kind == FIGHTER)
"""[Basing] The fighter groups."""
ACTING: tuple[str, ...] = ("ijn", "usn") * 7
STEP_ACTIONS: tuple[str, ...] = tuple(
    action for action in ("land", "move", "cap", "attack", "launch", "plan", "repair") for _ in ("ijn", "usn")
)
"""[Sequence of Play] The action of each of the 14 steps, Japan first in each pair (M16): ``game.SEQUENCE`` pairs
them with :data:`ACTING`."""
"""[Sequence of Play] Whose each of the 14 steps of a turn is: Japan first in each pair (M16)."""
SIDE_CARRIERS: dict[str, tuple[str, ...]] = {
    side: tuple(c.id for c in CARRIERS.values() if c.side == side) for side in ("usn", "ijn")
}
SIDE_GROUPS: dict[str, tuple[str, ...]] = {
    side: tuple(g for g, info in GROUPS.items() if info.side == side) for side in ("usn", "ijn")
}


HANGAR_OF: dict[str, str] = {c: f"hangar:{c}" for c in CARRIERS}
"""[Set Up: boxes] Each carrier's hangar as a place of ``loc``."""
DECK_OF: dict[str, str] = {c: f"deck:{c}" for c in CARRIERS}
"""[Planning Phase] Each carrier's flight deck as a place of ``loc``."""


def first_wave() -> tuple[str, ...]:
    """[Set Up] The Japanese groups that start in Waiting to Land (TR-R07 for Kaga)."""
    out: list[str] = []
    for carrier, counts in FIRST_WAVE_COUNTS.items():
        for kind in (TORPEDO, DIVE):
            out += [f"{carrier}-{kind.lower()}{n}" for n in range(1, counts[kind] + 1)]
    return tuple(out)
