"""[Order of Play] "The Battle of Midway" (HistoricalBoardGaming.com): the Game and its State.

The State holds the pieces (:mod:`midway.rulesets.hbg.model`) and runs the Order of Play as a
sequence of :class:`~midway.rulesets.hbg.steps.Step` s, each implemented in the module of its
phase:

====================  =====================================================
module                steps
====================  =====================================================
``game`` (here)       1.1 Check For Victory, 4.4 Score VP, 5.5 End The Turn
``command``           1.2 tokens, 1.3 reinforcements, 1.4 op status, 1.5 spot, 1.6 land
``search``            2.1 patrols, 2.2 search and shadow rolls
``orders``            3.1 command-token draws: strikes, CAP, task forces, weather, combat token
``combat``            4.1 invasion, 4.2 CAP intercepts, 4.3 attacks on the Battle Board
``maintenance``       5.1 return to base, 5.2 burn fuel, 5.3 rearm, 5.4 clear the decks
====================  =====================================================

Shared queries and effects (who is where, stacking, losses, damage, victory points) are methods
of the State, so that every phase uses one definition of each.
"""

from __future__ import annotations

import dataclasses
import operator
from collections.abc import Iterable, Mapping
from typing import Any, ClassVar

from midway.engine import MAX_TURNS, Decision, Game, GameOption, Option, Outcome, State, TextSection
from midway.engine.chance import SeededDice
from midway.rulesets.hbg import combat, command, maintenance, orders, search, views
from midway.rulesets.hbg.model import _LOG_SET as _BIND
from midway.rulesets.hbg.model import (
    CAPITAL_UNITS,
    CARRIER_UNITS,
    DATA,
    ENEMY,
    FLEET_CARRIER_UNITS,
    SIDES,
    SITE_UNITS,
    Air,
    Base,
    Changes,
    Cup,
    Ship,
    Transports,
    new_air,
    new_ship,
)
from midway.rulesets.hbg.steps import ORDER, Step

_ShipIndex = tuple[int, dict[str, Ship], dict[Any, Any], dict[str, dict[int, list[Ship]]], Changes]
"""See :meth:`HbgState._index_ships`."""
_AirIndex = tuple[int, dict[str, Air], dict[str | None, tuple[int, list[Air]]], Changes]
"""See :meth:`HbgState._air_lists`: (``Changes.air`` when built, the Air Groups it indexes, each list with the
``Changes.moves`` of its place when built, the change record its Air Groups are bound to)."""
_NO_SHIPS: list[Ship] = []
"""No ships (the shared empty answer of :meth:`HbgState.waiting`: never changed)."""

STEPS: dict[str, Step] = {}
"""Every step of the Order of Play, by id: the phase modules' and this module's own (below the class)."""
NEXT_STEP = dict(zip(ORDER, ORDER[1:], strict=False))
_AIR_SERVICE = {k: u.air_service for k, u in DATA.units.items()}
_PLACE_OF: dict[str | None, str] = {None: "air", **{side: "air" for side in SIDES}}
"""The place (``Air.at``) of each list of the Air Group index that is not named by its place."""


_PRIVATE_KINDS = frozenset(
    {
        *("reveal", "land", "spot", "op_status", "reinforce", "rearm", "unspot", "return", "patrol", "shadow"),
        *("intercept", "invade"),
    }
)
"""HBG-R35: the questions asked only when the side holds something the enemy may not know (a hidden Task Force
under enemy aircraft at 4.3 Step 1, a carrier under Recover at 1.6, aircraft in a hangar or on a deck, patrol
aircraft, reinforcements; a CAP intercept at 4.2, offered only into zones holding the side's Task Forces, hidden
ones included; which zone the transports take at 4.1, asked only when two zones closer to Midway both hold IJN
ships): the enemy's view does not show that the side is choosing."""


_FLOATPLANE_STREAM = 0x5EA9_1A7E
"""Mixed into the game's seed for the draw of the floatplanes' ids (HBG-R64), apart from the game's dice."""


