// The game page: a seat (/game/ID#seat=TOKEN), hot-seat (/hotseat/ID#seats=side:TOKEN,...) or a spectator (/watch/ID).
// The server pushes the seat's payload over a websocket whenever the game changes.
import { api, draw, el, mySeats, rememberSeat, renderEvent, rulesetInfo, sideName } from "/static/app.js";

const $ = (id) => document.getElementById(id);
const [, mode, gameId] = location.pathname.split("/");
const params = new URLSearchParams(location.hash.slice(1));

let ruleset = null;
let tokens = {}; // side -> token (one seat, or both in hot-seat)
let payloads = {}; // side (or "spectator") -> latest payload
let active = null; // the side whose view is on screen
let revealed = null; // hot-seat: the side that has taken the screen
let selected = 0;
let sending = false;
let filter = null; // option ids a click on the board narrowed the list to
let order = []; // the labels of the compound order being built
let gameoverShown = false;
const pushes = {}; // side -> how many pushes have arrived (an answer that crossed a push is re-read)

function showError(message) {
  const box = $("error");
  box.textContent = message;
  box.hidden = false;
  clearTimeout(showError.timer);
  showError.timer = setTimeout(() => { box.hidden = true; }, 6000);
}

// ------------------------------------------------------------------ pushes
function connect(key, hello) {
  let delay = 500;
  const open = () => {
    const ws = new WebSocket(`${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/api/games/${encodeURIComponent(gameId)}/ws`);
    ws.onopen = () => { delay = 500; ws.send(JSON.stringify(hello)); setStatus(""); };
    ws.onmessage = (msg) => {
      const data = JSON.parse(msg.data);
      if (data.type === "state") { pushes[key] = (pushes[key] || 0) + 1; update(key, data.payload); }
      else if (data.type === "error") { showError(data.detail); ws.onclose = null; setStatus(data.detail); }
    };
    ws.onclose = () => {
      setStatus("reconnecting…");
      setTimeout(open, delay);
      delay = Math.min(delay * 2, 10000);
    };
  };
  open();
}

function setStatus(text) { $("status").textContent = text; }

// ------------------------------------------------------------------ update
function update(key, payload) {
  const previous = payloads[key];
  payloads[key] = payload;
  if (key !== "spectator" && tokens[key]) {
    const seats = mySeats().filter((s) => s.game_id === gameId);
    if (!seats.some((s) => s.side === key) || seats.some((s) => s.side === "?")) {
      for (const s of seats.filter((s) => s.side === "?")) localStorage.setItem("midway.seats", JSON.stringify(mySeats().filter((x) => x !== s && !(x.game_id === s.game_id && x.side === "?"))));
      rememberSeat({ game_id: gameId, side: key, token: tokens[key], ruleset: payload.ruleset, title: ruleset ? ruleset.title : payload.ruleset, hotseat: mode === "hotseat" });
    }
  }
  if (!previous || !payload.decision || !previous.decision || previous.decision.id !== payload.decision.id) {
    selected = 0;
    filter = null;
  }
  if (mode === "hotseat") chooseActive();
  else active = key;
  render();
}

function chooseActive() {
  // The screen belongs to a side that must choose; hand it over when that changes.
  const waiting = Object.keys(tokens).filter((s) => payloads[s] && payloads[s].decision);
  const over = Object.values(payloads).some((p) => p && p.over);
  if (over) { active = revealed || Object.keys(tokens)[0]; return; }
  if (waiting.length === 0) { active = revealed || Object.keys(tokens)[0]; return; }
  if (!waiting.includes(revealed)) {
    active = waiting[0];
    revealed = null;
  }
}

async function render() {
  const key = mode === "watch" ? "spectator" : active;
  const payload = payloads[key];
  if (!payload) return;
  document.title = `midway: ${ruleset ? ruleset.title : payload.ruleset}`;
  $("title").textContent = `${ruleset ? ruleset.title : payload.ruleset} · ${mode === "watch" ? "spectator" : sideName(ruleset, key)} · ${turnText(payload)}`;
  if (mode === "hotseat" && revealed !== active && !payload.over) {
    $("handover").hidden = false;
    $("handover-title").textContent = `${sideName(ruleset, active)} to play`;
    $("handover-go").textContent = `I am ${sideName(ruleset, active)}: show my side`;
    $("board").replaceChildren();
    $("decision").replaceChildren();
    $("log").replaceChildren();
    $("handover-go").focus();
    return;
  }
  $("handover").hidden = true;
  await draw($("board"), payload.view, ruleset, { side: payload.side, decision: payload.decision });
  wireBoard(payload);
  renderDecision(payload);
  renderThinking(payload);
  renderLog(payload);
  if (payload.over && !gameoverShown) showGameOver(payload);
}

