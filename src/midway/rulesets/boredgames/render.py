"""The board as text: every area, each aircraft with its facing, and the game's status."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from midway.engine import TextSection
from midway.rulesets.boredgames.board import block_cells
from midway.rulesets.boredgames.data import (
    BASE_CELLS,
    CARD_NAMES,
    CARDS_FOR,
    CARRIER,
    DIAGRAMS,
    MIDWAY_CELLS,
    ORDERS,
    REINFORCEMENT,
)

if TYPE_CHECKING:
    from midway.engine import Game

ARROW = {"N": "^", "E": ">", "S": "v", "W": "<"}
TOKEN_WORDS = {"S": "forward", "L": "forward+left", "R": "forward+right"}
TURN_WORDS = {"L": "left", "R": "right"}
PHASE_WORDS = {
    "place": "set-up: placing aircraft one at a time",
    "bid": "Fight for Initiative: secret bids of 0-3 Command Points",
    "activate": "Aircraft Activation: the Initiative Card holder activates a marked aircraft",
    "flight": "Flight: one Manoeuvre at a time",
    "plan": "Combat: both plan Manoeuvre Tokens in secret",
    "first": "Combat: the Attacker chooses who considers their Manoeuvres first",
    "omit": "Combat: the Ace drops one of its three tokens",
    "chain": "Combat: Order Cards (Defender, Attacker, answers until one passes), then Firing",
    "replan": "Combat: Sixth Sense, planning again",
    "swapturn": "Combat: an Order Card made the aircraft switch places; its owner may turn it by 1 side",
    "purchase": "Order Purchase: buy cards from the pool with the Command Points left",
    "reenter": "Round end: destroyed Fighters return on free Reinforcement Areas",
}
CARD_EFFECTS = {
    "acceleration": "1 additional Manoeuvre",
    "feint": "move 1 area straight to the left or right, facing kept",
    "turnabout": "turn your aircraft 180 degrees",
    "loop": "reverse your Manoeuvre Token moves (later card moves and turns are kept)",
    "surprise": "no more cards: Firing at once",
    "aileron": "in Firing, ignore the enemy's highest card",
    "dodge": "no Firing in this Combat",
    "sixth": "reverse your Manoeuvre Token moves, then you may plan 2 new tokens",
    "thach": "another American aircraft fires at the enemy in Combat (the enemy cannot destroy it)",
    "veterans": "draw 1 additional Firing Card",
}
COLOUR_WORDS = {
    "red": "red: 3 cards, can destroy",
    "yellow": "yellow: 2 cards, can destroy",
    "light_blue": "light blue: 2 cards, cannot destroy",
    "navy": "navy: 1 card, cannot destroy",
}


def _where(ahead: int, right: int) -> str:
    """A range diagram area in words, relative to the firer's nose."""
    parts = []
    if ahead:
        parts.append(f"{abs(ahead)} {'ahead' if ahead > 0 else 'behind'}")
    if right:
        parts.append(f"{abs(right)} {'right' if right > 0 else 'left'}")
    return " ".join(parts)


def range_rows(side: str) -> tuple[tuple[str, str], ...]:
    """[1.6.1] M43: a side's two range diagrams in words (areas counted from the firer's nose)."""
    rows = []
    for diagram, who in (("fighter", "Fighter / Ace"), ("bomber", "Bomber")):
        cells = DIAGRAMS[(side, diagram)].cells
        parts = []
        for col in COLOUR_WORDS:
            where = [
                _where(a, r) for (a, r), c in sorted(cells.items(), key=lambda kv: (-kv[0][0], kv[0][1])) if c == col
            ]
            if where:
                parts.append(f"{COLOUR_WORDS[col]} ({', '.join(where)})")
        rows.append((f"{who} range", "; ".join(parts) + "; elsewhere out of range"))
    return tuple(rows)


def sight_words(col: str | None) -> str:
    """M43: what a combatant would draw against the enemy's present area."""
    if col is None:
        return "enemy out of its diagram: no cards"
    return f"enemy in {COLOUR_WORDS[col].replace(':', ' area:')}" if col in CARDS_FOR else str(col)


def _card(key: str) -> str:
    cost = f" ({ORDERS[key].cost} CP)" if key in ORDERS else ""
    return f"{CARD_NAMES[key]}{cost}"


def _chip(a: Mapping[str, Any]) -> str:
    """An aircraft in three characters: kind letter (upper case American, lower Japanese), number, facing."""
    letter = a["kind"][0].upper() if a["side"] == "usn" else a["kind"][0]
    return f"{letter}{a['id'][-1]}{ARROW[a['facing']]}"


def board_rows(st: Mapping[str, Any]) -> tuple[tuple[str, ...], ...]:
    cells = set(BASE_CELLS)
    for origin in st.get("small_tiles", []):
        if origin is not None:
            cells |= set(block_cells((origin[0], origin[1])))
    occupied = {tuple(a["area"]): a for a in st.get("aircraft", []) if a["area"] is not None}
    xs = [c[0] for c in cells]
    ys = [c[1] for c in cells]
    hunt = st.get("mode") == "carrier-hunt"
    marks: dict[tuple[int, int], str] = {}
    if hunt:
        marks[CARRIER["usn"]] = " C "
        marks[CARRIER["ijn"]] = " c "
    else:
        for c in REINFORCEMENT["usn"]:
            marks[c] = " + "
        for c in REINFORCEMENT["ijn"]:
            marks[c] = " - "
    rows = [("", " ".join(f"{x:>3}" for x in range(min(xs), max(xs) + 1)))]
    for y in range(min(ys), max(ys) + 1):
        line = []
        for x in range(min(xs), max(xs) + 1):
            c = (x, y)
            if c in occupied:
                line.append(_chip(occupied[c]))
            elif c not in cells:
                line.append("   ")
            elif c in marks:
                line.append(marks[c])
            elif c in MIDWAY_CELLS:
                line.append(" m ")
            elif c not in BASE_CELLS:
                line.append(" s ")
            else:
                line.append(" . ")
        rows.append((f"{y:>3}", " ".join(line)))
    return tuple(rows)


