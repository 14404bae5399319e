"""[UNIT REFERENCE SHEETS] [MAP] [SETUP] [BATTLE BOARD] The tables of "The Battle of Midway".

The rule text (HistoricalBoardGaming.com) refers to Unit Reference Sheets, a map, setup charts and
Battle Boards without printing them. Their contents were rebuilt in ``data/*.toml``; every value
there carries a ``source``: a rule section, a worked example (E-id of the checklist), a component
count, or a ruling of ``RULINGS.md`` (HBG-Rnn).

Everything is loaded once (:func:`load` is cached) into frozen dataclasses.
"""

from __future__ import annotations

import functools
import re
import tomllib
from collections import deque
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from types import MappingProxyType
from typing import Any

DATA_DIR = Path(__file__).parent / "data"
RULINGS_FILE = Path(__file__).parent / "RULINGS.md"

SIDES = ("usn", "ijn")

SEA_KINDS = frozenset(
    {"carrier", "light_carrier", "battleship", "heavy_cruiser", "light_cruiser", "destroyer", "transport"}
)
AIR_KINDS = frozenset(
    {
        "fighter",
        "dive_bomber",
        "torpedo_bomber",
        "attack_bomber",
        "medium_bomber",
        "heavy_bomber",
        "patrol_aircraft",
    }
)
LAND_KINDS = frozenset({"airfield", "seaplane_base", "aa_guns"})
BOMBER_KINDS = frozenset({"dive_bomber", "torpedo_bomber", "attack_bomber", "medium_bomber", "heavy_bomber"})
CRUISER_KINDS = frozenset({"heavy_cruiser", "light_cruiser"})
CARRIER_KINDS = frozenset({"carrier", "light_carrier"})

# The value fields of a [[unit]]; each one a unit sets must have an entry in its `source` table.
UNIT_VALUE_FIELDS = (
    "models",
    "air_to_air",
    "bomb",
    "torpedo",
    "ordnance",
    "aa",
    "aa_dice",
    "gunnery",
    "gun_dice",
    "hit_points",
    "air_service",
    "launch_per_token",
    "recover_per_hit_point",
    "patrol_launches_per_turn",
    "floatplanes",
    "movement",
    "fuel",
    "vp",
    "patrol",
    "capital",
    "heavy_bomber",
)

RULING_ID = re.compile(r"HBG-R\d{2}")


class DataError(ValueError):
    """A data file breaks its own conventions (a value without a source, an unknown key...)."""


def _read(name: str) -> dict[str, Any]:
    with (DATA_DIR / name).open("rb") as fh:
        return tomllib.load(fh)


def _need_source(where: str, source: object) -> str:
    if not isinstance(source, str) or not source.strip():
        raise DataError(f"{where}: missing source")
    return source


# ---------------------------------------------------------------------------------------- units


@dataclass(frozen=True, slots=True)
class Modifier:
    """[modifiers to combat] "See Unit Profiles for additional modifiers": one profile modifier.

    ``attack`` is "bomb" or "torpedo"; ``target`` is "ship" (any sea unit) or a unit kind.
    """

    attack: str
    target: str
    value: int
    source: str


@dataclass(frozen=True, slots=True)
class TargetModifier:
    """[modifiers to combat] The text's own table: to-hit or damage changes by target."""

    target: str
    attacks: tuple[str, ...]
    to_hit: int
    extra_damage: int
    condition: str
    source: str


