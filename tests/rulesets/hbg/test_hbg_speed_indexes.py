"""hbg's indexes of ships by zone and of Air Groups by place are kept per state: each piece points to the change
record of its own state's index (``model.Changes``), so a clone's play, a search clone's playouts or a piece
built outside a state never drop (or change) another state's indexes, and the answers stay those of a scan."""

from __future__ import annotations

import pytest

from midway.ai import RandomAgent
from midway.rulesets.hbg import GAME
from midway.rulesets.hbg.game import HbgState
from midway.rulesets.hbg.model import LOOSE, Air, Ship

PLACES = ("hangar", "deck", "landed", "air", "lost")


def _play(state: HbgState, agents: dict[str, RandomAgent], steps: int) -> None:
    for _ in range(steps):
        pending = state.pending()
        if not pending:
            return
        for side, decision in pending.items():
            state.apply(side, agents[side].choose({}, decision), decision_id=decision.id)


def _answers(state: HbgState) -> tuple[object, ...]:
    """What the indexes answer, as ids (to compare with a scan and across play)."""
    air = tuple(tuple(a.id for a in state.air_at(at)) for at in PLACES)
    by_side = tuple(tuple(a.id for a in state.airborne(side)) for side in (None, "usn", "ijn"))
    ships = tuple(
        (side, zone, tuple(s.id for s in here))
        for side in ("usn", "ijn")
        for zone, here in state.afloat_of(side).items()
    )
    return air, by_side, ships


def _scan(state: HbgState) -> tuple[object, ...]:
    air = tuple(tuple(a.id for a in state.air.values() if a.at == at) for at in PLACES)
    by_side = tuple(
        tuple(a.id for a in state.air.values() if a.at == "air" and side in (None, a.side))
        for side in (None, "usn", "ijn")
    )
    ships = []
    for side in ("usn", "ijn"):
        mine = [s for s in state.ships.values() if s.side == side and s.zone is not None and not s.sunk]
        for zone in dict.fromkeys(s.zone for s in mine):
            ships.append((side, zone, tuple(s.id for s in mine if s.zone == zone)))
    return air, by_side, tuple(sorted(ships, key=lambda x: (x[0], x[1])))


@pytest.mark.parametrize("search", [True, False])
@pytest.mark.parametrize("seed", [5, 6])
def test_hbg_speed_clone_play_never_drops_the_originals_indexes(seed: int, search: bool) -> None:
    state = GAME.new(seed=seed)
    assert isinstance(state, HbgState)
    agents = {"usn": RandomAgent(2 * seed + 1), "ijn": RandomAgent(2 * seed + 2)}
    checked = 0
    while state.pending() and checked < 12:
        _play(state, agents, 37)
        before = _answers(state)
        lists = [state.air_at(at) for at in PLACES] + [state.afloat_of(side) for side in ("usn", "ijn")]
        ship_index, air_index = state.__dict__["_ship_index"], state.__dict__["_air_index"]
        clone = state.clone(search=search)
        assert isinstance(clone, HbgState)
        if search:
            clone.reseed(seed + 1000 + checked)
        _play(clone, {"usn": RandomAgent(seed + 77), "ijn": RandomAgent(seed + 78)}, 300)
        assert _answers(clone)[:2] == _scan(clone)[:2]
        assert sorted(_answers(clone)[2]) == sorted(_scan(clone)[2])
        assert clone.__dict__["_ship_index"][4] is not ship_index[4]
        assert clone.__dict__["_air_index"][3] is not air_index[3]
        # the original's indexes were neither rebuilt nor changed by the clone's play
        assert state.__dict__["_ship_index"] is ship_index and state.__dict__["_air_index"] is air_index
        after = [state.air_at(at) for at in PLACES] + [state.afloat_of(side) for side in ("usn", "ijn")]
        assert all(x is y for x, y in zip(after, lists, strict=True)), "an index list of the original was rebuilt"
        assert _answers(state) == before
        assert _answers(state)[:2] == _scan(state)[:2]
        assert sorted(_answers(state)[2]) == sorted(_scan(state)[2])
        checked += 1
    assert checked >= 6


def test_hbg_speed_a_piece_built_outside_a_state_tells_no_state() -> None:
    state = GAME.new(seed=8)
    assert isinstance(state, HbgState)
    index = state._ship_index_now()
    state.air_at("hangar")
    air_log = state.__dict__["_air_index"][3]
    counts = (index[4].ships, air_log.air, dict(air_log.moves))
    template = next(iter(state.ships.values()))
    ship = Ship(template.id, template.side, template.unit, template.tf)  # as a sampler builds its pieces
    ship.zone, ship.sunk = 5, True
    air = Air("a999", "usn", "f4f", "airfield", 2)
    air.at = "air"
    assert (index[4].ships, air_log.air, dict(air_log.moves)) == counts
    assert LOOSE.ships > 0 and LOOSE.moves.get("air", 0) > 0
    assert state._ship_index_now() is index


def test_hbg_speed_a_moved_piece_tells_its_own_state() -> None:
    state = GAME.new(seed=9)
    assert isinstance(state, HbgState)
    ship = next(s for s in state.ships.values() if s.zone is not None and not s.sunk)
    index = state._ship_index_now()
    ship.sunk = True
    assert state._ship_index_now() is not index
    assert ship.id not in [s.id for s in state.ships_in(ship.zone or 0, ship.side)]
    hangar = state.air_at("hangar")
    air = hangar[0]
    air.at = "deck"
    assert air.id not in [a.id for a in state.air_at("hangar")]
    assert air.id in [a.id for a in state.air_at("deck")]
