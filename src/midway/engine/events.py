"""Events: everything that happens in a game, each with who may see it."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from midway.engine.decisions import EMPTY, FrozenDict, freeze_data, thaw


class Event:
    """One thing that happened. Immutable: a log handed out can never change the game.

    ``to`` is the tuple of sides that may see the event; ``None`` means every
    side and spectators. A side's log shows only the events it may see.

    ``seq`` is the position in the game's event list, from 0; ``kind`` a short
    machine name (``"roll"``, ``"move"``, ``"loss"``, ``"turn"``...); ``text``
    the event in words; ``rule`` the rule section behind it, where there is
    one; ``data`` structured, read-only details (dice values, unit ids...).
    """

    __slots__ = ("seq", "kind", "text", "rule", "data", "to")

    seq: int
    kind: str
    text: str
    rule: str
    data: FrozenDict
    to: tuple[str, ...] | None

    def __init__(
        self,
        seq: int,
        kind: str,
        text: str,
        rule: str = "",
        data: Mapping[str, Any] | None = None,
        to: tuple[str, ...] | None = None,
    ) -> None:
        sa = object.__setattr__
        sa(self, "seq", seq)
        sa(self, "kind", kind)
        sa(self, "text", text)
        sa(self, "rule", rule)
        sa(self, "data", freeze_data(data) if data else EMPTY)
        sa(self, "to", to)

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError("an Event is immutable")

    __delattr__ = __setattr__  # type: ignore[assignment]

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Event):
            return NotImplemented
        return (self.seq, self.kind, self.text, self.rule, self.data, self.to) == (
            other.seq,
            other.kind,
            other.text,
            other.rule,
            other.data,
            other.to,
        )

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"Event({self.seq}, {self.kind!r}, {self.text!r})"

    def __reduce__(self) -> tuple[Any, ...]:
        return (Event, (self.seq, self.kind, self.text, self.rule, self.data, self.to))

    def visible_to(self, side: str | None) -> bool:
        """Whether ``side`` (``None``: a spectator) may see this event."""
        if self.to is None:
            return True
        return side is not None and side in self.to

    def to_json(self) -> dict[str, Any]:
        """The event as fresh JSON-ready data (editing it changes nothing)."""
        out: dict[str, Any] = {"seq": self.seq, "kind": self.kind, "text": self.text}
        if self.rule:
            out["rule"] = self.rule
        if self.data:
            out["data"] = thaw(self.data)
        if self.to is not None:
            out["to"] = list(self.to)
        return out
