// The venue on the table screen (docs/venue.md): the badge follows the link to the broker, and
// when the venue's pairing seats a table at this hub, the host starts it here with the host PIN.
"use strict";
(function () {
  const section = document.getElementById("venue-offer");
  if (!section) return;
  const names = document.getElementById("venue-names");
  const error = document.getElementById("venue-error");
  let offer = null;
  function hostPin() {
    const typed = document.querySelector("#codes-form input[name=pin]");
    const shown = document.querySelector("#host-form input[name=pin]");
    return (typed && typed.value) || (shown && shown.value) || "";
  }
  async function look() {
    try {
      const response = await fetch("/api/venue", { cache: "no-store" });
      const data = await response.json();
      offer = data.offer || null;
      const badge = document.querySelector(".venue-badge");
      if (badge && data.enabled) {
        badge.dataset.connected = data.connected ? "yes" : "no";
        badge.textContent = data.badge;
      }
    } catch (failure) {
      offer = null;
    }
    section.hidden = offer === null;
    if (offer) {
      const where = offer.round ? ` ${_("(round %(round)s, table %(table)s)", { round: offer.round, table: offer.table_no })}` : "";
      names.textContent = `${offer.game}: ${Object.values(offer.names).join(" · ")}${where}`;
    }
  }
  section.addEventListener("click", async (event) => {
    const button = event.target.closest("button[data-seats]");
    if (!button || !offer) return;
    const seats = Object.keys(offer.names).map(() => button.dataset.seats);
    const response = await fetch("/api/venue/accept", {
      method: "POST",
      headers: I18n.headers({ "Content-Type": "application/json", "X-Host-Pin": hostPin() }),
      body: JSON.stringify({ seating_id: offer.seating_id, seats: seats }),
    });
    const answer = await response.json().catch(() => ({ error: response.statusText }));
    if (response.ok) {
      window.location.assign(`/tables/${answer.table}`);
    } else {
      error.textContent = answer.error;
    }
  });
  look();
  setInterval(look, 3000);
})();
