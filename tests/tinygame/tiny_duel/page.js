// Tiny Duel on the phone and table pages: each seat's rounds and laid cards, your hand, and the
// log and choices in words. The hub serves this file as the game ships it (Game.page_script).
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

  function describe(event) {
    const s = `Seat ${event.seat}`;
    switch (event.kind) {
      case "dealt": return event.card ? `${s} is dealt ${Games.card(event.card)}` : `${s} is dealt a card`;
      case "laid": return `${s} lays ${Games.card(event.card)}`;
      case "round_won": return `${s} takes round ${event.round}`;
      case "tied": return `Round ${event.round} is a tie`;
      default: return null;
    }
  }

  const label = (notation) => (notation.includes(":lay ") ? `Lay ${Games.card(notation.split(" ")[1])}` : null);

  Games.renderers.duel = Object.assign(render, { describe, label, twins: {} });
})();