@dataclass(frozen=True, slots=True)
class UnitType:
    """[UNIT REFERENCE SHEETS] One unit type's profile (HBG-R04..HBG-R16).

    Fields that do not apply to a unit are 0 / None / empty. To-hit values are on a D12, a hit on
    that value or less ([4.3 How To Determine Casualties]).
    """

    key: str
    side: str
    name: str
    kind: str
    models: int
    """[Game Components] pieces in the box (HBG-R01, HBG-R02)."""
    air_to_air: int = 0
    """[4.3 Round 1] to-hit against Air Units (fighters, bombers' gunners; E23, E24)."""
    bomb: int = 0
    """[4.3 Round 1] to-hit with bombs, before modifiers (E26)."""
    torpedo: int = 0
    """[4.3 Round 1] to-hit with torpedoes, before modifiers."""
    ordnance: tuple[str, ...] = ()
    """[5.3] ordnance the type may load ("bomb", "torpedo")."""
    aa: int = 0
    """[4.3 Round 1] anti-aircraft to-hit (Surface Units with an AA rating, Midway AA guns)."""
    aa_dice: int = 0
    """[4.3 Round 1] AA dice per ship, or per remaining battery (E24: a destroyer rolls 2)."""
    gunnery: int = 0
    """[4.3 Step 2 Ship-to-Ship] to-hit against ships in range."""
    gun_dice: int = 0
    """[4.3 Step 2 Ship-to-Ship] gunnery dice per ship."""
    hit_points: int = 0
    """[4.3.1] damage that sinks the ship / knocks out the base (airfield 5: 1.4.2)."""
    air_service: int = 0
    """[1.5] [1.6] Air Units a carrier launches or recovers per Turn (fleet 5, light 2)."""
    launch_per_token: int = 0
    """[1.4.2] Air Units launched per Command Token played on an Airbase (3)."""
    recover_per_hit_point: int = 0
    """[1.6] [1.4.2] landings per Turn per remaining hit point of a base (HBG-R12)."""
    patrol_launches_per_turn: int = 0
    """[2.1] free Patrol Aircraft launches per Turn (Seaplane Base: 2)."""
    floatplanes: int = 0
    """[2.1] Patrol Aircraft carried and launched per ship (Tone class: 1 E13A)."""
    movement: int = 0
    """[3.1 Using A Command Token] Sea Zones an ordered Air Unit may move (HBG-R13)."""
    fuel: int | None = None
    """[5.2] Turns of fuel at launch; None = not tracked (heavy bombers 5.2.2, seaplanes 2.1.1)."""
    vp: int = 0
    """[Victory By Points] points the enemy scores when this unit is lost (HBG-R16)."""
    patrol: str | None = None
    """[2.1] "patrol_aircraft" or "patrol_bomber" (2.1.2), else None."""
    capital: bool = False
    """[Stacking Limit] [Capital Ship] carriers and battleships."""
    heavy_bomber: bool = False
    """[5.2.2] heavy bombers do not track fuel."""
    modifiers: tuple[Modifier, ...] = ()
    """[modifiers to combat] unit-profile modifiers (HBG-R07)."""
    sources: Mapping[str, str] = field(default_factory=dict)
    """The source of each value field set in units.toml."""

    @property
    def is_sea(self) -> bool:
        return self.kind in SEA_KINDS

    @property
    def is_air(self) -> bool:
        return self.kind in AIR_KINDS

    @property
    def is_land(self) -> bool:
        return self.kind in LAND_KINDS

    @property
    def is_fighter(self) -> bool:
        return self.kind == "fighter"

    @property
    def is_bomber(self) -> bool:
        return self.kind in BOMBER_KINDS

    @property
    def is_carrier(self) -> bool:
        return self.kind in CARRIER_KINDS

    @property
    def is_cruiser(self) -> bool:
        return self.kind in CRUISER_KINDS

    @property
    def is_combat_aircraft(self) -> bool:
        """[Game Terminology: Air Unit] combat aircraft (not Patrol aircraft)."""
        return self.is_air and self.kind != "patrol_aircraft"

    @property
    def tracks_fuel(self) -> bool:
        return self.is_air and self.fuel is not None

    def profile_modifier(self, attack: str, target_kind: str) -> int:
        """Sum of this unit's profile modifiers for ``attack`` against a target of ``target_kind``."""
        total = 0
        for m in self.modifiers:
            if m.attack != attack:
                continue
            if m.target == target_kind or (m.target == "ship" and target_kind in SEA_KINDS):
                total += m.value
        return total


@dataclass(frozen=True, slots=True)
class Carrier:
    """[Setup] [Carrier Cards] One named carrier: its colour chips and total capacity (HBG-R03)."""

    id: str
    name: str
    unit: str
    side: str
    colour: str
    colour_chips: int
    hangar_capacity: int
    """[5.1] the carrier's total capacity (Units aboard + to be recovered + returning)."""
    sources: Mapping[str, str]


