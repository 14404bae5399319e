"""The engine's memo of immutable things a ruleset makes again and again (options, texts, event data)."""

from __future__ import annotations

import pytest

from midway.engine.memo import Memo


def test_memo_makes_each_value_once_from_its_key() -> None:
    calls: list[str] = []
    memo: Memo[str, str] = Memo(lambda key: calls.append(key) or key.upper())
    assert memo["a"] == "A" and memo["a"] == "A" and memo["b"] == "B"
    assert calls == ["a", "b"]


def test_memo_unpacks_tuple_keys_and_preloads() -> None:
    calls: list[tuple[str, int]] = []

    def make(name: str, sp: int) -> str:
        calls.append((name, sp))
        return f"{name}:{sp}"

    memo: Memo[tuple[str, int], str] = Memo(make, unpack=True, preload=[("f1", 5)])
    assert calls == [("f1", 5)] and dict(memo) == {("f1", 5): "f1:5"}
    assert list(map(memo.__getitem__, [("f1", 5), ("f2", 3)])) == ["f1:5", "f2:3"]
    assert calls == [("f1", 5), ("f2", 3)]


def test_memo_made_with_its_own_maker_and_a_limit_that_empties_it() -> None:
    memo: Memo[int, int] = Memo(limit=3)
    with pytest.raises(KeyError):
        memo[1]
    assert [memo.made(k, lambda x: x * 10, k) for k in (1, 2, 3, 1)] == [10, 20, 30, 10]
    assert len(memo) == 3
    assert memo.made(4, lambda: 40) == 40 and dict(memo) == {4: 40}  # full: emptied, then kept
