"""The board as text: every area, each aircraft with its facing, and the game's status."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from midway.engine import TextSection
from midway.rulesets.boredgames.board import block_cells
from midway.rulesets.boredgames.data import BASE_CELLS, CARD_NAMES, CARRIER, MIDWAY_CELLS, REINFORCEMENT

if TYPE_CHECKING:
    from midway.engine import Game

ARROW = {"N": "^", "E": ">", "S": "v", "W": "<"}
TOKEN_WORDS = {"S": "forward", "L": "forward+left", "R": "forward+right"}


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
    legend = (
        "F/B/A = American fighter/bomber/ace, f/b/a Japanese; ^ > v < facing (north up); "
        "m Midway tile, C/c carriers, +/- reinforcement areas, s small tile"
    )
    sections = [
        TextSection(
            title=f"Round {st.get('round')} of at most {st.get('max_rounds')} ({st.get('mode')})",
            rows=(
                ("phase", str(st.get("phase"))),
                ("initiative", game.side_name(st.get("initiative", ""))),
                ("to choose", ", ".join(game.side_name(s) for s in view.get("to_move", [])) or "-"),
                ("legend", legend),
            ),
        ),
        TextSection(title="Board", rows=board_rows(st)),
    ]
    rows = []
    for a in st.get("aircraft", []):
        where = a["status"] if a["area"] is None else f"{a['area'][0]}.{a['area'][1]} facing {a['facing']}"
        rows.append((a["id"], a["kind"], where, "marker" if a["marked"] else "-"))
    sections.append(TextSection(title="Aircraft", rows=tuple(rows), header=("aircraft", "kind", "area", "activation")))
    status = [
        (
            game.side_name(s),
            f"CP {st['command_points'][s]}",
            f"hand {st['hand_sizes'][s]}",
            f"lost {sum(st['lost'][s].values())}",
            f"VP {st['vp'][s]}" if st.get("mode") == "domination" else "",
        )
        for s in game.sides
    ]
    sections.append(TextSection(title="Sides", rows=tuple(status)))
    cards = [("Order Pool", ", ".join(CARD_NAMES[c] for c in st.get("pool", [])) or "-")]
    cards.append(("pile / discards", f"{st.get('deck')} / {len(st.get('discard', []))}"))
    if me is not None and st.get("hand") is not None:
        cards.append(("my hand", ", ".join(CARD_NAMES[c] for c in st["hand"]) or "-"))
    sections.append(TextSection(title="Order Cards", rows=tuple(cards)))
    cb = st.get("combat")
    if cb:
        crow = [("attacker", cb["attacker"]), ("defender", cb["defender"])]
        if cb["plans"]:
            for k, v in cb["plans"].items():
                crow.append((f"{k} tokens", ", ".join(TOKEN_WORDS[t] for t in v)))
        if cb["played"]:
            crow.append(("cards played", ", ".join(CARD_NAMES[c] for c in cb["played"])))
        sections.append(TextSection(title="Combat", rows=tuple(crow)))
    return sections