def _load_units(raw: dict[str, Any]) -> tuple[dict[str, UnitType], dict[str, Carrier]]:
    units: dict[str, UnitType] = {}
    for row in raw["unit"]:
        key = row["key"]
        sources = dict(row.get("source", {}))
        for name in UNIT_VALUE_FIELDS:
            if name in row:
                _need_source(f"unit {key}.{name}", sources.get(name))
        unknown = set(row) - set(UNIT_VALUE_FIELDS) - {"key", "side", "name", "kind", "source", "modifier"}
        if unknown:
            raise DataError(f"unit {key}: unknown fields {sorted(unknown)}")
        mods = tuple(
            Modifier(m["attack"], m["target"], m["value"], _need_source(f"unit {key} modifier", m.get("source")))
            for m in row.get("modifier", [])
        )
        units[key] = UnitType(
            key=key,
            side=row["side"],
            name=row["name"],
            kind=row["kind"],
            models=row["models"],
            air_to_air=row.get("air_to_air", 0),
            bomb=row.get("bomb", 0),
            torpedo=row.get("torpedo", 0),
            ordnance=tuple(row.get("ordnance", ())),
            aa=row.get("aa", 0),
            aa_dice=row.get("aa_dice", 0),
            gunnery=row.get("gunnery", 0),
            gun_dice=row.get("gun_dice", 0),
            hit_points=row.get("hit_points", 0),
            air_service=row.get("air_service", 0),
            launch_per_token=row.get("launch_per_token", 0),
            recover_per_hit_point=row.get("recover_per_hit_point", 0),
            patrol_launches_per_turn=row.get("patrol_launches_per_turn", 0),
            floatplanes=row.get("floatplanes", 0),
            movement=row.get("movement", 0),
            fuel=row.get("fuel"),
            vp=row.get("vp", 0),
            patrol=row.get("patrol"),
            capital=row.get("capital", False),
            heavy_bomber=row.get("heavy_bomber", False),
            modifiers=mods,
            sources=MappingProxyType(sources),
        )
    carriers: dict[str, Carrier] = {}
    for row in raw["carrier"]:
        sources = dict(row.get("source", {}))
        for name in ("colour", "colour_chips", "hangar_capacity"):
            _need_source(f"carrier {row['id']}.{name}", sources.get(name))
        if row["unit"] not in units:
            raise DataError(f"carrier {row['id']}: unknown unit {row['unit']}")
        carriers[row["id"]] = Carrier(
            id=row["id"],
            name=row["name"],
            unit=row["unit"],
            side=row["side"],
            colour=row["colour"],
            colour_chips=row["colour_chips"],
            hangar_capacity=row["hangar_capacity"],
            sources=MappingProxyType(sources),
        )
    return units, carriers


# ------------------------------------------------------------------------------------------ map


@dataclass(frozen=True, slots=True)
class SeaZone:
    """[MAP] One numbered Sea Zone (HBG-R17..HBG-R19)."""

    id: int
    row: int
    """1 = the top (north) row, SZ01-05 (3.1.3)."""
    col: int
    """1 = the column of Midway (drawn at the east edge, HBG-R19)."""
    draw_x: int
    draw_y: int
    neighbours: tuple[int, ...]
    """[3.1.2] [4.2] the adjacent Sea Zones (8-neighbour grid, HBG-R18)."""
    source: str


@dataclass(frozen=True, slots=True)
class SquallRow:
    """[3.1.3] A row the squall line fills, in order (E17, HBG-R21)."""

    order: int
    zones: tuple[int, ...]
    shade: str
    source: str


