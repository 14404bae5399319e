// hbg's board for the browser: the 5 x 8 sea-zone map (as docs/hbg-map.svg: zone 1 at the top right,
// column 1 drawn east), Midway, squalls, task forces (own, and the enemy's once located), air groups with
// their mission, ordnance, fuel marker and Strike Group, the carrier cards (op status, damage, hangar and
// deck) and the Battle Board.
// Zones, ships and air groups carry data-pick-key/-val: clicking one picks the option that names it.

const CELL = 100;
const COLS = 5;
const ROWS = 8;
const LEFT = 20;
const TOP = 20;

function zoneXY(zone) {
  const n = Number(zone) - 1;
  const row = Math.floor(n / COLS);
  const col = n % COLS;
  return [LEFT + (COLS - 1 - col) * CELL, TOP + row * CELL];
}

export function render(container, view, ctx) {
  const { el, svg } = ctx;
  const s = view.state || {};
  const me = view.side;
  const ships = s.ships || [];
  const air = s.air || [];
  const squalls = new Set(s.squalls || []);

  container.append(el("div", { class: "hbg-head" },
    el("b", {}, `Turn ${s.turn} of ${s.max_turns || "∞"}`), " · ", `step ${s.step} ${s.step_title || ""}`,
    s.vp ? ` · VP ${Object.entries(s.vp).map(([k, v]) => `${k.toUpperCase()} ${v}`).join(" – ")}` : "",
    // Victory By Losses (HBG-R36): no VP; the ships each side has lost, and Midway's airfield
    s.losses ? ` · sunk: ${Object.entries(s.losses).map(([k, v]) => `${k.toUpperCase()} ${v.carriers} CV, ${v.capital_ships} capital, ${v.ships} ships`).join(" – ")}${s.losses.usn.airfield_destroyed ? " · Midway airfield destroyed" : ""}` : "",
    s.cup ? ` · cup: ${Object.entries(s.cup).map(([k, v]) => `${k} ${v}`).join(", ")}` : "",
    s.drawn ? ` · drawn: ${s.drawn}` : ""));

  const map = svg("svg", { viewBox: `0 0 ${LEFT * 2 + COLS * CELL} ${TOP * 2 + ROWS * CELL}`, role: "img", "aria-label": "sea zones" });
  for (let zone = 1; zone <= COLS * ROWS; zone++) {
    const [x, y] = zoneXY(zone);
    const g = svg("g", { "data-pick-key": "zone", "data-pick-val": String(zone) });
    g.append(svg("rect", { x, y, width: CELL, height: CELL, fill: squalls.has(zone) ? "#9fb7c9" : "#cfe6f7", stroke: "#34495e", "stroke-width": 1 }));
    g.append(svg("text", { x: x + 5, y: y + 16, "font-size": 14, "font-weight": "bold", fill: "#34495e" }, String(zone).padStart(2, "0")));
    if (squalls.has(zone)) g.append(svg("text", { x: x + CELL - 5, y: y + 16, "font-size": 11, "text-anchor": "end", fill: "#2c3e50" }, "squall"));
    map.append(g);
  }
  const midwayZone = s.midway && (s.midway.airfield || {}).zone;
  if (midwayZone) {
    const [x, y] = zoneXY(midwayZone);
    const damage = Object.values(s.midway).reduce((n, u) => n + (u.damage || 0), 0);
    map.append(svg("circle", { cx: x + CELL - 18, cy: y + CELL - 18, r: 12, fill: "#d8c690", stroke: "#7a6a3a" }));
    map.append(svg("text", { x: x + CELL - 18, y: y + CELL - 38, "font-size": 10, "text-anchor": "middle" }, `Midway${damage ? ` (${damage} dmg)` : ""}`));
  }
  // task forces: the ships of one side in one zone, as one marker
  const groups = new Map();
  for (const ship of ships) {
    if (ship.zone === null || ship.zone === undefined || ship.sunk) continue;
    const key = `${ship.zone}:${ship.side}`;
    if (!groups.has(key)) groups.set(key, []);
    groups.get(key).push(ship);
  }
  for (const [key, group] of groups) {
    const [zone, side] = key.split(":");
    const [x, y] = zoneXY(zone);
    const ox = side === "usn" ? 8 : 52;
    const carriers = group.filter((sh) => sh.op !== undefined || /_cv|cv$/.test(sh.unit));
    const marker = svg("g", { "data-pick-key": "ship", "data-pick-val": (carriers[0] || group[0]).id });
    marker.append(svg("rect", { x: x + ox, y: y + 26, width: 40, height: 28, rx: 4, fill: side === "usn" ? "#2f6fb3" : "#b23a3a", stroke: side === me ? "#f1c40f" : "#222", "stroke-width": side === me ? 2 : 1 }));
    marker.append(svg("text", { x: x + ox + 20, y: y + 44, "font-size": 11, fill: "#fff", "text-anchor": "middle" }, `${group.length}${carriers.length ? `/${carriers.length}CV` : ""}`));
    marker.append(svg("title", {}, group.map((sh) => `${sh.name}${sh.damage ? ` (${sh.damage} damage)` : ""}${sh.op ? `, ${sh.op}` : ""}`).join("\n")));
    map.append(marker);
  }
  // air groups aloft
  const aloft = new Map();
  for (const unit of air) {
    if (unit.at !== "air" || !unit.zone) continue;
    if (!aloft.has(unit.zone)) aloft.set(unit.zone, []);
    aloft.get(unit.zone).push(unit);
  }
  for (const [zone, units] of aloft) {
    const [x, y] = zoneXY(zone);
    units.slice(0, 4).forEach((unit, i) => {
      const gx = x + 6 + (i % 2) * 46;
      const gy = y + 60 + Math.floor(i / 2) * 18;
      const g = svg("g", { "data-pick-key": "air", "data-pick-val": unit.id });
      g.append(svg("rect", { x: gx, y: gy, width: 42, height: 15, rx: 7, fill: unit.side === "usn" ? "#8fb8e6" : "#e6a0a0", stroke: "#333" }));
      g.append(svg("text", { x: gx + 21, y: gy + 11, "font-size": 9, "text-anchor": "middle" }, `${unit.unit}×${unit.n}${unit.ordnance ? " " + unit.ordnance[0] : ""}`));
      g.append(svg("title", {}, `${unit.unit} ×${unit.n}, ${unit.mission || "no mission"}${unit.ordnance ? `, ${unit.ordnance}` : ""}${unit.oof ? ", out of fuel" : unit.fuel != null ? `, fuel ${unit.fuel}` : ""}${unit.strike ? `, Strike Group ${unit.strike}` : ""}`));
      map.append(g);
    });
    if (units.length > 4) map.append(svg("text", { x: x + CELL - 6, y: y + CELL - 4, "font-size": 9, "text-anchor": "end" }, `+${units.length - 4}`));
  }
  container.append(el("div", { class: "map hbg-map" }, map));

  // carrier cards: own carriers (and the enemy's that are known)
  const cards = el("div", { class: "boxes" });
  for (const ship of ships) {
    if (ship.op === undefined && !ship.air_service) continue;
    const based = air.filter((u) => u.base === ship.id && u.at !== "air");
    const card = el("div", { class: "box", "data-pick-key": "ship", "data-pick-val": ship.id },
      el("h4", {}, `${ship.name}${ship.sunk ? " (sunk)" : ""}`),
      el("div", {}, `op: ${ship.op || "–"} · damage ${ship.damage}${ship.air_service !== undefined ? ` · air service ${ship.air_service}` : ""}`),
      ["hangar", "deck"].map((at) => el("div", {}, `${at}: `,
        based.filter((u) => u.at === at).map((u) => el("span", { class: `chip ${u.side}`, "data-pick-key": "air", "data-pick-val": u.id }, `${u.unit}×${u.n}${u.ordnance ? ` ${u.ordnance}` : ""}`)))));
    cards.append(card);
  }
  if (cards.childElementCount) container.append(el("h3", {}, "Carriers"), cards);
  if (s.battle) container.append(battleBoard(s.battle, ctx));
}

