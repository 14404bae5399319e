"""[Carrier Attacks] Steps 7 (Japan) and 8 (America): targets, AA against each wave, bombing."""

from __future__ import annotations

from itertools import filterfalse
from typing import TYPE_CHECKING

from midway.engine import Option
from midway.engine.decisions import FrozenDict
from midway.rulesets.terrible_resolve import combat, victory
from midway.rulesets.terrible_resolve.data import (
    ACTING,
    CARRIERS,
    DIVE,
    FIGHTER,
    FIGHTER_GROUPS,
    GROUPS,
    SIDE_CARRIERS,
    SUNK_AT,
    TORPEDO,
)
from midway.rulesets.terrible_resolve.options import SP_VALUES, Kept, Table

if TYPE_CHECKING:
    from midway.rulesets.terrible_resolve.game import TerribleResolveState

RULE = "Carrier Attacks"


def _other(side: str) -> str:
    """[Sequence of Play] The other side."""
    return "ijn" if side == "usn" else "usn"


def aa_dice(state: TerribleResolveState, c: str) -> int:
    """[Ship Data] [Resolving AA] AA dice; Enterprise per option enterprise_aa (TR-R01, C-01); a crippled
    carrier fires in full (TR-R18)."""
    if c == "ent":
        return int(state.options["enterprise_aa"])
    return CARRIERS[c].aa


def to_home(state: TerribleResolveState, gid: str) -> None:
    """[Carrier Attacks] To Heading (Returning) Home (M34, M41). A side with no carrier afloat has nowhere
    to go home to: the group is lost (TR-R15, E06)."""
    side = GROUPS[gid].side
    if min(map(state.damage.__getitem__, SIDE_CARRIERS[side])) >= SUNK_AT:  # no carrier afloat
        state.lose_all(gid, rule="TR-R15")
        return
    state.move(gid, "home")


def bombers_attacking(state: TerribleResolveState, side: str) -> list[str]:
    """[Carrier Attacks] The side's bomber groups in its Attacking box."""
    there = state._where[side].get("atk")
    return list(filterfalse(FIGHTER_GROUPS.__contains__, there)) if there else []


def _target_option(g: str, sp: int, c: str) -> Option:
    """[Carrier Attacks] The option sending bomber group ``g`` (``sp`` SP) against carrier ``c``."""
    return Option(
        f"target:{g}:{c}", lambda: f"{GROUPS[g].label} ({sp} SP) attacks {CARRIERS[c].name}", {"group": g, "carrier": c}
    )


TARGET = Table(
    _target_option,
    (
        (g, sp, c)
        for g, info in GROUPS.items()
        if info.kind != FIGHTER
        for sp in SP_VALUES
        for c in SIDE_CARRIERS[_other(info.side)]
    ),
)
"""Every ``target:`` option, by bomber group, SP and carrier."""
TARGETS = Table(lambda g, sp, targets: tuple([TARGET[g, sp, c] for c in targets]))
"""The ``target:`` options of a bomber group, by group, SP and the carriers it may attack."""
ALL_ON = {c: Option(f"all:{c}", f"Every remaining bomber attacks {CARRIERS[c].name}", {"carrier": c}) for c in CARRIERS}


def options(state: TerribleResolveState) -> list[Option]:
    """[Carrier Attacks] Each bomber group picks an enemy carrier afloat (M33); ``all:<carrier>`` sends the rest."""
    side = ACTING[state.step]
    free = [g for g in bombers_attacking(state, side) if g not in state.targets]
    opts: list[Option] = []
    targets = tuple(state.carriers_afloat(_other(side)))
    sp = state.sp
    for g in free:
        opts += TARGETS[g, sp[g], targets]
    if len(free) > 1:
        opts += [ALL_ON[c] for c in targets]
    return opts


def begin(state: TerribleResolveState, side: str) -> None:
    """[Carrier Attacks] Fighters in Attacking go home (M34, C-12); bombers choose targets."""
    state.targets = {}
    state.waves = []
    for g in state.at(side, "atk"):
        if GROUPS[g].kind == FIGHTER:
            to_home(state, g)
    bombers = bombers_attacking(state, side)
    if not bombers:
        return
    targets = state.carriers_afloat(_other(side))
    if not targets:
        for g in bombers:
            to_home(state, g)
        return
    if len(targets) == 1:
        for g in bombers:
            state.targets[g] = targets[0]
        _start_waves(state)
        return
    state.stay("target", options(state))


