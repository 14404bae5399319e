"""[Écriture des ordres] the text's own order notation, for the terminal (M162-M164, E14, E15).

A player types a whole order, several orders separated by ``;`` or new lines::

    A1 -> B1; Kaga -> A2; 2xYF+2xYD+1xYD(e)+1xYT -> H4; done

* ``A1 -> B1``: every movable ship of yours in A1 (phase 1); ``groupe 1 A1 -> B1``: group 1's only;
* ``Kaga -> A2`` or ``Kaga A1 -> A2``: one ship by name (or id); a waiting Japanese ship enters there;
  the ship orders win over the hex orders, whatever their order in the line (M163);
* ``2xYF+2xYD+1xYD(e)+1xYT -> H4``: a raid, count x base letter, type letter, ``(e)`` for reduced units
  (M164): in phase 1 only on Midway's hex (the Midway raid), in phase 2 on a hex located this turn;
* ``done`` / ``fin`` ends the order; ``abandon`` concedes where the option ``concession`` allows it (at any
  moment: a standing option, VAM-R30).

:func:`parse_orders` turns such a text into the option ids to choose from the top of the side's order
menu; :func:`typed_orders` (behind :meth:`VamGame.parse_orders`, the engine's hook for typed orders)
also answers from inside a sub-menu and tries the ids on a search clone first, so that an order it
returns is legal as a whole. Every refusal is a :class:`NotationError` (an ``IllegalChoiceError``)
saying what is wrong and which rule forbids it; nothing is ever applied by parsing.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from midway.engine import Decision, IllegalChoiceError
from midway.rulesets.vam.data import DATA, distance

if TYPE_CHECKING:
    from midway.rulesets.vam.game import VamState

RULE = "Écriture des ordres"
_ARROW = re.compile(r"^\s*(.+?)\s*->\s*([A-Za-z]\d+)\s*$")
_RAID_ITEM = re.compile(r"^(\d+)x([A-Z][a-z]?)([FDTMH])(\(e\))?$")
_HEX = re.compile(r"[A-Za-z]\d+")
_TRAILING_HEX = re.compile(r"^(.*\S)\s+([A-Za-z]\d+)$")
_DONE = ("done", "fin")
_CONCEDE = ("abandon", "concede")
_SIDE_WORD = {"usn": "an American", "ijn": "a Japanese"}


class NotationError(IllegalChoiceError):
    """An order typed in the text's notation that cannot be read or is not legal now (nothing was applied)."""


def _fail(message: str, rule: str = RULE) -> NotationError:
    return NotationError(message, rule=rule)


def _not_a_hex(text: str) -> NotationError:
    last = DATA.columns[-1]
    return _fail(f"{text} is not a hex of the map (columns A-{last}, rows 1-{DATA.rows})", "Carte / VAM-R01")


def parse_raid(text: str) -> tuple[list[tuple[str, str, bool, int]], str]:
    """[Écriture des ordres] E15: ``2xYF+2xYD+1xYD(e)+1xYT -> H4`` -> ([('Y','F',False,2), ...], 'H4')."""
    m = _ARROW.match(text)
    if not m:
        raise _fail(f"not a raid order: {text!r} (expected e.g. 2xYF+1xYD(e) -> H4)")
    items = []
    for part in m.group(1).replace(" ", "").split("+"):
        im = _RAID_ITEM.match(part)
        if not im:
            raise _fail(f"cannot read {part!r}: write count x base letter, type letter, (e) if reduced (2xYD(e))")
        items.append((im.group(2), im.group(3), bool(im.group(4)), int(im.group(1))))
    return items, m.group(2).upper()


def ship_by_name(name: str) -> str | None:
    """[Écriture des ordres] The ship a name in an order designates: its name, its id, or its name's first part
    ("Haruna" for Haruna-Kirishima), in any case."""
    low = " ".join(name.split()).lower()
    for uid, d in DATA.units.items():
        if d.kind == "ship" and (d.name.lower() == low or uid == low or d.name.lower().startswith(low + "-")):
            return uid
    return None