function turnText(payload) {
  if (payload.over) return "game over";
  const names = payload.to_move.map((s) => sideName(ruleset, s));
  if (payload.decision) return "your turn";
  // to_move is as this seat sees it: a question whose existence is hidden information is not named (HBG-R35)
  const waiting = names.length ? `waiting for ${names.join(" and ")}` : "waiting";
  if (payload.view && payload.view.sealed && payload.view.sealed.includes(payload.side)) return `choice sealed; ${waiting}`;
  return names.length ? waiting : "";
}

// ---------------------------------------------------------------- decision
function options(payload) {
  const all = payload.decision ? payload.decision.options : [];
  return filter ? all.filter((o) => filter.includes(o.id)) : all;
}

function renderDecision(payload) {
  const box = $("decision");
  box.replaceChildren();
  box.dataset.decision = payload.decision ? payload.decision.id : "";
  if (!payload.decision) {
    box.append(el("h3", {}, payload.over ? "The game is over" : "Waiting"), el("p", { class: "muted" }, turnText(payload)));
    box.append(...standingButtons(payload));
    $("order").hidden = order.length === 0;
    return;
  }
  const d = payload.decision;
  const shown = options(payload);
  if (selected >= shown.length) selected = 0;
  box.append(
    el("h3", {}, d.prompt),
    el("p", { class: "muted" }, `§ ${d.rule}`, d.simultaneous ? " · sealed: the other side will not see your choice until both have chosen" : ""),
  );
  if (filter) box.append(el("p", {}, el("button", { class: "small", onclick: () => { filter = null; render(); } }, "show every option")));
  const list = el("ol", { class: "options", role: "listbox", tabindex: "0", "aria-label": d.prompt });
  shown.forEach((o, i) => {
    const li = el("li", {
      class: `option${i === selected ? " selected" : ""}${o.id === "done" ? " done" : ""}`,
      role: "option",
      "aria-selected": i === selected ? "true" : "false",
      "data-option": o.id,
      onclick: () => choose(o),
    }, el("span", { class: "key" }, i < 9 ? String(i + 1) : ""), o.label);
    list.append(li);
  });
  box.append(list, el("p", { class: "muted hint" }, "↑ ↓ to move, Enter to choose, 1–9 for the first nine"));
  box.append(...standingButtons(payload));
  $("order").hidden = order.length === 0;
  $("order-steps").replaceChildren(...order.map((label) => el("li", {}, label)));
}

async function choose(option) {
  const payload = payloads[active];
  if (!payload || !payload.decision) return;
  await post(payload.decision.id, option, () => {
    order = option.id === "done" || option.id.startsWith("cancel") ? [] : [...order, option.label].slice(-12);
    filter = null;
  });
}

// Post the active seat's choice ``option`` as an answer to ``decisionId`` ("standing" for a standing option);
// ``taken`` runs once the server took it, before the answer is shown. A push that arrived while the answer
// travelled may be newer than the answer: the pushes have the last word (see refresh).
async function post(decisionId, option, taken = () => {}) {
  const side = active; // the screen may change hands while the answer travels
  if (sending) return;
  sending = true;
  const seen = pushes[side] || 0;
  try {
    const answer = await api(`/api/games/${encodeURIComponent(gameId)}/choices`, {
      method: "POST",
      token: tokens[side],
      body: { decision_id: decisionId, option_id: option.id },
    });
    taken();
    if ((pushes[side] || 0) === seen) update(side, answer);
  } catch (err) {
    showError(err.message);
    if (err.status === 409) refresh(side);
  } finally {
    sending = false;
  }
}

// Standing options (a concession): choices the seat may make at any moment, its turn or not, posted with the
// decision id "standing". One button each, asking for confirmation first: a concession cannot be undone.
function standingButtons(payload) {
  const standing = (payload.view && payload.view.standing) || [];
  if (mode === "watch" || payload.over || standing.length === 0) return [];
  return [el("p", { class: "standing" }, "At any moment: ", ...standing.map((o) =>
    el("button", { class: "small", "data-standing": o.id, onclick: () => chooseStanding(o) }, o.label)))];
}

async function chooseStanding(option) {
  const payload = payloads[active];
  if (sending || !payload || payload.over) return;
  if (!window.confirm(`${option.label}?`)) return;
  await post("standing", option);
}

// An HTTP answer is shown only if no push came while it travelled. The pushes of one websocket arrive in order and
// every change of the game wakes it, so its last payload is the newest position or one is on its way; an answer read
// while a push crossed it may be older than that push (read before the computer's reply, arriving after it) and,
// shown, would stay on screen with no push to follow it.
async function refresh(side) {
  const seen = pushes[side] || 0;
  try {
    const answer = await api(`/api/games/${encodeURIComponent(gameId)}/seat`, { token: tokens[side] });
    if ((pushes[side] || 0) === seen) update(side, answer);
  } catch (err) { showError(err.message); }
}

