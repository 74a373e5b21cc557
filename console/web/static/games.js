// Drawing each game's view. A game with a renderer of its own gets it (its page script, which the
// game ships and the hub serves at /games/<name>/page.js, registers it in Games.renderers); any
// other view is drawn generically as labelled boxes. Views are JSON from the engine's view(seat),
// so nothing here can reveal more than the hub sent.
"use strict";

const Games = (function () {
  const renderers = {};

  function h(tag, attrs, ...children) {
    const node = document.createElement(tag);
    for (const [key, value] of Object.entries(attrs || {})) {
      if (value === undefined || value === null || value === false) continue;
      if (key === "class") node.className = value;
      else if (key === "text") node.textContent = value;
      else node.setAttribute(key, value === true ? "" : value);
    }
    for (const child of children.flat(Infinity)) {
      if (child === null || child === undefined || child === false) continue;
      node.append(child instanceof Node ? child : document.createTextNode(String(child)));
    }
    return node;
  }

  const words = (key) => String(key).replace(/_/g, " ");

  function scalar(value) {
    if (value === null || value === undefined) return "—";
    if (value === true) return _("yes");
    if (value === false) return _("no");
    return String(value);
  }

  // A view of any shape: objects become labelled boxes, lists of plain values a line of chips.
  function generic(value, depth = 0) {
    if (Array.isArray(value)) {
      if (!value.length) return h("span", { class: "muted" }, _("none"));
      if (value.every((item) => item === null || typeof item !== "object")) {
        return h("span", { class: "chips" }, value.map((item) => h("span", { class: "chip" }, scalar(item))));
      }
      return h("div", { class: "items" }, value.map((item) => h("div", { class: "item" }, generic(item, depth + 1))));
    }
    if (value !== null && typeof value === "object") {
      const box = h("dl", { class: depth === 0 ? "view" : "fields" });
      for (const [key, inner] of Object.entries(value)) {
        if (key === "game") continue;
        box.append(h("dt", {}, words(key)), h("dd", {}, generic(inner, depth + 1)));
      }
      return box;
    }
    return h("span", { class: "value" }, scalar(value));
  }

  // Per-seat panels, side by side on the table screen, for views that hold "players" by seat.
  // ``nameOf(seat)`` names a seat in the game's own words ("Ruler 2 (Stoneborn)").
  // Each seat's panel. On a phone's seat page a game that gives each seat's ``gist`` (its score,
  // in a few words) folds the other seats' panels behind their name and gist: the player's own
  // panel and the choices stay within a screen or two, a rival's whole panel one tap away.
  function seatPanels(players, state, drawSeat, nameOf, gist) {
    const folds = Boolean(gist) && state.seat && document.body.classList.contains("phone");
    return h("div", { class: folds ? "seats folded" : "seats" }, Object.entries(players).map(([seat, data]) => {
      const number = Number(seat);
      const classes = ["seat-panel"];
      if (state.to_act.includes(number)) classes.push("acting");
      if (state.seat === number) classes.push("mine");
      const name = state.seat === number ? _("%(name)s (you)", { name: nameOf ? nameOf(number) : who(number) })
        : nameOf ? nameOf(number) : who(number);
      if (folds && state.seat !== number) {
        return h("details", { class: classes.join(" "), "data-seat": seat },
          h("summary", {}, h("h3", {}, name), ` ${gist(data, number)}`), drawSeat(data, number));
      }
      return h("section", { class: classes.join(" "), "data-seat": seat }, h("h3", {}, name), drawSeat(data, number));
    }));
  }

  function render(state) {
    const draw = renderers[state.game];
    try {
      if (draw) {
        const node = draw(state, { h, generic, seatPanels, words, scalar, card, cardInfo });
        if (draw.after) draw.after(node);
        return node;
      }
    } catch (error) {
      console.error(error); // a view this page does not know yet: fall back to the generic drawing
    }
    return generic(state.view);
  }

  // The seats' names (what each player typed, "Bot 2 (normal)" for a bot), from the table's state:
  // always put in the page as text, never as markup. ``who(2)`` is "Ana", or "Seat 2" unnamed;
  // ``who(2, true)`` is "seat 2" for the middle of a sentence; ``whose`` adds the possessive.
  let names = {};
  let controllers = {};
  const setNames = (table, byController) => { names = table || {}; controllers = byController || {}; };
  const isBot = (seat) => controllers[String(seat)] === "bot";
  const nameOf = (seat) => names[String(seat)] || "";
  const who = (seat, inSentence = false) => nameOf(seat) || (inSentence ? _("seat %(seat)s", { seat }) : _("Seat %(seat)s", { seat }));
  const whose = (seat) => _("%(who)s's", { who: who(seat, true) });

  // Card ids to printed names (the page's data-cards, from the game's catalog).
  let cards = {};
  const setCards = (table) => { cards = table || {}; };
  // A card's name in the page's language: its printed (English) name is its message id in the
  // game's catalog. Its text and facts likewise, or a sentence the game sends (``cardWords``).
  const card = (id) => _((cards[id] && cards[id].name) || titleCase(id));
  const cardWords = (game, value) => (!value ? "" : typeof value === "object" ? say(game, value, true) : _(String(value)));
  const cardInfo = (id) => cards[id] || {};
  const titleCase = (id) => String(id || "").split("-").map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join(" ");


  // Every event as a sentence in the page's language: the hub sends its message id and values
  // (event.said, console/i18n/said.py), said here with the game's catalog and the page's: a seat
  // by its player's name (a game whose renderer has a seatName, "Ruler 2", by that), a card by its
  // printed name in this language, a list as the language joins one. An event from an older hub
  // has only its English (event.text), the seats' names put in; one with neither its name and
  // whose it is (never its raw fields: a line is for a person).
  function describe(game, event) {
    const said = event.said;
    // a sentence with no values may be a game's English alone (Game.words' default): names put in
    if (said && typeof said.id === "string") return Object.keys(said.values || {}).length ? say(game, said, true) : withNames(game, _(said.id));
    if (typeof event.text === "string" && event.text) return withNames(game, event.text);
    const by = event.seat ? `${who(event.seat)}: ` : "";
    const text = words(event.kind);
    return by + text.charAt(0).toUpperCase() + text.slice(1);
  }

  function say(game, said, atStart) {
    const values = said.values || {};
    const text = said.plural ? I18n.ngettext(said.id, said.plural, Number(values.num) || 0) : _(said.id);
    const first = /^%\((\w+)\)[sd]/.exec(text);
    return text.replace(/%\((\w+)\)[sd]/g, (found, name) =>
      name in values ? valueWords(game, values[name], atStart && first && first[1] === name) : found);
  }

  function valueWords(game, value, atStart) {
    if (value === null || typeof value !== "object") return String(value);
    if ("seat" in value) {
      const renderer = renderers[game] || {};
      return renderer.seatName ? renderer.seatName(Number(value.seat)) : who(value.seat, !atStart);
    }
    if ("card" in value) return card(value.card);
    if ("said" in value) return say(game, value.said, atStart);
    if (Array.isArray(value.list)) return I18n.list(value.list.map((item, i) => valueWords(game, item, atStart && i === 0)));
    return "";
  }

  const escaped = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

  // One pass, so a name put in is never read again; a player's quoted words (“…”) stay as typed.
  function withNames(game, text) {
    const renderer = renderers[game] || {};
    const word = renderer.seatWord && renderer.seatName ? renderer.seatWord : "";
    const seats = new RegExp(`\\b(seat${word ? `|${escaped(word)}` : ""}) (\\d+)\\b`, "gi");
    const put = (found, said, n) => {
      if (said.toLowerCase() !== "seat") return renderer.seatName(Number(n));
      return nameOf(n) ? who(n, said === "seat") : found;
    };
    return text.split(/(“[^”]*”)/).map((part, i) => (i % 2 ? part : part.replace(seats, put))).join("");
  }

  function actionLabel(game, notation, view) {
    const custom = renderers[game] && renderers[game].label && renderers[game].label(notation, view);
    return custom || notation.replace(/^\d+:/, "");
  }

  // What each of the seat's choices will do in the game's numbers, from the hub (the game's
  // choice_notes): a cost and what it leaves, a strike's outcome; each a sentence to say in the
  // page's language (as an event's), or words a game sends as they are.
  let notes = {};
  let notesGame = "";
  const setNotes = (table, game) => { notes = table || {}; notesGame = game || ""; };
  const note = (notation) => {
    const said = notes[notation];
    return said && typeof said === "object" ? say(notesGame, said, true) : said;
  };

  // A line under a choice's label saying what it does (its numbers, a card's text), or "".
  function actionDetail(game, notation, view) {
    const custom = renderers[game] && renderers[game].detail && renderers[game].detail(notation, view);
    return [note(notation), custom].filter(Boolean).join(" · ");
  }

  // A pod or button seat's cursor (from the composer): the highlighted choice, or why a scan or
  // press was refused, in the page's language. The hub sends its prompt and refusal as sentences
  // (console/physical/composer.py) and says what each entry is, so it is worded here as the seat's
  // own buttons are: a choice by the game's label, a card by its printed name, a folded list by its
  // heading; the English (``labels``, ``prompt``, ``refused``) is for a hub that sends no more.
  function cursorText(cursor, game, view) {
    if (!cursor) return "";
    if (cursor.refused) return _("Not taken: %(why)s", { why: cursor.refused_said ? say(game, cursor.refused_said, false) : cursor.refused });
    const prompt = cursor.prompt_said ? say(game, cursor.prompt_said, true) : cursor.prompt || "";
    const labels = cursor.entries ? cursor.entries.map((entry) => entryWords(game, entry, view)) : cursor.labels || [];
    if (!labels.length) return prompt;
    return _("%(prompt)s: ▶ %(label)s (%(index)s of %(count)s)",
      { prompt, label: labels[cursor.index], index: cursor.index + 1, count: labels.length });
  }

  // One line of a cursor, standing on its own: its group's heading, then the choice.
  function entryWords(game, entry, view) {
    if ("group" in entry) return ngettext("%(heading)s: %(num)s choice", "%(heading)s: %(num)s choices", entry.count, { heading: _(entry.group) });
    let words;
    if ("card" in entry) {
      const name = _(entry.name);
      words = entry.ways > 1 ? `${name} (${ngettext("%(num)s way", "%(num)s ways", entry.ways)})` : name;
    } else {
      const custom = renderers[game] && renderers[game].label;
      let said = "";
      try {
        said = custom ? custom(entry.action, view) : "";
      } catch (error) {
        said = "";  // a chance outcome the game's page does not word: the hub's words
      }
      words = said || (entry.chance ? entry.words : actionLabel(game, entry.action, view));
    }
    return entry.heading ? `${_(entry.heading)}: ${words}` : words;
  }

  return { renderers, render, describe, actionLabel, actionDetail, cursorText, h, generic, seatPanels, setCards, card, cardInfo, cardWords, titleCase, words, setNames, setNotes, say, nameOf, who, whose, isBot };
})();