@dataclass(frozen=True, slots=True)
class MapData:
    """[MAP] The Sea Zones, their adjacency and the marked zones."""

    zones: Mapping[int, SeaZone]
    columns: int
    rows: int
    adjacency: str
    midway: int
    """[1.3.2.1] [4.1] Midway Island's Sea Zone (31)."""
    ijn_entry: int
    """[1.3.2] where all IJN reinforcements and the transports enter (37)."""
    usn_roundels: tuple[int, ...]
    """[1.3.1] the 5 USN reinforcement zones (HBG-R20)."""
    ijn_strike_start: int
    """[Setup caption] the IJN strike groups' zone at game start (21)."""
    first_squall: int
    """[3.1.3] the first Squall's zone (03)."""
    squall_rows: tuple[SquallRow, ...]
    sources: Mapping[str, str]
    _distances: Mapping[int, Mapping[int, int]] = field(repr=False, compare=False)

    def neighbours(self, zone: int) -> tuple[int, ...]:
        """[3.1.2] Sea Zones adjacent to ``zone``."""
        return self.zones[zone].neighbours

    def distance(self, a: int, b: int) -> int:
        """[3.1.1] [5.1] Fewest Sea Zone moves from ``a`` to ``b`` (breadth-first search)."""
        return self._distances[a][b]

    def within(self, zone: int, moves: int) -> frozenset[int]:
        """Sea Zones reachable from ``zone`` in at most ``moves`` moves (``zone`` included)."""
        return frozenset(z for z, d in self._distances[zone].items() if d <= moves)

    def first_steps(self, a: int, b: int) -> tuple[int, ...]:
        """[5.1] The neighbours of ``a`` on a shortest route to ``b`` (E28: all are legal)."""
        if a == b:
            return ()
        d = self.distance(a, b)
        return tuple(n for n in self.neighbours(a) if self.distance(n, b) == d - 1)

    def shortest_paths(self, a: int, b: int) -> tuple[tuple[int, ...], ...]:
        """[5.1] Every shortest route from ``a`` to ``b``, both ends included, in sorted order."""
        if a == b:
            return ((a,),)
        return tuple((a, *rest) for n in self.first_steps(a, b) for rest in self.shortest_paths(n, b))


def _bfs(zones: Mapping[int, SeaZone], start: int) -> dict[int, int]:
    dist = {start: 0}
    queue = deque([start])
    while queue:
        z = queue.popleft()
        for n in zones[z].neighbours:
            if n not in dist:
                dist[n] = dist[z] + 1
                queue.append(n)
    return dist


def _load_map(raw: dict[str, Any]) -> MapData:
    zones: dict[int, SeaZone] = {}
    for row in raw["zone"]:
        zones[row["id"]] = SeaZone(
            id=row["id"],
            row=row["row"],
            col=row["col"],
            draw_x=row["draw_x"],
            draw_y=row["draw_y"],
            neighbours=tuple(row["neighbours"]),
            source=_need_source(f"zone {row['id']}", row.get("source")),
        )
    for z in zones.values():
        for n in z.neighbours:
            if n not in zones:
                raise DataError(f"zone {z.id}: unknown neighbour {n}")
    special = raw["special"]
    sources = dict(special["source"])
    for name in ("midway", "ijn_entry", "usn_roundels", "ijn_strike_start", "first_squall"):
        _need_source(f"map special.{name}", sources.get(name))
    grid = raw["grid"]
    _need_source("map grid", grid.get("source"))
    sources["grid"] = grid["source"]
    rows = tuple(
        SquallRow(r["order"], tuple(r["zones"]), r["shade"], _need_source("squall_row", r.get("source")))
        for r in sorted(raw["squall_row"], key=lambda r: r["order"])
    )
    distances = {z: MappingProxyType(_bfs(zones, z)) for z in zones}
    return MapData(
        zones=MappingProxyType(zones),
        columns=grid["columns"],
        rows=grid["rows"],
        adjacency=grid["adjacency"],
        midway=special["midway"],
        ijn_entry=special["ijn_entry"],
        usn_roundels=tuple(special["usn_roundels"]),
        ijn_strike_start=special["ijn_strike_start"],
        first_squall=special["first_squall"],
        squall_rows=rows,
        sources=MappingProxyType(sources),
        _distances=MappingProxyType(distances),
    )


# ---------------------------------------------------------------------------------------- setup


@dataclass(frozen=True, slots=True)
class TaskForce:
    """[Setup] [1.3] A Task Force of the setup sheets: on the map (``zone``) or a reinforcement."""

    id: str
    side: str
    name: str
    zone: int | None
    """The Sea Zone at game start; None for a reinforcement Task Force."""
    ships: Mapping[str, int]
    """Unit key -> number of ships."""
    carriers: tuple[str, ...]
    """The named carriers (carrier ids) in the Task Force."""
    source: str

    @property
    def ship_count(self) -> int:
        return sum(self.ships.values())


