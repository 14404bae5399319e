"""Turn a game state's attributes into canonical JSON-ready data."""

from __future__ import annotations

import dataclasses
import enum
from collections.abc import Mapping
from typing import Any


def jsonify(value: Any) -> Any:
    """A JSON-ready copy of ``value``.

    Dataclasses become dicts, enums their values, sets sorted lists, tuples
    lists; objects with a ``to_json`` method use it. Used to serialize states
    canonically, so two equal states give the same bytes.
    """
    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    if isinstance(value, enum.Enum):
        return jsonify(value.value)
    to_json = getattr(value, "to_json", None)
    if callable(to_json):
        return to_json()
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: jsonify(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, Mapping):
        return {str(k): jsonify(v) for k, v in value.items()}
    if isinstance(value, (set, frozenset)):
        return sorted((jsonify(v) for v in value), key=repr)
    if isinstance(value, (list, tuple)):
        return [jsonify(v) for v in value]
    if hasattr(value, "__dict__"):
        return {k: jsonify(v) for k, v in vars(value).items() if not k.startswith("__")}
    raise TypeError(f"cannot serialize {type(value).__name__}")
