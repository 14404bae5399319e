// terrible-resolve's board for the browser: each carrier's deck, hangar and damage track, the CAP rings
// and the raid boxes of both tables. Groups and carriers pick the option that names them.

function group(el, side, g) {
  return el("span", { class: `chip ${side}`, title: `${g.id}: ${g.kind} of ${g.carrier}, ${g.sp} SP`, "data-pick-key": "group", "data-pick-val": g.id },
    `${g.kind ? g.kind.split(" ").map((w) => w[0]).join("").toUpperCase() : "?"} ${g.sp ?? ""}`);
}

function track(el, damage, max = 10) {
  return el("div", { class: "track", title: `damage ${damage}` },
    Array.from({ length: max }, (_, i) => el("span", { class: i < damage ? "hit" : "" }, String(i + 1))));
}

function carriers(el, side, list) {
  const boxes = el("div", { class: "boxes" });
  for (const c of list || []) {
    const box = el("div", { class: "box", "data-pick-key": "carrier", "data-pick-val": c.id },
      el("h4", {}, `${c.name} · ${c.status}`), track(el, c.damage || 0));
    if (c.aa !== undefined) box.append(el("div", { class: "muted" }, `AA ${c.aa}${c.repair ? ` · repairs on ${c.repair.join("/")}` : ""}`));
    if (c.deck) box.append(el("div", {}, "Deck: ", c.deck.map((g) => group(el, side, g))));
    if (c.hangar) box.append(el("div", {}, "Hangar: ", c.hangar.map((g) => group(el, side, g))));
    boxes.append(box);
  }
  return boxes;
}

// Every other list of groups in the view (raid boxes, CAP rings, waiting areas) as a labelled box.
function areas(el, side, table) {
  const boxes = el("div", { class: "boxes" });
  for (const [key, value] of Object.entries(table || {})) {
    if (key === "carriers" || !Array.isArray(value)) continue;
    const cap = /cap/i.test(key);
    boxes.append(el("div", { class: `box${cap ? " cap" : ""}`, "data-pick-key": "box", "data-pick-val": key },
      el("h4", {}, key.replace(/_/g, " ")),
      value.length ? value.map((g) => (g && typeof g === "object" ? group(el, side, g) : el("span", {}, String(g)))) : el("span", { class: "muted" }, "empty")));
  }
  for (const [key, value] of Object.entries(table || {})) {
    if (value && typeof value === "object" && !Array.isArray(value)) {
      boxes.append(el("div", { class: "box" }, el("h4", {}, key.replace(/_/g, " ")), areas(el, side, value)));
    }
  }
  return boxes;
}

export function render(container, view, ctx) {
  const { el } = ctx;
  const s = view.state || {};
  const me = s.me || view.side || "usn";
  const them = me === "usn" ? "ijn" : "usn";
  container.append(el("div", {}, el("b", {}, `Turn ${s.turn} of ${s.max_turns}`), ` · ${s.step_name || `step ${s.step}`}`));
  if (s.mine) {
    container.append(el("h3", {}, "Your fleet"), carriers(el, me, s.mine.carriers), areas(el, me, s.mine));
  }
  if (s.enemy) {
    container.append(el("h3", {}, "The enemy"), carriers(el, them, s.enemy.carriers), areas(el, them, s.enemy));
  }
  for (const side of ["usn", "ijn"]) {
    if (s[side] && typeof s[side] === "object") { // open tables and spectator views
      container.append(el("h3", {}, side.toUpperCase()), carriers(el, side, s[side].carriers), areas(el, side, s[side]));
    }
  }
}
