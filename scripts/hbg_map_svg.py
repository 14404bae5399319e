"""Draw the hbg ("The Battle of Midway", HistoricalBoardGaming.com) map as SVG.

Reads src/midway/rulesets/hbg/data/map.toml and writes docs/hbg-map.svg (plain SVG written by
hand, no dependency). Usage: python scripts/hbg_map_svg.py [output.svg]
"""

from __future__ import annotations

import math
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
MAP_TOML = ROOT / "src" / "midway" / "rulesets" / "hbg" / "data" / "map.toml"
OUT = ROOT / "docs" / "hbg-map.svg"

CELL = 100
MARGIN_X = 60
MARGIN_TOP = 80
LEGEND_H = 150
SEA = "#e8f1f8"
SQUALL_FILL = {1: "#bfe0ff", 2: "#6fa8dc"}


def star(cx: float, cy: float, r: float) -> str:
    """A five-pointed star polygon centred on (cx, cy)."""
    pts = []
    for i in range(10):
        rad = r if i % 2 == 0 else r * 0.4
        a = -math.pi / 2 + i * math.pi / 5
        pts.append(f"{cx + rad * math.cos(a):.1f},{cy + rad * math.sin(a):.1f}")
    return f'<polygon points="{" ".join(pts)}" fill="white"/>'


def roundel(cx: float, cy: float) -> str:
    """The 1942 US roundel: blue disc, white star, red centre."""
    return (
        f'<circle cx="{cx}" cy="{cy}" r="14" fill="#1f3a93"/>'
        + star(cx, cy, 13)
        + f'<circle cx="{cx}" cy="{cy}" r="3.5" fill="#c0392b"/>'
    )


def render(data: dict) -> str:
    cols, rows = data["grid"]["columns"], data["grid"]["rows"]
    special = data["special"]
    squall = {z: r["order"] for r in data["squall_row"] for z in r["zones"]}
    width = 2 * MARGIN_X + cols * CELL
    height = MARGIN_TOP + rows * CELL + LEGEND_H
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" font-family="Helvetica, Arial, sans-serif">',
        f'<rect width="{width}" height="{height}" fill="white"/>',
        f'<text x="{width / 2}" y="28" text-anchor="middle" font-size="20" font-weight="bold">'
        "The Battle of Midway (hbg) - Sea Zones</text>",
        f'<text x="{width / 2}" y="50" text-anchor="middle" font-size="12">'
        "5 x 8 grid, 8-neighbour adjacency (HBG-R17, HBG-R18); column 1 drawn east (HBG-R19)</text>",
    ]
    # compass
    out.append(
        f'<g transform="translate({width - 30},{MARGIN_TOP + 30})">'
        '<polygon points="0,-14 6,6 0,2 -6,6" fill="black"/>'
        '<text x="0" y="20" text-anchor="middle" font-size="12" font-weight="bold">N</text></g>'
    )
    for z in data["zone"]:
        x = MARGIN_X + z["draw_x"] * CELL
        y = MARGIN_TOP + z["draw_y"] * CELL
        fill = SQUALL_FILL.get(squall.get(z["id"], 0), SEA)
        out.append(f'<rect x="{x}" y="{y}" width="{CELL}" height="{CELL}" fill="{fill}" stroke="#34495e"/>')
        out.append(f'<text x="{x + 8}" y="{y + 22}" font-size="18" font-weight="bold">{z["id"]:02d}</text>')
        cx, cy = x + CELL / 2, y + CELL / 2
        if z["id"] == special["first_squall"]:
            out.append(f'<text x="{x + CELL - 8}" y="{y + 22}" text-anchor="end" font-size="11">1st squall</text>')
        if z["id"] == special["midway"]:
            out.append(f'<ellipse cx="{cx}" cy="{cy + 8}" rx="22" ry="12" fill="#d4b483" stroke="#7f6a3c"/>')
            out.append(
                f'<text x="{cx}" y="{y + CELL - 10}" text-anchor="middle" font-size="13" '
                'font-weight="bold">Midway</text>'
            )
        if z["id"] in special["usn_roundels"]:
            out.append(roundel(x + CELL - 22, y + CELL - 22))
        if z["id"] == special["ijn_entry"]:
            out.append(
                f'<text x="{cx}" y="{cy + 4}" text-anchor="middle" font-size="12" font-weight="bold" '
                'fill="#a93226">IJN entry</text>'
            )
            out.append(
                f'<text x="{cx}" y="{cy + 20}" text-anchor="middle" font-size="10" fill="#a93226">'
                "all reinforcements</text>"
            )
            ay = y + CELL
            out.append(f'<polygon points="{cx - 8},{ay + 22} {cx + 8},{ay + 22} {cx},{ay + 4}" fill="#a93226"/>')
        if z["id"] == special["ijn_strike_start"]:
            out.append(
                f'<text x="{x + 8}" y="{cy + 8}" font-size="10" fill="#a93226">IJN strikes</text>'
                f'<text x="{x + 8}" y="{cy + 21}" font-size="10" fill="#a93226">at start</text>'
            )
    ly = MARGIN_TOP + rows * CELL + 40
    legend = [
        (
            f'<rect x="{MARGIN_X}" y="{ly - 12}" width="16" height="16" fill="{SQUALL_FILL[1]}" stroke="#34495e"/>',
            "Squall row 1 (SZ01-05, light blue): first squall in SZ03",
        ),
        (
            f'<rect x="{MARGIN_X}" y="{ly - 12}" width="16" height="16" fill="{SQUALL_FILL[2]}" stroke="#34495e"/>',
            "Squall row 2 (SZ06-10, dark blue): when row 1 is full",
        ),
        (roundel(MARGIN_X + 8, ly - 4), "USN roundel: USN reinforcement entry (1.3.1)"),
        (
            f'<text x="{MARGIN_X}" y="{ly}" font-size="11" fill="#a93226" font-weight="bold">IJN</text>',
            "SZ37: all IJN reinforcements and transports (1.3.2)",
        ),
    ]
    for i, (symbol, text) in enumerate(legend):
        dy = i * 26
        out.append(f'<g transform="translate(0,{dy})">{symbol}</g>')
        out.append(f'<text x="{MARGIN_X + 32}" y="{ly + dy}" font-size="12">{text}</text>')
    out.append("</svg>")
    return "\n".join(out) + "\n"


def main(argv: list[str]) -> int:
    target = Path(argv[1]) if len(argv) > 1 else OUT
    with MAP_TOML.open("rb") as fh:
        data = tomllib.load(fh)
    target.write_text(render(data), encoding="utf-8")
    print(f"wrote {target}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv))
