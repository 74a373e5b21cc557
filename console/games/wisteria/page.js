// Wizard of Wisteria: each seat's piles and the cards it has in play, the war pot, and who has
// chosen Battle or Retreat (never what, until all have: the view itself says only "chosen").
// Its words come from the game's own catalog (game.pot beside this file), through the page's
// _() and ngettext() (console/web/static/i18n.js).
"use strict";

(function () {
  const PHASES = {
    reveal: _("Reveal: every seat turns its top card"),
    face_down: _("War! Each tied seat lays a card face down"),
    declare: _("War! Tied seats choose Battle or Retreat"),
    war: _("War: battle cards are turned"),
    tally: _("Counting the cards"),
    over: _("Game over"),
  };

  function card(h, value, extra) {
    return h("span", { class: `card ${extra || ""}`.trim(), title: value ? _("strength %(value)s", { value }) : _("face down") },
      value ? String(value) : "");
  }

  // Each group of cards a seat has in play, labelled above, so the row wraps cleanly on a phone.
  function seatCards(h, data) {
    const group = (label, cards) => h("span", { class: "group" }, h("span", { class: "label" }, label), h("span", {}, cards));
    const groups = [];
    if (data.revealed) groups.push(group(_("revealed"), card(h, data.revealed)));
    if (data.face_down) {
      groups.push(group(_("face down"), Array.from({ length: data.face_down }, () => card(h, null, "back"))));
    }
    if (data.battle && data.battle.length) groups.push(group(_("battle"), data.battle.map((value) => card(h, value))));
    if (data.sacrifice) groups.push(group(_("sacrificed"), card(h, data.sacrifice)));
    return groups.length ? h("div", { class: "in-play" }, groups) : h("div", { class: "muted" }, _("no card in play"));
  }

  function choiceTag(h, data) {
    if (data.choice) return h("span", { class: "tag chosen" }, data.choice === "battle" ? _("Battle") : _("Retreat"));
    if (data.chosen === true) return h("span", { class: "tag chosen" }, _("has chosen"));
    if (data.chosen === false) return h("span", { class: "tag waiting" }, _("choosing…"));
    return null;
  }

  function render(state, ui) {
    const { h } = ui;
    const view = state.view;
    const parts = [];
    parts.push(h("p", { class: "phase" }, h("strong", {}, _("Round %(round)s", { round: view.round })), " · ",
      PHASES[view.phase] || ui.words(view.phase)));
    const chose = { battle: _("Battle"), retreat: _("Retreat") };
    if (view.my_choice) {
      parts.push(h("p", { class: "tag chosen" }, _("You chose %(choice)s; the others see only that you have chosen.",
        { choice: chose[view.my_choice] || view.my_choice })));
    }
    if (view.seat) {
      parts.push(h("p", { class: "mine-summary" }, h("span", { class: "count" }, view.cards),
        ` ${ngettext("card: %(draw)s to draw, %(won)s won", "cards: %(draw)s to draw, %(won)s won", view.cards,
          { draw: view.draw, won: view.won })}`, view.eliminated ? ` — ${_("eliminated")}` : ""));
    }
    parts.push(h("div", { class: "pot" }, h("strong", {}, `${_("War pot:")} `),
      view.in_play ? ngettext("%(num)s card in play", "%(num)s cards in play", view.in_play) : _("empty"),
      view.retreat_allowed ? "" : h("span", { class: "muted" }, ` · ${_("a repeat War: Battle only")}`)));
    parts.push(ui.seatPanels(view.seats, state, (data) => [
      h("p", {}, h("span", { class: "count" }, data.cards), ` ${ngettext("card", "cards", data.cards)} `,
        h("span", { class: "muted" }, _("(draw %(draw)s · won %(won)s)", { draw: data.draw, won: data.won }))),
      data.eliminated ? h("p", { class: "tag" }, _("eliminated")) : seatCards(h, data),
      h("p", {}, data.in_war ? h("span", { class: "tag" }, _("in the War")) : null, " ", choiceTag(h, data)),
    ]));
    if (view.last_round) {
      const last = view.last_round;
      const who = last.winner ? Games.who(last.winner, true) : "";
      const took = last.war ? ngettext("%(who)s took %(num)s card in a War", "%(who)s took %(num)s cards in a War", last.cards, { who })
        : ngettext("%(who)s took %(num)s card", "%(who)s took %(num)s cards", last.cards, { who });
      parts.push(h("p", { class: "muted" }, _("Round %(round)s:", { round: last.round }), " ", last.winner ? took : _("no winner")));
    }
    const VICTORIES = { total_control: _("Total Control"), time_limit: _("Time Limit"), power_score: _("Power Score") };
    const victory = VICTORIES[view.victory] || ui.words(view.victory);
    const limit = view.victory === "total_control" ? victory : _("%(victory)s, %(minutes)s min", { victory, minutes: view.time_limit_minutes });
    parts.push(h("p", { class: "muted" }, _("Victory: %(limit)s", { limit }), view.time_up ? ` · ${_("time is up")}` : ""));
    for (const note of view.notes || []) parts.push(h("p", { class: "muted" }, Games.say(state.game, note, true)));
    return h("div", { class: "wisteria" }, parts);
  }

  function label(notation) {
    const verb = notation.replace(/^\d+:/, "");
    return { battle: `⚔ ${_("Battle")}`, retreat: `↩ ${_("Retreat")}` }[verb] || null;
  }

  Games.renderers.wisteria = Object.assign(render, { label });
})();
