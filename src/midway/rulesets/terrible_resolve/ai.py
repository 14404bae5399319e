"""What the computer opponents need from This Terrible Resolve (the kit of :mod:`midway.ai.kit`).

**Heuristic**, from the rules' flow and sound play: land everything that waits, each group on its
own carrier when it can; spot groups on deck in each side's order (:data:`SPOT_ORDER`) and launch
them; send every fighter to CAP over the carriers, none as escort (a CAP squadron may attack once from
each ring before it must land, TR-R03, an escort once; CAP is what the text's battle reports credit with
the second strikes' ruin); the Americans search for the Japanese
fleet whenever they may (find the enemy before striking) and put each group of the search wave in a search
group at random (a wave of four or more mans all four, TR-R17); advance
planes round the circuit; commit CAP against the bombers rather than the escorts; take hits on
fighters first; a raid's bombers go at the most damaged enemy carrier until enough are on it to sink
it through its AA, then at the next (:func:`split_target`).

**Sampler** (the player's own steps: landing, moving, the search, CAP commitments, targets, launching,
planning): own groups, SP and carriers from the view; the enemy's carriers' damage when found (else
undamaged), its planes over one's fleet as shown, every other enemy group where one of a library of
heuristic games had it at the same turn and step (:class:`Library`; lost with a sunk carrier, home if
that game had it over one's fleet, which the view would show). The step's
bookkeeping is read from the view (targets given, squadrons committed) and the decision (which groups
have moved), and a sample is kept only if it offers exactly the decision's options. In hit allocation,
whose bookkeeping (hits allocated but not yet crossed out, allocations queued) the view does not show,
it returns ``None`` and the search agent plays the heuristic.
**Evaluation**: :func:`midway.ai.kit.statistics_evaluation` (carriers sunk and crippled, damage, SP lost).

**Plans** (:meth:`TerribleResolveKit.plans`): at a side's first spotting of a turn the search compares three
orders of kinds (:class:`SpotPlan`, :data:`PLAN_ORDERS`: the side's own and the two best against the heuristic)
on playouts to the end of the game and follows the best for the turn. All six orders did as well uncapped (84.8%
of 200 games against the heuristic, 53.8% without plans) but a plan point then took about 3 s; three fit the
default 0.95 s cap and won 81.8% of 200 at the default strength (BENCHMARKS.md, 2026-11-29).
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Iterable, Mapping, Sequence
from itertools import permutations
from typing import Any

from midway.ai.kit import statistics_evaluation
from midway.engine import Decision, State
from midway.engine.chance import SeededDice
from midway.rulesets.terrible_resolve.data import CARRIERS, FIGHTER, GROUPS, SIDE_GROUPS, SUNK_AT, first_wave

SPOT_ORDER = {"ijn": "dft", "usn": "fdt"}
"""[Planning Phase] The order in which each side spots its groups on deck (d dive, t torpedo, f fighter),
within a carrier's 20 SP. Measured (800 games each, 2026-11-28, with every fighter to CAP): the Japanese
win 98.2% against random with dive bombers, then fighters, then torpedo bombers (92.4% with the torpedo
bombers before the fighters); the Americans 97.8% with fighters first (97.1% bombers first)."""


def _kind_of(group: str) -> str:
    """``"f"``, ``"t"`` or ``"d"`` from a group id such as ``ent-d3``."""
    tail = group.rsplit("-", 1)[-1]
    return tail[:1]


HITS_PER_SP = 11 / 30
"""[Carrier Attacks] Expected hits of one bomber SP that survives AA. A dive bomber hits on a 5 or 6 (1/3), and
each 6 re-rolled scores again on another 6 (1/6 x 1/5 more in all); a torpedo bomber scores 2 on a 6 and one
more per re-rolled 6 (1/6 x 2.2). Both come to 11/30."""

AA_HIT = 0.5
"""[Resolving AA] SP an AA die shoots down on average (a 4, 5 or 6)."""

OPEN_ON = 0.5
"""A raid opens on a fresh carrier only with at least this share of the SP that would sink it left to send;
a smaller remnant joins the carrier most SP already go at (a few SP alone are shot down by its AA)."""


def sink_need(carrier: str, damage: int) -> float:
    """SP a raid must send at ``carrier`` to sink it on average: its AA's toll plus the hits it still needs."""
    return CARRIERS[carrier].aa * AA_HIT + (SUNK_AT - damage) / HITS_PER_SP


