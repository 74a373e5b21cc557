// Rules of the Watch: the hex map as SVG (tiles, roads, settlements, cities with their walls,
// armies, unrest) with a legend, the moon and VP tracks, each ruler's stores; on a seat's phone
// its hand and alliance channels. Places the seat may name are marked on the map and tappable.
// Its words come from the game's own catalog (game.pot beside this file), through the page's
// _() and ngettext() (console/web/static/i18n.js); a card's printed name and text are message ids
// there too (Games.card, Games.cardWords); the peoples' names stay as printed.
"use strict";

(function () {
  const SVG = "http://www.w3.org/2000/svg";
  // The rulers' banner names (the engine's words) as colour-blind-safe CSS colours (Okabe-Ito,
  // with ivory and slate for the two banners that palette lacks); each also gets an initial on
  // its pieces and a dash pattern on its roads, so colour is never the only cue.
  const BANNERS = {
    crimson: "#D55E00", cobalt: "#0072B2", ivory: "#FFFDF2", amber: "#E69F00",
    forest: "#009E73", violet: "#CC79A7", slate: "#3F4752",
  };
  const DASHES = ["", "0.32 0.14", "0.08 0.12", "0.36 0.1 0.08 0.1"];
  // Tiles: pale so pieces stand out; grain and gold differ in hue, lightness and pattern.
  const TILES = {
    wood: { fill: "#7fb069", name: _("Wood"), pattern: "trees" },
    grain: { fill: "#f3e6a6", name: _("Grain"), pattern: "stripes" },
    stone: { fill: "#b4b4b8", name: _("Stone"), pattern: "bricks" },
    gold: { fill: "#c58b1c", name: _("Gold"), pattern: "coins" },
    desert: { fill: "#eadcc0", name: _("Desert") },
    lake: { fill: "#8cc3e8", name: _("Lake") },
    sea: { fill: "#3c6e91", name: _("Sea") },
  };
  const DECKS = { warfare: _("Warfare"), growth: _("Growth"), politics: _("Politics"), harrows: _("Harrows") };
  const RESOURCES = ["grain", "wood", "stone", "gold"];
  // A resource by its name, capitalised as the rule book prints it ("Grain").
  const cap = (word) => (TILES[word] ? TILES[word].name : String(word).charAt(0).toUpperCase() + String(word).slice(1));
  const PIECES = { settlement: _("settlement"), city: _("city") };
  const IMPROVEMENTS = { granary: _("granary"), mill: _("mill"), quarry: _("quarry") };
  const PHASES = { founding: _("founding"), play: _("play"), over: _("over") };

  // The latest view, so the choices and the log can name rulers and say which intersections an
  // edge joins.
  let latest = null;

  function s(tag, attrs, ...children) {
    const node = document.createElementNS(SVG, tag);
    for (const [key, value] of Object.entries(attrs || {})) {
      if (value !== undefined && value !== null && value !== "") node.setAttribute(key, String(value));
    }
    for (const child of children.flat(Infinity)) {
      if (child !== null && child !== undefined) node.append(child instanceof Node ? child : document.createTextNode(String(child)));
    }
    return node;
  }

  function ruler(seat) {
    const found = latest && latest.rulers.find((r) => r.seat === Number(seat));
    const role = found ? _("Ruler %(seat)s (%(people)s)", { seat, people: found.people }) : _("Ruler %(seat)s", { seat });
    // A player's own name first; a bot keeps its ruler's name alone (four rulers fit the screen).
    const name = Games.isBot(seat) ? "" : Games.nameOf(seat);
    return name ? `${name} · ${role}` : role;
  }

  // Each ruler's look: a CSS colour, the text colour that reads on it, an initial, a road dash.
  function banners(view) {
    const initials = view.rulers.map((r) => r.people.charAt(0).toUpperCase());
    return Object.fromEntries(view.rulers.map((r, index) => {
      const colour = BANNERS[r.colour] || r.colour;
      const unique = initials.filter((i) => i === initials[index]).length === 1;
      return [r.seat, { colour, ink: dark(colour) ? "#fff" : "#000", initial: unique ? initials[index] : String(r.seat),
        dash: DASHES[index % DASHES.length] }];
    }));
  }

  function dark(hex) {
    const m = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex);
    if (!m) return false;
    const [r, g, b] = m.slice(1).map((v) => parseInt(v, 16) / 255);
    return 0.2126 * r + 0.7152 * g + 0.0722 * b < 0.45;
  }

  function patterns() {
    const p = (id, ...shapes) => s("pattern", { id, width: 0.5, height: 0.5, patternUnits: "userSpaceOnUse" }, shapes);
    return s("defs", {},
      p("tile-stripes", s("path", { d: "M0,0.5 L0.5,0", stroke: "#b99b3a", "stroke-width": 0.05 })),
      p("tile-coins", s("circle", { cx: 0.25, cy: 0.25, r: 0.08, fill: "#fff3b0", opacity: 0.8 })),
      p("tile-bricks", s("path", { d: "M0,0.25 H0.5 M0.25,0 V0.25", stroke: "#8a8a90", "stroke-width": 0.04, fill: "none" })),
      p("tile-trees", s("path", { d: "M0.25,0.08 L0.4,0.38 H0.1 Z", fill: "#4e7f3c", opacity: 0.6 })));
  }

  // The places the seat's legal actions name (i14, e23, h5), marked on its map so it can tap them.
  function namedPlaces(legal) {
    const places = new Set();
    for (const action of legal || []) {
      for (const word of action.replace(/^\d+:/, "").split(" ")) if (/^[ieh]\d+$/.test(word)) places.add(word);
    }
    return places;
  }

  function map(view, legal, screen) {
    const board = view.board;
    const kx = board.scale.x, ky = board.scale.y, radius = board.scale.hex_radius * ky;
    const look = banners(view);
    const point = Object.fromEntries(board.intersections.map((p) => [p.id, [p.x * kx, p.y * ky]]));
    const places = namedPlaces(legal);
    // The picture holds the land and a strip of the sea around it (a place to tap is always in it):
    // the outer ring of sea hexes, drawn whole, took a quarter of a phone's map and said nothing.
    const shown = board.hexes.filter((hx) => hx.tile !== "sea" || places.has(hx.id));
    const xs = shown.map((hx) => hx.x * kx), ys = shown.map((hx) => hx.y * ky);
    const pad = radius * 1.5;
    const box = [Math.min(...xs) - pad, Math.min(...ys) - pad, Math.max(...xs) - Math.min(...xs) + 2 * pad,
      Math.max(...ys) - Math.min(...ys) + 2 * pad];
    const layers = [patterns()];
    for (const hex of board.hexes) {
      const cx = hex.x * kx, cy = hex.y * ky;
      const corners = [];
      for (let k = 0; k < 6; k += 1) {
        const angle = Math.PI / 180 * (60 * k - 90);
        corners.push(`${(cx + radius * Math.cos(angle)).toFixed(3)},${(cy + radius * Math.sin(angle)).toFixed(3)}`);
      }
      const tile = TILES[hex.tile] || { fill: "#ccc", name: hex.tile };
      const improvement = hex.improvement
        ? `, ${_("%(kind)s of %(ruler)s", { kind: IMPROVEMENTS[hex.improvement.kind] || hex.improvement.kind, ruler: ruler(hex.improvement.owner) })}` : "";
      const name = `${hex.id}: ${tile.name}${improvement}`;
      layers.push(s("polygon", { points: corners.join(" "), fill: tile.fill, stroke: "#333", "stroke-width": 0.03 }, s("title", {}, name)));
      if (tile.pattern) layers.push(s("polygon", { points: corners.join(" "), fill: `url(#tile-${tile.pattern})`, "pointer-events": "none" }));
      if (hex.tile !== "sea") {
        layers.push(s("text", { x: cx, y: cy - 0.05, "font-size": 0.3, "text-anchor": "middle", fill: "#111", class: "hex-id" },
          hex.improvement ? `${hex.id} ★` : hex.id),
        s("text", { x: cx, y: cy + 0.3, "font-size": 0.24, "text-anchor": "middle", fill: "#111", class: "hex-tile" }, tile.name));
      }
      if (places.has(hex.id)) {
        layers.push(s("polygon", { points: corners.join(" "), fill: "transparent", stroke: "#6b3fa0", "stroke-width": 0.08,
          class: "place", "data-place": hex.id, tabindex: 0, role: "button", "aria-label": _("choose %(place)s", { place: name }) }));
      }
    }
    for (const edge of board.edges) {
      if (!edge.road) continue;
      const [a, b] = edge.ends.map((id) => point[id]);
      const mine = look[edge.road] || { colour: "#000", dash: "" };
      layers.push(s("line", { x1: a[0], y1: a[1], x2: b[0], y2: b[1], stroke: "#111", "stroke-width": 0.26, "stroke-linecap": "round" }),
        s("line", { x1: a[0], y1: a[1], x2: b[0], y2: b[1], stroke: mine.colour, "stroke-width": 0.16, "stroke-dasharray": mine.dash,
          class: "road", "data-owner": edge.road }, s("title", {}, _("road of %(ruler)s on %(edge)s", { ruler: ruler(edge.road), edge: edge.id }))));
    }
    for (const spot of board.intersections) {
      const [x, y] = point[spot.id];
      if (!spot.piece) {
        if (screen) layers.push(s("text", { x, y: y + 0.08, "font-size": 0.2, "text-anchor": "middle", fill: "#222", class: "point-id" }, spot.id));
        continue;
      }
      const mine = look[spot.owner] || { colour: "#000", ink: "#fff", initial: "?" };
      const size = spot.piece === "city" ? 0.5 : 0.36;
      for (let wall = 1; wall <= (spot.walls || 0); wall += 1) {
        layers.push(s("circle", { cx: x, cy: y, r: size * 0.75 + 0.08 * wall, fill: "none", stroke: "#111", "stroke-width": 0.05 }));
      }
      const label = _("%(piece)s of %(ruler)s at %(place)s", { piece: PIECES[spot.piece] || spot.piece, ruler: ruler(spot.owner), place: spot.id })
        + (spot.walls ? `, ${_("walls %(walls)s", { walls: spot.walls })}` : "");
      const shape = spot.piece === "city"
        ? s("path", { d: `M${x - size / 2},${y + size / 2} V${y - size / 6} L${x},${y - size / 2} L${x + size / 2},${y - size / 6} V${y + size / 2} Z` })
        : s("rect", { x: x - size / 2, y: y - size / 2, width: size, height: size, rx: 0.04 });
      shape.setAttribute("fill", mine.colour);
      shape.setAttribute("stroke", "#111");
      shape.setAttribute("stroke-width", 0.05);
      shape.setAttribute("class", "piece");
      shape.setAttribute("data-owner", spot.owner);
      layers.push(s("g", {}, shape, s("text", { x, y: y + size * 0.22, "font-size": size * 0.62, "text-anchor": "middle", fill: mine.ink,
        "font-weight": "bold" }, mine.initial), s("title", {}, label)));
      if (screen) layers.push(s("text", { x, y: y + size / 2 + 0.2, "font-size": 0.18, "text-anchor": "middle", fill: "#111", class: "point-id" }, spot.id));
    }
    for (const army of board.armies) {
      const [x, y] = point[army.at];
      const mine = look[army.owner] || { colour: "#000", ink: "#fff", initial: "?" };
      layers.push(s("g", {}, s("circle", { cx: x + 0.32, cy: y - 0.32, r: 0.25, fill: mine.colour, stroke: army.active ? "#fff" : "#111",
        "stroke-width": army.active ? 0.08 : 0.05, class: "army", "data-owner": army.owner }),
      s("text", { x: x + 0.32, y: y - 0.24, "font-size": 0.24, "text-anchor": "middle", fill: mine.ink, "font-weight": "bold" },
        `${mine.initial}${army.units}`),
      s("title", {}, ngettext("%(num)s army unit of %(ruler)s at %(place)s", "%(num)s army units of %(ruler)s at %(place)s", army.units,
        { ruler: ruler(army.owner), place: army.at }) + (army.active ? ` ${_("(active)")}` : ""))));
    }
    for (const spot of board.intersections) {
      if (!places.has(spot.id)) continue;
      const [x, y] = point[spot.id];
      layers.push(s("g", { class: "place", "data-place": spot.id, tabindex: 0, role: "button", "aria-label": _("choose %(place)s", { place: spot.id }) },
        s("circle", { cx: x, cy: y, r: 0.42, fill: "transparent" }),
        s("circle", { cx: x, cy: y, r: 0.2, fill: "#fff", stroke: "#6b3fa0", "stroke-width": 0.07 }),
        s("text", { x, y: y - 0.3, "font-size": 0.3, "text-anchor": "middle", fill: "#000", stroke: "#fff", "stroke-width": 0.06,
          "paint-order": "stroke", "font-weight": "bold" }, spot.id)));
    }
    for (const edge of board.edges) {
      if (!places.has(edge.id)) continue;
      const [a, b] = edge.ends.map((id) => point[id]);
      const [x, y] = [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2];
      layers.push(s("g", { class: "place", "data-place": edge.id, tabindex: 0, role: "button", "aria-label": _("choose %(place)s", { place: edge.id }) },
        s("line", { x1: a[0], y1: a[1], x2: b[0], y2: b[1], stroke: "transparent", "stroke-width": 0.5 }),
        s("line", { x1: a[0], y1: a[1], x2: b[0], y2: b[1], stroke: "#fff", "stroke-width": 0.1, "stroke-dasharray": "0.1 0.08" }),
        s("text", { x, y: y + 0.1, "font-size": 0.28, "text-anchor": "middle", fill: "#000", stroke: "#fff", "stroke-width": 0.06,
          "paint-order": "stroke", "font-weight": "bold" }, edge.id)));
    }
    for (const id of board.unrest) {
      const [x, y] = point[id];
      layers.push(s("text", { x, y: y + 0.5, "font-size": 0.4, "text-anchor": "middle" }, "⚠", s("title", {}, _("unrest at %(place)s", { place: id }))));
    }
    // A map with places to tap is a group of buttons; a picture's children could not be reached.
    const tappable = places.size > 0;
    return s("svg", { class: "map", viewBox: box.map((v) => v.toFixed(3)).join(" "), role: tappable ? "group" : "img",
      "aria-label": tappable ? _("the map: tap a ringed place to choose it") : _("the map") }, layers);
  }

  function legend(h, view) {
    const look = banners(view);
    const tiles = Object.entries(TILES).filter(([key]) => key !== "sea").map(([key, tile]) =>
      h("li", {}, h("span", { class: `tile-swatch tile-${key}`, "data-fill": tile.fill }), ` ${tile.name}`));
    const rulers = view.rulers.map((r) => h("li", { class: "ruler-key", "data-seat": r.seat },
      h("span", { class: "swatch piece-swatch", "data-colour": look[r.seat].colour, "data-ink": look[r.seat].ink }, look[r.seat].initial),
      ` ${ruler(r.seat)} `, botTag(h, r.seat)));
    const key = [h("ul", { class: "legend-tiles", "aria-label": _("tiles") }, tiles),
      h("ul", { class: "legend-rulers", "aria-label": _("rulers") }, rulers),
      h("p", { class: "muted legend-note" }, _("■ settlement · ⌂ city · ● army (units) · ★ improvement · ⚠ unrest"))];
    // A phone folds the key behind a line: its player learns it once, and the choices stay near.
    return document.body.classList.contains("screen") ? h("div", { class: "legend" }, key)
      : h("details", { class: "legend" }, h("summary", {}, _("Key: tiles, rulers, pieces")), key);
  }

  function tracks(h, view) {
    const moon = view.moon_track;
    const moons = Array.from({ length: moon.of }, (_, i) => h("span", { class: `moon${i < moon.moons ? " full" : ""}` }, i < moon.moons ? "●" : "○"));
    const look = banners(view);
    const vp = view.rulers.map((r) => h("div", { class: "vp-row" },
      h("span", {}, h("span", { class: "swatch piece-swatch", "data-colour": look[r.seat].colour, "data-ink": look[r.seat].ink }, look[r.seat].initial),
        ` ${ruler(r.seat)}`),
      h("span", { class: "vp-bar" }, h("span", { class: "vp-fill", "data-share": Math.min(1, r.vp / view.victory_points) })),
      h("span", {}, `${r.vp} / ${view.victory_points}`)));
    return h("section", { class: "tracks" },
      // Each ● a moon left before the Horde lands (one goes each round); said in words beside it.
      h("p", {}, h("strong", {}, `${_("Moons")} `), h("span", { "aria-hidden": "true" }, moons),
        ` ${ngettext("the Horde lands in %(num)s round", "the Horde lands in %(num)s rounds", moon.moons)}`
          + ` · ${_("landfalls %(landfalls)s", { landfalls: moon.landfalls })}`,
        ` · ${_("walls broken %(breaks)s of %(ruin)s", { breaks: moon.breaks, ruin: moon.ruin_at })}`,
        document.body.classList.contains("phone") ? "" : ` ${_("(at %(ruin)s the realm falls)", { ruin: moon.ruin_at })}`),
      h("div", { class: "vp-track" }, h("strong", {}, _("Victory points")), vp));
  }

  // A bot's ruler says so in the key, in a word: the key and the panels have no room to spare on a
  // table screen (its level is in the host's seat rows).
  const botTag = (h, seat) => (Games.isBot(seat) ? h("span", { class: "tag bot" }, _("bot")) : null);

  function rulerPanel(h, r, view) {
    const stores = RESOURCES.map((k) => `${r.stores[k] || 0} ${cap(k)}`).join(" · ");
    return [
      // a phone, without the VP track, says the target beside each count
      h("p", {}, h("span", { class: "count" }, r.vp), document.body.classList.contains("phone")
        ? ` ${_("of %(target)s VP", { target: view.victory_points })} · ` : ` ${_("VP")} · `, stores),
      h("p", { class: "muted" }, [ngettext("%(num)s settlement", "%(num)s settlements", r.settlements),
        ngettext("%(num)s city", "%(num)s cities", r.cities), _("road %(length)s", { length: r.longest_road }),
        ngettext("%(num)s card", "%(num)s cards", r.hand_size)].join(" · ")),
      r.warpath ? h("span", { class: "tag" }, _("Warpath")) : null,
      r.allies && r.allies.length ? h("span", { class: "tag" }, _("allied with %(rulers)s", { rulers: r.allies.map(ruler).join(", ") })) : null,
      r.pariah ? h("span", { class: "tag" }, _("pariah")) : null,
      r.revealed.length ? h("p", { class: "muted" }, _("revealed: %(cards)s", { cards: I18n.list(r.revealed.map((c) => Games.card(c.id))) })) : null,
      view.current === r.seat ? h("span", { class: "tag waiting" }, _("their turn")) : null,
    ];
  }

  function channels(h, state) {
    const view = state.view;
    const boxes = view.channels.map((channel) => {
      const box = h("div", { class: "channel" }, h("p", {}, h("strong", {}, _("With %(ruler)s", { ruler: ruler(channel.with) })),
        channel.sealed ? ` ${_("(sealed)")}` : ""),
        h("ul", { class: "messages" }, channel.messages.map((m) => h("li", {}, h("strong", {}, m.from === view.you ? `${_("you:")} ` : `${ruler(m.from)}: `), m.text))));
      if (!channel.sealed && state.controllers[String(view.you)] === "phone") {
        const input = h("input", { type: "text", maxlength: 280, "aria-label": _("message to %(ruler)s", { ruler: ruler(channel.with) }) });
        const send = h("button", { type: "button", class: "send" }, _("Send"));
        send.addEventListener("click", () => {
          if (input.value.trim()) window.tabletop.post(`${view.you}:say ${channel.with} ${JSON.stringify(input.value)}`);
          input.value = "";
        });
        box.append(h("div", { class: "inline" }, input, send));
      }
      return box;
    });
    // Folded behind its count on a phone (opened, it stays open), so the choices stay near the map.
    const count = view.channels.reduce((sum, channel) => sum + channel.messages.length, 0);
    return h("details", { class: "channels" }, h("summary", {}, h("h3", {}, _("Alliance messages (%(count)s)", { count }))), boxes);
  }

  const WAITING = { answer: _("an answer to an alliance offer"), return: _("a card handed back"), free_road: _("a free road"),
    forfeit: _("the city given up"), choose: _("a free card's deck") };

  function render(state, ui) {
    const { h } = ui;
    const view = state.view;
    latest = view;
    const screen = document.body.classList.contains("screen");
    const what = view.waiting ? WAITING[view.waiting.for] || ui.words(view.waiting.for) : "";
    // The dealer is waited for in a sentence of its own: German and Spanish say it otherwise than a
    // thing waited for ("auf den Geber", "al repartidor"), and the pages' "the dealer" stands alone.
    const waiting = !view.waiting ? "" : ` · ${view.waiting.for === "chance" ? _("waiting for the dealer") : view.waiting.seat
      ? _("waiting for %(what)s from %(ruler)s", { what, ruler: ruler(view.waiting.seat) }) : _("waiting for %(what)s", { what })}`;
    const parts = [h("p", { class: "phase" }, h("strong", {}, `${view.watch} · ${_("round %(round)s", { round: view.round })}`),
      ` · ${PHASES[view.phase] || ui.words(view.phase)}`,
      view.current ? ` · ${_("%(ruler)s to play", { ruler: ruler(view.current) })}` : "", waiting)];
    const rulers = Object.fromEntries(view.rulers.map((r) => [String(r.seat), r]));
    const panels = ui.seatPanels(rulers, state, (r) => rulerPanel(h, r, view), ruler, (r) => `· ${r.vp} ${_("VP")}`);
    parts.push(h("div", { class: "watch-board" }, h("div", { class: "map-box" }, map(view, state.legal, screen)),
      h("div", { class: "choices-slot", hidden: true }),
      h("div", { class: "map-side" }, legend(h, view), tracks(h, view), panels)));
    if (view.hand && !view.hand.length) parts.push(h("section", { class: "hand" }, h("h3", {}, _("Your hand")), h("span", { class: "muted" }, _("empty"))));
    else if (view.hand) {  // the cards by name; a tap shows their text (a card to play shows it on its button too)
      parts.push(h("details", { class: "hand" }, h("summary", {}, h("h3", {}, _("Your hand")), `: ${I18n.list(view.hand.map((c) => Games.card(c.id)))}`),
        h("div", { class: "items" }, view.hand.map((c) => h("div", { class: "item" }, h("strong", {}, Games.card(c.id)),
          h("span", { class: "muted" }, ` ${DECKS[c.deck] || c.deck}`), h("p", {}, Games.cardWords("watch", c.text)))))));
    }
    if (view.channels) parts.push(channels(h, state));
    return h("div", { class: "watch" }, parts);
  }

  // --- words for the choices (the log's sentences are the game's words, sent by the hub) ----

  const card = (id) => Games.card(id);
  const at = (place) => {
    if (Array.isArray(place)) return I18n.list(place.map(at));
    if (!latest || !/^e\d+$/.test(String(place))) return String(place);
    const edge = latest.board.edges.find((e) => e.id === place);
    return edge ? `${place} (${edge.ends[0]}–${edge.ends[1]})` : String(place);
  };
  // A card's argument in words: a seat as its ruler, a resource capitalised, a place as it is.
  const cardArg = (a) => (/^\d$/.test(a) ? ruler(a) : RESOURCES.includes(a) ? cap(a) : at(a));
  function label(notation, view) {
    const [verb, ...args] = notation.replace(/^\d+:/, "").split(" ");
    const founding = view && view.phase === "founding";
    switch (verb) {
      case "settle": return founding ? _("Place your settlement at %(place)s", { place: args[0] })
        : _("Build a settlement at %(place)s", { place: args[0] });
      case "city": return founding ? _("Place your city at %(place)s", { place: args[0] }) : _("Raise a city at %(place)s", { place: args[0] });
      case "road": return _("Road on %(place)s", { place: at(args[0]) });
      case "recruit": return _("Recruit at %(place)s", { place: args[0] });
      case "activate": return _("Wake the army at %(place)s (pay 1 %(resource)s)", { place: args[0], resource: cap(args[1]) });
      case "walls": return _("City walls at %(place)s", { place: args[0] });
      case "improve": return _("Improve %(hex)s for your city at %(place)s", { hex: args[0], place: args[1] });
      case "draw": return args[1] === "gold" ? _("Draw %(deck)s (pay Gold)", { deck: DECKS[args[0]] || args[0] })
        : _("Draw %(deck)s (pay goods)", { deck: DECKS[args[0]] || args[0] });
      case "exchange": return _("2 Gold for 1 %(resource)s", { resource: cap(args[0]) });
      case "move": return _("March %(from)s → %(to)s", { from: args[0], to: args[1] });
      case "strike": return _("Strike from %(from)s at %(to)s", { from: args[0], to: args[1] });
      case "offer": return _("Offer an alliance to %(ruler)s", { ruler: ruler(args[0]) });
      case "accept": return _("Accept the alliance");
      case "decline": return _("Decline the alliance");
      case "break": return _("Break the alliance with %(ruler)s", { ruler: ruler(args[0]) });
      case "play": return args.length > 1
        ? _("Play %(card)s: %(targets)s", { card: card(args[0]), targets: args.slice(1).map((a) => cardArg(a)).join(", ") })
        : _("Play %(card)s", { card: card(args[0]) });
      case "reveal": return _("Reveal %(card)s", { card: card(args[0]) });
      case "return": return _("Hand back %(card)s", { card: card(args[0]) });
      case "choose": return _("Free card from %(deck)s", { deck: DECKS[args[0]] || args[0] });
      case "forfeit": return _("Give up your city at %(place)s", { place: args[0] });
      case "declare": return _("Declare victory");
      case "end": return _("End your turn");
      default: return null;
    }
  }

  // What a card in the seat's hand does (its printed text, from the seat's own view, in the page's
  // language).
  function detail(notation, view) {
    const [word, id] = notation.replace(/^\d+:/, "").split(" ");
    if (!["play", "reveal", "return"].includes(word) || !view || !view.hand) return "";
    const held = view.hand.find((c) => c.id === id);
    return held ? Games.cardWords("watch", held.text) : "";
  }
  // The log's sentences say a seat as "Ruler 2" (seatWord); each is shown as ruler(2), with its
  // player's name and people.
  const seatName = (seat) => ruler(seat);


  Games.renderers.watch = Object.assign(render, { label, detail, seatName, seatWord: "Ruler", after: paint });

  // Colours come from the view (ruler banners); they are set through the DOM, not inline styles.
  function paint(root) {
    root.querySelectorAll("[data-colour]").forEach((node) => {
      node.style.background = node.dataset.colour;
      if (node.dataset.ink) node.style.color = node.dataset.ink;
    });
    root.querySelectorAll("[data-fill]").forEach((node) => { node.style.background = node.dataset.fill; });
    root.querySelectorAll("[data-share]").forEach((node) => { node.style.width = `${Number(node.dataset.share) * 100}%`; });
  }
})();
