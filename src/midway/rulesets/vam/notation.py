"""[Écriture des ordres] the text's own order notation, for the terminal (M162-M164, E14, E15).

:func:`parse_order` turns one typed order into the id of an option of the decision at hand, or raises
:class:`ValueError` with a clear reason. It understands, in the menus where they apply:

* ``done`` / ``fin``;
* ``A1 -> B1`` (every movable ship of A1, in the top menu, the ship menu or the destination menu);
* ``Kaga -> B2`` (a ship by name);
* ``2xYF+2xYD+1xYD(e)+1xYT -> H4``: the raid notation is parsed by :func:`parse_raid` into
  (base letter, type, reduced, count) items; entering it takes one option per aircraft, so it is
  answered step by step (the function gives the next option to choose).
"""

from __future__ import annotations

import re

from midway.engine import Decision
from midway.rulesets.vam.data import DATA

_ARROW = re.compile(r"^\s*(.+?)\s*->\s*([A-Za-z]\d+)\s*$")
_RAID_ITEM = re.compile(r"^(\d+)x([A-Z][a-z]?)([FDTMH])(\(e\))?$")


def parse_raid(text: str) -> tuple[list[tuple[str, str, bool, int]], str]:
    """E15: ``2xYF+2xYD+1xYD(e)+1xYT -> H4`` -> ([('Y','F',False,2), ...], 'H4')."""
    m = _ARROW.match(text)
    if not m:
        raise ValueError(f"not a raid order: {text!r} (expected e.g. 2xYF+1xYD(e) -> H4)")
    items = []
    for part in m.group(1).replace(" ", "").split("+"):
        im = _RAID_ITEM.match(part)
        if not im:
            raise ValueError(f"cannot read {part!r}: write count x base letter, type letter, (e) if reduced")
        items.append((im.group(2), im.group(3), bool(im.group(4)), int(im.group(1))))
    return items, m.group(2).upper()


def _ship_by_name(name: str) -> str | None:
    low = name.strip().lower()
    for uid, d in DATA.units.items():
        if d.kind == "ship" and (d.name.lower() == low or uid == low or d.name.lower().startswith(low + "-")):
            return uid
    return None


def parse_order(text: str, decision: Decision) -> str:
    """The option id of ``decision`` that ``text`` names, or ValueError saying why it is not legal."""
    t = text.strip()
    ids = set(decision.option_ids)
    if t.lower() in ("done", "fin"):
        if "done" in ids:
            return "done"
        raise ValueError("'done' is not possible here")
    if t in ids:
        return t
    m = _ARROW.match(t)
    if m:
        subject, dest = m.group(1).strip(), m.group(2).upper()
        if re.fullmatch(r"[A-Za-z]\d+", subject):
            for cand in (f"g:{subject.upper()}", "mv", f"to:{dest}"):
                if cand in ids:
                    return cand
            raise ValueError(f"no movable ships of yours in {subject.upper()} can go to {dest} now")
        uid = _ship_by_name(subject)
        if uid is None:
            raise ValueError(f"no ship called {subject!r}")
        for cand in ("mv", f"s:{uid}", f"to:{dest}"):
            if cand in ids:
                return cand
        raise ValueError(
            f"{subject} cannot move to {dest} now (not adjacent, already ordered, or not its turn to move)"
        )
    raise ValueError(f"cannot read {text!r}; write e.g. 'A1 -> B1', 'Kaga -> A2' or 'done'")
