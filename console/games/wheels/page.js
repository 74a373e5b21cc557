// Wheels of War: each cellar's three shelves with the wheel's age, its ripeness window and what it
// would pay now; a sealed wheel is drawn sealed (its seat's own view names it, marked sealed).
"use strict";

(function () {
  const title = (id) => Games.card(id);
  const PHASES = { toss: "The coin toss", archaffineurs: "Both seats choose an Archaffineur, in secret", deal: "The deal",
    opening: "Opening: swap up to two cards, or keep", play: "Play", over: "Game over" };

  // The ripeness window as a strip of ages: the full window shaded, the wheel's age marked.
  function ripeness(h, shelf) {
    const last = Math.max(shelf.full_until + 2, shelf.age + 1, 8);
    const cells = [];
    for (let age = 1; age <= last; age += 1) {
      const classes = ["age"];
      if (age >= shelf.full_from && age <= shelf.full_until) classes.push("ripe");
      if (age === shelf.age) classes.push("now");
      cells.push(h("span", { class: classes.join(" "), title: `age ${age}` }, age === shelf.age ? String(age) : ""));
    }
    return h("div", { class: "ripeness", "aria-label": `full from age ${shelf.full_from} to ${shelf.full_until}` }, cells);
  }

  function shelfBox(h, shelf) {
    if (shelf.empty) return h("div", { class: "shelf empty" }, h("span", { class: "muted" }, `Shelf ${shelf.shelf}: empty`));
    const head = [h("strong", {}, `Shelf ${shelf.shelf}: `)];
    if (shelf.card) head.push(title(shelf.card));
    else head.push(h("span", { class: "card back wheel", "aria-hidden": "true" }, ""));  // its tag says sealed
    if (shelf.sealed) head.push(" ", h("span", { class: "tag sealed" }, "sealed"));
    if (shelf.soured) head.push(" ", h("span", { class: "tag soured" }, "soured"));
    const body = [h("p", {}, ...head), h("p", { class: "muted" }, `age ${shelf.age}`,
      shelf.card ? ` · full ${shelf.full_from}–${shelf.full_until} · worth ${shelf.value} · pays ${shelf.payout}` : "")];
    if (shelf.card) body.push(ripeness(h, shelf));
    return h("div", { class: `shelf${shelf.sealed ? " sealed" : ""}${shelf.soured ? " soured" : ""}` }, body);
  }

  // A rival's cellar in a line, for a phone that folds it: Renown, then each shelf's wheel.
  const gist = (data) => `· ${data.banked} Renown · ${data.shelves.map((shelf) =>
    (shelf.empty ? "empty" : shelf.card ? `${title(shelf.card)} (pays ${shelf.payout})` : "sealed")).join(" | ")}`;

  function render(state, ui) {
    const { h } = ui;
    const view = state.view;
    latest = view;
    const onScreen = document.body.classList.contains("screen");
    const parts = [h("p", { class: "phase" }, h("strong", {}, PHASES[view.phase] || ui.words(view.phase)),
      view.turn_of ? ` · ${Games.who(view.turn_of, true)} to play` : "", view.first_seat ? ` · ${Games.who(view.first_seat, true)} went first` : "")];
    const mine = view.you ? view.players[String(view.you)] : null;
    if (mine && mine.hand) {
      parts.push(h("section", { class: "hand" }, h("h3", {}, "Your hand"),
        mine.hand.length ? h("div", { class: "chips" }, mine.hand.map((card) => h("span", { class: "chip" }, title(card))))
          : h("span", { class: "muted" }, "empty")));
    }
    parts.push(ui.seatPanels(view.players, state, (data) => [
      h("p", {}, h("span", { class: "count" }, data.banked), " Renown banked ",
        h("span", { class: "muted" }, `· ${data.turns_left} turns left · hand ${data.hand_count} · deck ${data.deck_count}`,
          data.damp ? ` · damp ${data.damp}` : "", data.chill ? ` · chill ${data.chill}` : "")),
      // the three shelves side by side, as they stand in the cellar
      h("div", { class: "shelves" }, data.shelves.map((shelf) => shelfBox(h, shelf))),
      data.archaffineur ? h("p", { class: "muted" }, `Archaffineur: ${title(data.archaffineur)}${data.archaffineur_used ? " (used)" : ""}`)
        : h("p", { class: "muted" }, data.archaffineur_chosen ? "Archaffineur chosen" : "choosing an Archaffineur…"),
      // the discard is public but seldom needed: folded behind its count on a phone; a line on the
      // table screen, which nobody taps
      !data.discard || !data.discard.length ? null
        : onScreen ? h("p", { class: "muted" }, `Discard: ${data.discard.map(title).join(", ")}`)
          : h("details", { class: "discard" }, h("summary", {}, `Discard (${data.discard.length})`),
            h("p", { class: "muted" }, data.discard.map(title).join(", "))),
    ], undefined, gist));
    const strips = Object.values(view.players).some((player) => player.shelves.some((shelf) => shelf.card));
    if (strips) {  // the ripeness strips' symbols, said once in words: folded on a phone, which knows them
      const key = "a box for each age · green: the ages it pays in full · the outlined number: its age now";
      parts.push(onScreen ? h("p", { class: "muted legend-note" }, `Ripeness strip: ${key}`)
        : h("details", { class: "legend-note" }, h("summary", {}, "What the ripeness strip shows"), h("p", { class: "muted" }, key)));
    }
    return h("div", { class: "wheels" }, parts);
  }

  // --- words for the choices (the log's sentences are the game's describe, sent by the hub) --

  let latest = null;
  const card = (id) => Games.card(id);
  const other = (seat) => (Number(seat) === 1 ? 2 : 1);
  // "your shelf 2 (Cart Wheel)" or "seat 2's shelf 1 (a sealed wheel)", from the latest view.
  function shelfName(owner, number, viewer) {
    const player = latest && latest.players[String(owner)];
    const shelf = player && player.shelves.find((s) => s.shelf === Number(number));
    const what = !shelf ? "" : shelf.empty ? " (empty)" : shelf.card ? ` (${card(shelf.card)})` : " (a sealed wheel)";
    const whose = viewer && Number(viewer) === Number(owner) ? "your" : `${Games.whose(owner)}`;
    return `${whose} shelf ${number}${what}`;
  }

  function label(notation, view) {
    if (view) latest = view;
    const [verb, ...args] = notation.replace(/^\d+:/, "").split(" ");
    const seat = Number(notation.split(":")[0]);
    const target = (id, shelf) => {
      const owner = Games.cardInfo(id).rival ? other(seat) : seat;
      return shelfName(owner, shelf, seat);
    };
    switch (verb) {
      case "choose": return `Choose ${card(args[0])}`;
      case "swap": return `Swap ${card(args[0])}`;
      case "keep": return "Keep this hand";
      case "set": return `Set ${card(args[0])} on shelf ${args[1]}${args[2] === "sealed" ? ", sealed" : ", open"}`;
      case "read": return `Read ${shelfName(seat, args[0], seat)}`;  // its Renown: the game's note
      case "play": return `Play ${card(args[0])}${args[1] ? ` on ${target(args[0], args[1])}` : ""}`;
      case "invoke": return `Invoke ${card(args[0])}${args[1] ? ` on ${target(args[0], args[1])}` : ""}`;
      case "wait": return "Wait";
      default: return null;
    }
  }

  // What a craft or an Archaffineur does, from its printed text.
  function detail(notation) {
    const [word, id] = notation.replace(/^\d+:/, "").split(" ");
    return ["choose", "play", "invoke"].includes(word) ? Games.cardInfo(id).text || "" : "";
  }

  Games.renderers.wheels = Object.assign(render, { label, detail });
})();
