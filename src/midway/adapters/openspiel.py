"""Every installed ruleset as an OpenSpiel (``pyspiel``) Python game.

``register(ruleset)`` registers two games per ruleset:

- ``python_midway_<id>``: SIMULTANEOUS dynamics. A step where several sides choose at once (sealed
  bids, orders) is a simultaneous node; every other step has one current player.
- ``python_midway_<id>_turns``: SEQUENTIAL dynamics (what OpenSpiel's ISMCTS needs): the sides of a
  simultaneous step choose one after the other, the later one seeing only that a choice was sealed
  (the engine's own sealing).

Both are IMPERFECT_INFORMATION, zero-sum, with terminal rewards (+1 win, -1 loss, 0 draw). Chance is
SAMPLED_STOCHASTIC: the rulesets roll their dice inside a step, from the game's ``seed`` parameter
(``options`` is the rulesets' game options as JSON), so the same seed and actions replay exactly
(:func:`serialize_state` and :func:`deserialize_state` save and restore a state that way; OpenSpiel's own
``State.serialize`` asks a SAMPLED_STOCHASTIC game for its RNG state, which a Python game cannot give
in open-spiel 2.0, so ``random_sim_test`` runs with ``serialize=False``).

An action is the index of an option in the current decision's option list (at most
:data:`MAX_ACTIONS`); its string is the option id. Observation strings and tensors are built from
the side's view (``state.view(side)`` without its log): the string is the view as canonical JSON,
the tensor a feature-hashed encoding of it (:data:`OBS_SIZE` floats). The information state adds
the player's own past choices (perfect recall of one's own actions; what else one saw is the view's
own record of the game).

:func:`resampler` gives OpenSpiel's Python ``ISMCTSBot`` (``bot.set_resampler``) the ruleset kit's
sampler: a state consistent with the player's information state.
"""

from __future__ import annotations

import json
import zlib
from collections.abc import Mapping
from typing import Any

import numpy as np
import pyspiel

from midway.ai.kit import kit_for
from midway.engine import registry
from midway.engine.chance import SeededDice
from midway.engine.game import Game, State

MAX_ACTIONS = 1024
"""The largest option list any installed ruleset offers is far below this (161 in terrible-resolve)."""
OBS_SIZE = 512
"""Floats in an observation tensor (hashed features of the view); the information state has twice this."""
MAX_GAME_LENGTH = 200_000

_REGISTERED: dict[str, str] = {}


def short_name(ruleset: str, turn_based: bool = False) -> str:
    return f"python_midway_{ruleset.replace('-', '_')}" + ("_turns" if turn_based else "")


def _features(data: Any, out: np.ndarray, prefix: str = "", offset: int = 0, size: int = OBS_SIZE) -> None:
    """Feature hashing of JSON-ready ``data``: numbers add to their path's slot, text and flags set path=value."""
    if isinstance(data, Mapping):
        for k, v in data.items():
            _features(v, out, f"{prefix}/{k}", offset, size)
    elif isinstance(data, (list, tuple)):
        out[offset + zlib.crc32(f"{prefix}#".encode()) % size] += len(data)
        for i, v in enumerate(data[:64]):
            _features(v, out, f"{prefix}[{i}]", offset, size)
    elif isinstance(data, bool) or data is None or isinstance(data, str):
        out[offset + zlib.crc32(f"{prefix}={data}".encode()) % size] += 1.0
    elif isinstance(data, (int, float)):
        out[offset + zlib.crc32(prefix.encode()) % size] += float(max(-1e6, min(1e6, data)))


class MidwayObserver:
    """OpenSpiel's Python observer protocol: ``tensor``, ``dict``, ``set_from``, ``string_from``."""

    def __init__(self, iig_obs_type: Any, params: Mapping[str, Any] | None) -> None:
        self.perfect_recall = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
        size = OBS_SIZE * (2 if self.perfect_recall else 1)
        self.tensor = np.zeros(size, np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: MidwayState, player: int) -> None:
        self.tensor.fill(0.0)
        view = state.view_of(player)
        _features(view, self.tensor)
        if self.perfect_recall:
            for i, oid in enumerate(state.own_choices[player][-256:]):
                self.tensor[OBS_SIZE + zlib.crc32(f"{i}:{oid}".encode()) % OBS_SIZE] += 1.0

    def string_from(self, state: MidwayState, player: int) -> str:
        text = json.dumps(state.view_of(player), sort_keys=True, separators=(",", ":"), default=str)
        if self.perfect_recall:
            return f"{text}|mine:{','.join(state.own_choices[player])}"
        return text


