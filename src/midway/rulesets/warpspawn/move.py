"""[MOVE PHASE] The move phase: the Americans move, then the Japanese (M17).

A move is two atomic choices: pick a squad (or a strike group in Search / 2nd Search), then
its destination along one arrow of the flowcharts (M14, M15). ``done`` ends the side's moves;
it is offered only when every squad that must move (WS-R28) has moved, or has at most one
destination left, in which case it is moved automatically (or pancakes, M40).
"""

from __future__ import annotations

from itertools import compress
from typing import TYPE_CHECKING

from midway.engine import DONE, Decision, Option
from midway.rulesets.warpspawn import constraints
from midway.rulesets.warpspawn.board import (
    CARRIER_SIDE,
    DRINK,
    FIGHTERS,
    IMMOBILIZED,
    REFUEL_CAP,
    ROW14,
    Memo,
    Squad,
    destroy,
    face_down,
    face_up,
    ids_of,
    is_fighter,
    name,
    private,
    relocate,
    squad_pick,
    target_carriers,
)
from midway.rulesets.warpspawn.data import (
    BOX_NAMES,
    CARRIER_ARROWS,
    CARRIERS,
    RULES,
    STRIKE_ARROWS,
    TARGET_NAMES,
)

if TYPE_CHECKING:
    from midway.rulesets.warpspawn.game import WarpspawnState

RULE = "MOVE PHASE"


class Ctx:
    """The box counts, capacities and landing places (M25) one decision reads, from the state's indexes."""

    __slots__ = ("deck", "refuel", "cap", "side", "land")

    def __init__(self, st: WarpspawnState, side: str) -> None:
        self.deck, self.refuel, self.cap = st._n_deck, st._n_refuel, st._cap
        self.side = side
        self.land: tuple[str, ...] = st._land[side]
        """The side's carriers with room On Deck (M25)."""


def _move_option(key: tuple[str, str]) -> Option:
    unit, dest = key
    return Option(f"move:{unit}:{dest}", dest_label(dest), {"unit": unit, "dest": dest})


_MOVE: Memo[tuple[str, str], Option] = Memo(_move_option)
"""One ``move:`` option per unit and destination (its label depends on nothing else)."""
DONE_OPTION = Option(DONE, "end my move phase")


def start_move(st: WarpspawnState, side: str) -> None:
    """[MOVE PHASE] Start of a side's turn: turn its squads right side up (``moved`` cleared); squads
    starting in Refuel/Rearm are rearmed (M28, WS-R03); Patrol turns counted (M20, WS-R14); the
    forced one-arrow moves Attack -> Return II (loss on a 1, M39) and Return II -> Return I are made."""
    st.stage, st.mover, st.sel, st.launched = "move", side, "", []
    st.emit("phase", f"Turn {st.turn}: {st.game.side_name(side)} move phase", rule=RULE)
    idle = 0
    for sq in st._mine[side]:
        sq.moved = False
        if not sq.group:
            idle |= sq.bit
    sets = st._sets[side]
    sets.idle |= idle
    squads, air, refuels = st.squads, sets.air, st._refuels
    below = 0
    for c in CARRIER_SIDE[side]:
        below |= refuels[c]
    for sid in ids_of(side, sets.rearm & below):  # face down in Refuel/Rearm
        face_up(st, squads[sid])
    for sid in ids_of(side, air["patrol"]):
        squads[sid].patrol += 1
    for gid, g in st.groups.items():
        if g["side"] == side:
            g["moved"] = False
            if g["box"] in ("search", "search2"):
                st._gwait.add(gid)
    to = private(st, side)
    for sid in ids_of(side, air["return2"]):
        _put(st, squads[sid], "return1")
    for gid in [gid for gid, g in st.groups.items() if g["side"] == side and g["box"] == "attack"]:
        members = [st.squads[m] for m in st.groups[gid]["members"]]
        _dissolve(st, gid, "return2")
        if members:
            dice = st.roll(len(members), 6, why="Attack -> Return II losses", rule=RULE, to=to)
            for sq, die in zip(members, dice, strict=True):
                if die <= RULES.return_loss_max:
                    destroy(st, sq, "lost returning from the attack (rolled 1)", rule=RULE, combat=False)
    if st._hc:
        constraints.start_move(st, side)  # WS-R35: is Japan's Midway wave On Deck?


