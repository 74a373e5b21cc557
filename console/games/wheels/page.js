// Wheels of War: each cellar's three shelves with the wheel's age, its ripeness window and what it
// would pay now; a sealed wheel is drawn sealed (its seat's own view names it, marked sealed).
// Its words come from the game's own catalog (game.pot beside this file), through the page's
// _() and ngettext() (console/web/static/i18n.js); a card's name and text through Games.card and
// Games.cardWords, in the same catalog.
"use strict";

(function () {
  const title = (id) => Games.card(id);
  const PHASES = { toss: _("The coin toss"), archaffineurs: _("Both seats choose an Archaffineur, in secret"), deal: _("The deal"),
    opening: _("Opening: swap up to two cards, or keep"), play: _("Play"), over: _("Game over") };

  // The ripeness window as a strip of ages: the full window shaded, the wheel's age marked.
  function ripeness(h, shelf) {
    const last = Math.max(shelf.full_until + 2, shelf.age + 1, 8);
    const cells = [];
    for (let age = 1; age <= last; age += 1) {
      const classes = ["age"];
      if (age >= shelf.full_from && age <= shelf.full_until) classes.push("ripe");
      if (age === shelf.age) classes.push("now");
      cells.push(h("span", { class: classes.join(" "), title: _("age %(age)s", { age }) }, age === shelf.age ? String(age) : ""));
    }
    return h("div", { class: "ripeness", "aria-label": _("full from age %(from)s to %(until)s", { from: shelf.full_from, until: shelf.full_until }) }, cells);
  }

  function shelfBox(h, shelf) {
    if (shelf.empty) return h("div", { class: "shelf empty" }, h("span", { class: "muted" }, _("Shelf %(shelf)s: empty", { shelf: shelf.shelf })));
    const head = [h("strong", {}, `${_("Shelf %(shelf)s:", { shelf: shelf.shelf })} `)];
    if (shelf.card) head.push(title(shelf.card));
    else head.push(h("span", { class: "card back wheel", "aria-hidden": "true" }, ""));  // its tag says sealed
    if (shelf.sealed) head.push(" ", h("span", { class: "tag sealed" }, _("sealed")));
    if (shelf.soured) head.push(" ", h("span", { class: "tag soured" }, _("soured")));
    const body = [h("p", {}, ...head), h("p", { class: "muted" }, _("age %(age)s", { age: shelf.age }),
      shelf.card ? ` · ${_("full %(from)s–%(until)s · worth %(value)s · pays %(payout)s",
        { from: shelf.full_from, until: shelf.full_until, value: shelf.value, payout: shelf.payout })}` : "")];
    if (shelf.card) body.push(ripeness(h, shelf));
    return h("div", { class: `shelf${shelf.sealed ? " sealed" : ""}${shelf.soured ? " soured" : ""}` }, body);
  }

  // A rival's cellar in a line, for a phone that folds it: Renown, then each shelf's wheel.
  const gist = (data) => `· ${_("%(renown)s Renown", { renown: data.banked })} · ${data.shelves.map((shelf) =>
    (shelf.empty ? _("empty") : shelf.card ? _("%(card)s (pays %(payout)s)", { card: title(shelf.card), payout: shelf.payout })
      : _("sealed"))).join(" | ")}`;

  function render(state, ui) {
    const { h } = ui;
    const view = state.view;
    latest = view;
    const onScreen = document.body.classList.contains("screen");
    const parts = [h("p", { class: "phase" }, h("strong", {}, PHASES[view.phase] || ui.words(view.phase)),
      view.turn_of ? ` · ${_("%(who)s to play", { who: Games.who(view.turn_of, true) })}` : "",
      view.first_seat ? ` · ${_("%(who)s went first", { who: Games.who(view.first_seat, true) })}` : "")];
    const mine = view.you ? view.players[String(view.you)] : null;
    if (mine && mine.hand) {
      parts.push(h("section", { class: "hand" }, h("h3", {}, _("Your hand")),
        mine.hand.length ? h("div", { class: "chips" }, mine.hand.map((card) => h("span", { class: "chip" }, title(card))))
          : h("span", { class: "muted" }, _("empty"))));
    }
    parts.push(ui.seatPanels(view.players, state, (data) => [
      h("p", {}, h("span", { class: "count" }, data.banked), ` ${_("Renown banked")} `,
        h("span", { class: "muted" }, `· ${ngettext("%(num)s turn left", "%(num)s turns left", data.turns_left)} · `
          + _("hand %(hand)s · deck %(deck)s", { hand: data.hand_count, deck: data.deck_count }),
          data.damp ? ` · ${_("damp %(turns)s", { turns: data.damp })}` : "", data.chill ? ` · ${_("chill %(turns)s", { turns: data.chill })}` : "")),
      // the three shelves side by side, as they stand in the cellar
      h("div", { class: "shelves" }, data.shelves.map((shelf) => shelfBox(h, shelf))),
      data.archaffineur ? h("p", { class: "muted" }, data.archaffineur_used
        ? _("Archaffineur: %(card)s (used)", { card: title(data.archaffineur) }) : _("Archaffineur: %(card)s", { card: title(data.archaffineur) }))
        : h("p", { class: "muted" }, data.archaffineur_chosen ? _("Archaffineur chosen") : _("choosing an Archaffineur…")),
      // the discard is public but seldom needed: folded behind its count on a phone; a line on the
      // table screen, which nobody taps
      !data.discard || !data.discard.length ? null
        : onScreen ? h("p", { class: "muted" }, _("Discard: %(cards)s", { cards: data.discard.map(title).join(", ") }))
          : h("details", { class: "discard" }, h("summary", {}, _("Discard (%(count)s)", { count: data.discard.length })),
            h("p", { class: "muted" }, data.discard.map(title).join(", "))),
    ], undefined, gist));
    const strips = Object.values(view.players).some((player) => player.shelves.some((shelf) => shelf.card));
    if (strips) {  // the ripeness strips' symbols, said once in words: folded on a phone, which knows them
      const key = _("a box for each age · green: the ages it pays in full · the outlined number: its age now");
      parts.push(onScreen ? h("p", { class: "muted legend-note" }, _("Ripeness strip: %(key)s", { key }))
        : h("details", { class: "legend-note" }, h("summary", {}, _("What the ripeness strip shows")), h("p", { class: "muted" }, key)));
    }
    return h("div", { class: "wheels" }, parts);
  }

  // --- words for the choices (the log's sentences are the game's words, sent by the hub) ------

  let latest = null;
  const card = (id) => Games.card(id);
  const other = (seat) => (Number(seat) === 1 ? 2 : 1);
  // "your shelf 2 (Cart Wheel)" or "seat 2's shelf 1 (a sealed wheel)", from the latest view.
  function shelfName(owner, number, viewer) {
    const player = latest && latest.players[String(owner)];
    const shelf = player && player.shelves.find((s) => s.shelf === Number(number));
    const what = !shelf ? "" : shelf.empty ? ` ${_("(empty)")}` : shelf.card ? ` (${card(shelf.card)})` : ` ${_("(a sealed wheel)")}`;
    if (viewer && Number(viewer) === Number(owner)) return _("your shelf %(number)s%(what)s", { number, what });
    return _("%(who)s's shelf %(number)s%(what)s", { who: Games.who(owner, true), number, what });
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
      case "choose": return _("Choose %(card)s", { card: card(args[0]) });
      case "swap": return _("Swap %(card)s", { card: card(args[0]) });
      case "keep": return _("Keep this hand");
      case "set": return args[2] === "sealed" ? _("Set %(card)s on shelf %(shelf)s, sealed", { card: card(args[0]), shelf: args[1] })
        : _("Set %(card)s on shelf %(shelf)s, open", { card: card(args[0]), shelf: args[1] });
      case "read": return _("Read %(shelf)s", { shelf: shelfName(seat, args[0], seat) });  // its Renown: the game's note
      case "play": return args[1] ? _("Play %(card)s on %(target)s", { card: card(args[0]), target: target(args[0], args[1]) })
        : _("Play %(card)s", { card: card(args[0]) });
      case "invoke": return args[1] ? _("Invoke %(card)s on %(target)s", { card: card(args[0]), target: target(args[0], args[1]) })
        : _("Invoke %(card)s", { card: card(args[0]) });
      case "wait": return _("Wait");
      default: return null;
    }
  }

  // What a craft or an Archaffineur does, from its printed text: a message id of the game's
  // catalog, or a sentence with the card's figures (printed.py), said in the page's language.
  function detail(notation) {
    const [word, id] = notation.replace(/^\d+:/, "").split(" ");
    return ["choose", "play", "invoke"].includes(word) ? Games.cardWords("wheels", Games.cardInfo(id).text) : "";
  }

  Games.renderers.wheels = Object.assign(render, { label, detail });
})();
