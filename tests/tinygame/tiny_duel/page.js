// Tiny Duel on the phone and table pages: each seat's rounds and laid cards, your hand, and the
// choices in words (the log's words are the game's describe). The hub serves this file as the
// game ships it (Game.page_script).
"use strict";

(function () {
  function render(state, ui) {
    const { h } = ui;
    const view = state.view;
    const parts = [h("p", { class: "phase" }, h("strong", {}, `Round ${view.round} of ${view.rounds}`))];
    parts.push(ui.seatPanels(view.seats, state, (data) => [
      h("p", {}, h("span", { class: "count" }, data.points), " rounds taken"),
      h("p", {}, "Laid: ", data.laid.length ? data.laid.map(ui.card).join(", ") : "nothing"),
      h("p", { class: "muted" }, `${data.hand_size} in hand`),
    ]));
    if (view.hand) parts.push(h("p", {}, "Your hand: ", view.hand.map(ui.card).join(", ")));
    return h("div", { class: "duel" }, parts);
  }

  const label = (notation) => (notation.includes(":lay ") ? `Lay ${Games.card(notation.split(" ")[1])}` : null);

  Games.renderers.duel = Object.assign(render, { label });
})();