Raid = tuple[Mapping[str, int], Mapping[str, int], int]
"""What a target choice reads: the enemy carriers' damage, the SP already given to each carrier this step,
and the SP of the raid's bombers still without a target (the choosing one's included)."""


def split_target(decision: Decision, raid: Raid) -> str:
    """[Carrier Attacks] The first untargeted bomber's carrier: the most damaged enemy carrier afloat that is not
    yet given enough SP to sink it (:func:`sink_need`). Concentrating a whole raid on one carrier wasted most
    of it: between heuristics the Americans won 9% of 200 games that way and 49% with this split (seeds
    10000-10199, 2026-11-28); the Japanese, the stronger side, 91% either way."""
    damage, given, free = raid
    ids = decision.option_ids
    first = next((i for i in ids if i.startswith("target:")), None)
    if first is None:
        return ids[0]
    group = first.split(":")[1]
    mine = {i.rsplit(":", 1)[1]: i for i in ids if i.startswith(f"target:{group}:")}
    order = sorted(mine, key=lambda c: -damage.get(c, 0))
    for c in order:
        need = sink_need(c, damage.get(c, 0))
        have = given.get(c, 0)
        if have >= need:
            continue
        if have > 0 or free >= need * OPEN_ON:
            return mine[c]
        piled = [k for k in order if given.get(k, 0) > 0]
        return mine[max(piled, key=lambda k: given.get(k, 0))] if piled else mine[c]
    return mine[order[0]]


def _raid_from_view(view: Mapping[str, Any]) -> Raid:
    """The :data:`Raid` of a target choice, from the choosing side's view (its Attacking box and targets)."""
    st = view.get("state") or {}
    boxes = (st.get("mine") or {}).get("boxes") or {}
    targets = boxes.get("targets") or {}
    given, free = _tally((g["sp"], targets.get(g["id"])) for g in boxes.get("atk") or [])
    enemy = (st.get("enemy") or {}).get("carriers") or []
    return {c["id"]: int(c.get("damage", 0) or 0) for c in enemy}, given, free


def _raid_from_state(state: Any, side: str) -> Raid:
    """The :data:`Raid` of a target choice, from a (search) state: the same facts the view gives."""
    sp, targets = state.sp, state.targets
    given, free = _tally((sp[g], targets.get(g)) for g in state.at(side, "atk") if GROUPS[g].kind != FIGHTER)
    return state.damage, given, free


def _tally(bombers: Iterable[tuple[int, str | None]]) -> tuple[dict[str, int], int]:
    """SP given to each carrier so far, and SP without a target yet, from (SP, carrier or ``None``) per bomber."""
    given: dict[str, int] = {}
    free = 0
    for sp, c in bombers:
        if c is None:
            free += sp
        else:
            given[c] = given.get(c, 0) + sp
    return given, free


def spot(decision: Decision, order: str) -> str:
    """[Planning Phase] The next group to spot on deck, by kind in ``order`` (``"dft"``: dive bombers, then
    fighters, then torpedo bombers), or ``done`` when none is offered."""
    ids = decision.option_ids
    real = [i for i in ids if i not in ("done", "cancel", "pass")]
    for want in order:
        for i in real:
            if i.startswith("deck:") and _kind_of(i.split(":")[1]) == want:
                return i
    return (real or ids)[0] if "done" not in ids else "done"


class SpotPlan:
    """A whole-turn plan (:meth:`TerribleResolveKit.plans`): every group spotted this turn in one order of kinds."""

    __slots__ = ("name", "order")

    def __init__(self, order: str) -> None:
        self.order = order
        self.name = f"spot:{order}"

    def answers(self, decision: Decision) -> bool:
        return decision.kind == "plan"

    def heuristic(self, view: Mapping[str, Any], decision: Decision, dice: SeededDice) -> str:
        return spot(decision, self.order)

    def rollout(self, state: State, decision: Decision, dice: SeededDice) -> str:
        return spot(decision, self.order)


