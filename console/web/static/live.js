// Keeps a table screen, a seat page or a spectator page live: draws the state the page was served
// with, follows the table's Server-Sent Events stream, and (on a seat page) posts the seat's moves.
// The browser's EventSource reconnects on its own with Last-Event-ID; if the hub refuses the
// stream (it restarted, or is full) we open a new one from the last event we saw.
"use strict";

(function () {
  const app = document.getElementById("app");
  const tableId = app.dataset.table;
  const seat = app.dataset.seat ? Number(app.dataset.seat) : null;
  const page = app.dataset.page;
  let state = JSON.parse(app.dataset.initial);
  let lastId = state.last_id;
  let source = null;
  const logLimit = page === "table" ? 14 : 30;

  const el = (id) => document.getElementById(id);
  const base = seat ? `/api/tables/${tableId}/seats/${seat}` : `/api/tables/${tableId}`;

  // How a seat is played, in the page's words (the hub's own values stay in data attributes).
  const CONTROLLERS = { phone: _("phone"), bot: _("bot"), buttons: _("buttons"), pod: _("pod") };
  const controllerWord = (controller) => CONTROLLERS[controller] || controller || "?";

  // A bot's name in the page's words: the hub names a seat a bot plays "Bot 2 (normal)" in English;
  // its seat and level (the table's bots, state.bots) say it here ("Bot 2 (normal)" is German too).
  const BOT_LEVELS = { easy: _("easy"), normal: _("normal"), hard: _("hard") };
  const LEVEL_ALIASES = { heuristic: "normal", random: "easy" };
  function names() {
    const named = Object.assign({}, state.names || {});
    for (const stint of state.bots || []) {
      if (stint.until !== null || state.controllers[String(stint.seat)] !== "bot") continue;
      const level = LEVEL_ALIASES[stint.level] || stint.level;
      named[String(stint.seat)] = _("Bot %(seat)s (%(level)s)", { seat: stint.seat, level: BOT_LEVELS[level] || level });
    }
    return named;
  }

  const seatName = (s) => {
    const renderer = Games.renderers[state.game];
    return renderer && renderer.seatName ? renderer.seatName(s) : Games.who(s, true);
  };

  function statusText() {
    if (state.outcome) {
      const winners = state.outcome.winners || [];
      const mine = seat && winners.includes(seat) ? _(" — you win!") : "";
      const who = winners.length ? ngettext("%(who)s wins", "%(who)s win", winners.length, { who: I18n.list(winners.map(seatName)) })
        : _("nobody wins");
      // The rules' reason, said in this page's language (the hub sends it as a sentence: each seat
      // by its name). One that names its lone winner first ("seat 2 banked the most Renown") says
      // who won by itself: the winner is not said twice.
      const own = winners.length === 1 && new RegExp(`^seat ${winners[0]}\\b`, "i").test(String(state.outcome.reason));
      const reason = state.outcome.said ? Games.say(state.game, state.outcome.said, own) : String(state.outcome.reason);
      return (own ? _("Game over: %(reason)s", { reason }) : _("Game over: %(who)s (%(reason)s)", { who, reason }))
        + mine + botsText();
    }
    // the hub's words (a pause for a failure, a full disk, a re-check), in this page's language
    const problem = state.problem_said ? Games.say(state.game, state.problem_said, true) : state.problem;
    if (state.status === "paused") return problem || _("Paused by the host");
    // 3 and 5 minutes: whom, and why
    if (state.stall && state.stall.told) return state.stall.told_said ? Games.say(state.game, state.stall.told_said, true) : state.stall.told;
    if (state.correction) {
      const asked = state.correction.waiting.map((s) => (s === seat ? _("you") : seatName(s)));
      return ngettext("The host is going back %(num)s move: waiting for %(who)s to agree",
        "The host is going back %(num)s moves: waiting for %(who)s to agree", state.correction.count, { who: I18n.list(asked) });
    }
    if (state.status === "waiting") {
      const missing = (state.to_join || []).map(seatName);
      return _("Waiting for %(who)s to join · the game, its clock and bots start then", { who: I18n.list(missing) });
    }
    const acting = state.to_act.map((s) => (s === "chance" ? _("the dealer") : s === seat ? _("you") : seatName(s)));
    // a bot plays a seat at a physical table: someone lays its card on that seat's reader
    const scans = (state.bot_scans || []).map((s) => _("lay the card for %(who)s on its reader", { who: seatName(s) }));
    // a nudged seat's phone says it first, at the top, as well as above its choices
    const nudged = seat && state.nudge ? `${_("The table is waiting for your move.")} · ` : "";
    const toAct = acting.length ? `${nudged}${_("To act: %(who)s", { who: acting.join(", ") })}${scans.length ? ` · ${scans.join(", ")}` : ""}` : "";
    // what the table says while it plays (a re-check, a correction refused), before who acts
    return problem ? `${problem} · ${toAct}` : toAct;
  }

  // The seats a bot played (a player left mid-game), said with the result.
  function botsText() {
    // each seat by its name ("Ana", "Bot 2 (normal)"), as the rest of the result says it
    const said = (state.bots || []).filter((b) => b.first > 0 || b.until !== null)
      .map((b) => (b.until === null ? _("%(who)s from action %(first)s", { who: seatName(b.seat), first: b.first })
        : _("%(who)s from action %(first)s to %(until)s", { who: seatName(b.seat), first: b.first, until: b.until })));
    return said.length ? ` · ${_("played by a bot: %(seats)s", { seats: said.join(", ") })}` : "";
  }

  // Seats a phone has joined: their codes leave the table screen (the page's list at load, and
  // the snapshot's flags once the hub sends them).
  const claimedAtLoad = JSON.parse(app.dataset.claimed || "[]");
  function claimed() {
    const seats = new Set(claimedAtLoad);
    const flags = state.claimed;
    if (Array.isArray(flags)) flags.forEach((s) => seats.add(Number(s)));
    else if (flags && typeof flags === "object") Object.entries(flags).forEach(([s, on]) => on && seats.add(Number(s)));
    for (const [s, info] of Object.entries(state.seats || {})) if (info && info.claimed) seats.add(Number(s));
    return [...seats];
  }

  // Only seats a phone may still take show a code: not a claimed seat, nor a bot's or a pod's.
  function hideClaimedCodes() {
    const gone = new Set(claimed());
    document.querySelectorAll("#codes .code[data-seat]").forEach((node) => {
      if (gone.has(Number(node.dataset.seat))) node.remove();
      else node.hidden = state.controllers[node.dataset.seat] !== "phone" || Boolean(state.outcome);
    });
    // "Scan your seat's code" only while there is a code to scan
    const hint = document.querySelector(".join-hint");
    if (hint) hint.hidden = ![...document.querySelectorAll("#codes .code")].some((node) => !node.hidden);
  }

  // After a game ends: the table screen offers the next game with these seats (the host's
  // "again", in host.js); a phone gets the link to its seat there once the host has started it.
  function againLink() {
    const node = el("again");
    if (!node) return;
    const next = state.next;
    const button = el("again-button");
    node.hidden = !(next || (state.outcome && button));
    if (button) button.hidden = Boolean(next);
    const link = node.querySelector("a");
    if (link) {
      link.hidden = !next;
      if (next) link.href = next.url;
    }
  }

  // The table's clock (a game's time limit): the hub sends when it ends; the page counts down.
  function clockText() {
    const clock = state.clock;
    if (!clock) return "";
    if (clock.expired) return _("Time is up");
    const left = clock.running && clock.ends_at ? Math.max(0, clock.ends_at - Date.now() / 1000) : clock.remaining_s;
    const minutes = Math.floor(left / 60);
    const seconds = Math.floor(left % 60).toString().padStart(2, "0");
    const time = `${minutes}:${seconds}`;
    return clock.running ? _("Time left %(time)s", { time }) : _("Time left %(time)s (stopped)", { time });
  }

  function renderClock() {
    const node = el("clock");
    if (!node) return;
    node.hidden = !state.clock;
    node.textContent = clockText();
  }
  setInterval(renderClock, 1000);

  // A table that stalls nudges the seat it waits for: the phone says so, and vibrates (where the
  // browser can) once each time the nudge comes.
  let nudged = false;
  function renderNudge() {
    const node = el("nudge");
    const now = Boolean(seat && state.nudge);
    if (now && !nudged && navigator.vibrate) navigator.vibrate([200, 100, 200]);
    nudged = now;
    if (node) node.hidden = !now;
  }

  function render() {
    renderNudge();
    Games.setNames(names(), state.controllers);
    Games.setNotes(state.notes, state.game);
    renderClock();
    el("status").textContent = statusText();
    el("status").dataset.status = state.status;
    const board = el("board");
    const actions = el("actions");
    const drawing = Games.render(state);
    const kept = keptByPlayer(board);
    board.replaceChildren(drawing);
    restore(board, kept);
    // A game may mark where the choices go (right under a map, say, so the map and the choices
    // are seen together); else they follow the board.
    if (actions) {
      const slot = drawing.querySelector && drawing.querySelector(".choices-slot");
      if (slot) slot.after(actions);
      else if (actions.parentNode !== board.parentNode) board.after(actions);
    }
    document.querySelectorAll(".controller[data-seat]").forEach((node) => {
      node.textContent = `(${controllerWord(state.controllers[node.dataset.seat])})`;
    });
    if (page === "table") hideClaimedCodes();
    againLink();
    document.dispatchEvent(new CustomEvent("tabletop:state", { detail: state }));
    if (seat) {
      showName();
      el("cursor").textContent = state.cursor
        ? _("Your %(controller)s: %(cursor)s", { controller: controllerWord(state.controllers[seat]), cursor: Games.cursorText(state.cursor, state.game, state.view) }) : "";
      renderChoices(false);
    }
  }

  // The board is drawn anew at every event; what the player did to it stays: a folded part they
  // opened stays open, words half typed into a box stay typed (and the box keeps the caret).
  // Parts are known by their class and seat (a details) or their label (a box).
  function keptByPlayer(board) {
    const open = [...board.querySelectorAll("details[open]")].map(keyOf);
    const typed = [...board.querySelectorAll("input[aria-label]")]
      .filter((box) => box.value || box === document.activeElement)
      .map((box) => ({ label: box.getAttribute("aria-label"), value: box.value, focused: box === document.activeElement,
        caret: [box.selectionStart, box.selectionEnd] }));
    return { open, typed };
  }

  const keyOf = (details) => `${details.className.replace(/\b(acting|mine)\b/g, "").trim()} ${details.dataset.seat || ""}`;

  function restore(board, { open, typed }) {
    for (const name of open) {
      const node = [...board.querySelectorAll("details")].find((d) => keyOf(d) === name);
      if (node) node.open = true;
    }
    for (const { label, value, focused, caret } of typed) {
      const box = [...board.querySelectorAll("input[aria-label]")].find((b) => b.getAttribute("aria-label") === label);
      if (!box) continue;
      box.value = value;
      if (focused) {
        box.focus({ preventScroll: true });
        box.setSelectionRange(...caret);
      }
    }
  }

  // Rebuilt only when the choices change, so a button is never swapped under a finger.
  let shownChoices = null;
  let awaiting = null; // the event id our last accepted move reached; its buttons stay disabled till then

  function renderChoices(force) {
    if (awaiting !== null && state.last_id >= awaiting) {
      awaiting = null;
      force = true;
    }
    if (awaiting !== null) return;
    const key = JSON.stringify([state.legal, state.steps, state.can_act, state.controllers[seat], state.outcome]);
    if (key === shownChoices && !force) return;
    shownChoices = key;
    const choices = el("choices");
    const prompt = el("prompt");
    choices.replaceChildren();
    el("actions").classList.remove("few");
    const controller = state.controllers[seat];
    if (controller && controller !== "phone") {
      prompt.textContent = controller === "bot"
        ? _("A bot plays this seat now. The host can give it back to your phone (Host controls on the table screen).")
        : _("This seat plays with its %(controller)s now; the host can give it back to your phone.", { controller: controllerWord(controller) });
      if (!state.legal.length || !state.can_act) return;
    }
    if (!state.legal.length) {
      const acting = state.to_act.map((s) => (s === "chance" ? _("the dealer") : seatName(s)));
      prompt.textContent = state.outcome ? "" : state.correction ? _("Play waits for the host's correction.")
        : acting.length ? _("Waiting for %(who)s.", { who: I18n.list(acting) }) : _("Nothing to do now.");
      return;
    }
    if (!state.can_act) {
      prompt.textContent = _("Make your move with your %(controller)s.", { controller: controllerWord(controller) });
      return;
    }
    prompt.textContent = _("Your move:");
    // a decision of a few buttons (Battle or Retreat) stays on screen however far the page scrolls
    el("actions").classList.toggle("few", state.legal.length <= 4);
    const steps = drawSteps(state.steps || []);
    const picked = chosen && steps.cards.get(chosen);
    if (picked) {
      showCard(choices, prompt, picked);
      return;
    }
    chosen = null;
    // a folded list (a map's places) can be filtered by typing, as well as by tapping the map
    for (const group of steps.groups) choices.append(group);
    // the filter heads the long list it filters (a phone's short list keeps it folded with it)
    const many = choices.querySelector(".choice-fold.many");
    if (many && steps.listed) many.querySelector("summary").after(filterBox(choices));
    else if (many) choices.prepend(filterBox(choices));
  }

  // The decision in the steps the hub sends (console/games/steps.py: the same steps the seat's
  // pod walks with UP, DOWN and OK). Groups are headed in the game's words; a card step is chosen
  // in two taps, the card and then what to do with it, so the first look offers a handful of cards
  // with their printed text and numbers, not every card times every target. A folded group (a
  // map's places) opens by a tap on its heading: the map is the way to choose.
  let chosen = null;  // the card picked at the first step ("set brine-wash"), until played or cancelled

  // A phone offered many kinds of move at once shows them as a short list: each kind of several
  // choices folds behind its heading (a tap opens it, its numbers with it), and a kind of one
  // choice is just its button, so the decision stays within a screen or two of a 360 px phone.
  const MANY_KINDS = 3;
  const WORDY = 24;  // characters: longer choice words wrap to many lines in half a phone's width

  function drawSteps(steps) {
    const groups = [];
    const cards = new Map();
    const single = steps.length === 1;
    const narrow = document.body.classList.contains("phone") && window.innerWidth <= 600;
    const listed = narrow && steps.length > MANY_KINDS;
    for (const { heading, alone, folded: foldedHere, steps: inGroup } of steps) {
      const count = inGroup.reduce((sum, step) => sum + (step.uses ? step.uses.length : 1), 0);
      const folded = foldedHere || (listed && count > 1);
      const group = document.createElement("fieldset");
      group.className = "choice-group";
      group.classList.toggle("listed", listed);
      group.classList.toggle("lone", listed && count === 1);
      // a phone's long words take the whole width, not five lines of half of it
      group.classList.toggle("wordy", inGroup.some((step) => !step.uses && Games.actionLabel(state.game, step.action, state.view).length > WORDY));
      // the game's heading, said in the page's language where its catalog has it (N_ in its terminal.py)
      const said = _(heading);
      const legend = document.createElement("legend");
      legend.textContent = single || alone ? said : `${said} (${count})`;
      group.append(legend);
      for (const step of inGroup) {
        if (step.uses) {
          cards.set(step.card, { heading: said, subject: step.subject, actions: step.uses.map((use) => use.action) });
          group.append(cardButton(step.card, step.subject, step.uses.length > 1 ? ngettext("%(num)s way", "%(num)s ways", step.uses.length) : ""));
          group.classList.add("detailed");
        } else {
          group.append(choiceButton(step.action, group));
        }
      }
      if (folded) {  // opened by a tap on its heading, on the map, or by the filter
        const fold = document.createElement("details");
        fold.className = foldedHere ? "choice-fold many" : "choice-fold";
        const summary = document.createElement("summary");
        const map = foldedHere && el("board").querySelector("[data-place]");
        const hint = listed ? _(" (or tap the map)") : _(" — tap a ringed place on the map, or open the list");
        summary.textContent = ngettext("%(heading)s: %(num)s choice", "%(heading)s: %(num)s choices", count, { heading: said }) + (map ? hint : "");
        legend.remove();
        fold.append(summary, ...group.childNodes);
        group.replaceChildren(fold);
      }
      groups.push(group);
    }
    return { groups, cards, listed };
  }

  function cardButton(key, subject, ways) {
    const button = document.createElement("button");
    button.type = "button";
    button.className = "choice card-step";
    button.dataset.card = key;
    button.append(cardFace(subject));
    if (ways) {
      const count = document.createElement("small");
      count.textContent = ways;
      button.append(count);
    }
    button.addEventListener("click", () => {
      chosen = key;
      history.pushState({ card: key }, "");  // the phone's BACK undoes the selection, not the move
      renderChoices(true);
    });
    return button;
  }

  // A card as printed: its name, its numbers and its text (from the game's catalog).
  function cardFace(subject) {
    const info = Games.cardInfo(subject);
    const face = document.createElement("span");
    face.className = "card-face";
    const name = document.createElement("strong");
    name.textContent = Games.card(subject);
    face.append(name);
    for (const [cls, text] of [["facts", info.facts], ["text", info.text]]) {
      if (!text) continue;
      const line = document.createElement("small");
      line.className = cls;
      line.textContent = Games.cardWords(state.game, text);
      face.append(line);
    }
    return face;
  }

  function choiceButton(action, group) {
    const button = document.createElement("button");
    button.type = "button";
    button.className = "choice";
    button.dataset.action = action;
    button.textContent = Games.actionLabel(state.game, action, state.view);
    const detail = Games.actionDetail(state.game, action, state.view);
    if (detail) {
      const small = document.createElement("small");
      small.textContent = detail;
      button.append(small);
      if (group) group.classList.add("detailed");
    }
    button.addEventListener("click", () => {
      chosen = null;  // the move is made: the next decision starts from the cards again
      post(action, button);
    });
    return button;
  }

  // The second step: the card picked, what it can do, and a way back to the cards.
  function showCard(choices, prompt, picked) {
    prompt.textContent = `${picked.heading}:`;
    const box = document.createElement("fieldset");
    box.className = "choice-group detailed picked-card";
    const legend = document.createElement("legend");
    legend.append(cardFace(picked.subject));
    box.append(legend);
    for (const action of picked.actions) box.append(choiceButton(action, box));
    const cancel = document.createElement("button");
    cancel.type = "button";
    cancel.className = "cancel";
    cancel.textContent = _("Cancel: choose another card");
    cancel.addEventListener("click", () => history.back());
    box.append(cancel);
    choices.append(box);
    box.querySelector("button.choice").focus({ preventScroll: true });
  }
  window.addEventListener("popstate", () => {
    if (!chosen) return;
    chosen = null;
    renderChoices(true);
  });

  // A random id for one post (crypto.randomUUID needs HTTPS; a phone on the café's Wi-Fi has not).
  function requestId() {
    const bytes = new Uint8Array(16);
    crypto.getRandomValues(bytes);
    return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
  }

  const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

  // Post with the same Idempotency-Key on every try: when the answer is lost (Wi-Fi drops, the hub
  // restarts) the retry gets the first answer and the move is never made twice.
  async function postOnce(url, body, key) {
    for (let attempt = 0; ; attempt += 1) {
      try {
        const response = await fetch(url, {
          method: "POST",
          credentials: "same-origin",
          headers: I18n.headers({ "Content-Type": "application/json", "Idempotency-Key": key }),
          body: JSON.stringify(body),
        });
        if (response.status !== 503 || attempt >= 4) return response;
        await pause(1000 * (Number(response.headers.get("Retry-After")) || 1));
      } catch (error) {
        if (attempt >= 4) throw error;
        await pause(1000 * (attempt + 1));
      }
    }
  }

  // Long lists (a map's roads and marches) get a filter box: type part of a place or a verb, or
  // tap a place on the map.
  function filterBox(choices) {
    const filter = document.createElement("input");
    filter.type = "search";
    filter.className = "filter";
    filter.id = "choice-filter";
    const map = el("board").querySelector("[data-place]");
    filter.placeholder = map ? ngettext("filter %(num)s choice, or tap the map", "filter %(num)s choices, or tap the map", state.legal.length)
      : ngettext("filter %(num)s choice", "filter %(num)s choices", state.legal.length);
    filter.setAttribute("aria-label", _("filter the choices"));
    filter.addEventListener("input", () => applyFilter(choices, filter.value));
    return filter;
  }

  function applyFilter(choices, text) {
    const words = text.toLowerCase().split(/\s+/).filter(Boolean);
    choices.querySelectorAll("button.choice").forEach((b) => {
      const names = `${b.textContent} ${b.dataset.action}`.toLowerCase();
      b.hidden = !words.every((w) => (/^[ieh]\d+$/.test(w) ? ` ${b.dataset.action} `.includes(` ${w} `) : names.includes(w)));
    });
    choices.querySelectorAll(".choice-group").forEach((g) => { g.hidden = !g.querySelector("button.choice:not([hidden])"); });
    // folds open while a filter finds in them; the one holding the filter box stays open
    choices.querySelectorAll("details.choice-fold").forEach((fold) => { fold.open = words.length > 0 || fold.contains(el("choice-filter")); });
  }

  // A tapped place on the map keeps only the choices that name it.
  function chooseOnMap(event) {
    const place = event.target.closest && event.target.closest("[data-place]");
    if (!place || !seat) return;
    const choices = el("choices");
    const filter = el("choice-filter");
    if (filter) filter.value = place.dataset.place;
    el("board").querySelectorAll("[data-place].picked").forEach((node) => node.classList.remove("picked"));
    place.classList.add("picked");
    applyFilter(choices, place.dataset.place);
    el("actions").scrollIntoView({ block: "nearest", behavior: "smooth" });
  }

  // A refusal (or the offline notice) is brought into view where the player is looking, and the
  // alert role announces it.
  function showRefusals() {
    const error = el("action-error");
    if (!error) return;
    new MutationObserver(() => {
      if (error.textContent) error.scrollIntoView({ block: "center" });
    }).observe(error, { childList: true, characterData: true, subtree: true });
  }

  async function post(action, button) {
    el("action-error").textContent = "";
    document.querySelectorAll("button.choice").forEach((b) => (b.disabled = true));
    if (button) button.classList.add("sent");
    try {
      const response = await postOnce(`${base}/actions`, { action }, requestId());
      const body = await response.json().catch(() => ({ error: response.statusText }));
      if (response.ok) {
        awaiting = body.last_id;
        renderChoices(false);
      } else {
        el("action-error").textContent = body.error;
        renderChoices(true);
      }
    } catch (error) {
      el("action-error").textContent = _("The hub did not answer; check the connection and try again.");
      renderChoices(true);
    }
  }

  // The latest events this page received, for the console and the browser test.
  const received = [];

  // A seat that sees a private event also receives its redacted twin for the table: the log
  // shows the private one only (same action, same seat, nothing the private one lacks).
  const twinKinds = JSON.parse(app.dataset.twins || "{}");  // the game's twin_kinds, from the hub

  function twinOf(a, b) {
    const kinds = twinKinds;
    const related = a.kind === b.kind || kinds[a.kind] === b.kind || kinds[b.kind] === a.kind;
    if (!related || a.seat !== b.seat || a.action !== b.action || a.action === undefined) return false;
    const ignore = new Set(["id", "kind"]);
    const fewer = (x, y) => Object.keys(x).every((k) => ignore.has(k) || k in y);
    return fewer(a, b) || fewer(b, a);
  }

  function addLog(event) {
    received.push(event);
    if (received.length > 500) received.shift();
    const log = el("log");
    if (seat) {
      for (const item of log.children) {
        const shown = item.event;
        if (!shown || !twinOf(shown, event)) continue;
        // keep the fuller one (the private event) in the line already shown
        if (Object.keys(event).length > Object.keys(shown).length) {
          item.event = event;
          item.textContent = Games.describe(state.game, event);
        }
        return;
      }
    }
    const item = document.createElement("li");
    item.textContent = Games.describe(state.game, event);
    item.dataset.id = event.id;
    item.event = event;
    log.prepend(item);
    while (log.children.length > logLimit) log.lastChild.remove();
    const latest = el("log-latest");  // a phone's folded log shows its newest line
    if (latest) latest.textContent = log.firstChild.textContent;
  }

  function connect() {
    source = new EventSource(`${base}/events?after=${lastId}`);
    source.addEventListener("open", () => { el("link").textContent = ""; });
    source.addEventListener("game", (message) => {
      const event = JSON.parse(message.data);
      if (event.id > lastId) addLog(event);
      lastId = Math.max(lastId, event.id);
    });
    source.addEventListener("state", (message) => {
      state = JSON.parse(message.data);
      lastId = Math.max(lastId, state.last_id);
      render();
    });
    // The hub ends a seat's stream with "moved" when the host gives the seat to another phone:
    // this phone's token is dead, so say what happened instead of reconnecting for ever.
    source.addEventListener("moved", (message) => {
      source.close();
      const { message: why, said } = JSON.parse(message.data);
      seatLost(said ? Games.say(state.game, said, true) : why);
    });
    source.addEventListener("error", async () => {
      if (moved) return;
      el("link").textContent = _("Reconnecting…");
      if (source.readyState !== EventSource.CLOSED) return;
      // A closed stream is a hub that restarted or refused it: a seat whose token no longer
      // opens it (given away while this phone was off) is told so; anything else tries again.
      if (seat) {
        const answer = await fetch(base, { credentials: "same-origin" }).catch(() => null);
        if (answer && answer.status === 403) {
          seatLost(_("this phone no longer holds the seat: the host gave it to another phone"));
          return;
        }
      }
      setTimeout(connect, 3000);
    });
  }

  // The player's name: asked for (the box open) until given; shown on every screen and the log.
  function showName() {
    const box = el("name-box");
    if (!box) return;
    const name = Games.nameOf(seat);
    const mine = state.controllers[String(seat)] === "phone";
    box.hidden = !mine;
    el("name-summary").textContent = name ? _("Your name: %(name)s (change)", { name }) : _("Your name:");
    if (!name && mine && !box.dataset.asked) {
      box.open = true;
      box.dataset.asked = "yes";
    }
  }
  const nameForm = el("name-form");
  if (nameForm) {
    nameForm.addEventListener("submit", async (submit) => {
      submit.preventDefault();
      el("name-error").textContent = "";
      try {
        const response = await postOnce(`${base}/name`, { name: nameForm.elements.name.value }, requestId());
        const body = await response.json().catch(() => ({ error: response.statusText }));
        if (!response.ok) {
          el("name-error").textContent = body.error;
          return;
        }
        el("name-box").open = false;
      } catch (error) {
        el("name-error").textContent = _("The hub did not answer; check the connection and try again.");
      }
    });
  }

  let moved = false;
  function seatLost(why) {
    moved = true;
    el("link").textContent = "";
    const notice = el("seat-lost");
    if (!notice) return;
    el("seat-lost-why").textContent = `${why.charAt(0).toUpperCase()}${why.slice(1)}.`;
    notice.hidden = false;
    const actions = el("actions");
    if (actions) actions.remove();
    notice.querySelector("h2").focus();
  }

  async function loadLog() {
    const response = await fetch(`${base}/log?after=${Math.max(0, lastId - logLimit * 3)}`, { credentials: "same-origin" });
    if (!response.ok) return;
    const body = await response.json();
    for (const event of body.events.filter((e) => e.id <= lastId).slice(-logLimit)) addLog(event);
  }

  Games.setCards(JSON.parse(app.dataset.cards || "{}"));
  el("board").addEventListener("click", chooseOnMap);
  el("board").addEventListener("keydown", (key) => { if (key.key === "Enter") chooseOnMap(key); });
  showRefusals();
  render();
  loadLog().finally(connect);
  window.tabletop = { state: () => state, events: () => received.slice(), post: (action) => post(action, null), claimed };
})();
