// The offline page: says which seat waits (from the address the phone asked for, which is public)
// and asks the hub every few seconds; once it answers, the page the phone wanted is loaded again.
"use strict";

(function () {
  // The words come from the page (the hub drew it in the phone's language): the cached shell has no catalog.
  const words = document.querySelector("main.offline").dataset;
  const where = document.getElementById("offline-where");
  const status = document.getElementById("offline-status");
  const seat = location.pathname.match(/^\/tables\/(\d+)\/seats\/(\d+)$/);
  if (seat) {
    where.textContent = words.seatKept.replace("%(seat)s", seat[2]).replace("%(table)s", seat[1]);
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
          status.textContent = words.back;
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
