"""Every mechanic (M), example (E) and derived test (D) of checklist 003 "A Terrible Resolve" is named
in some test's name or docstring in this folder. The checklist itself is not available in CI, so its
ids are listed here."""

from __future__ import annotations

from pathlib import Path

from tests.rulesets.checklist import ids, missing_ids

CHECKLIST_IDS = ids("M", 55) + ids("E", 7) + ids("D", 7)


def test_terrible_resolve_checklist_covered() -> None:
    assert len(CHECKLIST_IDS) == len(set(CHECKLIST_IDS)) == 69
    missing = missing_ids(Path(__file__).parent, CHECKLIST_IDS)
    assert missing == [], f"checklist ids without a test: {missing}"