def _put(st: WarpspawnState, sq: Squad, box: str, carrier: str = "") -> None:
    place = relocate(st, sq, box, carrier)
    assert place is not None, "a squad moves to a box of the flowcharts"
    sq.moved = True
    st.emit("move", place[2], rule=RULE, data=place[3], to=st._hidden[sq.side])  # private(), inlined


def _dissolve(st: WarpspawnState, gid: str, box: str) -> None:
    """Strike groups end when they reach a Return box (WS-R25); ditching fighters go (WS-R13)."""
    g = st.groups.pop(gid)
    st._gwait.discard(gid)
    for sid in g["members"]:
        sq = st.squads[sid]
        sq.group = ""
        if sq.ditch:
            sq.ditch = False
            destroy(st, sq, "ditched (2nd Search fighter)", rule="MOVE PHASE; WS-R13", combat=False)
        else:
            _put(st, sq, box)
    g["members"] = []


def must_move(st: WarpspawnState, sq: Squad) -> bool:
    """[MOVE PHASE] A squad must move if it is not on a carrier or on Patrol (M19); a fighter must
    leave Patrol at its 5th turn there (M20, WS-R14)."""
    if sq.box in ("deck", "refuel"):
        return False
    if sq.box == "patrol":
        return sq.patrol > RULES.patrol_max
    return True


def _launch_targets(st: WarpspawnState, side: str) -> tuple[str, ...]:
    """[ATTACK PHASE] Japanese targets declared at launch: those with a carrier left (WS-R16); the
    Americans attack the fleet (kept by :func:`~midway.rulesets.warpspawn.board.recap`)."""
    return st._targets[side]


def _joinable(st: WarpspawnState, side: str) -> list[str]:
    """The strike groups launched this phase still in Search, which a squad in Takeoff may join (WS-R25)."""
    out = []
    for gid in st.launched:
        g = st.groups.get(gid)
        if g is not None and g["side"] == side and g["box"] == "search":
            out.append(gid)
    return out


def squad_dests(st: WarpspawnState, sq: Squad, ctx: Ctx) -> list[str]:
    """[MOVE PHASE] [CARRIER BOX FLOWCHART] Where a squad may go now, along one arrow (M14, M15)."""
    out: list[str] = []
    box = sq.box
    if box == "deck":
        for nxt in CARRIER_ARROWS["deck"]:
            if nxt == "takeoff" and not sq.rearm and st._launch[sq.carrier]:
                out.append("takeoff")  # face-down squads may only go below (M27)
            elif nxt == "refuel" and ctx.refuel[sq.carrier] < REFUEL_CAP[sq.carrier]:
                out.append("refuel")
    elif box == "refuel":
        if not sq.rearm and ctx.deck[sq.carrier] < ctx.cap[sq.carrier]:
            out.append("deck")
    else:
        for nxt in STRIKE_ARROWS[box]:
            if nxt == "carrier":
                out.extend(f"land:{c}" for c in ctx.land)
            elif nxt == "patrol" and is_fighter(sq):
                out.append("patrol")  # only fighters (M30)
            elif nxt == "search":
                out.extend(f"search:new:{t}" for t in _launch_targets(st, sq.side))
                out.extend(f"search:join:{gid}" for gid in _joinable(st, sq.side))
    if st._hc:
        return constraints.filter_squad_dests(st, sq, out)
    return out


def _needs_search(st: WarpspawnState, g: dict) -> bool:
    """[MOVE PHASE] A search roll is needed unless the target is Midway (M33)."""
    return g["target"] != "midway"


def group_dests(st: WarpspawnState, gid: str) -> list[str]:
    """[MOVE PHASE] Where a strike group may go from Search / 2nd Search (M14, M35-M37, WS-R26)."""
    g = st.groups[gid]
    out = ["attack"]
    if _needs_search(st, g) and any(st.status[c] == IMMOBILIZED for c in target_carriers(g["target"], g["side"])):
        out.append("attack:immobile")  # no search roll needed to find an Immobilized carrier (M34, WS-R15)
    if g["box"] == "search":
        if _search2_allowed(st, g):
            out.append("search2")
        out.append("return1")
    else:
        out.append("return2")
    return constraints.filter_group_dests(st, gid, out)