class HbgState(State):
    """A game of The Battle of Midway in progress."""

    _private_kinds = _PRIVATE_KINDS
    """HBG-R35: the enemy is not told that a side answers a question whose existence would tell it what the side
    hides (:meth:`State._public_turn`); the Command Token orders, the Squall and the battles are public."""

    # ----------------------------------------------------------------- setup
    def _setup(self) -> None:
        """[Setup of the Game] The position at dawn, June 4 (setup.toml, HBG-R22..HBG-R27)."""
        setup = DATA.setup
        self.turn = setup.start_turn
        self.step = ORDER[0]
        self.sub: dict[str, Any] = {}
        """The current step's own bookkeeping (reset when a step begins)."""
        self.next_id: dict[str, int] = {"ijn": 1, "usn": 1}
        """The next number of each side's new Air Group and Strike Group ids (:meth:`new_id`)."""
        self.ships: dict[str, Ship] = {}
        self.air: dict[str, Air] = {}
        self.bases: dict[str, Base] = {}
        self.transports: list[Transports] = []
        self.cup = Cup()
        self.squalls: list[int] = []
        self.vp = {"usn": 0, "ijn": 0}
        self.vp_pending = {"usn": 0, "ijn": 0}
        """[4.4] VP earned in this Turn's combat, added to the tracks at Score Victory Points."""
        self.losses: list[dict[str, Any]] = []
        """Every loss: side, unit, number (Air Units or 1 ship), why."""
        self.battle: dict[str, Any] | None = None
        """[4.3] the attack on the Battle Board, while one is being resolved."""
        self.airfield_ko_turn = 0
        """[1.3.2.1] the Turn the airfield took its last hit point (0: not knocked out)."""
        counters: dict[str, int] = {}
        floatplane_ships: list[tuple[str, str, int]] = []
        for tf in setup.task_forces.values():
            carriers = list(tf.carriers)
            for unit, count in tf.ships.items():
                for _ in range(count):
                    if DATA.units[unit].kind in ("carrier", "light_carrier"):
                        sid = next(c for c in carriers if DATA.carriers[c].unit == unit)
                        carriers.remove(sid)
                    else:
                        counters[unit] = counters.get(unit, 0) + 1
                        sid = f"{unit}-{counters[unit]}"
                    ship = new_ship(sid, tf.side, unit, tf.id, zone=tf.zone)
                    self.ships[sid] = ship
                    floats = DATA.units[unit].floatplanes
                    if floats:
                        floatplane_ships.append((tf.side, sid, floats))
        # HBG-R64: the floatplanes take the first ids (a1, a2, ...) in an order drawn for the game, so that an
        # enemy floatplane's id never names its cruiser, and so its Task Force (no chip shows a floatplane's
        # cruiser); drawn from a stream of the seed's own, so that the game's dice are as before
        order = SeededDice(self.seed ^ _FLOATPLANE_STREAM)
        for i in range(len(floatplane_ships) - 1, 0, -1):
            j = order.randint(0, i)
            floatplane_ships[i], floatplane_ships[j] = floatplane_ships[j], floatplane_ships[i]
        for side, sid, floats in floatplane_ships:
            self.add_air(side, "e13a", sid, floats)
        for b in setup.bases.values():
            self.bases[b.id] = Base(b.id, b.unit, b.zone, batteries=b.batteries)
        for g in setup.air_groups:
            side = DATA.carriers[g.base].side if g.base in DATA.carriers else "usn"
            air = self.add_air(side, g.unit, g.base, g.units, ordnance=g.ordnance or "")
            if g.location == "airborne":
                air.at, air.zone, air.fuel = "air", g.zone, g.fuel
                air.strike, air.mission = g.strike_group or air.id, "strike"
        if self.options["victory"] == "points":  # [Setup NOTE] no transports under Victory By Losses (M037)
            for wave in setup.transport_waves:
                self.transports.append(Transports(wave.order, wave.transports))
        # HBG-R97: the setup's pieces are numbered in one series (a1, a2, ...); from here on each side numbers
        # its own new groups, the IJN evens and the USN odds, so no id counts what the other side did
        top = max(self.next_id.values())
        self.next_id = {"ijn": top + top % 2, "usn": top + 1 - top % 2}
        for module in (command, search, orders, combat, maintenance):
            hook = getattr(module, "setup", None)
            if hook is not None:
                hook(self)
        self._step().enter(self)
        self._run()

    # ------------------------------------------------------------ the turn
    def _run(self) -> None:
        """Run the Order of Play forward to the next decision or the end of the game.

        A step whose own work has built its next decisions hands them over with ``_offer`` as its
        last act (a :func:`~midway.rulesets.hbg.shared.phased` step does): play stops there."""
        while self.result is None and self._offered is None:  # not _has_offered (a property: one call less)
            decisions = STEPS[self.step].decisions(self)
            if decisions:
                self._offer(decisions)  # built here to know where to stop: not built again
                return
            self._next_step()

    def _step(self) -> Step:
        return STEPS[self.step]

    def _next_step(self) -> None:
        following = NEXT_STEP.get(self.step)
        if following is None:  # [5.5] End The Turn: a new Turn begins at 1.1
            self.turn += 1
            following = ORDER[0]
        self.step = following
        self.sub = {}
        STEPS[following].enter(self)

    def _decisions(self) -> dict[str, Decision]:
        return STEPS[self.step].decisions(self)

    def _resolve(self, choices: Mapping[str, Option]) -> None:
        STEPS[self.step].resolve(self, choices)
        self._run()

    # ------------------------------------------------------- shared queries
    def new_id(self, prefix: str, side: str) -> str:
        """A fresh stable id for a piece of ``side``: ``prefix`` and the side's next number.

        HBG-R97: during the setup both sides take numbers in turn (one series); after it, each side its own
        (the IJN even, the USN odd), so the id of a side's new Strike Group never tells the enemy how many
        Air Groups the enemy split in its hidden hangars (the audit saw a48 instead of a47 after an IJN
        spotting)."""
        numbers = self.next_id
        n = numbers[side]
        if numbers["ijn"] == numbers["usn"]:  # the setup: one series shared by both
            numbers["ijn"] = numbers["usn"] = n + 1
        else:
            numbers[side] = n + 2
        return f"{prefix}{n}"

    def _air_log(self) -> Changes | None:
        """The change record of the Air Group index, if it indexes ``self.air`` (else None: no index to tell)."""
        index = self.__dict__.get("_air_index")
        return index[3] if index is not None and index[1] is self.air else None

    def remove_air(self, air: Air) -> None:
        """Take ``air`` out of the game's Air Groups (merged into another), the Air Group index told."""
        del self.air[air.id]
        log = self._air_log()
        if log is not None:
            log.air_removed(air)

    def add_air(self, side: str, unit: str, base: str, n: int, *, ordnance: str = "") -> Air:
        """A new Air Group record in its base's hangar."""
        air = new_air(self.new_id("a", side), side, unit, base, n, ordnance=ordnance)
        self.air[air.id] = air
        log = self._air_log()
        if log is not None:
            log.air_added(air)
        return air

    def split_air(self, air: Air, n: int) -> Air:
        """[Game Terminology: Air Group] Take ``n`` Air Units off ``air`` into a new record, same place."""
        if not 0 < n < air.n:
            raise ValueError(f"cannot split {n} of {air.n} Air Units")
        part = air.copy()  # every field copied (dataclasses.replace, faster)
        part.id, part.n = self.new_id("a", air.side), n
        self.air[part.id] = part
        log = self._air_log()
        if log is not None:
            log.air_added(part)  # a new Air Group where the old one is: that place's index list is stale
        air.n -= n
        return part

    def ships_in(self, zone: int, side: str | None = None) -> list[Ship]:
        """[Task Force] The ships afloat in ``zone`` (of ``side``), in setup order.

        A side's are read from an index by side and zone, rebuilt only when a ship of this state has moved,
        sunk or changed hands since it was built (``Changes.ships``); both sides' (seldom asked) are found
        by a scan."""
        if side is None:
            return [s for s in self.ships.values() if s.zone == zone and not s.sunk]
        index = self.__dict__.get("_ship_index")  # _ship_index_now, inlined: asked at nearly every decision
        if index is None or index[0] != index[4].ships or index[1] is not self.ships:
            index = self._index_ships()
        here = index[3][side].get(zone)
        if here is None:
            return []
        return list(here)

    def _ship_index_now(self) -> _ShipIndex:
        """The ship index, rebuilt first if a ship has moved, sunk or changed hands (``Changes.ships``)."""
        index = self.__dict__.get("_ship_index")
        if index is None or index[0] != index[4].ships or index[1] is not self.ships:
            index = self._index_ships()
        return index

    def _index_ships(self) -> _ShipIndex:
        """The ship index: (``Changes.ships`` when built, the ships it indexes, what is found from them
        later (:meth:`capital_zones`...), each side's ships afloat by zone in setup order, the change record
        its ships are bound to: this state's)."""
        by_side: dict[str, dict[int, list[Ship]]] = {side: {} for side in SIDES}
        log = Changes()
        bind = _BIND
        for s in self.ships.values():
            bind(s, log)
            zone = s.zone
            if zone is not None and not s.sunk:
                mine = by_side[s.side]
                here = mine.get(zone)
                if here is None:
                    mine[zone] = [s]
                else:
                    here.append(s)
        index: _ShipIndex = (log.ships, self.ships, {}, by_side, log)
        self._ship_index = index
        return index

    def move_ships(self, ships: list[Ship], dest: int) -> None:
        """Put ``ships`` in Sea Zone ``dest``. When they are one side's, afloat on the map, and the ship
        index is up to date, the index is patched (their lists rebuilt, the rest kept) instead of being
        built again from every ship at the next question."""
        index = self.__dict__.get("_ship_index")
        fresh = index is not None and index[0] == index[4].ships and index[1] is self.ships
        side = ships[0].side if ships else ""
        olds: set[int] = set()
        for s in ships:
            if s.zone is None or s.sunk or s.side != side:
                fresh = False
            else:
                olds.add(s.zone)
            s.zone = dest
        if not fresh or index is None:
            return
        moving = {s.id for s in ships}
        mine = dict(index[3][side])  # new lists and dicts: those already handed out stay as they were
        for zone in olds:
            left = [s for s in mine[zone] if s.id not in moving]
            if left:
                mine[zone] = left
            else:
                del mine[zone]
        rank = self._ship_rank()
        mine[dest] = sorted([*mine.get(dest, ()), *ships], key=lambda s: rank[s.id])  # setup order
        self._ship_index = (index[4].ships, self.ships, {}, {**index[3], side: mine}, index[4])

    def _ship_rank(self) -> dict[str, int]:
        """Each ship's place in setup order (ships are never added or removed: once per state)."""
        found = self.__dict__.get("_ship_ranks")
        if found is None or found[0] is not self.ships:
            found = self._ship_ranks = (self.ships, {sid: i for i, sid in enumerate(self.ships)})
        return found[1]

    def task_force_zones(self, side: str) -> list[int]:
        """[Task Force] The Sea Zones holding ``side``'s ships, in order."""
        return sorted(self.afloat_of(side))

    def afloat_of(self, side: str) -> dict[int, list[Ship]]:
        """``side``'s ships afloat on the map by Sea Zone, in setup order: the ship index's own lists (read
        them, never change them)."""
        return self._ship_index_now()[3][side]

    def capital_zones(self, side: str) -> frozenset[int]:
        """[Capital Ship] The Sea Zones holding a Capital Ship of ``side`` afloat, kept in the ship index
        (found once until a ship moves, sinks or changes hands)."""
        index = self._ship_index_now()
        found = index[2]
        key = ("capital", side)
        zones = found.get(key)
        if zones is None:
            capital = CAPITAL_UNITS
            zones = found[key] = frozenset({z for z, here in index[3][side].items() for s in here if s.unit in capital})
        return zones

    def stacking_allows(self, zone: int, side: str, adding: Iterable[Ship]) -> bool:
        """[Stacking Limit] At most 2 Capital Ships and 8 ships in a Sea Zone (transports exempt)."""
        here = self.ships_in(zone, side)
        capital = 0
        for s in here:
            if s.unit in CAPITAL_UNITS:
                capital += 1
        n = len(here)
        for s in adding:
            if s.zone != zone:
                n += 1
                if s.unit in CAPITAL_UNITS:
                    capital += 1
        return capital <= 2 and n <= 8

    def airborne(self, side: str | None = None, zone: int | None = None) -> list[Air]:
        """Air Groups on the map (of ``side``, in ``zone``), in the order of ``self.air``.

        Read from an index by place and side, kept until an Air Group of this state changes place or side,
        or one is added or removed (``Changes``)."""
        air = self._air_lists(side)
        if zone is None:
            return list(air)
        return [a for a in air if a.zone == zone]

    def air_at(self, at: str) -> list[Air]:
        """The Air Groups whose ``at`` is ``at`` ("hangar", "deck", "landed", "air", "lost"), in the
        order of ``self.air``, from the same index as :meth:`airborne`. The index's own list: read
        it, never change it (it is a snapshot: an Air Group that moves after it was read stays in it)."""
        return self._air_lists(at)

    def _air_lists(self, key: str | None) -> list[Air]:
        """One list of the Air Group index (a place, or a side's airborne: None both), built again if an
        Air Group of this state has entered or left its place, or was split or merged there (``Changes.moves``),
        and the whole index dropped if one was built or changed side (``Changes.air``); the Air Groups are
        bound to this state's change record when it is dropped."""
        index: _AirIndex | None = self.__dict__.get("_air_index")
        if index is None or index[0] != index[3].air or index[1] is not self.air:
            index = self._index_air()
        moves = index[3].moves.get(_PLACE_OF.get(key, key), 0)  # type: ignore[arg-type]
        found = index[2].get(key)
        if found is None or found[0] != moves:
            found = index[2][key] = (moves, self._air_list(key))
        return found[1]

    def _index_air(self) -> _AirIndex:
        """The Air Group index, made afresh: a new change record, every Air Group bound to it; its lists
        are made when asked."""
        log = Changes()
        bind = _BIND
        for a in self.air.values():
            bind(a, log)
        index: _AirIndex = (log.air, self.air, {}, log)
        self._air_index = index
        return index

    def _air_list(self, key: str | None) -> list[Air]:
        """One list of the Air Group index: a place ("hangar"...), or the airborne of a side (None: both)."""
        if key in SIDES:
            return [a for a in self._air_lists(None) if a.side == key]
        if key == "air":
            return self._air_lists(None)
        return [a for a in self.air.values() if a.at == ("air" if key is None else key)]

    def carriers(self, side: str | None) -> list[Ship]:
        """``side``'s carrier ships (``None``: both sides'), sunk or not, on the map or not, in setup
        order: a per-state list of the same objects for the whole game (ships are never added or
        removed)."""
        found = self.__dict__.get("_carriers")
        if found is None or found[0] is not self.ships:
            by_side: dict[str | None, list[Ship]] = {None: [], **{s: [] for s in SIDES}}
            for ship in self.ships.values():
                if ship.unit in CARRIER_UNITS:
                    by_side[ship.side].append(ship)
                    by_side[None].append(ship)
            found = self._carriers = (self.ships, by_side)
        return found[1][side]

    def site_ships(self, side: str) -> list[Ship]:
        """``side``'s ships that aircraft land on (carriers and floatplane cruisers, HBG-R46), sunk or
        not, on the map or not, in setup order: a per-state list, like :meth:`carriers`."""
        found = self.__dict__.get("_sites")
        if found is None or found[0] is not self.ships:
            by_side: dict[str, list[Ship]] = {s: [] for s in SIDES}
            for ship in self.ships.values():
                if ship.unit in SITE_UNITS:
                    by_side[ship.side].append(ship)
            found = self._sites = (self.ships, by_side)
        return found[1][side]

    def air_service(self, ship: Ship) -> int:
        """[1.5] [4.3.1] Air Units a carrier can launch or land this Turn: its Air Service less damage."""
        return max(_AIR_SERVICE[ship.unit] - ship.damage, 0)

    def carrier_capacity(self, ship: Ship) -> int:
        """[5.1] A carrier's total capacity (HBG-R03: colour chips less the one under the model)."""
        return DATA.carriers[ship.id].hangar_capacity

    def aboard(self, base: str) -> list[Air]:
        """Air Groups on a carrier or base: hangar, deck or landed."""
        return [a for a in self.air.values() if a.base == base and a.at in ("hangar", "deck", "landed")]

    def fleet_carriers(self, side: str, *, on_map: bool = False) -> list[Ship]:
        """[1.2.2] ``side``'s Fleet Carriers not sunk (on the map only, if asked)."""
        return [
            s
            for s in self.carriers(side)
            if s.unit in FLEET_CARRIER_UNITS and not s.sunk and (not on_map or s.zone is not None)
        ]

    def waiting(self, tf: str) -> list[Ship]:
        """[1.3] The ships of setup Task Force ``tf`` not sunk and off the map (waiting to enter), in setup
        order: kept in the ship index (found once for every Task Force until a ship moves, sinks or
        changes hands). The index's own list: read it, never change it."""
        found = self._ship_index_now()[2]
        by_tf = found.get("waiting")
        if by_tf is None:
            by_tf = found["waiting"] = {}
            for ship in self.ships.values():
                if ship.zone is None and not ship.sunk:
                    here = by_tf.get(ship.tf)
                    if here is None:
                        by_tf[ship.tf] = [ship]
                    else:
                        here.append(ship)
        return by_tf.get(tf, _NO_SHIPS)

    def airfield_knocked_out(self) -> bool:
        """[1.4.2] [1.3.2.2] The Midway Airfield has taken damage equal to its hit points (HBG-R38)."""
        base = self.bases["airfield"]
        return base.damage >= DATA.units[base.unit].hit_points

    def in_squall(self, zone: int | None) -> bool:
        """[3.1.3.1] Whether ``zone`` holds a Squall."""
        return zone is not None and zone in self.squalls

    # ---------------------------------------------------------------- effects
    def lose_air(self, air: Air, n: int, why: str, *, rule: str) -> None:
        """Destroy ``n`` Air Units of ``air`` (ditched, shot down, lost on deck). Scores their VP."""
        n = min(n, air.n)
        if n <= 0:
            return
        if n < air.n:
            air = self.split_air(air, n)
        air.at, air.zone, air.strike, air.mission, air.shadowing = "lost", None, "", "", ""
        self._record_loss(air.side, air.unit, n, why, rule)

    def damage_ship(self, ship: Ship, hits: int, *, rule: str) -> None:
        """[4.3] Hits on a ship; at its hit points it sinks, with every Air Unit aboard (HBG-R11)."""
        if ship.sunk or hits <= 0:
            return
        ship.damage += hits
        unit = DATA.units[ship.unit]
        self.emit(
            "damage",
            f"{self.ship_name(ship)} takes {hits} damage ({ship.damage}/{unit.hit_points})",
            rule=rule,
            data={"ship": ship.id, "hits": hits, "damage": ship.damage},
        )
        if ship.damage >= unit.hit_points:
            ship.sunk = True
            self._record_loss(ship.side, ship.unit, 1, f"{self.ship_name(ship)} sunk", rule, ship=ship.id)
            for air in self.aboard(ship.id):
                self.lose_air(air, air.n, f"lost with {self.ship_name(ship)}", rule=rule)

    def damage_base(self, base: Base, hits: int, *, rule: str) -> None:
        """[4.3.1] Hits on a Midway base; the AA Guns lose a battery per hit (HBG-R39)."""
        if hits <= 0:
            return
        unit = DATA.units[base.unit]
        if base.unit == "aa_guns":
            lost = min(hits, base.batteries)
            base.batteries -= lost
            self.emit("damage", f"Midway AA Guns lose {lost} batteries ({base.batteries} left)", rule=rule)
            if lost and base.batteries == 0:
                self._record_loss("usn", base.unit, 1, "Midway AA Guns silenced", rule)
            return
        before = base.damage
        base.damage = min(base.damage + hits, unit.hit_points)
        self.emit(
            "damage",
            f"Midway {unit.name} takes {base.damage - before} damage ({base.damage}/{unit.hit_points})",
            rule=rule,
            data={"base": base.id, "damage": base.damage},
        )
        if before < unit.hit_points <= base.damage:
            self._record_loss("usn", base.unit, 1, f"Midway {unit.name} knocked out", rule)
            if base.id == "airfield":
                self.airfield_ko_turn = self.turn

    def sink_transports(self, wave: Transports, hits: int, *, rule: str) -> None:
        """[4.3] HBG-R82: each hit on a transport wave sinks one transport; a loss recorded as every loss is
        (0 VP: the invasion scores, a lost transport does not, HBG-R16). An empty wave leaves the map."""
        k = min(hits, wave.n)
        if k <= 0:
            return
        wave.n -= k
        self._record_loss("ijn", "transport", k, f"{k} IJN transports of wave {wave.wave} sunk ({wave.n} left)", rule)
        if wave.n == 0:
            wave.zone = None

    def _record_loss(self, side: str, unit: str, n: int, why: str, rule: str, *, ship: str = "") -> None:
        """[Victory By Points] A lost unit gives its VP to the enemy, added at 4.4. HBG-R36: none under Victory By
        Losses, played "Instead of using Victory Points": the loss is recorded, worth no VP."""
        if self.options["victory"] == "points":
            vp = DATA.units[unit].vp * (1 if ship or DATA.units[unit].is_land else n)
            self.vp_pending[ENEMY[side]] += vp
        else:
            vp = 0
        self.losses.append({"side": side, "unit": unit, "n": n, "why": why, "turn": self.turn, "ship": ship})
        self.emit(
            "loss",
            f"{why}" + (f" ({vp} VP to {self.game.side_name(ENEMY[side])})" if vp else ""),
            rule=rule,
            data={"side": side, "unit": unit, "n": n, "vp": vp},
        )

    def ship_name(self, ship: Ship) -> str:
        """A ship's name in words: carriers by name, others by class and number (made once per ship)."""
        key = (ship.id, ship.unit)
        name = _SHIP_NAMES.get(key)
        if name is None:
            if ship.id in DATA.carriers:
                name = DATA.carriers[ship.id].name
            else:
                name = f"{DATA.units[ship.unit].name} {ship.id.rsplit('-', 1)[-1]}"
            _SHIP_NAMES[key] = name
        return name

    # ------------------------------------------------------ victory (1.1, 4.4)
    def check_victory(self) -> None:
        """[1.1] Check For Victory: by points (10 or 12, ties to the USN, E37) or by losses (optional)."""
        if self.options["victory"] == "points":
            target = self.options["vp_target"]
            usn, ijn = self.vp["usn"], self.vp["ijn"]
            if usn >= target or ijn >= target:
                winner = "ijn" if ijn > usn else "usn"
                self.finish(
                    Outcome(
                        winner,
                        f"{self.game.side_name(winner)} wins by points, {usn}-{ijn} (target {target})",
                        dict(self.vp),
                        kind="points",
                    )
                )
                return
        else:
            level = {side: self.loss_victory_level(side) for side in SIDES}
            best = max(level.values())
            if best:
                winner = "usn" if level["usn"] >= level["ijn"] else "ijn"
                name = {2: "Decisive", 1: "Major"}[level[winner]]
                self.finish(
                    Outcome(
                        winner,
                        f"{self.game.side_name(winner)} wins a {name} Victory By Losses",
                        self.sunk_counts(),
                        kind=f"losses-{name.lower()}",
                    )
                )
                return
        limit = self.options["max_turns"]
        if limit and self.turn > limit:
            self.finish_at_turn_limit(limit)

    def loss_victory_level(self, side: str) -> int:
        """[Victory By Losses] 2 Decisive, 1 Major, 0 none (M187-M190, HBG-R36: Decisive beats Major)."""
        if side == "usn":
            sunk = self.sunk_by_kind("ijn")
            carriers = sunk["carriers"]
            return 2 if carriers >= 4 else 1 if carriers >= 3 or sunk["capital_ships"] >= 4 else 0
        if not self.airfield_knocked_out():
            return 0
        carriers = self.sunk_by_kind("usn")["carriers"]
        return 2 if carriers >= 3 else 1 if carriers >= 2 else 0

    def sunk_by_kind(self, side: str) -> dict[str, int]:
        """[Victory By Losses] The ships ``side`` has lost: its carriers, its capital ships (carriers and battleships)
        and all its ships, the counts that decide a victory by losses (with Midway's airfield)."""
        carriers = capital = ships = 0
        for s in self.ships.values():
            if s.side == side and s.sunk:
                ships += 1
                if s.id in DATA.carriers:
                    carriers += 1
                if DATA.units[s.unit].capital:
                    capital += 1
        return {"carriers": carriers, "capital_ships": capital, "ships": ships}

    def sunk_counts(self) -> dict[str, int]:
        """Ships each side has lost."""
        return {side: sum(1 for s in self.ships.values() if s.side == side and s.sunk) for side in SIDES}

    def finish_at_turn_limit(self, limit: int) -> None:
        """[5.5] HBG-R34: the text has no turn limit; at ``max_turns`` points decide (ties to the USN),
        under Victory By Losses the game is a draw."""
        if self.options["victory"] == "points":
            usn, ijn = self.vp["usn"], self.vp["ijn"]
            winner = "ijn" if ijn > usn else "usn"
            self.finish(
                Outcome(
                    winner,
                    f"turn limit {limit}: {self.game.side_name(winner)} has more points ({usn}-{ijn}; ties to the USN)",
                    dict(self.vp),
                    kind="turn-limit",
                )
            )
        else:
            self.finish(
                Outcome(
                    None, f"turn limit {limit}: no victory by losses, a draw", self.sunk_counts(), kind="turn-limit"
                )
            )

    def score_victory_points(self) -> None:
        """[4.4] Score Victory Points: the VP earned by this Turn's losses go on the tracks. HBG-R36: nothing is
        scored or announced under Victory By Losses ("Instead of using Victory Points"; 4.4: "When using the
        Victory By Points rules")."""
        if self.options["victory"] != "points":
            return
        for side in SIDES:
            if self.vp_pending[side]:
                self.vp[side] += self.vp_pending[side]
                self.emit(
                    "vp",
                    f"{self.game.side_name(side)} scores {self.vp_pending[side]} VP (total {self.vp[side]})",
                    rule="4.4",
                    data={"side": side, "vp": self.vp_pending[side], "total": self.vp[side]},
                )
                self.vp_pending[side] = 0

    def end_turn(self) -> None:
        """[5.5] End The Turn: per-Turn marks are cleared for the next Turn."""
        for ship in self.ships.values():
            if ship.ordered:
                ship.ordered = False
        for air in self.air.values():  # set only where set: each set is a call of Air.__setattr__
            if air.ordered:
                air.ordered = False
            if air.fought:
                air.fought = False
        for base in self.bases.values():
            base.tokens_played = base.launched = base.landed = 0

    def _view(self, side: str | None) -> dict[str, Any]:
        return views.view(self, side)

    # ----------------------------------------------------------------- cloning
    _TRANSIENT: ClassVar[frozenset[str]] = frozenset(
        {
            "_memo",
            "_top",
            "_movable",
            "_ship_index",
            "_ship_ranks",
            "_air_index",
            "_carriers",
            "_sites",
            "_step_memo",
        }
    )
    """Working memory of one decision point (never part of the game): see ``State._TRANSIENT``."""

    def _clone_data(self) -> dict[str, Any]:
        """A hand-written deep copy of the game's pieces: ships, Air Groups, bases and the plain
        bookkeeping dicts are copied; strings, numbers, tuples and the loss records (never changed
        once written) are shared."""
        air_copy = _AIR_COPY
        return {
            "turn": self.turn,
            "step": self.step,
            "sub": _deep(self.sub),
            "next_id": dict(self.next_id),
            "ships": {k: v.copy() for k, v in self.ships.items()},
            "air": {k: air_copy(v) for k, v in self.air.items()},
            "bases": {k: Base(*_BASE_FIELDS(v)) for k, v in self.bases.items()},
            "transports": [Transports(*_TRANSPORT_FIELDS(t)) for t in self.transports],
            "cup": Cup(
                list(self.cup.tokens), list(self.cup.later), self.cup.drawer, self.cup.drawn, list(self.cup.played)
            ),
            "squalls": list(self.squalls),
            "vp": dict(self.vp),
            "vp_pending": dict(self.vp_pending),
            "losses": list(self.losses),
            "battle": None if self.battle is None else _deep(self.battle),
            "airfield_ko_turn": self.airfield_ko_turn,
            "landing_target": dict(self.landing_target),
            "must_recover": dict(self.must_recover),
        }


