// The pairings on a projector (?scroll=1): the page scrolls itself down slowly, waits at the end,
// goes back to the top, and loads again every minute so a newly published round appears.
"use strict";
(function () {
  if (document.body.dataset.scroll !== "yes") return;
  const reduce = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
  let pause = 60; // ticks to wait at the top and at the end (50 ms each)
  setInterval(() => {
    if (reduce) return;
    const end = document.documentElement.scrollHeight - window.innerHeight;
    if (pause > 0) {
      pause -= 1;
    } else if (window.scrollY >= end - 1) {
      window.scrollTo(0, 0);
      pause = 60;
    } else {
      window.scrollBy(0, 2);
      if (window.scrollY >= end - 1) pause = 60;
    }
  }, 50);
  setTimeout(() => window.location.reload(), 60000);
})();