@dataclass(frozen=True, slots=True)
class AirGroup:
    """[Setup] An Air Group at game start: in a hangar / at a base, or airborne in a Sea Zone."""

    base: str
    """The carrier id or Midway base ("airfield", "seaplane_base") the group belongs to."""
    unit: str
    units: int
    """Number of Air Units (chips)."""
    location: str
    """"hangar" (carrier card / base box) or "airborne"."""
    zone: int | None
    strike_group: str | None
    ordnance: str | None
    """[Setup] "bomb" (B), "torpedo" (T) or None."""
    fuel: int | None
    """[Setup] [(n)F]: Turns of fuel left; None when not tracked or not airborne."""
    source: str


@dataclass(frozen=True, slots=True)
class Base:
    """[Setup] A Midway land unit (Airfield, Seaplane Base, AA Guns)."""

    id: str
    unit: str
    zone: int
    batteries: int
    source: str


@dataclass(frozen=True, slots=True)
class Reinforcement:
    """[1.3.1] [1.3.2] One entry of a reinforcement list."""

    order: int
    task_force: str
    available_turn: int | None
    source: str


@dataclass(frozen=True, slots=True)
class TransportWave:
    """[1.3.2.1] [1.3.2.2] One wave of invasion transports and its escort Task Force."""

    order: int
    transports: int
    escort: str
    source: str


@dataclass(frozen=True, slots=True)
class Victory:
    """[Victory By Points] [4.4] The victory numbers."""

    targets: tuple[int, ...]
    recommended_target: int
    tie_winner: str
    invasion_vp_per_group: int
    """[4.4] VP per surviving transport group in SZ31 (4; the IMPORTANT box says 2, HBG-R32)."""
    invasion_vp_alternative: int
    invasion_min_survivors: int
    sources: Mapping[str, str]


@dataclass(frozen=True, slots=True)
class Setup:
    """[Setup of the Game] The position at dawn, June 4, and the reinforcement lists."""

    start_turn: int
    task_forces: Mapping[str, TaskForce]
    air_groups: tuple[AirGroup, ...]
    bases: Mapping[str, Base]
    usn_reinforcements: tuple[Reinforcement, ...]
    usn_deadline_turn: int
    """[1.3.1] all USN Task Forces must be in by this Turn's Determine Reinforcements step."""
    ijn_reinforcements: tuple[Reinforcement, ...]
    transport_waves: tuple[TransportWave, ...]
    victory: Victory

    def on_map(self, side: str | None = None) -> tuple[TaskForce, ...]:
        """Task Forces placed on the map at game start."""
        return tuple(tf for tf in self.task_forces.values() if tf.zone is not None and side in (None, tf.side))

    def groups_of(self, base: str) -> tuple[AirGroup, ...]:
        """Every Air Group belonging to a carrier or Midway base at game start."""
        return tuple(g for g in self.air_groups if g.base == base)

    def strike_groups(self) -> dict[str, tuple[AirGroup, ...]]:
        """[Strike Group] The airborne groups by Strike Group id."""
        out: dict[str, list[AirGroup]] = {}
        for g in self.air_groups:
            if g.strike_group is not None:
                out.setdefault(g.strike_group, []).append(g)
        return {k: tuple(v) for k, v in out.items()}


