// The replay page: step through a finished game (/replay/ID) or an uploaded record (/replay), everything revealed.
import { api, draw, el, renderEvent, rulesetInfo, sideName } from "/static/app.js";

const $ = (id) => document.getElementById(id);
const gameId = location.pathname.split("/")[2] || null;
let record = null; // an uploaded record
let ruleset = null;
let step = 0;
let total = 0;
let tab = "spectator";
let frame = null;
const frames = new Map();

async function load(n) {
  const key = n;
  if (!frames.has(key)) {
    frames.set(key, gameId
      ? api(`/api/games/${encodeURIComponent(gameId)}/replay/${n}`)
      : api("/api/replay", { method: "POST", body: { record, step: n } }));
  }
  try {
    return await frames.get(key);
  } catch (err) {
    frames.delete(key);
    throw err;
  }
}

async function go(n) {
  n = Math.max(0, Math.min(total, n));
  try {
    frame = await load(n);
  } catch (err) {
    $("move").textContent = err.message;
    return;
  }
  step = frame.step;
  total = frame.total;
  $("slider").max = String(total);
  $("slider").value = String(step);
  $("position").textContent = `step ${step} of ${total}`;
  $("move").textContent = frame.move ? `${frame.move.n}. ${sideName(ruleset, frame.move.side)}: ${frame.move.label || frame.move.option_id}` : "the starting position";
  $("outcome").textContent = frame.outcome ? `${frame.outcome.winner ? sideName(ruleset, frame.outcome.winner) + " wins" : "a draw"}: ${frame.outcome.reason}` : "";
  renderTabs();
  await draw($("board"), frame.views[tab], ruleset, { side: tab === "spectator" ? null : tab });
  $("log").replaceChildren(...frame.events.map((e) => renderEvent(e, ruleset)));
  if (step < total) load(step + 1).catch(() => {}); // prefetch
}

function renderTabs() {
  const keys = Object.keys(frame.views);
  $("tabs").replaceChildren(...keys.map((k) => el("button", {
    class: k === tab ? "tab active" : "tab",
    onclick: () => { tab = k; go(step); },
  }, k === "spectator" ? "public view" : `${sideName(ruleset, k)}'s view`)));
}

function wire() {
  $("controls").hidden = false;
  $("first").onclick = () => go(0);
  $("prev").onclick = () => go(step - 1);
  $("next").onclick = () => go(step + 1);
  $("last").onclick = () => go(total);
  $("slider").oninput = () => go(Number($("slider").value));
  document.addEventListener("keydown", (event) => {
    if (event.target.tagName === "INPUT" && event.target.type !== "range") return;
    if (event.key === "ArrowRight") go(step + 1);
    else if (event.key === "ArrowLeft") go(step - 1);
    else if (event.key === "Home") go(0);
    else if (event.key === "End") go(total);
  });
}

async function main() {
  if (gameId) {
    try {
      const summary = await api(`/api/games/${encodeURIComponent(gameId)}`);
      ruleset = await rulesetInfo(summary.ruleset);
      $("title").textContent = `replay · ${ruleset.title}`;
      wire();
      const first = await load(0);
      total = first.total;
      await go(total);
    } catch (err) {
      $("upload").hidden = false;
      $("upload-error").textContent = err.message;
    }
    return;
  }
  $("upload").hidden = false;
  $("record-file").addEventListener("change", async () => {
    const file = $("record-file").files[0];
    if (!file) return;
    try {
      record = JSON.parse(await file.text());
      frames.clear();
      ruleset = await rulesetInfo(record.ruleset);
      $("title").textContent = `replay · ${ruleset.title || record.ruleset}`;
      const first = await load(0);
      total = first.total;
      $("upload-error").textContent = "";
      wire();
      await go(0);
    } catch (err) {
      $("upload-error").textContent = `This file cannot be replayed: ${err.message}`;
    }
  });
}

main();
