"""[Sequence of Play] The Game and State of A Terrible Resolve.

The state is plain data: each group's strength (``sp``) and place (``loc``),
each carrier's damage, and the step of the 14-step turn. Places are
``hangar:<carrier>``, ``deck:<carrier>``, ``cap:<ring>`` (0 = centre circle),
the circuit boxes ``mta``, ``rta``, ``atk``, ``home``, ``wtl`` (each side has
its own set: the groups' side says whose) and ``lost``.
"""

from __future__ import annotations

import copy
from bisect import insort
from collections.abc import Callable, Mapping
from itertools import compress
from typing import Any, ClassVar

from midway.engine import MAX_TURNS, Decision, Game, GameOption, Option, State, TextSection
from midway.engine.decisions import FrozenDict
from midway.rulesets.terrible_resolve import (
    attacks,
    cap,
    combat,
    landing,
    launch,
    movement,
    repair,
    victory,
    views,
)
from midway.rulesets.terrible_resolve.data import (
    ACTING,
    CARRIERS,
    CRIPPLED_AT,
    DECK_OF,
    GROUP_IDS,
    GROUP_ORDER,
    GROUP_SP,
    GROUPS,
    HANGAR_OF,
    NUMBERS,
    SIDE_CARRIERS,
    SIDE_GROUPS,
    SIDE_OF,
    STEP_ACTIONS,
    SUNK_AT,
    first_wave,
)
from midway.rulesets.terrible_resolve.options import Kept, Said, Table

_FLAT = frozenset(
    {"sp", "loc", "damage", "landed", "search", "cap_orders", "targets", "pending_loss", "first_wave", "acted", "waves"}
)
"""[Sequence of Play] State attributes that are flat dicts or lists of scalars (a shallow copy is a deep one)."""
_SCALARS = (str, int, bool, float, type(None))

ORDER = GROUP_ORDER
_ORDER_KEY = ORDER.__getitem__
"""[Set Up] The sort key of group order (one bound method, not one per move)."""

SIDES = ("usn", "ijn")

SEQUENCE: tuple[tuple[str, str], ...] = (
    ("land", "ijn"),
    ("land", "usn"),
    ("move", "ijn"),
    ("move", "usn"),
    ("cap", "ijn"),
    ("cap", "usn"),
    ("attack", "ijn"),
    ("attack", "usn"),
    ("launch", "ijn"),
    ("launch", "usn"),
    ("plan", "ijn"),
    ("plan", "usn"),
    ("repair", "ijn"),
    ("repair", "usn"),
)
"""[Sequence of Play] The 14 steps of a turn, Japan first in each pair (M16)."""
assert tuple(side for _, side in SEQUENCE) == ACTING
assert tuple(action for action, _ in SEQUENCE) == STEP_ACTIONS
CAP_RINGS = (0, 1, 2, 3, 4, 5)
"""[CAP attacks] The choices of option cap_rings (TR-R03)."""
CAP_PLACES: tuple[str, ...] = tuple(f"cap:{r}" for r in range(max(CAP_RINGS) + 1))
"""[CAP attacks] The rings of the CAP box as places of ``loc``, centre first (as many as the most rings allowed)."""
FIRST_CARRIER = {side: carriers[0] for side, carriers in SIDE_CARRIERS.items()}
"""[Victory] Each side's first carrier: while both sides' float, no side is beaten (TR-R02)."""
_FIRST_USN, _FIRST_IJN = FIRST_CARRIER["usn"], FIRST_CARRIER["ijn"]
_LAST_STEP = len(SEQUENCE) - 1
"""[Sequence of Play] The last step of a turn (America's Repair Damage)."""

STEP_TITLES = {
    "land": "Land Planes",
    "move": "Move Planes",
    "cap": "CAP Attacks",
    "attack": "Carrier Attacks",
    "launch": "Launch Planes",
    "plan": "Planning Phase",
    "repair": "Repair Damage",
}

BEGIN = {
    "land": landing.begin,
    "move": movement.begin,
    "cap": cap.begin,
    "attack": attacks.begin,
    "launch": launch.begin_launch,
    "plan": launch.begin_plan,
    "repair": repair.run,
}

