// The organiser's page: each form posts JSON to the board's API with the PIN in its header and
// shows the board's answer in words (its message, or its one-line error) above the forms.
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
  document.getElementById("correction-form").addEventListener("submit", (event) => {
    event.preventDefault();
    const form = event.target;
    post(`/api/results/${form.result.value}/correction`, {
      winners: numbers(form.winners.value), scores: numbers(form.scores.value),
      who: form.who.value, why: form.why.value,
    });
  });
})();
