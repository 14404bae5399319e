"""[Launch Planes] Steps 9-10 and [Planning Phase] steps 11-12: the flight deck."""

from __future__ import annotations

from functools import partial
from itertools import compress, product
from typing import TYPE_CHECKING

from midway.engine import DONE, Option
from midway.engine.decisions import FrozenDict
from midway.rulesets.terrible_resolve.data import (
    ACTING,
    CARRIERS,
    CRIPPLED_AT,
    DECK_LIMIT,
    DECK_OF,
    FIGHTER,
    GROUP_SP,
    GROUPS,
    HANGAR_OF,
    SIDE_CARRIERS,
    SIDE_OF,
    SUNK_AT,
)
from midway.rulesets.terrible_resolve.options import (
    SP_VALUES,
    Kept,
    Said,
    Segmented,
    Table,
    done,
    group_options,
)

if TYPE_CHECKING:
    from midway.rulesets.terrible_resolve.game import TerribleResolveState


# ------------------------------------------------------------------ launch
DECKS = {side: tuple(DECK_OF[c] for c in carriers) for side, carriers in SIDE_CARRIERS.items()}
"""[Launch Planes] Each side's flight decks as places of ``loc``, in carrier order."""


def launching(state: TerribleResolveState, side: str) -> list[str]:
    """[Launch Planes] [Damaged Carriers] Groups on the decks of carriers that are not crippled (M42, M45)."""
    damage = state.damage
    return state.at_many(
        side, tuple(compress(DECKS[side], map(CRIPPLED_AT.__gt__, map(damage.__getitem__, SIDE_CARRIERS[side]))))
    )


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
    said = LAUNCHED[gid, state.sp[gid], dest]
    state.emit("launch", said[0], rule="Launch Planes", data=said[1], to=state._to[SIDE_OF[gid]])


def _launched(gid: str, sp: int, dest: str) -> Said:
    """[Launch Planes] The text and data of the event of group ``gid`` (``sp`` SP) taking off to ``dest``."""
    where = "the centre of the CAP box" if dest == "cap:0" else "Moving to Attack"
    return (f"{GROUPS[gid].label} ({sp} SP) launches to {where}", FrozenDict({"group": gid, "to": dest}))


LAUNCHED = Table(_launched)
"""Each ``launch`` event's text and data, by group, SP and destination."""


DESTINATIONS = {"cap": "cap:0", "escort": "mta"}
"""[Launch Planes] Where a fighter flying CAP or escorting the strike goes (M44): the ``to`` of the options' data,
by the last part of their ids."""


def _launch_options(g: str, sp: int) -> tuple[Option, Option]:
    """[Launch Planes] Fighter ``g`` (``sp`` SP) flies CAP or escorts the strike."""
    label = f"{GROUPS[g].label} ({sp} SP)"
    return (
        Option(f"launch:{g}:cap", f"{label} flies CAP", {"group": g, "to": DESTINATIONS["cap"]}),
        Option(f"launch:{g}:escort", f"{label} escorts the strike", {"group": g, "to": DESTINATIONS["escort"]}),
    )


LAUNCH = Table(_launch_options, product((g for g in GROUPS if GROUPS[g].kind == FIGHTER), SP_VALUES))
"""The two ``launch:`` options of each fighter group, by group and SP."""
ALL_CAP = Option("all:cap", "Every fighter flies CAP", {"to": DESTINATIONS["cap"]})
ALL_ESCORT = Option("all:escort", "Every fighter escorts the strike", {"to": DESTINATIONS["escort"]})


def launch_options(state: TerribleResolveState) -> list[Option]:
    """[Launch Planes] ``launch:<fighter>:cap`` or ``:escort`` (M24, M44), or all of them one way."""
    fighters = launching(state, ACTING[state.step])
    opts: list[Option] = []
    sp = state.sp
    for g in fighters:
        opts += LAUNCH[g, sp[g]]
    if len(fighters) > 1:
        opts.append(ALL_CAP)
        opts.append(ALL_ESCORT)
    return opts


def resolve_launch(state: TerribleResolveState, option: Option, shown: list[Option] | None = None) -> Kept | None:
    """[Launch Planes] Send one fighter (or all) to CAP or as escort (M44)."""
    oid = option[0]
    if oid[0] == "a":  # all:cap or all:escort
        dest = DESTINATIONS[oid[4:]]
        for g in launching(state, ACTING[state.step]):
            _launch(state, g, dest)
    else:  # launch:<fighter>:cap or :escort
        _, g, to = oid.split(":")
        _launch(state, g, DESTINATIONS[to])
    return ("launch", launch_options(state))


# ---------------------------------------------------------------- planning
def planning(state: TerribleResolveState, side: str) -> list[str]:
    """[Planning Phase] [Set Up] The side's carriers that may spot planes: afloat, crippled or not (TR-R29: the text
    forbids a crippled carrier only to launch and land, and one repaired this turn launches next turn what she
    spotted now), and (Japan) with their own first wave landed (M15, TR-R22)."""
    first_wave = state.first_wave  # empty once every first-wave group is down (always so for the Americans)
    loc = state.loc
    waiting = {GROUPS[g].carrier for g in first_wave if loc[g] == "wtl"} if first_wave else ()
    damage = state.damage
    return [c for c in SIDE_CARRIERS[side] if damage[c] < SUNK_AT and c not in waiting]


