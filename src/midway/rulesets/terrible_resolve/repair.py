"""[Repair Damage] Steps 13 (Japan) and 14 (America)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from midway.rulesets.terrible_resolve.data import CARRIERS, SIDE_CARRIERS, SUNK_AT

if TYPE_CHECKING:
    from midway.rulesets.terrible_resolve.game import TerribleResolveState


def run(state: TerribleResolveState, side: str) -> None:
    """[Repair Damage] Each damaged, unsunk carrier rolls one die; on its Repair number it mends one point.

    M48-M52: at most one point per carrier per turn; a sunk carrier never rolls; a
    carrier at 0 damage does not roll (D05); crippled status follows the damage (TR-R12).
    """
    for c in SIDE_CARRIERS[side]:
        if state.damage[c] == 0 or state.damage[c] >= SUNK_AT:  # undamaged, or sunk
            continue
        carrier = CARRIERS[c]
        (die,) = state.roll(1, 6, why=f"{carrier.name} repair", rule="Repair Damage")
        if die in carrier.repair:
            was = state.status(c)
            state.damage[c] -= 1
            state.emit(
                "repair",
                f"{carrier.name} repairs 1 damage point (now {state.damage[c]})"
                + (", no longer crippled" if was == "crippled" and state.operational(c) else ""),
                rule="Repair Damage",
                data={"carrier": c, "damage": state.damage[c]},
            )
