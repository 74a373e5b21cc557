// Registers the hub's service worker (/sw.js, the whole site its scope) where the browser allows
// one: only in a secure context (https, or this machine), so on the hub's plain-http address on
// the network nothing happens and the pages work as before (docs/phones.md).
"use strict";

if ("serviceWorker" in navigator) {
  navigator.serviceWorker.register("/sw.js", { scope: "/" }).catch(() => {
    // Refused (a private window, storage off): the pages work without it.
  });
}
