"""[Séquence de jeu] what each side may know (M018, M019), and the text rendering of a view.

A side sees its own units, Midway's state if it is the American and the enemy ships located THIS turn
(hex, type, name, strength); never an enemy unit it has not located this turn, and never the running VP
totals, which count losses it was not told of (VAM-R49): those come with the end of the game. The spectator
(None) sees only the clock, the fog and the outcome.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from midway.engine import TextSection
from midway.rulesets.vam.data import CODE_NAMES, DATA, SIDES

if TYPE_CHECKING:
    from midway.rulesets.vam.game import VamState

PHASE_NAMES = {
    "p1": "1 mouvements, raid sur Midway, recherches",
    "p2": "2 déclaration des raids",
    "p3": "3 combat aérien, 1er round",
    "p4": "4 combat aérien, 2e round",
    "p5": "5 défense anti-aérienne",
    "p6": "6 bombardement et torpillage",
    "p7": "7 récupération des avions",
    "p8": "8 combats navals",
    "p8s": "8 écran anti-sous-marin",
    "p8t": "8 attaque sous-marine",
    "p8a": "8 combat naval (initiative)",
    "p8b": "8 combat naval (réplique)",
    "p9": "9 pilonnage de Midway",
    "p10": "10 débarquement",
    "p11a": "11 combat terrestre (américains)",
    "p11b": "11 combat terrestre (japonais)",
}
_TARGETING = frozenset({"p6", "p11a", "p11b"})
"""The steps whose view lists the targets the side has given so far: its bombers' (phase 6) and its troops' in land
combat (phase 11)."""


def view(state: VamState, side: str | None) -> dict[str, Any]:
    """[Séquence de jeu] The view of ``side`` (M018, M019)."""
    out: dict[str, Any] = {
        "turn": state.turn,
        "time": DATA.rules["calendar"]["times"][state.turn - 1],
        "night": state.night,
        "phase": PHASE_NAMES[state.step],
        "fog": sorted(DATA.fog) if state.fog else [],
        "midway_hex": DATA.midway,
        "kure_hex": DATA.kure,
        "columns": DATA.columns,
        "rows": DATA.rows,
    }
    if state.result is not None:
        out["debrief"] = _debrief(state)
    if side is None:
        return out
    ships = []
    aircraft = []
    troops = []
    for uid, r in state.u.items():
        if state.side_of(uid) != side:
            continue
        d = state.d(uid)
        lv = r["lv"]
        if d.kind == "ship":
            ships.append(
                {
                    "id": uid,
                    "name": d.name,
                    "type": d.code,
                    "levels": lv,
                    "hex": r["hex"],
                    "status": r["st"],
                    "group": d.group,
                    "damaged": r["dmg"],
                }
            )
        elif d.kind == "air":
            aircraft.append(
                {
                    "id": uid,
                    "name": d.name if uid in DATA.units else f"{d.name} (réserve)",
                    "type": d.code,
                    "levels": lv,
                    "base": r["base"],
                    "status": r["st"],
                    "ready": r["ready"],
                }
            )
        else:
            troops.append({"id": uid, "name": d.name, "levels": lv, "at": r["at"], "status": r["st"]})
    out["ships"] = ships
    out["aircraft"] = aircraft
    out["troops"] = troops
    out["contacts"] = [
        {"id": u, "name": DATA.units[u].name, "type": DATA.units[u].code, "levels": state.u[u]["lv"], "hex": h}
        for u, h in sorted(state.seen[side].items())
        if state.u[u]["lv"] > 0
    ]
    if state.result is not None:
        # VAM-R49, [Séquence de jeu]: « C'est aux joueurs de garder la trace des pertes infligées à l'adversaire »:
        # the running total counts losses the side was never told of (ditched aircraft, released reserves,
        # aircraft aboard a carrier it sank or bombed, aircraft on the ground when troops ashore close Midway's
        # airfield); it is shown once the game is over, when the result is public
        out["vp_scored"] = state.vp[side]
    else:  # VAM-R49: the points of the losses the side was told it inflicted, as a player keeping the tally has them
        out["vp_told"] = state.vp[side] - state.vp_unseen[side]
    out["midway_control"] = state.controls_midway()
    if side == "usn":
        out["midway"] = dict(state.midway)
    else:
        out["kure"] = {
            "started": state.kure["start"],
            "operational": state.kure_operational(),
            "closed": state.kure["closed"],
        }
    out["orders"] = _orders(state, side)
    if state.step in _TARGETING:
        out["targets"] = targets_given(state, side)
    return out


def targets_given(state: VamState, side: str) -> list[list[str]]:
    """[Séquence de jeu] The targets ``side`` has given so far in this step, [shooter, target] each: its own orders
    (its bombers', M083; its troops', M134)."""
    return [[a, t] for a, t, _rid in state.tasks[side] if t is not None]


def _debrief(state: VamState) -> dict[str, Any]:
    """[Points de victoire] After the end nothing is secret: every ship of both sides with its fate, and the final
    VP (the replay
    shows everything revealed)."""
    ships = {
        side: [
            {
                "name": d.name,
                "type": d.code,
                "levels": state.u[uid]["lv"],
                "status": state.u[uid]["st"],
                "hex": state.u[uid]["hex"],
            }
            for uid, d in DATA.units.items()
            if d.side == side and d.kind == "ship"
        ]
        for side in SIDES
    }
    return {"ships": ships, "vp": state.final_vp(), "midway_control": state.controls_midway()}


def _orders(state: VamState, side: str) -> dict[str, Any]:
    """[Séquence de jeu] The side's own pending orders of this phase (never the other side's)."""
    return copy.deepcopy(state.orders[side])  # type: ignore[no-any-return]


def _pending_rows(o: Mapping[str, Any]) -> list[tuple[str, str]]:
    """[Écriture des ordres] The side's orders given so far in this phase, in words (sent only with ``done``)."""
    rows: list[tuple[str, str]] = []
    for uid, dest in sorted(o.get("mv", {}).items()):
        rows.append(("mouvement", f"{DATA.units[uid].name} -> {dest}"))
    for uid, h in sorted(o.get("en", {}).items()):
        rows.append(("entrée", f"{DATA.units[uid].name} -> {h}"))
    for key, h, aid in o.get("se", []):
        name = DATA.searches[key].name if key in DATA.searches else key
        rows.append(("recherche", f"{name} sur {h}" + (f" ({aid})" if aid else "")))
    if o.get("mr"):
        rows.append(("raid sur Midway", ", ".join(o["mr"])))
    if o.get("ku"):
        rows.append(("Kure", "construction de la base"))
    for target, aids in o.get("rd", []):
        rows.append((f"raid sur {target}", ", ".join(aids) or "(en composition)"))
    if o.get("cancel"):
        rows.append(("raid sur Midway", "annulé"))
    for h in o.get("nb", []):
        rows.append(("combat naval", h))
    for sub in o.get("ss", []):
        rows.append(("attaque sous-marine", DATA.units[sub].name))
    for g in o.get("land", []):
        rows.append(("débarquement", DATA.units[g].name))
    for b in o.get("sd", []):
        rows.append(("non prêts", b))
    for c in o.get("reserve", []):
        rows.append(("chasseurs de réserve", DATA.units[c].name))
    return rows