def _load_setup(raw: dict[str, Any]) -> Setup:
    start = raw["start"]
    for name in ("turn", "all_task_forces_hidden"):
        _need_source(f"start.{name}", start["source"].get(name))
    tfs: dict[str, TaskForce] = {}
    for row in raw["task_force"]:
        tfs[row["id"]] = TaskForce(
            id=row["id"],
            side=row["side"],
            name=row["name"],
            zone=row.get("zone"),
            ships=MappingProxyType(dict(row["ships"])),
            carriers=tuple(row["carriers"]),
            source=_need_source(f"task_force {row['id']}", row.get("source")),
        )
    groups = tuple(
        AirGroup(
            base=row["base"],
            unit=row["unit"],
            units=row["units"],
            location=row["location"],
            zone=row.get("zone"),
            strike_group=row.get("strike_group"),
            ordnance=row.get("ordnance"),
            fuel=row.get("fuel"),
            source=_need_source(f"air_group {row['base']}/{row['unit']}", row.get("source")),
        )
        for row in raw["air_group"]
    )
    bases = {
        row["id"]: Base(
            id=row["id"],
            unit=row["unit"],
            zone=row["zone"],
            batteries=row.get("batteries", 0),
            source=_need_source(f"base {row['id']}", row.get("source")),
        )
        for row in raw["base"]
    }

    def reinf(rows: list[dict[str, Any]]) -> tuple[Reinforcement, ...]:
        out = []
        for r in sorted(rows, key=lambda r: r["order"]):
            if r["task_force"] not in tfs:
                raise DataError(f"reinforcement: unknown task force {r['task_force']}")
            out.append(
                Reinforcement(
                    r["order"], r["task_force"], r.get("available_turn"), _need_source("reinforcement", r.get("source"))
                )
            )
        return tuple(out)

    waves = tuple(
        TransportWave(r["order"], r["transports"], r["escort"], _need_source("transport_wave", r.get("source")))
        for r in sorted(raw["transport_wave"], key=lambda r: r["order"])
    )
    v = raw["victory"]
    vs = dict(v["source"])
    names = (
        "targets",
        "recommended_target",
        "tie_winner",
        "invasion_vp_per_group",
        "invasion_vp_alternative",
        "invasion_min_survivors",
    )
    for name in names:
        _need_source(f"victory.{name}", vs.get(name))
    deadline = raw["usn_reinforcement_deadline"]
    _need_source("usn_reinforcement_deadline", deadline.get("source"))
    return Setup(
        start_turn=start["turn"],
        task_forces=MappingProxyType(tfs),
        air_groups=groups,
        bases=MappingProxyType(bases),
        usn_reinforcements=reinf(raw["usn_reinforcement"]),
        usn_deadline_turn=deadline["turn"],
        ijn_reinforcements=reinf(raw["ijn_reinforcement"]),
        transport_waves=waves,
        victory=Victory(
            targets=tuple(v["targets"]),
            recommended_target=v["recommended_target"],
            tie_winner=v["tie_winner"],
            invasion_vp_per_group=v["invasion_vp_per_group"],
            invasion_vp_alternative=v["invasion_vp_alternative"],
            invasion_min_survivors=v["invasion_min_survivors"],
            sources=MappingProxyType(vs),
        ),
    )


# --------------------------------------------------------------------------------- battle board


@dataclass(frozen=True, slots=True)
class Ring:
    """[4.3 Step 2] A ring of the Battle Board; ``band`` counts from the outside (0 = attackers)."""

    id: str
    name: str
    band: int
    colour: str
    source: str


@dataclass(frozen=True, slots=True)
class Area:
    """[4.3 Step 2/3] An area of the Battle Board (HBG-R28)."""

    id: str
    ring: str
    label: str
    rolls: tuple[int, ...]
    """[Round 0] the D12 results that enter here (outer areas only)."""
    arc: tuple[int, int] | None
    neighbours: tuple[str, ...]
    """Areas of the same ring beside this one (CAP may move one area, Rounds 2-3)."""
    inward: tuple[str, ...]
    """[Round 2] [Round 3] areas one ring inward that an attacking Air Group may move into."""
    source: str


@dataclass(frozen=True, slots=True)
class Placement:
    """[4.3 Step 2] Where a kind of unit sets up ("fixed", "even", "choice", "by_air_group")."""

    what: str
    ring: str
    rule: str
    source: str


