"""[Victory] The end of the game (TR-R02, TR-R15): the text has no victory rule; the battle reports end
when one side has no carriers left."""

from __future__ import annotations

from typing import TYPE_CHECKING

from midway.engine import Outcome
from midway.rulesets.terrible_resolve.data import CRIPPLED_AT, SIDE_CARRIERS, SIDE_GROUPS, SUNK_AT

if TYPE_CHECKING:
    from midway.rulesets.terrible_resolve.game import TerribleResolveState

SIDES = ("usn", "ijn")
OUTBOUND = ("mta", "rta", "atk")


def _other(side: str) -> str:
    """[Sequence of Play] The other side."""
    return "ijn" if side == "usn" else "usn"


def score(state: TerribleResolveState) -> dict[str, int]:
    """[Victory, TR-R02] Damage points each side has inflicted on the enemy carriers (a sunk carrier counts 10)."""
    return {s: sum(min(SUNK_AT, state.damage[c]) for c in SIDE_CARRIERS[_other(s)]) for s in SIDES}


def sunk(state: TerribleResolveState, side: str) -> int:
    """[Victory, TR-R02] Enemy carriers ``side`` has sunk."""
    return sum(1 for c in SIDE_CARRIERS[_other(side)] if state.damage[c] >= SUNK_AT)


def crippled(state: TerribleResolveState, side: str) -> int:
    """[Victory, TR-R02] Enemy carriers ``side`` has crippled (afloat)."""
    return sum(1 for c in SIDE_CARRIERS[_other(side)] if CRIPPLED_AT <= state.damage[c] < SUNK_AT)


def fleet_lost(state: TerribleResolveState, side: str) -> None:
    """[TR-R15, E06] The side's last carrier is gone: planes that can no longer strike (CAP, Heading Home,
    Waiting to Land) have nowhere to land and are lost. With one_way_strikes the outbound planes fly on."""
    state.emit("fleet-lost", f"{state.game.side_name(side)} has no carrier afloat", rule="TR-R15", data={"side": side})
    keep = OUTBOUND if state.options["one_way_strikes"] else ()
    for g in SIDE_GROUPS[side]:
        place = state.loc[g]
        if place != "lost" and place not in keep:
            state.lose_all(g, rule="TR-R15", to=state.visible_to(side))


def out(state: TerribleResolveState, side: str) -> bool:
    """[Victory, TR-R02] Beaten: no carrier afloat and (one-way strikes) no plane outbound."""
    damage = state.damage
    if any(damage[c] < SUNK_AT for c in SIDE_CARRIERS[side]):
        return False
    if not state.options["one_way_strikes"]:
        return True
    return not state.at_many(side, OUTBOUND)


def check(state: TerribleResolveState) -> bool:
    """[TR-R02] End the game when a side is beaten: the other side wins; both beaten is a draw."""
    damage = state.damage
    beaten = []
    for s in SIDES:
        for c in SIDE_CARRIERS[s]:
            if damage[c] < SUNK_AT:
                break  # a carrier afloat: not beaten (checked here first, as out() would)
        else:
            if out(state, s):
                beaten.append(s)
    if not beaten:
        return False
    pts = score(state)
    if len(beaten) == 2:
        state.finish(Outcome(None, "both fleets have lost every carrier", pts, kind="mutual-destruction"))
    else:
        winner = _other(beaten[0])
        state.finish(Outcome(winner, f"{state.game.side_name(beaten[0])} has lost every carrier", pts, kind="carriers"))
    return True


def turn_limit(state: TerribleResolveState) -> None:
    """[TR-R02] At the turn limit: more enemy carriers sunk wins, then more crippled, then more damage, else draw."""
    pts = score(state)
    keys = {s: (sunk(state, s), crippled(state, s), pts[s]) for s in SIDES}
    if keys["usn"] == keys["ijn"]:
        state.finish(Outcome(None, f"turn limit {state.turn}: no decision", pts, kind="turn-limit"))
        return
    winner = "usn" if keys["usn"] > keys["ijn"] else "ijn"
    s, c, d = keys[winner]
    state.finish(
        Outcome(
            winner,
            f"turn limit {state.turn}: {state.game.side_name(winner)} ahead "
            f"({s} sunk, {c} crippled, {d} damage inflicted)",
            pts,
            kind="turn-limit",
        )
    )
