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
        return decision.options[self._dice.randint(0, len(decision.options) - 1)].id


AGENTS: dict[str, Callable[[int], Agent]] = {"random": RandomAgent}


def make_agent(name: str, seed: int = 0) -> Agent:
    """An agent by name (``"random"``)."""
    try:
        return AGENTS[name](seed)
    except KeyError:
        raise ValueError(f"no agent {name!r}; agents: {', '.join(sorted(AGENTS))}") from None


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