def parse_order(text: str, decision: Decision) -> str:
    """[Écriture des ordres] The option id of ``decision`` that ``text`` names (one step of a menu), or a
    NotationError saying why it is not legal."""
    t = text.strip()
    ids = set(decision.option_ids)
    if t.lower() in _DONE:
        if "done" in ids:
            return "done"
        raise _fail("'done' is not possible here", decision.rule)
    if t in ids:
        return t
    m = _ARROW.match(t)
    if m:
        subject, dest = m.group(1).strip(), m.group(2).upper()
        if _HEX.fullmatch(subject):
            for cand in (f"g:{subject.upper()}", "mv", f"to:{dest}"):
                if cand in ids:
                    return cand
            raise _fail(f"no movable ships of yours in {subject.upper()} can go to {dest} now", decision.rule)
        uid = ship_by_name(subject)
        if uid is None:
            raise _fail(f"no ship called {subject!r}")
        for cand in ("mv", f"s:{uid}", f"to:{dest}"):
            if cand in ids:
                return cand
        raise _fail(
            f"{subject} cannot move to {dest} now (not adjacent, already ordered, or not its turn to move)",
            decision.rule,
        )
    raise _fail(f"cannot read {text!r}; write e.g. 'A1 -> B1', 'Kaga -> A2' or 'done'")


def _base_of(letter: str, side: str) -> str:
    """[Écriture des ordres] The base a letter of the raid notation names (M013, VAM-R26)."""
    if letter == "M" and side == "usn":
        return "midway"
    for uid, d in DATA.units.items():
        if d.short == letter and d.side == side:
            return uid
    raise _fail(f"no carrier or base of yours has the letter {letter!r}", "Abréviations / VAM-R26")


def _raid(state: VamState, side: str, part: str, used: set[str]) -> list[str]:
    """[Déclaration des raids] The option ids of one raid written in the notation (M164, E15)."""
    items, target = parse_raid(part)
    if target not in DATA.neighbours:
        raise _not_a_hex(target)
    if state.night:
        raise _fail(f"turn {state.turn} is a night turn: no air action at night (M031)", "Séquence de jeu")
    island = state.step == "p1"
    if island:
        if target != DATA.midway:
            raise _fail(
                f"in phase 1 the only raid is the raid on Midway ({DATA.midway}); raids on ships are declared in "
                "phase 2, on hexes located this turn",
                "Déclaration des raids",
            )
        if side == "usn" and not state.ashore("ijn"):
            raise _fail(
                "the US raids Midway only once Japanese troops are ashore (VAM-R37)", "Déclaration des raids / VAM-R37"
            )
        pool = state.midway_raid_candidates(side)
    else:
        if target not in state.raid_targets(side):
            raise _fail(f"no enemy ship located in {target} this turn: no raid there (M054, VAM-R40)", "Raids aériens")
        declared = [r[0] for r in state.orders[side]["rd"]]
        if len(state.menu[side]) == 2:
            declared = declared[:-1]  # the raid being composed now
        if target in declared or f"h:{target}" in used:
            raise _fail(
                f"a raid on {target} is already declared this turn: all your aircraft against one hex form one raid, "
                "write them in one order joined by + (VAM-R38)",
                "Déclaration des raids / VAM-R38",
            )
        used.add(f"h:{target}")
        pool = state.raid_candidates(side, target)
    aids: list[str] = []
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
            what = f"{count}x{letter}{kind}{'(e)' if reduced else ''}"
            raise _fail(
                f"{what}: only {len(match)} of that kind are ready, unassigned and in range of {target} (out and back)",
                "Rayon d'action / M056, M057",
            )
        aids += match[:count]
        used |= set(match[:count])
    if island:
        return [x for a in aids for x in ("mr", f"a:{a}")]
    return ["rd", f"h:{target}", *[f"a:{a}" for a in aids], "end"]


