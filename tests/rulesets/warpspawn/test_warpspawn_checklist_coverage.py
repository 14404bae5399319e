"""Every checklist id (seed 001, Warpspawn Midway) is named by some test's name or docstring."""

from __future__ import annotations

from pathlib import Path

from tests.rulesets.checklist import ids, missing_ids

CHECKLIST_IDS = ids("M", 73) + ids("D", 14)
"""M01-M73 mechanics and D01-D14 derived tests of checklists/001-warpspawn.md (no E ids: no worked examples)."""


def test_warpspawn_checklist_ids_all_covered() -> None:
    assert len(CHECKLIST_IDS) == len(set(CHECKLIST_IDS)) == 87
    missing = missing_ids(Path(__file__).parent, CHECKLIST_IDS)
    assert not missing, f"checklist ids without a test: {missing}"
