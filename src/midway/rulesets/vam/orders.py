"""[Phase 1] movement, entry and exit, the Midway raid declaration, Kure, and the searches.

Each side's phase-1 order is a menu: ``mv`` (move a ship or every movable ship of a hex), ``en``
(Japanese entry by column A), ``se`` (an air search), ``mr`` (an aircraft for the Midway raid),
``ku`` (build the Kure base), ``done``. Unordered ships keep their course (the direction of their
last ordered move) when they may move, else stay (VAM-R20). The aircraft offered for the Midway raid and the
scouts fly from where their carriers end the moves given so far, and once one has a mission the carriers' moves
are closed for the phase (moves first, VAM-R48). The umpire then moves every ship, runs the automatic searches
and the ordered ones, and tells each side what it found and that it was found.
"""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING

from midway.engine import Decision, Option
from midway.rulesets.vam.data import DATA, ENEMY, SIDES, covered, cube, distance, is_edge, name, split, unit_label

if TYPE_CHECKING:
    from midway.rulesets.vam.game import VamState

    _Base = VamState
else:
    _Base = object

_AIR_BASE_UNITS = {
    side: tuple(uid for uid, d in DATA.units.items() if d.side == side and d.capacity > 0) for side in SIDES
}
"""[Capacité d'embarquement] Each side's units that can carry aircraft (a capacity in the unit data, M104), in the
data's order."""
_AIR_BASE_SET = frozenset(uid for units in _AIR_BASE_UNITS.values() for uid in units)
"""[Phase 1] The ships whose moves decide where aircraft fly from: once a side has given an aircraft a mission in
phase 1, their moves are closed for the phase (VAM-R48)."""


def reaches(base_hex: str, target: str, back: int, total_range: int) -> bool:
    """[Rayon d'action] Out from ``base_hex`` to ``target`` and ``back`` home (:meth:`Orders.return_leg`) within
    the aircraft's total range (M057)."""
    return distance(base_hex, target) + back <= total_range


def _from_cube(x: int, z: int) -> str | None:
    """[Carte] Cube coordinates back to a hex name, or None off the map."""
    col = x
    row = z + (x - (x & 1)) // 2
    if 0 <= col < len(DATA.columns) and 0 <= row < DATA.rows:
        return name(col, row)
    return None


def step_along(hex_: str, course: tuple[int, int, int]) -> str | None:
    """[Mouvements navals] The next hex along a course (VAM-R20)."""
    x, _, z = cube(hex_)
    return _from_cube(x + course[0], z + course[2])


def course_of(a: str, b: str) -> tuple[int, int, int]:
    """[Mouvements navals] The course from one hex to the next (VAM-R20)."""
    ax, ay, az = cube(a)
    bx, by, bz = cube(b)
    return (bx - ax, by - ay, bz - az)


def kure_end_of_turn(state: VamState) -> None:
    """[Transports d'hydravions japonais] the base closes for good when ST11 dies or leaves Kure (M146): checked
    once the phase-1 moves are carried out, before the searches (VAM-R52), and at the end of the turn."""
    k = state.kure
    if k["start"] is None or k["closed"]:
        return
    st = state.u["st11"]
    if st["st"] != "map" or st["hex"] != DATA.kure:
        k["closed"] = True
        state.emit(
            "kure",
            "La base d'hydravions de Kure est fermée définitivement",
            rule="Transports d'hydravions japonais",
            to=("ijn",),
        )


