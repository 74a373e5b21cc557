// A seat's corrections (docs/game-night.md, "Taking back a move"): "Take back my last move" while
// the takeback policy allows it (the hub says so in the seat's state: takeback.count), and the
// host's correction to agree to or refuse when it would undo this seat's own moves.
"use strict";

(function () {
  const app = document.getElementById("app");
  const seat = Number(app.dataset.seat);
  if (!seat) return;
  const base = `/api/tables/${app.dataset.table}/seats/${seat}`;
  const el = (id) => document.getElementById(id);
  const button = el("takeback");
  const box = el("confirm-box");
  const error = el("action-error");
  let state = null;

  async function send(path, body) {
    error.textContent = "";
    try {
      const response = await fetch(`${base}/${path}`, {
        method: "POST",
        credentials: "same-origin",
        headers: I18n.headers({ "Content-Type": "application/json" }),
        body: JSON.stringify(body),
      });
      if (!response.ok) {
        const answer = await response.json().catch(() => ({ error: response.statusText }));
        error.textContent = answer.error;
      }
    } catch (failure) {
      error.textContent = _("The hub did not answer; check the connection and try again.");
    }
  }

  function show(next) {
    state = next;
    const offer = state.takeback || { count: 0 };
    const pending = state.correction;
    button.hidden = !(offer.count > 0) || Boolean(pending);
    button.parentNode.hidden = button.hidden;  // no empty line under the choices
    button.disabled = false;
    const asked = Boolean(pending && pending.waiting.includes(seat));
    box.hidden = !asked;
    if (asked) {
      el("confirm-text").textContent = ngettext(
        "The host wants to go back %(num)s move: your own moves since then will be undone. Do you agree?",
        "The host wants to go back %(num)s moves: your own moves since then will be undone. Do you agree?",
        pending.count);
    }
  }

  // The count the page saw goes with the tap: sent twice, it takes back once.
  button.addEventListener("click", () => {
    button.disabled = true;
    send("takeback", { seen: state.actions });
  });
  el("confirm-yes").addEventListener("click", () => { box.hidden = true; send("correction", { agree: true }); });
  el("confirm-no").addEventListener("click", () => { box.hidden = true; send("correction", { agree: false }); });
  document.addEventListener("tabletop:state", (changed) => show(changed.detail));
  if (window.tabletop) show(window.tabletop.state());
})();