SPOT_PLANS = tuple("".join(p) for p in permutations("dft"))
"""Every order of the three kinds (``benchmarks/tr_spot_orders.py`` plays each against the heuristic)."""
_BEST_AGAINST_HEURISTIC = {"usn": ("dtf", "tdf"), "ijn": ("fdt", "ftd")}
PLAN_ORDERS = {side: (own, *_BEST_AGAINST_HEURISTIC[side]) for side, own in SPOT_ORDER.items()}
"""The spot orders the search compares at a plan point: the side's own (SPOT_ORDER) first, then the two that did
best against the heuristic (``benchmarks/tr_spot_orders.py``, seeds 10000-10199: the Americans won 187 of 200
spotting dtf and 182 spotting tdf, 120 with their own; the Japanese 172 with fdt and with ftd, 80 with their own).
Six plans played whole on paired playouts do not fit a second (about 10 ms a playout to the end); three do."""
_PLANS = {side: tuple(SpotPlan(o) for o in orders) for side, orders in PLAN_ORDERS.items()}
"""Each side's plans, its own order (SPOT_ORDER) first."""


def policy(decision: Decision, dice: SeededDice, raid: Raid | None = None) -> str:
    options = decision.options
    ids = [o[0] for o in options]
    kind = decision.kind
    real = [i for i in ids if i not in ("done", "cancel", "pass")]
    if kind == "land":
        own = [i for i in real if i.startswith("land:") and i.split(":")[1].split("-")[0] == i.split(":")[2]]
        return (own or real or ids)[0]
    if kind == "plan":
        return spot(decision, SPOT_ORDER.get(decision.side, "dtf"))
    if kind == "launch":  # every fighter to CAP (module docstring)
        if "all:cap" in ids:
            return "all:cap"
        for i in real:
            if i.startswith("launch:") and i.endswith(":cap"):
                return i
        return (real or ids)[0]
    if kind == "move":
        if "search" in ids:
            return "search"
        return (real or ids)[0]
    if kind == "search":
        return real[dice.randint(0, len(real) - 1)] if real else ids[0]
    if kind == "cap":
        for i in real:
            if i.endswith(":bombers"):
                return i
        if "cap-all" in ids:
            return "cap-all"
        return (real or ids)[0]
    if kind == "allocate":
        for i in real:
            if i.startswith("hit:") and _kind_of(i.split(":")[1]) == "f":
                return i
        singles = [i for i in real if i.startswith("hit:")]
        return (singles or real or ids)[0]
    if kind == "target":
        return split_target(decision, raid) if raid is not None else (real or ids)[0]
    return ids[dice.randint(0, len(ids) - 1)]


_SAMPLED = frozenset({"land", "move", "search", "launch", "plan", "target", "cap"})
"""The decision kinds the sampler rebuilds, each named as the phase of the step that asks it."""


SEARCHED = frozenset({"land", "search", "launch", "target", "cap"})
"""The kinds the search agent searches: all that the sampler rebuilds but spotting (``plan``) and moving
(``move``). Playouts cut at the kit's depth score planes kept home as planes not lost, so a search of those
two kept bombers off the deck and out of the circuit (mcts won 2 of 5 as the IJN against the heuristic and 0
of 9 as the USN, 30 of 32 against random as the IJN, where the heuristic alone wins 91%, 6% and 98% on
those seeds); without them 18 of 20, 5 of 16 and 20 of 20 (2026-11-28, seeds from 7000, 150 iterations)."""


