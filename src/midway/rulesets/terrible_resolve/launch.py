"""[Launch Planes] Steps 9-10 and [Planning Phase] steps 11-12: the flight deck."""

from __future__ import annotations

from typing import TYPE_CHECKING

from midway.engine import DONE, Option
from midway.engine.decisions import FrozenDict
from midway.rulesets.terrible_resolve.data import (
    CARRIERS,
    DECK_LIMIT,
    DECK_OF,
    FIGHTER,
    GROUPS,
    HANGAR_OF,
    SIDE_CARRIERS,
)
from midway.rulesets.terrible_resolve.options import CACHE, EVENTS, Segmented, done

if TYPE_CHECKING:
    from midway.rulesets.terrible_resolve.game import TerribleResolveState


# ------------------------------------------------------------------ launch
def launching(state: TerribleResolveState, side: str) -> list[str]:
    """[Launch Planes] [Damaged Carriers] Groups on the decks of carriers that are not crippled (M42, M45)."""
    places = tuple(DECK_OF[c] for c in SIDE_CARRIERS[side] if state.operational(c))
    return state.at_many(side, places)


def begin_launch(state: TerribleResolveState, side: str) -> None:
    """[Launch Planes] Bombers go to Moving to Attack (M43); each fighter's destination is asked (M44).

    Every group on a launching deck takes off (TR-R23); a crippled carrier's deck stays loaded (D06).
    """
    for g in launching(state, side):
        if GROUPS[g].kind != FIGHTER:
            _launch(state, g, "mta")
    state.stay("launch", launch_options(state))


def _launch(state: TerribleResolveState, gid: str, dest: str) -> None:
    """[Launch Planes] One group takes off to ``dest`` (hidden from the enemy, TR-R19)."""
    state.move(gid, dest)
    key = ("launch", gid, state.sp[gid], dest)
    said = EVENTS.get(key)
    if said is None:
        where = "the centre of the CAP box" if dest == "cap:0" else "Moving to Attack"
        said = EVENTS[key] = (
            f"{GROUPS[gid].label} ({state.sp[gid]} SP) launches to {where}",
            FrozenDict({"group": gid, "to": dest}),
        )
    state.emit("launch", said[0], rule="Launch Planes", data=said[1], to=state.visible_to(GROUPS[gid].side))


def _launch_options(g: str, sp: int) -> tuple[Option, Option]:
    """[Launch Planes] Fighter ``g`` (``sp`` SP) flies CAP or escorts the strike."""
    label = f"{GROUPS[g].label} ({sp} SP)"
    return (
        Option(f"launch:{g}:cap", f"{label} flies CAP", {"group": g, "to": "cap:0"}),
        Option(f"launch:{g}:escort", f"{label} escorts the strike", {"group": g, "to": "mta"}),
    )


ALL_CAP = Option("all:cap", "Every fighter flies CAP", {"to": "cap:0"})
ALL_ESCORT = Option("all:escort", "Every fighter escorts the strike", {"to": "mta"})


def launch_options(state: TerribleResolveState) -> list[Option]:
    """[Launch Planes] ``launch:<fighter>:cap`` or ``:escort`` (M24, M44), or all of them one way."""
    fighters = launching(state, state.acting)
    opts: list[Option] = []
    sp = state.sp
    for g in fighters:
        key = ("launch", g, sp[g])
        pair = CACHE.get(key)
        if pair is None:
            pair = CACHE[key] = _launch_options(g, sp[g])
        opts += pair
    if len(fighters) > 1:
        opts.append(ALL_CAP)
        opts.append(ALL_ESCORT)
    return opts


def resolve_launch(state: TerribleResolveState, option: Option) -> None:
    """[Launch Planes] Send one fighter (or all) to CAP or as escort (M44)."""
    if option.id.startswith("all:"):
        for g in launching(state, state.acting):
            _launch(state, g, option.data["to"])
    else:
        _launch(state, option.data["group"], option.data["to"])
    state.stay("launch", launch_options(state))


