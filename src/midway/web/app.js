// Shared by the lobby, the game page and the replay page: the API, the seats
// remembered in local storage, and the generic rendering of any ruleset's view.

export async function api(path, { method = "GET", body, token } = {}) {
  const headers = {};
  if (body !== undefined) headers["content-type"] = "application/json";
  if (token) headers["X-Seat-Token"] = token;
  const response = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  let data = null;
  try { data = await response.json(); } catch { data = null; }
  if (!response.ok) {
    const detail = data && data.detail ? (typeof data.detail === "string" ? data.detail : JSON.stringify(data.detail)) : response.statusText;
    const error = new Error(detail);
    error.status = response.status;
    throw error;
  }
  return data;
}

// ------------------------------------------------------------------ seats
const SEATS = "midway.seats";

export function mySeats() {
  try {
    const seats = JSON.parse(localStorage.getItem(SEATS) || "[]");
    return Array.isArray(seats) ? seats : [];
  } catch { return []; }
}

export function rememberSeat(seat) {
  const seats = mySeats().filter((s) => !(s.game_id === seat.game_id && s.side === seat.side));
  seats.unshift({ ...seat, saved: Date.now() });
  localStorage.setItem(SEATS, JSON.stringify(seats.slice(0, 200)));
}

export function forgetGame(gameId) {
  localStorage.setItem(SEATS, JSON.stringify(mySeats().filter((s) => s.game_id !== gameId)));
}

// ---------------------------------------------------------------- helpers
export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === undefined || value === null || value === false) continue;
    if (key === "class") node.className = value;
    else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else if (key === "text") node.textContent = value;
    else node.setAttribute(key, value === true ? "" : value);
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

const SVGNS = "http://www.w3.org/2000/svg";
export function svg(tag, attrs = {}, ...children) {
  const node = document.createElementNS(SVGNS, tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === undefined || value === null || value === false) continue;
    if (key === "text") node.textContent = value;
    else node.setAttribute(key, value);
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

export function sideName(ruleset, side) {
  if (side === null || side === undefined) return "spectator";
  return (ruleset && ruleset.side_names && ruleset.side_names[side]) || side;
}

export function human(key) {
  return String(key).replace(/[_-]+/g, " ");
}

// -------------------------------------------------------- generic rendering
// Any view, of any ruleset: nested values as labelled tables and lists. Units,
// zones and boxes that an option refers to become clickable through
// data-pick-key / data-pick-val (the game page wires them to the options).
const PICK_KEYS = ["id", "unit", "zone", "box", "carrier", "group", "ship", "air", "target", "side"];

export function renderGeneric(container, view) {
  container.replaceChildren(el("div", { class: "generic" }, value(view.state ?? view, 0, "")));
}

function value(v, depth, key) {
  if (v === null || v === undefined) return el("span", { class: "muted" }, "–");
  if (typeof v !== "object") {
    const span = el("span", { class: `scalar ${typeof v}` }, String(v));
    if (PICK_KEYS.includes(key)) pickable(span, key, v);
    return span;
  }
  if (Array.isArray(v)) {
    if (v.length === 0) return el("span", { class: "muted" }, "none");
    if (v.every((x) => x === null || typeof x !== "object")) return el("span", {}, v.join(", "));
    if (v.every((x) => x && typeof x === "object" && !Array.isArray(x))) return table(v, depth);
    return el("ol", {}, v.map((x) => el("li", {}, value(x, depth + 1, key))));
  }
  const entries = Object.entries(v);
  if (entries.length === 0) return el("span", { class: "muted" }, "none");
  const dl = el("dl", { class: depth === 0 ? "top" : "" });
  for (const [k, x] of entries) {
    const dt = el("dt", {}, human(k));
    const dd = el("dd", {}, value(x, depth + 1, k));
    if (PICK_KEYS.includes(key)) pickable(dd, key, k);
    dl.append(dt, dd);
  }
  if (depth >= 1 && entries.length > 6) {
    return el("details", { open: depth < 2 }, el("summary", {}, `${entries.length} entries`), dl);
  }
  return dl;
}

function table(rows, depth) {
  const keys = [];
  for (const row of rows) for (const k of Object.keys(row)) if (!keys.includes(k)) keys.push(k);
  const head = el("tr", {}, keys.map((k) => el("th", {}, human(k))));
  const body = rows.map((row) => {
    const tr = el("tr", {}, keys.map((k) => el("td", {}, value(row[k], depth + 1, k))));
    for (const k of PICK_KEYS) if (row[k] !== undefined && typeof row[k] !== "object") pickable(tr, k === "id" ? "unit" : k, row[k], true);
    return tr;
  });
  return el("table", {}, el("thead", {}, head), el("tbody", {}, body));
}

function pickable(node, key, val, also = false) {
  if (also && node.dataset.pickKey) return;
  node.dataset.pickKey = key;
  node.dataset.pickVal = String(val);
}

// ------------------------------------------------------------------ events
export function renderEvent(event, ruleset) {
  const li = el("li", { class: `event ${event.kind}` });
  if (event.to) li.append(el("span", { class: "secret", title: "seen only by " + event.to.join(", ") }, "secret · "));
  li.append(el("span", { class: "text" }, event.text));
  if (event.kind === "roll" && event.data && Array.isArray(event.data.dice)) {
    li.append(el("span", { class: "dice" }, event.data.dice.map((d) => el("span", { class: "die", title: `d${event.data.sides}` }, String(d)))));
  }
  if (event.rule) li.append(el("span", { class: "rule", title: "rule section" }, `§ ${event.rule}`));
  return li;
}

// ---------------------------------------------------------------- renderers
const boards = new Map();

export async function boardFor(ruleset) {
  if (!ruleset || !ruleset.board) return null;
  if (!boards.has(ruleset.id)) {
    boards.set(ruleset.id, import(ruleset.board).catch((err) => {
      console.warn("board renderer failed to load; using the generic one", err);
      return null;
    }));
  }
  return boards.get(ruleset.id);
}

let rulesetsPromise = null;
export function rulesets() {
  if (!rulesetsPromise) rulesetsPromise = api("/api/rulesets");
  return rulesetsPromise;
}

export async function rulesetInfo(id) {
  const all = await rulesets();
  return all.rulesets.find((r) => r.id === id) || { id, side_names: {}, sides: [], board: null };
}

// Draw a view with the ruleset's board if it has one, else generically.
export async function draw(container, view, ruleset, context = {}) {
  const board = await boardFor(ruleset);
  if (board && typeof board.render === "function") {
    try {
      container.replaceChildren();
      board.render(container, view, { ...context, el, svg, human });
      const more = el("details", { class: "raw" }, el("summary", {}, "Everything in this view"));
      const inner = el("div");
      renderGeneric(inner, view);
      more.append(inner);
      container.append(more);
      return;
    } catch (err) {
      console.warn("board renderer failed; using the generic one", err);
    }
  }
  renderGeneric(container, view);
}
