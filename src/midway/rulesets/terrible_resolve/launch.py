"""[Launch Planes] Steps 9-10 and [Planning Phase] steps 11-12: the flight deck."""

from __future__ import annotations

from typing import TYPE_CHECKING

from midway.engine import DONE, Option
from midway.rulesets.terrible_resolve.data import CARRIERS, DECK_LIMIT, FIGHTER, GROUPS, SIDE_CARRIERS

if TYPE_CHECKING:
    from midway.rulesets.terrible_resolve.game import TerribleResolveState


# ------------------------------------------------------------------ launch
def launching(state: TerribleResolveState, side: str) -> list[str]:
    """[Launch Planes] [Damaged Carriers] Groups on the decks of carriers that are not crippled (M42, M45)."""
    places = tuple(f"deck:{c}" for c in SIDE_CARRIERS[side] if state.operational(c))
    return state.at_many(side, places)


def begin_launch(state: TerribleResolveState, side: str) -> None:
    """[Launch Planes] Bombers go to Moving to Attack (M43); each fighter's destination is asked (M44).

    Every group on a launching deck takes off (TR-R23); a crippled carrier's deck stays loaded (D06).
    """
    for g in launching(state, side):
        if GROUPS[g].kind != FIGHTER:
            _launch(state, g, "mta")
    if launching(state, side):
        state.phase = "launch"


def _launch(state: TerribleResolveState, gid: str, dest: str) -> None:
    """[Launch Planes] One group takes off to ``dest`` (hidden from the enemy, TR-R19)."""
    side = GROUPS[gid].side
    state.loc[gid] = dest
    where = "the centre of the CAP box" if dest == "cap:0" else "Moving to Attack"
    state.emit(
        "launch",
        f"{GROUPS[gid].label} ({state.sp[gid]} SP) launches to {where}",
        rule="Launch Planes",
        data={"group": gid, "to": dest},
        to=state.visible_to(side),
    )


def launch_options(state: TerribleResolveState) -> list[Option]:
    """[Launch Planes] ``launch:<fighter>:cap`` or ``:escort`` (M24, M44), or all of them one way."""
    fighters = launching(state, state.acting)
    opts: list[Option] = []
    for g in fighters:
        label = f"{GROUPS[g].label} ({state.sp[g]} SP)"
        opts.append(Option(f"launch:{g}:cap", f"{label} flies CAP", {"group": g, "to": "cap:0"}))
        opts.append(Option(f"launch:{g}:escort", f"{label} escorts the strike", {"group": g, "to": "mta"}))
    if len(fighters) > 1:
        opts.append(Option("all:cap", "Every fighter flies CAP", {"to": "cap:0"}))
        opts.append(Option("all:escort", "Every fighter escorts the strike", {"to": "mta"}))
    return opts


def resolve_launch(state: TerribleResolveState, option: Option) -> None:
    """[Launch Planes] Send one fighter (or all) to CAP or as escort (M44)."""
    if option.id.startswith("all:"):
        for g in launching(state, state.acting):
            _launch(state, g, option.data["to"])
    else:
        _launch(state, option.data["group"], option.data["to"])
    if not launching(state, state.acting):
        state.phase = ""


# ---------------------------------------------------------------- planning
def can_plan(state: TerribleResolveState, c: str) -> bool:
    """[Planning Phase] [Set Up] Not crippled (M45), and (Japan) its own first wave landed (M15, TR-R22)."""
    if not state.operational(c):
        return False
    return not any(GROUPS[g].carrier == c and state.loc[g] == "wtl" for g in state.first_wave)


def plan_options(state: TerribleResolveState) -> list[Option]:
    """[Planning Phase] ``deck:<group>`` from the hangar while the deck stays within 20 SP (M46); ``fill``; ``done``."""
    side = state.acting
    places = state.places(side)
    sp = state.sp
    opts: list[Option] = []
    for c in SIDE_CARRIERS[side]:
        if not can_plan(state, c):
            continue
        room = DECK_LIMIT - sum(sp[g] for g in places.get(f"deck:{c}", ()))
        fits = [g for g in places.get(f"hangar:{c}", ()) if sp[g] <= room]
        name = CARRIERS[c].name
        opts += [
            Option(
                f"deck:{g}",
                f"Spot {GROUPS[g].label} ({state.sp[g]} SP) on {name}'s deck (deck {20 - room} SP)",
                {"group": g, "carrier": c},
            )
            for g in fits
        ]
        if len(fits) > 1:
            opts.append(Option(f"fill:{c}", f"Spot as many as fit on {name}'s deck", {"carrier": c}))
    if opts:
        opts.append(Option(DONE, "Done planning (empty decks may land planes next turn)"))
    return opts


def begin_plan(state: TerribleResolveState, side: str) -> None:
    """[Planning Phase] Ask if any group can be spotted."""
    if plan_options(state):
        state.phase = "plan"


def _spot(state: TerribleResolveState, gid: str, c: str) -> None:
    """[Planning Phase] Move one group from the hangar to the flight deck (hidden, TR-R19)."""
    state.loc[gid] = f"deck:{c}"
    side = GROUPS[gid].side
    state.emit(
        "deck",
        f"{GROUPS[gid].label} is spotted on {CARRIERS[c].name}'s flight deck",
        rule="Planning Phase",
        data={"group": gid, "carrier": c},
        to=state.visible_to(side),
    )


def resolve_plan(state: TerribleResolveState, option: Option) -> None:
    """[Planning Phase] Spot one group, fill a deck, or end planning (M46, M47)."""
    if option.id == DONE:
        state.phase = ""
        return
    c = option.data["carrier"]
    if option.id.startswith("fill:"):
        for g in state.at(state.acting, f"hangar:{c}"):
            if state.sp[g] <= DECK_LIMIT - state.deck_sp(c):
                _spot(state, g, c)
    else:
        _spot(state, option.data["group"], c)
    if not plan_options(state):
        state.phase = ""
