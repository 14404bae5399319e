"""Draw docs/boredgames-board.svg: the reconstructed Bored Games board and range diagrams.

Everything comes from the ruleset's data files (src/midway/rulesets/boredgames/data/*.toml), so the
picture shows exactly what the rules code plays (rulings BG-R18 to BG-R21 of RULINGS.md).

    .venv/bin/python scripts/boredgames_board_svg.py
"""

from __future__ import annotations

from pathlib import Path

from midway.rulesets.boredgames.data import (
    BASE_CELLS,
    BIG,
    CARRIER,
    DIAGRAMS,
    MIDWAY_CELLS,
    REINFORCEMENT,
    SMALL,
    TILES,
)

OUT = Path(__file__).resolve().parents[1] / "docs" / "boredgames-board.svg"
CELL = 28
FILL = {"red": "#d62828", "yellow": "#f6c90e", "light_blue": "#9ad1f5", "navy": "#1d3557"}


def rect(x: float, y: float, w: float, h: float, fill: str, stroke: str = "#555", sw: float = 1) -> str:
    return f'<rect x="{x}" y="{y}" width="{w}" height="{h}" fill="{fill}" stroke="{stroke}" stroke-width="{sw}"/>'


def text(x: float, y: float, s: str, size: int = 11, anchor: str = "middle", fill: str = "#000") -> str:
    style = f'font-family="sans-serif" font-size="{size}" text-anchor="{anchor}" fill="{fill}"'
    return f'<text x="{x}" y="{y}" {style}>{s}</text>'


def board(ox: float, oy: float, mode: str) -> list[str]:
    out = [text(ox + 6 * CELL, oy - 10, f"Board ({mode})", 14)]
    for x, y in sorted(BASE_CELLS):
        fill = "#e8f1f8"
        label = ""
        if (x, y) in MIDWAY_CELLS:
            fill = "#d8ead0"
        if mode == "Carrier Hunt":
            for side, c in CARRIER.items():
                if (x, y) == c:
                    fill, label = ("#3a6ea5" if side == "usn" else "#c0392b"), "CV"
        else:
            for side, cells in REINFORCEMENT.items():
                if (x, y) in cells:
                    fill, label = ("#7fb3e6" if side == "usn" else "#ee8b80"), "R"
        out.append(rect(ox + x * CELL, oy + y * CELL, CELL, CELL, fill, "#889", 0.6))
        if label:
            out.append(text(ox + x * CELL + CELL / 2, oy + y * CELL + CELL / 2 + 4, label, 10, fill="#fff"))
    for tx, ty in TILES:
        out.append(rect(ox + tx * BIG * CELL, oy + ty * BIG * CELL, BIG * CELL, BIG * CELL, "none", "#222", 2))
    # a Small Board Tile as it would be added north of Midway (the 2x2 block of the area entered)
    sx, sy = 4, 2
    out.append(rect(ox + sx * CELL, oy + sy * CELL, SMALL * CELL, SMALL * CELL, "#f4e7c5", "#a07d2c", 1.5))
    out.append(text(ox + (sx + 1) * CELL, oy + (sy + 1) * CELL + 4, "small", 9))
    for x in range(12):
        out.append(text(ox + x * CELL + CELL / 2, oy + 12 * CELL + 12, str(x), 8, fill="#666"))
    for y in range(12):
        out.append(text(ox - 6, oy + y * CELL + CELL / 2 + 3, str(y), 8, "end", "#666"))
    return out


def diagram(ox: float, oy: float, side: str, kind: str) -> list[str]:
    d = DIAGRAMS[(side, kind)].cells
    size = 18
    out = [text(ox + 3.5 * size, oy - 6, f"{'American' if side == 'usn' else 'Japanese'} {kind}", 11)]
    # rows: ahead 3 (top) .. behind 1 (bottom); columns: right -3 .. +3
    for row, ahead in enumerate(range(3, -2, -1)):
        for col, right in enumerate(range(-3, 4)):
            colour = d.get((ahead, right))
            fill = FILL[colour] if colour else "#ffffff"
            out.append(rect(ox + col * size, oy + row * size, size, size, fill, "#999", 0.5))
            if (ahead, right) == (0, 0):
                out.append(text(ox + col * size + size / 2, oy + row * size + size / 2 + 4, "^", 12))
    return out


def main() -> None:
    parts: list[str] = []
    parts += board(30, 40, "Carrier Hunt")
    parts += board(30 + 13 * CELL + 40, 40, "Domination")
    y0 = 40 + 12 * CELL + 60
    x = 30
    for side in ("usn", "ijn"):
        for kind in ("fighter", "bomber"):
            parts += diagram(x, y0, side, kind)
            x += 7 * 18 + 40
    ly = y0 + 5 * 18 + 30
    for i, (name, colour) in enumerate(FILL.items()):
        parts.append(rect(30 + i * 150, ly, 14, 14, colour))
        cards = {
            "red": "3 cards, attack",
            "yellow": "2 cards, attack",
            "light_blue": "2 cards, defence",
            "navy": "1 card, defence",
        }[name]
        parts.append(text(50 + i * 150, ly + 11, f"{name.replace('_', ' ')}: {cards}", 10, "start"))
    parts.append(
        text(
            30,
            ly + 34,
            "Diagrams: the firer (^) faces up; rows are 3 ahead to 1 behind. Reconstructed: BG-R18..BG-R21.",
            10,
            "start",
        )
    )
    w = 30 + 2 * (13 * CELL) + 60
    h = ly + 50
    svg = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" viewBox="0 0 {w} {h}">']
    svg.append(rect(0, 0, w, h, "#ffffff", "none", 0))
    svg += parts
    svg.append("</svg>")
    OUT.write_text("\n".join(svg) + "\n", encoding="utf-8")
    print(f"wrote {OUT}")


if __name__ == "__main__":
    main()