PHASES: dict[
    str, tuple[Callable[[Any], list[Option]], Callable[[Any, Option, list[Option] | None], Kept | None], str, str, str]
] = {
    # phase: (options, resolve, prompt, rule, kind)
    "land": (landing.options, landing.resolve, "Land planes from Waiting to Land", "Land Planes", "land"),
    "move": (movement.options, movement.resolve, "Move planes round the circuit", "Move Planes", "move"),
    "search": (
        movement.search_options,
        movement.resolve_search,
        "Divide the wave into 4 search groups",
        "Special Rule: Finding the Japanese Fleet",
        "search",
    ),
    "cap": (cap.options, cap.resolve, "Commit CAP squadrons against the raid", "CAP attacks", "cap"),
    "target": (attacks.options, attacks.resolve, "Choose each bomber's target", "Carrier Attacks", "target"),
    "launch": (launch.launch_options, launch.resolve_launch, "Send each fighter", "Launch Planes", "launch"),
    "plan": (launch.plan_options, launch.resolve_plan, "Spot planes on the deck", "Planning Phase", "plan"),
    "alloc": (combat.allocation_options, combat.resolve_allocation, "Allocate hits", "", "allocate"),
}


def _prompt(turn: int, step: int, phase: str) -> tuple[str, str, str, str]:
    """[Sequence of Play] The side, prompt text, rule and kind of a decision of ``phase`` in a step (see PROMPTS)."""
    action, side = SEQUENCE[step]
    _, _, prompt, rule, kind = PHASES[phase]
    return (side, f"Turn {turn}, {STEP_TITLES[action]}: {prompt}", rule, kind)


PROMPTS: Table[tuple[str, str, str, str]] = Table(_prompt)
"""[Sequence of Play] Each decision's side, prompt text, rule and kind, made once per turn, step and phase."""


CONTINUATIONS = {
    "cap-end": cap.finish,
    "waves": attacks.next_wave,
    "bomb": attacks.bomb,
}


def _lost(gid: str, n: int, left: int) -> Said:
    """[Sequence of Play] The text and data of the event of group ``gid`` losing ``n`` SP, ``left`` left."""
    gone = not left
    return (
        f"{GROUPS[gid].label} loses {n} SP" + (" and is eliminated" if gone else f" ({left} left)"),
        FrozenDict({"group": gid, "side": GROUPS[gid].side, "sp": n, "eliminated": gone}),
    )


LOST = Table(_lost)
"""Each ``loss`` event's text and data, by group, SP lost and SP left."""


def other(side: str) -> str:
    """[Sequence of Play] The other side."""
    return "ijn" if side == "usn" else "usn"


