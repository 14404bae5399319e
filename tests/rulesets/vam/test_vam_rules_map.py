"""The rules map of vam is complete: every checklist id has a row, a test and (C-) a ruling."""

from __future__ import annotations

from tests.rulesets.checklist import problems


def test_vam_rules_map_is_complete() -> None:
    assert problems("vam", "VAM") == []
