"""[MOVE PHASE] [CARRIER BOX FLOWCHART] The pieces and the questions every phase asks of them.

A squad is one chit (M03). Its two face-down meanings are two flags (WS-R03):
``moved`` (moved this turn) and ``rearm`` (out of fuel and/or ammo after landing).
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from itertools import compress
from typing import TYPE_CHECKING, Any

from midway.engine import Option
from midway.engine.decisions import FrozenDict
from midway.engine.memo import Memo
from midway.rulesets.warpspawn.data import (
    BOX_NAMES,
    CARRIER_ORDER,
    CARRIERS,
    MIDWAY,
    SQUAD_TYPES,
    STRIKE_BOXES,
    TARGETS,
    WARSHIPS,
    starting_squads,
)

if TYPE_CHECKING:
    from midway.rulesets.warpspawn.game import WarpspawnState

ON_CARRIER = ("deck", "refuel")
GROUP_BOXES = ("search", "search2", "attack")
DRINK = "drink"
ENEMY = {"usn": "ijn", "ijn": "usn"}
OK, IMMOBILIZED, OUT = "operational", "immobilized", "out of action"

SQUAD_IDS: tuple[str, ...] = tuple(sid for sid, _side, _key, _carrier in starting_squads())
"""The squad ids in setup order."""
SIDE_IDS: dict[str, tuple[str, ...]] = {
    side: tuple(sid for sid, s, _key, _carrier in starting_squads() if s == side) for side in ("usn", "ijn")
}
"""Each side's squad ids in setup order (a squad's ``index`` is its place here)."""
INDEX: dict[str, int] = {sid: i for ids in SIDE_IDS.values() for i, sid in enumerate(ids)}
"""Each squad's place among its side's squads in setup order (its ``index``)."""
BIT: dict[str, int] = {sid: 1 << i for sid, i in INDEX.items()}
"""Each squad's mark in its side's squad sets (:class:`Sets`, ``_decks``, ``_refuels``): one bit, ``1 << index``.
A side has at most 28 squads, so a set is an int of one 30-bit digit, on which CPython's ``&``, ``|`` and ``^``
take their fast path (a set over both sides' squads, one byte per squad, was a 440-bit int: several times the
cost of each operation)."""
FIGHTERS: dict[str, int] = {
    side: sum(BIT[sid] for sid, s, key, _carrier in starting_squads() if s == side and SQUAD_TYPES[key].is_fighter)
    for side in ("usn", "ijn")
}
"""Each side's fighter squads, as a squad set."""
_ROW7 = tuple(bytes((i >> j) & 1 for j in range(7)) for i in range(128))
ROW14: tuple[bytes, ...] = tuple(_ROW7[i & 127] + _ROW7[i >> 7] for i in range(1 << 14))
"""``ROW14[n]``: the 14 low bits of ``n`` as 14 bytes, 0 or 1, lowest first. ``ROW14[s & 16383] + ROW14[s >> 14]``
is then a row with one byte per squad of a side in setup order for the squad set ``s``, which
:func:`itertools.compress` reads in C (see :func:`row`)."""
assert max(len(ids) for ids in SIDE_IDS.values()) <= 28, "a side's squad set is read as two rows of 14 bits"


def row(squads: int) -> bytes:
    """The squad set ``squads`` of one side as one byte (0 or 1) per squad of the side, in setup order."""
    return ROW14[squads & 16383] + ROW14[squads >> 14]


def ids_of(side: str, squads: int) -> list[str]:
    """The ids of the squads of a squad set of ``side``, in setup order."""
    return list(compress(SIDE_IDS[side], ROW14[squads & 16383] + ROW14[squads >> 14]))


REFUEL_CAP: dict[str, int] = {c: cv.refuel_capacity for c, cv in CARRIERS.items()}
"""[MOVE PHASE] Refuel/Rearm capacity per carrier (M23)."""
CARRIER_SIDE: dict[str, tuple[str, ...]] = {
    side: tuple(c for c, cv in CARRIERS.items() if cv.side == side) for side in ("usn", "ijn")
}
"""Each side's carriers (Midway with the Americans')."""
AIR_BOXES: tuple[str, ...] = (*STRIKE_BOXES, "drink")
"""The boxes off the carriers (The Drink included): each has a squad set in :attr:`Sets.air`."""


