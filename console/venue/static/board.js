// The venue board refreshes itself: every second it fetches the board's HTML (made and escaped
// by the server) and swaps it in; a failed fetch keeps the last picture and marks it stale.
"use strict";
(function () {
  const board = document.getElementById("board");
  const source = board.dataset.refresh;
  async function refresh() {
    try {
      const response = await fetch(source, { cache: "no-store" });
      if (!response.ok) throw new Error(String(response.status));
      board.innerHTML = await response.text();
      board.classList.remove("stale");
    } catch (error) {
      board.classList.add("stale");
    }
  }
  setInterval(refresh, 1000);
})();