class _Held:
    """What a :class:`MidwayState` holds. OpenSpiel clones a Python state by deep-copying its
    ``__dict__``: this copies the engine state with :meth:`State.clone` and shares the game."""

    __slots__ = ("mgame", "engine", "own")

    def __init__(self, mgame: MidwayGame, engine: State, own: list[list[str]]) -> None:
        self.mgame, self.engine, self.own = mgame, engine, own

    def __deepcopy__(self, memo: Any) -> _Held:
        return _Held(self.mgame, self.engine.clone(), [list(x) for x in self.own])


class MidwayState(pyspiel.State):
    """A game of a ruleset, seen by OpenSpiel."""

    def __init__(self, game: MidwayGame, engine: State | None = None, own: list[list[str]] | None = None) -> None:
        super().__init__(game)
        if engine is None:
            engine = game.ruleset.new(game.seed, game.options)
        self._held = _Held(game, engine, own if own is not None else [[] for _ in game.ruleset.sides])

    @property
    def mgame(self) -> MidwayGame:
        return self._held.mgame

    @property
    def engine(self) -> State:
        return self._held.engine

    @property
    def own_choices(self) -> list[list[str]]:
        return self._held.own

    # --------------------------------------------------------------- helpers
    def view_of(self, player: int) -> dict[str, Any]:
        if player < 0 or player >= len(self.mgame.ruleset.sides):
            raise RuntimeError(f"no player {player}")
        view = self.engine.view(self.mgame.ruleset.sides[player], log_tail=0)
        view.pop("log", None)
        return view

    def _movers(self) -> list[int]:
        sides = self.mgame.ruleset.sides
        pending = self.engine.pending()
        return [i for i, s in enumerate(sides) if s in pending]

    # ----------------------------------------------------------- OpenSpiel
    def current_player(self) -> int:
        if self.engine.is_over:
            return pyspiel.PlayerId.TERMINAL
        movers = self._movers()
        if len(movers) > 1 and not self.mgame.turn_based:
            return pyspiel.PlayerId.SIMULTANEOUS
        return movers[0]

    def _legal_actions(self, player: int) -> list[int]:
        if self.engine.is_over:
            return []
        decision = self.engine.decision(self.mgame.ruleset.sides[player])
        if decision is None:
            return []
        if self.mgame.turn_based and self._movers()[0] != player:
            return []
        n = len(decision.options)
        if n > MAX_ACTIONS:  # pragma: no cover - no ruleset comes near
            raise RuntimeError(f"{n} options exceed MAX_ACTIONS")
        return list(range(n))

    def _apply_action(self, action: int) -> None:
        player = self._movers()[0]
        self._choose(player, action)

    def _apply_actions(self, actions: list[int]) -> None:
        for player in self._movers():
            self._choose(player, actions[player])

    def _choose(self, player: int, action: int) -> None:
        side = self.mgame.ruleset.sides[player]
        decision = self.engine.decision(side)
        assert decision is not None
        oid = decision.options[action].id
        self.own_choices[player].append(oid)
        self.engine.apply(side, oid)

    def _action_to_string(self, player: int, action: int) -> str:
        if 0 <= player < len(self.mgame.ruleset.sides) and not self.engine.is_over:
            decision = self.engine.decision(self.mgame.ruleset.sides[player])
            if decision is not None and 0 <= action < len(decision.options):
                return decision.options[action].id
        return f"option#{action}"

    def is_terminal(self) -> bool:
        return self.engine.is_over

    def returns(self) -> list[float]:
        outcome = self.engine.outcome()
        sides = self.mgame.ruleset.sides
        if outcome is None or outcome.winner is None:
            return [0.0] * len(sides)
        return [1.0 if s == outcome.winner else -1.0 for s in sides]

    def __str__(self) -> str:
        moves = self.engine.history
        return f"{self.mgame.ruleset.id} seed {self.mgame.seed}: {len(moves)} choices; " + " ".join(
            f"{s}:{o}" for s, o in moves[-8:]
        )


class MidwayGame(pyspiel.Game):
    """A ruleset as an OpenSpiel game (see the module docstring)."""

    def __init__(self, ruleset: Game, turn_based: bool, params: Mapping[str, Any] | None = None) -> None:
        params = dict(params or {})
        self.ruleset = ruleset
        self.turn_based = turn_based
        self.seed = int(params.get("seed", 0))
        self.options = ruleset.resolve_options(json.loads(params.get("options", "{}") or "{}"))
        super().__init__(_game_type(ruleset, turn_based), _game_info(ruleset), params)

    def new_initial_state(self) -> MidwayState:
        return MidwayState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> MidwayObserver:
        return MidwayObserver(iig_obs_type, params)


def _game_type(ruleset: Game, turn_based: bool) -> Any:
    return pyspiel.GameType(
        short_name=short_name(ruleset.id, turn_based),
        long_name=f"Midway: {ruleset.title}" + (" (turn-based)" if turn_based else ""),
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL if turn_based else pyspiel.GameType.Dynamics.SIMULTANEOUS,
        chance_mode=pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=len(ruleset.sides),
        min_num_players=len(ruleset.sides),
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={"seed": 0, "options": "{}"},
        default_loadable=True,
        provides_factored_observation_string=False,
    )