class Sets:
    """One side's squad sets (ints, a bit per squad of the side: :data:`BIT`), kept by :func:`relocate`.

    ``idle``: squads not moved this phase, not in a strike group nor The Drink; ``rearm``: face down;
    ``down`` / ``rise``: squads their carrier's room lets go below / up (see :func:`reroom`); ``air``: per box off
    the carriers (:data:`AIR_BOXES`), the squads in it."""

    __slots__ = ("idle", "rearm", "down", "rise", "air")

    def __init__(self) -> None:
        self.idle = self.rearm = self.down = self.rise = 0
        self.air: dict[str, int] = dict.fromkeys(AIR_BOXES, 0)

    def copy(self) -> Sets:
        """An independent copy (for clones)."""
        new = _new_sets(Sets)
        new.idle, new.rearm, new.down, new.rise, new.air = self.idle, self.rearm, self.down, self.rise, {**self.air}
        return new

    def _fields(self) -> tuple[int, int, int, int, dict[str, int]]:
        return self.idle, self.rearm, self.down, self.rise, self.air

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Sets) and self._fields() == other._fields()

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        sets = ", ".join(f"{name}={value:#x}" for name, value in zip(self.__slots__, self._fields()[:4], strict=False))
        return f"Sets({sets}, air={self.air})"


_new_sets = object.__new__


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
    index: int = field(default=0, repr=False, compare=False)
    """The squad's place among its side's squads in setup order: not part of the game, left out of
    :meth:`to_json`."""
    bit: int = field(default=0, repr=False, compare=False)
    """The squad's mark in squad sets (:data:`BIT`): not part of the game either."""

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
            self.index,
            self.bit,
        )

    def to_json(self) -> dict[str, Any]:
        """The squad as JSON-ready data: its fields but ``index`` and ``bit`` (what serialized states and digests
        hold)."""
        return {name: getattr(self, name) for name in _JSON_FIELDS}


_JSON_FIELDS = tuple(f.name for f in fields(Squad) if f.name not in ("index", "bit"))
"""The fields of a :class:`Squad` that are part of the game."""

LOST = Option("lost", "a squad in The Drink")
"""The ``_popt`` entry of a squad in The Drink (never offered: such a squad is never still to move)."""

Place = tuple[Option, str, str, FrozenDict]
"""What is said of a squad in one place: its ``pick:`` option there, the squad in words, and the text and
data of the ``move`` event that puts it there."""


def _new_place(key: tuple[str, str, str]) -> Place:
    sid, box, carrier = key
    kind_name = SQUAD_TYPES[sid.split("-")[1]].name
    where = f"{BOX_NAMES[box]} of {CARRIERS[carrier].name}" if carrier else BOX_NAMES[box]
    text = f"{kind_name} {sid} in {where}"
    said = f"{sid} ({kind_name}) -> {BOX_NAMES[box]}{' of ' + CARRIERS[carrier].name if carrier else ''}"
    return (
        Option(f"pick:{sid}", f"move {text}", {"unit": sid}),
        text,
        said,
        FrozenDict({"squad": sid, "box": box, "carrier": carrier}),
    )


PLACES: Memo[tuple[str, str, str], Place] = Memo(_new_place)
"""One :data:`Place` per squad, box and carrier."""


def squad_pick(sq: Squad) -> Place:
    """The ``pick:`` option of a squad where it is now, and the squad in words (then the words of its move
    there: see :data:`Place`)."""
    return PLACES[sq.id, sq.box, sq.carrier]