def _search2_allowed(st: WarpspawnState, g: dict) -> bool:
    """Fighters cannot enter 2nd Search (M37) unless ``fighters_second_search`` (M38)."""
    if st.options["fighters_second_search"]:
        return True
    return any(not is_fighter(st.squads[m]) for m in g["members"])


def unit_label(st: WarpspawnState, unit: str) -> str:
    if unit in st.groups:
        g = st.groups[unit]
        kinds = ", ".join(name(st.squads[m]) for m in g["members"])
        return f"strike group {unit} in {BOX_NAMES[g['box']]} ({kinds})"
    return squad_pick(st.squads[unit])[1]


def dest_label(dest: str) -> str:
    parts = dest.split(":")
    if parts[0] == "land":
        return f"land on {CARRIERS[parts[1]].name} (On Deck)"
    if parts[0] == "search" and parts[1] == "new":
        return f"launch to Search as a new strike group against {TARGET_NAMES[parts[2]]}"
    if parts[0] == "search":
        return f"launch to Search joining strike group {parts[2]}"
    if dest == "attack:immobile":
        return "Attack an Immobilized carrier (no search roll)"
    if dest == "stay":
        return "stay where it is this turn"
    return f"move to {BOX_NAMES[dest]}"


def unit_dests(st: WarpspawnState, unit: str, ctx: Ctx) -> list[str]:
    if unit in st.groups:
        return group_dests(st, unit)
    return squad_dests(st, st.squads[unit], ctx)


def _unit_must(st: WarpspawnState, unit: str) -> bool:
    return unit in st.groups or must_move(st, st.squads[unit])


def units(st: WarpspawnState, ctx: Ctx) -> list[tuple[str, list[str]]]:
    """The side's unmoved squads and strike groups with somewhere to go, and those places."""
    side = st.mover
    out: list[tuple[str, list[str]]] = []
    for sq in st.squads.values():
        if sq.side != side or sq.moved or sq.box == DRINK or sq.group:
            continue
        dests = squad_dests(st, sq, ctx)
        if dests or must_move(st, sq):
            out.append((sq.id, dests))
    for gid, g in st.groups.items():
        if g["side"] == side and not g["moved"] and g["box"] in ("search", "search2"):
            out.append((gid, group_dests(st, gid)))
    return out


def done_allowed(st: WarpspawnState, listed: list[tuple[str, list[str]]]) -> bool:
    """``done`` once no unit that must move has two or more places to go (WS-R28), and no strike group in Search or
    2nd Search is still to move: a group always has to move on, and :func:`end_move` moves squads only (with the
    historical constraints a group of a Midway wave has one place, Attack: WS-R35)."""
    for unit, dests in listed:
        if unit in st.groups or (len(dests) > 1 and _unit_must(st, unit)):
            return False
    return constraints.done_allowed(st, listed)


_GROUP_PICK: Memo[tuple[str, str, tuple[str, ...]], Option] = Memo(limit=50_000)
"""One ``pick:`` option per strike group id, box and members (a squad's type never changes), shared by every game;
emptied at 50,000 (members vary from game to game: a long search never grows it without end)."""


def _group_pick(st: WarpspawnState, gid: str) -> Option:
    g = st.groups[gid]
    key = (gid, g["box"], tuple(g["members"]))
    opt = _GROUP_PICK.get(key)
    return opt if opt is not None else _GROUP_PICK.made(key, _new_group_pick, st, *key)


def _new_group_pick(st: WarpspawnState, gid: str, box: str, members: tuple[str, ...]) -> Option:
    kinds = tuple(name(st.squads[m]) for m in members)  # text only: the label never reaches the state

    def label() -> str:
        return f"move strike group {gid} in {BOX_NAMES[box]} ({', '.join(kinds)})"

    return Option(f"pick:{gid}", label, {"unit": gid})