def _deck_option(g: str, sp: int, *, c: str, spotted: int) -> Option:
    """[Planning Phase] The option to spot group ``g`` (``sp`` SP) on ``c``'s deck, which holds ``spotted`` SP."""
    return Option(
        DECK_IDS[g],
        lambda: f"Spot {GROUPS[g].label} ({sp} SP) on {CARRIERS[c].name}'s deck (deck {spotted} SP)",
        DECK_DATA[g, c],
    )


DECK_IDS = {g: f"deck:{g}" for g in GROUPS}
DECK_DATA = {
    (g, c): FrozenDict({"group": g, "carrier": c}) for g, info in GROUPS.items() for c in SIDE_CARRIERS[info.side]
}
"""The id of each ``deck:`` option, and its data (shared by the options of every SP and deck load)."""
FILL = {c: Option(f"fill:{c}", f"Spot as many as fit on {CARRIERS[c].name}'s deck", {"carrier": c}) for c in CARRIERS}
DONE_PLANNING = done("Done planning (empty decks may land planes next turn)")


def plan_options(state: TerribleResolveState, only: str = "", before: Segmented | None = None) -> Segmented:
    """[Planning Phase] ``deck:<group>`` from the hangar while the deck stays within 20 SP (M46); ``fill``; ``done``.

    With ``only`` and ``before`` (the options shown, which ``only`` alone has changed since: a spot on its deck)
    the other carriers' options are taken from ``before``, and ``only`` may still plan (it has just spotted)."""
    side = ACTING[state.step]
    segments: dict[str, list[Option]] = {}
    opts = Segmented()
    if before is None:
        plans = planning(state, side)
        for c in SIDE_CARRIERS[side]:
            segment = segments[c] = _plan_segment(state, c) if c in plans else []
            opts += segment
    else:
        for c in SIDE_CARRIERS[side]:
            segment = segments[c] = before.segments[c] if c != only else _plan_segment(state, c)
            opts += segment
    if opts:
        opts.append(DONE_PLANNING)
    opts.segments = segments
    return opts


def _plan_segment(state: TerribleResolveState, c: str) -> list[Option]:
    """[Planning Phase] The options spotting planes on ``c``'s deck (a carrier that may plan: :func:`planning`)."""
    places = state._where[CARRIERS[c].side]
    hangar = places.get(HANGAR_OF[c])
    if not hangar:
        return []
    sp = state.sp
    deck = places.get(DECK_OF[c])
    spotted = sum(map(sp.__getitem__, deck)) if deck else 0
    return group_options(DECK_OPTIONS[c, spotted], hangar, sp, DECK_LIMIT - spotted, FILL[c])


class _DeckTables(dict[tuple[str, int], Table[Option]]):
    """The ``deck:`` options of each carrier and deck load, each table made on first use."""

    def __missing__(self, key: tuple[str, int]) -> Table[Option]:
        c, spotted = key
        table = self[key] = Table(partial(_deck_option, c=c, spotted=spotted))
        return table


DECK_OPTIONS = _DeckTables()
"""Every ``deck:`` option made so far, by carrier and SP already on its deck, then by group and SP. Those of full
groups on decks holding whole groups (nearly all) are made when the ruleset loads."""
for _g, _c in DECK_DATA:
    for _load in range(0, DECK_LIMIT, GROUP_SP):
        DECK_OPTIONS[_c, _load][_g, GROUP_SP]


def begin_plan(state: TerribleResolveState, side: str) -> None:
    """[Planning Phase] Ask if any group can be spotted."""
    state.stay("plan", plan_options(state))


def _spot(state: TerribleResolveState, gid: str, c: str) -> None:
    """[Planning Phase] Move one group from the hangar to the flight deck (hidden, TR-R19)."""
    state.move(gid, DECK_OF[c])
    said = SPOTTED[gid, c]
    state.emit("deck", said[0], rule="Planning Phase", data=said[1], to=state._to[SIDE_OF[gid]])


def _spotted(gid: str, c: str) -> Said:
    """[Planning Phase] The text and data of the event of group ``gid`` spotted on ``c``'s flight deck."""
    return (f"{GROUPS[gid].label} is spotted on {CARRIERS[c].name}'s flight deck", DECK_DATA[gid, c])


SPOTTED = Table(_spotted)
"""Each ``deck`` event's text and data, by group and carrier."""


def resolve_plan(state: TerribleResolveState, option: Option, shown: list[Option] | None = None) -> Kept | None:
    """[Planning Phase] Spot one group, fill a deck, or end planning (M46, M47); the step's next options are made
    from those ``shown``."""
    oid = option[0]
    if oid == DONE:
        state.phase = ""
        return None
    if oid[0] == "f":  # fill:<carrier>
        c = oid[5:]
        for g in state.at(ACTING[state.step], HANGAR_OF[c]):
            if state.sp[g] <= DECK_LIMIT - state.deck_sp(c):
                _spot(state, g, c)
    else:  # deck:<group>, from its carrier's hangar
        g = oid[5:]
        c = state.loc[g][7:]
        _spot(state, g, c)
    return ("plan", plan_options(state, c, shown if type(shown) is Segmented else None))
