"""[Sequence of Play] Options are immutable, so each distinct option is built once and shared.

A decision's options are rebuilt at every choice (the hot path of search). An option's id, label
and data depend only on a few facts (the group, its SP, the box or carrier), so the options of each
kind are kept in a :class:`Table` under a key of exactly those facts, nearly all of them made when the
ruleset is loaded (a step then builds its options in C, by looking its keys up); a label is made only
when read. The text and data of frequent events are kept the same way, made on first use (made when the
ruleset is loaded too, they doubled the cost of importing it and saved nothing once warm).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from itertools import compress, repeat
from operator import is_not
from typing import Any, TypeVar

from midway.engine import DONE, Option
from midway.engine.decisions import FrozenDict
from midway.engine.memo import Memo
from midway.rulesets.terrible_resolve.data import GROUP_SP

DONES: Memo[str, Option] = Memo(lambda label: Option(DONE, label))
"""The ``done`` options made so far, by label."""


Said = tuple[str, FrozenDict]
"""The text and read-only data of a frequent event (a plane moving, landing, launching, spotted, losing SP), kept
in a :class:`Table` by the facts they depend on: events are immutable, so equal ones share them."""
Kept = tuple[str, list[Option]]
"""What a step's resolver hands back to stay in a phase: the phase and its next options (see
``TerribleResolveState._run``); it hands back ``None`` when it has ended the phase or called ``stay`` itself."""
SP_VALUES = range(1, GROUP_SP + 1)
"""The SP a group in play may have (at 0 it is lost)."""


def done(label: str) -> Option:
    """[Sequence of Play] The ``done`` option that ends a compound order, with its label."""
    return DONES[label]


class Segmented(list[Option]):
    """[Sequence of Play] A step's options listed carrier by carrier, with each carrier's own (``segments``), so
    that the next decision, after a choice that changed one carrier only, makes that carrier's again and
    reuses the others' (options are immutable)."""

    __slots__ = ("segments",)
    segments: dict[str, list[Option]]


T = TypeVar("T")


def without(items: Sequence[T], gone: T) -> list[T]:
    """A copy of ``items`` without the object ``gone`` (compared by identity, as options are shared objects).

    The loop runs in C (an ``Option`` compares by a Python ``__eq__``, so ``list.remove`` would call it per item)."""
    return list(compress(items, map(is_not, items, repeat(gone))))


V = TypeVar("V")


class Table(Memo[tuple[Any, ...], V]):
    """[Sequence of Play] Options (or events' text and data) of one kind, by the facts they depend on, each made
    by ``make(*key)``: those of ``keys`` when the module is loaded, any other on first use (an engine
    :class:`~midway.engine.memo.Memo`). A step builds its options in C with ``list(map(table.__getitem__, keys))``."""

    __slots__ = ()

    def __init__(self, make: Callable[..., V], keys: Iterable[tuple[Any, ...]] = ()) -> None:
        super().__init__(make, unpack=True, preload=keys)


OptionTable = Table[Option]


def group_options(table: OptionTable, groups: list[str], sp: dict[str, int], room: int, fill: Option) -> list[Option]:
    """[Land Planes] [Planning Phase] The option of each group with at most ``room`` SP from ``table`` (by group and
    SP), in their order, then ``fill`` when there are two or more."""
    if room < GROUP_SP:  # else every group fits
        groups = list(compress(groups, map(room.__ge__, map(sp.__getitem__, groups))))
        if not groups:
            return []
    opts = list(map(table.__getitem__, zip(groups, map(sp.__getitem__, groups))))  # noqa: B905 (as long)
    if len(groups) > 1:
        opts.append(fill)
    return opts