@dataclass(frozen=True, slots=True)
class BattleBoard:
    """[4.3] The Battle Board: rings, areas, the Round 0 entry roll, ship ranges by round."""

    rings: Mapping[str, Ring]
    areas: Mapping[str, Area]
    entry_roll: Mapping[int, str]
    """[Round 0] D12 result -> outer area id, or "reroll" (11-12, HBG-R29)."""
    entry_sources: Mapping[int, str]
    ship_ranges: Mapping[int, int]
    """[Ship-to-Ship] round -> deepest band within range of the enemy (E38)."""
    placement: Mapping[str, Placement]
    air_combat_placement: Mapping[str, Placement]
    target_modifiers: tuple[TargetModifier, ...]
    rounds: int
    fighters_only_rounds: int
    sources: Mapping[str, str]

    def band(self, area: str) -> int:
        return self.rings[self.areas[area].ring].band

    def entry_area(self, roll: int) -> str | None:
        """[Round 0] The outer area a bomber Air Group enters on ``roll``; None = roll again."""
        area = self.entry_roll[roll]
        return None if area == "reroll" else area

    def inward(self, area: str) -> tuple[str, ...]:
        """[Round 2] [Round 3] Areas one ring inward of ``area``."""
        return self.areas[area].inward

    def in_range(self, round_no: int, area_a: str, area_b: str) -> bool:
        """[Ship-to-Ship] Whether ships in ``area_a`` (one board) and ``area_b`` (the other) can fire."""
        limit = self.ship_ranges[round_no]
        return 1 <= self.band(area_a) <= limit and 1 <= self.band(area_b) <= limit


def _load_board(raw: dict[str, Any]) -> BattleBoard:
    rings = {
        r["id"]: Ring(r["id"], r["name"], r["band"], r["colour"], _need_source(f"ring {r['id']}", r.get("source")))
        for r in raw["ring"]
    }
    areas = {}
    for a in raw["area"]:
        arc = a.get("arc")
        areas[a["id"]] = Area(
            id=a["id"],
            ring=a["ring"],
            label=a["label"],
            rolls=tuple(a.get("rolls", ())),
            arc=(arc[0], arc[1]) if arc else None,
            neighbours=tuple(a["neighbours"]),
            inward=tuple(a["inward"]),
            source=_need_source(f"area {a['id']}", a.get("source")),
        )
    entry = {e["roll"]: e["area"] for e in raw["entry_roll"]}
    entry_sources = {e["roll"]: _need_source(f"entry_roll {e['roll']}", e.get("source")) for e in raw["entry_roll"]}
    ranges = {r["round"]: r["max_band"] for r in raw["ship_range"]}
    for r in raw["ship_range"]:
        _need_source(f"ship_range {r['round']}", r.get("source"))
    placement = {
        p["what"]: Placement(p["what"], p["ring"], p["rule"], _need_source(f"placement {p['what']}", p.get("source")))
        for p in raw["placement"]
    }
    air = {
        p["what"]: Placement(p["what"], p["ring"], "fixed", _need_source(f"air placement {p['what']}", p.get("source")))
        for p in raw["air_combat_placement"]
    }
    mods = tuple(
        TargetModifier(
            target=m["target"],
            attacks=tuple(m["attacks"]),
            to_hit=m.get("to_hit", 0),
            extra_damage=m.get("extra_damage", 0),
            condition=m["condition"],
            source=_need_source(f"target_modifier {m['target']}", m.get("source")),
        )
        for m in raw["target_modifier"]
    )
    sources = dict(raw["source"])
    for name in ("rounds", "fighters_only_rounds"):
        _need_source(f"battle_board.{name}", sources.get(name))
    return BattleBoard(
        rings=MappingProxyType(rings),
        areas=MappingProxyType(areas),
        entry_roll=MappingProxyType(entry),
        entry_sources=MappingProxyType(entry_sources),
        ship_ranges=MappingProxyType(ranges),
        placement=MappingProxyType(placement),
        air_combat_placement=MappingProxyType(air),
        target_modifiers=mods,
        rounds=raw["rounds"],
        fighters_only_rounds=raw["fighters_only_rounds"],
        sources=MappingProxyType(sources),
    )


# --------------------------------------------------------------------------------------- tokens


@dataclass(frozen=True, slots=True)
class FuelMarker:
    """[Game Components] A Fuel Status marker kind (HBG-R31)."""

    label: str
    fuel: int
    count: int
    source: str


