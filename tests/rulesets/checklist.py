"""The rules map of a ruleset (``src/midway/rulesets/<pkg>/RULES.md``) and what the tests check of it.

A ruleset's RULES.md maps its mechanics in our own words. Its tables have the columns

    | id | section | what the rule does | rulings | tests |

one row per id: ``M12`` (a mechanic), ``E03`` (a worked example of the text), ``D07`` (a derived
boundary test) or ``C-04`` (a contradiction or gap of the text, decided by the rulings named in
the row). ``rulings`` and ``tests`` are comma-separated (``WS-R09, WS-R21``; ``test_ws_deck_fire``)
and may be ``-`` where there are none. Every other line of the file is free prose.

:func:`problems` lists everything wrong between a ruleset's code, tests, RULES.md and RULINGS.md:
an id cited in code or tests that the map does not define, a mechanic, example or derived test that
no test names, a test named in the map that does not exist, a ruling named in the map or cited in
code that RULINGS.md does not record, a contradiction row without a ruling.
"""

from __future__ import annotations

import ast
import re
from dataclasses import dataclass
from pathlib import Path

CITED_ID = re.compile(r"\b(?:C-\d{2}|[MED]\d{2,3})\b")
"""Checklist ids as code and tests cite them (case-sensitive: ``d10`` is a die, ``D10`` an id)."""

_ROW_ID = re.compile(r"^(?:C-\d{2}|[MED]\d{2,3})$")
_NAMED_ID = re.compile(r"\b[MED]\d{2,3}\b")
ROOT = Path(__file__).resolve().parents[2]


@dataclass(frozen=True)
class Row:
    """One row of a rules map."""

    id: str
    section: str
    rule: str
    rulings: tuple[str, ...]
    tests: tuple[str, ...]


def _cells(text: str) -> tuple[str, ...]:
    return tuple(x.strip() for x in text.split(",") if x.strip() and x.strip() not in ("-", "—"))


def read_rules_map(path: Path) -> dict[str, Row]:
    """Every row of the rules map at ``path``, by id. A duplicate id is an error."""
    rows: dict[str, Row] = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        if not line.startswith("|"):
            continue
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) < 5 or not _ROW_ID.match(cells[0]):
            continue
        row = Row(cells[0], cells[1], cells[2], _cells(cells[3].replace("`", "")), _cells(cells[4].replace("`", "")))
        if row.id in rows:
            raise ValueError(f"{path}: id {row.id} appears twice")
        rows[row.id] = row
    return rows


def ruling_ids(path: Path, prefix: str) -> set[str]:
    """Every ruling id (``WS-R09``...) that RULINGS.md at ``path`` records in a heading or table row."""
    found: set[str] = set()
    pattern = re.compile(rf"\b{re.escape(prefix)}-R\d{{2,3}}\b")
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.startswith("#") or line.startswith("|") or line.startswith("**") or line.startswith("- **"):
            found |= set(pattern.findall(line.split("|")[1] if line.startswith("|") else line))
    return found


def test_functions(folder: Path) -> dict[str, str]:
    """Every test function in ``folder``'s test modules: name -> its name and docstring as one text."""
    out: dict[str, str] = {}
    for path in sorted(folder.glob("test_*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) and node.name.startswith("test_"):
                out[node.name] = node.name.upper().replace("_", " ") + " " + (ast.get_docstring(node) or "")
    return out


def cited_ids(*folders: Path) -> dict[str, str]:
    """Checklist ids cited anywhere in the Python files of ``folders``: id -> first file citing it."""
    out: dict[str, str] = {}
    for folder in folders:
        for path in sorted(folder.rglob("*.py")):
            for found in CITED_ID.findall(path.read_text(encoding="utf-8")):
                out.setdefault(found, str(path.relative_to(ROOT)))
    return out


def problems(package: str, prefix: str) -> list[str]:
    """Everything wrong between ruleset ``package``'s code, tests, RULES.md and RULINGS.md."""
    src = ROOT / "src" / "midway" / "rulesets" / package
    tests = ROOT / "tests" / "rulesets" / package
    rows = read_rules_map(src / "RULES.md")
    rulings = ruling_ids(src / "RULINGS.md", prefix)
    functions = test_functions(tests)
    out: list[str] = []
    named: set[str] = set()
    for text in functions.values():
        named |= set(_NAMED_ID.findall(text))
    for row in rows.values():
        if row.id[0] in "MED" and row.id not in named:
            out.append(f"{row.id} ({row.section}) is named by no test's name or docstring")
        if row.id.startswith("C-") and not row.rulings:
            out.append(f"{row.id} ({row.section}) names no ruling that decides it")
        for test in row.tests:
            if test not in functions:
                out.append(f"{row.id} names test {test}, which does not exist")
        for ruling in row.rulings:
            if ruling not in rulings:
                out.append(f"{row.id} names ruling {ruling}, which RULINGS.md does not record")
    for found, where in sorted(cited_ids(src, tests).items()):
        if found not in rows:
            out.append(f"{where} cites {found}, which RULES.md does not define")
    pattern = re.compile(rf"\b{re.escape(prefix)}-R\d{{2,3}}\b")
    for path in sorted([*src.rglob("*.py"), *src.rglob("*.toml"), *tests.rglob("*.py")]):
        for ruling in sorted(set(pattern.findall(path.read_text(encoding="utf-8")))):
            if ruling not in rulings:
                out.append(f"{path.relative_to(ROOT)} cites {ruling}, which RULINGS.md does not record")
    return out


def ids(prefix: str, last: int, width: int = 2) -> list[str]:
    """``prefix`` 1..``last``, zero-padded to ``width`` digits (kept while coverage tests move to RULES.md)."""
    return [f"{prefix}{n:0{width}d}" for n in range(1, last + 1)]


def missing_ids(folder: Path, wanted: list[str]) -> list[str]:
    """The ids of ``wanted`` that no test in ``folder`` names (kept while coverage tests move to RULES.md)."""
    named: set[str] = set()
    for text in test_functions(folder).values():
        named |= set(_NAMED_ID.findall(text))
    return [i for i in wanted if i not in named]
