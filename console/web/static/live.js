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

  function statusText() {
    if (state.outcome) {
      const winners = state.outcome.winners || [];
      const who = winners.length ? winners.map((s) => `seat ${s}`).join(" and ") : "nobody";
      const mine = seat && winners.includes(seat) ? " — you win!" : "";
      return `Game over: ${who} (${state.outcome.reason})${mine}`;
    }
    if (state.status === "paused") return state.problem || "Paused by the host";
    const acting = state.to_act.map((s) => (s === "chance" ? "the table" : s === seat ? "you" : `seat ${s}`));
    return acting.length ? `To act: ${acting.join(", ")}` : "";
  }

  // The table's clock (Wisteria's Time Limit): the hub sends when it ends; the page counts down.
  function clockText() {
    const clock = state.clock;
    if (!clock) return "";
    if (clock.expired) return "Time is up";
    const left = clock.running && clock.ends_at ? Math.max(0, clock.ends_at - Date.now() / 1000) : clock.remaining_s;
    const minutes = Math.floor(left / 60);
    const seconds = Math.floor(left % 60).toString().padStart(2, "0");
    return `Time left ${minutes}:${seconds}${clock.running ? "" : " (stopped)"}`;
  }

  function renderClock() {
    const node = el("clock");
    if (!node) return;
    node.hidden = !state.clock;
    node.textContent = clockText();
  }
  setInterval(renderClock, 1000);

  function render() {
    renderClock();
    el("status").textContent = statusText();
    el("status").dataset.status = state.status;
    const board = el("board");
    board.replaceChildren(Games.render(state));
    document.querySelectorAll(".controller[data-seat]").forEach((node) => {
      node.textContent = `(${state.controllers[node.dataset.seat] || "?"})`;
    });
    if (seat) {
      el("cursor").textContent = state.cursor ? `Your ${state.controllers[seat]}: ${Games.cursorText(state.cursor)}` : "";
      renderChoices(false);
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
    const key = JSON.stringify([state.legal, state.can_act, state.controllers[seat], state.outcome]);
    if (key === shownChoices && !force) return;
    shownChoices = key;
    const choices = el("choices");
    const prompt = el("prompt");
    choices.replaceChildren();
    if (!state.legal.length) {
      prompt.textContent = state.outcome ? "" : "Nothing to do now.";
      return;
    }
    if (!state.can_act) {
      prompt.textContent = `Make your move with your ${state.controllers[seat]}.`;
      return;
    }
    prompt.textContent = "Your move:";
    if (state.legal.length > 12) {
      // Long lists (a map's roads and marches) get a filter box: type part of a place or a verb.
      const filter = document.createElement("input");
      filter.type = "search";
      filter.className = "filter";
      filter.placeholder = `filter ${state.legal.length} choices`;
      filter.addEventListener("input", () => {
        const words = filter.value.toLowerCase().split(/\s+/).filter(Boolean);
        choices.querySelectorAll("button.choice").forEach((b) => {
          b.hidden = !words.every((w) => b.textContent.toLowerCase().includes(w));
        });
      });
      choices.append(filter);
    }
    for (const action of state.legal) {
      const button = document.createElement("button");
      button.type = "button";
      button.className = "choice";
      button.dataset.action = action;
      button.textContent = Games.actionLabel(state.game, action, state.view);
      button.addEventListener("click", () => post(action, button));
      choices.append(button);
    }
  }

  async function post(action, button) {
    el("action-error").textContent = "";
    document.querySelectorAll("button.choice").forEach((b) => (b.disabled = true));
    if (button) button.classList.add("sent");
    try {
      const response = await fetch(`${base}/actions`, {
        method: "POST",
        credentials: "same-origin",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ action }),
      });
      const body = await response.json().catch(() => ({ error: response.statusText }));
      if (response.ok) {
        awaiting = body.last_id;
        renderChoices(false);
      } else {
        el("action-error").textContent = body.error;
        renderChoices(true);
      }
    } catch (error) {
      el("action-error").textContent = "The hub did not answer; check the connection and try again.";
      renderChoices(true);
    }
  }

  // The latest events this page received, for the console and the browser test.
  const received = [];

  function addLog(event) {
    received.push(event);
    if (received.length > 500) received.shift();
    const item = document.createElement("li");
    item.textContent = Games.describe(state.game, event);
    item.dataset.id = event.id;
    const log = el("log");
    log.prepend(item);
    while (log.children.length > logLimit) log.lastChild.remove();
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
    source.addEventListener("error", () => {
      el("link").textContent = "Reconnecting…";
      if (source.readyState === EventSource.CLOSED) setTimeout(connect, 3000);
    });
  }

  async function loadLog() {
    const response = await fetch(`${base}/log?after=${Math.max(0, lastId - logLimit * 3)}`, { credentials: "same-origin" });
    if (!response.ok) return;
    const body = await response.json();
    for (const event of body.events.filter((e) => e.id <= lastId).slice(-logLimit)) addLog(event);
  }

  render();
  loadLog().finally(connect);
  window.tabletop = { state: () => state, events: () => received.slice(), post: (action) => post(action, null) };
})();
