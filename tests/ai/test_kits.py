"""Every installed ruleset's kit: found by the engine, its heuristic legal from the view alone, and
(where it is worked out) better than random play on fixed seeds."""

from __future__ import annotations

import pytest

from midway.ai import arena as A
from midway.ai import make_agent, play_out
from midway.ai.kit import kit_for, statistics_evaluation
from midway.engine import registry

SHORT = {"warpspawn": {"max_turns": 4}, "terrible-resolve": {"max_turns": 4}, "hbg": {"max_turns": 4}}


@pytest.mark.parametrize("ruleset", registry.installed())  # not the toys other test modules register
def test_the_kit_is_found_and_its_heuristic_plays_a_legal_game(ruleset: str) -> None:
    game = registry.load(ruleset)
    assert game.kit() is not None and kit_for(game).provided
    state = game.new(2, SHORT.get(ruleset, {}))
    play_out(state, {"usn": make_agent("heuristic", 1), "ijn": make_agent("heuristic", 2)})  # illegal: raises
    assert state.is_over
    value = kit_for(game).evaluate(state, "usn")
    assert -1.0 <= value <= 1.0
    assert -1.0 <= statistics_evaluation(state, "ijn") <= 1.0


@pytest.mark.parametrize(
    ("ruleset", "options"),
    [
        ("warpspawn", {}),
        ("terrible-resolve", {}),
        ("hbg", {}),
        ("boredgames", {"mode": "carrier-hunt"}),
        ("boredgames", {"mode": "domination"}),
        ("vam", {}),
    ],
)
def test_the_heuristic_beats_random_play_on_fixed_seeds(ruleset: str, options: dict) -> None:
    """Six full games on fixed seeds, sides swapped: the heuristic scores at least 5 (the arena measures more)."""
    results = A.run(A.tasks_for(ruleset, ["heuristic", "random"], 6, seed=40, options=options))
    (pair,) = A.pair_stats(results)
    assert pair.a == "heuristic" and pair.games == 6
    assert pair.score >= 5
