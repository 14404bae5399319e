"""The terrible-resolve sampler at the combat choices it rebuilds: which enemy carrier each bomber of a raid
attacks ([Carrier Attacks], M33) and which CAP squadrons attack the raid ([CAP attacks], M26), with the
targets and commitments already given read from the side's own view."""

from __future__ import annotations

from midway.ai import make_agent
from midway.ai.kit import kit_for
from midway.engine import registry
from midway.engine.chance import SeededDice
from midway.rulesets.terrible_resolve.data import SIDE_GROUPS
from tests.ai.samples import assert_fits

GAME = registry.load("terrible-resolve")


def _combat_choices(seed: int):
    """(state, side, view, decision) at every target and CAP choice with more than one option."""
    state = GAME.new(seed)
    agents = {s: make_agent("heuristic", seed + i) for i, s in enumerate(GAME.sides)}
    while not state.is_over:
        side, decision = next(iter(state.pending().items()))
        view = state.view(side, log_tail=0)
        if decision.kind in ("target", "cap") and len(decision.options) > 1:
            yield state, side, view, decision
        state.apply(side, agents[side].choose(view, decision))


def test_tr_carrier_attacks_and_cap_attacks_choices_are_sampled_with_their_orders_so_far() -> None:
    """Every target and CAP choice of two seeded games is rebuilt: the sample gives exactly the side's view and
    options, and holds the true targets given so far and the true squadrons committed so far."""
    kit = kit_for(GAME)
    dice = SeededDice(4)
    kinds = {"target": 0, "cap": 0}
    midway_through = 0  # choices made after some targets or commitments were given
    for seed in (1, 2):
        for state, _side, view, decision in _combat_choices(seed):
            sample = kit.sample(GAME, view, dice, decision)
            assert sample is not None, (decision.kind, decision.option_ids)
            assert_fits(GAME, view, sample, decision)
            kinds[decision.kind] += 1
            if decision.kind == "target":
                assert sample.targets == state.targets
                midway_through += bool(state.targets)
            else:
                assert sample.cap_orders == state.cap_orders
                midway_through += bool(state.cap_orders)
    assert kinds["target"] >= 20 and kinds["cap"] >= 5, kinds
    assert midway_through >= 5


def test_tr_sampler_places_hidden_enemy_groups_where_heuristic_games_had_them() -> None:
    """[Set Up] / TR-R19: a side sees neither the enemy's hangars, decks and CAP nor its strikes on the way. The
    sampler places those hidden groups where one of its library of heuristic games had them at the same turn and
    step (so a sampled enemy has CAP up and strikes out, as a real one does mid-game), never where the view would
    show them (its Ready to Attack and Attacking boxes), and every sample still gives exactly the view."""
    kit = kit_for(GAME)
    dice = SeededDice(7)
    state = GAME.new(3)
    agents = {s: make_agent("heuristic", 3 + i) for i, s in enumerate(GAME.sides)}
    airborne = {"usn": 0, "ijn": 0}
    checked = 0
    while not state.is_over and state.turn <= 6:
        side, decision = next(iter(state.pending().items()))
        view = state.view(side, log_tail=0)
        if state.turn >= 4 and decision.kind in ("target", "cap", "launch") and len(decision.options) > 1:
            enemy = "ijn" if side == "usn" else "usn"
            shown = {g["id"] for g in view["state"]["enemy"]["raid_ready_to_attack"]}
            shown |= {g["id"] for g in view["state"]["enemy"]["raid_attacking"]}
            for _ in range(3):
                sample = kit.sample(GAME, view, dice, decision)
                assert sample is not None
                assert_fits(GAME, view, sample, decision)
                for g in SIDE_GROUPS[enemy]:
                    where = sample.loc[g]
                    assert where not in ("rta", "atk") or g in shown
                    airborne[enemy] += where.startswith("cap:") or where == "mta"
                checked += 1
        state.apply(side, agents[side].choose(view, decision))
    assert checked >= 6
    assert airborne["usn"] > 0 and airborne["ijn"] > 0, airborne
