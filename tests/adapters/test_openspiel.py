"""The OpenSpiel adapter: OpenSpiel's own random simulation test, and its ISMCTS bot with our sampler."""

from __future__ import annotations

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")

from midway.adapters import openspiel as mos  # noqa: E402
from midway.engine import registry  # noqa: E402

SHORT = {"warpspawn": {"max_turns": 2}, "terrible-resolve": {"max_turns": 2}, "hbg": {"max_turns": 2}}
"""Game options that keep test games short, where a ruleset has them."""
RULESETS = registry.installed()  # not the toy games other test modules register


@pytest.mark.parametrize("ruleset", RULESETS)
def test_random_sim_test_passes(ruleset: str) -> None:
    """OpenSpiel's random_sim_test on the simultaneous variant (and the turn-based one of the small rulesets).

    Serialization is not part of it: SAMPLED_STOCHASTIC Python games cannot give OpenSpiel their RNG
    state (GetRNGState); a game replays from its seed and actions instead (see test below)."""
    game = mos.load(ruleset, seed=11, options=SHORT.get(ruleset, {}))
    assert game.get_type().dynamics == pyspiel.GameType.Dynamics.SIMULTANEOUS
    assert game.get_type().information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    pyspiel.random_sim_test(game, num_sims=1, serialize=False, verbose=False)
    if ruleset in ("warpspawn", "boredgames"):
        turns = mos.load(ruleset, turn_based=True, seed=11, options=SHORT.get(ruleset, {}))
        assert turns.get_type().dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL
        pyspiel.random_sim_test(turns, num_sims=1, serialize=False, verbose=False)


def test_observations_are_the_views_and_hide_what_the_view_hides() -> None:
    game = mos.load("warpspawn", seed=2, options={"max_turns": 2})
    state = game.new_initial_state()
    assert '"hidden":true' in state.observation_string(0)  # the IJN flowchart, seen by the USN
    assert state.observation_string(0) != state.observation_string(1)
    tensor = np.array(state.observation_tensor(0))
    assert tensor.shape == (mos.OBS_SIZE,) and np.isfinite(tensor).all() and tensor.any()
    assert len(state.information_state_tensor(0)) == 2 * mos.OBS_SIZE
    first = state.legal_actions()[0]
    oid = state.action_to_string(0, first)
    state.apply_action(first)
    assert state.information_state_string(0).endswith(f"mine:{oid}")


def test_same_seed_and_actions_replay_the_same_game() -> None:
    game = mos.load("terrible-resolve", seed=4, options={"max_turns": 2})
    a, b = game.new_initial_state(), game.new_initial_state()
    rng = np.random.default_rng(0)
    while not a.is_terminal():
        if a.is_simultaneous_node():  # pragma: no cover - terrible-resolve has none
            acts = [int(rng.choice(a.legal_actions(p))) for p in range(2)]
            a.apply_actions(acts)
            b.apply_actions(acts)
        else:
            act = int(rng.choice(a.legal_actions()))
            a.apply_action(act)
            b.apply_action(act)
        assert str(a) == str(b)
    assert a.engine.to_bytes() == b.engine.to_bytes()
    assert a.returns() == b.returns()


@pytest.mark.parametrize("ruleset", RULESETS)
def test_openspiel_ismcts_bot_with_our_resampler_plays_a_game_to_the_end(ruleset: str) -> None:
    from open_spiel.python.algorithms import ismcts

    game = mos.load(ruleset, turn_based=True, seed=5, options=SHORT.get(ruleset, {}))
    bot = ismcts.ISMCTSBot(
        game,
        mos.KitEvaluator(),
        uct_c=1.0,
        max_simulations=2,
        random_state=np.random.RandomState(1),
        allow_inconsistent_action_sets=True,
    )
    bot.set_resampler(mos.resampler(3))
    rng = np.random.default_rng(2)
    state = game.new_initial_state()
    bot_moves = 0
    while not state.is_terminal():
        player = state.current_player()
        if player == 0:
            action = int(bot.step(state))
            bot_moves += 1
        else:
            action = int(rng.choice(state.legal_actions()))
        assert action in state.legal_actions()
        state.apply_action(action)
    assert bot_moves > 0
    assert sorted(state.returns()) in ([-1.0, 1.0], [0.0, 0.0])


HIDDEN = {"warpspawn": "squads", "terrible-resolve": "loc", "boredgames": "hands", "hbg": "ships"}
"""Rulesets with a sampler, and the part of their state that holds what a side cannot see."""
RESAMPLE_OPTIONS = {"boredgames": {"max_rounds": 3}, "hbg": {"max_turns": 6}}


@pytest.mark.parametrize("ruleset", sorted(HIDDEN))
def test_resampled_states_keep_the_information_state(ruleset: str) -> None:
    """A port of OpenSpiel's C++ ResampleInfostateTest: a resampled state has the same information state
    string and tensor and the same current player, and its hidden part may differ."""
    game = mos.load(ruleset, turn_based=True, seed=8, options=RESAMPLE_OPTIONS.get(ruleset, {"max_turns": 3}))
    resample = mos.resampler(4)
    rng = np.random.default_rng(3)
    state = game.new_initial_state()
    checked = differ = 0
    while not state.is_terminal():
        player = state.current_player()
        other = resample(state, player)
        assert other.current_player() == player
        assert other.information_state_string(player) == state.information_state_string(player)
        assert other.information_state_tensor(player) == state.information_state_tensor(player)
        assert other.legal_actions() == state.legal_actions()
        key = HIDDEN[ruleset]
        differ += other.engine.to_json()["state"][key] != state.engine.to_json()["state"][key]
        checked += 1
        state.apply_action(int(rng.choice(state.legal_actions())))
    assert checked > 20
    assert differ > 0


@pytest.mark.parametrize("ruleset", RULESETS)
def test_a_serialized_state_is_restored_exactly(ruleset: str) -> None:
    """serialize_state / deserialize_state: the game's seed and options and every choice replay the state
    (its views, legal actions and record); another game's state is refused."""
    game = mos.load(ruleset, seed=5, options=SHORT.get(ruleset, {}))
    state = game.new_initial_state()
    rng = np.random.default_rng(2)
    for _ in range(60):
        if state.is_terminal():
            break
        if state.is_simultaneous_node():
            state.apply_actions([int(rng.choice(state.legal_actions(p))) for p in range(2)])
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
    text = mos.serialize_state(state)
    again = mos.deserialize_state(game, text)
    assert again.engine.to_bytes() == state.engine.to_bytes()
    for p in range(2):
        assert again.observation_string(p) == state.observation_string(p)
        assert again.information_state_string(p) == state.information_state_string(p)
    if not state.is_terminal():
        player = state.current_player()
        if player >= 0:
            assert again.legal_actions(player) == state.legal_actions(player)
    other = mos.load(ruleset, seed=6, options=SHORT.get(ruleset, {}))
    with pytest.raises(ValueError):
        mos.deserialize_state(other, text)
