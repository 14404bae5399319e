"""The rules map (src/midway/rulesets/terrible_resolve/RULES.md) is complete: every checklist id the code and
tests cite resolves there, every mechanic, example and derived test is named by a test, every test and ruling
it names exists."""

from __future__ import annotations

from tests.rulesets.checklist import problems


def test_terrible_resolve_rules_map_is_complete() -> None:
    assert problems("terrible_resolve", "TR") == []
