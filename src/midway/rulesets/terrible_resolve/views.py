"""[Set Up: two tables] What each side may know (TR-R19), and the terminal rendering of a view.

A side sees all of its own fleet and planes. Of the enemy it sees the carriers'
names and damage (the Americans only once they have found the Japanese fleet,
M53), and the enemy planes closing on its fleet: those in the enemy's Ready to
Attack and Attacking boxes. Never the enemy's hangars, decks, planning, CAP,
planes Moving to Attack, Heading Home or Waiting to Land. Option open_tables
shows everything.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from midway.engine import TextSection
from midway.rulesets.terrible_resolve.data import (
    ACTING,
    BOXES,
    CARRIERS,
    GROUPS,
    KIND_NAMES,
    SIDE_CARRIERS,
    STEP_ACTIONS,
)

if TYPE_CHECKING:
    from midway.rulesets.terrible_resolve.game import TerribleResolveState

SIDES = ("usn", "ijn")
SIDE_LABEL = {"usn": "USN", "ijn": "IJN"}
STEP_NAMES = (
    "1 Japanese Land Planes",
    "2 Americans Land Planes",
    "3 Japanese Move Planes",
    "4 Americans Move Planes",
    "5 Japanese CAP Attacks",
    "6 Americans CAP Attacks",
    "7 Japanese Carrier Attacks",
    "8 Americans Carrier Attacks",
    "9 Japanese Launch Planes",
    "10 Americans Launch Planes",
    "11 Japanese Planning Phase",
    "12 Americans Planning Phase",
    "13 Japanese Repair Damage",
    "14 Americans Repair Damage",
)


def _group(state: TerribleResolveState, g: str) -> dict[str, Any]:
    """[Basing] A group as the table shows it: type, carrier colour, SP left."""
    info = GROUPS[g]
    return {"id": g, "kind": KIND_NAMES[info.kind], "carrier": CARRIERS[info.carrier].name, "sp": state.sp[g]}


def _carrier_public(state: TerribleResolveState, c: str) -> dict[str, Any]:
    """[Damaged Carriers] What anyone may see of a carrier once found: name, damage, status."""
    return {"id": c, "name": CARRIERS[c].name, "damage": state.damage[c], "status": state.status(c)}


def fleet(state: TerribleResolveState, side: str) -> dict[str, Any]:
    """[Set Up: two tables, TR-R19] Everything of one side: carriers with deck and hangar, and its boxes."""
    carriers = []
    for c in SIDE_CARRIERS[side]:
        entry = _carrier_public(state, c)
        entry["aa"] = state.options["enterprise_aa"] if c == "ent" else CARRIERS[c].aa
        entry["repair"] = list(CARRIERS[c].repair)
        entry["deck"] = [_group(state, g) for g in state.at(side, f"deck:{c}")]
        entry["hangar"] = [_group(state, g) for g in state.at(side, f"hangar:{c}")]
        carriers.append(entry)
    boxes: dict[str, Any] = {
        "cap": [[_group(state, g) for g in state.at(side, f"cap:{r}")] for r in range(state.options["cap_rings"] + 1)]
    }
    for b in BOXES:
        boxes[b] = [_group(state, g) for g in state.at(side, b)]
    if state.action == "attack" and state.acting == side and state.targets:
        boxes["targets"] = dict(state.targets)
    out: dict[str, Any] = {"carriers": carriers, "boxes": boxes}
    if side == "usn":
        out["found_japanese_fleet"] = state.found
        if state.search:
            out["search_groups"] = dict(state.search)
    if state.action == "cap" and state.acting == side and state.cap_orders:
        out["cap_orders"] = dict(state.cap_orders)
    if side == "ijn":
        out["first_wave_waiting"] = [g for g in state.first_wave if state.loc[g] == "wtl"]
    return out


def enemy_known(state: TerribleResolveState, me: str | None, enemy: str) -> dict[str, Any]:
    """[Set Up: two tables, TR-R19] What ``me`` knows of ``enemy``: carriers (if found), the raid at its fleet.

    ``me`` None is a spectator, who knows only what both sides know: the Japanese carriers stay unknown
    until the Americans find them (M53), as they are to the USN.
    """
    if enemy == "ijn" and me != "ijn" and not state.found:
        carriers: list[dict[str, Any]] | None = None
    else:
        carriers = [_carrier_public(state, c) for c in SIDE_CARRIERS[enemy]]
    return {
        "carriers": carriers,
        "raid_ready_to_attack": [_group(state, g) for g in state.at(enemy, "rta")],
        "raid_attacking": [_group(state, g) for g in state.at(enemy, "atk")],
    }


PRIVATE_ACTIONS = frozenset({"land", "move", "cap", "launch", "plan"})
"""TR-R19 (revised): the steps of a turn whose questions are asked only when the acting side has planes where the
enemy cannot see them (deck, CAP, Moving to Attack, Heading Home, Waiting to Land); a step with nothing to ask is
skipped, so the step reached would tell the enemy what the side has."""
PRIVATE_KINDS = frozenset({"land", "move", "search", "cap", "launch", "plan"})
"""TR-R19: the decision kinds of those steps (``search``: the American wave's search groups, in Moving to Attack)."""
_HIDDEN_STEP = {"ijn": "Japanese air operations", "usn": "American air operations"}


def view(state: TerribleResolveState, side: str | None) -> dict[str, Any]:
    """[TR-R19] The JSON-ready view for ``side`` (None: a spectator, who sees only what both sides see).

    In a step of :data:`PRIVATE_ACTIONS` the enemy and a spectator see neither its number nor its name, only whose
    air operations go on: the steps where the acting side has nothing to decide are skipped, so the step would tell
    them that it has fighters on deck, CAP up or planes heading out (revised: found by an audit)."""
    step: int | None = state.step + 1
    step_name = STEP_NAMES[state.step]
    action, actor = STEP_ACTIONS[state.step], ACTING[state.step]
    private = action in PRIVATE_ACTIONS and not state.options["open_tables"] and state.result is None
    if private and side != actor and (side is None or state.decision_side() != side):
        step, step_name = None, _HIDDEN_STEP[actor]  # the side hit by CAP allocates its losses: it sees the step
    out: dict[str, Any] = {
        "turn": state.turn,
        "max_turns": state.options["max_turns"],
        "step": step,
        "step_name": step_name,
        "me": side,
    }
    if private:
        out["operations"] = _HIDDEN_STEP[actor]  # what every view may say of the step
    if state.allocs and state.phase == "alloc":
        a = state.allocs[0]
        out["allocating"] = {"side": a["side"], "hits": a["hits"], "why": a["why"], "pool": list(a["pool"])}
    if state.options["open_tables"]:
        out["fleets"] = {s: fleet(state, s) for s in SIDES}
        if side is not None:
            out["mine"] = out["fleets"][side]
        return out
    if side is None:
        out["public"] = {s: enemy_known(state, None, s) for s in SIDES}
        return out
    enemy = "ijn" if side == "usn" else "usn"
    out["mine"] = fleet(state, side)
    out["enemy"] = enemy_known(state, side, enemy)
    return out


def _groups_text(groups: list[Mapping[str, Any]]) -> str:
    """[Basing] Groups in short words for a table cell."""
    if not groups:
        return "-"
    return ", ".join(
        f"{g['carrier'][:3]} {g['kind'].split()[0][:4]}{g['id'].split('-')[1][1:]} {g['sp']}SP" for g in groups
    )


def _sp(groups: list[Mapping[str, Any]]) -> int:
    """[Basing] Total SP of some groups."""
    return sum(g["sp"] for g in groups)


def render(view_data: Mapping[str, Any]) -> list[TextSection]:
    """[Set Up: two tables, TR-R19] Terminal tables: my carriers, my boxes, the enemy, turn and step."""
    st = view_data.get("state", view_data)
    sections = [
        TextSection(
            "A Terrible Resolve",
            (("Turn", f"{st['turn']} of {st['max_turns']}"), ("Step", st["step_name"])),
        )
    ]
    mine = st.get("mine")
    if mine:
        rows = tuple(
            (
                c["name"],
                str(c["damage"]),
                c["status"],
                f"{_sp(c['deck'])} SP: {_groups_text(c['deck'])}",
                f"{_sp(c['hangar'])} SP: {_groups_text(c['hangar'])}",
            )
            for c in mine["carriers"]
        )
        sections.append(TextSection("My carriers", rows, ("Carrier", "Damage", "Status", "Flight deck", "Hangar")))
        boxes = mine["boxes"]
        rows_b: list[tuple[str, ...]] = []
        for r, ring in enumerate(boxes["cap"]):
            rows_b.append(("CAP centre" if r == 0 else f"CAP ring {r}", str(_sp(ring)), _groups_text(ring)))
        for b, box in BOXES.items():
            rows_b.append((box.name, str(_sp(boxes[b])), _groups_text(boxes[b])))
        sections.append(TextSection("My boxes", tuple(rows_b), ("Box", "SP", "Groups")))
    enemy = st.get("enemy")
    if enemy is not None:
        rows_e: list[tuple[str, ...]] = []
        if enemy["carriers"] is None:
            rows_e.append(("Carriers", "not found yet"))
        else:
            rows_e += [(c["name"], f"{c['damage']} damage, {c['status']}") for c in enemy["carriers"]]
        rows_e.append(("Raid: Ready to Attack", _groups_text(enemy["raid_ready_to_attack"])))
        rows_e.append(("Raid: Attacking", _groups_text(enemy["raid_attacking"])))
        sections.append(TextSection("What I know of the enemy", tuple(rows_e), ("", "")))
    for s, pub in (st.get("public") or {}).items():
        rows_p = [(c["name"], f"{c['damage']} damage, {c['status']}") for c in pub["carriers"] or []]
        rows_p.append(("Raid: Ready to Attack", _groups_text(pub["raid_ready_to_attack"])))
        rows_p.append(("Raid: Attacking", _groups_text(pub["raid_attacking"])))
        sections.append(TextSection(SIDE_LABEL[s], tuple(rows_p), ("", "")))
    for s, fl in (st.get("fleets") or {}).items():
        rows_f = [
            (
                c["name"],
                f"{c['damage']} damage, {c['status']}",
                f"deck {_sp(c['deck'])} SP",
                f"hangar {_sp(c['hangar'])} SP",
            )
            for c in fl["carriers"]
        ]
        for b, box in BOXES.items():
            rows_f.append((box.name, str(_sp(fl["boxes"][b])), _groups_text(fl["boxes"][b]), ""))
        sections.append(TextSection(f"{SIDE_LABEL[s]} (open tables)", tuple(rows_f)))
    if "allocating" in st:
        a = st["allocating"]
        sections.append(TextSection("Hits to allocate", ((SIDE_LABEL[a["side"]], f"{a['hits']}: {a['why']}"),)))
    return sections