def _picks(st: WarpspawnState, side: str) -> tuple[list[Option], bool]:
    """The ``pick:`` options of the mover and whether ``done`` is allowed, read from the indexes
    (the fast form of :func:`units` and :func:`done_allowed` without historical constraints:
    the same options in the same order). A unit is offered when it has somewhere to go; ``done``
    waits for every unit that must move and has two or more places to go (M19, M20, WS-R28).

    The squads are worked out as sets (see :data:`~midway.rulesets.warpspawn.board.BIT`) box by box, not
    one by one: squads on a carrier may move if the side's sets ``down`` or ``rise`` hold them (see
    :func:`~midway.rulesets.warpspawn.board.reroom`); squads in Return I or on Patrol land if a deck has
    room (M25); squads in Takeoff launch, land or (fighters) patrol (M29-M31). A squad still to move
    elsewhere (only a position edited by hand has one) has no arrow of its own to follow: the strike
    groups move in Search and the Attack box, and Return II moves on at the start of the phase (M39)."""
    sets = st._sets[side]
    todo = sets.idle
    ok = todo & (sets.down | sets.rise)
    done = True
    boxes = sets.air
    back = todo & (boxes["return1"] | boxes["patrol"])
    land = len(st._land[side])
    if back and land:
        ok |= back
        if land > 1:
            if back & boxes["return1"]:
                done = False
            else:
                squads = st.squads
                done = all(squads[sid].patrol <= RULES.patrol_max for sid in ids_of(side, back))
    up = todo & boxes["takeoff"]
    if up:
        n = len(st._targets[side]) + land
        if n < 2:  # the strike groups a squad may join count too
            n += len(_joinable(st, side))
        if n:
            ok |= up
            if n > 1 or up & FIGHTERS[side]:
                done = False
        else:
            ok |= up & FIGHTERS[side]
    opts = [*compress(st._popt[side], ROW14[ok & 16383] + ROW14[ok >> 14])]
    if st._gwait:  # strike groups in Search or 2nd Search still to move
        for gid, g in st.groups.items():
            if g["side"] == side and not g["moved"] and g["box"] in ("search", "search2"):
                opts.append(_group_pick(st, gid))
                done = False  # a group has Attack and a way back (two places at least)
    return opts, done


def decision(st: WarpspawnState) -> Decision | None:
    """[MOVE PHASE] The mover's next atomic choice, or None when only ``done`` is left."""
    side = st.mover
    if st.sel:
        sel = st.sel
        dests, must = unit_dests(st, sel, Ctx(st, side)), _unit_must(st, sel)
        if not must and constraints.may_stay(st, st.squads[sel], dests):
            dests = [*dests, "stay"]
        return st.decide(
            side,
            f"Turn {st.turn}: move {unit_label(st, sel)} to",
            RULE,
            [_MOVE[sel, d] for d in dests],
            kind="move-to",
        )
    if st._hc:
        listed = units(st, Ctx(st, side))
        opts = [squad_pick(st.squads[u])[0] if u in st.squads else _group_pick(st, u) for u, ds in listed if ds]
        done = done_allowed(st, listed)
    else:
        opts, done = _picks(st, side)
    if done:
        if not opts:
            return None
        opts.append(DONE_OPTION)
    return st.decide(side, _PICK_PROMPT[st.turn], RULE, opts, kind="move")


_PICK_PROMPT: Memo[int, str] = Memo(lambda turn: f"Turn {turn}: pick a squad or strike group to move")
"""The prompt of the pick decisions of each turn."""


def pick(st: WarpspawnState, unit: str) -> Decision | None:
    """Select a unit; a unit that must move and has one place to go moves at once (None), else the
    move-to decision that follows, worked out from what the pick has just found (the same decision
    :func:`decision` builds from the position): a squad on a carrier never has to move (M19) and may
    stay; its places follow from its carrier's room."""
    sq = st.squads.get(unit)
    if sq is None or st._hc:
        return _pick_general(st, unit)
    box = sq.box
    if box == "deck":
        c = sq.carrier
        dests = _DECK_DESTS[(not sq.rearm and st._launch[c]) + 2 * (st._n_refuel[c] < REFUEL_CAP[c])]
    elif box == "refuel":
        dests = _REFUEL_DESTS
    else:
        if box == "takeoff":
            dests = tuple(squad_dests(st, sq, Ctx(st, st.mover)))
            must = True
        else:  # Return I, Patrol: land (M25)
            land = st._land[sq.side]
            dests = _LANDINGS[land]
            must = box == "return1" or sq.patrol > RULES.patrol_max
        if must:
            if len(dests) == 1:
                move(st, unit, dests[0])
                return None
        else:
            dests = (*dests, "stay")
    st.sel = unit
    return st.decide(
        st.mover,
        f"{_TURN[st.turn]}{st._popt[sq.side][sq.index][1]} to",
        RULE,
        _MOVE_TO[unit, dests],
        kind="move-to",
    )


