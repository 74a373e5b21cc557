// Wheels of War: each cellar's three shelves with the wheel's age, its ripeness window and what it
// would pay now; a sealed wheel is drawn sealed (its seat's own view names it, marked sealed).
"use strict";

(function () {
  const title = (id) => String(id || "").split("-").map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join(" ");

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
    else head.push(h("span", { class: "card back wheel" }, ""), " a sealed wheel");
    if (shelf.sealed) head.push(" ", h("span", { class: "tag sealed" }, "sealed"));
    if (shelf.soured) head.push(" ", h("span", { class: "tag soured" }, "soured"));
    const body = [h("p", {}, ...head), h("p", { class: "muted" }, `age ${shelf.age}`,
      shelf.card ? ` · full ${shelf.full_from}–${shelf.full_until} · worth ${shelf.value} · pays ${shelf.payout} now` : "")];
    if (shelf.card) body.push(ripeness(h, shelf));
    return h("div", { class: `shelf${shelf.sealed ? " sealed" : ""}${shelf.soured ? " soured" : ""}` }, body);
  }

  function render(state, ui) {
    const { h } = ui;
    const view = state.view;
    const parts = [h("p", { class: "phase" }, h("strong", {}, ui.words(view.phase)),
      view.turn_of ? ` · seat ${view.turn_of} to play` : "", view.first_seat ? ` · seat ${view.first_seat} went first` : "")];
    const mine = view.you ? view.players[String(view.you)] : null;
    if (mine && mine.hand) {
      parts.push(h("section", { class: "hand" }, h("h3", {}, "Your hand"),
        mine.hand.length ? h("div", { class: "chips" }, mine.hand.map((card) => h("span", { class: "chip" }, title(card))))
          : h("span", { class: "muted" }, "empty")));
    }
    parts.push(ui.seatPanels(view.players, state, (data) => [
      h("p", {}, h("span", { class: "count" }, data.banked), " Renown banked ",
        h("span", { class: "muted" }, `· ${data.turns_left} turns left`)),
      h("p", { class: "muted" }, `hand ${data.hand_count} · deck ${data.deck_count}`,
        data.damp ? ` · damp ${data.damp}` : "", data.chill ? ` · chill ${data.chill}` : ""),
      data.shelves.map((shelf) => shelfBox(h, shelf)),
      data.archaffineur ? h("p", { class: "muted" }, `Archaffineur: ${title(data.archaffineur)}${data.archaffineur_used ? " (used)" : ""}`)
        : h("p", { class: "muted" }, data.archaffineur_chosen ? "Archaffineur chosen" : "choosing an Archaffineur…"),
      data.discard && data.discard.length ? h("p", { class: "muted" }, `Discard: ${data.discard.map(title).join(", ")}`) : null,
    ]));
    return h("div", { class: "wheels" }, parts);
  }

  function label(notation) {
    const words = notation.replace(/^\d+:/, "").split(" ");
    return [words[0], ...words.slice(1).map((w) => (/^[a-z]+(-[a-z]+)+$/.test(w) ? title(w) : w))].join(" ");
  }

  Games.renderers.wheels = Object.assign(render, { label });
})();
