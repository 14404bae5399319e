"""Draw docs/vam-map.svg: the reconstructed "Victory at Midway" map with the setup (VAM-R01, VAM-R07, VAM-R08).

Usage: .venv/bin/python scripts/vam_map_svg.py [output path]

Flat-topped hexes, columns lettered from the west, rows numbered from the north; columns B, D, F... sit
half a hex lower (the geometry the B4 search example fixes). Grey: the fog zone. The setup: the US task
forces, the submarines, Midway's garrison and aircraft; the Japanese enter by column A (group 13 by
A1-A4); the off-map search bases (Johnston, Wake).
"""

from __future__ import annotations

import math
import sys
from pathlib import Path

from midway.rulesets.vam.data import DATA, split

SIZE = 34.0  # hex radius
W = SIZE * 2
H = math.sqrt(3) * SIZE
MARGIN = 60.0


def centre(hex_: str) -> tuple[float, float]:
    c, r = split(hex_)
    x = MARGIN + SIZE + c * W * 0.75
    y = MARGIN + H / 2 + r * H + (H / 2 if c & 1 else 0)
    return x, y


def polygon(x: float, y: float) -> str:
    pts = []
    for k in range(6):
        a = math.radians(60 * k)
        pts.append(f"{x + SIZE * math.cos(a):.1f},{y + SIZE * math.sin(a):.1f}")
    return " ".join(pts)


def setup_labels() -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    counts: dict[tuple[str, str], list[str]] = {}
    for d in DATA.units.values():
        if d.kind == "ship" and d.start != "enter":
            counts.setdefault((d.start, d.side), []).append(d.code)
    for (h, side), codes in counts.items():
        cvs = codes.count("CV")
        others = len(codes) - cvs
        text = f"{cvs}xCV+{others}" if cvs else f"{len(codes)}x{codes[0]}"
        out.setdefault(h, []).append(("US " if side == "usn" else "JP ") + text)
    return out


def draw() -> str:
    cols = len(DATA.columns)
    width = MARGIN * 2 + W * 0.75 * (cols - 1) + W + 150
    height = MARGIN * 2 + H * (DATA.rows + 0.5) + 40
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:.0f}" height="{height:.0f}" '
        f'viewBox="0 0 {width:.0f} {height:.0f}" font-family="sans-serif">',
        '<rect width="100%" height="100%" fill="#eaf3fb"/>',
        f'<text x="{MARGIN}" y="30" font-size="18" font-weight="bold">Victory at Midway — carte reconstruite '
        "et mise en place (VAM-R01, VAM-R07, VAM-R08)</text>",
    ]
    labels = setup_labels()
    for h in DATA.hexes:
        x, y = centre(h)
        fill = "#b9bec4" if h in DATA.fog else "#d6e9f8"
        parts.append(f'<polygon points="{polygon(x, y)}" fill="{fill}" stroke="#5b7a99" stroke-width="1"/>')
        parts.append(
            f'<text x="{x:.1f}" y="{y - H / 2 + 12:.1f}" font-size="9" text-anchor="middle" fill="#33475b">{h}</text>'
        )
        if h == DATA.midway:
            parts.append(f'<circle cx="{x:.1f}" cy="{y:.1f}" r="9" fill="#2e7d32"/>')
            parts.append(f'<text x="{x:.1f}" y="{y + 22:.1f}" font-size="10" text-anchor="middle">Midway</text>')
        if h == DATA.kure:
            parts.append(f'<circle cx="{x:.1f}" cy="{y:.1f}" r="6" fill="#8d6e63"/>')
            parts.append(f'<text x="{x:.1f}" y="{y + 20:.1f}" font-size="10" text-anchor="middle">Kure</text>')
        for k, text in enumerate(labels.get(h, [])):
            colour = "#0d47a1" if text.startswith("US") else "#b71c1c"
            parts.append(
                f'<text x="{x:.1f}" y="{y + 4 + 11 * k:.1f}" font-size="9" text-anchor="middle" '
                f'fill="{colour}" font-weight="bold">{text}</text>'
            )
    for r in range(1, DATA.rows + 1):
        x, y = centre(f"A{r}")
        colour = "#b71c1c" if f"A{r}" not in DATA.group13_entry else "#6a1b9a"
        parts.append(f'<text x="{x - SIZE - 22:.1f}" y="{y + 4:.1f}" font-size="14" fill="{colour}">➜</text>')
    for key in ("johnston", "wake"):
        s = DATA.searches[key]
        x, y = centre(s.origin)
        parts.append(
            f'<text x="{x:.1f}" y="{y + H / 2 + 16:.1f}" font-size="10" text-anchor="middle" fill="#37474f">'
            f"↓ {s.name.split(' (')[0]}</text>"
        )
    lx = MARGIN + W * 0.75 * (cols - 1) + W + 10
    legend = [
        ("#b9bec4", "brouillard (nord-ouest)"),
        ("#b71c1c", "➜ entrée japonaise, colonne A"),
        ("#6a1b9a", "➜ groupe 13 : A1-A4 seulement"),
        ("#0d47a1", "US : TF 16 et 17 en J4, SS en F5-F7"),
        ("#b71c1c", "JP : SS en J5 et J7"),
        ("#2e7d32", "Midway H6 : 6 compagnies, 9 unités aériennes"),
    ]
    for k, (colour, text) in enumerate(legend):
        parts.append(f'<rect x="{lx:.0f}" y="{MARGIN + 20 * k:.0f}" width="12" height="12" fill="{colour}"/>')
        parts.append(f'<text x="{lx + 16:.0f}" y="{MARGIN + 10 + 20 * k:.0f}" font-size="10">{text}</text>')
    parts.append("</svg>")
    return "\n".join(parts) + "\n"


def main() -> None:
    out = Path(sys.argv[1]) if len(sys.argv) > 1 else Path(__file__).resolve().parents[1] / "docs" / "vam-map.svg"
    out.write_text(draw(), encoding="utf-8")
    print(out)


if __name__ == "__main__":
    main()