_LANDINGS: Memo[tuple[str, ...], tuple[str, ...]] = Memo(lambda carriers: tuple(f"land:{c}" for c in carriers))
"""The landing places (``land:<carrier>``) of squads in Return I or on Patrol, per carriers with room."""
_TURN: Memo[int, str] = Memo(lambda turn: f"Turn {turn}: ")
"""The head of the prompts of each turn (``Turn 3: ``)."""


_DECK_DESTS: tuple[tuple[str, ...], ...] = ((), ("takeoff", "stay"), ("refuel", "stay"), ("takeoff", "refuel", "stay"))
"""An On Deck squad's places, by what it may do: 1 take off (face up, the carrier can launch: M27, WS-R21),
2 go below (Refuel/Rearm has room: M23), 3 both; it may stay (M19)."""
_REFUEL_DESTS = ("deck", "stay")
"""A Refuel/Rearm squad picked may go up (it is offered only when face up with room On Deck: M22, M28)."""


def _move_to(key: tuple[str, tuple[str, ...]]) -> tuple[Option, ...]:
    unit, dests = key
    return tuple([_MOVE[unit, d] for d in dests])


_MOVE_TO: Memo[tuple[str, tuple[str, ...]], tuple[Option, ...]] = Memo(_move_to, limit=50_000)
"""The options of a move-to decision, per unit and places (shared by every game: options are immutable); emptied
at 50,000 (group ids vary from game to game, and a long search never grows it without end)."""


def _pick_general(st: WarpspawnState, unit: str) -> Decision | None:
    """:func:`pick` by the general rules code (strike groups; the historical constraints)."""
    ctx = Ctx(st, st.mover)
    dests = unit_dests(st, unit, ctx)
    if _unit_must(st, unit) and len(dests) == 1:
        move(st, unit, dests[0])
        return None
    st.sel = unit
    return decision(st)


def move(st: WarpspawnState, unit: str, dest: str) -> None:
    """[MOVE PHASE] Carry out one move (M18: once per turn)."""
    st.sel = ""
    sq = st.squads.get(unit)
    if sq is None:
        _move_group(st, unit, dest)
        return
    if dest == "stay":
        sq.moved = True
        st._sets[sq.side].idle &= ~sq.bit
        return
    if dest == "takeoff":
        _put(st, sq, "takeoff")
        return
    if dest == "refuel" or dest == "deck":
        _put(st, sq, dest, sq.carrier)
        return
    parts = dest.split(":")
    if parts[0] == "land":
        # Landing: any friendly carrier, face down (M25, M26, M41; from Takeoff too, WS-R04).
        face_down(st, sq)
        sq.patrol = 0
        _put(st, sq, "deck", parts[1])
    elif parts[0] == "search":
        gid = new_group(st, sq.side, parts[2]) if parts[1] == "new" else parts[2]
        if st._hc:
            constraints.on_launch(st, sq, gid)  # before the squad counts as flown
        st.groups[gid]["members"].append(sq.id)
        sq.group, sq.flown = gid, True
        _put(st, sq, "search")
    elif dest == "patrol":
        sq.patrol = 1  # the turn of entering counts as the first (WS-R14)
        _put(st, sq, "patrol")
    else:  # pragma: no cover - every destination is listed above
        raise AssertionError(dest)


def new_group(st: WarpspawnState, side: str, target: str) -> str:
    """[MOVE PHASE] A strike group is formed as squads launch from Takeoff (M31, WS-R25); the
    Japanese declare its target now (M45, WS-R16)."""
    st.gcount[side] += 1
    gid = f"{side}-g{st.gcount[side]}"
    st.groups[gid] = {
        "side": side,
        "box": "search",
        "target": target,
        "members": [],
        "moved": True,
        "restricted": False,
        "wave": constraints.wave_number(st, side, target),
        "compulsory": False,
    }
    st.launched.append(gid)
    return gid