def _count(codes: list[str]) -> str:
    """['F', 'F', 'D(e)'] -> '2xF, 1xD(e)' (the text's own notation, E15)."""
    order = ["F", "F(e)", "D", "D(e)", "T", "T(e)", "M", "M(e)", "H", "H(e)"]
    return ", ".join(f"{codes.count(k)}x{k}" for k in order if k in codes) or "-"


def render(v: Mapping[str, Any]) -> list[TextSection]:
    """[Séquence de jeu] The hex map with each side's groups and contacts, then its tables (French abbreviations)."""
    s = v.get("state", {})
    side = v.get("side")
    sections = [
        TextSection(
            title="Victory at Midway",
            rows=(
                ("Tour", f"{s.get('turn')} — {s.get('time')} ({'nuit' if s.get('night') else 'jour'})"),
                ("Phase", str(s.get("phase"))),
                ("Brouillard", "oui (zone ~)" if s.get("fog") else "levé"),
            ),
        )
    ]
    cols = s.get("columns", DATA.columns)
    rows = int(s.get("rows", DATA.rows))
    marks: dict[str, str] = {}
    for h in s.get("fog", []):
        marks[h] = "~~~"
    marks.setdefault(s.get("midway_hex", DATA.midway), "MID")
    marks.setdefault(s.get("kure_hex", DATA.kure), "KUR")
    for sh in s.get("ships", []):
        if sh["status"] == "map" and sh["hex"]:
            marks[sh["hex"]] = (
                "[" + str(sum(1 for x in s["ships"] if x["hex"] == sh["hex"] and x["status"] == "map")) + "]"
            )
    found: dict[str, list[str]] = {}
    for c in s.get("contacts", []):
        found.setdefault(c["hex"], []).append(c["type"])
    for h, types in found.items():
        if marks.get(h, "").startswith("["):
            marks[h] = marks[h][:-1] + "*]"  # your ships and enemy contacts in one hex
        else:
            marks[h] = f"<{types[0]}>" if len(types) == 1 else f"<{len(types)}>"
    grid = []
    header = "     " + "".join(f"{c:^5}" for c in cols)
    grid.append((header,))
    for r in range(1, rows + 1):
        for half in (0, 1):
            line = f"{r:>3}{'a' if half == 0 else 'b'} "
            for k, c in enumerate(cols):
                lower = k % 2 == 1
                if lower == bool(half):
                    cell = marks.get(f"{c}{r}", " . ")
                    line += f"{cell:^5}"
                else:
                    line += "     "
            grid.append((line,))
    sections.append(
        TextSection(
            title=(
                "Carte (colonnes B, D, F... décalées d'un demi-hexagone vers le bas; "
                "[n] vos n navires, <CV> un contact (son type), <n> n contacts, [n*] vos navires et des contacts, "
                "MID Midway, KUR Kure, ~~~ brouillard)"
            ),
            rows=tuple(grid),
        )
    )
    if "debrief" in s:
        deb = s["debrief"]
        rows = []
        for who, ships in deb["ships"].items():
            for x in ships:
                fate = {"sunk": "coulé", "gone": "sorti", "wait": "jamais entré"}.get(x["status"], x["hex"] or "")
                rows.append((who, x["type"], x["name"], fate))
        sections.append(
            TextSection(title="Bilan (fin de partie)", header=("camp", "type", "nom", "sort"), rows=tuple(rows))
        )
        vp = deb["vp"]
        sections.append(
            TextSection(
                title="Points de victoire", rows=(("américains", f"{vp['usn']:g}"), ("japonais", f"{vp['ijn']:g}"))
            )
        )
    if side is None:
        return sections
    own = [x for x in s.get("ships", []) if x["status"] == "map"]
    sections.append(
        TextSection(
            title="Vos navires sur la carte",
            header=("hex", "type", "nom", "force", "groupe", "état"),
            rows=tuple(
                (
                    x["hex"],
                    x["type"],
                    x["name"],
                    "pleine" if x["levels"] >= 2 else "réduite",
                    str(x["group"]),
                    "endommagé" if x["damaged"] else "",
                )
                for x in sorted(own, key=lambda x: (x["hex"], x["name"]))
            )
            or (("-", "-", "aucun", "-", "-", "-"),),
        )
    )
    waiting: dict[int, list[str]] = {}
    for x in s.get("ships", []):
        if x["status"] == "wait":
            waiting.setdefault(x["group"], []).append(f"{x['type']}{'' if x['levels'] >= 2 else '(e)'} {x['name']}")
    if waiting:
        sections.append(
            TextSection(
                title="Navires à entrer par la colonne A (le groupe 13 par A1-A4, plus tard)",
                header=("groupe", "navires"),
                rows=tuple((str(g), ", ".join(names)) for g, names in sorted(waiting.items())),
            )
        )
    air = [x for x in s.get("aircraft", []) if x["status"] in ("deck", "air", "trapped")]
    by_base: dict[str, dict[str, list[str]]] = {}
    for x in air:
        where = {"deck": "prêts" if x["ready"] else "non prêts", "air": "en vol", "trapped": "prisonniers"}[x["status"]]
        by_base.setdefault(x["base"], {}).setdefault(where, []).append(x["type"] + ("" if x["levels"] >= 2 else "(e)"))
    columns = ("prêts", "non prêts", "en vol", "prisonniers")
    sections.append(
        TextSection(
            title="Vos avions (par base; (e) = force réduite)",
            header=("base", *columns),
            rows=tuple(
                (base, *(_count(groups.get(c, [])) for c in columns)) for base, groups in sorted(by_base.items())
            ),
        )
    )
    sections.append(
        TextSection(
            title="Contacts de ce tour (navires ennemis repérés)",
            header=("hex", "type", "nom", "force"),
            rows=tuple(
                (c["hex"], c["type"], c["name"], "pleine" if c["levels"] >= 2 else "réduite")
                for c in s.get("contacts", [])
            )
            or (("-", "-", "aucun", "-"),),
        )
    )
    pending = _pending_rows(s.get("orders", {}))
    if pending:
        sections.append(TextSection(title="Vos ordres de cette phase (pas encore transmis)", rows=tuple(pending)))
    vp = s.get("vp_scored")
    extra = [
        ("PV marqués", f"{vp:g}" if vp is not None else "à la fin de la partie (VAM-R49)"),
        ("Contrôle de Midway", "américain" if s.get("midway_control") == "usn" else "japonais"),
    ]
    if "midway" in s:
        m = s["midway"]
        extra.append(
            (
                "Midway",
                f"capacité {m['cap']:g}, recherches longues {m['long']}, courtes {m['short']}"
                + (", fermé" if m["closed"] else ""),
            )
        )
    sections.append(TextSection(title="Situation", rows=tuple(extra)))
    sections.append(
        TextSection(
            title="Abréviations",
            rows=tuple((k, v) for k, v in CODE_NAMES.items()),
        )
    )
    assert side in SIDES
    return sections
