// The host's controls: start a table by game title with that game's own options (index page);
// pause, resume, extend the clock, end a table, change who plays a seat, and show the join codes
// of seats no phone has claimed. Every call carries the PIN the host types; no page shows it.
"use strict";

(function () {
  // One random Idempotency-Key per call, the same on its retry: a table start whose answer was
  // lost (Wi-Fi, a restarting hub) is retried once without making a second table.
  function requestId() {
    const bytes = new Uint8Array(16);
    crypto.getRandomValues(bytes);
    return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
  }

  async function call(method, url, pin, body) {
    const options = {
      method,
      credentials: "same-origin",
      headers: I18n.headers({ "Content-Type": "application/json", "X-Host-Pin": pin, "Idempotency-Key": requestId() }),
      body: body === undefined ? undefined : JSON.stringify(body),
    };
    let response;
    try {
      response = await fetch(url, options);
    } catch (lost) {
      await new Promise((resolve) => setTimeout(resolve, 1000));
      response = await fetch(url, options);
    }
    const data = await response.json().catch(() => ({ error: response.statusText }));
    if (!response.ok) throw new Error(data.error || response.statusText);
    if (pin) sessionStorage.setItem(PIN_KEY, pin);  // the hub took it: this tab fills it in from now on
    return data;
  }

  // The PIN a host typed in this browser tab, filled into the tab's PIN fields: never shown, and
  // forgotten when the tab closes (a shared screen's next user does not inherit it).
  const PIN_KEY = "tabletop-host-pin";
  const rememberedPin = sessionStorage.getItem(PIN_KEY);
  if (rememberedPin) {
    document.querySelectorAll("input[name=pin]").forEach((input) => { if (!input.value) input.value = rememberedPin; });
  }

  const words = (key) => String(key).replace(/_/g, " ");
  const startForm = document.getElementById("start-form");
  if (startForm) startPage(startForm);

  // The start form: one fieldset of options per game, built from the game's own option specs;
  // only the chosen game's fieldset is shown and sent.
  function startPage(form) {
    const games = JSON.parse(form.dataset.games);
    const select = form.elements.game;
    const optionsBox = document.getElementById("game-options");
    const params = new URLSearchParams(window.location.search);
    const field = (game, spec) => {
      const label = document.createElement("label");
      label.append((spec.label || words(spec.name)) + " ");
      let input;
      if (spec.choices && spec.choices.length) {
        input = document.createElement("select");
        const said = spec.choice_labels || {};
        for (const choice of spec.choices) input.append(new Option(said[choice] || words(choice), choice, false, choice === spec.default));
      } else if (typeof spec.default === "boolean") {
        input = document.createElement("input");
        input.type = "checkbox";
        input.checked = spec.default;
      } else {
        input = document.createElement("input");
        input.type = typeof spec.default === "number" ? "number" : "text";
        if (spec.minimum !== null && spec.minimum !== undefined) input.min = spec.minimum;
        if (spec.maximum !== null && spec.maximum !== undefined) input.max = spec.maximum;
        input.value = spec.default;
      }
      input.name = `option:${spec.name}`;
      input.dataset.kind = typeof spec.default;
      label.append(input);
      if (spec.help) {
        const help = document.createElement("small");
        help.className = "muted";
        help.textContent = spec.help;
        label.append(help);
      }
      return label;
    };
    const players = form.elements.players;
    const seats = form.elements.seats;
    function show() {
      const game = games.find((g) => g.name === select.value);
      optionsBox.replaceChildren();
      if (!game) return;
      players.min = game.min_players;
      players.max = game.max_players;
      const count = Math.min(game.max_players, Math.max(game.min_players, Number(players.value) || game.min_players));
      players.value = count;
      document.getElementById("players-hint").textContent = game.min_players === game.max_players
        ? ngettext("%(game)s is for %(num)s player.", "%(game)s is for %(num)s players.", game.min_players, { game: game.title })
        : _("%(game)s: %(min)s to %(max)s players.", { game: game.title, min: game.min_players, max: game.max_players });
      const details = document.createElement("details");
      const summary = document.createElement("summary");
      summary.textContent = _("%(game)s: options (the defaults play the book's game)", { game: game.title });
      details.append(summary, ...game.options.map((spec) => field(game, spec)));
      if (game.options.length) optionsBox.append(details);
      fitSeats();
    }
    // One seat word per player: a phone for the first, bots for the rest unless the host typed.
    function seatWords(count) {
      const list = String(seats.value).split(",").map((s) => s.trim()).filter(Boolean);
      while (list.length < count) list.push(list.length ? "bot" : "phone");
      return list.slice(0, count);
    }
    function fitSeats() {
      seats.value = seatWords(Number(players.value)).join(", ");
      showLength();
    }

    // The options the host changed from the book's, by name.
    function chosenOptions(game) {
      const options = {};
      for (const spec of game.options) {
        const input = form.elements[`option:${spec.name}`];
        if (!input) continue;
        const value = input.type === "checkbox" ? input.checked
          : input.dataset.kind === "number" ? Number(input.value) : input.value;
        if (value !== spec.default) options[spec.name] = value;
      }
      return options;
    }

    // How long the chosen game takes with these seats: the hub's measured minutes (bots played
    // it; people at this hub's pace), looked up by player count, people at the table and chance.
    const lengths = JSON.parse(form.dataset.lengths || "{}");
    const lengthWords = document.getElementById("length-words");
    const lengthSource = document.getElementById("length-source");
    function aboutTime(minutes) {
      const mins = (n) => ngettext("%(num)s minute", "%(num)s minutes", n);
      if (minutes < 60) return _("About %(time)s", { time: mins(minutes) });
      const hours = ngettext("%(num)s hour", "%(num)s hours", Math.floor(minutes / 60));
      const time = minutes % 60 ? `${hours} ${mins(minutes % 60)}` : hours;
      return _("About %(time)s", { time });
    }
    function showLength() {
      const game = games.find((g) => g.name === select.value);
      const length = game && lengths[game.name];
      lengthWords.textContent = "";
      lengthSource.textContent = "";
      if (!length) return;
      const count = Number(players.value);
      if (!(count >= game.min_players && count <= game.max_players)) return;  // the form refuses it
      const measured = length.minutes[String(count)];
      if (!measured) {
        const noun = I18n.language === "en" ? (count === 1 ? "player" : game.players_noun) : ngettext("player", "players", count);
        lengthWords.textContent = _("No length is measured for %(count)s %(players)s yet.", { count, players: noun });
        return;
      }
      const bots = seatWords(count).filter((word) => word.toLowerCase().startsWith("bot")).length;
      const chance = form.elements.chance.value === "physical" ? "physical" : "virtual";
      const minutes = measured[chance][count - bots];
      // The game's own word for its players ("rulers") is the game's: said in English until the
      // game's catalog has it (the next step), so the page says "players" in other languages.
      const noun = I18n.language === "en" ? game.players_noun : ngettext("player", "players", count);
      const whoBots = bots === 0 ? "" : bots === count ? _(", all of them bots")
        : ngettext(", %(num)s of them a bot", ", %(num)s of them bots", bots);
      lengthWords.textContent = _("%(time)s with %(count)s %(players)s%(bots)s.",
        { time: aboutTime(minutes), count, players: noun, bots: whoBots });
      const pace = _("%(seconds)s seconds a move for a person", { seconds: length.person_s });
      lengthSource.textContent = length.learned_from
        ? ngettext("From %(games)s games of bots playing the book's options, at %(pace)s, as %(num)s finished game at this hub took.",
          "From %(games)s games of bots playing the book's options, at %(pace)s, as %(num)s finished games at this hub took.",
          length.learned_from, { games: length.simulated, pace })
        : _("From %(games)s games of bots playing the book's options, at %(pace)s: a first guess until this hub has seen %(min)s finished games.",
          { games: length.simulated, pace, min: length.min_games });
      const changed = Object.keys(chosenOptions(game)).map(words);
      if (changed.length) lengthSource.textContent += ` ${_("The options changed here (%(options)s) are not in it.", { options: changed.join(", ") })}`;
    }
    for (const game of games) select.append(new Option(game.title, game.name));
    select.value = params.get("game") || "";
    if (params.get("players")) players.value = params.get("players");
    if (params.get("seats")) seats.value = params.get("seats");
    select.addEventListener("change", show);
    players.addEventListener("change", fitSeats);
    players.addEventListener("input", showLength);
    seats.addEventListener("input", showLength);
    form.elements.chance.addEventListener("change", showLength);
    optionsBox.addEventListener("input", showLength);
    optionsBox.addEventListener("change", showLength);
    show();

    form.addEventListener("submit", async (submit) => {
      submit.preventDefault();
      const error = document.getElementById("start-error");
      error.textContent = "";
      const data = new FormData(form);
      if (!select.value) {
        error.textContent = _("Choose a game first.");
        select.focus();
        return;
      }
      const options = chosenOptions(games.find((g) => g.name === select.value));
      try {
        const made = await call("POST", "/api/tables", String(data.get("pin")), {
          game: select.value, players: Number(data.get("players")),
          seats: String(data.get("seats")).split(",").map((s) => s.trim()).filter(Boolean),
          options, chance: data.get("chance"),
        });
        window.location.href = made.url;
      } catch (failure) {
        error.textContent = failure.message;
        error.scrollIntoView({ block: "nearest" });
      }
    });
  }

  const app = document.getElementById("app");
  const hostForm = document.getElementById("host-form");
  if (app && hostForm) tableHost(app, hostForm);

  function tableHost(app, hostForm) {
    const tableId = app.dataset.table;
    const error = document.getElementById("host-error");
    const pin = () => hostForm.elements.pin.value.trim();
    // Each control asks for the PIN when it is not typed yet, and says what went wrong.
    async function run(method, url, body) {
      error.textContent = "";
      if (!pin()) {
        error.textContent = _("Type the host PIN first: the hub printed it when it started (on its console, or in journalctl -u tabletop when it runs as a service).");
        const box = document.getElementById("host");
        if (box) box.open = true;  // the PIN field sits in the folded host controls
        hostForm.elements.pin.focus();
        return null;
      }
      try {
        return await call(method, url, pin(), body);
      } catch (failure) {
        error.textContent = failure.message;
        return null;
      }
    }
    const host = (body) => run("POST", `/api/tables/${tableId}/host`, body);

    // Wrong PINs typed on other devices, said in the host controls while they are open; once
    // they lock the others out, any control used here with the right PIN lets them in again.
    const hostBox = document.getElementById("host");
    async function showPinAttempts() {
      const line = document.getElementById("pin-attempts");
      const answer = await fetch("/api/pin-attempts", { credentials: "same-origin" }).catch(() => null);
      if (!line || !answer || !answer.ok) return;
      const { wrong_last_hour: lastHour, wrong, locked } = await answer.json();
      line.textContent = locked
        ? ngettext("Host PINs from other devices are locked after %(num)s wrong host PIN. Use a control here with the PIN to let them in again.",
          "Host PINs from other devices are locked after %(num)s wrong host PINs. Use a control here with the PIN to let them in again.", wrong)
        : lastHour ? ngettext("%(num)s wrong host PIN typed on other devices in the last hour.",
          "%(num)s wrong host PINs typed on other devices in the last hour.", lastHour) : "";
      line.hidden = !line.textContent;
    }
    if (hostBox) {
      hostBox.addEventListener("toggle", () => { if (hostBox.open) showPinAttempts(); });
      setInterval(() => { if (hostBox.open) showPinAttempts(); }, 10000);
    }
    hostForm.querySelectorAll("button[data-command]").forEach((button) => {
      const command = button.dataset.command;
      if (command === "end") {
        button.addEventListener("click", () => confirmThen(
          _("End the game now? It stops here with no winner, and it cannot be taken back."),
          _("End the game"), () => host({ command })));
      } else {
        button.addEventListener("click", () => host({ command }));
      }
    });

    // End and Concede cannot be taken back: each asks again, naming what it does.
    const confirmBox = document.getElementById("host-confirm");
    function confirmThen(question, yes, action) {
      const text = document.createElement("p");
      text.textContent = question;
      const go = document.createElement("button");
      go.type = "button";
      go.className = "danger";
      go.textContent = yes;
      const keep = document.createElement("button");
      keep.type = "button";
      keep.textContent = _("Keep playing");
      go.addEventListener("click", () => { confirmBox.hidden = true; action(); });
      keep.addEventListener("click", () => { confirmBox.hidden = true; });
      confirmBox.replaceChildren(text, go, keep);
      confirmBox.hidden = false;
      keep.focus();  // the safe answer under the finger; the consequence is read out first
    }

    // Only what applies: no pause on a paused table, nothing but "again" once the game is over.
    function showWhatApplies(state) {
      const over = Boolean(state.outcome) || ["finished", "ended"].includes(state.status);
      const hide = (selector, hidden) => hostForm.querySelectorAll(selector).forEach((node) => { node.hidden = hidden; });
      hide("[data-command=pause]", over || state.status !== "playing");
      hide("[data-command=resume]", over || state.status !== "paused");
      hide("[data-command=start]", over || state.status !== "waiting");
      hide("[data-command=end]", over);
      hide("#extend", over || !state.clock);
      hide("#show-codes", over);
      seatControls.hidden = over;
      if (over) confirmBox.hidden = true;
    }
    document.addEventListener("tabletop:state", (changed) => showWhatApplies(changed.detail));
    const again = document.getElementById("again-button");
    if (again) {
      again.addEventListener("click", async () => {
        const started = await host({ command: "again" });
        if (started && started.url) window.location.assign(started.url);
      });
    }
    const extend = document.getElementById("extend");
    extend.addEventListener("click", () => host({ command: "extend", minutes: Number(extend.dataset.extend) }));

    // A correction: the host picks a move of the game as it stands to go back to before; the
    // phones whose own moves that undoes are asked to agree (docs/game-night.md).
    const goBack = document.getElementById("go-back");
    const goBackButton = document.getElementById("go-back-button");
    function showMoves(state) {
      const moves = new Map();  // the game's moves as they stand: index -> its first sentence
      for (const event of window.tabletop ? window.tabletop.events() : []) {
        if (event.kind === "takeback" || event.kind === "correction") {
          for (const index of [...moves.keys()]) if (index >= event.action) moves.delete(index);
        } else if (!moves.has(event.action) && event.action < state.actions) {
          moves.set(event.action, Games.describe(state.game, event));
        }
      }
      const picked = goBack.value;
      const options = [...moves.entries()].sort((a, b) => b[0] - a[0]).slice(0, 30)
        .map(([index, text]) => new Option(_("move %(number)s: %(text)s", { number: index + 1, text }), String(index)));
      goBack.replaceChildren(...options);
      if (picked && moves.has(Number(picked))) goBack.value = picked;
      document.getElementById("go-back-row").hidden = !options.length || Boolean(state.outcome);
      cancelCorrection.hidden = !state.correction;  // a phone that left need not hold the table up
    }
    const cancelCorrection = document.getElementById("cancel-correction");
    cancelCorrection.addEventListener("click", () => run("DELETE", `/api/tables/${tableId}/corrections`));
    goBackButton.addEventListener("click", () => {
      const to = Number(goBack.value);
      const count = window.tabletop.state().actions - to;
      confirmThen(
        ngettext("Go back to before %(move)s? The last %(num)s move is withdrawn once every phone whose own moves it undoes agrees.",
          "Go back to before %(move)s? The last %(num)s moves are withdrawn once every phone whose own moves it undoes agrees.",
          count, { move: goBack.selectedOptions[0].textContent }),
        _("Go back"), () => run("POST", `/api/tables/${tableId}/corrections`, { to }));
    });
    document.addEventListener("tabletop:state", (changed) => showMoves(changed.detail));


    // One row per seat: who plays it (phone, a bot of a level, buttons, pod), and a concession.
    const BOT_LEVELS = ["easy", "normal", "hard", "hard2x", "hard4x"];
    // "bot" alone: the table's own level.
    const SEAT_CONTROLLERS = ["phone", "bot", ...BOT_LEVELS.map((level) => `bot:${level}`), "buttons", "pod"];
    const LEVEL_ALIASES = { heuristic: "normal", random: "easy" };
    const CONTROLLERS = { phone: _("phone"), bot: _("bot"), buttons: _("buttons"), pod: _("pod") };
    const LEVELS = { easy: _("easy"), normal: _("normal"), hard: _("hard") };
    const controllerLabel = (value) => (value.startsWith("bot:")
      ? _("bot (%(level)s)", { level: LEVELS[value.slice(4)] || value.slice(4) }) : CONTROLLERS[value] || value);
    // "bot:normal" for a seat a bot plays now (its level from the table's bots), else its controller.
    function controllerOf(state, seat) {
      const controller = (state.controllers || {})[String(seat)];
      if (controller !== "bot") return controller;
      const stint = (state.bots || []).find((s) => String(s.seat) === String(seat) && s.until === null);
      const level = stint ? stint.level : "normal";
      return `bot:${LEVEL_ALIASES[level] || level}`;
    }
    const seatControls = document.getElementById("seat-controls");
    const initial = JSON.parse(app.dataset.initial);
    for (let seat = 1; seat <= initial.players; seat += 1) {
      const select = document.createElement("select");
      select.setAttribute("aria-label", _("who plays seat %(seat)s", { seat }));
      select.dataset.seat = String(seat);
      // A bot comes in levels: "bot:hard" hands the seat to a hard bot (a player left mid-game).
      for (const controller of SEAT_CONTROLLERS) {
        select.append(new Option(controllerLabel(controller), controller, false, controllerOf(initial, seat) === controller));
      }
      select.addEventListener("change", () => {
        const [controller, level] = select.value.split(":");
        run("POST", `/api/tables/${tableId}/seats/${seat}/controller`, { controller, level: level || "" });
      });
      const concede = document.createElement("button");
      concede.type = "button";
      concede.textContent = _("Concede");
      concede.addEventListener("click", () => confirmThen(
        _("Seat %(seat)s concedes? The other seats win and the game is over; it cannot be taken back.", { seat }),
        _("Seat %(seat)s concedes", { seat }), () => host({ command: "concede", seat })));
      // The host may name a seat, or change its name (a player without a phone, a typo).
      const name = document.createElement("input");
      name.maxLength = 24;
      name.value = (initial.names || {})[String(seat)] || "";
      name.setAttribute("aria-label", _("name of seat %(seat)s", { seat }));
      name.dataset.seat = String(seat);
      name.placeholder = _("name");
      name.addEventListener("change", () => run("POST", `/api/tables/${tableId}/seats/${seat}/name`, { name: name.value }));
      const row = document.createElement("div");
      row.className = "inline";
      row.append(`${_("Seat %(seat)s", { seat })} `, name, select, concede);
      seatControls.append(row);
    }
    // The rows follow the table: a name a phone typed, a seat handed to a bot elsewhere (never a
    // field the host is typing in).
    function showSeats(state) {
      seatControls.querySelectorAll("[data-seat]").forEach((node) => {
        if (node === document.activeElement) return;
        if (node.tagName === "SELECT") node.value = controllerOf(state, node.dataset.seat) || node.value;
        else node.value = (state.names || {})[node.dataset.seat] || "";
      });
    }
    document.addEventListener("tabletop:state", (changed) => showSeats(changed.detail));

    // A card laid on the wrong seat's reader, that one other seat could use: "meant for seat N?".
    // One tap moves it there (the hub never says which card it is).
    const misplaced = document.getElementById("misplaced");
    const misplacedMove = document.getElementById("misplaced-move");
    function showMisplaced(state) {
      const offer = state.misplaced;
      misplaced.hidden = !offer;
      if (!offer) return;
      document.getElementById("misplaced-words").textContent =
        _("A card on seat %(at)s's reader cannot be used there now. Meant for seat %(seat)s?", { at: offer.at, seat: offer.seat });
      misplacedMove.textContent = _("Move it to seat %(seat)s", { seat: offer.seat });
    }
    misplacedMove.addEventListener("click", () => host({ command: "move" }));
    document.addEventListener("tabletop:state", (changed) => showMisplaced(changed.detail));
    if (window.tabletop) {
      showWhatApplies(window.tabletop.state());
      showSeats(window.tabletop.state());
      showMisplaced(window.tabletop.state());
      showMoves(window.tabletop.state());
    }

    // The physical kits (pods, the Pi's button panel): which table's seat each serves, and the
    // hub's notes (an unbound kit's scans ignored). The host binds one here to a seat of this table.
    const kitsBox = document.getElementById("kits");
    if (kitsBox) {
      document.getElementById("show-kits").addEventListener("click", () => showKits(kitsBox));
    }
    async function showKits(box) {
      const data = await run("GET", "/api/kits");
      if (!data) return;
      box.replaceChildren();
      for (const kit of data.kits) {
        const row = document.createElement("div");
        row.className = "inline kit";
        row.dataset.kit = kit.kit;
        const select = document.createElement("select");
        select.setAttribute("aria-label", _("the seat %(kit)s serves at this table", { kit: kit.kit }));
        const [boundTable, boundSeat] = String(kit.bound || "").split(":");
        select.append(new Option(kit.bound ? _("bound to table %(table)s, seat %(seat)s", { table: boundTable, seat: boundSeat }) : _("not bound"), ""));
        for (let seat = 1; seat <= initial.players; seat += 1) select.append(new Option(_("seat %(seat)s here", { seat }), String(seat)));
        select.addEventListener("change", async () => {
          if (!select.value) return;
          const bound = await run("POST", `/api/tables/${tableId}/kits`, { kit: kit.kit, seat: Number(select.value) });
          if (bound) showKits(box);
        });
        row.append(`${CONTROLLERS[kit.kind] || kit.kind} ${kit.kit} `, select);
        box.append(row);
      }
      if (!data.kits.length) box.append(_("No pods or buttons are connected."));
      for (const note of data.notes) {
        const line = document.createElement("p");
        line.className = "muted";
        line.textContent = note;
        box.append(line);
      }
    }

    // On a screen that is not the hub's own display the codes come only with the PIN, and only
    // for seats no phone has claimed yet.
    const showCodes = document.getElementById("show-codes");
    if (showCodes) {
      showCodes.addEventListener("click", async () => {
        const data = await run("GET", `/api/tables/${tableId}/join`);
        if (!data) return;
        const claimed = new Set(window.tabletop ? window.tabletop.claimed() : []);
        const codes = document.getElementById("codes");
        codes.replaceChildren();
        for (const link of data.seats) {
          if (link.claimed || claimed.has(link.seat)) continue;
          const figure = document.createElement("figure");
          figure.className = "code";
          figure.dataset.seat = link.seat;
          const anchor = document.createElement("a");
          anchor.href = link.url;
          anchor.className = "code-link";
          // The SVG is made by the hub (segno) from its own join address, never from input.
          anchor.innerHTML = link.svg;
          const caption = document.createElement("figcaption");
          caption.textContent = _("Seat %(seat)s", { seat: link.seat });
          figure.append(anchor, caption);
          codes.append(figure);
        }
      });
    }
  }
})();
