"""The agent protocol and the seeded random agent.

An agent is given its side's view (:meth:`~midway.engine.game.State.view`) and
the decision it must make, never the state itself, and answers an option id.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, Protocol, runtime_checkable

from midway.engine.chance import SeededDice
from midway.engine.decisions import Decision
from midway.engine.game import State


@runtime_checkable
class Agent(Protocol):
    """Chooses an option id for a decision, from its side's view alone."""

    name: str
    wants_view: bool
    """Whether :meth:`choose` reads the view (a runner may skip building it if not)."""

    def choose(self, view: Mapping[str, Any], decision: Decision) -> str: ...


class RandomAgent:
    """Chooses uniformly among the legal options, from its own seeded dice."""

    name = "random"
    wants_view = False

    def __init__(self, seed: int = 0) -> None:
        self._dice = SeededDice(seed)

    def choose(self, view: Mapping[str, Any], decision: Decision) -> str:
        return decision.pick(self._dice.index(len(decision.options)))


class HeuristicAgent:
    """The ruleset's heuristic player (its kit's ``heuristic``), from the view alone; random without a kit."""

    name = "heuristic"
    wants_view = True

    def __init__(self, seed: int = 0) -> None:
        self._dice = SeededDice(seed)
        self._kits: dict[str, Any] = {}

    def choose(self, view: Mapping[str, Any], decision: Decision) -> str:
        if len(decision.options) == 1:
            return decision.options[0].id
        ruleset = view.get("ruleset")
        kit = self._kits.get(ruleset) if isinstance(ruleset, str) else None
        if kit is None:
            if not isinstance(ruleset, str):  # an empty view: nothing to go on
                return decision.options[self._dice.randint(0, len(decision.options) - 1)].id
            from midway.ai.kit import kit_for
            from midway.engine import registry

            kit = self._kits[ruleset] = kit_for(registry.load(ruleset))
        return str(kit.heuristic(view, decision, self._dice))


def _mcts(seed: int = 0, **settings: Any) -> Agent:
    from midway.ai.mcts import ISMCTSAgent

    return ISMCTSAgent(seed, **settings)


AGENTS: dict[str, Callable[..., Agent]] = {"random": RandomAgent, "heuristic": HeuristicAgent, "mcts": _mcts}
"""Agents by name: each is called with the seed and the agent's settings as keywords."""


def parse_agent(spec: str) -> tuple[str, dict[str, Any]]:
    """``"mcts:iterations=400,max_time=0.5"`` as ``("mcts", {"iterations": 400, "max_time": 0.5})``.

    Also accepted: ``mcts@400`` (iterations) and ``mcts@0.5s`` (a time budget per decision)."""
    name, _, rest = spec.partition(":")
    settings: dict[str, Any] = {}
    if "@" in name:
        name, _, strength = name.partition("@")
        try:
            if strength.endswith("s"):
                settings["max_time"] = float(strength[:-1])
                settings["iterations"] = 10**9
            else:
                settings["iterations"] = int(strength)
        except ValueError:
            raise ValueError(
                f"agent {spec!r}: after @ comes a number of iterations (mcts@400) or seconds (mcts@0.5s)"
            ) from None
    for pair in filter(None, rest.split(",")):
        key, sep, value = pair.partition("=")
        if not sep:
            raise ValueError(f"agent setting {pair!r} is not key=value")
        settings[key.strip()] = _number(value.strip())
    return name, settings


def _number(text: str) -> Any:
    for kind in (int, float):
        try:
            return kind(text)
        except ValueError:
            pass
    if text.lower() in ("true", "false"):
        return text.lower() == "true"
    return text


def make_agent(name: str, seed: int = 0, **settings: Any) -> Agent:
    """An agent by name (``"random"``, ``"heuristic"``, ``"mcts"``), with its settings.

    ``name`` may carry settings itself: ``"mcts@400"``, ``"mcts@0.5s"``, ``"mcts:iterations=400,depth=30"``.
    """
    base, parsed = parse_agent(name)
    parsed.update(settings)
    try:
        factory = AGENTS[base]
    except KeyError:
        raise ValueError(f"no agent {base!r}; agents: {', '.join(sorted(AGENTS))}") from None
    try:
        return factory(seed, **parsed)
    except TypeError as exc:
        raise ValueError(f"agent {base!r}: bad settings {parsed}: {exc}") from None


def play_out(state: State, agents: Mapping[str, Agent], *, max_decisions: int = 1_000_000) -> State:
    """Let ``agents`` (by side) play ``state`` to its end, in place.

    Each agent sees only its side's view. Raises :class:`RuntimeError` if the
    game has not ended after ``max_decisions`` choices.
    """
    for _ in range(max_decisions):
        pending = state.pending()
        if not pending:
            return state
        for side in state.game.sides:
            decision = pending.get(side)
            if decision is None:
                continue
            agent = agents[side]
            view = state.view(side) if agent.wants_view else {}
            state.apply(side, agent.choose(view, decision), decision_id=decision.id)
    raise RuntimeError(f"{state.game.id}: no end after {max_decisions} decisions")