def resolve(state: TerribleResolveState, option: Option, shown: list[Option] | None = None) -> Kept | None:
    """[Carrier Attacks] Place one bomber group (or all the rest) in a carrier's section (M33); the step's next
    options are made from those ``shown``."""
    bombers = bombers_attacking(state, ACTING[state.step])
    targets = state.targets
    oid = option[0]
    every = oid[0] == "a"  # all:<carrier>
    if every:
        c = oid[4:]
        for g in bombers:
            targets.setdefault(g, c)
    else:  # target:<group>:<carrier>
        _, g, c = oid.split(":")
        targets[g] = c
    if len(targets) == len(bombers):
        state.phase = ""
        _start_waves(state)
        return None
    if shown is None or every:
        return ("target", options(state))
    # made from the options shown: each free group had one option per carrier afloat, in group order, then
    # (two or more free) the all: options, one per carrier; the chosen group's go, and the all: ones if one is left
    n = len(bombers) - len(targets) + 1  # free before this choice
    per = len(shown) // (n + 1)
    i = bombers.index(g)
    at = (i - sum(map(targets.__contains__, bombers[:i]))) * per  # g's place among the free
    opts = shown[:at] + shown[at + per : n * per]
    if n > 2:
        opts += shown[n * per :]
    return ("target", opts)


def _start_waves(state: TerribleResolveState) -> None:
    """[Carrier Attacks] All the groups against one carrier form one attack wave (M35)."""
    side = ACTING[state.step]
    enemy = _other(side)
    state.waves = [c for c in state.carriers_afloat(enemy) if c in state.targets.values()]
    for c in state.waves:
        wave = [g for g, t in state.targets.items() if t == c]
        state.emit(
            "wave",
            f"Attack wave on {CARRIERS[c].name}: " + ", ".join(f"{GROUPS[g].label} ({state.sp[g]} SP)" for g in wave),
            rule=RULE,
            data=FrozenDict({"carrier": c, "groups": tuple(wave)}),  # read-only already: emit keeps it as it is
        )
    state.then = "waves"


def next_wave(state: TerribleResolveState) -> None:
    """[Carrier Attacks: Resolving AA] The carrier rolls its AA dice once against the whole wave (M36);
    the attacking player allocates the SP shot down (M37, TR-R10)."""
    if not state.waves:
        return
    c = state.waves[0]
    wave = [g for g, t in state.targets.items() if t == c]
    defender = CARRIERS[c].side
    dice = state.roll(aa_dice(state, c), 6, why=f"{CARRIERS[c].name} AA", rule="Carrier Attacks: Resolving AA")
    hits = combat.count_hits(dice)
    state.emit(
        "aa",
        f"{CARRIERS[c].name} AA shoots down {hits} SP",
        rule="Carrier Attacks: Resolving AA",
        data={"carrier": c, "hits": hits, "side": defender},
    )
    mode = "even" if state.options["aa_allocation"] == "even" else "choose"
    combat.push_allocation(
        state, ACTING[state.step], hits, wave, f"AA hits from {CARRIERS[c].name}", "Carrier Attacks: Resolving AA", mode
    )
    state.then = "bomb"


def bomb(state: TerribleResolveState) -> None:
    """[Carrier Attacks] Survivors bomb (M38, M39); each hit marks a damage circle (M40); bombers go home (M41)."""
    c = state.waves.pop(0)
    combat.apply_losses(state, "Carrier Attacks: Resolving AA")
    wave = [g for g, t in state.targets.items() if t == c]
    name = CARRIERS[c].name
    dive_sp = sum(state.sp[g] for g in wave if GROUPS[g].kind == DIVE)
    torp_sp = sum(state.sp[g] for g in wave if GROUPS[g].kind == TORPEDO)
    hits = combat.dive_bomb(state, dive_sp, f"dive bombers on {name}")
    hits += combat.torpedo_bomb(state, torp_sp, f"torpedo bombers on {name}")
    damage(state, c, hits)
    for g in wave:
        if state.sp[g] > 0:
            to_home(state, g)
    state.then = "waves"


def damage(state: TerribleResolveState, c: str, hits: int) -> None:
    """[Carrier Attacks] [Damaged Carriers] Mark hits (never beyond 10); at 10 the carrier sinks (M11, E04).

    A sunk carrier's hangar and deck groups go down with her (TR-R20); a fleet with no carrier afloat
    loses its planes that cannot strike (TR-R15)."""
    name = CARRIERS[c].name
    before = state.status(c)
    state.damage[c] = min(SUNK_AT, state.damage[c] + hits)
    after = state.status(c)
    state.emit(
        "damage",
        f"{name} takes {hits} hit(s): {state.damage[c]} damage, {after}",
        rule=RULE,
        data={"carrier": c, "hits": hits, "damage": state.damage[c], "status": after},
    )
    if after == "sunk" and before != "sunk":
        side = CARRIERS[c].side
        for g in state.at_many(side, (f"hangar:{c}", f"deck:{c}")):
            state.lose_all(g, rule="TR-R20", to=state.visible_to(side))
        if not state.carriers_afloat(side):
            victory.fleet_lost(state, side)
