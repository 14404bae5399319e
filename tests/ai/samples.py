"""What the sampler tests of every ruleset check of a sample (HBG-R35 and its kin: a sample is a full state
consistent with the side's view)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from midway.ai.kit import check_sample
from midway.engine import Decision, Game, State

ENGINE_KEYS = {"dice", "history", "events", "seed", "_serial", "_held", "_forced", "result", "_blind"}
"""The engine's own attributes in ``State.to_json()["state"]``: the rest is the ruleset's position."""


def ruleset_part(state: State) -> dict[str, Any]:
    """The ruleset's part of ``state``'s JSON (its position, without the engine's bookkeeping)."""
    return {k: v for k, v in state.to_json()["state"].items() if k not in ENGINE_KEYS}


def assert_fits(game: Game, view: Mapping[str, Any], sample: State, decision: Decision) -> None:
    """``sample`` gives exactly ``view`` to its side and the same options for ``decision``, as a search clone."""
    assert check_sample(game, view, sample) == []
    again = sample.decision(decision.side)
    assert again is not None and again.option_ids == decision.option_ids
    assert sample.is_search_clone
