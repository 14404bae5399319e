"""[CAP attacks] Steps 5 (Japan) and 6 (America): CAP squadrons attack the raid in the enemy's Ready to Attack box."""

from __future__ import annotations

from itertools import filterfalse, product
from typing import TYPE_CHECKING

from midway.engine import DONE, Option
from midway.engine.decisions import FrozenDict
from midway.rulesets.terrible_resolve import combat
from midway.rulesets.terrible_resolve.data import ACTING, FIGHTER_GROUPS, GROUPS, SIDE_OF
from midway.rulesets.terrible_resolve.options import SP_VALUES, Kept, Said, Table, done

if TYPE_CHECKING:
    from midway.rulesets.terrible_resolve.game import TerribleResolveState

RULE = "CAP attacks"


def _other(side: str) -> str:
    """[Sequence of Play] The other side."""
    return OTHER[side]


OTHER = {"usn": "ijn", "ijn": "usn"}
"""[Sequence of Play] Each side's enemy."""


def raid(state: TerribleResolveState, side: str) -> tuple[list[str], list[str]]:
    """[CAP attacks] The raid at ``side``'s fleet: (escorts, bombers) in the enemy's Ready to Attack (M25)."""
    groups = state._where[OTHER[side]].get("rta")
    if not groups:
        return [], []
    return list(filter(FIGHTER_GROUPS.__contains__, groups)), list(filterfalse(FIGHTER_GROUPS.__contains__, groups))


def ring(state: TerribleResolveState, gid: str) -> int:
    """[CAP attacks] The ring a CAP squadron is in (0 = centre circle)."""
    return int(state.loc[gid].split(":")[1])


def _commit_option(g: str, sp: int, target: str) -> Option:
    """[CAP attacks] The option to commit squadron ``g`` (``sp`` SP) against the escorts or the bombers."""
    return Option(
        f"cap:{g}:{target}", lambda: f"{GROUPS[g].label} ({sp} SP) attacks the {target}", {"group": g, "target": target}
    )


COMMIT = Table(_commit_option, product(FIGHTER_GROUPS, SP_VALUES, ("escorts", "bombers")))
"""Every ``cap:`` option, by squadron, SP and target."""
CAP_ALL = Option("cap-all", "Every CAP squadron attacks (escorts first, then bombers)")
DONE_CAP = done("Done: resolve the attacks (uncommitted squadrons hold)")


def options(state: TerribleResolveState) -> list[Option]:
    """[CAP attacks] Commit squadrons one at a time. As many as there are escort groups must fight the escorts
    before any may attack the bombers (M26, C-08: squadrons, TR-R13)."""
    side = ACTING[state.step]
    escorts, bombers = raid(state, side)
    orders = state.cap_orders
    free = [g for g in state.in_cap(side) if g not in orders]
    opts: list[Option] = []
    if free:
        on_escorts = sum(1 for o in orders.values() if o == "escorts")
        target = "escorts" if on_escorts < len(escorts) else "bombers" if bombers else ""
        if target:
            sp = state.sp
            opts = [COMMIT[g, sp[g], target] for g in free]
            if len(free) > 1:
                opts.append(CAP_ALL)
    if opts or orders:
        opts.append(DONE_CAP)
    return opts


def begin(state: TerribleResolveState, side: str) -> None:
    """[CAP attacks] Start the step when this side has CAP and the enemy has a raid in Ready to Attack."""
    state.cap_orders = {}
    escorts, bombers = raid(state, side)
    if (escorts or bombers) and state.in_cap(side):
        state.stay("cap", options(state))
    else:
        finish(state)


def _commit(state: TerribleResolveState, gid: str, target: str) -> None:
    """[CAP attacks] Commit one squadron against the escorts or the bombers."""
    state.cap_orders[gid] = target


