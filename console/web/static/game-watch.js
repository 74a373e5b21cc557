// Rules of the Watch: the hex map as SVG (tiles, roads, settlements, cities with their walls,
// armies, unrest), the moon track and the VP track; each ruler's stores; on a seat's phone its
// hand and its alliance channels, with a box to send a message to an ally.
"use strict";

(function () {
  const SVG = "http://www.w3.org/2000/svg";
  const TILES = {
    wood: "#4f8a3c", grain: "#e3c04f", stone: "#9a9a9a", gold: "#d9a21b", desert: "#e8d7a8",
    lake: "#6fa8dc", sea: "#2d5f8a",
  };

  function s(tag, attrs, ...children) {
    const node = document.createElementNS(SVG, tag);
    for (const [key, value] of Object.entries(attrs || {})) {
      if (value !== undefined && value !== null) node.setAttribute(key, String(value));
    }
    for (const child of children.flat(Infinity)) {
      if (child !== null && child !== undefined) node.append(child instanceof Node ? child : document.createTextNode(String(child)));
    }
    return node;
  }

  // The places the seat's legal actions name (i14, e23), marked on its map so it can find them.
  function namedPlaces(legal) {
    const places = new Set();
    for (const action of legal || []) {
      for (const word of action.split(" ")) if (/^[ie]\d+$/.test(word)) places.add(word);
    }
    return places;
  }

  function map(view, legal) {
    const board = view.board;
    const kx = board.scale.x, ky = board.scale.y, radius = board.scale.hex_radius * ky;
    const colours = Object.fromEntries(view.rulers.map((r) => [r.seat, r.colour]));
    const point = Object.fromEntries(board.intersections.map((p) => [p.id, [p.x * kx, p.y * ky]]));
    const xs = board.hexes.map((hx) => hx.x * kx), ys = board.hexes.map((hx) => hx.y * ky);
    const pad = radius * 1.1;
    const box = [Math.min(...xs) - pad, Math.min(...ys) - pad, Math.max(...xs) - Math.min(...xs) + 2 * pad,
      Math.max(...ys) - Math.min(...ys) + 2 * pad];
    const layers = [];
    for (const hex of board.hexes) {
      const cx = hex.x * kx, cy = hex.y * ky;
      const corners = [];
      for (let k = 0; k < 6; k += 1) {
        const angle = Math.PI / 180 * (60 * k - 90);
        corners.push(`${(cx + radius * Math.cos(angle)).toFixed(3)},${(cy + radius * Math.sin(angle)).toFixed(3)}`);
      }
      layers.push(s("polygon", { points: corners.join(" "), fill: TILES[hex.tile] || "#ccc", stroke: "#333", "stroke-width": 0.03 },
        s("title", {}, `${hex.id}: ${hex.tile}`)));
      if (hex.tile !== "sea") {
        layers.push(s("text", { x: cx, y: cy + 0.12, "font-size": 0.32, "text-anchor": "middle", fill: "#222" },
          hex.improvement ? `${hex.id} ★` : hex.id));
      }
    }
    for (const edge of board.edges) {
      if (!edge.road) continue;
      const [a, b] = edge.ends.map((id) => point[id]);
      layers.push(s("line", { x1: a[0], y1: a[1], x2: b[0], y2: b[1], stroke: colours[edge.road] || "#000",
        "stroke-width": 0.16, "stroke-linecap": "round" }, s("title", {}, `road of ruler ${edge.road}`)));
    }
    for (const spot of board.intersections) {
      if (!spot.piece) continue;
      const [x, y] = point[spot.id];
      const size = spot.piece === "city" ? 0.34 : 0.22;
      for (let wall = 1; wall <= (spot.walls || 0); wall += 1) {
        layers.push(s("circle", { cx: x, cy: y, r: size + 0.08 * wall, fill: "none", stroke: "#222", "stroke-width": 0.05 }));
      }
      layers.push(s("rect", { x: x - size / 2, y: y - size / 2, width: size, height: size, fill: colours[spot.owner] || "#000",
        stroke: "#fff", "stroke-width": 0.05 }, s("title", {}, `${spot.piece} of ruler ${spot.owner} at ${spot.id}` +
        (spot.walls ? `, walls ${spot.walls}` : ""))));
    }
    for (const army of board.armies) {
      const [x, y] = point[army.at];
      layers.push(s("g", {}, s("circle", { cx: x + 0.3, cy: y - 0.3, r: 0.22, fill: colours[army.owner] || "#000", stroke: army.active ? "#fff" : "#222", "stroke-width": 0.05 }),
        s("text", { x: x + 0.3, y: y - 0.22, "font-size": 0.26, "text-anchor": "middle", fill: "#fff" }, army.units),
        s("title", {}, `${army.units} units of ruler ${army.owner}${army.active ? " (active)" : ""}`)));
    }
    const places = namedPlaces(legal);
    for (const spot of board.intersections) {
      if (!places.has(spot.id)) continue;
      const [x, y] = point[spot.id];
      layers.push(s("circle", { cx: x, cy: y, r: 0.2, fill: "#fff", stroke: "#6b3fa0", "stroke-width": 0.06 }),
        s("text", { x, y: y - 0.28, "font-size": 0.3, "text-anchor": "middle", fill: "#000", "font-weight": "bold" }, spot.id));
    }
    for (const edge of board.edges) {
      if (!places.has(edge.id)) continue;
      const [a, b] = edge.ends.map((id) => point[id]);
      const [x, y] = [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2];
      layers.push(s("line", { x1: a[0], y1: a[1], x2: b[0], y2: b[1], stroke: "#fff", "stroke-width": 0.08, "stroke-dasharray": "0.1 0.08" }),
        s("text", { x, y: y + 0.1, "font-size": 0.28, "text-anchor": "middle", fill: "#000", "font-weight": "bold" }, edge.id));
    }
    for (const id of board.unrest) {
      const [x, y] = point[id];
      layers.push(s("text", { x, y: y + 0.5, "font-size": 0.4, "text-anchor": "middle" }, "⚠"));
    }
    return s("svg", { class: "map", viewBox: box.map((v) => v.toFixed(3)).join(" "), role: "img", "aria-label": "the map" }, layers);
  }

  function tracks(h, view) {
    const moon = view.moon_track;
    const moons = Array.from({ length: moon.of }, (_, i) => h("span", { class: `moon${i < moon.moons ? " full" : ""}` }, i < moon.moons ? "●" : "○"));
    const vp = view.rulers.map((r) => h("div", { class: "vp-row" },
      h("span", {}, h("span", { class: "swatch", "data-colour": r.colour }), ` ${r.people}`),
      h("span", { class: "vp-bar" }, h("span", { class: "vp-fill", "data-share": Math.min(1, r.vp / view.victory_points) })),
      h("span", {}, `${r.vp} / ${view.victory_points}`)));
    return h("section", { class: "tracks" },
      h("p", {}, h("strong", {}, "Moon "), moons, ` landfalls ${moon.landfalls} · breaks ${moon.breaks} of ${moon.ruin_at}`),
      h("div", {}, h("strong", {}, "Victory points"), vp));
  }

  function rulerPanel(h, ruler, view) {
    const stores = Object.entries(ruler.stores).map(([k, v]) => `${k} ${v}`).join(" · ");
    return [
      h("p", {}, h("span", { class: "swatch", "data-colour": ruler.colour }), ` ${ruler.people} `, h("span", { class: "count" }, ruler.vp), " VP"),
      h("p", { class: "muted" }, stores),
      h("p", { class: "muted" }, `${ruler.settlements} settlements · ${ruler.cities} cities · road ${ruler.longest_road} · ${ruler.hand_size} cards`),
      ruler.warpath ? h("span", { class: "tag" }, "Warpath") : null,
      ruler.allies && ruler.allies.length ? h("span", { class: "tag" }, `allied with ${ruler.allies.join(", ")}`) : null,
      ruler.pariah ? h("span", { class: "tag" }, "pariah") : null,
      ruler.revealed.length ? h("p", { class: "muted" }, `revealed: ${ruler.revealed.map((c) => c.name).join(", ")}`) : null,
      view.current === ruler.seat ? h("span", { class: "tag waiting" }, "their turn") : null,
    ];
  }

  function channels(h, state) {
    const view = state.view;
    return h("section", { class: "channels" }, h("h3", {}, "Alliance messages"), view.channels.map((channel) => {
      const box = h("div", { class: "channel" }, h("p", {}, h("strong", {}, `With ruler ${channel.with}`), channel.sealed ? " (sealed)" : ""),
        h("ul", { class: "messages" }, channel.messages.map((m) => h("li", {}, h("strong", {}, m.from === view.you ? "you: " : `${m.from}: `), m.text))));
      if (!channel.sealed && state.controllers[String(view.you)] === "phone") {
        const input = h("input", { type: "text", maxlength: 280, "aria-label": `message to ruler ${channel.with}` });
        const send = h("button", { type: "button", class: "send" }, "Send");
        send.addEventListener("click", () => {
          if (input.value.trim()) window.tabletop.post(`${view.you}:say ${channel.with} ${JSON.stringify(input.value)}`);
          input.value = "";
        });
        box.append(h("div", { class: "inline" }, input, send));
      }
      return box;
    }));
  }

  function render(state, ui) {
    const { h } = ui;
    const view = state.view;
    const parts = [h("p", { class: "phase" }, h("strong", {}, `${view.watch} · round ${view.round}`), ` · ${ui.words(view.phase)}`,
      view.waiting ? ` · waiting for ${view.waiting.for}${view.waiting.seat ? ` (ruler ${view.waiting.seat})` : ""}` : "")];
    parts.push(h("div", { class: "watch-board" }, map(view, state.legal), tracks(h, view)));
    if (view.hand) {
      parts.push(h("section", { class: "hand" }, h("h3", {}, "Your hand"), view.hand.length
        ? h("div", { class: "items" }, view.hand.map((c) => h("div", { class: "item" }, h("strong", {}, c.name), h("span", { class: "muted" }, ` ${c.deck}`), h("p", {}, c.text))))
        : h("span", { class: "muted" }, "empty")));
    }
    if (view.channels) parts.push(channels(h, state));
    const rulers = Object.fromEntries(view.rulers.map((r) => [String(r.seat), r]));
    parts.push(ui.seatPanels(rulers, state, (ruler) => rulerPanel(h, ruler, view)));
    return h("div", { class: "watch" }, parts);
  }

  function label(notation) {
    return notation.replace(/^\d+:/, "");
  }

  Games.renderers.watch = Object.assign(render, { label, after: paint });

  // Colours come from the view (ruler banners); they are set through the DOM, not inline styles.
  function paint(root) {
    root.querySelectorAll("[data-colour]").forEach((node) => { node.style.background = node.dataset.colour; });
    root.querySelectorAll("[data-share]").forEach((node) => { node.style.width = `${Number(node.dataset.share) * 100}%`; });
  }
})();
