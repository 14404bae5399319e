// vam's board for the browser: the hex map (columns A–L, rows 1–9) with the fog zone, Midway and Kure,
// your ships by hex (a counter per task group) and the enemy contacts you have located; then your air
// groups by base. A hex or a ship picks its option (a search or move to that hex, a target, a battle).

const HEX = 30; // radius
const W = HEX * 1.5;
const H = HEX * Math.sqrt(3);

function centre(col, row) {
  // flat-topped hexes, odd columns shifted down (the printed map's layout)
  return [HEX + col * W, H / 2 + row * H + (col % 2 ? H / 2 : 0)];
}

function corners(x, y) {
  const out = [];
  for (let i = 0; i < 6; i++) {
    const a = (Math.PI / 3) * i;
    out.push(`${(x + HEX * Math.cos(a)).toFixed(1)},${(y + HEX * Math.sin(a)).toFixed(1)}`);
  }
  return out.join(" ");
}

export function render(container, view, ctx) {
  const { el, svg } = ctx;
  const s = view.state || {};
  const columns = s.columns || "ABCDEFGHIJKL";
  const rows = s.rows || 9;
  const fog = new Set(s.fog || []);
  const mine = view.side || "";
  const enemy = mine === "usn" ? "ijn" : "usn";
  container.append(el("div", {}, el("b", {}, `Tour ${s.turn} · ${s.time || ""}${s.night ? " · nuit" : ""}`), ` · phase ${s.phase || ""}`,
    s.vp_scored !== undefined ? ` · PV ${s.vp_scored}` : "", s.midway_control ? ` · Midway: ${s.midway_control.toUpperCase()}` : ""));

  const byHex = new Map();
  const add = (hex, what) => { if (!hex) return; if (!byHex.has(hex)) byHex.set(hex, { own: [], seen: [] }); byHex.get(hex)[what.kind].push(what.unit); };
  for (const ship of s.ships || []) if (ship.status === "map" && ship.levels > 0) add(ship.hex, { kind: "own", unit: ship });
  for (const c of s.contacts || []) add(c.hex, { kind: "seen", unit: c });

  const width = HEX * 2 + (columns.length - 1) * W;
  const height = (rows + 0.5) * H;
  const map = svg("svg", { viewBox: `-4 -4 ${width + 8} ${height + 8}`, class: "hexmap", role: "img", "aria-label": "the hex map" });
  for (let c = 0; c < columns.length; c++) {
    for (let r = 0; r < rows; r++) {
      const hex = `${columns[c]}${r + 1}`;
      const [x, y] = centre(c, r);
      const cls = ["hex", fog.has(hex) ? "fog" : "", hex === s.midway_hex ? "midway" : "", hex === s.kure_hex ? "kure" : ""].filter(Boolean).join(" ");
      const g = svg("g", { class: cls, "data-pick-key": "hex", "data-pick-val": hex });
      g.append(svg("polygon", { points: corners(x, y) }), svg("text", { x: x - HEX * 0.55, y: y - H * 0.28, class: "hexid" }, hex));
      if (hex === s.midway_hex) g.append(svg("text", { x, y: y + H * 0.38, class: "place" }, "Midway"));
      if (hex === s.kure_hex) g.append(svg("text", { x, y: y + H * 0.38, class: "place" }, "Kure"));
      const here = byHex.get(hex);
      if (here) {
        if (here.own.length) {
          const title = here.own.map((u) => `${u.type} ${u.name}${u.damaged ? " (endommagé)" : ""}`).join("\n");
          g.append(svg("g", { class: `counter ${mine}`, "data-pick-key": "ref", "data-pick-val": here.own[0].id },
            svg("title", {}, title), svg("rect", { x: x - 15, y: y - 9, width: 30, height: 18, rx: 3 }),
            svg("text", { x, y: y + 5 }, `${here.own.length}`)));
        }
        if (here.seen.length) {
          const title = here.seen.map((u) => `${u.type} ${u.name}`).join("\n");
          const label = here.seen.length === 1 ? here.seen[0].type : `${here.seen.length}`;
          g.append(svg("g", { class: `counter ${enemy} contact`, "data-pick-key": "ref", "data-pick-val": here.seen[0].id },
            svg("title", {}, title), svg("rect", { x: x - 15, y: y + 4, width: 30, height: 16, rx: 3 }),
            svg("text", { x, y: y + 16 }, label)));
        }
      }
      map.append(g);
    }
  }
  container.append(map, el("p", { class: "muted legend" }, "Grisé : zone de brume. Bleu/rouge : vos navires (nombre dans l'hex) ; encadré : contacts ennemis repérés. Survolez un pion pour ses navires."));

  const ships = (s.ships || []).filter((u) => u.levels > 0);
  if (ships.length) {
    const groups = new Map();
    for (const u of ships) { const k = `${u.hex || u.status}`; if (!groups.has(k)) groups.set(k, []); groups.get(k).push(u); }
    container.append(el("h3", {}, "Vos navires"), el("div", { class: "boxes" }, [...groups].map(([where, units]) => el("div", { class: "box", "data-pick-key": "hex", "data-pick-val": where },
      el("h4", {}, where), units.map((u) => el("span", { class: `chip ${mine}${u.damaged ? " damaged" : ""}`, title: `${u.name}, ${u.levels} niveau(x)`, "data-pick-key": "ref", "data-pick-val": u.id }, `${u.type} ${u.name}`))))));
  }
  const planes = (s.aircraft || []).filter((a) => a.levels > 0);
  if (planes.length) {
    const bases = new Map();
    for (const a of planes) { if (!bases.has(a.base)) bases.set(a.base, []); bases.get(a.base).push(a); }
    container.append(el("h3", {}, "Vos avions"), el("div", { class: "boxes" }, [...bases].map(([base, units]) => el("div", { class: "box" },
      el("h4", {}, base || "—"), units.map((a) => el("span", { class: `chip ${mine}${a.ready ? "" : " spent"}`, title: `${a.name}: ${a.status}${a.ready ? "" : " (pas prêt)"}`, "data-pick-key": "ref", "data-pick-val": a.id }, `${a.type}${a.levels}`))))));
  }
  if (s.debrief) container.append(el("h3", {}, "Bilan"), el("pre", { class: "debrief" }, JSON.stringify(s.debrief, null, 1)));
}
