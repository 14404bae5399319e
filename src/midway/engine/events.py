"""Events: everything that happens in a game, each with who may see it."""

from __future__ import annotations

from collections.abc import Mapping
from operator import itemgetter
from typing import Any

from midway.engine.decisions import EMPTY, FrozenDict, freeze_data, thaw


class Event(tuple[int, str, str, str, FrozenDict, "tuple[str, ...] | None"]):
    """One thing that happened. Immutable (a tuple): a log handed out can never change the game.

    ``seq`` is the position in the game's event list, from 0; ``kind`` a short
    machine name (``"roll"``, ``"move"``, ``"loss"``, ``"turn"``...); ``text``
    the event in words; ``rule`` the rule section behind it, where there is
    one; ``data`` structured, read-only details (dice values, unit ids...;
    lists become tuples); ``to`` the tuple of sides that may see it, ``None``
    meaning every side and spectators. A side's log shows only the events it
    may see.
    """

    __slots__ = ()

    def __new__(
        cls,
        seq: int,
        kind: str,
        text: str,
        rule: str = "",
        data: Mapping[str, Any] | None = None,
        to: tuple[str, ...] | None = None,
    ) -> Event:
        return tuple.__new__(cls, (seq, kind, text, rule, freeze_data(data) if data else EMPTY, to))

    seq = property(itemgetter(0), doc="Position in the game's event list, from 0.")
    kind = property(itemgetter(1), doc="A short machine name.")
    text = property(itemgetter(2), doc="The event in words.")
    rule = property(itemgetter(3), doc="The rule section behind the event, if any.")
    data = property(itemgetter(4), doc="Structured, read-only details.")
    to = property(itemgetter(5), doc="Sides that may see it; None for all.")

    def __repr__(self) -> str:
        return f"Event({self[0]}, {self[1]!r}, {self[2]!r})"

    def __getnewargs__(self) -> tuple[Any, ...]:
        return tuple(self)

    def visible_to(self, side: str | None) -> bool:
        """Whether ``side`` (``None``: a spectator) may see this event."""
        to = self[5]
        return to is None or (side is not None and side in to)

    def to_json(self) -> dict[str, Any]:
        """The event as fresh JSON-ready data (editing it changes nothing)."""
        seq, kind, text, rule, data, to = self
        out: dict[str, Any] = {"seq": seq, "kind": kind, "text": text}
        if rule:
            out["rule"] = rule
        if data:
            out["data"] = thaw(data)
        if to is not None:
            out["to"] = list(to)
        return out
