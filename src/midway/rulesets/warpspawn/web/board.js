// warpspawn's board for the browser: each side's strike-force flowchart (Takeoff, Patrol, Search,
// 2nd Search, Attack, Return boxes) and carrier boxes (On Deck, Refuel/Rearm), squads as counters.
// The enemy's flowchart is hidden unless the view shows it. A squad, box or carrier picks its option.

const FLOW = [
  ["takeoff", "Takeoff"],
  ["patrol", "Patrol"],
  ["search", "Search"],
  ["search2", "2nd Search"],
  ["attack", "Attack"],
  ["return2", "Return 2"],
  ["return1", "Return 1"],
];

function squad(el, side, s) {
  const flags = [s.moved ? "moved" : "", s.rearm ? "rearm" : ""].filter(Boolean).join(", ");
  return el("span", { class: `chip ${side}`, title: `${s.id}${flags ? ` (${flags})` : ""}`, "data-pick-key": "unit", "data-pick-val": s.id },
    s.type || s.id, s.moved ? "·" : "");
}

export function render(container, view, ctx) {
  const { el } = ctx;
  const s = view.state || {};
  container.append(el("div", {}, el("b", {}, `Turn ${s.turn} of ${s.max_turns}`), ` · ${s.stage || ""} phase · moving: ${s.mover || "–"}`,
    s.raid ? ` · raid by ${s.raid.side} on ${s.raid.target} (${s.raid.segment})` : ""));
  for (const side of ["usn", "ijn"]) {
    const mine = s[side] || {};
    const title = `${side === "usn" ? "United States Navy" : "Imperial Japanese Navy"}${side === view.side ? " (you)" : ""}`;
    container.append(el("h3", {}, title));
    if (mine.boxes) {
      const flow = el("div", { class: "boxes flow" });
      for (const [key, name] of FLOW) {
        const units = mine.boxes[key] || [];
        flow.append(el("div", { class: "box", "data-pick-key": "box", "data-pick-val": key }, el("h4", {}, name), units.length ? units.map((u) => squad(el, side, u)) : el("span", { class: "muted" }, "empty")));
      }
      container.append(flow);
    } else {
      const attack = mine.attack_box || [];
      container.append(el("p", { class: "muted" }, "Flowchart hidden.", attack.length ? ` In the Attack box: ${attack.map((g) => JSON.stringify(g)).join("; ")}` : ""));
    }
    const decks = el("div", { class: "boxes" });
    for (const [id, carrier] of Object.entries(s.carriers || {})) {
      if (carrier.side !== side) continue;
      const own = (mine.carriers || {})[id];
      const box = el("div", { class: "box", "data-pick-key": "carrier", "data-pick-val": id },
        el("h4", {}, `${carrier.name} · ${carrier.status}`),
        el("div", { class: "muted" }, `deck ${carrier.deck_capacity}, refuel ${carrier.refuel_capacity}${carrier.runways !== undefined ? `, runways ${carrier.runways}` : ""}`));
      if (own) {
        box.append(el("div", {}, "On Deck: ", (own.deck || []).map((u) => squad(el, side, u))));
        box.append(el("div", {}, "Refuel/Rearm: ", (own.refuel || []).map((u) => squad(el, side, u))));
      }
      decks.append(box);
    }
    container.append(decks);
    const losses = (s.losses || {})[side] || {};
    if (Object.keys(losses).length) container.append(el("p", { class: "muted" }, `Lost: ${Object.entries(losses).map(([k, n]) => `${k} ×${n}`).join(", ")}`));
  }
}
