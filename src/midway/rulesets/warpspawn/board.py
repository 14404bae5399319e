"""[MOVE PHASE] [CARRIER BOX FLOWCHART] The pieces and the questions every phase asks of them.

A squad is one chit (M03). Its two face-down meanings are two flags (WS-R03):
``moved`` (moved this turn) and ``rearm`` (out of fuel and/or ammo after landing).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from midway.engine import Option
from midway.rulesets.warpspawn.data import BOX_NAMES, CARRIERS, MIDWAY, SQUAD_TYPES, TARGETS, WARSHIPS

if TYPE_CHECKING:
    from midway.rulesets.warpspawn.game import WarpspawnState

ON_CARRIER = ("deck", "refuel")
GROUP_BOXES = ("search", "search2", "attack")
DRINK = "drink"
ENEMY = {"usn": "ijn", "ijn": "usn"}
OK, IMMOBILIZED, OUT = "operational", "immobilized", "out of action"


@dataclass(slots=True)
class Squad:
    """[MOVE PHASE] One squad chit: where it is and how it is turned (WS-R03)."""

    id: str
    side: str
    type: str
    box: str
    carrier: str = ""
    group: str = ""
    moved: bool = False
    rearm: bool = False
    patrol: int = 0
    ditch: bool = False
    origin: str = ""
    flown: bool = False

    def copy(self) -> Squad:
        """An independent copy (for clones)."""
        return Squad(
            self.id,
            self.side,
            self.type,
            self.box,
            self.carrier,
            self.group,
            self.moved,
            self.rearm,
            self.patrol,
            self.ditch,
            self.origin,
            self.flown,
        )


_PICK: dict[tuple[str, str, str], tuple[Option, str]] = {}
"""Options are immutable: one ``pick:`` option (and the squad's description) per squad, box and carrier,
shared by every game."""


def squad_pick(sq: Squad) -> tuple[Option, str]:
    """The ``pick:`` option of a squad where it is now, and the squad in words."""
    key = (sq.id, sq.box, sq.carrier)
    hit = _PICK.get(key)
    if hit is None:
        where = f"{BOX_NAMES[sq.box]} of {CARRIERS[sq.carrier].name}" if sq.carrier else BOX_NAMES[sq.box]
        text = f"{name(sq)} {sq.id} in {where}"
        hit = _PICK[key] = (Option(f"pick:{sq.id}", f"move {text}", {"unit": sq.id}), text)
    return hit


def relocate(st: WarpspawnState, sq: Squad, box: str, carrier: str = "") -> None:
    """Put ``sq`` in ``box`` (of ``carrier``), keeping the box counts of the state up to date.

    Every change of a squad's box or carrier goes through here: the move phase reads the counts
    (``_n_deck``, ``_n_refuel``) and each squad's ``pick:`` option (``_popt``) instead of counting the
    squads and building options (speed: AI look-ahead)."""
    old = sq.box
    if old == "deck":
        st._n_deck[sq.carrier] -= 1
    elif old == "refuel":
        st._n_refuel[sq.carrier] -= 1
    sq.box, sq.carrier = box, carrier
    if box == "deck":
        st._n_deck[carrier] += 1
    elif box == "refuel":
        st._n_refuel[carrier] += 1
    if box == DRINK:
        st._popt.pop(sq.id, None)
    else:
        st._popt[sq.id] = squad_pick(sq)[0]


def recap(st: WarpspawnState) -> None:
    """Recompute what carrier damage changes: each carrier's On Deck capacity now, whether it can
    launch, and the Japanese targets left. Called after every change of status, Deck Fire or runway."""
    st._cap = {c: deck_capacity(st, c) for c in CARRIERS}
    st._launch = {c: can_launch(st, c) for c in CARRIERS}
    st._targets = {
        "usn": ("fleet",),
        "ijn": tuple(t for t, cs in TARGETS.items() if any(st.status[c] != OUT for c in cs)),
    }


def reindex(st: WarpspawnState) -> None:
    """Rebuild every index of the state from the squads (after setup, a clone, or a direct edit)."""
    st._n_deck = dict.fromkeys(CARRIERS, 0)
    st._n_refuel = dict.fromkeys(CARRIERS, 0)
    st._mine = {"usn": [], "ijn": []}
    st._popt = {}
    for sq in st.squads.values():
        if sq.box == "deck":
            st._n_deck[sq.carrier] += 1
        elif sq.box == "refuel":
            st._n_refuel[sq.carrier] += 1
        if sq.box != DRINK:
            st._mine[sq.side].append(sq)
            st._popt[sq.id] = squad_pick(sq)[0]
    recap(st)


def kind(st: WarpspawnState, sq: Squad) -> str:
    """[SQUAD LISTS] fighter / bomb / torpedo; Midway types per the ``midway_ordnance`` option (WS-R22)."""
    t = SQUAD_TYPES[sq.type]
    if st.options["midway_ordnance"] == "historical":
        return t.historical_kind
    return t.kind


def is_fighter(sq: Squad) -> bool:
    return SQUAD_TYPES[sq.type].is_fighter


def name(sq: Squad) -> str:
    return SQUAD_TYPES[sq.type].name


def squads_of(st: WarpspawnState, side: str) -> list[Squad]:
    """A side's squads still in play (not in The Drink), in id order of setup."""
    return [sq for sq in st.squads.values() if sq.side == side and sq.box != DRINK]


def on_board(st: WarpspawnState, carrier: str, box: str) -> list[Squad]:
    """The squads in one box (``deck`` or ``refuel``) of one carrier."""
    return [sq for sq in st.squads.values() if sq.carrier == carrier and sq.box == box]


def deck_capacity(st: WarpspawnState, carrier: str) -> int:
    """[MOVE PHASE] [DAMAGE SEGMENT] On Deck capacity now: 4, less Deck Fires (WS-R08); Midway:
    at most its runways left under ``runway_effect = "capacity"`` (WS-R21)."""
    if st.status[carrier] == OUT:
        return 0
    cap = st.deck_cap[carrier]
    if carrier == MIDWAY and st.options["runway_effect"] == "capacity":
        cap = min(cap, st.runways)
    return max(cap, 0)


def refuel_capacity(carrier: str) -> int:
    """[MOVE PHASE] Refuel/Rearm capacity: Japanese 3, American 4, Midway 10 (M23)."""
    return CARRIERS[carrier].refuel_capacity


def deck_room(st: WarpspawnState, carrier: str) -> bool:
    return st._n_deck[carrier] < st._cap[carrier]


def refuel_room(st: WarpspawnState, carrier: str) -> bool:
    return st.status[carrier] != OUT and st._n_refuel[carrier] < refuel_capacity(carrier)


def landing_carriers(st: WarpspawnState, side: str) -> list[str]:
    """[MOVE PHASE] A squad may land on any friendly carrier with room On Deck (M25, M41)."""
    return [c for c, cv in CARRIERS.items() if cv.side == side and deck_room(st, c)]


def can_launch(st: WarpspawnState, carrier: str) -> bool:
    """[MOVE PHASE] On Deck -> Takeoff: not from a carrier out of action, nor from Midway without a
    runway when runways matter (WS-R21, WS-R31)."""
    if st.status[carrier] == OUT:
        return False
    return not (carrier == MIDWAY and st.options["runway_effect"] == "capacity" and st.runways <= 0)


def target_carriers(target: str, side: str) -> tuple[str, ...]:
    """[ATTACK PHASE] The carriers a raid may bomb: the Japanese fleet for the Americans (M44),
    the declared target for the Japanese (M45, WS-R01)."""
    if side == "usn":
        return WARSHIPS["ijn"]
    return TARGETS[target]


def carriers_left(st: WarpspawnState, side: str) -> int:
    """[VICTORY] The side's carriers not Out of Action (Midway excluded, WS-R11)."""
    return sum(1 for c in WARSHIPS[side] if st.status[c] != OUT)


def private(st: WarpspawnState, side: str) -> tuple[str, ...] | None:
    """Who may see an event about ``side``'s hidden boxes (WS-R32): only that side, unless
    ``open_flowcharts``."""
    return None if st.options["open_flowcharts"] else (side,)


def destroy(st: WarpspawnState, sq: Squad, cause: str, *, rule: str, combat: bool) -> None:
    """[INTERCEPTION SEGMENT] Destroyed squads go to The Drink (M52). A combat loss is told to both
    sides by type only; other losses only to the owner (WS-R32)."""
    where = sq.carrier or sq.box
    if sq.group and sq.group in st.groups:
        members = st.groups[sq.group]["members"]
        if sq.id in members:
            members.remove(sq.id)
    if sq.box != DRINK:
        st._mine[sq.side].remove(sq)
    relocate(st, sq, DRINK)
    sq.group, sq.patrol = "", 0
    st.emit(
        "loss",
        f"{sq.id} ({name(sq)}) destroyed: {cause}",
        rule=rule,
        data={"squad": sq.id, "type": sq.type, "cause": cause, "from": where},
        to=private(st, sq.side),
    )
    if combat:
        lost = st.losses[sq.side]
        lost[sq.type] = lost.get(sq.type, 0) + 1
        st.emit(
            "combat-loss",
            f"{st.game.side_name(sq.side)} loses a {name(sq)} squad: {cause}",
            rule=rule,
            data={"side": sq.side, "type": sq.type, "cause": cause},
        )
