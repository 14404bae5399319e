"""Warpspawn: the squad sets the move phase reads (ints, a bit per squad of a side) mean what they say, counted
afresh from the squads at every decision of random games (not through ``reindex``, which builds them too)."""

from __future__ import annotations

import pytest

from midway.ai import RandomAgent
from midway.rulesets.warpspawn import GAME
from midway.rulesets.warpspawn.board import (
    BIT,
    CARRIERS,
    DRINK,
    REFUEL_CAP,
    SIDE_IDS,
    Squad,
    ids_of,
    row,
)
from midway.rulesets.warpspawn.game import WarpspawnState

from .helpers import bare, ids, place, play, sync


def members(side: str, squads: int) -> set[str]:
    assert squads >> len(SIDE_IDS[side]) == 0, "a side's set holds no bit beyond its squads"
    return set(ids_of(side, squads))


def check_sets(st: WarpspawnState) -> None:
    deck_room = {c: st._n_deck[c] < st._cap[c] for c in CARRIERS}
    for side, sets in st._sets.items():
        sqs = [sq for sq in st.squads.values() if sq.side == side]
        assert members(side, sets.idle) == {sq.id for sq in sqs if not sq.moved and not sq.group and sq.box != DRINK}
        assert members(side, sets.down) == {
            sq.id for sq in sqs if sq.box == "deck" and st._n_refuel[sq.carrier] < REFUEL_CAP[sq.carrier]
        }
        assert members(side, sets.rise) == {
            sq.id
            for sq in sqs
            if not sq.rearm
            and ((sq.box == "deck" and st._launch[sq.carrier]) or (sq.box == "refuel" and deck_room[sq.carrier]))
        }
        assert members(side, sets.rearm) == {sq.id for sq in sqs if sq.rearm}
        for box, squads in sets.air.items():
            assert members(side, squads) == {sq.id for sq in sqs if sq.box == box}
        assert not {st.squads[sid].box for sid in members(side, sets.idle)} - {
            "deck",
            "refuel",
            "takeoff",
            "patrol",
            "return1",
        }
    for c, cv in CARRIERS.items():
        sqs = [sq for sq in st.squads.values() if sq.side == cv.side]
        assert members(cv.side, st._decks[c]) == {sq.id for sq in sqs if sq.box == "deck" and sq.carrier == c}
        assert st._n_deck[c] == sum(1 for sq in sqs if sq.box == "deck" and sq.carrier == c)
    for side in ("usn", "ijn"):
        assert st._land[side] == tuple(c for c, cv in CARRIERS.items() if cv.side == side and deck_room[c])
    assert st._gwait == {gid for gid, g in st.groups.items() if not g["moved"] and g["box"] in ("search", "search2")}


@pytest.mark.parametrize("seed", range(3))
def test_ws_squad_sets_match_the_squads(seed: int) -> None:
    state = GAME.new(seed, {"max_turns": 10})
    assert isinstance(state, WarpspawnState)
    agents = {"usn": RandomAgent(2 * seed + 1), "ijn": RandomAgent(2 * seed + 2)}
    steps = 0
    while not state.is_over:
        check_sets(state)
        ((side, decision),) = state.pending().items()
        state.apply(side, agents[side].choose({}, decision))
        steps += 1
    assert steps > 200


def test_ws_a_side_is_read_out_of_a_squad_set_in_setup_order() -> None:
    """``row`` reads one byte per squad of the side, in setup order: 1 for the squads of the set, 0 for the rest."""
    for side, mine in SIDE_IDS.items():
        everyone = sum(BIT[sid] for sid in mine)
        assert row(everyone)[: len(mine)] == bytes([1] * len(mine)) and everyone < 1 << len(mine)
        assert ids_of(side, everyone) == list(mine)
        odd = sum(BIT[sid] for sid in mine[1::2])
        assert ids_of(side, odd) == list(mine[1::2])
        assert row(odd)[: len(mine)] == bytes([i % 2 for i in range(len(mine))])
        assert ids_of(side, 0) == [] and set(row(0)) == {0}


