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
from typing import Any

from midway.engine import Decision
from midway.rulesets.vam.data import DATA

_ARROW = re.compile(r"^\s*(.+?)\s*->\s*([A-Za-z]\d+)\s*$")
_RAID_ITEM = re.compile(r"^(\d+)x([A-Z][a-z]?)([FDTMH])(\(e\))?$")


def parse_raid(text: str) -> tuple[list[tuple[str, str, bool, int]], str]:
    """[Écriture des ordres] E15: ``2xYF+2xYD+1xYD(e)+1xYT -> H4`` -> ([('Y','F',False,2), ...], 'H4')."""
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
    """[Écriture des ordres] The ship a name in an order designates."""
    low = name.strip().lower()
    for uid, d in DATA.units.items():
        if d.kind == "ship" and (d.name.lower() == low or uid == low or d.name.lower().startswith(low + "-")):
            return uid
    return None


def parse_order(text: str, decision: Decision) -> str:
    """[Écriture des ordres] The option id of ``decision`` that ``text`` names, or ValueError saying why it is not
    legal."""
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


def _base_of(letter: str, side: str) -> str:
    """[Écriture des ordres] The base a letter of the raid notation names (M013)."""
    if letter == "M":
        return "midway"
    for uid, d in DATA.units.items():
        if d.short == letter and d.side == side:
            return uid
    raise ValueError(f"no carrier or base of yours has the letter {letter!r}")


def parse_orders(state: Any, side: str, text: str) -> list[str]:
    """[Écriture des ordres] M162-M164, E14, E15, VAM-R27: a whole order in the text's notation as the option ids
    to choose, in order.

    Lines (or ``;``-separated orders): ``A1 -> B1`` (every movable ship of A1), ``Kaga -> A2`` or
    ``Kaga A1 -> A2`` (one ship; a waiting Japanese ship enters), ``groupe 1 A1 -> B1``, a raid
    ``2xYF+1xYD(e) -> H4`` (phase 1: on Midway's hex it is the Midway raid), ``done``. Ship orders are
    given before hex orders, so the specific overrides the general (M163). Raises ValueError, saying
    why, for an order that is not legal now.
    """
    from midway.rulesets.vam.data import distance

    parts = [p.strip() for chunk in text.splitlines() for p in chunk.split(";") if p.strip()]
    specific: list[list[str]] = []
    general: list[list[str]] = []
    finish: list[str] = []
    ordered: set[str] = set()
    used: set[str] = set()
    for part in parts:
        if part.lower() in ("done", "fin"):
            finish = ["done"]
            continue
        m = _ARROW.match(part)
        if not m:
            raise ValueError(f"cannot read {part!r}; write e.g. 'A1 -> B1', 'Kaga -> A2', '2xYF+1xYD -> H4'")
        subject, dest = m.group(1).strip(), m.group(2).upper()
        if dest[0] not in DATA.columns or dest not in DATA.neighbours:
            raise ValueError(
                f"{dest} is not a hex of the map (columns {DATA.columns[0]}-{DATA.columns[-1]}, rows 1-{DATA.rows})"
            )
        if "x" in subject and _RAID_ITEM.match(subject.replace(" ", "").split("+")[0]):
            items, target = parse_raid(part)
            aids: list[str] = []
            island = state.step == "p1"
            if island:
                if target != DATA.midway:
                    raise ValueError("in phase 1 the only raid is the raid on Midway (" + DATA.midway + ")")
                pool = state.midway_raid_candidates(side)
            elif state.step == "p2":
                if target not in state.raid_targets(side):
                    raise ValueError(f"no enemy ship located in {target} this turn: no raid there (M054)")
                pool = state.raid_candidates(side, target)
            else:
                raise ValueError("raids are declared in phases 1 (Midway) and 2")
            for letter, kind, reduced, count in items:
                base = _base_of(letter, side)
                match = [
                    a
                    for a in pool
                    if a not in used
                    and state.u[a]["base"] == base
                    and state.code(a) == kind
                    and (state.u[a]["lv"] < 2) == reduced
                ]
                if len(match) < count:
                    have = len(match)
                    raise ValueError(
                        f"{count}x{letter}{kind}{'(e)' if reduced else ''}: only {have} ready and in range"
                    )
                aids += match[:count]
                used |= set(match[:count])
            if island:
                general += [["mr", f"a:{a}"] for a in aids]
            else:
                general.append(["rd", f"h:{target}", *[f"a:{a}" for a in aids], "end"])
            continue
        gm = re.fullmatch(r"(?:groupe|group)\s+(\d+)\s+([A-Za-z]\d+)", subject, flags=re.I)
        if gm or re.fullmatch(r"[A-Za-z]\d+", subject):
            here = (gm.group(2) if gm else subject).upper()
            if here not in DATA.neighbours:
                raise ValueError(
                    f"{here} is not a hex of the map (columns {DATA.columns[0]}-{DATA.columns[-1]}, rows 1-{DATA.rows})"
                )
            if dest not in DATA.neighbours.get(here, ()):
                raise ValueError(f"{dest} is not next to {here}: ships move one hex (VAM-R27)")
            ships = [
                u
                for u in state.ships_at(here, side)
                if state.may_move(u) and (not gm or DATA.units[u].group == int(gm.group(1)))
            ]
            if not ships:
                raise ValueError(f"no ship of yours in {here} may move this turn")
            general.append([f"@{here}:{dest}", *ships])
            continue
        words = subject.split()
        uid = _ship_by_name(words[0]) or _ship_by_name(subject)
        if uid is None or DATA.units[uid].side != side:
            raise ValueError(f"no ship of yours called {words[0]!r}")
        r = state.u[uid]
        if r["st"] == "wait":
            if not state.may_enter(uid) or dest not in state.entry_hexes(uid):
                raise ValueError(f"{DATA.units[uid].name} cannot enter by {dest} now")
            specific.append(["en", f"s:{uid}", f"to:{dest}"])
        else:
            if not state.may_move(uid):
                raise ValueError(
                    f"{DATA.units[uid].name} may not move this turn (movement {DATA.units[uid].type.move})"
                )
            if distance(r["hex"], dest) != 1:
                raise ValueError(f"{dest} is not next to {r['hex']}, where {DATA.units[uid].name} is (VAM-R27)")
            specific.append(["mv", f"s:{uid}", f"to:{dest}"])
        ordered.add(uid)
    out: list[str] = []
    for seq in specific:
        out += seq
    for seq in general:
        if seq[0].startswith("@"):
            _, dest = seq[0][1:].split(":")
            for u in seq[1:]:
                if u not in ordered:
                    out += ["mv", f"s:{u}", f"to:{dest}"]
                    ordered.add(u)
        else:
            out += seq
    return out + finish
