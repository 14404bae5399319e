"""[Phases 2-7] raids, air combat, anti-aircraft fire, bombing and torpedoes, recovery.

Every "choose a target for each of your units" order of the game (fighters, AA, bombers, and in
``surface`` destroyers, submarines, warships, bombardment and troops) is one *task list* per side:
``self.tasks[side]`` holds ``[shooter, target, ctx]``; the side is asked, task after task, for the
target of the first task with a real choice; ``done`` gives every remaining task its default (the
first legal target). Enemy aircraft are named by their slot in the raid (``a3``, ``d1``) so that an
option id never tells which carrier they came from.
"""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING, Any

from midway.engine import Decision, Option
from midway.rulesets.vam.data import DATA, ENEMY, SIDES, direction, distance, tag_label, target_label, unit_label
from midway.rulesets.vam.orders import reaches

if TYPE_CHECKING:
    from midway.rulesets.vam.game import VamState

    _Base = VamState
else:
    _Base = object

ISLAND = "MW"
"""The target of a raid on Midway island itself (not the ships in its hex, M088)."""


def planned_raids(orders: Any) -> list[tuple[str, list[str]]]:
    """[Raids aériens] A side's raids from its phase-2 orders, in the order they fly: the Midway raid first (unless
    called off), then the hexes in the order declared; each (target, aircraft declared)."""
    planned: list[tuple[str, list[str]]] = []
    if orders.get("mr") and not orders.get("cancel"):
        planned.append((ISLAND, list(orders["mr"])))
    planned += [(t, list(a)) for t, a in orders.get("rd", []) if a]
    return planned


def new_raid(side: str, target: str, hex_: str, flying: list[str], origins: list[str]) -> dict[str, Any]:
    """A raid's record: attacker, target and its hex, the aircraft flying and the hex each took off from; no
    defenders, initiative or round yet."""
    return {
        "att": side,
        "tgt": target,
        "hex": hex_,
        "a": flying,
        "d": [],
        "init": None,
        "rounds": 0,
        "origins": origins,
    }


