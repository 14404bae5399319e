"""Decisions: what a side must choose now, as a finite list of options.

Every choice point of every ruleset is a :class:`Decision` holding the legal
:class:`Option` s. Compound orders ("launch these squads from this carrier into
that box") are sequences of such decisions, each ending with a ``done`` option,
so an AI can enumerate every choice and a UI can show it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

DONE = "done"
"""The conventional id of the option that ends a compound order."""


@dataclass(frozen=True, slots=True)
class Option:
    """One legal choice.

    ``id`` is stable: the same choice in the same position always has the same
    id, so records and tests can name it. ``data`` is structured information a
    UI can use (the box, unit or zone the option refers to).
    """

    id: str
    label: str
    data: Mapping[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"id": self.id, "label": self.label}
        if self.data:
            out["data"] = dict(self.data)
        return out


@dataclass(frozen=True, slots=True)
class Decision:
    """A choice one side must make now.

    ``id`` identifies the decision point: a choice sent for a decision that is
    no longer current is refused. ``rule`` is the section of the rules that asks
    for the choice. ``simultaneous`` decisions are sealed: the engine holds a
    side's choice, unseen by the other side, until every side has chosen.
    """

    id: str
    side: str
    prompt: str
    rule: str
    options: tuple[Option, ...]
    simultaneous: bool = False
    kind: str = ""
    """A short machine name for the kind of decision (``"move"``, ``"allocate"``...)."""

    def option(self, option_id: str) -> Option | None:
        """The option with that id, or ``None``."""
        for opt in self.options:
            if opt.id == option_id:
                return opt
        return None

    @property
    def option_ids(self) -> tuple[str, ...]:
        return tuple(opt.id for opt in self.options)

    def to_json(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "side": self.side,
            "prompt": self.prompt,
            "rule": self.rule,
            "kind": self.kind,
            "simultaneous": self.simultaneous,
            "options": [opt.to_json() for opt in self.options],
        }


@dataclass(frozen=True, slots=True)
class GameOption:
    """A setting chosen when a game starts (victory mode, game length...).

    ``choices``, when given, lists the accepted values; otherwise a value must
    have the default's type.
    """

    key: str
    default: Any
    description: str
    choices: tuple[Any, ...] | None = None
    rule: str = ""
    """The rule or ruling behind the option."""

    def check(self, value: Any) -> Any:
        """``value`` converted to the option's type, or :class:`ValueError`."""
        if isinstance(value, str) and not isinstance(self.default, str):
            value = _parse_scalar(value, type(self.default))
        if self.choices is not None:
            if value not in self.choices:
                raise ValueError(f"{self.key} must be one of {list(self.choices)}, not {value!r}")
            return value
        expected = type(self.default)
        if expected is bool and not isinstance(value, bool):
            raise ValueError(f"{self.key} must be true or false, not {value!r}")
        if expected is int and (isinstance(value, bool) or not isinstance(value, int)):
            raise ValueError(f"{self.key} must be a whole number, not {value!r}")
        if expected is str and not isinstance(value, str):
            raise ValueError(f"{self.key} must be text, not {value!r}")
        return value

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"key": self.key, "default": self.default, "description": self.description}
        if self.choices is not None:
            out["choices"] = list(self.choices)
        if self.rule:
            out["rule"] = self.rule
        return out


def _parse_scalar(text: str, kind: type) -> Any:
    if kind is bool:
        low = text.strip().lower()
        if low in ("1", "true", "yes", "on"):
            return True
        if low in ("0", "false", "no", "off"):
            return False
        raise ValueError(f"not a true/false value: {text!r}")
    if kind is int:
        try:
            return int(text)
        except ValueError:
            raise ValueError(f"not a whole number: {text!r}") from None
    return text


@dataclass(frozen=True, slots=True)
class Outcome:
    """How a game ended: the winner (``None`` for a draw), why, and the score."""

    winner: str | None
    reason: str
    score: Mapping[str, int] | None = None
    kind: str = ""
    """A short machine name for the kind of victory (``"carriers"``, ``"turn-limit"``...)."""

    @property
    def is_draw(self) -> bool:
        return self.winner is None

    def to_json(self) -> dict[str, Any]:
        return {
            "winner": self.winner,
            "reason": self.reason,
            "score": None if self.score is None else dict(self.score),
            "kind": self.kind,
        }


@dataclass(frozen=True, slots=True)
class TextSection:
    """A titled table a text front end (the command line) can print.

    Rulesets render a view as a list of these, knowing nothing of the terminal.
    """

    title: str
    rows: tuple[tuple[str, ...], ...]
    header: tuple[str, ...] | None = None
