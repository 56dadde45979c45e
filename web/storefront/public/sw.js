// The storefront's service worker: the app shell and its hashed assets work offline; the API,
// the socket, images and uploads always go to the network. A new version waits until the page
// asks it to take over (the update banner), so a customer is never switched mid-checkout.
const VERSION = 'shop-v1'
const SHELL = ['/', '/offline.html', '/icon.svg', '/manifest.webmanifest']

self.addEventListener('install', (event) => {
  event.waitUntil(caches.open(VERSION).then((cache) => cache.addAll(SHELL)))
})

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((k) => k !== VERSION).map((k) => caches.delete(k))))
      .then(() => self.clients.claim()),
  )
})

self.addEventListener('message', (event) => {
  if (event.data === 'skip-waiting') self.skipWaiting()
})

// The back-office (/backend, its own app) is never cached nor answered with the storefront.
const NETWORK_ONLY = ['/api/', '/ws', '/image/', '/upload/', '/payments/', '/backend']

self.addEventListener('fetch', (event) => {
  const request = event.request
  if (request.method !== 'GET') return
  const url = new URL(request.url)
  if (url.origin !== self.location.origin) return
  if (NETWORK_ONLY.some((p) => url.pathname.startsWith(p))) return
  if (request.mode === 'navigate') {
    // Pages: the network first (fresh app), the cached shell when offline, else the offline page.
    event.respondWith(
      fetch(request)
        .then((response) => {
          const copy = response.clone()
          if (response.ok) caches.open(VERSION).then((cache) => cache.put('/', copy))
          return response
        })
        .catch(() => caches.match('/').then((shell) => shell || caches.match('/offline.html'))),
    )
    return
  }
  if (url.pathname.startsWith('/assets/')) {
    // Content-hashed: a cached copy is always right.
    event.respondWith(
      caches.match(request).then(
        (hit) =>
          hit ||
          fetch(request).then((response) => {
            const copy = response.clone()
            if (response.ok) caches.open(VERSION).then((cache) => cache.put(request, copy))
            return response
          }),
      ),
    )
  }
})
