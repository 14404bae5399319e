"""[2.4.1] [2.4.2] [2.4.3] [ACTION FLIGHT] The round's start, the Fight for Initiative, activations and Flight."""

from __future__ import annotations

from typing import TYPE_CHECKING

from midway.engine import Decision, Option
from midway.rulesets.boredgames import combat, purchase
from midway.rulesets.boredgames.board import TURNS, ahead, cell_id, lazy, reachable
from midway.rulesets.boredgames.data import (
    COMMAND_POINTS,
    FACINGS,
    KINDS,
    SIDES,
)
from midway.rulesets.boredgames.names import MANOEUVRE_LABEL, SIDE_NAMES, other

if TYPE_CHECKING:
    from midway.rulesets.boredgames.game import BoredGamesState


def begin_round(st: BoredGamesState) -> None:
    """[2.4.1] M20: a marker beside every aircraft on the board, 3 Command Points each."""
    st.round += 1
    st.marked = {a: True for a, c in st.pos.items() if c is not None}
    st.cp = dict.fromkeys(SIDES, COMMAND_POINTS)
    st.bids = None
    st.phase = "bid"
    st.emit("round", f"Round {st.round} begins", rule="2.4.1")


def to_activation(st: BoredGamesState, after: str, actor: str | None) -> None:
    """[2.4.3] M29, M48, BG-R01, BG-R02, BG-R43: who holds the Initiative Card next, or on to 2.4.4."""
    if actor is None:
        order = (st.initiative, other(st.initiative))
    elif after == "flight":
        order = (other(actor), actor)
    else:
        order = (actor, other(actor))
    for side in order:
        if st.has_marked(side):
            if side != st.initiative:
                st.emit("initiative", f"{SIDE_NAMES[side]} take the Initiative Card", rule="2.4.3")
            st.initiative = side
            st.phase = "activate"
            return
    purchase.begin_purchase(st)


def activation_decision(st: BoredGamesState) -> Decision:
    """[2.4.3] [ACTION COMBAT] M23, M24, M33: a marked aircraft, and Flight or Combat against a target in reach
    (BG-R15: in 5 Manoeuvres, laying the Small Board Tiles the aircraft could lay)."""
    side = st.initiative
    enemies = st.aircraft_of(other(side))
    key = tuple(st.small)
    opts = []
    for aid in st.marked:
        if not aid.startswith(side):
            continue
        opts.append(Option(f"fly:{aid}", lazy("{}: Flight".format, aid), {"aircraft": aid}))
        cell = st.pos[aid]
        assert cell is not None
        reach = reachable(cell, st.face[aid], key, st.tile_mask(aid))
        for t in enemies:
            if st.pos[t] in reach:
                opts.append(
                    Option(f"attack:{aid}:{t}", lazy("{}: Combat against {}".format, aid, t), {"aircraft": aid})
                )
    return st.decide(side, "Activate an aircraft", "2.4.3", opts, kind="activate")


def flight_decision(st: BoredGamesState) -> Decision:
    """[ACTION FLIGHT] M26-M28, BG-R14, BG-R30: forward, then straight or a quarter turn; or end."""
    fl = st.flight
    assert fl is not None
    aid = fl["aircraft"]
    k = KINDS[st.kind[aid]]
    note = st.ahead_note(aid, st.face[aid])
    suffix = f" ({cell_id(ahead(st.pos[aid], st.face[aid]))}: {note})" if note else ""  # type: ignore[arg-type]
    opts = [Option(f"m:{t}", MANOEUVRE_LABEL[t] + suffix) for t in ("S", "L", "R")]
    if fl["done"] >= k.flight_min:
        opts.append(Option("end", "end the Flight"))
    cell = st.pos[aid]
    assert cell is not None
    title = (
        f"{aid} on {cell_id(cell)} facing {FACINGS[st.face[aid]]}: Manoeuvre {fl['done'] + 1} "
        f"({k.flight_min} to {k.flight_max} in a Flight)"
    )
    return st.decide(st.initiative, title, "ACTION FLIGHT", opts, kind="manoeuvre")


def resolve_bids(st: BoredGamesState, bids: dict[str, int]) -> None:
    """[2.4.2] M21, M22, BG-R01: bids revealed and discarded; the higher takes the card, ties the Americans."""
    for s, n in bids.items():
        st.cp[s] -= n
    st.bids = bids
    winner = "usn" if bids["usn"] >= bids["ijn"] else "ijn"
    st.initiative = winner
    st.emit(
        "bids",
        f"Bids revealed: Americans {bids['usn']}, Japanese {bids['ijn']}; {SIDE_NAMES[winner]} take the Initiative",
        rule="2.4.2",
        data=dict(bids),
    )
    to_activation(st, "bid", None)


def resolve_activation(st: BoredGamesState, side: str, opt: Option) -> None:
    """[2.4.3] M23, M24, M34: discard the marker; Flight, or Combat (the Defender's marker too)."""
    parts = opt.id.split(":")
    aid = parts[1]
    del st.marked[aid]
    if parts[0] == "fly":
        st.actions["flight"] += 1
        st.emit("activate", f"{aid} activated: Flight", rule="2.4.3")
        st.flight = {"aircraft": aid, "done": 0}
        st.phase = "flight"
        return
    target = parts[2]
    st.actions["combat"] += 1
    st.marked.pop(target, None)
    st.emit("activate", f"{aid} activated: Combat against {target}", rule="ACTION COMBAT")
    combat.begin(st, aid, target)


def resolve_manoeuvre(st: BoredGamesState, side: str, opt: Option) -> None:
    """[ACTION FLIGHT] M26, M27: one Manoeuvre; the Flight ends at its maximum or on request."""
    if opt.id != "end":
        manoeuvre(st, opt.id[2], None)
        return
    st.flight = None
    to_activation(st, "flight", side)


def manoeuvre(st: BoredGamesState, turn: str, tile: int | None) -> None:
    """[ACTION FLIGHT] M26, M27, M30: forward (off the board onto Small Board Tile ``tile``, or first the
    player's choice of tile, BG-R12), then the turn; the Flight ends at its maximum."""
    fl = st.flight
    assert fl is not None
    aid = fl["aircraft"]
    direction = st.face[aid]
    if tile is None and st.must_choose_tile(aid, direction):
        st.await_tile(aid, direction, "flight", turn=turn)
        return
    fl["done"] += 1
    alive = st.step(aid, direction, tile=tile)
    if st.result is not None:
        return
    if alive:
        st.face[aid] = (st.face[aid] + TURNS[turn]) % 4
        st.emit(
            "manoeuvre",
            f"{aid} {MANOEUVRE_LABEL[turn]} to {cell_id(st.pos[aid])} facing {FACINGS[st.face[aid]]}",  # type: ignore[arg-type]
            rule="ACTION FLIGHT",
        )
        if fl["done"] < KINDS[st.kind[aid]].flight_max:
            return
    st.flight = None
    to_activation(st, "flight", st.initiative)
