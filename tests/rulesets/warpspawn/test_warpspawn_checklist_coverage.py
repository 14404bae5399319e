"""Every checklist id (seed 001, Warpspawn Midway) is named by some test's name or docstring."""

from __future__ import annotations

import ast
import re
from pathlib import Path

CHECKLIST_IDS = [f"M{i:02d}" for i in range(1, 74)] + [f"D{i:02d}" for i in range(1, 15)]
"""M01-M73 mechanics and D01-D14 derived tests of checklists/001-warpspawn.md (no E ids: no worked examples)."""


def _named_ids() -> set[str]:
    found: set[str] = set()
    for path in Path(__file__).parent.glob("test_*.py"):
        if path.name == Path(__file__).name:
            continue
        tree = ast.parse(path.read_text())
        for node in ast.walk(tree):
            if isinstance(node, ast.FunctionDef) and node.name.startswith("test_"):
                text = node.name + " " + (ast.get_docstring(node) or "")
                found |= set(re.findall(r"\b[MDE]\d{2}\b", text))
                found |= {m.upper() for m in re.findall(r"_([md]\d{2})(?:_|$)", node.name)}
    return found


def test_warpspawn_checklist_ids_all_covered() -> None:
    missing = [i for i in CHECKLIST_IDS if i not in _named_ids()]
    assert not missing, f"checklist ids without a test: {missing}"


def test_warpspawn_checklist_has_87_ids() -> None:
    assert len(CHECKLIST_IDS) == len(set(CHECKLIST_IDS)) == 87