def parse_orders(state: VamState, side: str, text: str) -> list[str]:
    """[Écriture des ordres] M162-M164, E14, E15, VAM-R27: a whole order in the text's notation as the option ids
    to choose, in order, from the top of ``side``'s order menu of phase 1 or 2.

    Orders are separated by ``;`` or new lines. Ship orders come before hex orders, so the specific overrides the
    general (M163), then the raids, then ``done``. The Midway raid of phase 1 is read from where the carriers end
    the moves written with it (E06: « Soryu -> F6; 1xSF+2xSD+2xST -> H6 », VAM-R48). Raises
    :class:`NotationError`, saying why, for an order that is not legal now.
    """
    parts = [p.strip() for chunk in text.splitlines() for p in chunk.split(";") if p.strip()]
    specific: list[list[str]] = []
    general: list[list[str]] = []
    raids: list[str] = []
    finish: list[str] = []
    ordered: set[str] = set()
    used: set[str] = set()
    for part in parts:
        word = part.lower()
        if word in _DONE:
            finish = ["done"]
            continue
        if word in _CONCEDE:
            if not any(o.id == "concede" for o in state.standing(side)):
                raise _fail("conceding needs the game option 'concession' (VAM-R30)", "Introduction / VAM-R30")
            if len(parts) > 1:  # orders or 'done' with it would be dropped or reordered: refused, not guessed
                raise _fail(
                    f"{part!r} concedes the game: write it alone, with no other order", "Introduction / VAM-R30"
                )
            finish = ["concede"]
            continue
        m = _ARROW.match(part)
        if not m:
            raise _fail(f"cannot read {part!r}; write e.g. 'A1 -> B1', 'Kaga -> A2', '2xYF+1xYD -> H4' or 'done'")
        subject, dest = m.group(1).strip(), m.group(2).upper()
        if dest not in DATA.neighbours:
            raise _not_a_hex(dest)
        if "x" in subject and _RAID_ITEM.match(subject.replace(" ", "").split("+")[0]):
            if state.step not in ("p1", "p2"):
                raise _fail("raids are declared in phase 1 (on Midway) and phase 2", "Déclaration des raids")
            raids.append(part)
            continue
        if state.step != "p1":
            raise _fail(f"ships move in phase 1 only; this is phase {_phase(state)}", "Mouvements navals")
        gm = re.fullmatch(r"(?:groupe|group)\s+(\d+)\s+([A-Za-z]\d+)", subject, flags=re.I)
        if gm or _HEX.fullmatch(subject):
            general.append(_hex_order(state, side, (gm.group(2) if gm else subject).upper(), dest, gm))
            continue
        uid = ship_by_name(subject)
        hm = _TRAILING_HEX.match(subject)
        if uid is None and hm:
            uid = ship_by_name(hm.group(1))
            if uid is not None and state.u[uid].get("hex") not in (None, hm.group(2).upper()):
                where = state.u[uid]["hex"]
                raise _fail(f"{DATA.units[uid].name} is in {where}, not {hm.group(2).upper()}", "Mouvements navals")
        specific.append(_ship_order(state, side, uid, subject, dest))
        if specific[-1][1][2:] in ordered:
            raise _fail(f"{subject} is given two orders", "Écriture des ordres / M163")
        ordered.add(specific[-1][1][2:])
    out: list[str] = []
    for seq in specific:
        out += seq
    for seq in general:
        dest = seq[0]
        for u in seq[1:]:
            if u not in ordered:
                out += ["mv", f"s:{u}", f"to:{dest}"]
                ordered.add(u)
    if raids:
        after = _moved(state, side, out) if state.step == "p1" and out else state
        for part in raids:
            out += _raid(after, side, part, used)
    return out + finish


def _moved(state: VamState, side: str, ids: list[str]) -> VamState:
    """[Phase 1] A search clone with the move and entry orders ``ids`` given, from the top of the order menu: the
    aircraft of the Midway raid written with them fly from where the carriers end (VAM-R48). The state itself when
    they cannot be given here (:func:`_tried` then says why)."""
    if state.menu[side]:
        return state
    trial = state.clone(search=True)
    assert isinstance(trial, type(state))
    for oid in ids:
        d = trial._build(True).get(side)
        option = None if d is None else d.option(oid)
        if option is None:
            return state
        trial.take(side, option)
    return trial


def _phase(state: VamState) -> int:
    return int("".join(c for c in state.step[1:] if c.isdigit()))


def _hex_order(state: VamState, side: str, here: str, dest: str, gm: re.Match[str] | None) -> list[str]:
    """[Mouvements navals] ``A1 -> B1`` (or ``groupe 1 A1 -> B1``): [dest, every ship it moves]."""
    if here not in DATA.neighbours:
        raise _not_a_hex(here)
    if dest not in DATA.neighbours[here]:
        raise _fail(f"{dest} is not next to {here}: ships move one hex (VAM-R27)", "Écriture des ordres / VAM-R27")
    ships = [
        u
        for u in state.ships_at(here, side)
        if state.may_move(u) and (not gm or DATA.units[u].group == int(gm.group(1)))
    ]
    if not ships:
        raise _fail(f"no ship of yours in {here} may move this turn", "Mouvements navals / M034")
    return [dest, *ships]