class TerribleResolveState(State):
    """A game of A Terrible Resolve in progress.

    TR-R19: the questions of the steps where a side's planes are out of the enemy's sight are not shown to the enemy
    as that side's turn (:meth:`_public_turn`), nor is the step (:func:`views.view`).

    ``loc`` is the truth; ``_where`` indexes it (side -> place -> groups in group order) and is
    derived data, so it is neither serialized nor part of a record's digest. Every move goes
    through :meth:`move`; code that edits ``loc`` directly (tests) calls :meth:`reindex`.
    """

    _NOT_SERIALIZED: ClassVar[frozenset[str]] = State._NOT_SERIALIZED | {"_where", "_opts", "_to"}
    _TRANSIENT: ClassVar[frozenset[str]] = frozenset({"_shown"})
    """The options just shown, working memory for the next decision of the step (see ``State._TRANSIENT``)."""

    # ------------------------------------------------------------- set-up
    def _setup(self) -> None:
        """[Set Up] JP first wave in Waiting to Land (M14, TR-R07); every other group in its hangar (TR-R08)."""
        self._to = self._hidden_to()
        self.turn = 1
        self.step = 0
        self.started = False
        self.phase = ""
        self.then = ""
        self.sp: dict[str, int] = {g: GROUP_SP for g in GROUP_IDS}
        self.loc: dict[str, str] = {g: f"hangar:{GROUPS[g].carrier}" for g in GROUP_IDS}
        self.first_wave: list[str] = list(first_wave())
        for g in self.first_wave:
            self.loc[g] = "wtl"
        self.reindex()
        self.damage: dict[str, int] = {c: 0 for c in CARRIERS}
        self.found = False
        self.acted: list[str] = []
        self.landed: dict[str, int] = {}
        self.search: dict[str, int] = {}
        self.searched = False
        self.cap_orders: dict[str, str] = {}
        self.targets: dict[str, str] = {}
        self.waves: list[str] = []
        self.allocs: list[dict[str, Any]] = []
        self.pending_loss: dict[str, int] = {}
        self.emit("turn", "Turn 1 begins", rule="Sequence of Play", data={"turn": 1})
        self._run()

    # ------------------------------------------------------------- helpers
    @property
    def action(self) -> str:
        """[Sequence of Play] What the current step does."""
        return SEQUENCE[self.step][0]

    @property
    def acting(self) -> str:
        """[Sequence of Play] Whose step it is (Japan first in each pair)."""
        return SEQUENCE[self.step][1]

    def afloat(self, c: str) -> bool:
        """[Damaged Carriers] Fewer than 10 damage points."""
        return self.damage[c] < SUNK_AT

    def operational(self, c: str) -> bool:
        """[Damaged Carriers] Not crippled: fewer than 7 damage points (recomputed, TR-R12)."""
        return self.damage[c] < CRIPPLED_AT

    def status(self, c: str) -> str:
        """[Damaged Carriers] operational, crippled (7-9) or sunk (10)."""
        d = self.damage[c]
        return "sunk" if d >= SUNK_AT else "crippled" if d >= CRIPPLED_AT else "operational"

    def carriers_afloat(self, side: str) -> list[str]:
        """[Damaged Carriers] The side's carriers not sunk."""
        carriers = SIDE_CARRIERS[side]
        return list(compress(carriers, map(SUNK_AT.__gt__, map(self.damage.__getitem__, carriers))))

    def reindex(self) -> None:
        """[Set Up: boxes] Rebuild the index of groups by place from ``loc``."""
        where: dict[str, dict[str, list[str]]] = {side: {} for side in SIDES}
        loc = self.loc
        for side in SIDES:
            index = where[side]
            for g in SIDE_GROUPS[side]:
                place = loc[g]
                there = index.get(place)
                if there is None:
                    index[place] = [g]
                else:
                    there.append(g)
        self._where = where
        self.__dict__.pop("_shown", None)  # the position was edited: the options shown are no guide to the next

    def move(self, gid: str, place: str) -> None:
        """[Move Planes] Put group ``gid`` in ``place`` (keeping the index in step)."""
        loc = self.loc
        index = self._where[SIDE_OF[gid]]
        was = loc[gid]
        old = index[was]
        if len(old) == 1:
            del index[was]
        else:
            old.remove(gid)
        loc[gid] = place
        there = index.get(place)
        if there is None:
            index[place] = [gid]
        else:
            insort(there, gid, key=_ORDER_KEY)

    def at(self, side: str, place: str) -> list[str]:
        """[Set Up: boxes] The side's groups in one place, in group order."""
        there = self._where[side].get(place)
        return [] if there is None else list(there)

    def at_many(self, side: str, places: tuple[str, ...]) -> list[str]:
        """[Set Up: boxes] The side's groups in any of some places, in group order."""
        index = self._where[side]
        found: list[str] | None = None
        many = False
        for p in places:
            there = index.get(p)
            if there is not None:
                if found is None:
                    found = there.copy()
                else:
                    found += there
                    many = True
        if found is None:
            return []
        if many:
            found.sort(key=_ORDER_KEY)
        return found

    def in_cap(self, side: str) -> list[str]:
        """[CAP attacks] The side's squadrons in its CAP box."""
        return self.at_many(side, CAP_PLACES)

    def places(self, side: str) -> dict[str, list[str]]:
        """[Sequence of Play] Each place of ``side``'s groups with the groups in it, in group order.

        The index itself: read it, never change it or keep it past a move.
        """
        return self._where[side]

    def deck_sp(self, c: str) -> int:
        """[Planning Phase] SP spotted on the carrier's flight deck."""
        return sum(map(self.sp.__getitem__, self._where[CARRIERS[c].side].get(DECK_OF[c], ())))

    def aboard(self, c: str) -> int:
        """[Land Planes] Groups aboard (hangar and deck), for the capacity of TR-R06."""
        index = self._where[CARRIERS[c].side]
        return len(index.get(HANGAR_OF[c], ())) + len(index.get(DECK_OF[c], ()))

    def visible_to(self, side: str) -> tuple[str, ...] | None:
        """[Sequence of Play] ``to=`` for an event about ``side``'s hidden things (None with open tables)."""
        return self._to[side]

    def _hidden_to(self) -> dict[str, tuple[str, ...] | None]:
        """[Set Up: two tables] :meth:`visible_to` of each side, found once from the options (kept as ``_to``:
        derived data, neither serialized nor part of a digest, shared by clones)."""
        return {side: None if self.options["open_tables"] else (side,) for side in SIDES}

    def __setstate__(self, data: dict[str, Any]) -> None:
        """An unpickled state; one pickled before ``_to`` was kept finds it from its options."""
        super().__setstate__(data)
        if "_to" not in self.__dict__:
            self._to = self._hidden_to()

    def lose(self, gid: str, n: int, *, rule: str, to: tuple[str, ...] | None = None) -> None:
        """[Sequence of Play] Cross out ``n`` SP of a group; at 0 SP it is eliminated (M02). Emits a "loss" event."""
        n = min(n, self.sp[gid])
        self.sp[gid] -= n
        left = self.sp[gid]
        if not left:
            self.move(gid, "lost")
        said = LOST[gid, n, left]
        self.emit("loss", said[0], rule=rule, data=said[1], to=to)

    def lose_all(self, gid: str, *, rule: str, to: tuple[str, ...] | None = None) -> None:
        """[Basing] Eliminate a group outright."""
        if self.sp[gid] > 0:
            self.lose(gid, self.sp[gid], rule=rule, to=to)

    def stay(self, phase: str, opts: list[Option]) -> None:
        """[Sequence of Play] Ask in ``phase`` while it has options, else end the phase.

        The options are kept for the decision the run loop hands the engine, so they are not built
        twice; call it only as the last act of a step's code. (A resolver may instead hand back
        ``(phase, opts)``: :meth:`_resolve` passes it to :meth:`_run`. A resolver is given the options of
        the decision it resolves, ``shown``, so that it may make the next from them.)
        """
        if opts:
            self.phase = phase
            self._opts = (phase, opts)
        else:
            self.phase = ""
            self.__dict__.pop("_opts", None)

    # ------------------------------------------------------------- driver
    def _run(self, kept: Kept | None = None) -> None:
        """[Sequence of Play] Run forward to the next decision or the end, and hand the decision over.

        ``kept``: what a step's resolver handed back to stay in a phase (as :meth:`stay` would keep it)."""
        d = self.__dict__
        if kept is None:
            kept = d.pop("_opts", None)
        elif kept[1]:
            self.phase = kept[0]
        else:
            self.phase = ""
            kept = None
        if not self.phase:  # else play stays in the phase: nothing to run
            self._play()
            kept = d.pop("_opts", None)
        if self.result is None:
            phase = self.phase
            opts = kept[1] if kept is not None and kept[0] == phase else PHASES[phase][0](self)
            if phase == "alloc":
                d["_shown"] = (phase, self._serial, opts)
                self._offered = self._decision(opts)
                return
            self._offer_phase(phase, opts)
        else:
            d.pop("_shown", None)

    def _offer_phase(self, phase: str, opts: list[Option]) -> None:
        """[Sequence of Play] Hand over the decision of ``phase`` (not hit allocation) with options ``opts``,
        remembering them so that the next decision of the phase may be made from them."""
        self.__dict__["_shown"] = (phase, self._serial, opts)
        side, text, rule, kind = PROMPTS[self.turn, self.step, phase]
        self._offered = {side: self.decide(side, text, rule, opts, kind=kind)}

    def _play(self) -> None:
        """[Sequence of Play] Run every automatic step forward to the next decision or the end."""
        while self.result is None:
            if self.phase:
                return
            if self.allocs:
                opts = combat.auto_allocate(self)
                if opts is None:
                    continue
                self.stay("alloc", opts)
                return
            if self.then:
                name, self.then = self.then, ""
                CONTINUATIONS[name](self)
                continue
            damage = self.damage  # a side with its first carrier afloat is not beaten: the full check only else
            if (damage[_FIRST_USN] >= SUNK_AT or damage[_FIRST_IJN] >= SUNK_AT) and victory.check(self):
                return
            if self.started:  # the step has ended: on to the next (nothing checked above has changed since)
                if self.step < _LAST_STEP:
                    self.step += 1
                elif self.turn >= self.options["max_turns"]:
                    self.started = False
                    victory.turn_limit(self)
                    return
                else:
                    self.turn += 1
                    self.step = 0
                    self.emit("turn", f"Turn {self.turn} begins", rule="Sequence of Play", data={"turn": self.turn})
            self.started = True
            action, side = SEQUENCE[self.step]
            BEGIN[action](self, side)

    def decision_side(self) -> str:
        """[Sequence of Play] Who chooses now: the step's side, or the allocating side."""
        return self.allocs[0]["side"] if self.phase == "alloc" else ACTING[self.step]

    def _decisions(self) -> dict[str, Decision]:
        """[Sequence of Play] The one decision pending, built from the current phase."""
        return self._decision(PHASES[self.phase][0](self))

    def _decision(self, opts: list[Option]) -> dict[str, Decision]:
        """[Sequence of Play] The decision of the current phase with options ``opts``."""
        phase = self.phase
        if phase == "alloc":
            alloc = self.allocs[0]
            side = alloc["side"]
            rule = alloc["rule"]
            kind = PHASES[phase][4]
            title = STEP_TITLES[SEQUENCE[self.step][0]]
            text = f"Turn {self.turn}, {title}: Allocate {alloc['hits']} hit(s): {alloc['why']}"
        else:
            key = (self.turn, self.step, phase)
            side, text, rule, kind = PROMPTS.get(key) or _prompt(*key)
        return {side: self.decide(side, text, rule, opts, kind=kind)}

    def _clone_data(self) -> dict[str, Any]:
        """[Sequence of Play] A hand-written deep copy of the ruleset's attributes (faster than pickling)."""
        data = self.__dict__
        out: dict[str, Any] = {}
        for key, value in data.items():
            if key in self._SHARED or key in self._ENGINE or key == "_opts" or key == "_shown":
                continue
            if key in _FLAT:
                out[key] = value.copy()
            elif isinstance(value, _SCALARS):
                out[key] = value
            elif key == "allocs":
                out[key] = [dict(a, pool=list(a["pool"])) for a in value]
            elif key == "_to":
                out[key] = value  # never changed: shared
            elif key == "_where":
                out[key] = {side: {p: g.copy() for p, g in index.items()} for side, index in value.items()}
            else:
                out[key] = copy.deepcopy(value)
        return out

    def _resolve(self, choices: Mapping[str, Option]) -> None:
        """[Sequence of Play] Carry out the choice and run on."""
        ((_, option),) = choices.items()
        d = self.__dict__
        shown = d.get("_shown")  # the options of the decision resolved: the next may be made from them
        opts = shown[2] if shown is not None and shown[1] == self._serial - 1 else None
        kept = PHASES[self.phase][1](self, option, opts)
        if kept is not None and self.result is None:
            phase, opts = kept
            if opts and phase != "alloc":  # play stays in a phase with options: offered at once, not via _run
                self.phase = phase
                self._offer_phase(phase, opts)
                return
        self._run(kept)

    _private_kinds = views.PRIVATE_KINDS
    """TR-R19: the enemy is not told that a side lands, moves, searches, commits CAP, launches or plans
    (:meth:`State._public_turn`)."""

    def _view(self, side: str | None) -> dict[str, Any]:
        """[Set Up: two tables] What ``side`` may know (TR-R19)."""
        return views.view(self, side)


