"""The wire models: every request and response of the HTTP API, as pydantic classes.

Views and decisions are the engine's JSON (``state.view(side)``,
``decision.to_json()``); the models type their envelope.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from midway.server.service import MAX_SEED

Scalar = str | int | float | bool


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


class SeatIn(Strict):
    """Who plays a side: a person (by link) or the computer (an agent by name)."""

    kind: Literal["human", "computer"] = "human"
    agent: str | None = Field(
        default=None,
        max_length=64,
        description="The computer player: ``random``, ``heuristic``, ``mcts``, with a strength ``mcts@400`` "
        "(iterations per decision) or ``mcts@0.5s`` (seconds per decision).",
    )
    agent_seed: int = Field(default=0, ge=0, le=MAX_SEED)


class GameIn(Strict):
    """A new game."""

    ruleset: str = Field(min_length=1, max_length=64)
    options: dict[str, Scalar] = Field(default_factory=dict, max_length=64)
    seed: int | None = Field(default=None, ge=0, le=MAX_SEED, description="Random when not given.")
    seats: dict[str, SeatIn] = Field(default_factory=dict, max_length=8)


class SeatLink(BaseModel):
    side: str
    token: str
    link: str


class GameCreated(BaseModel):
    game_id: str
    seats: dict[str, SeatLink]
    """One secret link per human side."""
    spectator_link: str


class ChoiceIn(Strict):
    """A choice: the decision it answers (as given in the seat's payload; ``"standing"`` for one of the seat's
    standing options, ``view.standing``, which it may make at any moment) and the option chosen."""

    decision_id: str = Field(min_length=1, max_length=64)
    option_id: str = Field(min_length=1, max_length=400)


class OptionOut(BaseModel):
    id: str
    label: str
    data: dict[str, Any] | None = None


class DecisionOut(BaseModel):
    id: str
    side: str
    prompt: str
    rule: str
    kind: str
    simultaneous: bool
    blind: list[str] = []
    """The sides of a blind compound order step (each side orders privately; see docs/architecture.md)."""
    options: list[OptionOut]


class Thinking(BaseModel):
    agent: str | None
    """The computer player (``mcts@400``...)."""
    seconds: float


class Turn(BaseModel):
    """Whose turn it is, as one seat sees it (the lobby's list of my games)."""

    game_id: str
    ruleset: str
    side: str
    to_move: list[str]
    my_turn: bool
    over: bool
    outcome: dict[str, Any] | None


class GamePayload(BaseModel):
    """What a seat (``side``) or a spectator (``side`` null) may see now."""

    game_id: str
    ruleset: str
    version: str
    side: str | None
    seats: dict[str, str]
    to_move: list[str]
    over: bool
    outcome: dict[str, Any] | None
    view: dict[str, Any]
    decision: DecisionOut | None
    record: dict[str, Any] | None = None
    """The whole record (spectators, once the game is over)."""
    events: list[dict[str, Any]] | None = None
    """Every event, both sides' included (spectators, once the game is over)."""
    thinking: dict[str, Thinking] | None = None
    """Each computer side's thinking time for its last choice (brought up to date only when the rest of
    the payload changes, so that it never betrays a choice the reader cannot see)."""


class GameSummary(BaseModel):
    """Public facts about a game: whose turn it is, whether it is over."""

    game_id: str
    ruleset: str
    version: str
    seats: dict[str, str]
    to_move: list[str]
    over: bool
    outcome: dict[str, Any] | None


class RulesetOut(BaseModel):
    id: str
    title: str
    version: str
    sides: list[str]
    side_names: dict[str, str]
    description: str
    options: list[dict[str, Any]]
    board: str | None
    """The address of the ruleset's browser renderer, if it ships one."""


class RulesetsOut(BaseModel):
    rulesets: list[RulesetOut]
    agents: list[str]
    """The computer players by name; a seat's ``agent`` may add a strength to those in ``strength``."""
    strength: list[str] = Field(default_factory=list)
    """The computer players that take a strength: ``mcts@400`` (iterations per decision) or ``mcts@0.5s``
    (seconds per decision)."""


class RecordModel(BaseModel):
    """A game record (the file ``midway play --save`` writes); checked in full by the engine."""

    format: int
    ruleset: str = Field(max_length=64)
    version: str = Field(max_length=32)
    options: dict[str, Scalar]
    seed: int
    moves: list[tuple[str, str]]
    forced_rolls: list[int] | None = None
    strict_dice: bool = False
    checkpoints: dict[str, str] = Field(default_factory=dict)


class RecordIn(Strict):
    """An uploaded record to replay, and the step to show."""

    record: RecordModel
    step: int = Field(default=0, ge=0, le=1_000_000)


class Frame(BaseModel):
    """One step of a replay, everything revealed."""

    step: int
    total: int
    move: dict[str, Any] | None
    """The choice that led here: side, option id and its label."""
    views: dict[str, dict[str, Any]]
    """Every side's view and the spectator's (key ``"spectator"``)."""
    events: list[dict[str, Any]]
    """The events the last choice caused, every side's."""
    outcome: dict[str, Any] | None


class ErrorOut(BaseModel):
    detail: str | list[dict[str, Any]]
