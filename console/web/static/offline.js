// The offline page: says which seat waits (from the address the phone asked for, which is public)
// and asks the hub every few seconds; once it answers, the page the phone wanted is loaded again.
"use strict";

(function () {
  const where = document.getElementById("offline-where");
  const status = document.getElementById("offline-status");
  const seat = location.pathname.match(/^\/tables\/(\d+)\/seats\/(\d+)$/);
  if (seat) {
    where.textContent = `Your seat (seat ${seat[2]} at table ${seat[1]}) is kept at the hub: nothing is lost.`;
  }
  const back = () => {
    // Opened as itself (not in place of another page): go to the phone's seat.
    if (location.pathname === "/offline") location.assign("/seat");
    else location.reload();
  };
  const ask = () => {
    fetch("/api/tables", { cache: "no-store" })
      .then((answer) => {
        if (answer.ok) {
          status.textContent = "The hub answers again: opening your page…";
          back();
        } else {
          setTimeout(ask, 3000);
        }
      })
      .catch(() => setTimeout(ask, 3000));
  };
  document.getElementById("offline-retry").addEventListener("click", back);
  setTimeout(ask, 3000);
})();