class TerribleResolveKit:
    """The kit (see the module docstring)."""

    search_kinds = SEARCHED

    def __init__(self) -> None:
        self._templates: dict[Any, State] = {}
        self._library: dict[Any, Library] = {}

    def sample(
        self, game: Any, view: Mapping[str, Any], dice: SeededDice, decision: Decision | None = None
    ) -> State | None:
        v = view.get("state") or {}
        side = view.get("side")
        if decision is None or side not in ("usn", "ijn") or "mine" not in v or "enemy" not in v:
            return None
        phase = decision.kind
        if phase not in _SAMPLED or view.get("outcome") is not None or "allocating" in v:
            return None
        key = tuple(sorted(view["options"].items()))
        tpl = self._templates.get(key)
        if tpl is None:
            tpl = self._templates[key] = game.new(0, view["options"]).clone(search=True)
        st: Any = tpl.clone(search=True)
        enemy = "ijn" if side == "usn" else "usn"
        mine, known = v["mine"], v["enemy"]
        st.turn, st.step, st.started, st.phase, st.then = v["turn"], v["step"] - 1, True, phase, ""
        st.acted, st.landed, st.search, st.searched = [], {}, dict(mine.get("search_groups", {})), False
        st.cap_orders, st.targets, st.waves, st.allocs, st.pending_loss = {}, {}, [], [], {}
        seen: set[str] = set()

        def place(groups: Any, where: str) -> None:
            for g in groups:
                st.loc[g["id"]], st.sp[g["id"]] = where, g["sp"]
                seen.add(g["id"])

        for c in mine["carriers"]:
            st.damage[c["id"]] = c["damage"]
            place(c["deck"], f"deck:{c['id']}")
            place(c["hangar"], f"hangar:{c['id']}")
        for ring, groups in enumerate(mine["boxes"]["cap"]):
            place(groups, f"cap:{ring}")
        for box, groups in mine["boxes"].items():
            if box not in ("cap", "targets"):
                place(groups, box)
        for g in SIDE_GROUPS[side]:
            if g not in seen:
                st.loc[g], st.sp[g] = "lost", 0
        if side == "usn":
            st.found = bool(mine.get("found_japanese_fleet"))
        else:
            st.first_wave = list(mine.get("first_wave_waiting", []))
        sunk = set()
        for c in known.get("carriers") or []:
            st.damage[c["id"]] = c["damage"]
            if c.get("status") == "sunk":
                sunk.add(c["id"])
        shown = {g["id"]: ("rta", g["sp"]) for g in known["raid_ready_to_attack"]}
        shown.update({g["id"]: ("atk", g["sp"]) for g in known["raid_attacking"]})
        seen_at = self._seen(key, game, view["options"], enemy, (v["turn"], v["step"] - 1), dice)
        for g in SIDE_GROUPS[enemy]:
            if g in shown:
                st.loc[g], st.sp[g] = shown[g]
            elif GROUPS[g].carrier in sunk:
                st.loc[g], st.sp[g] = "lost", 0
            elif seen_at is not None:
                where, sp = seen_at[g]
                if where in ("rta", "atk"):  # not shown, so not there: kept home (a phantom wave would be worse)
                    where = f"hangar:{GROUPS[g].carrier}"
                elif where.startswith(("deck:", "hangar:")) and where.split(":")[1] in sunk:
                    where, sp = "lost", 0
                st.loc[g], st.sp[g] = where, sp
            elif st.loc[g] in ("rta", "atk") or st.loc[g].startswith(("deck:", "cap:")) or st.loc[g] == "lost":
                st.loc[g] = f"hangar:{GROUPS[g].carrier}"
        if seen_at is not None and enemy == "ijn":
            st.first_wave = [g for g in first_wave() if st.loc[g] == "wtl"]
        if phase == "target":  # the targets already given to this raid's bombers are the side's own
            st.targets = dict(mine["boxes"].get("targets", {}))
        elif phase == "cap":  # so are the squadrons already committed
            st.cap_orders = dict(mine.get("cap_orders", {}))
        elif phase == "move":
            offered = {o[0].split(":", 1)[1] for o in decision.options if o[0].startswith("advance:")}
            st.acted = [g for g in SIDE_GROUPS[side] if st.loc[g] in _MOVERS and g not in offered]
            st.searched = "search" not in decision.option_ids
        st.reindex()
        st.forget_decisions()
        st.result = None
        again = st.decision(side)
        if again is None or again.option_ids != decision.option_ids:
            return None
        return st

    def _seen(
        self, key: Any, game: Any, options: Mapping[str, Any], enemy: str, at: tuple[int, int], dice: SeededDice
    ) -> Mapping[str, tuple[str, int]] | None:
        """Where the enemy's groups were at this turn and step (``at``) in one game of the options' :class:`Library`
        (``key``: the options', as for the templates), drawn by ``dice``."""
        lib = self._library.get(key)
        if lib is None:
            lib = self._library[key] = Library(game, dict(options))
        return lib.draw(enemy, at, dice)

    def plans(self, view: Mapping[str, Any], decision: Decision) -> Sequence[SpotPlan] | None:
        """[Planning Phase] At a spotting decision, three orders of kinds as whole-turn plans (PLAN_ORDERS, where the
        figures behind them are), the heuristic's (SPOT_ORDER) first. A search of one spotting at a time, the rest of
        the turn the heuristic's, cannot find a better order. All six orders compared at 150 iterations, uncapped,
        won 32.5 of 40 games against the heuristic, but a plan point took up to 6.6 s, and within the 0.95 s cap
        21.5 (too few rounds to clear two standard errors); the three within the cap, 32.5 (seeds 7000-7019, both
        sides), and 163.5 of 200 over seeds 7000-7099."""
        if decision.kind != "plan":
            return None
        return _PLANS[decision.side]

    def plan_key(self, view: Mapping[str, Any]) -> Any:
        """A plan holds for the side's turn."""
        return (view.get("side"), (view.get("state") or {}).get("turn"))

    def heuristic(self, view: Mapping[str, Any], decision: Decision, dice: SeededDice) -> str:
        return policy(decision, dice, _raid_from_view(view) if decision.kind == "target" else None)

    def rollout(self, state: State, decision: Decision, dice: SeededDice) -> str:
        return policy(decision, dice, _raid_from_state(state, decision.side) if decision.kind == "target" else None)

    def evaluate(self, state: State, side: str) -> float:
        return statistics_evaluation(state, side)

    def clock(self, state: State) -> tuple[int, int]:
        """[Sequence of Play] The turn and its step: paired playouts are scored at the same one. Committing CAP
        squadrons one at a time takes a decision each, and a playout cut after a number of decisions ended a turn
        earlier than one that committed none, before the enemy strike that followed (mcts as the IJN kept its
        CAP back and won 1 of 20 against the heuristic, which wins 11.5 on those seeds)."""
        st: Any = state
        return (st.turn, st.step)


