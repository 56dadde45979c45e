// The signage player's service worker (docs/devices.md "Bildschirme"): a TV that restarts while
// the network is down still opens its player, which then plays its last playlist (kept in
// localStorage) with its pictures (kept in Cache Storage by the player). This worker keeps the
// player's page and the back-office's hashed files it runs on: those the page hands it once it
// is ready (they were loaded before the worker took over), and any fetched later. The API, the
// socket and the pictures are left to the network and the player.
const VERSION = 'shop-signage-shell-v1'
const PAGE = '/backend/signage'
const ASSETS = '/backend/assets/'

self.addEventListener('install', () => self.skipWaiting())

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) =>
        Promise.all(
          keys
            .filter((k) => k.startsWith('shop-signage-shell-') && k !== VERSION)
            .map((k) => caches.delete(k)),
        ),
      )
      .then(() => self.clients.claim()),
  )
})

/** The page and the files it loaded before this worker controlled it. */
self.addEventListener('message', (event) => {
  const urls =
    event.data && event.data.type === 'keep' && Array.isArray(event.data.urls) ? event.data.urls : []
  const own = urls.filter((u) => {
    const path = new URL(u, self.location.origin).pathname
    return path === PAGE || path.startsWith(ASSETS)
  })
  event.waitUntil(
    caches.open(VERSION).then((cache) => Promise.all(own.map((u) => cache.add(u).catch(() => {})))),
  )
})

const keep = (request, response) => {
  if (response.ok) {
    const copy = response.clone()
    caches.open(VERSION).then((cache) => cache.put(request, copy))
  }
  return response
}

self.addEventListener('fetch', (event) => {
  const request = event.request
  if (request.method !== 'GET') return
  const url = new URL(request.url)
  if (url.origin !== self.location.origin) return
  if (request.mode === 'navigate' && url.pathname.startsWith(PAGE)) {
    // The page: the network first (a new version), the kept one without a network.
    event.respondWith(
      fetch(request)
        .then((response) => keep(PAGE, response))
        .catch(() => caches.match(PAGE).then((hit) => hit || Response.error())),
    )
    return
  }
  if (url.pathname.startsWith(ASSETS)) {
    // Content-hashed: a kept copy is always right.
    event.respondWith(
      caches.match(request).then((hit) => hit || fetch(request).then((r) => keep(request, r))),
    )
  }
})