_SHIP_NAMES: dict[tuple[str, str], str] = {}
"""Ship names by (id, unit): a ship's name never changes."""


def _fields(cls: type) -> Any:
    return operator.attrgetter(*(f.name for f in dataclasses.fields(cls)))


_BASE_FIELDS, _TRANSPORT_FIELDS = _fields(Base), _fields(Transports)


_AIR_COPY = Air.copy


def _deep(value: Any) -> Any:
    """A copy of plain bookkeeping data (dicts, lists, sets of strings and numbers)."""
    kind = type(value)
    if kind is dict:
        return {k: _deep(v) for k, v in value.items()}
    if kind is list:
        return [_deep(v) for v in value]
    if kind is set:
        return set(value)
    return value


def _check_victory(st: HbgState) -> None:
    """[1.1] Check For Victory, then announce the Turn."""
    st.check_victory()
    if st.result is None:
        st.emit("turn", f"Turn {st.turn}", rule="1.1", data={"turn": st.turn})


for _module in (command, search, orders, combat, maintenance):
    STEPS.update(_module.STEPS)
STEPS.update(
    {
        "1.1": Step("1.1", enter=_check_victory),
        "4.4": Step("4.4", enter=HbgState.score_victory_points),
        "5.5": Step("5.5", enter=HbgState.end_turn),
    }
)
assert set(STEPS) == set(ORDER), "every step of the Order of Play is declared once"