def render(game: Game, view: Mapping[str, Any]) -> list[TextSection]:
    st = view.get("state", {})
    me = view.get("side")
    hunt = st.get("mode") == "carrier-hunt"
    marks = "C/c carriers" if hunt else "+/- American/Japanese reinforcement areas"
    legend = (
        "F/B/A = American fighter/bomber/ace, f/b/a Japanese (then its number); ^ > v < facing (north up); "
        f"m Midway tile, {marks}, s small tile; areas are named column.row"
    )
    if hunt:
        goal = "Carrier Hunt: win by flying a Bomber into the enemy carrier's area or destroying both enemy Bombers"
    else:
        goal = (
            f"Domination: first to {st.get('threshold')} VP (enemy Fighter 1, Ace 3, "
            "more aircraft on the Midway tile at round end 2)"
        )
    head = [
        ("goal", goal),
        ("phase", PHASE_WORDS.get(str(st.get("phase")), str(st.get("phase")))),
        ("initiative", "-" if st.get("phase") == "place" else game.side_name(st.get("initiative", ""))),
    ]
    bids = st.get("bids")
    if bids and st.get("phase") not in ("place", "bid"):
        head.append(("bids", ", ".join(f"{game.side_name(s)} {bids[s]}" for s in game.sides)))
    head.append(("to choose", ", ".join(game.side_name(s) for s in view.get("to_move", [])) or "-"))
    head.append(("legend", legend))
    sections = [
        TextSection(
            title=f"Round {st.get('round')} of at most {st.get('max_rounds')} ({st.get('mode')})",
            rows=tuple(head),
        ),
        TextSection(title="Board", rows=board_rows(st)),
    ]
    rows = []
    for a in st.get("aircraft", []):
        where = a["status"] if a["area"] is None else f"{a['area'][0]}.{a['area'][1]} facing {a['facing']}"
        rows.append((a["id"], a["kind"], where, "marker" if a["marked"] else "-"))
    sections.append(TextSection(title="Aircraft", rows=tuple(rows), header=("aircraft", "kind", "area", "activation")))
    status = []
    for s in game.sides:
        row = [
            game.side_name(s),
            f"Command Points {st['command_points'][s]}",
            f"cards in hand {st['hand_sizes'][s]}",
            f"aircraft lost {sum(st['lost'][s].values())}",
        ]
        if not hunt:
            row.append(f"VP {st['vp'][s]}")
        status.append(tuple(row))
    sections.append(TextSection(title="Sides", rows=tuple(status)))
    cards = [("Order Pool", ", ".join(_card(c) for c in st.get("pool", [])) or "-")]
    cards.append(("pile / discards", f"{st.get('deck')} / {len(st.get('discard', []))}"))
    known = list(dict.fromkeys(st.get("pool", [])))
    if me is not None and st.get("hand") is not None:
        cards.append(("my hand", ", ".join(CARD_NAMES[c] for c in st["hand"]) or "-"))
        known += [c for c in dict.fromkeys(st["hand"]) if c not in known]
    cards += [(CARD_NAMES[c], CARD_EFFECTS[c]) for c in known if c in CARD_EFFECTS]
    sections.append(TextSection(title="Order Cards", rows=tuple(cards)))
    if me is not None:
        sections.append(TextSection(title="My range diagrams", rows=range_rows(me)))
    cb = st.get("combat")
    if cb:
        crow = [("attacker", cb["attacker"]), ("defender", cb["defender"])]
        if cb["plans"]:
            for k, v in cb["plans"].items():
                crow.append((f"{k} tokens", ", ".join(TOKEN_WORDS[t] for t in v)))
        for k, v in cb.get("moves", {}).items():
            moves = ", ".join(f"1 area {d}" + ("" if t == "S" else f" + turn {TURN_WORDS[t]}") for d, t in v)
            crow.append((f"{k} token moves", f"{moves or 'none'} (Loop, Sixth Sense reverse them)"))
        if cb["played"]:
            crow.append(("cards played", ", ".join(CARD_NAMES[c] for c in cb["played"])))
        mods = [f"Veterans +{n} card" for n in [cb["veterans"].get("ijn", 0)] if n]
        mods += [f"{game.side_name(s)} Aileron Roll x{n}" for s, n in cb["aileron"].items() if n]
        if cb["dodge"]:
            mods.append("Dodge: no Firing")
        if mods:
            crow.append(("Firing modifiers", "; ".join(mods)))
        for k, col in cb.get("sight", {}).items():
            crow.append((f"{k} if Firing now", sight_words(col)))
        sections.append(TextSection(title="Combat", rows=tuple(crow)))
    return sections
