"""Errors raised by the engine.

Every illegal choice raises a subclass of :class:`IllegalChoiceError` *before*
anything in the state changes, so the state is exactly as it was. Each error
names the rule that forbids the choice (``rule``) and says what is wrong.
"""

from __future__ import annotations


class MidwayError(Exception):
    """Base class of every error the engine raises."""


class IllegalChoiceError(MidwayError, ValueError):
    """A choice the rules forbid. The state is left unchanged.

    ``rule`` is the rule section (or engine rule) that forbids it.
    """

    def __init__(self, message: str, *, rule: str) -> None:
        super().__init__(f"{message} [{rule}]")
        self.rule = rule
        self.reason = message


class UnknownOptionError(IllegalChoiceError):
    """The option id is not among the legal options of the current decision."""


class NotYourTurnError(IllegalChoiceError):
    """The side has no decision to make now."""


class StaleDecisionError(IllegalChoiceError):
    """The choice answers a decision that is no longer current."""


class MalformedChoiceError(IllegalChoiceError):
    """The choice is not of the right form (not a string id, unknown side...)."""


class GameOverError(IllegalChoiceError):
    """The game has ended; no more choices are taken."""


class AlreadySubmittedError(IllegalChoiceError):
    """The side already submitted its sealed choice for this simultaneous decision."""


class OptionsError(MidwayError, ValueError):
    """A game option is unknown or has a value it does not accept."""


class RecordError(MidwayError, ValueError):
    """A game record is malformed, or was made by another version of the rules."""


class RulesetNotFoundError(MidwayError, LookupError):
    """No installed ruleset has that id."""