def _ship_order(state: VamState, side: str, uid: str | None, subject: str, dest: str) -> list[str]:
    """[Mouvements navals] [Entrée sur la carte] ``Kaga -> A2``: the ids moving (or entering) one ship."""
    if uid is None:
        raise _fail(f"no ship called {subject!r} (write its name, e.g. Kaga, Haruna, DesDiv 4, or a hex: A1 -> B1)")
    d = DATA.units[uid]
    if d.side != side:
        raise _fail(
            f"{d.name} is {_SIDE_WORD[d.side]} ship, not yours: you order only your own ships", "Séquence de jeu / M018"
        )
    r = state.u[uid]
    if r["st"] == "wait":
        if not state.may_enter(uid):
            raise _fail(f"{d.name} cannot enter the map this turn (group {d.group})", "Entrée sur la carte / M042")
        if dest not in state.entry_hexes(uid):
            hexes = ", ".join(state.entry_hexes(uid))
            raise _fail(f"{d.name} cannot enter by {dest}: it enters by {hexes}", "Entrée sur la carte / M039")
        return ["en", f"s:{uid}", f"to:{dest}"]
    if r["st"] != "map" or r["lv"] <= 0:
        raise _fail(f"{d.name} is no longer on the map", "Mouvements navals")
    if not state.may_move(uid):
        raise _fail(f"{d.name} may not move this turn (movement 1/{d.type.move})", "Mouvements navals / M034")
    if distance(r["hex"], dest) != 1:
        raise _fail(
            f"{dest} is not next to {r['hex']}, where {d.name} is: ships move one hex (VAM-R27)",
            "Écriture des ordres / VAM-R27",
        )
    return ["mv", f"s:{uid}", f"to:{dest}"]


def _chosen(state: VamState, side: str) -> list[str]:
    """[Séquence de jeu] The option ids already chosen in the order in progress (the side's sub-menu)."""
    menu = list(state.menu[side])
    if state.step == "p2" and len(menu) == 2:
        menu[1] = f"h:{menu[1]}"
    return menu


def typed_orders(state: VamState, side: str, text: str) -> list[str] | None:
    """[Écriture des ordres] The engine's hook for typed orders: the option ids ``text`` means for ``side`` now,
    ``None`` if it is not written in the notation (a number or an option id, for the front end), or a
    NotationError. The ids are tried on a search clone first: an order returned is legal as a whole."""
    t = text.strip()
    if not t or ("->" not in t and t.lower() not in (*_DONE[1:], *_CONCEDE) and ";" not in t):
        return None
    if t.lower() in _CONCEDE:  # VAM-R30: a standing option, whether the side is asked something now or not
        return parse_orders(state, side, t)
    decision = state.pending().get(side)
    if decision is None:
        raise _fail(f"{state.game.side_name(side)} has nothing to order now", "Séquence de jeu")
    if "->" in t and state.step not in ("p1", "p2"):
        raise _fail(
            f"the order notation is for phase 1 (moves, entries, the Midway raid) and phase 2 (raids); this is "
            f"phase {_phase(state)}: {decision.prompt} — choose by number or id",
            decision.rule,
        )
    ids = parse_orders(state, side, t)
    chosen = _chosen(state, side)
    if chosen:
        if ids[: len(chosen)] != chosen:
            raise _fail(
                f"an order is in progress ({decision.prompt}): answer it by number or id first",
                decision.rule,
            )
        ids = ids[len(chosen) :]
    return _tried(state, side, ids)


def _tried(state: VamState, side: str, ids: list[str]) -> list[str]:
    """[Écriture des ordres] ``ids`` checked one by one on a search clone, the umpire recording each choice as the
    real game would (a menu that closes by itself makes a trailing ``done`` needless: it is dropped)."""
    trial = state.clone(search=True)
    assert isinstance(trial, type(state))
    standing = {o.id for o in state.standing(side)}
    for i, oid in enumerate(ids):
        if oid in standing:  # VAM-R30: the concession, a standing option, ends the game: nothing after it counts
            return ids[: i + 1]
        d = trial._build(True).get(side)
        if d is None and ids[i:] == ["done"]:
            return ids[:i]
        option = None if d is None else d.option(oid)
        if option is None:
            prompt = "nothing left to order" if d is None else repr(d.prompt)
            raise _fail(f"{oid!r} is not a legal choice at {prompt} (nothing was applied)", RULE)
        trial.take(side, option)
    return ids
