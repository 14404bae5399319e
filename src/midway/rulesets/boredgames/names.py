"""Names shared by the rule modules: the modes, the sides in words, token words."""

from __future__ import annotations

HUNT, DOMINATION = "carrier-hunt", "domination"
SIDE_NAMES = {"usn": "Americans", "ijn": "Japanese"}
ADJ = {"usn": "American", "ijn": "Japanese"}
MANOEUVRE_LABEL = {"S": "forward", "L": "forward + turn left", "R": "forward + turn right"}


def other(side: str) -> str:
    """The other side."""
    return "ijn" if side == "usn" else "usn"


def side_of(aid: str) -> str:
    """The side of an aircraft id (``usn-f1`` -> ``usn``)."""
    return aid[:3]
