"""A scripted greedy player for hbg: it strikes whatever it has found (benchmarks, tests).

:class:`Striker` follows the agent protocol (:class:`midway.ai.Agent`): it sees only its side's
view and the decision, and answers an option id. Its script:

- keep the carriers under Launch, spot as many Air Units as the deck takes, load bombers;
- launch patrols and shadow every contact it can;
- with a Command Token, launch a Strike Group from a base within reach of a known target (a
  located enemy ship afloat; for the IJN also Midway, which is never hidden) and fly it at the
  target; move airborne Strike Groups toward the nearest target;
- land whenever it can, and otherwise choose at random (its own seeded dice), never "cancel"
  when something else is possible.

It is a yardstick for how games end under deliberate play (``benchmarks/hbg_endings.py``), not
a strong player: it never plans Task Force moves or CAP.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from midway.engine import Decision
from midway.engine.chance import SeededDice
from midway.rulesets.hbg.model import DATA

MIDWAY = DATA.map.midway
STRIKE_REACH = 3
"""Zones from a target within which a base launches: a strike's movement (HBG-R13) plus a Turn."""


def targets(view: Mapping[str, Any]) -> list[int]:
    """Zones of what ``view``'s side has found of the enemy: located ships afloat, and Midway for the IJN."""
    st = view["state"]
    me = view["side"]
    zones = {s["zone"] for s in st["ships"] if s["side"] != me and not s["sunk"] and s["zone"] is not None}
    if me == "ijn":
        zones |= {b["zone"] for b in st["midway"].values()}
    return sorted(zones)


def _distance(a: int, b: int) -> int:
    return DATA.map.distance(a, b)


def _nearest(zone: int, goals: list[int]) -> int:
    return min(_distance(zone, g) for g in goals) if goals else 99


class Striker:
    """Strikes whatever it has found; see the module docstring."""

    name = "hbg-striker"
    wants_view = True

    def __init__(self, seed: int = 0) -> None:
        self._dice = SeededDice(seed)

    def _random(self, ids: list[str]) -> str:
        choices = [i for i in ids if i != "cancel"] or ids
        return choices[self._dice.randint(0, len(choices) - 1)]

    def choose(self, view: Mapping[str, Any], decision: Decision) -> str:
        ids = list(decision.option_ids)
        goals = targets(view)
        pick = getattr(self, "_" + decision.kind, None)
        choice = pick(view, ids, goals) if pick is not None else None
        return choice if choice in ids else self._random(ids)

    # ---------------------------------------------------------------- by decision kind
    def _op_status(self, view: Mapping[str, Any], ids: list[str], goals: list[int]) -> str | None:
        return next((i for i in ids if i.endswith(":launch")), None)

    def _spot(self, view: Mapping[str, Any], ids: list[str], goals: list[int]) -> str | None:
        spots = [i for i in ids if i.startswith("spot:")]
        if not spots:
            return "done"
        return max(spots, key=lambda i: int(i.rsplit(":", 1)[1]))

    def _land(self, view: Mapping[str, Any], ids: list[str], goals: list[int]) -> str | None:
        return next((i for i in ids if i.startswith("land:")), None)

    def _reinforce(self, view: Mapping[str, Any], ids: list[str], goals: list[int]) -> str | None:
        return next((i for i in ids if i.startswith("transports:")), None) or next(
            (i for i in ids if i != "done"), None
        )

    def _invade(self, view: Mapping[str, Any], ids: list[str], goals: list[int]) -> str | None:
        return min(ids, key=lambda i: _distance(int(i.rsplit(":", 1)[1]), MIDWAY))

    def _tf(self, view: Mapping[str, Any], ids: list[str], goals: list[int]) -> str | None:
        """IJN: the whole Task Force sails for Midway (the transports follow it, 4.1); USN: at random."""
        if view["side"] != "ijn":
            return None
        if "allships" in ids:
            return "allships"
        dests = [i for i in ids if i.startswith("to:")]
        if dests:
            return min(dests, key=lambda i: (_distance(int(i[3:]), MIDWAY), i))
        return next((i for i in ids if i.startswith("ship:")), None)

    def _rearm(self, view: Mapping[str, Any], ids: list[str], goals: list[int]) -> str | None:
        return next((i for i in ids if i.startswith("load:")), "done")

    def _unspot(self, view: Mapping[str, Any], ids: list[str], goals: list[int]) -> str | None:
        return "done"

    def _shadow(self, view: Mapping[str, Any], ids: list[str], goals: list[int]) -> str | None:
        return "shadow"

    def _patrol(self, view: Mapping[str, Any], ids: list[str], goals: list[int]) -> str | None:
        launches = [i for i in ids if i.startswith("launch:")]
        if launches:
            return launches[0]
        if any(i.startswith("to:") for i in ids):
            return self._random([i for i in ids if i.startswith("to:")])
        return "done"

    def _order(self, view: Mapping[str, Any], ids: list[str], goals: list[int]) -> str | None:
        st = view["state"]
        me = view["side"]
        groups: dict[str, int] = {}
        for a in st["air"]:
            if a["side"] == me and a["at"] == "air" and a["mission"] == "strike" and a.get("strike"):
                groups[a["strike"]] = a["zone"]
        for i in ids:  # a group it cannot place (a playout's sampled enemy) flies on, as one with no target known
            if i.startswith("move:") and (i[5:] not in groups or _nearest(groups[i[5:]], goals) > 0):
                return i
        zones = {s["id"]: s["zone"] for s in st["ships"] if s["side"] == me and s["zone"] is not None}
        for b in st["midway"].values():
            zones.setdefault("airfield", b["zone"])
        for i in ids:
            if i.startswith("launch:"):
                zone = zones.get(i[7:])
                if zone is not None and _nearest(zone, goals) <= STRIKE_REACH:
                    return i
        if me == "ijn":  # no strike to fly: the fleet closes on Midway, escorting the transports
            fleets = [i for i in ids if i.startswith("tf:") and int(i[3:]) != MIDWAY]
            if fleets:
                return min(fleets, key=lambda i: (_distance(int(i[3:]), MIDWAY), i))
        return None

    def _launch(self, view: Mapping[str, Any], ids: list[str], goals: list[int]) -> str | None:
        dests = [i for i in ids if i.startswith("to:")]
        if "all" in ids:
            return "all"
        adds = [i for i in ids if i.startswith("add:")]
        if adds:
            return adds[0]
        if dests:
            return min(dests, key=lambda i: (_nearest(int(i[3:]), goals), i))
        return None

    def _declare(self, view: Mapping[str, Any], ids: list[str], goals: list[int]) -> str | None:
        """[4.3] Bombers attack a surface target: a carrier first, then any ship, then a base."""
        attacks = [i for i in ids if i.startswith(("bomb:", "torpedo:"))]
        carriers = [i for i in attacks if i.rsplit(":", 1)[-1] in DATA.carriers]
        ships = [i for i in attacks if ":ship:" in i]
        airfield = [i for i in attacks if i.endswith(":airfield")]
        return (carriers or ships or airfield or attacks or [None])[0]

    def _move(self, view: Mapping[str, Any], ids: list[str], goals: list[int]) -> str | None:
        dests = [i for i in ids if i.startswith("to:")]
        if dests:
            return min(dests, key=lambda i: (_nearest(int(i[3:]), goals), i))
        return None
