// The lobby: start a game, list my games (from local storage) with whose turn it is, join by link.
import { api, el, forgetGame, mySeats, rememberSeat, rulesets, sideName } from "/static/app.js";

const $ = (id) => document.getElementById(id);
let catalogue = null;

function optionInput(opt) {
  const id = `opt-${opt.key}`;
  let input;
  if (Array.isArray(opt.choices)) {
    input = el("select", { id, name: opt.key }, opt.choices.map((c) => el("option", { value: JSON.stringify(c), selected: c === opt.default }, String(c))));
  } else if (typeof opt.default === "boolean") {
    input = el("input", { id, name: opt.key, type: "checkbox", checked: opt.default });
  } else if (typeof opt.default === "number") {
    input = el("input", { id, name: opt.key, type: "number", value: String(opt.default) });
  } else {
    input = el("input", { id, name: opt.key, type: "text", value: String(opt.default) });
  }
  input.dataset.key = opt.key;
  return el("div", { class: "option" },
    el("label", { for: id }, el("b", {}, opt.key.replace(/_/g, " ")), " ", input),
    el("span", { class: "muted" }, ` ${opt.description} (default ${JSON.stringify(opt.default)}${opt.rule ? `; ${opt.rule}` : ""})`));
}

function readOptions(ruleset) {
  const out = {};
  for (const opt of ruleset.options) {
    const input = document.querySelector(`[data-key="${CSS.escape(opt.key)}"]`);
    if (!input) continue;
    let v;
    if (Array.isArray(opt.choices)) v = JSON.parse(input.value);
    else if (typeof opt.default === "boolean") v = input.checked;
    else if (typeof opt.default === "number") v = Number(input.value);
    else v = input.value;
    if (v !== opt.default) out[opt.key] = v;
  }
  return out;
}

function showRuleset() {
  const ruleset = catalogue.rulesets.find((r) => r.id === $("ruleset").value);
  $("ruleset-description").textContent = `${ruleset.description || ""} (rules version ${ruleset.version})`;
  const box = $("options");
  box.replaceChildren(el("legend", {}, "Options"), ...ruleset.options.map(optionInput));
  $("my-side").replaceChildren(...ruleset.sides.map((s) => el("option", { value: s }, sideName(ruleset, s))));
}

// The computer player as the server takes it: "random", "heuristic", "mcts@400" (iterations per decision)
// or "mcts@0.5s" (seconds per decision).
function agentSpec() {
  const name = $("agent").value;
  if (!catalogue.strength.includes(name)) return name;
  const value = $("strength-value").value.trim();
  if (value === "") return name;
  return `${name}@${value}${$("strength-unit").value === "seconds" ? "s" : ""}`;
}

function showStrength() {
  const takes = (catalogue.strength || []).includes($("agent").value);
  $("strength").hidden = !takes;
}

async function create(event) {
  event.preventDefault();
  $("create-error").textContent = "";
  const ruleset = catalogue.rulesets.find((r) => r.id === $("ruleset").value);
  const mine = $("my-side").value;
  const opponent = document.querySelector('input[name="opponent"]:checked').value;
  const seats = {};
  for (const side of ruleset.sides) {
    if (side === mine || opponent !== "computer") seats[side] = { kind: "human" };
    else seats[side] = { kind: "computer", agent: agentSpec(), agent_seed: Math.floor(Math.random() * 1e9) };
  }
  const body = { ruleset: ruleset.id, options: readOptions(ruleset), seats };
  if ($("seed").value !== "") body.seed = Number($("seed").value);
  let created;
  try {
    created = await api("/api/games", { method: "POST", body });
  } catch (err) {
    $("create-error").textContent = err.message;
    return;
  }
  const base = { game_id: created.game_id, ruleset: ruleset.id, title: ruleset.title };
  if (opponent === "hotseat") {
    for (const [side, seat] of Object.entries(created.seats)) rememberSeat({ ...base, side, token: seat.token, hotseat: true });
    const pairs = Object.entries(created.seats).map(([side, seat]) => `${side}:${seat.token}`).join(",");
    location.href = `/hotseat/${created.game_id}#seats=${pairs}`;
    return;
  }
  const my = created.seats[mine];
  rememberSeat({ ...base, side: mine, token: my.token });
  if (opponent === "friend") {
    const other = Object.keys(created.seats).find((s) => s !== mine);
    $("invite").hidden = false;
    $("invite-side").textContent = sideName(ruleset, other);
    $("invite-link").value = location.origin + created.seats[other].link;
    $("invite-link").select();
    $("invite-go").href = my.link;
    listGames();
    return;
  }
  location.href = my.link;
}