def relocate(st: WarpspawnState, sq: Squad, box: str, carrier: str = "") -> Place | None:
    """Put ``sq`` in ``box`` (of ``carrier``), keeping the squad indexes of the state up to date.

    Every change of a squad's box or carrier goes through here: the move phase reads the counts
    (``_n_deck``, ``_n_refuel``), the squad sets and each squad's ``pick:`` option (``_popt``) instead of
    counting the squads and building options (speed: AI look-ahead). A squad relocated has moved (or is
    lost): it leaves ``idle`` (:class:`Sets`), the set of squads still to move this phase. Returns what is said of the
    squad in its new place (:data:`Place`; None in The Drink).

    The squad sets that tell which squads on a carrier may move (see :func:`reroom`) change with it, here
    for the two carriers a move touches, in a few steps: a deck that fills up keeps its Refuel/Rearm squads
    below, a Refuel/Rearm box that fills up keeps the On Deck squads up."""
    old, bit = sq.box, sq.bit
    sets = st._sets[sq.side]
    gone = ~bit
    if old == "deck":
        c = sq.carrier
        n = st._n_deck[c] - 1
        st._n_deck[c] = n
        st._decks[c] ^= bit
        sets.down &= gone
        sets.rise &= gone
        if n == st._cap[c] - 1:  # the deck was full: room now
            sets.rise |= st._refuels[c] & ~sets.rearm
            land = st._land
            side = sq.side
            land[side] = _ROOM_AT[land[side], c]
    elif old == "refuel":
        c = sq.carrier
        n = st._n_refuel[c] - 1
        st._n_refuel[c] = n
        st._refuels[c] ^= bit
        sets.rise &= gone
        if n == REFUEL_CAP[c] - 1:  # Refuel/Rearm was full: room now
            sets.down |= st._decks[c]
    else:
        sets.air[old] ^= bit
    sq.box, sq.carrier = box, carrier
    sets.idle &= gone
    if box == "deck":
        n = st._n_deck[carrier] + 1
        st._n_deck[carrier] = n
        st._decks[carrier] |= bit
        if st._n_refuel[carrier] < REFUEL_CAP[carrier]:
            sets.down |= bit
        if not sq.rearm and st._launch[carrier]:
            sets.rise |= bit
        if n == st._cap[carrier]:  # the deck is full now
            sets.rise &= ~st._refuels[carrier]
            land = st._land
            side = sq.side
            land[side] = _FULL_AT[land[side], carrier]
    elif box == "refuel":
        n = st._n_refuel[carrier] + 1
        st._n_refuel[carrier] = n
        st._refuels[carrier] |= bit
        if not sq.rearm and st._n_deck[carrier] < st._cap[carrier]:
            sets.rise |= bit
        if n == REFUEL_CAP[carrier]:  # Refuel/Rearm is full now
            sets.down &= ~st._decks[carrier]
    elif box == DRINK:
        sets.air[box] |= bit
        st._popt[sq.side][sq.index] = LOST
        return None
    else:
        sets.air[box] |= bit
    place = PLACES[sq.id, box, carrier]
    st._popt[sq.side][sq.index] = place[0]
    return place


def _reland(st: WarpspawnState, side: str) -> None:
    st._land[side] = tuple(c for c in CARRIER_ORDER[side] if st._n_deck[c] < st._cap[c])


_ROOM_AT: Memo[tuple[tuple[str, ...], str], tuple[str, ...]] = Memo(
    lambda key: tuple(c for c in CARRIER_ORDER[CARRIERS[key[1]].side] if c in key[0] or c == key[1])
)
"""``_ROOM_AT[land, carrier]``: the landing carriers ``land`` (``_land`` of a side) once ``carrier``'s deck has room."""
_FULL_AT: Memo[tuple[tuple[str, ...], str], tuple[str, ...]] = Memo(lambda key: tuple(c for c in key[0] if c != key[1]))
"""``_FULL_AT[land, carrier]``: the landing carriers ``land`` once ``carrier``'s deck is full."""