class Air(_Base):
    # ------------------------------------------------------ generic targeting
    def targets(self, side: str, i: int) -> list[tuple[str, str]]:
        """[Combats aériens] Legal targets of task ``i`` of ``side`` now: (reference, uid)."""
        return getattr(self, f"_targets_{self.step}")(side, i)  # type: ignore[no-any-return]

    def extra_options(self, side: str) -> list[Option]:
        """[Séquence de jeu] Extra options of the current step (reserve, stand-down)."""
        fn = getattr(self, f"_extra_{self.step}", None)
        return fn(side) if fn else []

    def holdable(self, side: str, i: int) -> bool:
        """[Défense anti-aérienne] Whether task ``i`` of ``side`` may hold its fire (phase 5 only, VAM-R50)."""
        fn = getattr(self, f"_holdable_{self.step}", None)
        return bool(fn(side, i)) if fn else False

    def current_task(self, side: str) -> int | None:
        """[Séquence de jeu] The first task of ``side`` with a real choice: two legal targets or more given the
        targets picked so far, or a target and holding its fire (VAM-R50). A task with one legal target only is
        left to :meth:`defaults`."""
        held = self.held
        for i, task in enumerate(self.tasks[side]):
            if task[1] is None and task[0] not in held:
                n = len(self.targets(side, i))
                if n >= 2 or (n == 1 and self.holdable(side, i)):
                    return i
        return None

    def _task_decision(self, side: str, prompt: str, rule: str) -> Decision | None:
        """[Séquence de jeu] The targeting decision: the current task's targets, extras, and ``done`` (defaults)."""
        i = self.current_task(side)
        extra = self.extra_options(side)
        if i is None and not extra:
            return None
        opts = [Option("done", "Terminer (cibles par défaut pour le reste)")]
        opts += extra
        if i is not None:
            shooter = self.tasks[side][i][0]
            for ref, uid in self.targets(side, i):
                opts.append(Option(f"t:{ref}", self.lazy_tag(uid, side, ref), {"ref": ref}))
            if self.holdable(side, i):
                opts.append(Option("hold", "Ce navire ne tire pas (navire en surnombre)"))
            prompt = f"{prompt} — {self.tag(shooter, side)}"
        return self.decide(side, prompt, rule, opts, kind="target")

    def _task_apply(self, side: str, option: Option) -> None:
        """[Séquence de jeu] Record one target choice, an extra option, or ``done``."""
        if option.id == "done":
            self.open[side] = False
            return
        if option.id == "hold":
            i = self.current_task(side)
            assert i is not None
            self.held = set(self.held) | {self.tasks[side][i][0]}
            return
        if option.id.startswith("t:"):
            i = self.current_task(side)
            assert i is not None
            ref = option.id[2:]
            uid = next(u for r, u in self.targets(side, i) if r == ref)
            self.tasks[side][i][1] = uid
            return
        getattr(self, f"_extra_apply_{self.step}")(side, option)

    def defaults(self) -> None:
        """[Séquence de jeu] Every task without a target gets its first legal one (the ``done`` default); a unit
        that holds its fire gets none (VAM-R50). In phase 7 the aircraft that can land on their own base are
        placed first, so that aircraft with no room at home (their carrier sunk or full) never take their room
        and leave them to ditch (an audit saw Soryu's own aircraft ditch while Hiryu's raiders filled her deck)."""
        held = self.held
        for side in SIDES:
            tasks = self.tasks[side]
            order: list[int] = list(range(len(tasks)))
            if self.step == "p7":
                u = self.u
                home = [i for i, t in enumerate(tasks) if t[1] is None and u[t[0]]["base"] in self.landing_sites(t[0])]
                first = set(home)
                order = [*home, *(i for i in order if i not in first)]
            for i in order:
                task = tasks[i]
                if task[1] is None and task[0] not in held:
                    t = self.targets(side, i)
                    if t:
                        task[1] = t[0][1]

    def known(self, uid: str, viewer: str) -> bool:
        """[Résultat des recherches] Whether ``viewer`` knows ``uid`` by name: an enemy ship once located."""
        return uid != "midway" and self.d(uid).kind != "air" and uid in self.revealed[viewer]

    def tag(self, uid: str, viewer: str) -> str:
        """[Séquence de jeu] A unit as ``viewer`` may know it: its own by name, an enemy ship by name once located,
        an enemy aircraft by its type only (E08)."""
        lv = 2 if uid == "midway" else self.u[uid]["lv"]
        return tag_label(uid, lv, viewer, self.known(uid, viewer))

    def lazy_tag(self, uid: str, viewer: str, ref: str | None = None) -> partial[str]:
        """[Séquence de jeu] :meth:`tag` (with the slot ``ref`` of an aircraft in a raid) as a lazy option label
        that holds only immutable values, never the state."""
        lv = 2 if uid == "midway" else self.u[uid]["lv"]
        return partial(target_label, uid, uid if ref is None else ref, lv, viewer, self.known(uid, viewer))

    def alive(self, uid: str) -> bool:
        """[Échelle du jeu] Whether a unit has levels left and is not sunk or dead (M009)."""
        return self.u[uid]["lv"] > 0 and self.u[uid]["st"] not in ("dead", "sunk")

    def raid(self, rid: int) -> dict[str, Any]:
        """[Combats aériens] The raid of index ``rid``."""
        return self.raids[rid]

    # ------------------------------------------------------------- phase 2
    def _enter_p2(self) -> None:
        """[Phase 2] raids other than on Midway, day only, on targets located this turn (M021, M054, M063)."""
        self.raids = []
        for s in SIDES:
            self.orders[s]["rd"] = []
            self.orders[s]["cancel"] = False
        if self.night:
            return
        self.open = {s: True for s in SIDES}

    def raid_targets(self, side: str) -> list[str]:
        """[Raids aériens] Hexes with enemy ships located this turn and not in fog (M054, M142, C-28)."""
        return sorted({h for u, h in self.seen[side].items() if self.alive(u) and not self.in_fog(h)})

    def raid_candidates(self, side: str, target: str, pool: list[tuple[str, str, int]] | None = None) -> list[str]:
        """[Déclaration des raids] Ready aircraft of ``side`` not yet committed that can reach ``target`` and come
        back, to a base it may land on (M056, M057, M100, VAM-R17). ``pool`` is :meth:`raid_pool` when the caller
        has it already (it is the same for every target)."""
        pool = self.raid_pool(side) if pool is None else pool
        if not pool:
            return []
        back = self.return_leg(side, target)  # the same for every aircraft of the side (M057)
        if side != "usn":
            return [a for a, h, total in pool if reaches(h, target, back, total)]
        # M100, VAM-R17: Midway's aircraft (the Avengers apart) come back only to Midway, never to a carrier
        home = self.return_leg(side, target, midway_only=True)
        return [a for a, h, total in pool if reaches(h, target, home if self.lands_only_at_midway(a) else back, total)]

    def raid_pool(self, side: str) -> list[tuple[str, str, int]]:
        """[Déclaration des raids] Ready aircraft of ``side`` not yet committed, whatever the target, each with
        its base's hex and its total range (M056, M057)."""
        taken = self.committed(side)
        return [x for x in self._flyable(side) if x[0] not in taken]

    def _dec_p2(self, side: str) -> Decision | None:
        """[Phase 2] The raid declaration menu: declare a raid hex by hex, cancel the Midway raid, done (M063, M061)."""
        menu = self.menu[side]
        rule = "Déclaration des raids"
        o = self.orders[side]
        if not menu:
            opts = [Option("done", "Terminer les déclarations de raids")]
            pool = self.raid_pool(side)
            used = [r[0] for r in o["rd"]]
            if pool and any(self.raid_candidates(side, h, pool) for h in self.raid_targets(side) if h not in used):
                opts.append(Option("rd", "Déclarer un raid"))
            if o["mr"] and not o["cancel"]:
                opts.append(Option("cancel", "Annuler le raid sur Midway (ses bombardiers restent au sol)"))
            if len(opts) == 1:
                return None
            prompt = f"Tour {self.turn}, phase 2 : raids (ou tapés : 2xYF+2xYD+1xYT -> H4; done)"
            return self.decide(side, prompt, rule, opts, kind="raids")
        if len(menu) == 1:
            used = [r[0] for r in o["rd"]]
            pool = self.raid_pool(side)
            opts = [
                Option(f"h:{h}", f"Raid sur {h}", {"hex": h})
                for h in self.raid_targets(side)
                if h not in used and self.raid_candidates(side, h, pool)
            ]
            return self.decide(side, "Raid sur quel hexagone ?", rule, opts, kind="raids")
        target = menu[1]
        opts = [Option("end", "Fin de la composition du raid")]
        opts += [
            Option(f"a:{a}", lambda a=a, lv=self.u[a]["lv"], b=self.u[a]["base"]: f"{unit_label(a, lv)} ({b})")
            for a in self.raid_candidates(side, target)
        ]
        return self.decide(side, f"Raid sur {target} : quels avions ?", rule, opts, kind="raids")

    def _apply_p2(self, side: str, option: Option) -> None:
        """[Phase 2] Record one step of the raid declaration."""
        menu = self.menu[side]
        o = self.orders[side]
        oid = option.id
        if not menu:
            if oid == "done":
                self.open[side] = False
            elif oid == "cancel":
                o["cancel"] = True
            else:
                self.menu[side] = ("rd",)
            return
        if len(menu) == 1:
            target = oid[2:]
            o["rd"].append([target, []])
            self.menu[side] = ("rd", target)
            return
        if oid == "end":
            self.menu[side] = ()
            return
        o["rd"][-1][1].append(oid[2:])

    def _close_p2(self) -> None:
        """[Combats aériens] the umpire forms the raids (M064, C-26), takes off, names the defending fighters
        (M066), tells the defender the raid and its direction (M067, E02) and the attacker what it finds
        (M068, M087), and draws the initiative (M070-M072)."""
        if self.night:
            return
        for side in SIDES:
            for target, aids in planned_raids(self.orders[side]):
                self.launch(side, target, aids)
        for raid in self.raids:
            self.announce(raid)

    def launch(self, side: str, target: str, aids: list[str]) -> None:
        """[Raids aériens] The aircraft of one raid take off; they are Not-Ready from now on (M055, M102)."""
        hex_ = DATA.midway if target == ISLAND else target
        flying = []
        origins = []
        for a in aids:
            if not self.can_fly(a):
                continue
            h = self.base_hex(self.u[a]["base"])
            assert h is not None
            r = self.u[a]
            r.update(st="air", ready=False, flew=self.turn, out=distance(h, hex_), raid=len(self.raids))
            flying.append(a)
            origins.append(h)
        if flying:
            self.raids.append(new_raid(side, target, hex_, flying, origins))

    def defenders(self, raid: dict[str, Any]) -> list[str]:
        """[Combats aériens] every ready fighter of the defender in the hex defends (M066); at Midway the island
        and the ships defend separately (M088); fighters flying a raid are away (C-14)."""
        side = ENEMY[raid["att"]]
        out = []
        for a, r in self.u.items():
            if r.get("st") != "deck" or not r["ready"] or self.side_of(a) != side or self.code(a) != "F":
                continue
            base = r["base"]
            if raid["tgt"] == ISLAND:
                if base == "midway" and not self.midway["closed"]:
                    out.append(a)
            elif (
                base != "midway"
                and self.u[base]["st"] == "map"
                and self.u[base]["hex"] == raid["hex"]
                and not self.u[base]["dmg"]
            ):
                out.append(a)
        return out

    def announce(self, raid: dict[str, Any]) -> None:
        """[Combats aériens] Name the defenders, tell each side what it learns, draw the initiative (M066-M072)."""
        att, dfd = raid["att"], ENEMY[raid["att"]]
        rid = self.raids.index(raid)
        raid["d"] = self.defenders(raid)
        for a in raid["d"]:
            self.u[a]["def"] = rid
        where = "Midway (l'île)" if raid["tgt"] == ISLAND else raid["hex"]
        came = sorted({h for o in raid["origins"] for h in direction(o, raid["hex"])})
        self.emit(
            "raid",
            f"Raid ennemi {rid + 1} vers {where}, venant de {' ou '.join(came) or 'l’hexagone même'} : "
            f"{self.composition(raid['a'])}",
            rule="Combats aériens",
            data={"raid": rid, "hex": raid["hex"], "from": came},
            to=(dfd,),
        )
        if raid["d"]:
            self.emit(
                "raid",
                f"Vos chasseurs décollent pour intercepter : {self.composition(raid['d'])}",
                rule="Combats aériens",
                to=(dfd,),
            )
        seen_here = {}
        if raid["tgt"] == ISLAND:
            ground = [a for a, r in self.u.items() if r.get("base") == "midway" and r.get("st") == "deck"]
            troops = self.ashore(dfd)
            self.revealed[att] |= set(troops)  # E08: the umpire names the forces present to each side
            intact = sum(1 for g in troops if self.u[g]["lv"] >= 2)
            text = (
                f"Au-dessus de Midway : au sol {self.composition(ground)}; "
                f"troupes : {len(troops)} unité(s) dont {intact} intacte(s)"
            )
        else:
            for s in self.ships_at(raid["hex"], dfd):
                if self.code(s) != "SS":
                    seen_here[s] = raid["hex"]
            ready = [
                a
                for a, r in self.u.items()
                if r.get("st") == "deck" and r["ready"] and r["base"] in seen_here and a not in raid["d"]
            ]
            text = f"Au-dessus de {raid['hex']} : avions prêts sur les ponts {self.composition(ready)}"
        self.emit(
            "raid",
            f"Votre raid {rid + 1} sur {where} ({self.composition(raid['a'])}) rencontre "
            f"{self.composition(raid['d']) if raid['d'] else 'aucun chasseur'}. {text}",
            rule="Combats aériens",
            data={"raid": rid},
            to=(att,),
        )
        if seen_here:
            self.reveal(att, seen_here, "Combats aériens")
        if self.spotted is None:  # M042, VAM-R21: US carrier aircraft seen by the Japanese (Avengers excepted)
            us_air = raid["a"] if att == "usn" else raid["d"]
            if any(not self.u[a]["mid"] for a in us_air):
                self.spotted = self.turn
        if not raid["d"]:
            return
        if any(self.code(a) == "F" for a in raid["a"]):
            (die,) = self.roll(
                1, 10, why="initiative du combat aérien (1-5 : l'attaquant)", rule="Combats aériens", to=SIDES
            )
            raid["init"] = att if die <= 5 else dfd
            raid["rounds"] = 2
        else:
            raid["init"] = dfd
            raid["rounds"] = 1
        for s in (att, dfd):
            self.emit(
                "initiative",
                f"Raid sur {where} : initiative {self.game.side_name(raid['init'])}, {raid['rounds']} round(s)",
                rule="Combats aériens",
                to=(s,),
            )

    # --------------------------------------------------------- phases 3 and 4
    def _air_round(self, n: int) -> None:
        """[Premier round] [Second round] The fighters of the side firing in round ``n`` of every raid."""
        self.tasks = {s: [] for s in SIDES}
        for rid, raid in enumerate(self.raids):
            if raid["rounds"] < n:
                continue
            shooter_side = raid["init"] if n == 1 else ENEMY[raid["init"]]
            mine = raid["a"] if shooter_side == raid["att"] else raid["d"]
            for a in mine:
                if self.alive(a) and self.code(a) == "F":
                    self.tasks[shooter_side].append([a, None, rid])
            self.open[shooter_side] = self.open[shooter_side] or bool(self.tasks[shooter_side])

    def _air_targets(self, side: str, i: int) -> list[tuple[str, str]]:
        """[Premier round] M073; the Japanese never engage heavy bombers (M069, C-27)."""
        rid = self.tasks[side][i][2]
        raid = self.raids[rid]
        if side == raid["att"]:
            pool, prefix = raid["d"], "d"
        else:
            pool, prefix = raid["a"], "a"
        return [
            (f"{rid}.{prefix}{k}", a)
            for k, a in enumerate(pool)
            if self.alive(a) and not (side == "ijn" and self.code(a) == "H")
        ]

    _targets_p3 = _air_targets
    _targets_p4 = _air_targets

    def _enter_p3(self) -> None:
        """[Phase 3] the first round of air combat (M022)."""
        self._air_round(1)

    def _enter_p4(self) -> None:
        """[Phase 4] the second round, roles reversed (M023, M077)."""
        self._air_round(2)

    def _dec_p3(self, side: str) -> Decision | None:
        """[Phase 3] First air combat round: a target for each fighter (M073)."""
        return self._task_decision(side, "Phase 3 : cible de votre chasseur", "Premier round")

    def _dec_p4(self, side: str) -> Decision | None:
        """[Phase 4] Second air combat round (M077)."""
        return self._task_decision(side, "Phase 4 : cible de votre chasseur", "Second round")

    _apply_p3 = _task_apply
    _apply_p4 = _task_apply

    def _close_p3(self) -> None:
        """[Phase 3] Resolve the first round."""
        self.resolve_air_round("Premier round")

    def _close_p4(self) -> None:
        """[Phase 4] Resolve the second round."""
        self.resolve_air_round("Second round")

    def resolve_air_round(self, rule: str) -> None:
        """[Premier round] fire (M074), then each attacked survivor replies at one of its attackers, drawn by
        lot if several (M075); unattacked aircraft do not reply (M076)."""
        self.defaults()
        attackers: dict[str, list[str]] = {}
        for side in SIDES:
            for shooter, target, _rid in self.tasks[side]:
                if target is None or not self.alive(shooter) or not self.alive(target):
                    continue
                value = self.d(shooter).type.air
                hits = self.fire(
                    shooter, target, value, f"{self.tag(shooter, side)} tire sur {self.tag(target, side)}", rule
                )
                self.shot(shooter, target, hits, "air", side, rule)
                attackers.setdefault(target, []).append(shooter)
        for target, shooters in attackers.items():
            if not self.alive(target):
                continue
            living = [s for s in shooters if self.alive(s)]
            if not living:
                continue
            if len(living) > 1:
                (k,) = self.roll(1, len(living), why="cible de la réplique (tirée au sort)", rule=rule, to=SIDES)
                back = living[k - 1]
            else:
                back = living[0]
            side = self.side_of(target)
            hits = self.fire(target, back, self.d(target).type.air, f"réplique de {self.tag(target, side)}", rule)
            self.shot(target, back, hits, "air", side, rule)

    def shot(
        self, shooter: str, target: str, hits: int, kind: str, side: str, rule: str, *, reduce_only: bool = False
    ) -> int:
        """[Séquence de jeu] Apply a shot's hits and report it to each side in its own words, the units named
        as they were when it was fired (enemy aircraft by type only)."""
        before = {v: (self.tag(shooter, v), self.tag(target, v)) for v in SIDES} if not self._quiet else {}
        taken = self.hit(target, hits, kind, side, reduce_only=reduce_only)
        for viewer, (who, whom) in before.items():
            if not hits:
                result = "raté"
            elif not self.alive(target):
                result = "éliminé"
            else:
                result = f"{taken} perte(s)" if taken else f"{hits} coup(s) sans perte de niveau"
            self.emit("fire", f"{who} contre {whom} : {result}", rule=rule, to=(viewer,))
        return taken

    # --------------------------------------------------------------- phase 5
    def _enter_p5(self) -> None:
        """[Phase 5] the defender's anti-aircraft fire (M024, M079)."""
        self.tasks = {s: [] for s in SIDES}
        for rid, raid in enumerate(self.raids):
            dfd = ENEMY[raid["att"]]
            if raid["tgt"] == ISLAND:
                shooters = [g for g in self.ashore(dfd) if self.d(g).type.aa > 0]
            else:
                shooters = [s for s in self.ships_at(raid["hex"], dfd) if DATA.units[s].type.aa > 0]
            for s in shooters:
                self.tasks[dfd].append([s, None, rid])
        self.open = {s: bool(self.tasks[s]) for s in SIDES}
        self.held = set()

    def _targets_p5(self, side: str, i: int) -> list[tuple[str, str]]:
        """[Défense anti-aérienne] M080: one ship per aircraft; M081: never fighters or heavy bombers."""
        rid = self.tasks[side][i][2]
        raid = self.raids[rid]
        taken = {t[1] for k, t in enumerate(self.tasks[side]) if k != i and t[2] == rid and t[1]}
        return [
            (f"{rid}.a{k}", a)
            for k, a in enumerate(raid["a"])
            if self.alive(a) and self.code(a) in ("D", "T", "M") and a not in taken
        ]

    def _holdable_p5(self, side: str, i: int) -> bool:
        """[Défense anti-aérienne] M080, VAM-R50: « les navires en surnombre ne tirent pas », and the player says
        which: a shooter may hold its fire while the shooters of the raid still to pick (this one included)
        outnumber the aircraft nobody aims at yet."""
        rid = self.tasks[side][i][2]
        held = self.held
        left = sum(
            1 for k, t in enumerate(self.tasks[side]) if t[2] == rid and t[0] not in held and (k == i or t[1] is None)
        )
        return left > len(self._targets_p5(side, i))

    def _dec_p5(self, side: str) -> Decision | None:
        """[Phase 5] A target for each AA ship or troop (M079)."""
        return self._task_decision(side, "Phase 5 : tir anti-aérien", "Défense anti-aérienne")

    _apply_p5 = _task_apply

    def _close_p5(self) -> None:
        """[Défense anti-aérienne] each shooter fires at its aircraft (M082); surplus shooters, those that held
        their fire, do not fire (M080, VAM-R50)."""
        self.defaults()
        self.held = set()
        for side in SIDES:
            for shooter, target, _rid in self.tasks[side]:
                if target is None or not self.alive(shooter) or not self.alive(target):
                    continue
                hits = self.fire(
                    shooter,
                    target,
                    self.d(shooter).type.aa,
                    f"DCA de {self.tag(shooter, side)}",
                    "Défense anti-aérienne",
                )
                self.shot(shooter, target, hits, "aa", side, "Défense anti-aérienne")

    # --------------------------------------------------------------- phase 6
    def _enter_p6(self) -> None:
        """[Phase 6] the attacker's bombing and torpedo attacks (M025, M083)."""
        self.tasks = {s: [] for s in SIDES}
        for rid, raid in enumerate(self.raids):
            for a in raid["a"]:
                if self.alive(a) and self.code(a) in ("D", "T", "M", "H"):
                    self.tasks[raid["att"]].append([a, None, rid])
        self.open = {s: bool(self.tasks[s]) for s in SIDES}

    def _targets_p6(self, side: str, i: int) -> list[tuple[str, str]]:
        """[Bombardement et torpillage] Enemy ships of the raided hex, or enemy troops for a raid on the island
        (M083, M085)."""
        rid = self.tasks[side][i][2]
        raid = self.raids[rid]
        dfd = ENEMY[side]
        if raid["tgt"] == ISLAND:
            pool = self.ashore(dfd)
        else:
            pool = [s for s in self.ships_at(raid["hex"], dfd) if self.code(s) != "SS" and self.alive(s)]
        return [(u, u) for u in sorted(pool)]

    def _dec_p6(self, side: str) -> Decision | None:
        """[Phase 6] A target for each surviving bomber (M083)."""
        return self._task_decision(side, "Phase 6 : cible de votre bombardier", "Bombardement et torpillage")

    _apply_p6 = _task_apply

    def _close_p6(self) -> None:
        """[Bombardement et torpillage] M084; troops at Midway only reduced (M086); consequences (M090-M096)."""
        self.defaults()
        for side in SIDES:
            for shooter, target, _rid in self.tasks[side]:
                if target is None or not self.alive(shooter) or not self.alive(target):
                    continue
                kind = "torpedo" if self.code(shooter) == "T" else "bomb"
                hits = self.fire(
                    shooter,
                    target,
                    self.d(shooter).type.attack,
                    f"{self.tag(shooter, side)} attaque {self.tag(target, side)}",
                    "Bombardement et torpillage",
                )
                ground = self.d(target).kind == "ground"
                self.shot(shooter, target, hits, kind, side, "Bombardement et torpillage", reduce_only=ground)

    # --------------------------------------------------------------- phase 7
    def _enter_p7(self) -> None:
        """[Phase 7] recovery: every aircraft in the air must land (M026, M099)."""
        self.tasks = {s: [] for s in SIDES}
        for a, r in self.u.items():
            if r.get("st") == "air":
                self.tasks[self.side_of(a)].append([a, None, "land"])
        for s in SIDES:
            self.orders[s]["sd"] = []
            self.orders[s]["reserve"] = []
        self.open = {s: True for s in SIDES}

    def landing_sites(self, aid: str, pending: float = 0.0, skip: int | None = None) -> list[str]:
        """[Récupération] bases within the range left, with room (M099, M104); Midway's own aircraft only at
        Midway except the Avengers (M100)."""
        r = self.u[aid]
        side = self.side_of(aid)
        raid = self.raids[r["raid"]] if r.get("raid") is not None and r["raid"] < len(self.raids) else None
        here = raid["hex"] if raid else (r.get("scout") or self.base_hex(r["base"]))
        left = self.d(aid).type.range - r.get("out", 0)
        weight = 1.0 if r["lv"] >= 2 else 0.5
        loads = self.deck_loads()
        out = []
        for base in self.bases(side):
            h = self.base_hex(base)
            if h is None or here is None or distance(here, h) > left:
                continue
            if r.get("defhex") and h != r["defhex"]:
                continue
            if base != "midway" and self.lands_only_at_midway(aid):
                continue
            extra = sum(
                (1.0 if self.u[t[0]]["lv"] >= 2 else 0.5)
                for k, t in enumerate(self.tasks[side])
                if t[1] == base and k != skip
            )
            if loads.get(base, 0.0) + extra + weight <= self.capacity(base):
                out.append(base)
        own = r["base"]
        out.sort(key=lambda b: (b != own, b))
        return out

    def _targets_p7(self, side: str, i: int) -> list[tuple[str, str]]:
        """[Récupération des avions] The bases where the aircraft may land (M099)."""
        aid = self.tasks[side][i][0]
        return [(b, b) for b in self.landing_sites(aid, skip=i)]

    def stand_down_bases(self, side: str) -> list[str]:
        """[Récupération] readiness is optional (M097), and defence fighters may be set Not-Ready (M103):
        the bases whose aircraft would become Ready now and may be kept Not-Ready instead (VAM-R34)."""
        chosen = self.orders[side].get("sd", [])
        waking = {
            r.get("base")
            for a, r in self.u.items()
            if r.get("st") == "deck"
            and ("def" in r or (not r["ready"] and r["flew"] != self.turn))
            and self.side_of(a) == side
        }
        return [b for b in self.bases(side) if b in waking and b not in chosen and self.base_hex(b) is not None]

    def _extra_p7(self, side: str) -> list[Option]:
        """[Chasseurs japonais en réserve] one reserve unit per listed carrier, once, Ready or Not-Ready (M152,
        C-04 / VAM-R11); and the optional readiness, base by base (M097, M103)."""
        out = [
            Option(f"sd:{b}", lambda b=b: f"Laisser les avions de {b} en position non prêt ce tour")
            for b in self.stand_down_bases(side)
        ]
        if side != "ijn":
            return out
        for carrier in DATA.rules["reserve"]["carriers"]:
            rid = f"{carrier}_reserve"
            r = self.u[rid]
            landing = sum((1.0 if self.u[t[0]]["lv"] >= 2 else 0.5) for t in self.tasks[side] if t[1] == carrier)
            weight = 1.0 if r["lv"] >= 2 else 0.5
            if (
                r["st"] == "reserve"
                and self.capacity(carrier) > 0
                and self.load(carrier, landing) + weight <= self.capacity(carrier)
            ):
                name = DATA.units[carrier].name
                out.append(Option(f"rv:{carrier}", f"Mettre en jeu les chasseurs de réserve de {name} (prêts)"))
                out.append(Option(f"rn:{carrier}", f"Mettre en jeu les chasseurs de réserve de {name} (non prêts)"))
        return out

    def _extra_apply_p7(self, side: str, option: Option) -> None:
        """[Récupération des avions] Keep a base's aircraft Not-Ready, or release a reserve unit (M097, M152)."""
        if option.id.startswith("sd:"):
            self.orders[side]["sd"].append(option.id[3:])
            return
        carrier = option.id[3:]
        r = self.u[f"{carrier}_reserve"]
        r.update(st="deck", ready=option.id.startswith("rv:"), flew=self.turn)
        self.orders[side]["reserve"].append(carrier)  # the VP are scored when the phase closes (VAM-R43)
        self.emit(
            "reserve",
            f"Chasseurs de réserve mis en jeu sur {DATA.units[carrier].name}",
            rule="Chasseurs japonais en réserve",
            to=("ijn",),
        )

    def _dec_p7(self, side: str) -> Decision | None:
        """[Phase 7] Where each aircraft in the air lands; reserve fighters; optional readiness (M099, M152, M097)."""
        return self._task_decision(side, "Phase 7 : où atterrit", "Récupération des avions")

    _apply_p7 = _task_apply

    def _close_p7(self) -> None:
        """[Récupération] landing or ditching (M101), Not-Ready after a mission (M102), readiness of the
        others (M097, M098, C-12, C-13), defence fighters stay ready (M103, C-14); the reserve fighters released
        score for the Americans (M152), only now, so that the release tells them nothing before the phase closes
        (VAM-R43)."""
        for carrier in self.orders["ijn"].get("reserve", []):
            lv = self.u[f"{carrier}_reserve"]["lv"]
            points = DATA.vp["reserve_full"] if lv >= 2 else DATA.vp["reserve_reduced"]
            self.vp["usn"] += points
            self.vp_unseen["usn"] += points  # the Americans are not told of the release (VAM-R49)
        self.defaults()
        for side in SIDES:
            for aid, base, _ in self.tasks[side]:
                r = self.u[aid]
                if r["st"] != "air":
                    continue
                if base is None:
                    # M101: the message names the unit as it flew (full or reduced), before its levels are gone
                    text = f"{self.label(aid)} ne trouve pas où se poser : perdu en mer"
                    lv = r["lv"]
                    r["st"] = "dead"
                    r["lv"] = 0
                    points = lv * (DATA.vp["ditched_usn"] if side == "usn" else DATA.vp["ditched_ijn"])
                    self.vp[ENEMY[side]] += points
                    self.vp_unseen[ENEMY[side]] += points  # the enemy is not told of the ditching (VAM-R49)
                    self.emit("ditch", text, rule="Récupération des avions", to=(side,))
                else:
                    r.update(st="deck", base=base, ready=False)
                r.pop("out", None)
                r.pop("raid", None)
                r.pop("defhex", None)
                r.pop("scout", None)
        kept = {b for s in SIDES for b in self.orders[s].get("sd", [])}
        for a, r in self.u.items():
            if r.get("st") != "deck":
                r.pop("def", None)
                continue
            if r["base"] in kept:
                if r.pop("def", None) is not None:
                    r["ready"] = False
                continue
            if r.pop("def", None) is not None:
                r["ready"] = True
                continue
            if r["ready"] or r["flew"] == self.turn:
                continue
            wait = 2 if self.code(a) == "H" else 1
            if self.turn - r["flew"] >= wait:
                r["ready"] = True
        self.raids = []