def resolve(state: TerribleResolveState, option: Option, shown: list[Option] | None = None) -> Kept | None:
    """[CAP attacks] Commit a squadron, or all of them, or end the commitments and fight (M26)."""
    side = ACTING[state.step]
    if option.id == "cap-all":
        escorts, _ = raid(state, side)
        for g in state.in_cap(side):
            if g in state.cap_orders:
                continue
            on_escorts = sum(1 for o in state.cap_orders.values() if o == "escorts")
            _commit(state, g, "escorts" if on_escorts < len(escorts) else "bombers")
        _, bombers = raid(state, side)
        if not bombers:
            for g, o in list(state.cap_orders.items()):
                if o == "bombers":
                    del state.cap_orders[g]
        option_id = DONE
    else:
        option_id = option.id
    if option_id != DONE:
        _, g, target = option_id.split(":")  # cap:<group>:<target>
        _commit(state, g, target)
        opts = options(state)
        if len(opts) > 1:
            return ("cap", opts)
    state.phase = ""
    if state.cap_orders:
        fight(state)
    else:
        finish(state)
    return None


def fight(state: TerribleResolveState) -> None:
    """[CAP attacks] Roll the engagements: CAP v escorts (both roll 1D6 per SP), CAP v bombers (no return fire).

    Hits on 4-6 (M28), all simultaneous (M29), each engagement separate (M27). The firing side allocates
    its hits (M30, C-09 / TR-R14); every escort group in the box joins the dogfight (TR-R13).
    """
    side = ACTING[state.step]
    enemy = _other(side)
    escorts, bombers = raid(state, side)
    on_escorts = [g for g, o in state.cap_orders.items() if o == "escorts"]
    on_bombers = [g for g, o in state.cap_orders.items() if o == "bombers"]
    state.emit(
        "cap",
        f"CAP attacks: {len(on_escorts)} squadron(s) against {len(escorts)} escort group(s), "
        f"{len(on_bombers)} against {len(bombers)} bomber group(s)",
        rule=RULE,
        data=FrozenDict(  # read-only already: emit keeps it as it is
            {
                "cap_escorts": tuple(on_escorts),
                "cap_bombers": tuple(on_bombers),
                "escorts": tuple(escorts),
                "bombers": tuple(bombers),
            }
        ),
    )
    if on_escorts and escorts:
        cap_dice = state.roll(sum(state.sp[g] for g in on_escorts), 6, why="CAP v escorts", rule=RULE)
        esc_dice = state.roll(sum(state.sp[g] for g in escorts), 6, why="escorts v CAP", rule=RULE)
        combat.push_allocation(state, side, combat.count_hits(cap_dice), escorts, "CAP hits on the escorts", RULE)
        combat.push_allocation(state, enemy, combat.count_hits(esc_dice), on_escorts, "escort hits on the CAP", RULE)
    if on_bombers and bombers:
        dice = state.roll(sum(state.sp[g] for g in on_bombers), 6, why="CAP v bombers", rule=RULE)
        combat.push_allocation(state, side, combat.count_hits(dice), bombers, "CAP hits on the bombers", RULE)
    state.then = "cap-end"


def move_out(state: TerribleResolveState, gid: str) -> None:
    """[CAP attacks] Out to the next ring (M31); from the last ring to Waiting to Land (M32, TR-R03)."""
    r = ring(state, gid)
    dest = "wtl" if r >= state.options["cap_rings"] else f"cap:{r + 1}"
    state.move(gid, dest)
    said = MOVED_OUT[gid, dest]
    state.emit("cap-ring", said[0], rule=RULE, data=said[1], to=state._to[SIDE_OF[gid]])


def _moved_out(gid: str, dest: str) -> Said:
    """[CAP attacks] The text and data of the event of squadron ``gid`` moving out to ``dest``."""
    if dest == "wtl":
        text = f"{GROUPS[gid].label} leaves the CAP box for Waiting to Land"
    else:
        text = f"{GROUPS[gid].label} moves out to CAP ring {dest[4:]}"
    return (text, FrozenDict({"group": gid, "to": dest}))


MOVED_OUT = Table(_moved_out)
"""Each ``cap-ring`` event's text and data, by squadron and where it goes."""


def finish(state: TerribleResolveState) -> None:
    """[CAP attacks] Cross out the hits, then move every squadron that attacked out one ring.

    With option cap_drift (TR-R11) the squadrons that did not attack move out as well.
    """
    side = ACTING[state.step]
    combat.apply_losses(state, RULE)
    drift = state.options["cap_drift"]
    for g in state.in_cap(side):
        if drift or g in state.cap_orders:
            move_out(state, g)
    state.cap_orders = {}