function onKey(event) {
  if (!$("handover").hidden && event.key === "Enter") { $("handover-go").click(); return; }
  const payload = payloads[active];
  if (!payload || !payload.decision || event.target.tagName === "INPUT") return;
  const shown = options(payload);
  if (event.key === "ArrowDown" || event.key === "j") { selected = (selected + 1) % shown.length; event.preventDefault(); renderDecision(payload); }
  else if (event.key === "ArrowUp" || event.key === "k") { selected = (selected - 1 + shown.length) % shown.length; event.preventDefault(); renderDecision(payload); }
  else if (event.key === "Enter") { event.preventDefault(); if (shown[selected]) choose(shown[selected]); }
  else if (/^[1-9]$/.test(event.key)) { const o = shown[Number(event.key) - 1]; if (o) choose(o); }
  else if (event.key === "Escape") { filter = null; renderDecision(payload); }
}

// --------------------------------------------------------- board clicking
function matches(option, key, val) {
  if (!option.data) return false;
  if (key.includes(",")) { // a composite key ("x,y" = "10,5"): every part must match
    const vals = val.split(",");
    return key.split(",").every((k, i) => option.data[k] !== undefined && String(option.data[k]) === vals[i]);
  }
  return Object.entries(option.data).some(([k, v]) => (k === key || key === "*") && String(v) === val);
}

function wireBoard(payload) {
  const board = $("board");
  const all = payload.decision ? payload.decision.options : [];
  for (const node of board.querySelectorAll("[data-pick-key]")) {
    const hits = all.filter((o) => matches(o, node.dataset.pickKey, node.dataset.pickVal));
    node.classList.toggle("pickable", hits.length > 0);
    if (hits.length === 0) continue;
    node.addEventListener("click", (event) => {
      event.stopPropagation();
      if (hits.length === 1) choose(hits[0]);
      else { filter = hits.map((o) => o.id); selected = 0; renderDecision(payload); }
    });
  }
}

// The computer's thinking time for its last move.
function renderThinking(payload) {
  const lines = Object.entries(payload.thinking || {}).map(([side, t]) =>
    `${sideName(ruleset, side)} (the computer${t.agent ? `, ${t.agent}` : ""}) thought ${formatSeconds(t.seconds)} for its last move`);
  $("thinking").hidden = lines.length === 0;
  $("thinking").replaceChildren(...lines.flatMap((line, i) => (i ? [el("br"), line] : [line])));
}

function formatSeconds(s) {
  return s < 1 ? `${Math.round(s * 1000)} ms` : `${s.toFixed(s < 10 ? 2 : 1)} s`;
}

// ------------------------------------------------------------------- log
function renderLog(payload) {
  const events = (payload.view && payload.view.log) || [];
  $("log").replaceChildren(...events.slice().reverse().map((e) => renderEvent(e, ruleset)));
}

function showGameOver(payload) {
  gameoverShown = true;
  const o = payload.outcome || {};
  $("gameover").hidden = false;
  $("gameover-title").textContent = o.winner ? `${sideName(ruleset, o.winner)} wins` : "A draw";
  $("gameover-reason").textContent = o.reason || "";
  $("gameover-score").textContent = o.score ? Object.entries(o.score).map(([s, n]) => `${sideName(ruleset, s)} ${n}`).join(" · ") : "";
  $("gameover-replay").href = `/replay/${gameId}`;
  $("gameover-close").onclick = () => { $("gameover").hidden = true; };
}

// ------------------------------------------------------------------ start
async function main() {
  $("handover-go").addEventListener("click", () => { revealed = active; render(); });
  document.addEventListener("keydown", onKey);
  let summary;
  try {
    summary = await api(`/api/games/${encodeURIComponent(gameId)}`);
  } catch (err) {
    $("decision").replaceChildren(el("h3", {}, "This game cannot be shown"), el("p", { class: "error" }, err.message), el("p", {}, el("a", { href: "/" }, "Back to the lobby")));
    return;
  }
  ruleset = await rulesetInfo(summary.ruleset);
  if (mode === "watch") {
    connect("spectator", { spectator: true });
    return;
  }
  if (mode === "hotseat") {
    for (const pair of (params.get("seats") || "").split(",")) {
      const [side, token] = pair.split(":");
      if (side && token) tokens[side] = token;
    }
  } else {
    const token = params.get("seat") || (mySeats().find((s) => s.game_id === gameId) || {}).token;
    if (token) tokens["?"] = token;
  }
  if (Object.keys(tokens).length === 0) {
    $("decision").replaceChildren(el("h3", {}, "No seat"), el("p", {}, "This link has no seat in it. ", el("a", { href: `/watch/${gameId}` }, "Watch as a spectator")));
    return;
  }
  if (tokens["?"]) {
    // learn which side the token is, then listen as that side
    try {
      const first = await api(`/api/games/${encodeURIComponent(gameId)}/seat`, { token: tokens["?"] });
      tokens = { [first.side]: tokens["?"] };
      update(first.side, first);
    } catch (err) {
      $("decision").replaceChildren(el("h3", {}, "This seat link does not work"), el("p", { class: "error" }, err.message));
      return;
    }
  }
  for (const [side, token] of Object.entries(tokens)) connect(side, { token });
}

main();
