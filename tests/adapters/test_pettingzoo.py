"""The PettingZoo adapter: PettingZoo's own api_test and seed_test, and whole games to their end."""

from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("pettingzoo")

from pettingzoo.test import api_test, seed_test  # noqa: E402

from midway.adapters.pettingzoo import env  # noqa: E402
from midway.engine import registry  # noqa: E402

SHORT = {"warpspawn": {"max_turns": 2}, "terrible-resolve": {"max_turns": 2}, "hbg": {"max_turns": 2}}
RULESETS = registry.installed()  # not the toy games other test modules register


@pytest.mark.parametrize("ruleset", RULESETS)
def test_api_test_and_seed_test_pass(ruleset: str) -> None:
    api_test(env(ruleset, SHORT.get(ruleset)), num_cycles=200, verbose_progress=False)
    seed_test(lambda: env(ruleset, SHORT.get(ruleset)), num_cycles=200)


@pytest.mark.parametrize("ruleset", RULESETS)
def test_a_masked_random_game_ends_with_zero_sum_rewards(ruleset: str) -> None:
    e = env(ruleset, SHORT.get(ruleset))
    e.reset(seed=3)
    rng = np.random.default_rng(1)
    total = dict.fromkeys(e.possible_agents, 0.0)
    steps = 0
    for agent in e.agent_iter(max_iter=100_000):
        obs, reward, termination, truncation, info = e.last()
        total[agent] += reward
        if termination or truncation:
            e.step(None)
            continue
        legal = np.flatnonzero(obs["action_mask"])
        assert len(legal) == len(info["options"]) > 0
        e.step(int(rng.choice(legal)))
        steps += 1
    assert e.state_ is not None and e.state_.is_over
    assert steps == len(e.state_.history)
    assert sum(total.values()) == 0.0
    winner = e.state_.outcome().winner
    assert all(total[a] == (0.0 if winner is None else (1.0 if a == winner else -1.0)) for a in total)


def test_an_illegal_action_is_refused() -> None:
    e = env("warpspawn", SHORT["warpspawn"])
    e.reset(seed=1)
    n = len(e.infos[e.agent_selection]["options"])
    with pytest.raises(ValueError):
        e.step(n)
