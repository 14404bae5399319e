"""Fixtures shared across the test tree."""

from __future__ import annotations

import pytest


@pytest.fixture
def stepping_clock(monkeypatch: pytest.MonkeyPatch) -> None:
    """The search agent's clock (``midway.ai.mcts.time``) made to read 0.1 s later at every reading, so that a test
    of the time cap counts playouts instead of timing them."""
    import midway.ai.mcts as mcts

    class Clock:
        now = 0.0

        @classmethod
        def perf_counter(cls) -> float:
            cls.now += 0.1
            return cls.now

    monkeypatch.setattr(mcts, "time", Clock)
