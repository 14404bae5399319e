"""What the computer opponents need from This Terrible Resolve (the kit of :mod:`midway.ai.kit`).

**Heuristic**, from the rules' flow and sound play: land everything that waits, each group on its
own carrier when it can; spot bombers on deck before fighters and launch them; send every other
fighter to CAP over the carriers and the rest as escorts; the Americans search for the Japanese
fleet whenever they may (find the enemy before striking) and split the search wave evenly; advance
planes round the circuit; commit CAP against the bombers rather than the escorts; take hits on
fighters first; every bomber of a raid attacks the same carrier (concentrate on one target).

**Sampler**: none yet (the enemy's hangars, decks, plans and planes in flight would be drawn from
the public record of its losses); the search agent therefore plays the heuristic here.
**Evaluation**: :func:`midway.ai.kit.statistics_evaluation` (carriers sunk and crippled, damage, SP lost).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from midway.ai.kit import statistics_evaluation
from midway.engine import Decision, State
from midway.engine.chance import SeededDice


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
        for want in ("d", "t", "f"):
            for i in real:
                if i.startswith("deck:") and _kind_of(i.split(":")[1]) == want:
                    return i
        return (real or ids)[0] if "done" not in ids else "done"
    if kind == "launch":
        for i in real:
            parts = i.split(":")
            if len(parts) == 3 and parts[0] == "launch":
                number = "".join(ch for ch in parts[1].rsplit("-", 1)[-1] if ch.isdigit()) or "1"
                want = "cap" if int(number) % 2 == 1 else "escort"
                if parts[2] == want:
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


class TerribleResolveKit:
    """The kit (see the module docstring)."""

    def heuristic(self, view: Mapping[str, Any], decision: Decision, dice: SeededDice) -> str:
        return policy(decision, dice, _focus(view))

    def rollout(self, state: State, decision: Decision, dice: SeededDice) -> str:
        return policy(decision, dice)

    def evaluate(self, state: State, side: str) -> float:
        return statistics_evaluation(state, side)


KIT = TerribleResolveKit()
