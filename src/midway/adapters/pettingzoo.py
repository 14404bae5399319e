"""Every installed ruleset as a PettingZoo AEC environment.

``env(ruleset, options=...)`` makes one. Agents are the ruleset's sides (``"usn"``, ``"ijn"``).
A simultaneous step is played as the engine plays it: each side chooses in turn, the later one
seeing only that the other has sealed its choice. An action is the index of an option in the acting
side's current decision (at most :data:`~midway.adapters.openspiel.MAX_ACTIONS`); the observation is a
dict with ``"observation"`` (the side's view, feature-hashed to a float32 vector as in the OpenSpiel
adapter) and ``"action_mask"`` (1 for each legal option index). ``infos[agent]`` carries the option
ids (``"options"``). Rewards come at the end: +1 win, -1 loss, 0 draw. ``reset(seed=...)`` gives the
game's dice their seed (the same seed and actions replay exactly).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from midway.engine import registry
from midway.engine.game import State

MAX_ACTIONS = 1024
OBS_SIZE = 512


def _features(view: Mapping[str, Any]) -> np.ndarray:
    from midway.adapters.openspiel import _features as hashed

    out = np.zeros(OBS_SIZE, np.float32)
    hashed(view, out)
    return out


class MidwayEnv(AECEnv):
    """A ruleset as an AEC environment (see the module docstring)."""

    metadata = {"render_modes": ["ansi"], "name": "midway_v0", "is_parallelizable": False}

    def __init__(self, ruleset: str, options: Mapping[str, Any] | None = None, render_mode: str | None = None) -> None:
        super().__init__()
        self.game = registry.load(ruleset)
        self.game_options = self.game.resolve_options(options or {})
        self.metadata = {**self.metadata, "name": f"midway_{ruleset.replace('-', '_')}_v0"}
        self.render_mode = render_mode
        self.possible_agents = list(self.game.sides)
        obs = spaces.Dict(
            {
                "observation": spaces.Box(-np.inf, np.inf, (OBS_SIZE,), np.float32),
                "action_mask": spaces.Box(0, 1, (MAX_ACTIONS,), np.int8),
            }
        )
        self.observation_spaces = dict.fromkeys(self.possible_agents, obs)
        self.action_spaces = {a: spaces.Discrete(MAX_ACTIONS) for a in self.possible_agents}
        self.state_: State | None = None
        self._seed = 0
        self._rng = np.random.default_rng()

    def observation_space(self, agent: str) -> spaces.Space:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        return self.action_spaces[agent]

    # ------------------------------------------------------------------ AEC
    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None:
            self._rng = np.random.default_rng(seed)
        self._seed = int(self._rng.integers(0, 2**31 - 1))
        self.state_ = self.game.new(self._seed, self.game_options)
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos = {a: {} for a in self.agents}
        self._select()

    def _select(self) -> None:
        state = self.state_
        assert state is not None
        movers = state.to_move
        if movers:
            self.agent_selection = movers[0]
        elif self.agents:
            self.agent_selection = self.agents[0]
        for a in self.agents:
            d = state.decision(a)
            self.infos[a] = {"options": [] if d is None else list(d.option_ids)}

    def _mask(self, agent: str) -> np.ndarray:
        mask = np.zeros(MAX_ACTIONS, np.int8)
        state = self.state_
        if state is not None and agent == self.agent_selection:
            d = state.decision(agent)
            if d is not None:
                mask[: len(d.options)] = 1
        return mask

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        assert self.state_ is not None
        view = self.state_.view(agent, log_tail=0)
        view.pop("log", None)
        return {"observation": _features(view), "action_mask": self._mask(agent)}

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        state = self.state_
        assert state is not None
        decision = state.decision(agent)
        assert decision is not None, f"{agent} has nothing to choose"
        index = int(action)
        if not 0 <= index < len(decision.options):
            raise ValueError(f"action {index} is not one of {agent}'s {len(decision.options)} options")
        self._cumulative_rewards[agent] = 0.0
        state.apply(agent, decision.options[index].id)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        if state.is_over:
            outcome = state.outcome()
            assert outcome is not None
            for a in self.agents:
                self.rewards[a] = 0.0 if outcome.winner is None else (1.0 if a == outcome.winner else -1.0)
                self.terminations[a] = True
        self._select()
        self._accumulate_rewards()

    def render(self) -> str | None:
        if self.render_mode != "ansi" or self.state_ is None:
            return None
        view = self.state_.view(None, log_tail=0)
        lines = [
            f"{section.title}: " + "; ".join(" ".join(r) for r in section.rows) for section in self.game.render(view)
        ]
        return "\n".join(lines)

    def close(self) -> None:
        pass


def env(ruleset: str, options: Mapping[str, Any] | None = None, render_mode: str | None = None) -> MidwayEnv:
    """An AEC environment for ``ruleset``."""
    return MidwayEnv(ruleset, options, render_mode)
