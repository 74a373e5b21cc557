// A judge call from the seat's phone (docs/venue.md): the button raises it, and the page follows
// how it stands (called, a judge coming, closed) until it is closed; then it may be raised again.
"use strict";
(function () {
  const section = document.getElementById("judge");
  if (!section) return;
  const button = document.getElementById("judge-call");
  const state = document.getElementById("judge-state");
  const url = section.dataset.url;
  let timer = null;
  // The hub says how the call stands, in its words (console/venue/hub_api.py).
  function show(answer) {
    const call = answer.call;
    const waiting = call !== null && call.state !== "closed";
    state.textContent = answer.message;
    button.disabled = waiting;
    clearTimeout(timer);
    if (waiting) timer = setTimeout(look, 3000);
  }
  async function look() {
    try {
      const response = await fetch(url, { cache: "no-store", credentials: "same-origin" });
      if (response.ok) show(await response.json());
    } catch (failure) {
      timer = setTimeout(look, 3000);
    }
  }
  button.addEventListener("click", async () => {
    button.disabled = true;
    const response = await fetch(url, {
      method: "POST",
      credentials: "same-origin",
      headers: I18n.headers({ "Content-Type": "application/json" }),
      body: "{}",
    });
    const answer = await response.json().catch(() => ({ error: response.statusText }));
    if (response.ok) {
      show(answer);
    } else {
      state.textContent = answer.error;
      button.disabled = false;
    }
  });
  look();
})();
