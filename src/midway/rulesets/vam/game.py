"""[Séquence de jeu] "Victory at Midway": the Game, the State and the umpire's turn machine.

Each of the 25 turns runs the 11 phases of [Décomposition d'un tour de jeu] as *steps*. In a step
with orders, each side gives a compound order (a sequence of atomic choices ending with ``done``)
as the engine's *blind compound order*: each choice is applied at once to ``self.orders``, unseen by
the other side, who is told only that both sides are still to move (VAM-R43); when both sides are
done the umpire (``_close_<step>``) resolves the step and
reports to each side only what it may learn (events ``to=`` that side). A side with nothing to decide
in a step is not asked; a step nobody is asked in is only resolved (M017).

=========  ===========================================================  =============
step       phase                                                        module
=========  ===========================================================  =============
p1         1 movement, Midway raid, Kure, searches                      ``orders``
p2 .. p7   2 raids, 3-4 air combat, 5 AA, 6 bombing, 7 recovery         ``air``
p8 .. p11  8 naval combat and submarines, 9 bombardment, 10 landing,    ``surface``
           11 land combat, then the end of the turn
=========  ===========================================================  =============
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from midway.engine import Decision, Game, GameOption, Option, Outcome, State, TextSection
from midway.rulesets.vam import notation, orders, surface, views
from midway.rulesets.vam.data import DATA, ENEMY, SIDES, unit_def, unit_label

_WHO = {"usn": "américain", "ijn": "japonais"}
_STANDING = (Option("concede", "Abandonner : reconnaître la victoire de l'adversaire (M005)"),)
"""VAM-R30: the standing options of either side with the option ``concession`` on."""
STEPS = ("p1", "p2", "p3", "p4", "p5", "p6", "p7", "p8", "p8s", "p8t", "p8a", "p8b", "p9", "p10", "p11a", "p11b")
BLIND = frozenset({"p2", "p7", "p8", "p9", "p10"})
"""VAM-R43: the phases where both sides are always asked."""
NEXT = dict(zip(STEPS, STEPS[1:], strict=False))
PHASE_OF = {s: int("".join(c for c in s[1:] if c.isdigit())) for s in STEPS}


class VamState(orders.Orders, surface.Surface, State):
    """A game of Victory at Midway in progress (the umpire's complete knowledge)."""

    # ----------------------------------------------------------------- setup
    def _setup(self) -> None:
        """[Mise en place] every unit at its start (units.toml, VAM-R02, VAM-R07), then turn 1 (M032)."""
        self.turn = 1
        self.step = "p1"
        self.u: dict[str, dict[str, Any]] = {}
        for uid, d in DATA.units.items():
            rec: dict[str, Any] = {"lv": d.levels}
            if d.kind == "ship":
                entered = d.start != "enter"
                rec.update(
                    hex=d.start if entered else None,
                    st="map" if entered else "wait",
                    last=-99,
                    course=None,
                    dmg=False,
                    locked=False,
                )
            elif d.kind == "air":
                rec.update(base=d.base, st="deck", ready=True, flew=-99, rest=0, mid=d.base == "midway")
            else:
                rec.update(at=d.at, st="ashore" if d.at == "midway" else "aboard")
            self.u[uid] = rec
        for carrier in DATA.rules["reserve"]["carriers"]:
            rid = f"{carrier}_reserve"
            self.u[rid] = {
                "lv": int(DATA.rules["reserve"]["levels"]),
                "base": carrier,
                "st": "reserve",
                "ready": False,
                "flew": -99,
                "rest": 0,
                "mid": False,
            }
        self.fog = True
        self.midway = {"cap": float(DATA.rules["midway"]["capacity"]), "long": 4, "short": 2, "closed": False}
        self.kure: dict[str, Any] = {"start": None, "closed": False}
        self.spotted: int | None = None
        """[Entrée sur la carte] the first turn a US carrier or carrier aircraft was spotted (group 13)."""
        self.vp: dict[str, float] = {"usn": 0.0, "ijn": 0.0}
        self.vp_unseen: dict[str, float] = {"usn": 0.0, "ijn": 0.0}
        """VAM-R49: the part of each side's VP from losses it was never told of (enemy aircraft ditched, reserves
        released, aircraft aboard a carrier it sank or bombed, aircraft on Midway's ground when Japanese troops
        close the airfield): its view shows the rest (``vp_told``) while the game runs."""
        self.seen: dict[str, dict[str, str]] = {"usn": {}, "ijn": {}}
        """Enemy ships revealed to each side this turn: uid -> hex (M019)."""
        self.revealed: dict[str, set[str]] = {"usn": set(), "ijn": set()}
        """Every enemy unit id ever revealed to each side (the no-leak test reads it)."""
        self.orders: dict[str, dict[str, Any]] = {s: {} for s in SIDES}
        self.open: dict[str, bool] = {s: False for s in SIDES}
        self.menu: dict[str, tuple[str, ...]] = {s: () for s in SIDES}
        self.raids: list[dict[str, Any]] = []
        self.tasks: dict[str, list[list[Any]]] = {s: [] for s in SIDES}
        self.battles: list[dict[str, Any]] = []
        self.in_battle: set[str] = set()
        self.conceded: str | None = None
        self.stopped: set[str] = set()
        """[Les sous-marins] submarines stopped by the screen this turn."""
        self.held: set[str] = set()
        """[Pilonnage de Midway] ships that hold their fire this phase."""
        self.passed: dict[str, bool] = {s: False for s in SIDES}
        """Sides that have said ``done`` in the current step."""
        self.losses: dict[str, dict[str, int]] = {s: {} for s in SIDES}
        self.emit("turn", self._turn_text(), rule="Les tours de jeu")
        self._enter("p1")
        self._run()

    # ------------------------------------------------------------ the clock
    @property
    def night(self) -> bool:
        """[Séquence de jeu] turns 6-7, 13-14, 20-21 are night turns (M015)."""
        return self.turn in DATA.night

    def _turn_text(self) -> str:
        """[Les tours de jeu] The turn, its date and time, day or night (M014)."""
        when = DATA.rules["calendar"]["times"][self.turn - 1]
        return f"Tour {self.turn} ({when}, {'nuit' if self.night else 'jour'})"

    # ---------------------------------------------------------- step machine
    def _enter(self, step: str) -> None:
        """[Séquence de jeu] Begin a step: nobody asked yet, then the step's own automatic work."""
        self.step = step
        self.open = {s: False for s in SIDES}
        self.menu = {s: () for s in SIDES}
        self.passed = {s: False for s in SIDES}
        self.asked: tuple[str, ...] = ()
        getattr(self, f"_enter_{step}")()

    def blind_step(self) -> bool:
        """[Séquence de jeu] VAM-R43: in the phases where being asked would tell the enemy something (raids,
        recovery, naval
        declarations, bombardment, landing), both sides are asked, the one with nothing to order only to go on."""
        if not self.options["blind_prompts"] or self.step not in BLIND:
            return False
        return not (self.night and self.step in ("p2", "p10"))

    def _build(self, close: bool) -> dict[str, Decision]:
        """[Séquence de jeu] The decisions now; ``close`` (the run loop) ends the sides with nothing left.

        M016, VAM-R43: in a step where both sides are asked, each side's decisions are *blind* (the engine's
        blind compound orders): each atomic choice is applied at once and privately, the other side sees both
        sides "to move" until the step closes, and the umpire resolves the step when both have said ``done``.
        ``self.asked`` keeps the sides asked so far in the step, so a side that has finished stays listed."""
        memo = self.__dict__.get("_build_memo")
        if memo is None:
            memo = self.__dict__["_build_memo"] = {}
        decisions = {}
        for side in SIDES:
            if self.open[side]:
                d = self._kept(memo, side, False)
                if d is None:
                    if close:
                        self.open[side] = False
                else:
                    decisions[side] = d
        if self.blind_step():
            for side in SIDES:
                if side not in decisions and not self.passed[side]:
                    decisions[side] = self._kept(memo, side, True)  # type: ignore[assignment]
        asked = tuple(s for s in SIDES if s in decisions or s in self.asked)
        if close:
            self.asked = asked
        if len(asked) > 1:
            # VAM-R43: a blind compound order; every side asked in the step is listed until the step closes
            decide = super().decide
            for s, d in decisions.items():
                hit = memo.get((s, "blind"))
                if hit is None or hit[0] is not d or hit[1] != asked:
                    hit = memo[s, "blind"] = (
                        d,
                        asked,
                        decide(s, d.prompt, d.rule, d.options, kind=d.kind, blind=asked),
                    )
                decisions[s] = hit[2]
        return decisions

    def _kept(self, memo: dict[Any, Any], side: str, passing: bool) -> Decision | None:
        """[Séquence de jeu] The decision of ``side`` (``passing``: the blind step's "nothing to order"), kept in
        ``memo`` (working memory, ``_TRANSIENT``) while only the other side chooses. VAM-R43: one side's choices in
        a blind step are private, so they change nothing the other side is offered; its decision stays the same
        object, built again only once its own choice (or any other change of the position: a new step, a new
        decision serial) has been made. Half the decisions of a blind step were rebuilt for nothing before."""
        key = (self.turn, self.step, self._serial, self._blind.get(side, 0), self.menu[side], self.open[side], passing)
        hit = memo.get(side)
        if hit is not None and hit[0] == key:
            return hit[1]  # type: ignore[no-any-return]
        if passing:
            d: Decision | None = self.decide(
                side,
                f"Tour {self.turn}, phase {PHASE_OF[self.step]} : rien à ordonner",
                "Séquence de jeu",
                [Option("done", "Continuer")],
                kind="pass",
            )
        else:
            d = self._decision(side)
        memo[side] = (key, d)
        return d

    def _run(self) -> None:
        """[Séquence de jeu] Run every automatic step forward to the next decision or the end."""
        while self.result is None:
            decisions = self._build(True)
            if decisions:
                self._offer(decisions)
                return
            getattr(self, f"_close_{self.step}")()
            if self.result is not None:
                return
            nxt = NEXT.get(self.step)
            if nxt is None:
                self._end_turn()
                if self.result is not None:
                    return
                nxt = "p1"
            self._enter(nxt)

    def _decision(self, side: str) -> Decision | None:
        """[Séquence de jeu] The decision of ``side`` in the current step, if any."""
        return getattr(self, f"_dec_{self.step}")(side)  # type: ignore[no-any-return]

    def _decisions(self) -> dict[str, Decision]:
        """[Séquence de jeu] The decisions pending now (a pure function of the state)."""
        return self._build(False)

    def _resolve(self, choices: Mapping[str, Option]) -> None:
        """[Séquence de jeu] The umpire takes each side's choice, then runs the game forward (M002)."""
        for side in SIDES:
            if side in choices:
                self.take(side, choices[side])
        self._run()

    def take(self, side: str, option: Option) -> None:
        """[Séquence de jeu] Record one atomic choice of ``side`` in the current step (no resolution)."""
        if option.id == "done":
            self.passed[side] = True
        getattr(self, f"_apply_{self.step}")(side, option)

    _standing_rule = "VAM-R30"

    def _standing(self, side: str) -> tuple[Option, ...]:
        """[Introduction] M005, VAM-R30: « Un joueur peut aussi simplement reconnaître la victoire de son adversaire,
        à n'importe quel moment »: with the option ``concession``, either side may concede at any moment, whether
        it is asked something or waits (an engine standing option, never an option of a decision)."""
        return _STANDING if self.options["concession"] else ()

    def _resolve_standing(self, side: str, option: Option) -> None:
        """[Introduction] M005, VAM-R30: the concession ends the game at once (:meth:`_concede`)."""
        self._concede(side)

    # ------------------------------------------------------- shared queries
    def d(self, uid: str) -> Any:
        """[Échelle du jeu] A unit's data (a reserve unit uses its carrier's fighter type)."""
        return unit_def(uid)

    def side_of(self, uid: str) -> str:
        """[Échelle du jeu] The side of a unit."""
        d = DATA.units.get(uid)  # unit_def, inlined: asked for every unit at nearly every decision
        return (d if d is not None else unit_def(uid)).side

    def code(self, uid: str) -> str:
        """[Abréviations] The unit's French type code."""
        d = DATA.units.get(uid)
        return (d if d is not None else unit_def(uid)).code

    def ships_at(self, hex_: str, side: str | None = None) -> list[str]:
        """[Empilement] Ships on the map in a hex (M037)."""
        return [
            uid
            for uid, r in self.u.items()
            if r.get("hex") == hex_ and r.get("st") == "map" and (side is None or DATA.units[uid].side == side)
        ]

    def own_ships(self, side: str) -> list[str]:
        """[Empilement] A side's ships on the map."""
        return [uid for uid, r in self.u.items() if r.get("st") == "map" and DATA.units[uid].side == side]

    def base_hex(self, base: str) -> str | None:
        """[Récupération des avions] Where an air base is: Midway's hex, or its carrier's while afloat on the map."""
        if base == "midway":
            return DATA.midway
        r = self.u[base]
        return r["hex"] if r["st"] == "map" else None

    def capacity(self, base: str) -> float:
        """[Capacité d'embarquement] room of a base (M104, M105): 0 once damaged or closed (M090, M137)."""
        if base == "midway":
            return 0.0 if self.midway["closed"] else max(0.0, self.midway["cap"])
        r = self.u[base]
        if r["st"] != "map" or r["dmg"]:
            return 0.0
        return DATA.units[base].capacity

    def load(self, base: str, extra: float = 0.0) -> float:
        """[Données] Aircraft units on a base (reduced units count 1/2, M104)."""
        total = extra
        for r in self.u.values():
            if r.get("base") == base and r.get("st") == "deck":
                total += 1.0 if r["lv"] >= 2 else 0.5
        return total

    def deck_loads(self) -> dict[str, float]:
        """[Données] :meth:`load` of every base with aircraft on deck, in one pass (halves and units add exactly)."""
        loads: dict[str, float] = {}
        for r in self.u.values():
            if r.get("st") == "deck":
                base = r["base"]
                loads[base] = loads.get(base, 0.0) + (1.0 if r["lv"] >= 2 else 0.5)
        return loads

    def in_fog(self, hex_: str | None) -> bool:
        """[Brouillard] whether a hex is in fog now (M139)."""
        return self.fog and hex_ in DATA.fog

    def ashore(self, side: str) -> list[str]:
        """[Combats terrestres] A side's troops ashore at Midway."""
        return [
            uid
            for uid, r in self.u.items()
            if r.get("st") == "ashore" and uid in DATA.units and DATA.units[uid].side == side and r["lv"] > 0
        ]

    def label(self, uid: str, enemy: bool = False) -> str:
        """[Abréviations] A unit as its owner sees it: type code, (e) if reduced, name."""
        return unit_label(uid, self.u[uid]["lv"])

    # ------------------------------------------------------------ damage
    def hit(self, uid: str, hits: int, by: str, source: str, *, reduce_only: bool = False) -> int:
        """[Conséquences des raids] inflict ``hits`` on ``uid`` by ``source`` (a side) with weapon ``by``.

        ``by``: "bomb" (D, M, H), "torpedo" (T), "gun", "sub", "air", "aa", "land", "bombard". Returns
        the loss levels really taken. Japanese battleships: each hit is real on 1-5 of a d10 only (M095,
        VAM-R16). Carriers: any loss gives capacity 0 (M090); bombs destroy ready aircraft (M091), a
        Japanese carrier with ready aircraft sinks (M093, C-07); the others are trapped (M092). Ground
        troops at Midway are only reduced by raids and bombardment (M086, M126); every hit on an American
        one costs the airfield (M096). Transports take their troops with them (M045).
        """
        if hits <= 0:
            return 0
        d = self.d(uid)
        r = self.u[uid]
        owner = d.side
        if d.code == "BB" and owner == "ijn":
            real = 0
            for die in self.roll(
                hits, 10, why="coups réels sur un BB japonais (1-5)", rule="Conséquences des raids", to=SIDES
            ):
                real += die <= 5
            hits = real
        taken = 0
        for _ in range(hits):
            if r["lv"] <= 0:
                break  # no damage to a unit already gone
            if d.kind == "ground" and owner == "usn" and r["st"] == "ashore":
                self.midway_damage(source)
            if reduce_only and r["lv"] <= 1:
                continue
            r["lv"] -= 1
            taken += 1
        if taken:
            self.score(source, uid, taken)
            self.losses[owner][d.code] = self.losses[owner].get(d.code, 0) + taken
        if d.kind == "ship":
            if r["lv"] <= 0:
                self.sink(uid, source)
            else:
                if taken and d.code in ("CV", "CVL"):
                    self.carrier_damaged(uid, by, source)
                if taken and d.code in ("TT", "SFT", "ST"):
                    for gr in self.u.values():
                        if gr.get("at") == uid and gr.get("st") == "aboard" and gr["lv"] > 0:
                            gr["lv"] = max(0, gr["lv"] - taken)
                            if gr["lv"] == 0:
                                gr["st"] = "dead"
        elif d.kind in ("ground", "air") and r["lv"] <= 0:
            r["st"] = "dead"
        return taken

    def carrier_damaged(self, uid: str, by: str, source: str) -> None:
        """[Conséquences des raids] M090-M093, C-07 / VAM-R14: a damaged carrier never flies again."""
        r = self.u[uid]
        r["dmg"] = True
        owner = DATA.units[uid].side
        self.defenders_aloft(uid)
        aboard = [a for a, ar in self.u.items() if ar.get("base") == uid and ar.get("st") == "deck"]
        ready = [a for a in aboard if self.u[a]["ready"]]
        if by == "bomb" and ready:
            if owner == "ijn":
                self.emit_both(
                    f"{DATA.units[uid].name} coule avec ses avions prêts sur le pont", rule="Conséquences des raids"
                )
                self.sink(uid, source)
                return
            before = self.vp.get(source, 0.0)
            for a in ready:
                self.kill_air(a, source)
            if source in self.vp_unseen:  # the bomber is told of the hit only, never what was aboard (VAM-R49)
                self.vp_unseen[source] += self.vp[source] - before
        for a in aboard:
            if self.u[a]["st"] == "deck":
                self.u[a]["st"] = "trapped"

    def sink(self, uid: str, source: str) -> None:
        """[Conséquences des raids] A ship is eliminated: VP for every level it had left (C-09, VAM-R12).

        A carrier takes its aircraft down (M094)."""
        r = self.u[uid]
        if r["lv"] > 0:
            self.score(source, uid, r["lv"])
            r["lv"] = 0
        r["st"] = "sunk"
        self.defenders_aloft(uid)
        for a, ar in self.u.items():
            if ar.get("base") == uid and ar.get("st") in ("deck", "trapped"):
                before = self.vp.get(source, 0.0)
                self.kill_air(a, source)  # no raid showed them: VP the sinking side is not told of (VAM-R49)
                if source in self.vp_unseen:
                    self.vp_unseen[source] += self.vp[source] - before
            if ar.get("at") == uid and ar.get("st") == "aboard":
                ar["lv"] = 0
                ar["st"] = "dead"

    def defenders_aloft(self, carrier: str) -> None:
        """[Récupération des avions] M103, VAM-R46: the fighters defending over their carrier are in the air when
        it is hit: they are
        neither trapped nor sunk with it, and must land in the hex they defended (phase 7)."""
        for ar in self.u.values():
            if ar.get("base") == carrier and ar.get("st") == "deck" and "def" in ar:
                ar.update(st="air", out=0, raid=ar["def"], defhex=self.u[carrier]["hex"])

    def kill_air(self, aid: str, source: str | None) -> None:
        """[Conséquences des raids] An aircraft unit is lost; its remaining levels score for ``source`` (M155)."""
        r = self.u[aid]
        if r["lv"] > 0 and source is not None:
            self.score(source, aid, r["lv"])
        r["lv"] = 0
        r["st"] = "dead"

    def score(self, source: str, uid: str, levels: int) -> None:
        """[Points de victoire] VP per loss level inflicted (M155, C-10 / VAM-R12)."""
        d = self.d(uid)
        if d.side == source:
            return
        vp = DATA.vp
        if d.kind == "air":
            per = vp["air"]
        elif uid == "yamato":
            per = vp["yamato"]
        else:
            per = vp.get(d.code, 0)
        self.vp[source] += per * levels

    def midway_damage(self, source: str) -> None:
        """[Conséquences des raids] M096, C-17 / VAM-R15: each hit on Midway's troops costs 1 capacity,
        one random aircraft on the ground, one air search (long range first)."""
        mw = self.midway
        mw["cap"] = max(0.0, mw["cap"] - 1)
        if mw["long"] > 0:
            mw["long"] -= 1
        elif mw["short"] > 0:
            mw["short"] -= 1
        ground = [
            a for a, r in self.u.items() if r.get("base") == "midway" and r.get("st") == "deck" and "def" not in r
        ]
        if ground:
            (pick,) = self.roll(
                1, len(ground), why="avion détruit au sol (tiré au sort)", rule="Conséquences des raids", to=("usn",)
            )
            victim = ground[pick - 1]
            self.emit(
                "midway",
                f"Avion détruit au sol à Midway : {self.label(victim)}",
                rule="Conséquences des raids",
                to=("usn",),
            )
            self.emit(  # the example: « L'arbitre indique au japonais quels avions il a éliminé », (e) if reduced
                "midway",
                f"Un avion {self.tag(victim, 'ijn')} est détruit au sol",
                rule="Conséquences des raids",
                to=("ijn",),
            )
            self.kill_air(victim, source)

    def emit_both(self, text: str, rule: str = "", data: Mapping[str, Any] | None = None) -> None:
        """[Séquence de jeu] An umpire's report to both sides (never to spectators)."""
        self.emit("umpire", text, rule=rule, data=data, to=SIDES)

    # ---------------------------------------------------------- fire dice
    def fire(self, shooter: str, target: str, value: int, why: str, rule: str, *, malus: int = 0) -> int:
        """[Échelle du jeu] a full unit rolls 2 dice, a reduced unit 1; each die <= value is a hit (M008, M009)."""
        n = 2 if self.u[shooter]["lv"] >= 2 else 1
        if self.u[shooter]["lv"] <= 0 or value <= 0:
            return 0
        # the roll is seen by both sides: it names units by type and side only, never by name
        who, whom = _WHO[self.side_of(shooter)], _WHO[self.side_of(target)]
        neutral = f"{self.code(shooter)} {who} contre {self.code(target)} {whom}"
        dice = self.roll(n, 10, why=f"{rule} : {neutral}", rule=rule, to=SIDES)
        return sum(1 for x in dice if x + malus <= value)

    # ---------------------------------------------------------- end of turn
    def _end_turn(self) -> None:
        """[Phase 11] the end of the turn: Japanese ashore close Midway (M137), Kure (M145-M147),
        the fog (M140), the end of the game (M003)."""
        if self.ashore("ijn") and not self.midway["closed"]:
            self.midway["closed"] = True
            self.midway["cap"] = 0.0
            self.midway["long"] = self.midway["short"] = 0
            before = self.vp["ijn"]
            for a, r in self.u.items():
                if r.get("base") == "midway" and r.get("st") == "deck":
                    self.kill_air(a, "ijn")
            self.vp_unseen["ijn"] += self.vp["ijn"] - before  # told the airfield closed, not what died (VAM-R49)
            self.emit_both(
                "Des troupes japonaises sont à Midway : l'aérodrome est fermé définitivement", rule="Combats terrestres"
            )
        orders.kure_end_of_turn(self)
        if self.fog:
            (die,) = self.roll(1, 10, why="le brouillard se lève-t-il (1)", rule="Brouillard")
            if die <= int(DATA.rules["fog"]["lift_chance"]):
                self.fog = False
                self.emit("fog", "Le brouillard se lève définitivement", rule="Brouillard")
        for s in SIDES:
            self.seen[s] = {}
        empty = [s for s in SIDES if not self.on_map(s)]
        if self.turn >= DATA.turns or empty:
            self.finish(self.final_outcome("fin du tour 25" if not empty else "un camp n'a plus d'unités sur la carte"))
            return
        self.turn += 1
        self.emit("turn", self._turn_text(), rule="Les tours de jeu")

    def on_map(self, side: str) -> bool:
        """[Introduction] C-24 / VAM-R24: ships, aircraft and ground troops on the map keep a side in the game."""
        for uid, r in self.u.items():
            if uid not in DATA.units or DATA.units[uid].side != side:
                continue
            st = r.get("st")
            if st == "map" or (st == "ashore" and r["lv"] > 0):
                return True
            if st in ("deck", "air") and r.get("base") == "midway":
                return True
        return False

    def controls_midway(self) -> str:
        """[Contrôle de Midway] Japan holds it with every US troop gone and one Japanese troop ashore (M138)."""
        if not self.ashore("usn") and self.ashore("ijn"):
            return "ijn"
        return "usn"

    def final_vp(self) -> dict[str, float]:
        """[Points de victoire] the tally plus the end-of-game awards (M157-M159, C-11 / VAM-R13)."""
        vp = dict(self.vp)
        table = DATA.vp
        vp[self.controls_midway()] += table["midway_control"]
        st = self.u["st11"]
        if self.kure_operational():
            vp["ijn"] += table["kure_full"] if st["lv"] >= 2 else table["kure_reduced"]
        sft = self.u["sft"]
        if sft["st"] == "map" and sft["hex"] == DATA.midway and self.controls_midway() == "ijn":
            vp["ijn"] += table["sft_full"] if sft["lv"] >= 2 else table["sft_reduced"]
        return vp

    def final_outcome(self, why: str) -> Outcome:
        """[Points de victoire] The outcome: higher VP wins, a tie is a draw (M004, VAM-R29)."""
        vp = self.final_vp()
        u, j = vp["usn"], vp["ijn"]
        winner = None if u == j else ("usn" if u > j else "ijn")
        text = f"{why} : PV américains {u:g}, japonais {j:g}"
        text += " — partie nulle (VAM-R29)" if winner is None else ""
        # the VP run in quarters (ditched US aircraft): the exact totals are in the reason, no integer score
        return Outcome(winner, text, None, kind="points")

    def _concede(self, side: str) -> None:
        """[Introduction] a player may concede at any moment (M005, VAM-R30): the other side wins; the reason says
        who gave up, when (the turn and the phase the game stands in, whoever is asked there), and the VP standing at
        that moment."""
        self.conceded = side
        vp = self.final_vp()
        names = self.game.side_name
        self.finish(
            Outcome(
                ENEMY[side],
                f"Les {names(side)} abandonnent au tour {self.turn}, phase {PHASE_OF[self.step]} : victoire des "
                f"{names(ENEMY[side])} (PV à l'abandon : américains {vp['usn']:g}, japonais {vp['ijn']:g})",
                None,
                kind="concession",
            )
        )

    # ---------------------------------------------------------------- view
    def _view(self, side: str | None) -> dict[str, Any]:
        """[Séquence de jeu] What ``side`` may know (views.py)."""
        return views.view(self, side)

    _TRANSIENT: ClassVar[frozenset[str]] = frozenset({"_orders_memo", "_build_memo"})
    """Working memory of a step (``Orders._p1_pool`` in phase 1, ``Orders._flyable`` in phase 2, each side's
    decision in a blind step, ``_kept``): see ``State._TRANSIENT``."""

    def _clone_data(self) -> dict[str, Any]:
        """[Séquence de jeu] A hand-written copy of the state (cheap search clones)."""
        return {
            "turn": self.turn,
            "step": self.step,
            "u": {k: dict(v) for k, v in self.u.items()},
            "fog": self.fog,
            "midway": dict(self.midway),
            "kure": dict(self.kure),
            "spotted": self.spotted,
            "vp": dict(self.vp),
            "vp_unseen": dict(self.vp_unseen),
            "seen": {s: dict(v) for s, v in self.seen.items()},
            "revealed": {s: set(v) for s, v in self.revealed.items()},
            "orders": _deep(self.orders),
            "open": dict(self.open),
            "menu": dict(self.menu),
            "raids": _deep(self.raids),
            "tasks": _deep(self.tasks),
            "battles": _deep(self.battles),
            "in_battle": set(self.in_battle),
            "conceded": self.conceded,
            "stopped": set(self.stopped),
            "held": set(self.held),
            "passed": dict(self.passed),
            "asked": self.asked,
            "losses": {s: dict(v) for s, v in self.losses.items()},
        }


def _deep(value: Any) -> Any:
    """[Séquence de jeu] A deep copy of plain nested containers (for clones)."""
    if isinstance(value, dict):
        return {k: _deep(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_deep(v) for v in value]
    if isinstance(value, set):
        return set(value)
    return value


class VamGame(Game):
    """Victory at Midway (French rules, double-blind, the program as umpire)."""

    id = "vam"
    title = "Victory at Midway"
    version = "0.4"
    """0.4: the Japanese land-combat reply spreads its targets as the American fire does (VAM-R28, VAM-R50 revised);
    phase 7's ``done`` lands each carrier's own aircraft before aircraft with no room at home; a side's ``vp_told``
    no longer moves on the ready aircraft a bomb destroys aboard a carrier nor on the aircraft lost when troops
    ashore close Midway's airfield, and an aircraft destroyed on Midway's ground is named to Japan with its strength
    (VAM-R49 revised); ST11 is immune to submarines only while the Kure base is begun or completed, not once it is
    closed (VAM-R54); at a landing the umpire tells the forces present: Japan the American troops on the island,
    both sides the Japanese troops already ashore (VAM-R55); with the option ``concession`` a side may concede at
    any moment, asked something or not: conceding is a standing option of the engine, no longer an option of every
    decision (VAM-R30 revised).

    0.3: phase-1 raid and scout menus count from where the carriers end the phase's moves, moves first
    (VAM-R48); a raid's way home counts only bases the aircraft may land on (VAM-R17 revised); a ditched unit is
    reported as it flew; no running VP total in a side's view before the end (VAM-R49); every unit with a real
    choice of target is asked (naval 8a/8b, land, AA, where a surplus ship may hold its fire), the constraints
    checked on the picks already made (VAM-R50); the night naval search die is rolled in every searching hex,
    so a miss tells nothing (VAM-R51); the Kure base neither offers nor flies a search in the turn ST11 sails
    off Kure, and closes before that turn's searches (VAM-R52); 'build the Kure base' is offered only when ST11
    can be at Kure this turn (VAM-R53)."""
    sides = ("usn", "ijn")
    side_names = {"usn": "Américains", "ijn": "Japonais"}
    description = (
        "Double-blind hex game of the battle of Midway, 3-6 June 1942, 25 turns of 11 phases with "
        "sealed orders; the program is the umpire and tells each side only what it may learn."
    )
    options = (
        GameOption(
            "concession",
            False,
            "let either side concede at any moment, whether it is asked something or waits (a standing option; "
            "the text allows it at any moment; off by default so that random play measures the game)",
            rule="VAM-R30",
        ),
        GameOption(
            "blind_prompts",
            True,
            "ask both sides in every phase that could betray a choice (a side with nothing to order only "
            "confirms), so that who is asked never tells the enemy anything",
            rule="VAM-R43",
        ),
        GameOption(
            "simultaneous_naval",
            False,
            "naval combat fire is simultaneous instead of by initiative (C-06)",
            rule="VAM-R25",
        ),
    )
    state_class = VamState

    def parse_orders(self, state: State, side: str, text: str) -> list[str] | None:
        """[Écriture des ordres] An order typed in the text's notation (``A1 -> B1; Kaga -> A2; 2xYF+1xYD -> H4;
        done``) as the option ids it means for ``side`` now; ``None`` for text not in the notation; a
        ``NotationError`` (an IllegalChoiceError naming the rule) for an illegal order (M162-M164)."""
        assert isinstance(state, VamState)
        return notation.typed_orders(state, side, text)

    def render(self, view: Mapping[str, Any]) -> list[TextSection]:
        """[Séquence de jeu] The view as titled tables: the hex map, the side's units, contacts, its orders."""
        return views.render(view)

    def statistics(self, state: State) -> dict[str, float]:
        """[Points de victoire] Turns, VP, carriers and ships sunk per side, Midway control."""
        assert isinstance(state, VamState)
        out: dict[str, float] = {"turns": float(state.turn)}
        vp = state.final_vp()
        for side in SIDES:
            out[f"{side} vp"] = vp[side]
            out[f"{side} carriers sunk"] = float(
                sum(
                    1
                    for uid, r in state.u.items()
                    if r.get("st") == "sunk" and DATA.units[uid].side == side and DATA.units[uid].code in ("CV", "CVL")
                )
            )
            out[f"{side} ships sunk"] = float(
                sum(1 for uid, r in state.u.items() if r.get("st") == "sunk" and DATA.units[uid].side == side)
            )
        out["midway japanese"] = 1.0 if state.controls_midway() == "ijn" else 0.0
        return out


GAME = VamGame()