LIBRARY_GAMES = 24
"""Heuristic games (seeds 0-23) whose positions are the sampler's prior for the enemy groups a view hides."""


class Library:
    """For each (turn, step, side): where that side's groups were (place, SP) when the step began, in each of
    :data:`LIBRARY_GAMES` games of the heuristic against itself (played on search clones, the heuristic as the
    rollout policy): the sampler's prior for the enemy groups a view hides. Before it the sampler kept every
    hidden enemy group in its hangar, or with the Japanese first wave still waiting to land: the enemy never had
    a strike on the way, and search found CAP useless."""

    def __init__(self, game: Any, options: dict[str, Any]) -> None:
        self.snaps: dict[tuple[int, int, str], list[dict[str, tuple[str, int]]]] = {}
        for seed in range(LIBRARY_GAMES):
            st: Any = game.new(seed, options).clone(search=True)
            dice = SeededDice(seed)
            at = None
            while True:
                pending = st.pending()
                if not pending:
                    break
                if (st.turn, st.step) != at:
                    at = (st.turn, st.step)
                    for side in SIDE_GROUPS:
                        self.snaps.setdefault((*at, side), []).append(
                            {g: (st.loc[g], st.sp[g]) for g in SIDE_GROUPS[side]}
                        )
                side, decision = next(iter(pending.items()))
                st.apply(side, KIT.rollout(st, decision, dice), decision_id=decision.id)
        self.steps = {side: sorted(k[:2] for k in self.snaps if k[2] == side) for side in SIDE_GROUPS}
        """Each side's (turn, step)s in the library, in order."""

    def draw(self, side: str, at: tuple[int, int], dice: SeededDice) -> Mapping[str, tuple[str, int]] | None:
        """One game's ``side`` at ``at``, or where no game asked anything in that step, at the latest step before
        it that one did; ``None`` if there is none."""
        snaps = self.snaps.get((*at, side))
        if not snaps:
            steps = self.steps[side]
            i = bisect_left(steps, at)
            snaps = self.snaps[(*steps[i - 1], side)] if i else None
        return snaps[dice.randint(0, len(snaps) - 1)] if snaps else None


_MOVERS = frozenset({"mta", "rta", "atk", "home", "wtl"})


KIT = TerribleResolveKit()
