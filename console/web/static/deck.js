// The host's deck check: start it with the PIN, watch the copies counted as cards are laid on any
// reader, then Finish for the copies missing and doubled. Every call carries the PIN the host typed.
"use strict";

(function () {
  const form = document.getElementById("deck-form");
  const finish = document.getElementById("deck-finish");
  const start = document.getElementById("deck-start");
  const error = document.getElementById("deck-error");
  const PIN_KEY = "tabletop-host-pin";
  const remembered = sessionStorage.getItem(PIN_KEY);
  if (remembered && !form.elements.pin.value) form.elements.pin.value = remembered;
  let polling = null;

  async function call(method, url, body) {
    const pin = form.elements.pin.value.trim();
    if (!pin) throw new Error(_("Type the host PIN first: the hub printed it when it started."));
    const response = await fetch(url, {
      method,
      credentials: "same-origin",
      headers: I18n.headers({ "Content-Type": "application/json", "X-Host-Pin": pin }),
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const data = await response.json().catch(() => ({ error: response.statusText }));
    if (!response.ok) throw new Error(data.error || response.statusText);
    sessionStorage.setItem(PIN_KEY, pin);
    return data;
  }

  function show(running) {
    finish.hidden = !running;
    start.hidden = Boolean(running);
    if (!running) return;
    document.getElementById("deck-count").textContent =
      ngettext("%(game)s: %(found)s of %(num)s copy counted.", "%(game)s: %(found)s of %(num)s copies counted.",
        running.expected, { game: running.title, found: running.found });
    const list = document.getElementById("deck-lines");
    list.replaceChildren(...running.lines.map((line) => {
      const item = document.createElement("li");
      item.textContent = line;
      return item;
    }));
  }

  async function poll() {
    try {
      const data = await call("GET", "/api/deck-check");
      show(data.running);
      if (!data.running) stopPolling();
    } catch (failure) {
      error.textContent = failure.message;
      stopPolling();
    }
  }
  function stopPolling() {
    if (polling !== null) clearInterval(polling);
    polling = null;
  }

  form.addEventListener("submit", async (submit) => {
    submit.preventDefault();
    error.textContent = "";
    document.getElementById("deck-report").hidden = true;
    try {
      const data = await call("POST", "/api/deck-check", {
        game: form.elements.game.value, copies: Number(form.elements.copies.value),
      });
      show(data.running);
      stopPolling();
      polling = setInterval(poll, 500);
    } catch (failure) {
      error.textContent = failure.message;
    }
  });

  finish.addEventListener("click", async () => {
    error.textContent = "";
    stopPolling();
    try {
      const data = await call("POST", "/api/deck-check/finish");
      show(null);
      document.getElementById("deck-count").textContent = "";
      const lines = document.getElementById("deck-report-lines");
      lines.replaceChildren(...data.lines.map((line) => {
        const item = document.createElement("li");
        item.textContent = line;
        return item;
      }));
      document.getElementById("deck-report").hidden = false;
    } catch (failure) {
      error.textContent = failure.message;
    }
  });

  // A check under way (the page reloaded, or the hub restarted into one): show it again.
  if (form.elements.pin.value) poll().then(() => { if (!finish.hidden) polling = setInterval(poll, 500); });
})();
