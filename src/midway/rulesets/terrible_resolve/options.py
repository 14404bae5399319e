"""[Sequence of Play] Options are immutable, so each distinct option is built once and shared.

A decision's options are rebuilt at every choice (the hot path of search). An option's id, label
and data depend only on a few facts (the group, its SP, the box or carrier), so every option is
kept in :data:`CACHE` under a key of exactly those facts; its label is made only when read.
"""

from __future__ import annotations

from typing import Any

from midway.engine import DONE, Option
from midway.engine.decisions import FrozenDict

CACHE: dict[tuple[Any, ...], Any] = {}
"""Every option built so far, by a key of the facts its id, label and data depend on."""


EVENTS: dict[tuple[Any, ...], tuple[str, FrozenDict]] = {}
"""The text and read-only data of each frequent event made so far (a plane moving, landing, launching, spotted),
by a key of the facts they depend on: events are immutable, so equal ones share them."""


def done(label: str) -> Option:
    """[Sequence of Play] The ``done`` option that ends a compound order, with its label."""
    key = (DONE, label)
    opt = CACHE.get(key)
    if opt is None:
        opt = CACHE[key] = Option(DONE, label)
    return opt


class Segmented(list[Option]):
    """[Sequence of Play] A step's options listed carrier by carrier, with each carrier's own (``segments``), so
    that the next decision, after a choice that changed one carrier only, makes that carrier's again and
    reuses the others' (options are immutable)."""

    __slots__ = ("segments",)
    segments: dict[str, list[Option]]