class TerribleResolveGame(Game):
    id = "terrible-resolve"
    title = "A Terrible Resolve"
    version = "3"
    """Rules version: 2 since TR-R29 (a crippled carrier may spot planes) and TR-R17 revised (a wave of four groups
    or more mans every search group), which change the options of games; 3 since TR-R17 revised again (only bombers
    search: fighters join no search group and alone offer no search; lone escorts of a fleet with no carrier are
    lost)."""
    sides = SIDES
    side_names = {"usn": "United States Navy", "ijn": "Imperial Japanese Navy"}
    description = (
        "Fast-play rules for the Battle of Midway by Matt Fritz (Version 2): two fleets on two tables, "
        "plane groups moving round a circuit of boxes, CAP rings, AA against each attack wave, exploding "
        "sixes for the bombers. Sink every enemy carrier."
    )
    options = (
        GameOption(
            "max_turns",
            NUMBERS["default_max_turns"],
            "turn limit (the text has none); at the limit the winner is judged by carriers sunk, "
            "then crippled, then damage inflicted, else a draw",
            rule="TR-R02",
            minimum=1,
            maximum=MAX_TURNS,
        ),
        GameOption(
            "enterprise_aa",
            16,
            "Enterprise's AA dice: 16 (Ship Data table) or 12 (Resolving AA text)",
            choices=(16, 12),
            rule="TR-R01",
        ),
        GameOption(
            "cap_rings",
            NUMBERS["cap_rings"],
            "rings of the CAP box beyond the centre circle (a squadron attacks at most rings+1 times)",
            choices=CAP_RINGS,
            rule="TR-R03",
        ),
        GameOption("cap_drift", False, "CAP that does not attack also moves out one ring per CAP step", rule="TR-R11"),
        GameOption(
            "aa_allocation",
            "attacker",
            "who spreads AA hits: the attacking player chooses, or spread evenly",
            choices=("attacker", "even"),
            rule="TR-R10",
        ),
        GameOption("cross_decking", True, "planes may land on any friendly carrier, not only their own", rule="TR-R09"),
        GameOption(
            "one_way_strikes",
            True,
            "when a side's last carrier sinks, its outbound planes still fly their attack (a one-way trip)",
            rule="TR-R15",
        ),
        GameOption("open_tables", False, "both sides see everything (no hidden information)", rule="TR-R19"),
    )
    state_class = TerribleResolveState

    def render(self, view: Mapping[str, Any]) -> list[TextSection]:
        """[Set Up: boxes] The view as terminal tables."""
        return views.render(view)

    def statistics(self, state: State) -> dict[str, float]:
        """[Sequence of Play] Batch figures: turns, carriers sunk and crippled, damage, SP lost.

        Read from the state, never the event list (a search clone records no events): SP only
        ever leave a group as losses, so SP lost are the SP the side started with less what it has.
        """
        assert isinstance(state, TerribleResolveState)
        out: dict[str, float] = {"turns": state.turn, "japanese fleet found": int(state.found)}
        for s in SIDES:
            out[f"{s} carriers sunk"] = sum(1 for c in SIDE_CARRIERS[s] if state.damage[c] >= SUNK_AT)
            out[f"{s} carriers crippled"] = sum(1 for c in SIDE_CARRIERS[s] if CRIPPLED_AT <= state.damage[c] < SUNK_AT)
            out[f"{s} damage taken"] = sum(state.damage[c] for c in SIDE_CARRIERS[s])
            out[f"{s} SP lost"] = GROUP_SP * len(SIDE_GROUPS[s]) - sum(state.sp[g] for g in SIDE_GROUPS[s])
        return out


GAME = TerribleResolveGame()
