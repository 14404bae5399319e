"""[SQUAD LISTS] [SETUP] [FLOW CHARTS] The tables of the text, loaded from ``data/*.toml``.

Every table in the TOML files carries a ``source``: the rule heading that gives it
or the ruling (RULINGS.md) that supplies it.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

DATA_DIR = Path(__file__).parent / "data"

FIGHTER, BOMB, TORPEDO = "fighter", "bomb", "torpedo"


def _load(name: str) -> dict[str, Any]:
    with (DATA_DIR / name).open("rb") as fh:
        return tomllib.load(fh)


@dataclass(frozen=True, slots=True)
class SquadType:
    """[AMERICAN / JAPANESE SQUAD LIST] One row: air-to-air (the "AA" column, WS-R05) and AS values."""

    key: str
    side: str
    name: str
    role: str
    listed: int
    air_attack: int
    anti_ship: int
    kind: str
    historical_kind: str
    source: str

    @property
    def is_fighter(self) -> bool:
        return self.kind == FIGHTER


@dataclass(frozen=True, slots=True)
class Carrier:
    """[JAPANESE / AMERICAN SETUP] [CARRIER BOX FLOWCHART] One carrier (or Midway Island)."""

    id: str
    side: str
    name: str
    task_force: str
    deck_capacity: int
    refuel_capacity: int
    runways: int
    squads: tuple[tuple[str, int], ...]
    source: str

    @property
    def is_island(self) -> bool:
        return self.runways > 0


@dataclass(frozen=True, slots=True)
class Rules:
    """The numbers of the text (search thresholds, AA roll counts, damage table...)."""

    search: dict[str, int]
    patrol_max: int
    return_loss_max: int
    aa_rolls: dict[str, int]
    aa_hit_max: int
    dodge_max: int
    out_of_action_max: int
    deck_fire_capacity: int
    deck_fire_losses: int
    runway_loss_max: int
    nautilus_turn: int
    nautilus_hit_max: int
    first_wave_bombers: int
    first_wave_zeros: int
    carrier_wave_groups: int
    default_max_turns: int


_squads = _load("squads.toml")
SQUAD_TYPES: dict[str, SquadType] = {
    row["key"]: SquadType(
        key=row["key"],
        side=row["side"],
        name=row["name"],
        role=row["role"],
        listed=row["listed"],
        air_attack=row["air_attack"],
        anti_ship=row["anti_ship"],
        kind=row["kind"],
        historical_kind=row.get("historical_kind", row["kind"]),
        source=row["source"],
    )
    for row in _squads["squad"]
}

_carriers = _load("carriers.toml")
CARRIERS: dict[str, Carrier] = {
    row["id"]: Carrier(
        id=row["id"],
        side=row["side"],
        name=row["name"],
        task_force=row["task_force"],
        deck_capacity=row["deck_capacity"],
        refuel_capacity=row["refuel_capacity"],
        runways=row["runways"],
        squads=tuple(row["squads"].items()),
        source=row["source"],
    )
    for row in _carriers["carrier"]
}
MIDWAY = "midway"
CARRIER_ORDER: dict[str, tuple[str, ...]] = {
    side: tuple(c.id for c in CARRIERS.values() if c.side == side) for side in ("usn", "ijn")
}
"""Every carrier box of a side, Midway included (MOVE PHASE: treat Midway like a carrier)."""
WARSHIPS: dict[str, tuple[str, ...]] = {
    side: tuple(c for c in ids if not CARRIERS[c].is_island) for side, ids in CARRIER_ORDER.items()
}
"""The carriers that count for victory (WS-R11: not Midway)."""
TARGETS: dict[str, tuple[str, ...]] = {k: tuple(v) for k, v in _carriers["targets"].items() if k != "source"}
TARGET_NAMES = {
    "midway": "Midway Island",
    "tf16": "Task Force 16",
    "tf17": "Task Force 17",
    "fleet": "the Japanese fleet",
}

_flow = _load("flowcharts.toml")
STRIKE_ARROWS: dict[str, tuple[str, ...]] = {k: tuple(v) for k, v in _flow["strike"]["arrows"].items()}
CARRIER_ARROWS: dict[str, tuple[str, ...]] = {k: tuple(v) for k, v in _flow["carrier_box"]["arrows"].items()}
BOX_NAMES: dict[str, str] = {**_flow["strike"]["names"], **_flow["carrier_box"]["names"], "drink": "The Drink"}
STRIKE_BOXES: tuple[str, ...] = tuple(_flow["strike"]["order"])

_rules = _load("rules.toml")
RULES = Rules(
    search={"usn": _rules["search"]["usn"], "ijn": _rules["search"]["ijn"]},
    patrol_max=_rules["patrol"]["max_turns"],
    return_loss_max=_rules["return_loss"]["destroyed_max"],
    aa_rolls={"usn": _rules["aa"]["usn"], "ijn": _rules["aa"]["ijn"]},
    aa_hit_max=_rules["aa"]["hit_max"],
    dodge_max=_rules["bombing"]["dodge_max"],
    out_of_action_max=_rules["damage"]["out_of_action_max"],
    deck_fire_capacity=_rules["damage"]["deck_fire_capacity"],
    deck_fire_losses=_rules["damage"]["deck_fire_losses"],
    runway_loss_max=_rules["damage"]["runway_loss_max"],
    nautilus_turn=_rules["nautilus"]["turn"],
    nautilus_hit_max=_rules["nautilus"]["hit_max"],
    first_wave_bombers=_rules["historical"]["first_wave_bombers"],
    first_wave_zeros=_rules["historical"]["first_wave_zeros"],
    carrier_wave_groups=_rules["historical"]["carrier_wave_groups"],
    default_max_turns=_rules["limits"]["default_max_turns"],
)


def starting_squads() -> list[tuple[str, str, str, str]]:
    """[SETUP] Every squad of both sides: (id, side, type, carrier), ids numbered per type."""
    out: list[tuple[str, str, str, str]] = []
    counters: dict[str, int] = {}
    for carrier in CARRIERS.values():
        for key, n in carrier.squads:
            for _ in range(n):
                counters[key] = counters.get(key, 0) + 1
                out.append((f"{carrier.side}-{key}-{counters[key]}", carrier.side, key, carrier.id))
    return out
