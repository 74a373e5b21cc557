// The venue's round clock on a table screen or a phone (docs/venue.md): the hub says the seconds
// left by the board's time every few seconds; between two readings the page counts down by its
// own clock, so every screen shows the same second.
"use strict";
(function () {
  const shown = document.getElementById("round-clock");
  if (!shown) return;
  let ends = null; // this page's clock, in ms, when the round ends
  let round = 0;
  function draw() {
    if (ends === null) {
      shown.hidden = true;
      return;
    }
    const left = Math.max(0, Math.ceil((ends - Date.now()) / 1000));
    const minutes = Math.floor(left / 60);
    const seconds = String(left % 60).padStart(2, "0");
    // "Event round": the game on the screen has rounds of its own.
    shown.textContent = left > 0 ? _("Event round %(round)s: %(time)s left", { round, time: `${minutes}:${seconds}` })
      : _("Event round %(round)s: time", { round });
    shown.hidden = false;
  }
  async function look() {
    try {
      const response = await fetch("/api/venue", { cache: "no-store" });
      const clock = (await response.json()).round_clock;
      ends = clock ? Date.now() + clock.remaining_s * 1000 : null;
      round = clock ? clock.round : 0;
    } catch (failure) {
      // the count goes on by this page's clock until the next reading
    }
    draw();
  }
  look();
  setInterval(look, 5000);
  setInterval(draw, 250);
})();