class HbgGame(Game):
    """The Battle of Midway (HistoricalBoardGaming.com)."""

    id = "hbg"
    title = "The Battle of Midway"
    version = "0.5"
    """0.3: HBG-R45, unarmed bombers wait for 5.3 (only the patrol bomber spots unarmed).
    0.4: HBG-R78, carrier CAP follows its Task Force out of Midway's zone too; HBG-R95, a damaged carrier launches
    no more than its Air Service a Turn, and an out-of-fuel Strike Group cannot be joined; HBG-R73, Strike Groups
    join by the Task Force their carriers form now (one Sea Zone), not the one they were set up in.
    0.5: HBG-R81, in air-only combat CAP facing enemy bombers attacks them (before any fighters-only combat), and
    fighters alone make no attack on a board without defending aircraft when both sides have sea or land units;
    HBG-R78, Midway's CAP follows its ships out of a zone left with no Capital Ship or base, ordered or not, and CAP
    out of fuel (a carrier's or Midway's) stays when its ships sail; HBG-R96, a Strike Group runs out of fuel as one
    at Burn Fuel (a B-17 flying with F4Fs included), and a B-17 joining a Strike Group never lowers its fuel;
    HBG-R64, the enemy never sees which cruiser a floatplane flies from, nor does its id name it; HBG-R97, new Air
    Group and Strike Group ids numbered per side; HBG-R35, a simultaneous step's decisions say so even when one side
    alone is asked, the 4.2 CAP intercept and the 4.1 transport route are private questions, and the enemy's view
    names no step while only the side answers one; HBG-R65, a side whose token is drawn is asked even when it can
    only pass; HBG-R79, a reinforcement Task Force entering beside located ships of its side is located; HBG-R95, a
    carrier's patrol bomber counts against its Air Service for the Turn; HBG-R82, sunk transports are recorded
    losses; HBG-R98, fleets that meet (a move in 3.1, an entry in 1.3) are revealed at once, not only at 4.3;
    HBG-R99 records that a knocked-out Airfield lands one and launches one Air Unit a Turn (no change); HBG-R65, the
    views name the current Turn's drawer from its first step; HBG-R85, what is done in Round 3 of an attack is
    labelled "4.3 Round 3"; HBG-R36, Victory By Losses scores and announces no VP, and the views show each side's
    ships sunk and Midway's airfield instead of the VP tracks; HBG-R35, an enemy airborne Air Group shows its fuel
    marker (fuel, out of fuel) and its Strike Group; HBG-R73, the options to move, join or send on CAP a Strike
    Group name it and its make-up with its fuel, and the map's table shows each group's fuel marker, ordnance and
    home."""
    sides = SIDES
    side_names = {"usn": "United States Navy", "ijn": "Imperial Japanese Navy"}
    description = (
        "HistoricalBoardGaming.com's Battle of Midway: sea zones, hidden task forces, command tokens "
        "drawn blind from a cup, patrols and shadowing, squalls, CAP and battle boards (D12)."
    )
    options = (
        GameOption(
            "victory",
            "points",
            "Victory By Points (standard) or Victory By Losses (optional rule)",
            choices=("points", "losses"),
            rule="Victory By Points; Victory By Losses",
        ),
        GameOption(
            "vp_target", 12, "Victory Points to win (12 recommended)", choices=(10, 12), rule="Victory By Points"
        ),
        GameOption("max_turns", 24, "turn limit (the text has none; 0: none)", rule="HBG-R34", maximum=MAX_TURNS),
        GameOption(
            "invasion_vp",
            DATA.setup.victory.invasion_vp_per_group,
            "VP per transport group landing at Midway (4.4 says 4, the 1.3.2 box says 2)",
            choices=(4, 2),
            rule="HBG-R32",
        ),
    )
    state_class = HbgState

    def render(self, view: Mapping[str, Any]) -> list[TextSection]:
        return views.render(self, view)

    def statistics(self, state: State) -> dict[str, float]:
        """Turns, VP (under Victory By Points only, HBG-R36), and ships and carriers sunk per side."""
        assert isinstance(state, HbgState)
        completed = state.turn - 1 if state.step == "1.1" else state.turn  # ended at 1.1: that Turn never ran
        out: dict[str, float] = {"turns": completed}
        points = state.options["victory"] == "points"
        for side in SIDES:
            if points:
                out[f"{side} vp"] = state.vp[side]
            out[f"{side} carriers sunk"] = sum(
                1 for s in state.ships.values() if s.side == side and s.sunk and s.id in DATA.carriers
            )
            out[f"{side} ships sunk"] = sum(1 for s in state.ships.values() if s.side == side and s.sunk)
            out[f"{side} air units lost"] = sum(
                x["n"] for x in state.losses if x["side"] == side and DATA.units[x["unit"]].is_air
            )
        return out


GAME = HbgGame()