# ---------------------------------------------------------------- planning
def can_plan(state: TerribleResolveState, c: str) -> bool:
    """[Planning Phase] [Set Up] Not crippled (M45), and (Japan) its own first wave landed (M15, TR-R22)."""
    if not state.operational(c):
        return False
    first_wave = state.first_wave
    if not first_wave:  # every first-wave group is down (always so for the Americans)
        return True
    loc = state.loc
    return not any(GROUPS[g].carrier == c and loc[g] == "wtl" for g in first_wave)


def _deck_option(g: str, sp: int, c: str, spotted: int) -> Option:
    """[Planning Phase] The option to spot group ``g`` (``sp`` SP) on ``c``'s deck, which holds ``spotted`` SP."""
    return Option(
        f"deck:{g}",
        lambda: f"Spot {GROUPS[g].label} ({sp} SP) on {CARRIERS[c].name}'s deck (deck {spotted} SP)",
        {"group": g, "carrier": c},
    )


FILL = {c: Option(f"fill:{c}", f"Spot as many as fit on {CARRIERS[c].name}'s deck", {"carrier": c}) for c in CARRIERS}
DONE_PLANNING = done("Done planning (empty decks may land planes next turn)")


def plan_options(state: TerribleResolveState, only: str = "", before: Segmented | None = None) -> Segmented:
    """[Planning Phase] ``deck:<group>`` from the hangar while the deck stays within 20 SP (M46); ``fill``; ``done``.

    With ``only`` and ``before`` (the options shown, which ``only`` alone has changed since: a spot on its deck)
    the other carriers' options are taken from ``before``."""
    side = state.acting
    segments: dict[str, list[Option]] = {}
    opts = Segmented()
    for c in SIDE_CARRIERS[side]:
        segment = before.segments[c] if before is not None and c != only else _plan_segment(state, c)
        segments[c] = segment
        opts += segment
    if opts:
        opts.append(DONE_PLANNING)
    opts.segments = segments
    return opts


def _plan_segment(state: TerribleResolveState, c: str) -> list[Option]:
    """[Planning Phase] The options spotting planes on ``c``'s deck."""
    places = state.places(CARRIERS[c].side)
    hangar = places.get(HANGAR_OF[c])
    if not hangar or not can_plan(state, c):
        return []
    sp = state.sp
    deck = places.get(DECK_OF[c])
    spotted = sum(map(sp.__getitem__, deck)) if deck else 0
    room = DECK_LIMIT - spotted
    fits = [g for g in hangar if sp[g] <= room]
    if not fits:
        return []
    get = DECK_OPTIONS.get
    segment = [get((g, sp[g], c, spotted)) or _new_deck_option(g, sp[g], c, spotted) for g in fits]
    if len(fits) > 1:
        segment.append(FILL[c])
    return segment


DECK_OPTIONS: dict[tuple[str, int, str, int], Option] = {}
"""Every ``deck:`` option made so far, by group, SP, carrier and SP already on that deck."""


def _new_deck_option(g: str, sp: int, c: str, spotted: int) -> Option:
    opt = DECK_OPTIONS[g, sp, c, spotted] = _deck_option(g, sp, c, spotted)
    return opt


def begin_plan(state: TerribleResolveState, side: str) -> None:
    """[Planning Phase] Ask if any group can be spotted."""
    state.stay("plan", plan_options(state))


def _spot(state: TerribleResolveState, gid: str, c: str) -> None:
    """[Planning Phase] Move one group from the hangar to the flight deck (hidden, TR-R19)."""
    state.move(gid, DECK_OF[c])
    key = ("deck", gid, c)
    said = EVENTS.get(key)
    if said is None:
        said = EVENTS[key] = (
            f"{GROUPS[gid].label} is spotted on {CARRIERS[c].name}'s flight deck",
            FrozenDict({"group": gid, "carrier": c}),
        )
    state.emit("deck", said[0], rule="Planning Phase", data=said[1], to=state.visible_to(GROUPS[gid].side))


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
    shown = state.shown("plan")
    state.stay("plan", plan_options(state, c, shown if type(shown) is Segmented else None))
