"""Checklist coverage: which checklist ids (M01, E12, D003...) the tests of a folder name.

A test names an id in its function name (``test_ws_m50_zero_hits`` or ``..._M50_...``) or in
its docstring (``\"\"\"M50, D07: ...\"\"\"``). The checklists themselves live outside the repository,
so each ruleset's coverage test lists its ids.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

_ID = re.compile(r"\b[MED]\d{2,3}\b")


def ids(prefix: str, last: int, width: int = 2) -> list[str]:
    """``prefix`` 1..``last``, zero-padded to ``width`` digits: ``ids("M", 3)`` is M01, M02, M03."""
    return [f"{prefix}{n:0{width}d}" for n in range(1, last + 1)]


def named_ids(folder: Path) -> set[str]:
    """Every checklist id named by a test function's name or docstring in ``folder``'s test modules."""
    found: set[str] = set()
    for path in sorted(folder.glob("test_*.py")):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.FunctionDef) and node.name.startswith("test_"):
                text = node.name.upper().replace("_", " ") + " " + (ast.get_docstring(node) or "")
                found |= set(_ID.findall(text))
    return found


def missing_ids(folder: Path, wanted: list[str]) -> list[str]:
    """The ids of ``wanted`` that no test in ``folder`` names."""
    named = named_ids(folder)
    return [i for i in wanted if i not in named]
