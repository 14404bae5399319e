"""The rules map (src/midway/rulesets/hbg/RULES.md) is complete: every checklist id the hbg code and
tests cite is defined there, every mechanic, worked example and derived test is proved by a test,
every ruling named exists in RULINGS.md and every contradiction names the ruling that decides it."""

from __future__ import annotations

from tests.rulesets.checklist import problems


def test_hbg_rules_map_is_complete() -> None:
    assert problems("hbg", "HBG") == []
