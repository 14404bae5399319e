"""Every mechanic (M), example (E) and derived test (D) of checklist 003 "A Terrible Resolve" is named
in some test's name or docstring in this folder. The checklist itself is not available in CI, so its
ids are listed here."""

from __future__ import annotations

import ast
import re
from pathlib import Path

CHECKLIST_IDS = (
    [f"M{n:02d}" for n in range(1, 56)] + [f"E{n:02d}" for n in range(1, 8)] + [f"D{n:02d}" for n in range(1, 8)]
)


def _covered() -> set[str]:
    found: set[str] = set()
    for path in Path(__file__).parent.glob("test_*.py"):
        if path.name == Path(__file__).name:
            continue
        tree = ast.parse(path.read_text())
        for node in ast.walk(tree):
            if isinstance(node, ast.FunctionDef) and node.name.startswith("test_"):
                text = node.name.upper() + " " + (ast.get_docstring(node) or "")
                found |= set(re.findall(r"\b[MED]\d{2}\b", text.replace("_", " ")))
    return found


def test_terrible_resolve_checklist_covered() -> None:
    missing = [i for i in CHECKLIST_IDS if i not in _covered()]
    assert missing == [], f"checklist ids without a test: {missing}"
    assert len(CHECKLIST_IDS) == 69