@dataclass(frozen=True, slots=True)
class Tokens:
    """[1.2] [Game Components] Command tokens, markers, chips and dice."""

    command_tokens: Mapping[str, Mapping[str, int]]
    """side -> {"fleet_carrier": n, "midway_airfield": n}."""
    first_turn: Mapping[str, int]
    weather: int
    combat: int
    total_tokens: int
    fuel_markers: tuple[FuelMarker, ...]
    markers: Mapping[str, int]
    white_chips: int
    colour_chips: Mapping[str, int]
    dice_sides: int
    dice: Mapping[str, int]

    @property
    def max_fuel(self) -> int:
        """The largest fuel value a marker can show."""
        return max(m.fuel for m in self.fuel_markers)


def _load_tokens(raw: dict[str, Any]) -> Tokens:
    command: dict[str, dict[str, int]] = {}
    for t in raw["command_token"]:
        _need_source("command_token", t.get("source"))
        command.setdefault(t["side"], {})[t["source_of_token"]] = t["count"]
    for name in ("first_turn", "special_tokens", "dice"):
        _need_source(name, raw[name].get("source"))
    for name in raw["markers"]:
        if name != "source":
            _need_source(f"markers.{name}", raw["markers"]["source"].get(name))
    chips = raw["chips"]
    for name in ("white", "colour"):
        _need_source(f"chips.{name}", chips["source"].get(name))
    return Tokens(
        command_tokens=MappingProxyType({k: MappingProxyType(v) for k, v in command.items()}),
        first_turn=MappingProxyType({s: raw["first_turn"][s] for s in SIDES}),
        weather=raw["special_tokens"]["weather"],
        combat=raw["special_tokens"]["combat"],
        total_tokens=raw["special_tokens"]["total_tokens"],
        fuel_markers=tuple(
            FuelMarker(m["label"], m["fuel"], m["count"], _need_source("fuel_marker", m.get("source")))
            for m in raw["fuel_marker"]
        ),
        markers=MappingProxyType({k: v for k, v in raw["markers"].items() if k != "source"}),
        white_chips=chips["white"],
        colour_chips=MappingProxyType(dict(chips["colour"])),
        dice_sides=raw["dice"]["sides"],
        dice=MappingProxyType({"green": raw["dice"]["green"], "orange": raw["dice"]["orange"]}),
    )


# ------------------------------------------------------------------------------------------ all


@dataclass(frozen=True, slots=True)
class HbgData:
    """Every table of the ruleset."""

    units: Mapping[str, UnitType]
    carriers: Mapping[str, Carrier]
    map: MapData
    setup: Setup
    battle_board: BattleBoard
    tokens: Tokens

    def ordnance_to_hit(self, unit: str, attack: str, target_kind: str, *, evasive: bool = False) -> int:
        """[modifiers to combat] A bomber's modified to-hit value with ``attack`` against a target.

        Applies the unit's profile modifiers (HBG-R07) and the text's target table (evasive
        carrier -1, cruiser -1 for bombs, destroyer -2). Hits on a D12 result of this or less.
        """
        u = self.units[unit]
        base = u.bomb if attack == "bomb" else u.torpedo
        if base <= 0:
            return 0
        value = base + u.profile_modifier(attack, target_kind)
        for m in self.battle_board.target_modifiers:
            if attack not in m.attacks or m.to_hit == 0:
                continue
            if m.target == "evasive_carrier":
                if evasive and target_kind in CARRIER_KINDS:
                    value += m.to_hit
            elif m.target == "cruiser":
                if target_kind in CRUISER_KINDS:
                    value += m.to_hit
            elif m.target == target_kind:
                value += m.to_hit
        return max(value, 0)


@functools.cache
def load() -> HbgData:
    """Read every data file once (cached for the life of the process)."""
    units, carriers = _load_units(_read("units.toml"))
    return HbgData(
        units=MappingProxyType(units),
        carriers=MappingProxyType(carriers),
        map=_load_map(_read("map.toml")),
        setup=_load_setup(_read("setup.toml")),
        battle_board=_load_board(_read("battle_board.toml")),
        tokens=_load_tokens(_read("tokens.toml")),
    )


def ruling_ids() -> frozenset[str]:
    """The ruling ids defined (as headings) in RULINGS.md."""
    text = RULINGS_FILE.read_text(encoding="utf-8")
    return frozenset(re.findall(r"^#+\s*(HBG-R\d{2})\b", text, flags=re.MULTILINE))
