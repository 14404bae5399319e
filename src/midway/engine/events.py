"""Events: everything that happens in a game, each with who may see it."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True, slots=True)
class Event:
    """One thing that happened.

    ``to`` is the tuple of sides that may see the event; ``None`` means every
    side and spectators. A side's log shows only the events it may see.
    """

    seq: int
    """Position in the game's event list, from 0."""
    kind: str
    """A short machine name: ``"roll"``, ``"move"``, ``"loss"``, ``"turn"``..."""
    text: str
    """The event in words, for a log."""
    rule: str = ""
    """The rule section behind the event, where there is one."""
    data: Mapping[str, Any] = field(default_factory=dict)
    """Structured details (dice values, unit ids...), JSON-ready."""
    to: tuple[str, ...] | None = None
    """Sides that may see it; ``None`` for all."""

    def visible_to(self, side: str | None) -> bool:
        """Whether ``side`` (``None``: a spectator) may see this event."""
        if self.to is None:
            return True
        return side is not None and side in self.to

    def to_json(self) -> dict[str, Any]:
        """The event as JSON-ready data."""
        out: dict[str, Any] = {"seq": self.seq, "kind": self.kind, "text": self.text}
        if self.rule:
            out["rule"] = self.rule
        if self.data:
            out["data"] = dict(self.data)
        if self.to is not None:
            out["to"] = list(self.to)
        return out
