// boredgames' board for the browser: the square areas of the Big Board Tiles (and any Small Board Tiles
// in play) with Midway, both carriers and every aircraft on its area with its facing; then command
// points, bids, cards and losses. An area or an aircraft picks its option (a placement, an activation).

const CELL = 44;
// From data/board.toml: the Midway tile and the carriers' areas (the view shows units, not the map).
const MIDWAY = { x0: 4, y0: 4, size: 4 };
const CARRIERS = { usn: [0, 5], ijn: [11, 6] };
const ARROW = { N: [0, -1], E: [1, 0], S: [0, 1], W: [-1, 0] };

export function render(container, view, ctx) {
  const { el, svg } = ctx;
  const s = view.state || {};
  const d = ctx.decision;
  container.append(el("div", {}, el("b", {}, `Round ${s.round} of ${s.max_rounds}`), ` · ${s.mode} · phase ${s.phase} · initiative ${s.initiative}`,
    s.vp ? ` · VP USN ${s.vp.usn} · IJN ${s.vp.ijn}` : ""));

  const cells = [];
  for (let y = 0; y < 12; y++) for (let x = 0; x < 12; x++) cells.push([x, y]);
  for (const t of s.small_tiles || []) if (t) for (let j = 0; j < 2; j++) for (let i = 0; i < 2; i++) cells.push([t[0] + i, t[1] + j]);
  for (const o of (d && d.options) || []) if (o.data && o.data.x !== undefined) cells.push([o.data.x, o.data.y]);
  for (const a of s.aircraft || []) if (a.area) cells.push(a.area);
  const xs = cells.map((c) => c[0]);
  const ys = cells.map((c) => c[1]);
  const [minX, maxX, minY, maxY] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
  const px = (x) => (x - minX) * CELL;
  const py = (y) => (y - minY) * CELL;
  const board = svg("svg", { viewBox: `-2 -2 ${(maxX - minX + 1) * CELL + 4} ${(maxY - minY + 1) * CELL + 4}`, class: "squares", role: "img", "aria-label": "the board" });
  const seen = new Set();
  for (const [x, y] of cells) {
    const key = `${x},${y}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const midway = x >= MIDWAY.x0 && x < MIDWAY.x0 + MIDWAY.size && y >= MIDWAY.y0 && y < MIDWAY.y0 + MIDWAY.size;
    const carrier = Object.entries(CARRIERS).find(([, c]) => c[0] === x && c[1] === y);
    const g = svg("g", { class: `area${midway ? " midway" : ""}${carrier ? ` carrier ${carrier[0]}` : ""}`, "data-pick-key": "x,y", "data-pick-val": key });
    g.append(svg("rect", { x: px(x), y: py(y), width: CELL, height: CELL }), svg("text", { x: px(x) + 3, y: py(y) + 10, class: "areaid" }, `${x}.${y}`));
    if (carrier) g.append(svg("text", { x: px(x) + CELL / 2, y: py(y) + CELL - 4, class: "place" }, "CV"));
    board.append(g);
  }
  const stacked = new Map();
  for (const a of s.aircraft || []) {
    if (!a.area) continue;
    const key = a.area.join(",");
    const n = stacked.get(key) || 0;
    stacked.set(key, n + 1);
    const x = px(a.area[0]) + CELL / 2 + (n % 2 ? 9 : -9) * (n > 0 ? 1 : 0);
    const y = py(a.area[1]) + CELL / 2 + (n > 1 ? 8 : 0);
    const [dx, dy] = ARROW[a.facing] || [0, -1];
    const g = svg("g", { class: `plane ${a.side}${a.marked ? " marked" : ""}`, "data-pick-key": "aircraft", "data-pick-val": a.id },
      svg("title", {}, `${a.id} (${a.kind}) facing ${a.facing}${a.marked ? ", marked" : ""}`),
      svg("circle", { cx: x, cy: y, r: 11 }),
      svg("line", { x1: x, y1: y, x2: x + dx * 17, y2: y + dy * 17 }),
      svg("text", { x, y: y + 4 }, a.kind === "bomber" ? "B" : "F"));
    board.append(g);
  }
  container.append(board, el("p", { class: "muted legend" }, "Squares: areas (x.y); the shaded block is Midway, CV the carriers. Circles: aircraft, the line shows the facing."));

  const waiting = (s.aircraft || []).filter((a) => !a.area && a.status !== "destroyed");
  if (waiting.length) {
    container.append(el("div", { class: "boxes" }, el("div", { class: "box" }, el("h4", {}, "Not on the board"),
      waiting.map((a) => el("span", { class: `chip ${a.side}`, title: a.status, "data-pick-key": "aircraft", "data-pick-val": a.id }, `${a.id} (${a.status})`)))));
  }
  const facts = [
    ["Command points", s.command_points ? `USN ${s.command_points.usn} · IJN ${s.command_points.ijn}` : "–"],
    ["Bids", s.bids ? `USN ${s.bids.usn} · IJN ${s.bids.ijn}` : "sealed or none"],
    ["Your hand", s.hand ? (s.hand.join(", ") || "empty") : "–"],
    ["Hand sizes", s.hand_sizes ? `USN ${s.hand_sizes.usn} · IJN ${s.hand_sizes.ijn}` : "–"],
    ["Order Card pool", (s.pool || []).join(", ") || "empty"],
    ["Lost", s.lost ? Object.entries(s.lost).map(([side, l]) => `${side.toUpperCase()} ${l.fighter} F, ${l.bomber} B`).join(" · ") : "–"],
  ];
  container.append(el("dl", { class: "facts" }, facts.flatMap(([k, v]) => [el("dt", {}, k), el("dd", {}, v)])));
}
