"""The interface between the generic computer opponents and what only a ruleset knows.

A ruleset package provides ``KIT`` in its ``ai`` module (``midway.rulesets.<pkg>.ai``);
:meth:`midway.engine.Game.kit` finds it. A sixth ruleset plugs into every agent (heuristic,
ISMCTS, the OpenSpiel and PettingZoo adapters) by writing one, without touching ``midway.ai``.

Every method is optional except :meth:`RulesetKit.heuristic`; :func:`kit_for` fills the gaps
with :class:`DefaultKit` behaviour (a uniformly random policy, no sampler, a neutral evaluation),
so a ruleset without a kit still plays, randomly.

Fairness: ``heuristic`` and ``sample`` see only a view (and the decision), never the state.
``rollout`` and ``evaluate`` do take a state, but search only ever hands them states made by
``sample`` from the searching side's view (determinizations), never the true state.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Protocol, runtime_checkable

from midway.engine.chance import SeededDice
from midway.engine.decisions import Decision
from midway.engine.game import Game, State


@runtime_checkable
class RulesetKit(Protocol):
    """What a ruleset gives the computer opponents."""

    search_depth: int
    """Optional: decisions a playout runs before the position is scored (default 60): about a turn."""

    plan_depth: int
    """Optional (with :meth:`plans`): decisions a plan's playout runs before it is scored (default 2000: to the end
    of the game)."""

    def clock(self, state: State) -> tuple[int, ...]:
        """Optional: where the game is in its sequence of play (``(turn, step)``), ordered as play goes on.

        With it, the search's paired playouts (:mod:`midway.ai.mcts`) are scored at the same point of the game:
        the heuristic's choice is played ``search_depth`` decisions on, and every other option until its own
        playout reaches the clock that one ended at. Without it each playout runs ``search_depth`` decisions,
        so an option that takes more decisions (committing squadrons one at a time rather than ``done``) is
        scored earlier in the game than another, and an enemy strike may fall inside one playout and not the
        other."""
        ...

    search_kinds: frozenset[str] | None
    """The decision kinds worth searching (``None``: all); the others are answered by ``heuristic``.
    Optional: a ruleset uses it to keep the search budget for the choices that matter."""

    def plans(self, view: Mapping[str, Any], decision: Decision) -> Sequence[Plan] | None:
        """Optional: at a *plan point*, the whole-turn plans the search compares (the heuristic's own first), else
        ``None``. A plan answers a kind of decision (its :meth:`Plan.answers`) for the rest of the turn: where the
        heuristic's choices hang together over many decisions (the order in which every group is spotted), the
        search (:mod:`midway.ai.mcts`, "Plans") compares them whole, which one-decision search cannot."""
        ...

    def plan_key(self, view: Mapping[str, Any]) -> Any:
        """Optional (with :meth:`plans`): how long a chosen plan holds (the side and turn): a decision its plan
        answers with the same key is answered by it without a new search."""
        ...

    def heuristic(self, view: Mapping[str, Any], decision: Decision, dice: SeededDice) -> str:
        """The heuristic player's option id for ``decision``, from ``view`` alone.

        ``dice`` breaks ties (never ``random``)."""
        ...

    def sample(
        self, game: Game, view: Mapping[str, Any], dice: SeededDice, decision: Decision | None = None
    ) -> State | None:
        """A full state consistent with ``view`` (``view["side"]``'s view), hidden parts drawn from ``dice``.

        The result must be a search clone (``state.clone(search=True)`` or built quiet) and must give
        exactly ``view["state"]`` as that side's view and the same pending decision options. ``decision``
        is the decision the side faces (it tells what the view may not: which unit is being ordered). ``None``
        when the ruleset cannot rebuild this position (search then falls back to the heuristic)."""
        ...

    def rollout(self, state: State, decision: Decision, dice: SeededDice) -> str:
        """The fast playout policy on a determinized state: an option id for ``decision``."""
        ...

    def evaluate(self, state: State, side: str) -> float:
        """How good ``state`` is for ``side``, in [-1, 1] (1: won). Called on unfinished states."""
        ...


@runtime_checkable
class Plan(Protocol):
    """A whole-turn plan of :meth:`RulesetKit.plans`: a policy for the decisions it :meth:`answers`, from a view (the
    real game) or a determinized state (the search's playouts), as the kit's ``heuristic`` and ``rollout``."""

    name: str

    def answers(self, decision: Decision) -> bool:
        """Whether this plan chooses at ``decision`` (else the kit's heuristic or rollout does)."""
        ...

    def heuristic(self, view: Mapping[str, Any], decision: Decision, dice: SeededDice) -> str: ...

    def rollout(self, state: State, decision: Decision, dice: SeededDice) -> str: ...


class DefaultKit:
    """What a ruleset without a kit gets: random play, no sampler, neutral evaluation."""

    def heuristic(self, view: Mapping[str, Any], decision: Decision, dice: SeededDice) -> str:
        return decision.options[dice.randint(0, len(decision.options) - 1)].id

    def sample(
        self, game: Game, view: Mapping[str, Any], dice: SeededDice, decision: Decision | None = None
    ) -> State | None:
        return None

    def rollout(self, state: State, decision: Decision, dice: SeededDice) -> str:
        return decision.options[dice.randint(0, len(decision.options) - 1)].id

    def evaluate(self, state: State, side: str) -> float:
        return 0.0


_DEFAULT = DefaultKit()


class _Filled:
    """A ruleset's kit with the methods it lacks taken from :class:`DefaultKit`."""

    def __init__(self, kit: Any) -> None:
        self.kit = kit
        for name in ("heuristic", "sample", "rollout", "evaluate"):
            setattr(self, name, getattr(kit, name, None) or getattr(_DEFAULT, name))
        self.provided = kit is not None

    def __getattr__(self, name: str) -> Any:
        return getattr(self.kit, name)


def kit_for(game: Game) -> Any:
    """The kit of ``game``'s ruleset with every method present (defaults where it has none)."""
    return _Filled(game.kit())


_TEMPLATES: dict[tuple[str, str], State] = {}


def template(game: Game, options: Mapping[str, Any]) -> State:
    """A new game of ``game`` with ``options`` (seed 0), made once per ruleset and options and shared: the
    pieces a sampler copies before it places what the view shows and draws what it hides. Never change it."""
    key = (game.id, repr(sorted(options.items())))
    state = _TEMPLATES.get(key)
    if state is None:
        state = _TEMPLATES[key] = game.new(0, dict(options))
    return state


def terminal_value(state: State, side: str) -> float:
    """1 if ``side`` won the finished ``state``, -1 if it lost, 0 for a draw."""
    outcome = state.outcome()
    if outcome is None or outcome.winner is None:
        return 0.0
    return 1.0 if outcome.winner == side else -1.0


def check_sample(game: Game, view: Mapping[str, Any], sampled: State) -> list[str]:
    """Why ``sampled`` is not consistent with ``view`` (empty when it is): for tests and debugging."""
    side = view["side"]
    problems = []
    got = sampled.view(side, log_tail=0)
    for key in ("state", "outcome", "options"):
        if got[key] != view[key]:
            problems.append(f"{key} differs")
    # a side sealed in the true state is pending again in a sample (search chooses for it)
    if [s for s in got["to_move"] if s not in view["sealed"]] != view["to_move"]:
        problems.append("to_move differs")
    return problems


_STAT_WEIGHTS = (
    ("carriers sunk", -0.25),
    ("carriers crippled", -0.08),
    ("damage taken", -0.01),
    ("ships sunk", -0.04),
    ("sp lost", -0.002),
    ("squads lost", -0.01),
    ("air units lost", -0.01),
    ("aircraft lost", -0.02),
    ("vp", 0.02),
)


def statistics_evaluation(state: State, side: str) -> float:
    """A generic evaluation from :meth:`Game.statistics`: losses and VP of each side, in [-0.95, 0.95].

    Reads keys such as ``"usn carriers sunk"``, ``"ijn damage taken"``, ``"usn vp"``: what a side lost
    counts against it, its VP for it. Rulesets with a kit usually write a sharper one."""
    stats = state.game.statistics(state)
    score = 0.0
    for key, value in stats.items():
        owner, _, what = key.partition(" ")
        if owner not in state.game.sides:
            continue
        what = what.lower()
        for name, weight in _STAT_WEIGHTS:
            if what == name:
                score += (weight if owner == side else -weight) * float(value)
    return max(-0.95, min(0.95, score))


def ranked_choice(
    decision: Decision,
    dice: SeededDice,
    prefixes: tuple[str, ...],
    *,
    explore: float = 0.0,
    avoid: tuple[str, ...] = (),
) -> str:
    """The first option whose id starts with the earliest of ``prefixes`` (ties: the first listed).

    With probability ``explore`` (or when nothing matches) a uniformly random option, other than those
    starting with one of ``avoid`` when there is any other. A building block for heuristics that rank
    options by their ids."""
    options = decision.options
    if explore and dice.randint(1, 1000) <= explore * 1000:
        pool = [o[0] for o in options if not o[0].startswith(avoid)] if avoid else []
        pool = pool or [o[0] for o in options]
        return pool[dice.randint(0, len(pool) - 1)]
    for prefix in prefixes:
        for o in options:
            if o[0].startswith(prefix):
                return o[0]
    pool = [o[0] for o in options if not o[0].startswith(avoid)] if avoid else []
    pool = pool or [o[0] for o in options]
    return pool[dice.randint(0, len(pool) - 1)]