def _game_info(ruleset: Game) -> Any:
    return pyspiel.GameInfo(
        num_distinct_actions=MAX_ACTIONS,
        max_chance_outcomes=0,
        num_players=len(ruleset.sides),
        min_utility=-1.0,
        max_utility=1.0,
        utility_sum=0.0,
        max_game_length=MAX_GAME_LENGTH,
    )


def _game_class(ruleset: Game, turn_based: bool) -> type:
    """A class per ruleset and variant (pyspiel keeps the factory it registers until the interpreter ends)."""

    def __init__(self: MidwayGame, params: Mapping[str, Any] | None = None) -> None:
        MidwayGame.__init__(self, ruleset, turn_based, params)

    name = "".join(p.capitalize() for p in short_name(ruleset.id, turn_based).split("_"))
    return type(name, (MidwayGame,), {"__init__": __init__})


def register(ruleset: str) -> tuple[str, str]:
    """Register ``ruleset`` (both variants) with pyspiel; their short names (simultaneous, turn-based)."""
    names = (short_name(ruleset), short_name(ruleset, True))
    if ruleset not in _REGISTERED:
        game = registry.load(ruleset)
        for turn_based in (False, True):
            pyspiel.register_game(_game_type(game, turn_based), _game_class(game, turn_based))
        _REGISTERED[ruleset] = names[0]
    return names


def register_all() -> dict[str, tuple[str, str]]:
    """Register every installed ruleset."""
    return {rid: register(rid) for rid in registry.ids()}


def load(ruleset: str, *, turn_based: bool = False, seed: int = 0, options: Mapping[str, Any] | None = None) -> Any:
    """The pyspiel game of ``ruleset`` (registered on first use)."""
    name = register(ruleset)[1 if turn_based else 0]
    return pyspiel.load_game(name, {"seed": seed, "options": json.dumps(dict(options or {}))})


def serialize_state(state: MidwayState) -> str:
    """A state as text: the game's parameters and every choice made (the seed replays the dice)."""
    mgame = state.mgame
    return json.dumps(
        {
            "game": mgame.get_type().short_name,
            "seed": mgame.seed,
            "options": mgame.options,
            "history": [list(x) for x in state.engine.history],
            "own": state.own_choices,
        },
        sort_keys=True,
    )


def deserialize_state(game: MidwayGame, text: str) -> MidwayState:
    """The state :func:`serialize_state` wrote, replayed on ``game`` (which must have the same parameters)."""
    data = json.loads(text)
    if data["game"] != game.get_type().short_name or data["seed"] != game.seed or data["options"] != game.options:
        raise ValueError(f"a state of {data['game']} (seed {data['seed']}) cannot be restored on another game")
    engine = game.ruleset.new(game.seed, game.options)
    for side, oid in data["history"]:
        engine.apply(side, oid)
    return MidwayState(game, engine, [list(x) for x in data["own"]])


def resampler(seed: int = 0) -> Any:
    """A callback for ``ISMCTSBot.set_resampler``: ``cb(state, player)`` -> a state consistent with
    ``player``'s information state, drawn by the ruleset kit's sampler (the state itself if the kit
    cannot sample this position)."""
    dice = SeededDice(seed)

    def cb(state: MidwayState, player: int) -> MidwayState:
        mgame = state.mgame
        side = mgame.ruleset.sides[player]
        kit = kit_for(mgame.ruleset)
        view = state.engine.view(side, log_tail=0)
        decision = state.engine.decision(side)
        sample = kit.sample(mgame.ruleset, view, dice, decision)
        if sample is None:
            # no sampler for this position: a copy with fresh dice (the hidden part stays as it is)
            sample = state.engine.clone(search=True)
        sample.reseed(dice.randint(0, 2**62))
        sample.history = list(state.engine.history)
        return MidwayState(mgame, sample, [list(x) for x in state.own_choices])

    return cb


class KitEvaluator:
    """An evaluator for OpenSpiel's MCTS/ISMCTS bots: the ruleset kit's evaluation, uniform priors."""

    def evaluate(self, state: MidwayState) -> np.ndarray:
        sides = state.mgame.ruleset.sides
        if state.engine.is_over:
            return np.array(state.returns(), dtype=float)
        kit = kit_for(state.mgame.ruleset)
        v = float(kit.evaluate(state.engine, sides[0]))
        return np.array([v, -v] + [0.0] * (len(sides) - 2), dtype=float)

    def prior(self, state: MidwayState) -> list[tuple[int, float]]:
        actions = state.legal_actions(state.current_player())
        return [(a, 1.0 / len(actions)) for a in actions]