// The Battle Board: rings and areas with the units in them, drawn from whatever the battle holds.
function battleBoard(battle, ctx) {
  const { el, svg } = ctx;
  const size = 360;
  const board = svg("svg", { viewBox: `0 0 ${size} ${size}`, role: "img", "aria-label": "battle board" });
  const rings = ["outer", "middle", "inner"];
  rings.forEach((ring, i) => {
    board.append(svg("circle", { cx: size / 2, cy: size / 2, r: size / 2 - 10 - i * 50, fill: ["#e8f1f8", "#d6e6f3", "#c3d9ec"][i], stroke: "#34495e" }));
    board.append(svg("text", { x: size / 2, y: 24 + i * 50, "text-anchor": "middle", "font-size": 10 }, ring));
  });
  board.append(svg("text", { x: size / 2, y: size / 2 + 4, "text-anchor": "middle", "font-size": 12, "font-weight": "bold" }, battle.target || "target"));
  const units = [];
  for (const [key, value] of Object.entries(battle)) {
    if (Array.isArray(value)) for (const u of value) if (u && typeof u === "object") units.push({ ...u, area: u.area || u.ring || key });
  }
  units.slice(0, 24).forEach((u, i) => {
    const ring = Math.max(0, rings.indexOf(u.ring || u.area));
    const radius = size / 2 - 35 - ring * 50;
    const angle = (i / Math.max(1, units.length)) * Math.PI * 2;
    const x = size / 2 + radius * Math.cos(angle);
    const y = size / 2 + radius * Math.sin(angle);
    const g = svg("g", { "data-pick-key": "air", "data-pick-val": u.id || "" });
    g.append(svg("circle", { cx: x, cy: y, r: 11, fill: u.side === "ijn" ? "#e6a0a0" : "#8fb8e6", stroke: "#333" }));
    g.append(svg("text", { x, y: y + 3, "text-anchor": "middle", "font-size": 8 }, String(u.n ?? u.unit ?? "").slice(0, 4)));
    g.append(svg("title", {}, JSON.stringify(u)));
    board.append(g);
  });
  return el("div", { class: "map battle" }, el("h3", {}, "Battle Board"), board);
}
