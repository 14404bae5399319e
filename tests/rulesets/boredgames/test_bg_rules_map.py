"""The rules map (RULES.md) covers every checklist id, and every cited id and ruling resolves."""

from __future__ import annotations

from pathlib import Path

from tests.rulesets.checklist import problems, read_rules_map

RULES = Path(__file__).parents[3] / "src/midway/rulesets/boredgames/RULES.md"


def test_boredgames_rules_map_is_complete() -> None:
    assert problems("boredgames", "BG") == []


def test_boredgames_rules_map_lists_every_checklist_id() -> None:
    rows = read_rules_map(RULES)
    want = {f"M{i:02d}" for i in range(1, 83)} | {f"E{i:02d}" for i in range(1, 6)}
    want |= {f"D{i:02d}" for i in range(1, 9)} | {f"C-{i:02d}" for i in range(1, 18)}
    assert set(rows) == want