def test_ws_squad_json_leaves_out_its_place_in_the_sets() -> None:
    """A squad's ``index`` and ``bit`` are indexes, not game: serialized states do not hold them."""
    sq = Squad("usn-wildcat-1", "usn", "wildcat", "deck", "yorktown", index=3, bit=1 << 24)
    data = sq.to_json()
    assert "index" not in data and "bit" not in data
    assert data == {
        "id": "usn-wildcat-1",
        "side": "usn",
        "type": "wildcat",
        "box": "deck",
        "carrier": "yorktown",
        "group": "",
        "moved": False,
        "rearm": False,
        "patrol": 0,
        "ditch": False,
        "origin": "",
        "flown": False,
    }
    assert sq.copy() == sq and sq.copy().bit == sq.bit and sq.copy().index == sq.index


def test_ws_squads_still_to_move_elsewhere_have_nowhere_to_go() -> None:
    """Squads outside the boxes a move phase leaves them in (a position edited by hand: Return II, a box of
    strike groups) have no arrow of their own to follow (M14, M39): they are not offered, as the general
    rules say."""
    from midway.rulesets.warpspawn import move

    for box in ("return2", "search", "search2", "attack"):
        st = bare(("usn-dauntless-1", "usn-wildcat-1"))
        place(st, "usn-dauntless-1", box)
        place(st, "usn-wildcat-1", "return1")
        sync(st)
        listed = move.units(st, move.Ctx(st, "usn"))
        assert ("usn-dauntless-1", []) in listed
        assert "pick:usn-dauntless-1" not in ids(st) and "pick:usn-wildcat-1" in ids(st)
        play(st, "pick:usn-wildcat-1", "move:usn-wildcat-1:land:yorktown")
        assert "done" in ids(st) and "pick:usn-dauntless-1" not in ids(st)  # nor does it hold up ``done``


@pytest.mark.parametrize("historical", [False, True])
@pytest.mark.parametrize("open_flowcharts", [False, True])
def test_ws_the_options_the_moves_read_are_the_games(historical: bool, open_flowcharts: bool) -> None:
    """``_hc`` and ``_hidden`` (what :func:`private` reads) say what the options say, in clones too."""
    from midway.rulesets.warpspawn.board import private

    st = GAME.new(1, {"historical_constraints": historical, "open_flowcharts": open_flowcharts})
    assert isinstance(st, WarpspawnState)
    for state in (st, st.clone(), st.clone(search=True)):
        assert isinstance(state, WarpspawnState)
        assert state._hc is historical
        for side in ("usn", "ijn"):
            assert private(state, side) == (None if open_flowcharts else (side,))


def _said(head: str, data: dict[str, str]) -> tuple[str, str]:
    """What an option's data says it asks for, as ``ACTIONS`` gives it: (unit, place)."""
    if head in ("pick", "move"):
        return data["unit"], data.get("dest", "")
    if head in ("lose", "target"):
        return data["squad"], data.get("carrier", "")
    if head == "nautilus":
        return data["carrier"], ""
    return "", ""


@pytest.mark.parametrize("options", [{}, {"nautilus": True, "historical_constraints": True, "max_turns": 20}])
def test_ws_an_option_id_is_read_as_its_data_says(options: dict[str, object]) -> None:
    """``_resolve`` reads what a choice asks for from its id (``ACTIONS``): the same as the option's data,
    for every option offered in random games."""
    from midway.rulesets.warpspawn.game import ACTIONS

    heads: set[str] = set()
    for seed in range(4):
        state = GAME.new(seed, options)
        agents = {"usn": RandomAgent(2 * seed + 1), "ijn": RandomAgent(2 * seed + 2)}
        while not state.is_over:
            ((side, decision),) = state.pending().items()
            for opt in decision.options:
                head, unit, place = ACTIONS[opt.id]
                heads.add(head)
                assert (unit, place) == _said(head, dict(opt.data)), opt
            state.apply(side, agents[side].choose({}, decision))
    assert {"pick", "move", "done"} <= heads
