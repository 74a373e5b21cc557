// The hub's service worker. The hub puts SHELL ({version, files, offline}) before this line
// (console/web/shell.py): the app shell's addresses, all public and the same for everyone.
//
// Only the shell is ever cached. Pages, API answers and live streams go to the network as if
// there were no service worker: a seat's page carries that seat's hidden cards, and nothing of it
// may lie in a cache another person could read on a shared phone. When a page cannot be had
// (the hub is unreachable) the phone shows the cached offline page, which says so in words and
// comes back to the page by itself.
"use strict";

const CACHE = `tabletop-shell-${SHELL.version}`;
const SHELL_FILES = new Set(SHELL.files);

self.addEventListener("install", (event) => {
  // A new version takes over at once: the shell's old files are never what a new hub meant.
  event.waitUntil(
    caches.open(CACHE).then((cache) => cache.addAll(SHELL.files)).then(() => self.skipWaiting())
  );
});

self.addEventListener("activate", (event) => {
  // Every other cache of this site goes: an older hub's shell (or anything that is not ours).
  event.waitUntil(
    caches.keys()
      .then((names) => Promise.all(names.filter((name) => name !== CACHE).map((name) => caches.delete(name))))
      .then(() => self.clients.claim())
  );
});

const offlinePage = () =>
  caches.match(SHELL.offline, { cacheName: CACHE }).then((found) => found || new Response(
    "The hub cannot be reached right now. This page will not come back by itself: reload it.",
    { status: 503, headers: { "Content-Type": "text/plain; charset=utf-8" } }
  ));

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === "navigate") {
    // Always the network (a page holds live state, and a seat's page secrets): only when the
    // hub cannot be reached, the offline page instead. Nothing is stored.
    event.respondWith(fetch(request).catch(offlinePage));
    return;
  }
  if (SHELL_FILES.has(url.pathname) && !url.search) {
    // The network first, so a phone always has the hub's own files while it can reach it.
    event.respondWith(
      fetch(request).catch(() =>
        caches.match(url.pathname, { cacheName: CACHE }).then((found) => found || Response.error())
      )
    );
  }
  // Anything else (the API, streams, join links, a game's scripts) is not ours to answer.
});
