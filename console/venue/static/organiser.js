// The organiser's page: each form posts JSON to the board's API with the PIN in its header and
// shows the board's answer in words (its message, or its one-line error) above the forms. The
// board says them in this browser's language (the fetch sends its Accept-Language and cookie); the
// page's own words come from the catalog the page loads before it (/i18n/LANG.js and /i18n.js).
"use strict";
(function () {
  const message = document.getElementById("message");
  const pin = document.getElementById("pin");
  function numbers(text) {
    return text.split(",").map((part) => part.trim()).filter((part) => part !== "").map(Number);
  }
  async function post(path, body) {
    const response = await fetch(path, {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-Organiser-Pin": pin.value.trim() },
      body: JSON.stringify(body || {}),
    });
    const answer = await response.json().catch(() => ({ error: response.statusText }));
    message.textContent = response.ok ? answer.message : answer.error;
    message.dataset.ok = response.ok ? "yes" : "no";
    return response.ok;
  }
  // Judge calls: the board's open calls, each with the judge's two answers.
  const calls = document.getElementById("calls");
  const noCalls = document.getElementById("no-calls");
  const judge = document.getElementById("judge-name");
  function callItem(call) {
    const item = document.createElement("li");
    item.dataset.call = call.call_id;
    const where = _("%(hub)s, table %(table)s, seat %(seat)s", { hub: call.hub, table: call.table, seat: call.seat })
      + (call.who ? ` (${call.who})` : "");
    const how = call.state === "acknowledged" ? _("%(judge)s is on the way", { judge: call.judge }) : _("waiting for a judge");
    const text = document.createElement("span");
    text.textContent = `${where}: ${how}`;
    item.append(text);
    const answers = call.state === "open" ? [["acknowledged", _("On my way")], ["closed", _("Close")]] : [["closed", _("Close")]];
    for (const [state, label] of answers) {
      const button = document.createElement("button");
      button.type = "button";
      button.textContent = label;
      button.addEventListener("click", async () => {
        const path = `/api/calls/${encodeURIComponent(call.hub)}/${encodeURIComponent(call.call_id)}`;
        if (await post(path, { state: state, judge: judge.value.trim() })) look();
      });
      item.append(button);
    }
    return item;
  }
  let shown = "";
  async function look() {
    try {
      const response = await fetch("/api/board", { cache: "no-store" });
      const board = await response.json();
      // Drawn again only when a call came or changed: a button is never replaced under a finger.
      const now = JSON.stringify(board.calls.map((c) => [c.hub, c.call_id, c.state, c.judge]));
      if (now === shown) return;
      shown = now;
      calls.replaceChildren(...board.calls.map(callItem));
      noCalls.hidden = board.calls.length > 0;
    } catch (failure) {
      // the next look tries again
    }
  }
  look();
  setInterval(look, 1000);
  document.getElementById("event-form").addEventListener("submit", (event) => {
    event.preventDefault();
    const form = event.target;
    const players = form.players.value.split("\n").map((name) => name.trim()).filter(Boolean);
    post("/api/event", { game: form.game.value, rounds: Number(form.rounds.value), players: players });
  });
  document.getElementById("round-form").addEventListener("submit", (event) => {
    event.preventDefault();
    post("/api/event/round");
  });
  document.getElementById("publish-round").addEventListener("click", () => post("/api/event/round/publish"));
  const roster = document.getElementById("roster-form");
  roster.addEventListener("submit", (event) => {
    event.preventDefault();
    post("/api/event/players", { add: roster.elements.name.value.trim() });
  });
  document.getElementById("drop-player").addEventListener("click", () => {
    if (roster.reportValidity()) post("/api/event/players", { drop: roster.elements.name.value.trim() });
  });
  document.getElementById("clock-form").addEventListener("submit", (event) => {
    event.preventDefault();
    post("/api/event/clock", { minutes: Number(event.target.minutes.value), at_time: event.target.at_time.value });
  });
  document.getElementById("seating-form").addEventListener("submit", (event) => {
    event.preventDefault();
    const form = event.target;
    const names = {};
    form.names.value.split(",").map((name) => name.trim()).forEach((name, index) => { names[String(index + 1)] = name; });
    post(`/api/results/${form.result.value}/seating`, { names: names, who: form.who.value, why: form.why.value });
  });
  document.getElementById("correction-form").addEventListener("submit", (event) => {
    event.preventDefault();
    const form = event.target;
    post(`/api/results/${form.result.value}/correction`, {
      winners: numbers(form.winners.value), scores: numbers(form.scores.value),
      who: form.who.value, why: form.why.value,
    });
  });
})();