async function listGames() {
  const seats = mySeats();
  $("no-games").hidden = seats.length > 0;
  const list = $("games-list");
  list.replaceChildren();
  const byGame = new Map();
  for (const seat of seats) {
    if (!byGame.has(seat.game_id)) byGame.set(seat.game_id, []);
    byGame.get(seat.game_id).push(seat);
  }
  for (const [gameId, group] of byGame) {
    const ruleset = catalogue.rulesets.find((r) => r.id === group[0].ruleset) || { side_names: {} };
    const hot = group.length > 1;
    const link = hot ? `/hotseat/${gameId}#seats=${group.map((s) => `${s.side}:${s.token}`).join(",")}` : `/game/${gameId}#seat=${group[0].token}`;
    const status = el("span", { class: "turn" }, "…");
    const li = el("li", { class: "my-game" },
      el("a", { href: link }, `${group[0].title || group[0].ruleset}`), " ",
      el("span", { class: "muted" }, hot ? "hot-seat" : `as ${sideName(ruleset, group[0].side)}`), " ", status, " ",
      el("button", { class: "small", title: "forget this game on this browser", onclick: () => { forgetGame(gameId); listGames(); } }, "forget"));
    list.append(li);
    // Whose turn it is as each of my seats sees it (never the true state's: a blind step stays hidden).
    Promise.all(group.map((s) => api(`/api/games/${encodeURIComponent(gameId)}/turn`, { token: s.token }))).then((turns) => {
      const g = turns[0];
      if (g.over) {
        status.textContent = g.outcome && g.outcome.winner ? `over: ${sideName(ruleset, g.outcome.winner)} won` : "over: a draw";
        status.className = "turn over";
      } else if (turns.some((t) => t.my_turn)) {
        status.textContent = "your turn";
        status.className = "turn mine";
      } else {
        status.textContent = g.to_move.length ? `waiting for ${g.to_move.map((s) => sideName(ruleset, s)).join(" and ")}` : "waiting";
        status.className = "turn theirs";
      }
    }).catch((err) => { status.textContent = err.status === 404 ? "gone from this server" : err.message; });
  }
}

function join(event) {
  event.preventDefault();
  const text = $("join-link").value.trim();
  try {
    const url = new URL(text, location.origin);
    const match = url.pathname.match(/^\/(game|watch|hotseat|replay)\/([A-Za-z0-9_-]+)$/);
    if (!match) throw new Error("not a midway game link");
    if (match[1] === "game") {
      const token = new URLSearchParams(url.hash.slice(1)).get("seat");
      if (token) rememberSeat({ game_id: match[2], side: "?", token, ruleset: "?", title: "joined game" });
    }
    location.href = url.pathname + url.hash;
  } catch (err) {
    $("join-link").setCustomValidity(err.message);
    $("join-link").reportValidity();
  }
}

async function main() {
  catalogue = await rulesets();
  $("ruleset").replaceChildren(...catalogue.rulesets.map((r) => el("option", { value: r.id }, `${r.title} (${r.id})`)));
  catalogue.strength = catalogue.strength || [];
  const described = { random: "random (any legal move)", heuristic: "heuristic (the ruleset's own sound play)", mcts: "mcts (search: stronger, slower)" };
  $("agent").replaceChildren(...catalogue.agents.map((a) => el("option", { value: a, selected: a === "heuristic" }, described[a] || a)));
  $("agent").addEventListener("change", showStrength);
  $("strength-unit").addEventListener("change", () => { $("strength-value").value = $("strength-unit").value === "seconds" ? "1" : "400"; });
  showStrength();
  $("ruleset").addEventListener("change", showRuleset);
  $("new-form").addEventListener("submit", create);
  $("join-form").addEventListener("submit", join);
  $("join-link").addEventListener("input", () => $("join-link").setCustomValidity(""));
  showRuleset();
  listGames();
}

main();
