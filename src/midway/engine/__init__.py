"""The ruleset-agnostic core of midway: decisions, chance, views, events, records.

It knows no ruleset by name. A ruleset subclasses :class:`Game` and
:class:`State` (see :mod:`midway.engine.game` and ``docs/architecture.md``).
"""

from midway.engine.chance import DiceExhaustedError, DiceSource, FixedDice, SeededDice
from midway.engine.decisions import DONE, MAX_TURNS, Decision, GameOption, Option, Outcome, TextSection
from midway.engine.errors import (
    AlreadySubmittedError,
    GameOverError,
    IllegalChoiceError,
    MalformedChoiceError,
    MidwayError,
    NotYourTurnError,
    OptionsError,
    RecordError,
    RulesetNotFoundError,
    StaleDecisionError,
    UnknownOptionError,
)
from midway.engine.events import Event
from midway.engine.game import ENGINE_RULE, STANDING, Game, State
from midway.engine.records import Record, replay

__all__ = [
    "DONE",
    "ENGINE_RULE",
    "AlreadySubmittedError",
    "Decision",
    "DiceExhaustedError",
    "DiceSource",
    "Event",
    "FixedDice",
    "Game",
    "GameOption",
    "MAX_TURNS",
    "GameOverError",
    "IllegalChoiceError",
    "MalformedChoiceError",
    "MidwayError",
    "NotYourTurnError",
    "Option",
    "OptionsError",
    "Outcome",
    "Record",
    "RecordError",
    "RulesetNotFoundError",
    "STANDING",
    "SeededDice",
    "StaleDecisionError",
    "State",
    "TextSection",
    "UnknownOptionError",
    "replay",
]
