"""What the computer opponents need from This Terrible Resolve (the kit of :mod:`midway.ai.kit`).

**Heuristic**, from the rules' flow and sound play: land everything that waits, each group on its
own carrier when it can; spot groups on deck in each side's order (:data:`SPOT_ORDER`) and launch
them; send every fighter to CAP over the carriers, none as escort (a CAP squadron may attack once from
each ring before it must land, TR-R03, an escort once; CAP is what the text's battle reports credit with
the second strikes' ruin); the Americans search for the Japanese
fleet whenever they may (find the enemy before striking) and split the search wave evenly; advance
planes round the circuit; commit CAP against the bombers rather than the escorts; take hits on
fighters first; every bomber of a raid attacks the same carrier (concentrate on one target).

**Sampler** (the player's own steps: landing, moving, the search, CAP commitments, targets, launching,
planning): own groups, SP and carriers from the view; the enemy's carriers' damage when found (else
undamaged), its planes over one's fleet as shown, every other enemy group at full strength in its
carrier's hangar (or lost with a sunk carrier), the first wave where the setup puts it. The step's
bookkeeping is read from the view (targets given, squadrons committed) and the decision (which groups
have moved), and a sample is kept only if it offers exactly the decision's options. In hit allocation,
whose bookkeeping (hits allocated but not yet crossed out, allocations queued) the view does not show,
it returns ``None`` and the search agent plays the heuristic.
**Evaluation**: :func:`midway.ai.kit.statistics_evaluation` (carriers sunk and crippled, damage, SP lost).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from midway.ai.kit import statistics_evaluation
from midway.engine import Decision, State
from midway.engine.chance import SeededDice

SPOT_ORDER = {"ijn": "dft", "usn": "fdt"}
"""[Planning Phase] The order in which each side spots its groups on deck (d dive, t torpedo, f fighter),
within a carrier's 20 SP. Measured (800 games each, 2026-11-28, with every fighter to CAP): the Japanese
win 98.2% against random with dive bombers, then fighters, then torpedo bombers (92.4% with the torpedo
bombers before the fighters); the Americans 97.8% with fighters first (97.1% bombers first)."""


def _kind_of(group: str) -> str:
    """``"f"``, ``"t"`` or ``"d"`` from a group id such as ``ent-d3``."""
    tail = group.rsplit("-", 1)[-1]
    return tail[:1]


def policy(decision: Decision, dice: SeededDice, focus: str | None = None) -> str:
    options = decision.options
    ids = [o[0] for o in options]
    kind = decision.kind
    real = [i for i in ids if i not in ("done", "cancel", "pass")]
    if kind == "land":
        own = [i for i in real if i.startswith("land:") and i.split(":")[1].split("-")[0] == i.split(":")[2]]
        return (own or real or ids)[0]
    if kind == "plan":
        for want in SPOT_ORDER.get(decision.side, "dtf"):
            for i in real:
                if i.startswith("deck:") and _kind_of(i.split(":")[1]) == want:
                    return i
        return (real or ids)[0] if "done" not in ids else "done"
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
        if focus:
            for i in real:
                if i.endswith(f":{focus}"):
                    return i
        return (real or ids)[0]
    return ids[dice.randint(0, len(ids) - 1)]


def _focus(view: Mapping[str, Any]) -> str | None:
    """The most damaged enemy carrier still afloat, from the view (concentrate on one target)."""
    st = view.get("state") or {}
    best, best_damage = None, -1
    for key, value in st.items():
        if key == "mine" or not isinstance(value, Mapping):
            continue
        for c in value.get("carriers", []) if isinstance(value.get("carriers"), list) else []:
            if (
                isinstance(c, Mapping)
                and c.get("status") not in ("sunk",)
                and int(c.get("damage", 0) or 0) > best_damage
            ):
                best, best_damage = c.get("id"), int(c.get("damage", 0) or 0)
    return best


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
        for g in _side_groups(side):
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
        for g in _side_groups(enemy):
            if g in shown:
                st.loc[g], st.sp[g] = shown[g]
            elif _carrier_of(g) in sunk:
                st.loc[g], st.sp[g] = "lost", 0
            elif st.loc[g] in ("rta", "atk") or st.loc[g].startswith(("deck:", "cap:")) or st.loc[g] == "lost":
                st.loc[g] = f"hangar:{_carrier_of(g)}"
        if phase == "target":  # the targets already given to this raid's bombers are the side's own
            st.targets = dict(mine["boxes"].get("targets", {}))
        elif phase == "cap":  # so are the squadrons already committed
            st.cap_orders = dict(mine.get("cap_orders", {}))
        elif phase == "move":
            offered = {o[0].split(":", 1)[1] for o in decision.options if o[0].startswith("advance:")}
            st.acted = [g for g in _side_groups(side) if st.loc[g] in _MOVERS and g not in offered]
            st.searched = "search" not in decision.option_ids
        st.reindex()
        st.forget_decisions()
        st.result = None
        again = st.decision(side)
        if again is None or again.option_ids != decision.option_ids:
            return None
        return st

    def heuristic(self, view: Mapping[str, Any], decision: Decision, dice: SeededDice) -> str:
        return policy(decision, dice, _focus(view))

    def rollout(self, state: State, decision: Decision, dice: SeededDice) -> str:
        return policy(decision, dice)

    def evaluate(self, state: State, side: str) -> float:
        return statistics_evaluation(state, side)


_MOVERS = frozenset({"mta", "rta", "atk", "home", "wtl"})


def _side_groups(side: str) -> tuple[str, ...]:
    from midway.rulesets.terrible_resolve.data import SIDE_GROUPS

    return SIDE_GROUPS[side]


def _carrier_of(group: str) -> str:
    from midway.rulesets.terrible_resolve.data import GROUPS

    return GROUPS[group].carrier


KIT = TerribleResolveKit()
