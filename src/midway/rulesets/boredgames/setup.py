"""[2.3.4] [3.3.4] Set-up: the aircraft placed one at a time, alternately, the Japanese first."""

from __future__ import annotations

from typing import TYPE_CHECKING

from midway.engine import Decision, Option
from midway.rulesets.boredgames import activation
from midway.rulesets.boredgames.board import cell_id, lazy
from midway.rulesets.boredgames.data import (
    FACINGS,
    REINFORCEMENT,
    start_areas,
)
from midway.rulesets.boredgames.names import HUNT, other

if TYPE_CHECKING:
    from midway.rulesets.boredgames.game import BoredGamesState


def place_decision(st: BoredGamesState) -> Decision:
    """[2.3.4] [3.3.4] M13-M15, M75: one aircraft, an area and a facing."""
    side = st.placer
    areas = start_areas(side) if st.mode == HUNT else REINFORCEMENT[side]
    kinds: dict[str, str] = {}
    for aid in st.unplaced(side):
        kinds.setdefault(st.kind[aid], aid)
    opts = []
    for kind, aid in kinds.items():
        for cell in areas:
            if cell in st.at:
                continue
            for f, fname in enumerate(FACINGS):
                opts.append(
                    Option(
                        f"place:{kind}:{cell_id(cell)}:{fname}",
                        lazy("{} on {} facing {}".format, aid, cell_id(cell), fname),
                        {"aircraft": aid, "x": cell[0], "y": cell[1], "facing": f},
                    )
                )
    rule = "2.3.4" if st.mode == HUNT else "3.3.4"
    return st.decide(side, "Place an aircraft", rule, opts, kind="place")


def resolve_place(st: BoredGamesState, side: str, opt: Option) -> None:
    """[2.3.4] M15: alternate one aircraft at a time until both run out; then the first round."""
    aid = str(opt.data["aircraft"])
    cell = (int(opt.data["x"]), int(opt.data["y"]))
    st._place(aid, cell, int(opt.data["facing"]))
    st.emit("place", f"{aid} placed on {cell_id(cell)} facing {FACINGS[st.face[aid]]}", rule="2.3.4")
    nxt = other(side)
    if not st.unplaced(nxt):
        nxt = side
    if not st.unplaced(nxt):
        activation.begin_round(st)
        return
    st.placer = nxt