class Orders(_Base):
    # --------------------------------------------------------------- queries
    def may_move(self, uid: str) -> bool:
        """[Mouvements navals] a 1/n ship moves if it has not moved in the last n-1 turns (M034, M035, C-20)."""
        r = self.u[uid]
        return (
            r["st"] == "map" and r["lv"] > 0 and not r["locked"] and self.turn - r["last"] >= DATA.units[uid].type.move
        )

    def may_enter(self, uid: str) -> bool:
        """[Entrée sur la carte] waiting Japanese ships, whatever their speed (VAM-R56: the 1/3 of the transports
        enters as the text's 1/2 does, at a factor of 1); group 13 only from max(S+5, 13) (M041, M042, C-21)."""
        r = self.u[uid]
        if r["st"] != "wait":
            return False
        if DATA.units[uid].group == 13:
            g = DATA.rules["group13"]
            if self.spotted is None:
                return False
            return self.turn >= max(self.spotted + int(g["delay_after_spotting"]), int(g["earliest_turn"]))
        return True

    def entry_hexes(self, uid: str) -> tuple[str, ...]:
        """[Entrée sur la carte] Column A, or A1-A4 for group 13 (M039, M042)."""
        if DATA.units[uid].group == 13:
            return DATA.group13_entry
        return tuple(f"A{r}" for r in range(1, DATA.rows + 1))

    def may_exit(self, uid: str) -> bool:
        """[Sortie de la carte] edge hexes of columns A-F (Japanese) or G-L (American) (M043)."""
        h = self.u[uid]["hex"]
        return is_edge(h) and h[0] in DATA.exit_columns[DATA.units[uid].side]

    def kure_operational(self) -> bool:
        """[Transports d'hydravions japonais] operational 3 turns after the declaration (M145, C-22)."""
        k = self.kure
        return k["start"] is not None and not k["closed"] and self.turn >= k["start"] + int(DATA.rules["kure"]["delay"])

    def st11_may_reach_kure(self) -> bool:
        """[Transports d'hydravions japonais] M145, VAM-R53: whether ST11 ends this phase's moves at Kure (G6) or
        may still be ordered there: it plans to be in G6 (``planned_hex``, VAM-R48), or it has no move order yet,
        may move this turn (its 1/2 speed, M035) and stands next to Kure or on it."""
        st = self.u["st11"]
        if st["st"] != "map":
            return False
        if self.planned_hex("st11") == DATA.kure:
            return True
        return "st11" not in self.orders["ijn"]["mv"] and self.may_move("st11") and distance(st["hex"], DATA.kure) <= 1

    def kure_searches(self) -> bool:
        """[Transports d'hydravions japonais] Whether the Kure base searches this turn (M146, M147, VAM-R52): it is
        operational and ST11 stays at Kure through the phase's moves (its planned hex, VAM-R48); a base whose ST11
        sails away this turn is closed before the searches resolve."""
        return self.kure_operational() and self.planned_hex("st11") == DATA.kure

    def search_counts(self, side: str) -> dict[str, int]:
        """[Recherches aériennes] The chosen air searches a side may still order this turn (VAM-R09), none at night
        (M050)."""
        if self.night:
            return {}
        out: dict[str, int] = {}
        for key, s in DATA.searches.items():
            if s.automatic or s.side != side or s.origin in ("carrier", "ship"):
                continue
            if key == "midway_long":
                n = 0 if self.midway["closed"] else self.midway["long"]
            elif key == "midway_short":
                n = 0 if self.midway["closed"] else self.midway["short"]
            elif key == "kure_area":  # VAM-R52: none once ST11's phase-1 move takes it off Kure (VAM-R48)
                n = (s.count if self.u["st11"]["lv"] >= 2 else 1) if self.kure_searches() else 0
            else:
                n = s.count
            used = sum(1 for o in self.orders[side].get("se", []) if o[0] == key)
            if n - used > 0:
                out[key] = n - used
        return out

    def search_origin(self, key: str) -> str:
        """[Recherches aériennes] Where a search type starts from (VAM-R09)."""
        s = DATA.searches[key]
        if s.origin == "midway":
            return DATA.midway
        if s.origin == "kure":
            return DATA.kure
        return s.origin

    def committed(self, side: str) -> set[str]:
        """[Déclaration des raids] Aircraft of ``side`` already given a mission this turn; once the Midway raid
        is called off its fighters are free again, its bombers and torpedo planes are not (M061)."""
        o = self.orders[side]
        out = {a for a in o.get("mr", []) if not (o.get("cancel") and self.code(a) == "F")}
        out |= {x[2] for x in o.get("se", []) if x[2]}
        for raid in o.get("rd", []):
            out |= set(raid[1])
        return out

    def can_fly(self, aid: str) -> bool:
        """[Raids aériens] only aircraft ready at the start of the turn fly (M056), never from a carrier in fog
        (M143) or a damaged one (M090)."""
        r = self.u[aid]
        if r["st"] != "deck" or not r["ready"] or r["lv"] <= 0:
            return False
        base = r["base"]
        if base == "midway":
            return not self.midway["closed"]
        br = self.u[base]
        return br["st"] == "map" and not br["dmg"] and not self.in_fog(br["hex"])

    def lands_only_at_midway(self, aid: str) -> bool:
        """[Récupération des avions] « Les avions basés au départ du jeu à Midway ne peuvent pas atterrir sur un
        porte-avions, exception faite des torpilleurs Avenger » (M100): an aircraft based at Midway at the start,
        other than the Avenger (T), lands only at Midway."""
        return bool(self.u[aid].get("mid")) and self.code(aid) != "T"

    def return_leg(self, side: str, target: str, midway_only: bool = False) -> int:
        """[Rayon d'action] The shortest way home from ``target`` to any of the side's bases with room (M057,
        VAM-R17); ``midway_only`` for the aircraft that may land nowhere else (:meth:`lands_only_at_midway`, M100):
        only Midway counts, a carrier is no way home for them."""
        if midway_only:
            return distance(target, DATA.midway) if self.capacity("midway") > 0 else 99
        best = 99
        for base in self.bases(side):
            h = self.base_hex(base)
            if h is not None and self.capacity(base) > 0:
                best = min(best, distance(target, h))
        return best

    # ------------------------------------------------ phase 1: where the ships end
    def planned_hex(self, uid: str) -> str | None:
        """[Phase 1] Where ship ``uid`` stands once the umpire carries out its side's phase-1 orders given so far
        (M020, VAM-R48): the hex it enters by, its ordered move, the next hex on its course when unordered
        (VAM-R20), or where it is; None when it leaves the map or is not on it. :meth:`_close_p1` moves every ship
        to this hex. Outside phase 1, where it is."""
        r = self.u[uid]
        st = r["st"]
        if self.step != "p1":
            return r["hex"] if st == "map" else None
        o = self.orders[DATA.units[uid].side]
        if st == "wait":
            return o["en"].get(uid)  # type: ignore[no-any-return]
        if st != "map":
            return None
        order = o["mv"].get(uid)
        if order is None:
            if r["course"] is not None and self.may_move(uid):
                nxt = step_along(r["hex"], tuple(r["course"]))
                if nxt is not None:
                    return nxt
            return r["hex"]  # type: ignore[no-any-return]
        if order == "exit":
            return None
        return r["hex"] if order == "stay" else order  # type: ignore[no-any-return]

    def _p1_launch_hexes(self, side: str) -> dict[str, str]:
        """[Phase 1] The bases of ``side`` its aircraft may take off from this turn, each with the hex it takes off
        from: where the carrier ends this phase's moves (:meth:`planned_hex`), afloat, undamaged (M090) and out of
        the fog (M143); Midway while open. "Exemple d'un tour": the Soryu is led to F6 « lors de ses mouvements »
        and raids from there (E06, VAM-R48)."""
        out: dict[str, str] = {}
        if side == "usn" and not self.midway["closed"]:
            out["midway"] = DATA.midway
        u = self.u
        for base in _AIR_BASE_UNITS[side]:
            if u[base]["st"] not in ("map", "wait") or u[base]["dmg"]:
                continue
            h = self.planned_hex(base)
            if h is not None and not self.in_fog(h):
                out[base] = h
        return out

    def _p1_return_leg(self, side: str, target: str) -> int:
        """[Rayon d'action] :meth:`return_leg` in phase 1, from where the side's carriers end this phase's moves
        (M057, VAM-R17, VAM-R48)."""
        best = 99
        if side == "usn" and self.capacity("midway") > 0:
            best = distance(target, DATA.midway)
        u = self.u
        for base in _AIR_BASE_UNITS[side]:
            if u[base]["st"] not in ("map", "wait") or u[base]["dmg"]:
                continue
            h = self.planned_hex(base)
            if h is not None:
                best = min(best, distance(target, h))
        return best

    def _p1_flyable(self, side: str) -> list[tuple[str, str, int]]:
        """[Phase 1] :meth:`_find_flyable` from where the bases end this phase's moves (:meth:`_p1_launch_hexes`,
        M056, VAM-R48)."""
        where = self._p1_launch_hexes(side)
        if not where:
            return []
        out = []
        for a, r in self.u.items():
            if r.get("st") == "deck" and r["ready"] and r["lv"] > 0 and r["base"] in where and self.side_of(a) == side:
                out.append((a, where[r["base"]], DATA.units[self.d(a).id].type.range))
        return out

    def air_ordered(self, side: str) -> bool:
        """[Phase 1] VAM-R48: whether ``side`` has given an aircraft a mission this phase (a Midway raider or a
        carrier scout); from then on its carriers' moves are closed, so that the aircraft offered, found from where
        the carriers end, stay in range."""
        o = self.orders[side]
        return bool(o["mr"]) or any(x[2] for x in o["se"])

    def bases(self, side: str) -> list[str]:
        """[Récupération des avions] A side's air bases: its carriers on the map, and Midway for the US."""
        u = self.u
        out = [uid for uid in _AIR_BASE_UNITS[side] if u[uid]["st"] == "map"]
        if side == "usn":
            out.append("midway")
        return out

    def in_range(self, aid: str, target: str, back: int | None = None) -> bool:
        """[Rayon d'action] out and back within the aircraft's total range (M057, VAM-R17). ``back`` is
        :meth:`return_leg` of the aircraft's side to ``target`` when the caller has it already (it is the same
        for every aircraft of a side but Midway's, which come back only to Midway, M100)."""
        h = self.base_hex(self.u[aid]["base"])
        if h is None:
            return False
        if self.lands_only_at_midway(aid):  # M100, VAM-R17: only Midway is a way home (``back`` does not apply)
            back = self.return_leg(self.side_of(aid), target, midway_only=True)
        elif back is None:
            back = self.return_leg(self.side_of(aid), target)
        return reaches(h, target, back, DATA.units[self.d(aid).id].type.range)

    def _flyable(self, side: str) -> list[tuple[str, str, int]]:
        """[Raids aériens] The aircraft of ``side`` that may fly this turn (M056), with their base's hex and total
        range. Nothing on the map changes while the raids are declared (the umpire launches them when phase 2
        closes), so in phase 2 they are found once: working memory of this turn's ``orders``
        (``VamState._TRANSIENT``), as :meth:`_p1_pool` does for phase 1."""
        if self.step != "p2":
            return self._find_flyable(side)
        table = self.working_memory("_orders_memo", self.orders)
        key = ("p2", side)
        pool = table.get(key)
        if pool is None:
            pool = table[key] = self._find_flyable(side)
        return pool  # type: ignore[no-any-return]

    def _find_flyable(self, side: str) -> list[tuple[str, str, int]]:
        """[Raids aériens] :meth:`_flyable`, found afresh from the pieces (M056, M143, M090)."""
        out = []
        for a, r in self.u.items():
            if r.get("st") == "deck" and self.side_of(a) == side and self.can_fly(a):
                h = self.base_hex(r["base"])
                if h is not None:
                    out.append((a, h, DATA.units[self.d(a).id].type.range))
        return out

    def midway_raid_candidates(self, side: str) -> list[str]:
        """[Déclaration des raids] Japan's Midway raid; the US only once Japanese troops are ashore (M060, M062)."""
        return self._untaken(side, "mr")

    def _untaken(self, side: str, head: str) -> list[str]:
        """The aircraft of :meth:`_p1_pool` ``head`` (found afresh outside phase 1) not yet given a mission."""
        pool = self._p1_pool(side, head) if self.step == "p1" else _POOLS[head](self, side)
        if not pool:
            return []
        taken = self.committed(side)
        return [aid for aid in pool if aid not in taken]

    def _raiders(self, side: str) -> list[str]:
        """[Déclaration des raids] The aircraft of ``side`` that could fly the Midway raid and come back, given a
        mission or not (M057, M060), from where their carriers end this phase's moves (E06, VAM-R48)."""
        if self.night:
            return []
        if side == "usn" and not self.ashore("ijn"):
            return []
        if self.step == "p1":
            pool, back = self._p1_flyable(side), self._p1_return_leg(side, DATA.midway)
        else:
            pool, back = self._flyable(side), self.return_leg(side, DATA.midway)
        return [
            a
            for a, h, total in pool
            if reaches(h, DATA.midway, back, total) and not (side == "usn" and self.u[a]["base"] == "midway")
        ]

    def scout_candidates(self, side: str) -> list[str]:
        """[Recherches aériennes] VAM-R09: the combat-aircraft search, a ready dive bomber unit of a carrier (M050)."""
        return self._untaken(side, "se")

    def _scouts(self, side: str) -> list[str]:
        """The ready carrier dive bombers of ``side``, given a mission or not; in phase 1 from where their carriers
        end this phase's moves, never from a carrier there in fog (M050, M143, VAM-R48)."""
        if self.night:
            return []
        if self.step == "p1":
            return [a for a, _h, _t in self._p1_flyable(side) if self.u[a]["base"] != "midway" and self.code(a) == "D"]
        return [
            aid
            for aid, r in self.u.items()
            if r.get("st") == "deck"
            and r["base"] != "midway"
            and self.side_of(aid) == side
            and self.code(aid) == "D"
            and self.can_fly(aid)
        ]

    def _p1_pool(self, side: str, head: str) -> list[str]:
        """[Phase 1] What the order menu of ``side`` offers under ``head`` before its own orders are taken off:
        ships that may move ("mv") or enter ("en"), scouts ("se"), Midway raiders ("mr").

        Nothing on the map changes while the orders are given (the umpire carries them out when phase 1
        closes, M020), so each is found once per state of the side's orders it depends on: the scouts and raiders
        on its moves and entries (they fly from where the carriers end, VAM-R48; moves are only ever added in a
        phase, so their count tells), the ships on whether an aircraft has a mission (it closes the carriers'
        moves). Working memory kept for this phase's ``orders`` object alone, never serialized or cloned
        (``VamState._TRANSIENT``), dropped by ``forget_decisions``."""
        table = self.working_memory("_orders_memo", self.orders)
        key = (side, head)
        if head in ("mr", "se"):
            o = self.orders[side]
            stamp: object = (len(o["mv"]), len(o["en"]))
        else:
            stamp = self.air_ordered(side)
        hit = table.get(key)
        if hit is None or hit[0] != stamp:
            hit = table[key] = (stamp, _POOLS[head](self, side))
        return hit[1]  # type: ignore[no-any-return]

    def _movable(self, side: str) -> list[str]:
        """[Mouvements navals] The ships of ``side`` that may move this turn, ordered or not (M034); in phase 1 not
        the carriers once an aircraft has a mission (VAM-R48)."""
        frozen = self.step == "p1" and self.air_ordered(side)
        return [uid for uid in self.own_ships(side) if self.may_move(uid) and not (frozen and uid in _AIR_BASE_SET)]

    def _enterable(self, side: str) -> list[str]:
        """[Entrée sur la carte] The waiting ships of ``side`` that may enter this turn, ordered or not (M041); in
        phase 1 not the carriers once an aircraft has a mission (VAM-R48)."""
        u = self.u
        frozen = self.step == "p1" and self.air_ordered(side)
        return [
            uid
            for uid, d in DATA.units.items()
            if "st" in u[uid] and d.side == side and self.may_enter(uid) and not (frozen and uid in _AIR_BASE_SET)
        ]

    # --------------------------------------------------------------- phase 1
    def _enter_p1(self) -> None:
        """[Phase 1] both sides give their orders (M020)."""
        self.orders = {s: {"mv": {}, "en": {}, "se": [], "mr": [], "ku": False} for s in SIDES}
        self.open = {s: True for s in SIDES}

    def _why_not(self, side: str, decision: Decision, option_id: str) -> tuple[str, str] | None:
        """[Phase 1] The rule that keeps an order off the phase-1 menu, named when it is typed anyway (the menu's
        own rule is "Mouvements navals"); ``None`` elsewhere."""
        if self.step != "p1" or self.menu[side] or decision.kind != "orders":
            return None
        if option_id == "mr" and side == "usn" and not self.ashore("ijn"):
            return "the US raids Midway only once Japanese troops are ashore", "Déclaration des raids / VAM-R37"
        if option_id == "mr":
            return "no aircraft may fly the raid on Midway and come back now", "Déclaration des raids / M057"
        if option_id == "en" and side == "usn":
            return "only Japanese ships enter the map, by column A", "Entrée sur la carte"
        if option_id == "ku":
            if side == "usn":
                return "only Japan builds the Kure seaplane base", "Transports d'hydravions japonais"
            return "ST11 cannot build the Kure base now", "Transports d'hydravions japonais / VAM-R53"
        return None

    def _dec_p1(self, side: str) -> Decision | None:
        """[Phase 1] The phase-1 order menu and its sub-menus (M020)."""
        menu = self.menu[side]
        o = self.orders[side]
        rule = "Mouvements navals"
        if not menu:
            opts = [Option("done", "Terminer les ordres (les navires non commandés gardent leur cap ou restent)")]
            if any(uid not in o["mv"] for uid in self._p1_pool(side, "mv")):
                opts.append(Option("mv", "Déplacer des navires"))
            if side == "ijn" and any(uid not in o["en"] for uid in self._p1_pool(side, "en")):
                opts.append(Option("en", "Faire entrer des navires par la colonne A"))
            if self.search_counts(side) or self.scout_candidates(side):
                opts.append(Option("se", "Ordonner une recherche aérienne"))
            if self.midway_raid_candidates(side):
                opts.append(Option("mr", "Affecter un avion au raid sur Midway"))
            if side == "ijn" and self.kure["start"] is None and not o["ku"] and self.st11_may_reach_kure():
                opts.append(Option("ku", "Construire la base d'hydravions de Kure (ST11)"))
            prompt = f"Tour {self.turn}, phase 1 : ordres (ou tapés : A1 -> B1; Kaga -> A2; done)"
            return self.decide(side, prompt, rule, opts, kind="orders")
        head = menu[0]
        if head == "mv":
            if len(menu) == 1:
                movable = [uid for uid in self._p1_pool(side, "mv") if uid not in o["mv"]]
                opts = []
                hexes: dict[str, int] = {}
                for uid in movable:
                    hexes[self.u[uid]["hex"]] = hexes.get(self.u[uid]["hex"], 0) + 1
                for h, n in sorted(hexes.items()):
                    if n > 1:
                        opts.append(Option(f"g:{h}", lambda h=h, n=n: f"Tous les navires déplaçables en {h} ({n})"))
                for uid in movable:
                    r = self.u[uid]
                    opts.append(
                        Option(f"s:{uid}", lambda uid=uid, lv=r["lv"], h=r["hex"]: f"{unit_label(uid, lv)} en {h}")
                    )
                return self.decide(side, "Quels navires ?", rule, opts, kind="orders")
            subject = menu[1]
            uid = subject[2:] if subject.startswith("s:") else None
            here = self.u[uid]["hex"] if uid else subject[2:]
            opts = [Option("stay", "Rester (et perdre le cap)")]
            opts += [Option(f"to:{n}", f"-> {n}", {"hex": n}) for n in DATA.neighbours[here]]
            if uid and self.may_exit(uid):
                opts.append(Option("exit", "Quitter la carte (définitif)"))
            return self.decide(side, f"{subject[2:]} : vers quel hexagone ?", rule, opts, kind="orders")
        if head == "en":
            waiting = [uid for uid in self._p1_pool(side, "en") if uid not in o["en"]]
            if len(menu) == 1:
                opts = []
                groups = sorted({DATA.units[uid].group for uid in waiting})
                for g in groups:
                    opts.append(Option(f"g:{g}", f"Groupe {g}"))
                for uid in waiting:
                    opts.append(
                        Option(
                            f"s:{uid}",
                            lambda uid=uid, lv=self.u[uid]["lv"]: (
                                f"{unit_label(uid, lv)} (groupe {DATA.units[uid].group})"
                            ),
                        )
                    )
                return self.decide(side, "Qui entre ?", "Entrée sur la carte", opts, kind="orders")
            subject = menu[1]
            if subject.startswith("g:"):
                g = int(subject[2:])
                first = next(uid for uid in waiting if DATA.units[uid].group == g)
            else:
                first = subject[2:]
            opts = [Option(f"to:{h}", f"Entrer en {h}", {"hex": h}) for h in self.entry_hexes(first)]
            return self.decide(side, "Par quel hexagone ?", "Entrée sur la carte", opts, kind="orders")
        if head == "se":
            rule = "Recherches aériennes"
            if len(menu) == 1:
                opts = [
                    Option(f"k:{k}", lambda k=k, n=n: f"{DATA.searches[k].name} ({n} restante(s))")
                    for k, n in self.search_counts(side).items()
                ]
                if self.scout_candidates(side):
                    opts.append(Option("scout", "Éclaireurs embarqués (un bombardier prêt)"))
                return self.decide(side, "Quelle recherche ?", rule, opts, kind="orders")
            if menu[1] == "scout":
                if len(menu) == 2:
                    scouts = self.scout_candidates(side)
                    opts = [Option(f"a:{a}", partial(unit_label, a, self.u[a]["lv"])) for a in scouts]
                    return self.decide(side, "Quel avion ?", rule, opts, kind="orders")
                aid = menu[2][2:]
                h = self.planned_hex(self.u[aid]["base"])  # from where the carrier ends its move (VAM-R48)
                assert h is not None
                reach = DATA.units[aid].type.range // 2
                targets = [t for t in DATA.hexes if distance(h, t) <= reach]
            else:
                key = menu[1][2:]
                origin = self.search_origin(key)
                targets = [t for t in DATA.hexes if distance(origin, t) <= DATA.searches[key].reach]
            opts = [Option(f"to:{t}", f"Recherche centrée sur {t}", {"hex": t}) for t in targets]
            return self.decide(side, "Centrée sur quel hexagone ?", rule, opts, kind="orders")
        if head == "mr":
            opts = [
                Option(f"a:{a}", lambda a=a, lv=self.u[a]["lv"], b=self.u[a]["base"]: f"{unit_label(a, lv)} ({b})")
                for a in self.midway_raid_candidates(side)
            ]
            return self.decide(
                side, "Quel avion pour le raid sur Midway ?", "Déclaration des raids", opts, kind="orders"
            )
        raise AssertionError(menu)

    def _apply_p1(self, side: str, option: Option) -> None:
        """[Phase 1] Record one step of the phase-1 order."""
        oid = option.id
        menu = self.menu[side]
        o = self.orders[side]
        if not menu:
            if oid == "done":
                self.open[side] = False
            elif oid == "ku":
                o["ku"] = True
            else:
                self.menu[side] = (oid,)
            return
        head = menu[0]
        if head == "mv":
            if len(menu) == 1:
                self.menu[side] = (head, oid)
                return
            subject = menu[1]
            if subject.startswith("g:"):
                pool = self._p1_pool(side, "mv")  # not the carriers once an aircraft has a mission (VAM-R48)
                ships = [u for u in pool if self.u[u]["hex"] == subject[2:] and u not in o["mv"]]
            else:
                ships = [subject[2:]]
            for uid in ships:
                o["mv"][uid] = "exit" if oid == "exit" else ("stay" if oid == "stay" else oid[3:])
            self.menu[side] = ()
            return
        if head == "en":
            if len(menu) == 1:
                self.menu[side] = (head, oid)
                return
            subject = menu[1]
            if subject.startswith("g:"):
                g = int(subject[2:])
                ships = [uid for uid in self._p1_pool(side, "en") if DATA.units[uid].group == g and uid not in o["en"]]
            else:
                ships = [subject[2:]]
            for uid in ships:
                o["en"][uid] = oid[3:]
            self.menu[side] = ()
            return
        if head == "se":
            if menu[1:2] == ("scout",) and len(menu) == 2:
                self.menu[side] = (*menu, oid)
                return
            if len(menu) == 1:
                self.menu[side] = (head, oid)
                return
            if menu[1] == "scout":
                o["se"].append(["scout", oid[3:], menu[2][2:]])
            else:
                o["se"].append([menu[1][2:], oid[3:], None])
            self.menu[side] = ()
            return
        if head == "mr":
            o["mr"].append(oid[2:])
            self.menu[side] = ()
            return

    def _close_p1(self) -> None:
        """[Phase 1] the umpire moves every ship, then resolves the searches (M020, C-01 / VAM-R18)."""
        for side in SIDES:
            o = self.orders[side]
            for uid, h in o["en"].items():
                r = self.u[uid]
                r.update(st="map", hex=h, last=self.turn, course=None)
            for uid in self.own_ships(side):
                if uid in o["en"]:
                    continue
                r = self.u[uid]
                order = o["mv"].get(uid)
                if order is None:  # its course (VAM-R20), to the hex the menus counted on (planned_hex, VAM-R48)
                    nxt = self.planned_hex(uid)
                    if nxt != r["hex"]:
                        r["hex"], r["last"] = nxt, self.turn
                    elif r["course"] is not None and self.may_move(uid):
                        r["course"] = None  # its course leads off the map
                elif order == "stay":
                    r["course"] = None
                elif order == "exit":
                    self.leave_map(uid)
                else:
                    r["course"] = list(course_of(r["hex"], order))
                    r["hex"], r["last"] = order, self.turn
                    self.carry(uid)
            if o["ku"]:
                st = self.u["st11"]
                if st["st"] == "map" and st["hex"] == DATA.kure:  # M145: there at the end of the movement
                    self.kure["start"] = self.turn
                    text = "Construction de la base de Kure commencée"
                else:
                    text = "Base de Kure : ordre sans effet, le ST11 n'est pas à Kure"
                self.emit("kure", text, rule="Transports d'hydravions japonais", to=("ijn",))
            moved = len(o["mv"]) + len(o["en"])
            self.emit(
                "orders",
                f"Ordres de mouvement validés ({moved} navire(s) commandé(s))",
                rule="Phase 1",
                to=(side,),
            )
            if o["mr"]:
                self.emit(
                    "orders",
                    f"Raid sur Midway déclaré : {self.composition(o['mr'])}",
                    rule="Déclaration des raids",
                    to=(side,),
                )
        kure_end_of_turn(self)  # VAM-R52: ST11 gone from Kure closes the base before the searches
        self.searches()

    def carry(self, uid: str) -> None:
        """[Troupes embarquées] Aircraft and troops aboard a ship move with it (nothing to do: they refer to their
        ship)."""

    def leave_map(self, uid: str) -> None:
        """[Sortie de la carte] leaving is for good; aircraft aboard leave with their carrier (M044, M059)."""
        self.u[uid]["st"] = "gone"
        self.emit("exit", f"{self.label(uid)} quitte la carte", rule="Sortie de la carte", to=(self.side_of(uid),))

    def composition(self, aids: list[str]) -> str:
        """[Combats aériens] A raid as the text writes it: 1xF, 2xD, 1xD(e) (E08, M164)."""
        counts: dict[str, int] = {}
        for a in aids:
            if self.u[a]["lv"] <= 0:
                continue
            key = self.code(a) + ("" if self.u[a]["lv"] >= 2 else "(e)")
            counts[key] = counts.get(key, 0) + 1
        order = ["F", "F(e)", "D", "D(e)", "T", "T(e)", "M", "M(e)", "H", "H(e)"]
        return ", ".join(f"{counts[k]}x{k}" for k in order if k in counts) or "rien"

    # --------------------------------------------------------------- searches
    def searches(self) -> None:
        """[Opérations de recherche] naval searches (M048, M049), air searches (M050, M051), fog (M141, M142),
        results (M052): located enemy ships with hex, type, name and strength (VAM-R19). [Recherches navales] At
        night the 50% die is rolled for every hex of the side's ships out of fog, enemy ships there or not
        (VAM-R51)."""
        for side in SIDES:
            enemy = ENEMY[side]
            found: dict[str, str] = {}
            # the enemy's ships a search can find (never submarines), by hex in the order ships_at gives them:
            # nothing afloat moves while the searches resolve
            afloat: dict[str, list[str]] = {}
            for uid, r in self.u.items():
                if r.get("st") == "map" and DATA.units[uid].side == enemy and self.code(uid) != "SS":
                    afloat.setdefault(r["hex"], []).append(uid)
            own_hexes = sorted({self.u[u]["hex"] for u in self.own_ships(side)})
            for h in own_hexes:
                if self.in_fog(h):
                    continue
                if self.night:
                    # VAM-R51: rolled for every searching hex, enemy ships or not, so a miss tells nothing
                    (die,) = self.roll(
                        1, 10, why=f"recherche navale de nuit en {h} (1-5)", rule="Recherches navales", to=(side,)
                    )
                    if die > 5:
                        continue
                for t in afloat.get(h, ()):
                    found[t] = h
            if not self.night:
                areas: list[str] = []
                if side == "ijn":
                    for u in self.own_ships(side):
                        if self.code(u) in ("BB", "CA") and not self.in_fog(self.u[u]["hex"]):
                            areas.append(self.u[u]["hex"])
                    if self.kure_operational():
                        areas.append(DATA.kure)
                for key, target, aid in self.orders[side]["se"]:
                    if key == "kure_area" and not self.kure_operational():
                        continue  # VAM-R52: ordered before ST11 was sent away; the base closed with the moves
                    origin = self.base_hex(self.u[aid]["base"]) if aid else self.search_origin(key)
                    if origin is None or self.in_fog(origin):
                        continue
                    if aid:
                        r = self.u[aid]
                        if not self.can_fly(aid):
                            continue
                        # VAM-R09: the scouts are in the air until phase 7, when they land like raiders
                        r.update(ready=False, flew=self.turn, st="air", out=distance(origin, target), scout=target)
                    areas.append(target)
                for target in areas:
                    for h in covered(target):
                        if self.in_fog(h):
                            continue
                        for t in afloat.get(h, ()):
                            found[t] = h
            self.reveal(side, found, "Résultat des recherches")

    def reveal(self, side: str, found: dict[str, str], rule: str) -> None:
        """[Résultat des recherches] Tell ``side`` of the enemy ships it has located (hex, type, name, strength)
        and their owner that
        they were located (M052); a US carrier located starts group 13's clock (M042)."""
        new = {u: h for u, h in found.items() if u not in self.seen[side]}
        self.seen[side].update(found)
        self.revealed[side] |= set(found)
        enemy = ENEMY[side]
        by_hex: dict[str, list[str]] = {}
        for u, h in sorted(new.items()):
            by_hex.setdefault(h, []).append(u)
        for h, units in sorted(by_hex.items()):
            self.emit(
                "contact",
                f"Contact en {h} : " + ", ".join(self.label(u) for u in units),
                rule=rule,
                data={"hex": h, "units": units},
                to=(side,),
            )
            self.emit("located", f"Vos navires en {h} ont été repérés", rule=rule, data={"hex": h}, to=(enemy,))
        if side == "ijn" and self.spotted is None and any(self.code(u) == "CV" for u in found):
            self.spotted = self.turn

    def contacts(self, side: str) -> dict[str, str]:
        """[Résultat des recherches] The enemy ships ``side`` has located this turn."""
        return self.seen[side]


_POOLS = {"mr": Orders._raiders, "se": Orders._scouts, "mv": Orders._movable, "en": Orders._enterable}
"""[Phase 1] How each of :meth:`Orders._p1_pool`'s lists is found."""


def parse_hex(text: str) -> str | None:
    """[Carte] A hex name typed by a player, or None."""
    text = text.strip().upper()
    if len(text) >= 2 and text[0] in DATA.columns and text[1:].isdigit():
        c, r = split(text)
        if 0 <= r < DATA.rows:
            return text
    return None


__all__ = ["Orders", "course_of", "kure_end_of_turn", "parse_hex", "step_along"]
