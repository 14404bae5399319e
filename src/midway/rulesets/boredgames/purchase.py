"""[2.4.4] [2.4.5] [3.4.1] Order Purchase, the end of the round, Domination's Midway bonus and returning Fighters."""

from __future__ import annotations

from typing import TYPE_CHECKING

from midway.engine import Decision, Option, Outcome
from midway.rulesets.boredgames import activation
from midway.rulesets.boredgames.board import cell_id, lazy
from midway.rulesets.boredgames.data import (
    CARD_NAMES,
    FACINGS,
    MIDWAY_CELLS,
    MIDWAY_VP,
    ORDERS,
    POOL_SIZE,
    REINFORCEMENT,
    SIDES,
    Cell,
)
from midway.rulesets.boredgames.names import DOMINATION, HUNT, SIDE_NAMES, other

if TYPE_CHECKING:
    from midway.rulesets.boredgames.game import BoredGamesState


def begin_purchase(st: BoredGamesState) -> None:
    """[2.4.4] M49, M53, BG-R03, BG-R44: the pool is first made up to 4 again if it ran short (cards
    discarded since it last ran out form a new pile); the Initiative Card holder buys first."""
    if len(st.pool) < POOL_SIZE or not st.deck:
        refill_pool(st)
    st.phase = "purchase"
    st.buyer = st.initiative
    skip_buyers(st)


def skip_buyers(st: BoredGamesState) -> None:
    """A buyer who can afford nothing in the pool is done (no decision with one choice)."""
    while st.buyer is not None:
        cp = st.cp[st.buyer]
        if any(ORDERS[c].cost <= cp for c in st.pool):
            return
        next_buyer(st)


def next_buyer(st: BoredGamesState) -> None:
    """[2.4.4] M52, M54: the other player buys next; then unspent Command Points are lost."""
    if st.buyer == st.initiative:
        st.buyer = other(st.initiative)
        return
    st.buyer = None
    for side in SIDES:
        if st.cp[side]:
            st.emit("cp", f"{SIDE_NAMES[side]} discard {st.cp[side]} unspent Command Points", rule="2.4.4")
        st.cp[side] = 0
    end_round(st)


def refill_pool(st: BoredGamesState) -> None:
    """[2.4.4] M51, M53: refill the Order Pool to 4; an empty pile takes the discards, reshuffled."""
    while len(st.pool) < POOL_SIZE:
        if not st.deck:
            if not st.discard:
                break
            reshuffle(st)
        (r,) = st.roll(1, len(st.deck), why="Order Card drawn", rule="2.4.4")
        st.pool.append(st.deck.pop(r - 1))
    if not st.deck and st.discard:
        reshuffle(st)


def reshuffle(st: BoredGamesState) -> None:
    st.deck = sorted(st.deck + st.discard)
    st.discard = []
    st.emit("reshuffle", "Discarded Order Cards shuffled into a new pile", rule="2.4.4")


def end_round(st: BoredGamesState) -> None:
    """[2.4.5] [3.4.1] M55, M70, M81, BG-R04: Midway majority, returning Fighters, then the next round. After the
    last round (BG-R26) no new round begins, so no Fighter returns: the game ends at once."""
    if st.mode == DOMINATION:
        count = {s: sum(1 for a in st.aircraft_of(s) if st.pos[a] in MIDWAY_CELLS) for s in SIDES}
        if count["usn"] != count["ijn"]:
            leader = "usn" if count["usn"] > count["ijn"] else "ijn"
            st.score(leader, MIDWAY_VP, "more aircraft on the Midway Tile")
            if st.result is not None:
                return
        if st.round >= st.max_rounds:  # 3.4.1: Fighters return "before beginning a new Round"; there is none
            after_round(st)
            return
        st.reenter_side = st.initiative
        skip_reentry(st)
        if st.reenter_side is not None:
            return
    after_round(st)


def free_reinforcement(st: BoredGamesState, side: str) -> list[Cell]:
    return [c for c in REINFORCEMENT[side] if c not in st.at]


def skip_reentry(st: BoredGamesState) -> None:
    """[3.4.1] M81, BG-R17, BG-R38: the holder returns all its Fighters, then the other player."""
    while st.reenter_side is not None:
        side = st.reenter_side
        if st.waiting[side] and free_reinforcement(st, side):
            st.phase = "reenter"
            return
        st.reenter_side = other(side) if side == st.initiative else None


def after_round(st: BoredGamesState) -> None:
    """BG-R26: the round limit, then the next round."""
    if st.round >= st.max_rounds:
        st.ended = "limit"
        if st.mode == HUNT:
            st.finish(Outcome(None, f"round limit {st.max_rounds} reached", None, kind="limit"))
        else:
            u, j = st.vp["usn"], st.vp["ijn"]
            win = None if u == j else ("usn" if u > j else "ijn")
            st.finish(Outcome(win, f"round limit {st.max_rounds}: {u}-{j} VP", dict(st.vp), kind="limit"))
        return
    activation.begin_round(st)


def purchase_decision(st: BoredGamesState) -> Decision:
    """[2.4.4] M50: buy an affordable card from the pool, or stop."""
    side = st.buyer
    assert side is not None
    cp = st.cp[side]
    opts = []
    for key in dict.fromkeys(st.pool):
        cost = ORDERS[key].cost
        if cost <= cp:
            opts.append(Option(f"buy:{key}", lazy("buy {} for {} CP".format, CARD_NAMES[key], cost), {"card": key}))
    opts.append(Option("done", "buy nothing more"))
    return st.decide(side, f"Order Purchase ({cp} CP left)", "2.4.4", opts, kind="purchase")


def reenter_decision(st: BoredGamesState) -> Decision:
    """[3.4.1] M81: a destroyed Fighter back on a free Reinforcement Area, facing chosen."""
    side = st.reenter_side
    assert side is not None
    aid = st.waiting[side][0]
    opts = [
        Option(
            f"place:fighter:{cell_id(c)}:{fname}",
            lazy("{} returns on {} facing {}".format, aid, cell_id(c), fname),
            {"aircraft": aid, "x": c[0], "y": c[1], "facing": f},
        )
        for c in free_reinforcement(st, side)
        for f, fname in enumerate(FACINGS)
    ]
    return st.decide(side, f"Return {aid} to play", "3.4.1", opts, kind="place")


def resolve_purchase(st: BoredGamesState, side: str, opt: Option) -> None:
    """[2.4.4] M50, M51: pay the cost, take the card into hand, refill the pool."""
    if opt.id == "done":
        next_buyer(st)
        skip_buyers(st)
        return
    key = str(opt.data["card"])
    st.pool.remove(key)
    st.cp[side] -= ORDERS[key].cost
    st.hands[side].append(key)
    st.hands[side].sort()
    st.emit("buy", f"you buy {CARD_NAMES[key]} for {ORDERS[key].cost} CP", rule="2.4.4", to=(side,))
    st.emit("buy", f"{SIDE_NAMES[side]} buy an Order Card from the pool", rule="2.4.4")
    refill_pool(st)
    skip_buyers(st)


def resolve_reenter(st: BoredGamesState, side: str, opt: Option) -> None:
    """[3.4.1] M81: one returning Fighter placed; on to the next, then the next round."""
    aid = st.waiting[side].pop(0)
    cell = (int(opt.data["x"]), int(opt.data["y"]))
    st._place(aid, cell, int(opt.data["facing"]))
    st.emit("place", f"{aid} returns on {cell_id(cell)}", rule="3.4.1")
    skip_reentry(st)
    if st.reenter_side is None:
        after_round(st)