def _move_group(st: WarpspawnState, gid: str, dest: str) -> None:
    g = st.groups[gid]
    g["moved"] = True
    st._gwait.discard(gid)
    side = g["side"]
    if dest in ("attack", "attack:immobile"):
        if dest == "attack:immobile":
            g["restricted"] = True
        elif _needs_search(st, g) and not search_roll(st, gid):
            if g["box"] == "search":
                if _search2_allowed(st, g):
                    st.stage, st.failed = "fail", gid
                else:
                    _dissolve(st, gid, "return1")
            else:
                st.emit("search", f"{gid} found nothing: to Return II", rule=RULE, to=private(st, side))
                _dissolve(st, gid, "return2")
            return
        g["box"] = "attack"
        for m in g["members"]:
            relocate(st, st.squads[m], "attack")
            st.squads[m].moved = True
        st.emit(
            "strike",
            f"A {st.game.side_name(side)} strike of {len(g['members'])} squads enters the Attack box"
            f" against {TARGET_NAMES[g['target']]}",
            rule=RULE,
            data={"side": side, "target": g["target"], "size": len(g["members"])},
        )
    elif dest == "search2":
        to_search2(st, gid)
    else:
        _dissolve(st, gid, dest)


def to_search2(st: WarpspawnState, gid: str) -> None:
    """[MOVE PHASE] To 2nd Search: fighters turn back to Return I (M37, WS-R27), or go on and will
    ditch after the attack under ``fighters_second_search`` (M38, WS-R13)."""
    g = st.groups[gid]
    g["box"], g["moved"] = "search2", True
    st._gwait.discard(gid)
    for m in list(g["members"]):
        sq = st.squads[m]
        if is_fighter(sq):
            if st.options["fighters_second_search"]:
                sq.ditch = True
            else:
                g["members"].remove(m)
                sq.group = ""
                _put(st, sq, "return1")
                continue
        relocate(st, sq, "search2")
        sq.moved = True
    st.emit("move", f"{gid} -> 2nd Search", rule=RULE, data={"group": gid}, to=private(st, g["side"]))
    if not g["members"]:
        del st.groups[gid]


def search_roll(st: WarpspawnState, gid: str) -> bool:
    """[MOVE PHASE] One search roll per strike group: Americans 1-4, Japanese 1-3 (M32)."""
    side = st.groups[gid]["side"]
    (die,) = st.roll(1, 6, why=f"search roll for {gid}", rule=RULE, to=private(st, side))
    ok = die <= RULES.search[side]
    st.emit(
        "search",
        f"{gid} search {'succeeds' if ok else 'fails'} ({die})",
        rule=RULE,
        data={"group": gid, "die": die, "found": ok},
        to=private(st, side),
    )
    return ok


def fail_decision(st: WarpspawnState) -> Decision:
    """[MOVE PHASE] A failed search from Search: Return I or 2nd Search (M35)."""
    gid = st.failed
    side = st.groups[gid]["side"]
    return st.decide(
        side,
        f"{gid} failed its search: where now?",
        RULE,
        [
            Option(f"move:{gid}:search2", "go on to 2nd Search", {"unit": gid, "dest": "search2"}),
            Option(f"move:{gid}:return1", "turn back to Return I", {"unit": gid, "dest": "return1"}),
        ],
        kind="failed-search",
    )


def resolve_fail(st: WarpspawnState, dest: str) -> None:
    gid, st.failed, st.stage = st.failed, "", "move"
    if dest == "search2":
        to_search2(st, gid)
    else:
        _dissolve(st, gid, "return1")


PANCAKE_FROM = frozenset({"patrol", "return1"})
"""[MOVE PHASE] "If a squad is moving out of the Patrol or Return I Boxes, and cannot land ... that squad must
pancake" (M40)."""


def end_move(st: WarpspawnState) -> None:
    """[MOVE PHASE] ``done``: squads that must move and have one place left move there; those that
    cannot land pancake into the ocean (M40, WS-R28): only from Patrol or Return I, as the text says. A squad
    in Takeoff with nowhere to go (with the historical constraints it may not launch yet, and the decks are
    full) stays there (WS-R24)."""
    side = st.mover
    squads = st.squads
    # the side's squads still to move (``idle``) off the carriers (the boxes of ``air``, which are disjoint)
    sets = st._sets[side]
    for sid in ids_of(side, sets.idle & sum(sets.air.values())):
        sq = squads[sid]
        if not must_move(st, sq):
            continue
        dests = squad_dests(st, sq, Ctx(st, side))
        if dests:
            move(st, sq.id, dests[0])
        elif sq.box in PANCAKE_FROM:
            destroy(st, sq, "pancaked: no deck to land on", rule=RULE, combat=False)
    constraints.end_move(st, side)
    st.sel, st.launched = "", []