def face_up(st: WarpspawnState, sq: Squad) -> None:
    """Turn a Refuel/Rearm squad face up at the start of its side's move phase (M28): it may go up now."""
    sq.rearm = False
    sets = st._sets[sq.side]
    sets.rearm &= ~sq.bit
    if st._n_deck[sq.carrier] < st._cap[sq.carrier]:
        sets.rise |= sq.bit


def face_down(st: WarpspawnState, sq: Squad) -> None:
    """Turn a squad face down as it lands (M26): before it is put On Deck."""
    sq.rearm = True
    st._sets[sq.side].rearm |= sq.bit


def recap(st: WarpspawnState) -> None:
    """Recompute what carrier damage changes: each carrier's On Deck capacity now, whether it can
    launch, and the Japanese targets left, then the squad sets that depend on them (:func:`reroom`).
    Called after every change of status, Deck Fire or runway."""
    st._cap = {c: deck_capacity(st, c) for c in CARRIERS}
    st._launch = {c: can_launch(st, c) for c in CARRIERS}
    st._targets = {
        "usn": ("fleet",),
        "ijn": tuple(t for t, cs in TARGETS.items() if any(st.status[c] != OUT for c in cs)),
    }
    reroom(st)


def reroom(st: WarpspawnState) -> None:
    """The squad sets of what the carriers' room allows, from the counts, in each side's :class:`Sets`: ``down``
    (On Deck squads whose carrier has room in Refuel/Rearm, M23), ``rise`` (face-up squads On Deck of a carrier
    that can launch, M27, WS-R21, or in Refuel/Rearm of a carrier with room On Deck, M22) and ``_land`` (per side,
    the carriers with room On Deck where squads may land, M25, in order). :func:`relocate` keeps them up to date."""
    for sets in st._sets.values():
        sets.down = sets.rise = 0
    for c, cv in CARRIERS.items():
        sets = st._sets[cv.side]
        up = ~sets.rearm
        if st._n_deck[c] < st._cap[c]:
            sets.rise |= st._refuels[c] & up
        if st._n_refuel[c] < REFUEL_CAP[c]:
            sets.down |= st._decks[c]
        if st._launch[c]:
            sets.rise |= st._decks[c] & up
    st._land = {}
    for side in CARRIER_ORDER:
        _reland(st, side)


def reindex(st: WarpspawnState) -> None:
    """Rebuild every index of the state from the squads (after setup, a clone, or a direct edit)."""
    st._n_deck = dict.fromkeys(CARRIERS, 0)
    st._n_refuel = dict.fromkeys(CARRIERS, 0)
    st._decks = dict.fromkeys(CARRIERS, 0)
    st._refuels = dict.fromkeys(CARRIERS, 0)
    st._sets = {"usn": Sets(), "ijn": Sets()}
    st._hc = bool(st.options["historical_constraints"])
    st._hidden = dict.fromkeys(OWN) if st.options["open_flowcharts"] else OWN
    st._gwait = {gid for gid, g in st.groups.items() if not g["moved"] and g["box"] in ("search", "search2")}
    st._mine = {"usn": [], "ijn": []}
    st._popt = {side: [LOST] * len(ids) for side, ids in SIDE_IDS.items()}
    for sq in st.squads.values():
        bit = sq.bit
        sets = st._sets[sq.side]
        if sq.box == "deck":
            st._n_deck[sq.carrier] += 1
            st._decks[sq.carrier] |= bit
        elif sq.box == "refuel":
            st._n_refuel[sq.carrier] += 1
            st._refuels[sq.carrier] |= bit
        else:
            sets.air[sq.box] |= bit
        if sq.rearm:
            sets.rearm |= bit
        if sq.box != DRINK:
            st._mine[sq.side].append(sq)
            st._popt[sq.side][sq.index] = squad_pick(sq)[0]
            if not sq.moved and not sq.group:
                sets.idle |= bit
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
    ``open_flowcharts`` (read from the state's ``_hidden``)."""
    return st._hidden[side]


OWN = {"usn": ("usn",), "ijn": ("ijn",)}
"""Each side alone: who sees the events about its hidden boxes (see :func:`private`)."""


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
