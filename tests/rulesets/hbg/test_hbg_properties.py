"""hbg invariants at every step of random play (Hypothesis draws the seeds)."""

from __future__ import annotations

from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from midway.ai import RandomAgent
from midway.rulesets.hbg import GAME
from midway.rulesets.hbg.game import HbgState
from midway.rulesets.hbg.model import DATA, ENEMY


def check_invariants(s: HbgState, initial_air_units: int) -> None:
    # Stacking Limit (M021, M022): per side and zone, at most 2 capital ships and 8 ships.
    per_zone: Counter[tuple[str, int]] = Counter()
    capital: Counter[tuple[str, int]] = Counter()
    for ship in s.ships.values():
        if ship.zone is not None and not ship.sunk:
            per_zone[ship.side, ship.zone] += 1
            capital[ship.side, ship.zone] += DATA.units[ship.unit].capital
    assert max(per_zone.values(), default=0) <= 8 and max(capital.values(), default=0) <= 2
    # Air Units are conserved: every one is somewhere or recorded lost (M010, losses).
    assert sum(a.n for a in s.air.values()) == initial_air_units
    lost_records = sum(x["n"] for x in s.losses if DATA.units[x["unit"]].is_air)
    assert sum(a.n for a in s.air.values() if a.at == "lost") == lost_records
    for a in s.air.values():
        assert a.n >= 1
        assert a.fuel is None or a.fuel >= 0  # fuel never negative (5.2)
        assert (a.at == "air") == (a.zone is not None)
        if a.at in ("hangar", "deck", "landed") and a.base in s.ships:
            assert not s.ships[a.base].sunk  # nothing aboard a sunk carrier (HBG-R11)
    # Carrier capacity (M174, HBG-R03): never more Air Units aboard than the carrier holds.
    for cid in DATA.carriers:
        ship = s.ships[cid]
        if not ship.sunk:
            assert sum(a.n for a in s.aboard(cid)) <= s.carrier_capacity(ship)
    # Bases: damage within hit points, batteries within 0..5.
    for base in s.bases.values():
        assert 0 <= base.damage <= DATA.units[base.unit].hit_points
        assert 0 <= base.batteries <= 5
    # Fog of war (HBG-R35): a view never holds a hidden enemy ship.
    for side in ("usn", "ijn"):
        for seen in s.view(side, log_tail=0)["state"]["ships"]:
            if seen["side"] == ENEMY[side]:
                ship = s.ships[seen["id"]]
                assert ship.sunk or ship.located


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 2**31 - 1))
def test_hbg_random_play_keeps_every_invariant(seed: int) -> None:
    """Stacking, capacities, fuel, conservation of Air Units and the fog of war hold after every choice."""
    s = GAME.new(seed=seed, options={"max_turns": 12})
    assert isinstance(s, HbgState)
    initial = sum(a.n for a in s.air.values())
    agents = {"usn": RandomAgent(seed), "ijn": RandomAgent(seed + 1)}
    steps = 0
    while not s.is_over:
        check_invariants(s, initial)
        side, decision = next(iter(s.pending().items()))
        s.apply(side, agents[side].choose({}, decision))
        steps += 1
        assert steps < 5000
    check_invariants(s, initial)
    assert s.outcome() is not None
