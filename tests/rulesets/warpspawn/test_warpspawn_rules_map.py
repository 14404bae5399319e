"""The rules map (src/midway/rulesets/warpspawn/RULES.md) covers every id the code and tests cite."""

from __future__ import annotations

from tests.rulesets.checklist import problems


def test_warpspawn_rules_map_is_complete() -> None:
    assert problems("warpspawn", "WS") == []
