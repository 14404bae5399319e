"""[Phases 8-11] naval combat and submarines, bombardment of Midway, the landing, land combat."""

from __future__ import annotations

from typing import TYPE_CHECKING

from midway.engine import Decision, Option
from midway.rulesets.vam.air import Air
from midway.rulesets.vam.data import COMBATANT_CODES, DATA, ENEMY, SIDES, unit_label

if TYPE_CHECKING:
    pass


class Surface(Air):
    # --------------------------------------------------------------- phase 8
    def battle_hexes(self, side: str) -> list[str]:
        """[Combats navals] hexes where ``side`` has surface ships and has located enemy ships, out of fog
        (M107, M144); only where it has located them this turn (VAM-R47)."""
        own = {self.u[u]["hex"] for u in self.own_ships(side) if self.code(u) != "SS"}
        return sorted({h for u, h in self.seen[side].items() if h in own and self.alive(u) and not self.in_fog(h)})

    def sub_candidates(self, side: str) -> list[str]:
        """[Les sous-marins] a submarine may attack located enemy ships of its hex, never in fog (M123, C-19)."""
        out = []
        for s in self.own_ships(side):
            if self.code(s) != "SS":
                continue
            h = self.u[s]["hex"]
            if self.in_fog(h):
                continue
            if any(self.alive(u) and hh == h for u, hh in self.seen[side].items()) and self.sub_targets_at(side, h):
                out.append(s)
        return out

    def sub_targets_at(self, side: str, h: str) -> list[str]:
        """[Les sous-marins] M148: ST11 is immune while the Kure base is begun or completed, not once it is closed
        for good (VAM-R54); M150: the SFT at a Japanese Midway."""
        out = []
        kure = self.kure
        for u in self.ships_at(h, ENEMY[side]):
            if self.code(u) == "SS" or not self.alive(u):
                continue
            if u == "st11" and kure["start"] is not None and not kure["closed"]:
                continue
            if u == "sft" and h == DATA.midway and self.controls_midway() == "ijn":
                continue
            out.append(u)
        return out

    def _enter_p8(self) -> None:
        """[Phase 8] naval combat declarations (M027, M108)."""
        self.battles = []
        self.in_battle = set()
        for s in SIDES:
            self.orders[s]["nb"] = []
            self.orders[s]["ss"] = []
        self.open = {s: bool(self.battle_hexes(s) or self.sub_candidates(s)) for s in SIDES}

    def _dec_p8(self, side: str) -> Decision | None:
        """[Phase 8] Declare battles and submarine attacks (M108, C-19)."""
        o = self.orders[side]
        opts = [Option("done", "Terminer les déclarations")]
        opts += [
            Option(f"b:{h}", f"Combat naval en {h}", {"hex": h}) for h in self.battle_hexes(side) if h not in o["nb"]
        ]
        opts += [
            Option(
                f"s:{s}",
                lambda s=s, lv=self.u[s]["lv"], h=self.u[s]["hex"]: f"Attaque du sous-marin {unit_label(s, lv)} en {h}",
            )
            for s in self.sub_candidates(side)
            if s not in o["ss"]
        ]
        if len(opts) == 1:
            return None
        return self.decide(side, f"Tour {self.turn}, phase 8 : combats navals", "Combats navals", opts, kind="battle")

    def _apply_p8(self, side: str, option: Option) -> None:
        """[Phase 8] Record one declaration."""
        if option.id == "done":
            self.open[side] = False
        elif option.id.startswith("b:"):
            self.orders[side]["nb"].append(option.id[2:])
        else:
            self.orders[side]["ss"].append(option.id[2:])

    def _close_p8(self) -> None:
        """[Combats navals] a battle happens when either side declares it (M108); the umpire names the forces
        present to both and draws the initiative (M109)."""
        hexes = sorted(set(self.orders["usn"]["nb"]) | set(self.orders["ijn"]["nb"]))
        for h in hexes:
            if self.in_fog(h):
                continue
            for side in SIDES:
                present = {u: h for u in self.ships_at(h, ENEMY[side]) if self.code(u) != "SS"}
                self.reveal(side, present, "Combats navals")
            (die,) = self.roll(
                1, 10, why=f"initiative du combat naval en {h} (1-5 : américains)", rule="Combats navals", to=SIDES
            )
            first = "usn" if die <= 5 else "ijn"
            self.battles.append({"hex": h, "first": first})
            for u in self.ships_at(h):
                if self.code(u) != "SS":
                    self.in_battle.add(u)
            self.emit_both(f"Combat naval en {h} : initiative {self.game.side_name(first)}", rule="Combats navals")

    # ------------------------------------------------------ submarine screen
    def _enter_p8s(self) -> None:
        """[Les sous-marins] before surface combat, the defender's destroyers try to screen (M118, M119)."""
        self.tasks = {s: [] for s in SIDES}
        for side in SIDES:
            for sub in self.orders[side]["ss"]:
                if not self.alive(sub):
                    continue
                h = self.u[sub]["hex"]
                dfd = ENEMY[side]
                self.emit("sub", f"Attaque sous-marine en {h} !", rule="Les sous-marins", to=(dfd,))
                for dd in self.ships_at(h, dfd):
                    if self.code(dd) == "DD" and self.alive(dd):
                        self.tasks[dfd].append([dd, None, h])
        self.open = {s: bool(self.tasks[s]) for s in SIDES}
        self.stopped = set()

    def _targets_p8s(self, side: str, i: int) -> list[tuple[str, str]]:
        """[Les sous-marins] The attacking submarines of the destroyer's hex (M119)."""
        h = self.tasks[side][i][2]
        subs = [s for s in self.orders[ENEMY[side]]["ss"] if self.alive(s) and self.u[s]["hex"] == h]
        return [(f"{h}.ss{k}", s) for k, s in enumerate(subs)]

    def _dec_p8s(self, side: str) -> Decision | None:
        """[Les sous-marins] A submarine for each screening destroyer (M119)."""
        return self._task_decision(side, "Écran anti-sous-marin : quel sous-marin ?", "Les sous-marins")

    _apply_p8s = Air._task_apply

    def _close_p8s(self) -> None:
        """[Les sous-marins] M119-M121, C-18 / VAM-R32: a 1 stops the sub; re-roll the same dice: each new 1 costs
        the sub a level
        if this destroyer's screen worked, the destroyer a level if not."""
        self.defaults()
        stopped = set(self.stopped)
        for side in SIDES:
            for dd, sub, _h in self.tasks[side]:
                if sub is None or not self.alive(dd) or not self.alive(sub):
                    continue
                n = 2 if self.u[dd]["lv"] >= 2 else 1
                dice = self.roll(
                    n,
                    10,
                    why=f"écran de destroyers en {_h} (1 : sous-marin matraqué)",
                    rule="Les sous-marins",
                    to=SIDES,
                )
                ok = 1 in dice
                if ok:
                    stopped.add(sub)
                again = self.roll(n, 10, why="relance de l'écran", rule="Les sous-marins", to=SIDES)
                ones = again.count(1)
                if ones:
                    victim = sub if ok else dd
                    self.hit(victim, ones, "gun", ENEMY[self.side_of(victim)])
                self.emit_both(
                    f"Écran en {_h} : {'sous-marin matraqué' if ok else 'écran passé'}"
                    + (f", {ones} perte(s)" if ones else ""),
                    rule="Les sous-marins",
                )
        self.stopped = stopped

    # ------------------------------------------------------- submarine attack
    def _enter_p8t(self) -> None:
        """[Les sous-marins] subs past the screen attack ships of their choice (M122)."""
        self.tasks = {s: [] for s in SIDES}
        stopped = self.stopped
        for side in SIDES:
            for sub in self.orders[side]["ss"]:
                if self.alive(sub) and sub not in stopped:
                    self.tasks[side].append([sub, None, self.u[sub]["hex"]])
        self.open = {s: bool(self.tasks[s]) for s in SIDES}

    def _targets_p8t(self, side: str, i: int) -> list[tuple[str, str]]:
        """[Les sous-marins] The ships a submarine may attack (M122, M148, M150)."""
        return [(u, u) for u in sorted(self.sub_targets_at(side, self.tasks[side][i][2]))]

    def _dec_p8t(self, side: str) -> Decision | None:
        """[Les sous-marins] A target for each submarine past the screen (M122)."""
        return self._task_decision(side, "Cible du sous-marin", "Les sous-marins")

    _apply_p8t = Air._task_apply

    def _close_p8t(self) -> None:
        """[Les sous-marins] The torpedoes (M122; +1 for US dice at night, VAM-R33)."""
        self.defaults()
        for side in SIDES:
            for sub, target, _h in self.tasks[side]:
                if target is None or not self.alive(sub) or not self.alive(target):
                    continue
                malus = 1 if side == "usn" and self.night else 0
                hits = self.fire(
                    sub,
                    target,
                    self.d(sub).type.naval,
                    f"torpilles de {self.label(sub)}",
                    "Les sous-marins",
                    malus=malus,
                )
                self.shot(sub, target, hits, "sub", side, "Les sous-marins")
        self.stopped = set()

    # ---------------------------------------------------------- surface fire
    def _surface_tasks(self, first: bool) -> None:
        """[Combats navals] The combatants that fire now: the initiative side, then the other (or both, VAM-R25)."""
        self.tasks = {s: [] for s in SIDES}
        simultaneous = self.options["simultaneous_naval"]
        for b in self.battles:
            if simultaneous and not first:
                continue
            shooters = SIDES if simultaneous else ((b["first"],) if first else (ENEMY[b["first"]],))
            for side in shooters:
                for u in self.ships_at(b["hex"], side):
                    if self.code(u) in COMBATANT_CODES and self.alive(u):
                        self.tasks[side].append([u, None, b["hex"]])
        self.open = {s: bool(self.tasks[s]) for s in SIDES}

    def _targets_naval(self, side: str, i: int) -> list[tuple[str, str]]:
        """[Combats navals] M111, M112 (VAM-R50): every combatant picks its target, several may pick the same one,
        and no non-combatant (CV, CVL, TT, SFT, ST11) is aimed at before every enemy combatant of the hex is. The
        constraint is checked against the picks already made and the shooters still to pick: a target is legal when
        the shooters left after this one can still cover every combatant nobody aims at yet (so a second shot at a
        combatant or a non-combatant is offered as long as the others can cover the rest). Combatants nobody aims at
        come first (the ``done`` default), then the others by uid."""
        tasks = self.tasks[side]
        h = tasks[i][2]
        enemy = [u for u in self.ships_at(h, ENEMY[side]) if self.code(u) != "SS" and self.alive(u)]
        aimed: set[str] = set()
        left = 0  # the shooters of this hex still to pick, this one included
        for k, t in enumerate(tasks):
            if t[2] != h:
                continue
            if k == i or t[1] is None:
                left += 1
            else:
                aimed.add(t[1])
        fighting = {u for u in enemy if self.code(u) in COMBATANT_CODES}
        others = [u for u in sorted(enemy) if u not in fighting]
        uncovered = sorted(u for u in fighting if u not in aimed)
        spare = left - 1 >= len(uncovered)  # the shooters after this one can still cover every free combatant
        bound = any(u in aimed for u in others)  # a non-combatant is aimed at: every combatant must be too
        again = sorted(u for u in fighting if u in aimed) if spare or not bound else []
        return [(u, u) for u in uncovered + sorted(again + (others if spare else []))]

    _targets_p8a = _targets_naval
    _targets_p8b = _targets_naval

    def _enter_p8a(self) -> None:
        """[Combats navals] the initiative side's combatants choose targets (M110, M111)."""
        self._surface_tasks(True)

    def _enter_p8b(self) -> None:
        """[Combats navals] the survivors reply by the same procedure (M114)."""
        self._surface_tasks(False)

    def _dec_p8a(self, side: str) -> Decision | None:
        """[Combats navals] A target for each combatant (M111)."""
        return self._task_decision(side, "Combat naval : cible", "Combats navals")

    _dec_p8b = _dec_p8a
    _apply_p8a = Air._task_apply
    _apply_p8b = Air._task_apply

    def _naval_fire(self) -> None:
        """[Combats navals] M113, M115 (simultaneous: every die before any loss), M116, M117 (+1 to US dice at
        night)."""
        self.defaults()
        shots = []
        for side in SIDES:
            for u, target, _h in self.tasks[side]:
                if target is None or not self.alive(u) or not self.alive(target):
                    continue
                malus = 1 if side == "usn" and self.night else 0
                hits = self.fire(
                    u,
                    target,
                    self.d(u).type.naval,
                    f"{self.tag(u, side)} tire sur {self.tag(target, side)}",
                    "Combats navals",
                    malus=malus,
                )
                shots.append((side, u, target, hits))
        for side, u, target, hits in shots:
            self.shot(u, target, hits, "gun", side, "Combats navals")

    _close_p8a = _naval_fire
    _close_p8b = _naval_fire

    # --------------------------------------------------------------- phase 9
    def _enter_p9(self) -> None:
        """[Pilonnage de Midway] battleships and cruisers (BB, CA, CL) in Midway's hex not in a naval combat
        may bombard enemy troops (M124, VAM-R45); the US only once Japanese troops are ashore (M128)."""
        self.tasks = {s: [] for s in SIDES}
        for side in SIDES:
            if not self.ashore(ENEMY[side]):
                continue
            for u in self.ships_at(DATA.midway, side):
                if self.code(u) in ("BB", "CA", "CL") and self.alive(u) and u not in self.in_battle:
                    self.tasks[side].append([u, None, "bombard"])
            if self.tasks[side]:
                self.revealed[side] |= set(self.ashore(ENEMY[side]))
        self.open = {s: bool(self.tasks[s]) for s in SIDES}
        self.held = set()

    def _targets_p9(self, side: str, i: int) -> list[tuple[str, str]]:
        """[Pilonnage de Midway] Enemy troops ashore (M125)."""
        if self.tasks[side][i][0] in self.held:
            return []
        return [(g, g) for g in sorted(self.ashore(ENEMY[side]))]

    def current_task_p9(self, side: str) -> int | None:
        """[Pilonnage de Midway] The first ship still to choose (or hold)."""
        for i, task in enumerate(self.tasks[side]):
            if task[1] is None and self._targets_p9(side, i):
                return i
        return None

    def _dec_p9(self, side: str) -> Decision | None:
        """[Pilonnage de Midway] A target for each ship, or hold (M124, M125)."""
        i = self.current_task_p9(side)
        if i is None:
            return None
        shooter = self.tasks[side][i][0]
        opts = [
            Option("done", "Terminer (les autres navires tirent sur leur cible par défaut)"),
            Option("hold", "Ce navire ne pilonne pas"),
        ]
        opts += [Option(f"t:{g}", self.lazy_tag(g, side)) for _, g in self._targets_p9(side, i)]
        return self.decide(
            side, f"Pilonnage de Midway — {self.label(shooter)}", "Pilonnage de Midway", opts, kind="target"
        )

    def _apply_p9(self, side: str, option: Option) -> None:
        """[Pilonnage de Midway] Record a target or a hold."""
        i = self.current_task_p9(side)
        if option.id == "done":
            self.open[side] = False
        elif option.id == "hold":
            assert i is not None
            self.held = set(self.held) | {self.tasks[side][i][0]}
        else:
            assert i is not None
            self.tasks[side][i][1] = option.id[2:]

    def _close_p9(self) -> None:
        """[Pilonnage de Midway] M125 (simultaneous), M126 (never eliminates), M127 (Midway's losses), M128 (+1 at
        night for the US)."""
        held = self.held
        for side in SIDES:
            for i, task in enumerate(self.tasks[side]):
                if task[1] is None and task[0] not in held:
                    t = self._targets_p9(side, i)
                    if t:
                        task[1] = t[0][1]
        shots = []
        for side in SIDES:
            for u, target, _ in self.tasks[side]:
                if target is None or u in held or not self.alive(target):
                    continue
                malus = 1 if side == "usn" and self.night else 0
                hits = self.fire(
                    u,
                    target,
                    self.d(u).type.naval,
                    f"pilonnage par {self.tag(u, side)}",
                    "Pilonnage de Midway",
                    malus=malus,
                )
                shots.append((side, u, target, hits))
        for side, u, target, hits in shots:
            self.shot(u, target, hits, "bombard", side, "Pilonnage de Midway", reduce_only=True)
        self.held = set()

    # -------------------------------------------------------------- phase 10
    def landing_candidates(self) -> list[str]:
        """[Débarquement à Midway] troops aboard a transport in Midway's hex, by day (M129)."""
        if self.night:
            return []
        out = []
        for g, r in self.u.items():
            if r.get("st") == "aboard" and r["lv"] > 0:
                t = self.u[r["at"]]
                if t["st"] == "map" and t["hex"] == DATA.midway:
                    out.append(g)
        return out

    def empty_transports(self, landing: list[str]) -> list[str]:
        """[Débarquement à Midway] M131, VAM-R23: the unlocked transports (TT, SFT) in Midway's hex that are
        empty once ``landing`` has gone ashore; each landed unit needs one of them."""
        out = []
        for t in self.ships_at(DATA.midway, "ijn"):
            if self.code(t) not in ("TT", "SFT") or self.u[t]["locked"] or not self.alive(t):
                continue
            aboard = [g for g, r in self.u.items() if r.get("at") == t and r.get("st") == "aboard" and r["lv"] > 0]
            if all(g in landing for g in aboard):
                out.append(t)
        return out

    def may_land(self, g: str) -> bool:
        """[Débarquement à Midway] a unit may land if an empty transport is left for it (M131)."""
        planned = [*self.orders["ijn"].get("land", []), g]
        return len(self.empty_transports(planned)) >= len(planned)

    def _enter_p10(self) -> None:
        """[Débarquement à Midway] Japan is asked when it may land (M029, M129)."""
        self.orders["ijn"]["land"] = []
        self.open = {"usn": False, "ijn": bool(self.landing_candidates())}

    def _dec_p10(self, side: str) -> Decision | None:
        """[Débarquement à Midway] Which troops land (M130)."""
        cands = [g for g in self.landing_candidates() if g not in self.orders["ijn"]["land"] and self.may_land(g)]
        if not cands:
            return None
        opts = [Option("done", "Terminer (les autres restent à bord)")]
        opts += [
            Option(
                f"l:{g}",
                lambda g=g, lv=self.u[g]["lv"], t=self.u[g]["at"], tl=self.u[self.u[g]["at"]]["lv"]: (
                    f"Débarquer {unit_label(g, lv)} (depuis {unit_label(t, tl)})"
                ),
            )
            for g in cands
        ]
        return self.decide(
            side, f"Tour {self.turn}, phase 10 : débarquement à Midway", "Débarquement à Midway", opts, kind="landing"
        )

    def _apply_p10(self, side: str, option: Option) -> None:
        """[Débarquement à Midway] Record one unit landing."""
        if option.id == "done":
            self.open[side] = False
        else:
            self.orders["ijn"]["land"].append(option.id[2:])

    def _close_p10(self) -> None:
        """[Débarquement à Midway] M130 (no re-embarking), M131, C-23 / VAM-R23: one empty transport per landed
        unit (its own when it is empty) stays in Midway's hex for good. [Décomposition d'un tour] phase 10, M029,
        VAM-R55: the umpire « indique les forces en présence »: both sides are told the Japanese troops landing
        and those already ashore, and Japan the American troops on the island (as the raid over the island words
        them, E08, then by name: they are revealed to Japan)."""
        landed = self.orders["ijn"].get("land", [])
        empties = self.empty_transports(landed)
        for g in landed:
            r = self.u[g]
            stay = r["at"] if r["at"] in empties else empties[0]
            empties.remove(stay)
            self.u[stay]["locked"] = True
            r["st"] = "ashore"
            r["at"] = "midway"
            self.revealed["usn"].add(g)
        if landed:
            earlier = [g for g in self.ashore("ijn") if g not in landed]  # landed on an earlier turn, still there
            self.emit_both(
                "Débarquement japonais à Midway : "
                + ", ".join(self.label(g) for g in landed)
                + (f" ; déjà à terre : {', '.join(self.label(g) for g in earlier)}" if earlier else "")
                + " (les américains ont l'initiative)",
                rule="Débarquement à Midway",
            )
            garrison = self.ashore("usn")
            self.revealed["ijn"] |= set(garrison)  # VAM-R55: named to Japan from now on, as after a raid (E08)
            intact = sum(1 for g in garrison if self.u[g]["lv"] >= 2)
            told = (
                f"{len(garrison)} unité(s) dont {intact} intacte(s) : {', '.join(self.tag(g, 'ijn') for g in garrison)}"
                if garrison
                else "aucune"
            )
            self.emit(
                "umpire",
                f"Forces américaines en présence à Midway : troupes : {told}",
                rule="Débarquement à Midway",
                to=("ijn",),
            )

    # -------------------------------------------------------------- phase 11
    def _land_tasks(self, side: str) -> None:
        """[Combats terrestres] The troops of ``side`` that fire now, by day, with both sides ashore (M132, M133)."""
        self.tasks = {s: [] for s in SIDES}
        if self.night or not self.ashore("ijn") or not self.ashore("usn"):
            self.open = {s: False for s in SIDES}
            return
        for g in self.ashore(side):
            self.tasks[side].append([g, None, "land"])
        for s in SIDES:
            self.revealed[s] |= set(self.ashore(ENEMY[s]))
        self.open = {s: bool(self.tasks[s]) for s in SIDES}

    def _enter_p11a(self) -> None:
        """[Combats terrestres] mandatory, never at night (M132); every unit fights (M133); the US first (M134)."""
        self._land_tasks("usn")

    def _enter_p11b(self) -> None:
        """[Combats terrestres] the surviving Japanese reply (M136)."""
        self._land_tasks("ijn")

    def _targets_land(self, side: str, i: int) -> list[tuple[str, str]]:
        """[Combats terrestres] M134, M136, C-16 / VAM-R28 (revised by VAM-R50, then for the reply): each unit picks
        its target; a unit may aim at an enemy unit already aimed at only when the units still to pick after it can
        cover every enemy unit nobody aims at yet (« à condition que chaque unité japonaise soit prise pour
        cible »), the check made on the picks already made, never on units not yet asked. The Japanese reply is
        bound the same way, every American unit aimed at before any is aimed at twice (« les unités japonaises
        répliquent selon la même procédure »). Units nobody aims at come first (the ``done`` default)."""
        enemy = sorted(self.ashore(ENEMY[side]))
        tasks = self.tasks[side]
        aimed = {t[1] for k, t in enumerate(tasks) if k != i and t[1]}
        left = sum(1 for k, t in enumerate(tasks) if k == i or t[1] is None)
        free = [g for g in enemy if g not in aimed]
        again = [g for g in enemy if g in aimed] if left - 1 >= len(free) else []
        return [(g, g) for g in free + again]

    _targets_p11a = _targets_land
    _targets_p11b = _targets_land

    def _dec_p11a(self, side: str) -> Decision | None:
        """[Combats terrestres] A target for each unit (M134)."""
        return self._task_decision(side, "Combat terrestre : cible", "Combats terrestres")

    _dec_p11b = _dec_p11a
    _apply_p11a = Air._task_apply
    _apply_p11b = Air._task_apply

    def _land_fire(self) -> None:
        """[Combats terrestres] M135: land combat can eliminate; M136: Japanese hits cost Midway as raids do."""
        self.defaults()
        for side in SIDES:
            for g, target, _ in self.tasks[side]:
                if target is None or not self.alive(g) or not self.alive(target):
                    continue
                hits = self.fire(
                    g,
                    target,
                    self.d(g).type.naval,
                    f"{self.tag(g, side)} attaque {self.tag(target, side)}",
                    "Combats terrestres",
                )
                self.shot(g, target, hits, "land", side, "Combats terrestres")

    _close_p11a = _land_fire
    _close_p11b = _land_fire
