"""Immutable things a ruleset makes again and again (options, texts, event data), made once each and shared.

The hot path of a search builds every decision's options millions of times; most of them depend on a few
facts only (a group and its strength points, a squad and its box). A :class:`Memo` keeps each one under a
key of exactly those facts: once made, ``memo[key]`` is a dict look-up in C, and a step may build its
options with ``list(map(memo.__getitem__, keys))``. What a memo holds outlives games, so ``make`` must
return immutable things and keep no reference to a state.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable
from typing import Any, Generic, TypeVar

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")


class Memo(dict[K, V], Generic[K, V]):
    """``memo[key]`` is ``make(key)`` (``make(*key)`` with ``unpack``), made on first use and kept.

    ``preload``: keys made at once (when a module is loaded). ``limit``: the memo is emptied when it would
    grow past that many entries (for keys drawn from an unbounded space); none by default."""

    __slots__ = ("make", "unpack", "limit")

    def __init__(
        self,
        make: Callable[..., V] | None = None,
        *,
        unpack: bool = False,
        preload: Iterable[K] = (),
        limit: int | None = None,
    ) -> None:
        super().__init__()
        self.make = make
        self.unpack = unpack
        self.limit = limit
        for key in preload:
            self[key]  # noqa: B018 (made by __missing__)

    def __missing__(self, key: K) -> V:
        make = self.make
        if make is None:
            raise KeyError(key)
        made = make(*key) if self.unpack else make(key)  # type: ignore[misc]
        self._keep(key, made)
        return made

    def made(self, key: K, make: Callable[..., V], *args: Any) -> V:
        """The value for ``key``, made by ``make(*args)`` if it is not kept yet (for a memo whose values are
        made in several ways: the key must then tell the ways apart)."""
        found = self.get(key)
        if found is None:
            found = make(*args)
            self._keep(key, found)
        return found

    def _keep(self, key: K, value: V) -> None:
        if self.limit is not None and len(self) >= self.limit:
            self.clear()
        self[key] = value
