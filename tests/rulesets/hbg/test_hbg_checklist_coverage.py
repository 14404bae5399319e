"""Every mechanic (M001-M193), worked example (E01-E38) and derived test (D01-D12) of checklist 000
"The Battle of Midway" is named by a test's name or docstring in this folder."""

from __future__ import annotations

from pathlib import Path

from tests.rulesets.checklist import ids, missing_ids

CHECKLIST_IDS = ids("M", 193, width=3) + ids("E", 38) + ids("D", 12)


def test_hbg_checklist_ids_all_covered() -> None:
    assert len(CHECKLIST_IDS) == len(set(CHECKLIST_IDS)) == 243
    missing = missing_ids(Path(__file__).parent, CHECKLIST_IDS)
    assert missing == [], f"checklist ids without a test: {missing}"
