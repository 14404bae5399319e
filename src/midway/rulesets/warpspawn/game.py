"""[TURN SEQUENCE] The Warpspawn "Midway" game: setup, the turn loop, decisions, views, victory."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from midway.engine import MAX_TURNS, Decision, Game, GameOption, Option, Outcome, State, TextSection
from midway.rulesets.warpspawn import attack, constraints, move
from midway.rulesets.warpspawn.board import (
    BIT,
    DRINK,
    INDEX,
    OK,
    Memo,
    Sets,
    Squad,
    carriers_left,
    deck_capacity,
    is_fighter,
    refuel_capacity,
    reindex,
)
from midway.rulesets.warpspawn.data import (
    BOX_NAMES,
    CARRIER_ORDER,
    CARRIERS,
    MIDWAY,
    RULES,
    SQUAD_TYPES,
    STRIKE_BOXES,
    TARGET_NAMES,
    WARSHIPS,
    starting_squads,
)


class WarpspawnState(State):
    """A game of Warpspawn's Midway in progress.

    Besides the game itself (serialized, compared, replayed) the state keeps indexes derived from
    it, rebuilt by :func:`~midway.rulesets.warpspawn.board.reindex` and kept up to date by the moves:
    ``_n_deck`` / ``_n_refuel`` (squads per carrier box); the squad sets (ints, a bit per squad of a side:
    :data:`~midway.rulesets.warpspawn.board.BIT`) ``_decks`` / ``_refuels`` (per carrier) and ``_sets`` (per side,
    a :class:`~midway.rulesets.warpspawn.board.Sets`: squads still to move, face down, free to go below or up,
    in each box off the carriers); ``_land`` (per side,
    the carriers with room On Deck); ``_gwait`` (the strike groups in Search or 2nd Search still to
    move); ``_mine`` (each side's squads not in The Drink, in setup order);
    ``_popt`` (per side, each squad's ``pick:`` option where it is now, by ``index``); ``_cap`` /
    ``_launch`` / ``_targets`` (what carrier damage changes); ``_hc`` (the ``historical_constraints`` option) and
    ``_hidden`` (per side, who sees the events about its hidden boxes: see
    :func:`~midway.rulesets.warpspawn.board.private`), the options the moves read, as plain attributes.
    They are left out of :meth:`to_json`, so a state's bytes and digest are the game alone.
    """

    _INDEXES: ClassVar[frozenset[str]] = frozenset(
        {
            "_n_deck",
            "_n_refuel",
            "_decks",
            "_refuels",
            "_sets",
            "_land",
            "_gwait",
            "_mine",
            "_popt",
            "_cap",
            "_launch",
            "_targets",
            "_hc",
            "_hidden",
        }
    )
    _NOT_SERIALIZED: ClassVar[frozenset[str]] = State._NOT_SERIALIZED | _INDEXES

    _n_deck: dict[str, int]
    _n_refuel: dict[str, int]
    _decks: dict[str, int]
    _refuels: dict[str, int]
    _sets: dict[str, Sets]
    _land: dict[str, tuple[str, ...]]
    _gwait: set[str]
    _mine: dict[str, list[Squad]]
    _popt: dict[str, list[Option]]
    _cap: dict[str, int]
    _launch: dict[str, bool]
    _targets: dict[str, tuple[str, ...]]
    _hc: bool
    _hidden: dict[str, tuple[str, ...] | None]

    def _clone_data(self) -> dict[str, Any]:
        """A hand-written copy of the ruleset's attributes (speed: search clones). Squads, groups and
        the raid in progress are copied; the damage indexes, replaced whole when they change, are shared."""
        squads = {sid: sq.copy() for sid, sq in self.squads.items()}
        raid = self.raid
        if raid is not None:
            raid = dict(raid)
            for key in ("groups", "waves", "members"):
                if key in raid:
                    raid[key] = list(raid[key])
            if "assign" in raid:
                raid["assign"] = dict(raid["assign"])
            if "hits" in raid:
                raid["hits"] = [list(h) for h in raid["hits"]]
        return {
            "turn": self.turn,
            "stage": self.stage,
            "mover": self.mover,
            "sel": self.sel,
            "failed": self.failed,
            "launched": list(self.launched),
            "squads": squads,
            "groups": {gid: {**g, "members": list(g["members"])} for gid, g in self.groups.items()},
            "gcount": dict(self.gcount),
            "status": dict(self.status),
            "deck_cap": dict(self.deck_cap),
            "runways": self.runways,
            "raids": [list(r) for r in self.raids],
            "raid": raid,
            "alloc": [list(a) for a in self.alloc],
            "intercepted": list(self.intercepted),
            "losses": {s: dict(v) for s, v in self.losses.items()},
            "hc": dict(self.hc),
            "_n_deck": dict(self._n_deck),
            "_n_refuel": dict(self._n_refuel),
            "_decks": dict(self._decks),
            "_refuels": dict(self._refuels),
            "_sets": {side: sets.copy() for side, sets in self._sets.items()},
            "_land": dict(self._land),
            "_gwait": set(self._gwait),
            "_mine": {s: [squads[sq.id] for sq in lst] for s, lst in self._mine.items()},
            "_popt": {side: list(opts) for side, opts in self._popt.items()},
            "_cap": self._cap,
            "_launch": self._launch,
            "_targets": self._targets,
            "_hc": self._hc,
            "_hidden": self._hidden,
        }

    # ------------------------------------------------------------------ setup
    def _setup(self) -> None:
        """[JAPANESE SETUP] [AMERICAN SETUP] Every squad on its carrier, On Deck first (up to 4),
        the rest in Refuel/Rearm, all face up (WS-R20, M04-M11)."""
        self.turn = 1
        self.stage = "move"
        self.mover = "usn"
        self.sel = ""
        self.failed = ""
        self.launched: list[str] = []
        self.squads: dict[str, Squad] = {}
        deck: dict[str, int] = {}
        for sid, side, key, carrier in starting_squads():
            cv = CARRIERS[carrier]
            box = "deck" if deck.get(carrier, 0) < cv.deck_capacity else "refuel"
            deck[carrier] = deck.get(carrier, 0) + (box == "deck")
            self.squads[sid] = Squad(sid, side, key, box, carrier, origin=carrier, index=INDEX[sid], bit=BIT[sid])
        self.groups: dict[str, dict[str, Any]] = {}
        self.gcount = {"usn": 0, "ijn": 0}
        self.status = {c: OK for c in CARRIERS}
        self.deck_cap = {c: cv.deck_capacity for c, cv in CARRIERS.items()}
        self.runways = CARRIERS[MIDWAY].runways
        self.raids: list[list[str]] = []
        self.raid: dict[str, Any] | None = None
        self.alloc: list[list[Any]] = []
        self.intercepted: list[str] = []
        self.losses: dict[str, dict[str, int]] = {"usn": {}, "ijn": {}}
        self.hc = constraints.fresh()
        reindex(self)
        move.start_move(self, "usn")
        self._run()

    # ------------------------------------------------------------------ flow
    def _run(self) -> None:
        """Run every automatic step forward to the next decision or the end, and hand that decision
        to the engine (built once: the move phase knows it has stopped by building it)."""
        while self.result is None:
            if self.stage == "move":
                d = move.decision(self)
                if d is not None:
                    self._offer({d.side: d})
                    return
                self._after_move()
            elif self.stage == "fail":
                d = move.fail_decision(self)
                self._offer({d.side: d})
                return
            else:
                if attack.advance(self):
                    if self.result is None:
                        d = attack.pending(self)
                        assert d is not None, "the attack phase stopped without a decision"
                        self._offer({d.side: d})
                    return
                if not self.check_victory():  # once the whole Attack Phase has resolved (WS-R18)
                    self.end_turn()

    def _after_move(self) -> None:
        """[TURN SEQUENCE] Americans move, then Japanese; then the Attack Phase (M16, M17)."""
        move.end_move(self)
        if self.mover == "usn":
            move.start_move(self, "ijn")
        else:
            attack.start_attack(self)

    def end_turn(self) -> None:
        """[TURN SEQUENCE] End of turn: the turn limit and the stalemate end (WS-R19)."""
        limit = self.options["max_turns"]
        if self.turn >= limit:
            self._finish_by_limit(f"turn limit {limit} reached")
            return
        if not self._can_still_strike():
            self._finish_by_limit("neither side has a squad left that can damage a carrier")
            return
        self.turn += 1
        move.start_move(self, "usn")

    def _can_still_strike(self) -> bool:
        if self.options["nautilus"] and self.turn < RULES.nautilus_turn:
            return True
        return any(sq.box != DRINK and not is_fighter(sq) for sq in self.squads.values())

    def score(self) -> dict[str, int]:
        """[VICTORY] Outcome score: carriers left per side (Midway not counted, WS-R11)."""
        return {side: carriers_left(self, side) for side in ("usn", "ijn")}

    def check_victory(self) -> bool:
        """[VICTORY] Destroy all of your opponent's carriers (M73; Midway excluded, WS-R11), judged at the end of
        the Attack Phase (WS-R18): a side that has lost its last carrier by then loses, and when both have, both
        have done what the text asks and the game is a draw (WS-R19)."""
        score = self.score()
        if score["usn"] == 0 and score["ijn"] == 0:
            why = "both sides have lost every carrier in the same Attack Phase: a draw"
            self.finish(Outcome(None, why, score, kind="carriers"))
            return True
        for side, enemy in (("usn", "ijn"), ("ijn", "usn")):
            if score[enemy] == 0:
                self.finish(
                    Outcome(
                        side,
                        f"{self.game.side_name(side)} has put every enemy carrier out of action",
                        score,
                        kind="carriers",
                    )
                )
                return True
        return False

    def _finish_by_limit(self, why: str) -> None:
        """[VICTORY] At the turn limit (WS-R19): ``limit_result`` decides."""
        score = self.score()
        rule = self.options["limit_result"]
        if rule == "more-carriers":
            a, b = score["usn"], score["ijn"]
        elif rule == "fewer-lost":
            a = -(len(WARSHIPS["usn"]) - score["usn"])
            b = -(len(WARSHIPS["ijn"]) - score["ijn"])
        else:
            a = b = 0
        winner = None if a == b else ("usn" if a > b else "ijn")
        text = "a draw" if winner is None else f"{self.game.side_name(winner)} wins"
        self.finish(Outcome(winner, f"{why}: {text} ({rule})", score, kind="turn-limit"))

    # ------------------------------------------------------------------ hooks
    def _decisions(self) -> dict[str, Decision]:
        if self.stage == "move":
            d = move.decision(self)
        elif self.stage == "fail":
            d = move.fail_decision(self)
        else:
            d = attack.pending(self)
        assert d is not None, "the state machine stopped without a decision"
        return {d.side: d}

    def _resolve(self, choices: Mapping[str, Option]) -> None:
        (opt,) = choices.values()
        head, unit, dest = ACTIONS[opt[0]]
        if head == "pick":
            d = move.pick(self, unit)
            if d is not None:  # the move-to decision, found by the pick (else the unit has moved)
                self._offer({d.side: d})
                return
        elif head == "move":
            if self.stage == "fail":
                move.resolve_fail(self, dest)
            else:
                move.move(self, unit, dest)
        elif head == "done":
            self._after_move()
        elif head == "lose":
            attack.lose(self, unit)
        elif head == "target":
            attack.assign(self, unit, dest)
        elif head == "nautilus":
            attack.nautilus(self, unit)
        self._run()

    # ------------------------------------------------------------------ views
    _private_kinds = frozenset({"allocate"})
    """WS-R32: a loss to choose is asked only when the owner's squads differ (WS-R30), which would tell the enemy
    what is on a deck: the enemy is not told that the side answers it (:meth:`State._public_turn`). (A failed
    search's question stays public: the mover is to move either way, and the view's stage reads "move", see
    :meth:`_view`.)"""

    def _view(self, side: str | None) -> dict[str, Any]:
        """[WS-R32] Own boxes in full; of the enemy: carrier status, deck capacity, Midway's runways,
        the strike groups in the enemy's Attack box (size and target only) and the losses inflicted.
        ``open_flowcharts`` shows everything."""
        stage = self.stage
        if stage == "fail" and side != self.mover and not self.options["open_flowcharts"]:
            stage = "move"  # WS-R32: the search roll is the owner's; the enemy sees only that it moves
        out: dict[str, Any] = {
            "turn": self.turn,
            "max_turns": self.options["max_turns"],
            "stage": stage,
            "mover": self.mover,
            "carriers": {c: self._carrier_public(c) for c in CARRIERS},
            "losses": {s: dict(v) for s, v in self.losses.items()},
        }
        for s in ("usn", "ijn"):
            if side == s or self.options["open_flowcharts"]:
                out[s] = self._side_full(s)
            else:
                out[s] = self._side_public(s)
        out["raid"] = None
        if self.raid is not None and self.raid["side"] != "nautilus":
            out["raid"] = {"side": self.raid["side"], "target": self.raid["target"], "segment": self.raid["seg"]}
        return out

    def _carrier_public(self, c: str) -> dict[str, Any]:
        cv = CARRIERS[c]
        data: dict[str, Any] = {
            "name": cv.name,
            "side": cv.side,
            "task_force": cv.task_force,
            "status": self.status[c],
            "deck_capacity": deck_capacity(self, c),
            "refuel_capacity": refuel_capacity(c),
        }
        if cv.is_island:
            data["runways"] = self.runways
        return data

    def _squad_json(self, sq: Squad) -> dict[str, Any]:
        d: dict[str, Any] = {"id": sq.id, "type": sq.type, "moved": sq.moved, "rearm": sq.rearm}
        if sq.box == "patrol":
            d["patrol"] = sq.patrol
        if sq.ditch:
            d["ditch"] = True
        return d

    def _side_full(self, s: str) -> dict[str, Any]:
        boxes: dict[str, list[dict[str, Any]]] = {b: [] for b in STRIKE_BOXES}
        decks: dict[str, dict[str, list[dict[str, Any]]]] = {c: {"deck": [], "refuel": []} for c in CARRIER_ORDER[s]}
        drink: list[str] = []
        for sq in self.squads.values():
            if sq.side != s:
                continue
            if sq.box == DRINK:
                drink.append(sq.id)
            elif sq.box in ("deck", "refuel"):
                decks[sq.carrier][sq.box].append(self._squad_json(sq))
            elif not sq.group:
                boxes[sq.box].append(self._squad_json(sq))
        groups = {
            gid: {"box": g["box"], "target": g["target"], "members": list(g["members"]), "restricted": g["restricted"]}
            for gid, g in self.groups.items()
            if g["side"] == s
        }
        return {"hidden": False, "boxes": boxes, "carriers": decks, "groups": groups, "drink": drink}

    def _side_public(self, s: str) -> dict[str, Any]:
        strikes = [
            {"target": g["target"], "size": len(g["members"])}
            for g in self.groups.values()
            if g["side"] == s and g["box"] == "attack"
        ]
        return {"hidden": True, "attack_box": strikes}


def _action(oid: str) -> tuple[str, str, str]:
    head, _, rest = oid.partition(":")
    unit, _, dest = rest.partition(":")
    return head, unit, dest


ACTIONS: Memo[str, tuple[str, str, str]] = Memo(_action)
"""Each option id read once as what it asks for: ``pick:<unit>``, ``move:<unit>:<place>`` (the place may hold
colons: ``land:hiryu``), ``done``, ``lose:<squad>``, ``target:<squad>:<carrier>``, ``nautilus:<carrier>``
give ``(head, unit, place)`` (a squad or a carrier for ``unit``; "" where the id has none)."""


class WarpspawnGame(Game):
    id = "warpspawn"
    title = "Midway (Warpspawn)"
    version = "5"
    """2: a Deck Fire takes its 2 squads from Refuel/Rearm when On Deck is short (WS-R09); interception
    by the whole defending fleet (WS-R23) and runways that do not cap Midway's deck (WS-R21) by default.
    3: the owner picks between squads that differ in their Patrol turns (and, with the historical constraints, in
    where they set up and whether they have flown) (WS-R30); a squad stranded in Takeoff is not pancaked (WS-R24).
    4: with the historical constraints Japan must fly its two Midway waves: its bombers move toward Takeoff, which
    holds for the wave, a ready wave launches and goes on to attack, and the first counter-attack is the first raid on
    a Task Force (WS-R35); games without them are unchanged but for the views (WS-R32: a failed search reads as a
    move to the enemy, and its loss choices are not shown as its turn).
    5: victory is judged once the Attack Phase has resolved, so the raids in the Attack box fly after the last enemy
    carrier falls, and both sides losing their last carrier in one Attack Phase is a draw (WS-R18, WS-R19); a strike
    group still to move in Search holds ``done`` back (WS-R28: with the historical constraints a Midway wave's group
    sat there); with the historical constraints Japan's Midway waves are built On Deck and no squad waits in Takeoff,
    and bombers that can never come up do not count (WS-R35); the strike group Midway's bombers launch in must
    attack, turning back only after a failed search roll (WS-R24)."""
    sides = ("usn", "ijn")
    side_names = {"usn": "United States Navy", "ijn": "Imperial Japanese Navy"}
    description = (
        "Warpspawn's Midway: a two-player D6 dice game played on a Strike Force flowchart and "
        "Carrier Boxes instead of a map. Move squads from deck to Takeoff, Search and Attack, "
        "intercept, shoot AA, bomb, and put every enemy carrier out of action."
    )
    options = (
        GameOption(
            "max_turns",
            RULES.default_max_turns,
            "turn limit (the text has none)",
            rule="WS-R19",
            minimum=1,
            maximum=MAX_TURNS,
        ),
        GameOption(
            "limit_result",
            "fewer-lost",
            "at the turn limit: fewer carriers lost wins, more carriers left wins, or a draw",
            choices=("fewer-lost", "more-carriers", "draw"),
            rule="WS-R19",
        ),
        GameOption("historical_constraints", False, "the OPTIONAL HISTORICAL CONSTRAINTS", rule="WS-R24"),
        GameOption("nautilus", False, "USS Nautilus's free torpedo attack on turn 17 (hits 1-3)", rule="WS-R12"),
        GameOption("fighters_second_search", False, "fighters may enter 2nd Search, then ditch", rule="WS-R13"),
        GameOption("open_flowcharts", False, "both sides see every box", rule="WS-R32"),
        GameOption(
            "interception_scope",
            "fleet",
            "defending On Deck fighters: those of the whole fleet (the text), or only of the attacked carriers",
            choices=("fleet", "target"),
            rule="WS-R23",
        ),
        GameOption(
            "runway_effect",
            "none",
            "Midway's lost runways change nothing else (the text), or lower its On Deck capacity "
            "(and 0 runways closes it)",
            choices=("none", "capacity"),
            rule="WS-R21",
        ),
        GameOption(
            "midway_ordnance",
            "bombs",
            "Midway's B-26, Vindicator, B-17 and Catalina all carry bombs, or the B-26 carries a torpedo",
            choices=("bombs", "historical"),
            rule="WS-R22",
        ),
    )
    state_class = WarpspawnState

    def statistics(self, state: State) -> dict[str, float]:
        """Figures about a finished game for ``midway simulate``: turns, carriers sunk (Out of Action)
        and squads lost per side, Midway's runways left."""
        assert isinstance(state, WarpspawnState)
        lost = {s: sum(1 for sq in state.squads.values() if sq.side == s and sq.box == DRINK) for s in ("usn", "ijn")}
        left = state.score()
        return {
            "turns": state.turn,
            "usn carriers sunk": len(WARSHIPS["usn"]) - left["usn"],
            "ijn carriers sunk": len(WARSHIPS["ijn"]) - left["ijn"],
            "usn squads lost": lost["usn"],
            "ijn squads lost": lost["ijn"],
            "midway runways left": state.runways,
        }

    def render(self, view: Mapping[str, Any]) -> list[TextSection]:
        """The view as tables: my carriers, my flowchart, what I know of the enemy, turn and phase."""
        st = view.get("state", {})
        me = view.get("side")
        sections = [
            TextSection(
                title=f"Turn {st.get('turn')} of {st.get('max_turns')}",
                rows=(
                    ("phase", str(st.get("stage"))),
                    ("moving", self.side_name(st["mover"]) if st.get("mover") else "-"),
                    ("to choose", ", ".join(self.side_name(s) for s in view.get("to_move", [])) or "-"),
                ),
            )
        ]
        for s in self.sides:
            info = st.get(s, {})
            mine = "my" if s == me else self.side_name(s)
            rows = []
            for c in CARRIER_ORDER[s]:
                cp = st["carriers"][c]
                deck = refuel = "?"
                if not info.get("hidden", True):
                    deck = " ".join(_chip(q) for q in info["carriers"][c]["deck"]) or "-"
                    refuel = " ".join(_chip(q) for q in info["carriers"][c]["refuel"]) or "-"
                extra = f" runways {cp['runways']}" if "runways" in cp else ""
                rows.append(
                    (
                        cp["name"],
                        f"{cp['status']}{extra}",
                        f"{deck} /{cp['deck_capacity']}",
                        f"{refuel} /{cp['refuel_capacity']}",
                    )
                )
            sections.append(
                TextSection(
                    title=f"{mine} carriers", rows=tuple(rows), header=("carrier", "status", "On Deck", "Refuel/Rearm")
                )
            )
            if not info.get("hidden", True):
                frows = [(BOX_NAMES[b], " ".join(_chip(q) for q in qs) or "-") for b, qs in info["boxes"].items()]
                for gid, g in info["groups"].items():
                    frows.append(
                        (f"{BOX_NAMES[g['box']]}: {gid}", f"vs {TARGET_NAMES[g['target']]}: " + " ".join(g["members"]))
                    )
                frows.append(("The Drink", str(len(info["drink"]))))
                sections.append(
                    TextSection(title=f"{mine} strike force flowchart", rows=tuple(frows), header=("box", "squads"))
                )
            else:
                krows = [
                    (
                        "strikes in Attack box",
                        ", ".join(f"{a['size']} vs {TARGET_NAMES[a['target']]}" for a in info.get("attack_box", []))
                        or "-",
                    )
                ]
                lost = st.get("losses", {}).get(s, {})
                krows.append(
                    ("squads shot down", ", ".join(f"{n} {SQUAD_TYPES[t].name}" for t, n in lost.items()) or "-")
                )
                sections.append(TextSection(title=f"known of the {self.side_name(s)}", rows=tuple(krows)))
        return sections


def _chip(q: Mapping[str, Any]) -> str:
    mark = "*" if q.get("rearm") else ""
    mark += "'" if q.get("moved") else ""
    return f"{q['id']}{mark}"
