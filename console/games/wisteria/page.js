// Wizard of Wisteria: each seat's piles and the cards it has in play, the war pot, and who has
// chosen Battle or Retreat (never what, until all have: the view itself says only "chosen").
"use strict";

(function () {
  const PHASES = {
    reveal: "Reveal: every seat turns its top card",
    face_down: "War! Each tied seat lays a card face down",
    declare: "War! Tied seats choose Battle or Retreat",
    war: "War: battle cards are turned",
    tally: "Counting the cards",
    over: "Game over",
  };

  function card(h, value, extra) {
    return h("span", { class: `card ${extra || ""}`.trim(), title: value ? `strength ${value}` : "face down" },
      value ? String(value) : "");
  }

  // Each group of cards a seat has in play, labelled above, so the row wraps cleanly on a phone.
  function seatCards(h, data) {
    const group = (label, cards) => h("span", { class: "group" }, h("span", { class: "label" }, label), h("span", {}, cards));
    const groups = [];
    if (data.revealed) groups.push(group("revealed", card(h, data.revealed)));
    if (data.face_down) {
      groups.push(group("face down", Array.from({ length: data.face_down }, () => card(h, null, "back"))));
    }
    if (data.battle && data.battle.length) groups.push(group("battle", data.battle.map((value) => card(h, value))));
    if (data.sacrifice) groups.push(group("sacrificed", card(h, data.sacrifice)));
    return groups.length ? h("div", { class: "in-play" }, groups) : h("div", { class: "muted" }, "no card in play");
  }

  function choiceTag(h, data) {
    if (data.choice) return h("span", { class: "tag chosen" }, data.choice === "battle" ? "Battle" : "Retreat");
    if (data.chosen === true) return h("span", { class: "tag chosen" }, "has chosen");
    if (data.chosen === false) return h("span", { class: "tag waiting" }, "choosing…");
    return null;
  }

  function render(state, ui) {
    const { h } = ui;
    const view = state.view;
    const parts = [];
    parts.push(h("p", { class: "phase" }, h("strong", {}, `Round ${view.round}`), " · ",
      PHASES[view.phase] || ui.words(view.phase)));
    if (view.my_choice) parts.push(h("p", { class: "tag chosen" }, `You chose ${view.my_choice}; the others see only that you have chosen.`));
    if (view.seat) {
      parts.push(h("p", { class: "mine-summary" }, h("span", { class: "count" }, view.cards),
        ` cards: ${view.draw} to draw, ${view.won} won`, view.eliminated ? " — eliminated" : ""));
    }
    parts.push(h("div", { class: "pot" }, h("strong", {}, "War pot: "),
      view.in_play ? `${view.in_play} card${view.in_play === 1 ? "" : "s"} in play` : "empty",
      view.retreat_allowed ? "" : h("span", { class: "muted" }, " · a repeat War: Battle only")));
    parts.push(ui.seatPanels(view.seats, state, (data) => [
      h("p", {}, h("span", { class: "count" }, data.cards), " cards ",
        h("span", { class: "muted" }, `(draw ${data.draw} · won ${data.won})`)),
      data.eliminated ? h("p", { class: "tag" }, "eliminated") : seatCards(h, data),
      h("p", {}, data.in_war ? h("span", { class: "tag" }, "in the War") : null, " ", choiceTag(h, data)),
    ]));
    if (view.last_round) {
      const last = view.last_round;
      parts.push(h("p", { class: "muted" }, `Round ${last.round}: `,
        last.winner ? `${Games.who(last.winner, true)} took ${last.cards} cards${last.war ? " in a War" : ""}` : "no winner"));
    }
    const limit = view.victory === "total_control" ? "Total Control" : `${ui.words(view.victory)}, ${view.time_limit_minutes} min`;
    parts.push(h("p", { class: "muted" }, `Victory: ${limit}`, view.time_up ? " · time is up" : ""));
    for (const note of view.notes || []) parts.push(h("p", { class: "muted" }, note));
    return h("div", { class: "wisteria" }, parts);
  }

  function label(notation) {
    const verb = notation.replace(/^\d+:/, "");
    return { battle: "⚔ Battle", retreat: "↩ Retreat" }[verb] || null;
  }

  Games.renderers.wisteria = Object.assign(render, { label });
})();
