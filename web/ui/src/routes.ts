/**
 * The apps' paths as typed builders, one place instead of path strings written out in every
 * feature (docs/storefront.md and docs/backoffice.md list the routes). Every parameter is one
 * path segment, percent-encoded, so an identifier with a slash or a space cannot step into
 * another route. The routers' patterns (`store/:branchIdentifier`…) stay in the routers.
 * Imported as `@shop/ui/routes` (no React in it, so pure modules and their unit tests use it too).
 */

const seg = encodeURIComponent

/** Where the back-office is mounted: its router's basename. */
export const BACKEND_BASE = '/backend'

/** The resources the back-office lists and edits, by their API path (spec §7). */
export const BACKEND_RESOURCES = [
  'products',
  'categories',
  'menus',
  'branches',
  'tags',
  'divisions',
  'donatees',
  'users',
  'sites',
  'navigations',
  'blocks',
  'redirects',
  'fonts',
  'image-templates',
  'projects',
  'devices',
  'digital-signage-segments',
  'digital-signage-streams',
  'digital-signage-devices',
] as const
export type BackendResource = (typeof BACKEND_RESOURCES)[number]

export function isBackendResource(value: string): value is BackendResource {
  return (BACKEND_RESOURCES as readonly string[]).includes(value)
}

/** Which order list of the back-office (spec §2: current, missed, history). */
export type BackendOrderList = 'current' | 'missed' | 'history'

/**
 * The back-office's paths inside its router (basename `/backend`): what its `<Link to>`,
 * `<NavLink>` and `navigate` take. `paths.backend.url(…)` makes one a path from the site root.
 */
const backend = {
  orders: (list: BackendOrderList = 'current') =>
    list === 'current' ? ('/orders' as const) : (`/orders/${list}` as const),
  order: (id: string) => `/orders/${seg(id)}` as const,
  receipt: (id: string) => `/orders/${seg(id)}/receipt` as const,
  dashboard: () => '/dashboard' as const,
  board: (branchId: string) => `/board/${seg(branchId)}` as const,
  /** The tablet links (admins). */
  frontdesk: () => '/frontdesk' as const,
  /** The counter tablet's board, opened with the branch's api key. */
  frontdeskKey: (branchId: string, apiKey: string) => `/frontdesk/${seg(branchId)}/${seg(apiKey)}` as const,
  /** The time-tracking terminal of one employee, opened with their access token (no login). */
  timeTerminal: (accessToken: string, username: string) =>
    `/time-tracking/${seg(accessToken)}/${seg(username)}` as const,
  login: () => '/login' as const,
  logout: () => '/logout' as const,
  /**
   * A resource's list and editor (issue 17): `/products`, `/products/new`, `/products/{id}`; the
   * segment is the resource's API path (spec §7), so `/api/products/{id}` is edited at
   * `/products/{id}`.
   */
  resources: <R extends BackendResource>(resource: R) => `/${resource}` as const,
  resource: <R extends BackendResource>(resource: R, id: string) => `/${resource}/${seg(id)}` as const,
  newResource: <R extends BackendResource>(resource: R) => `/${resource}/new` as const,
  /** The shop's settings (the config of spec §3). */
  settings: () => '/settings' as const,
  /** The image and upload library. */
  media: () => '/media' as const,
  /** The global change log (GET /api/logs). */
  logs: () => '/logs' as const,
  /** One image or upload of the library, opened (`/media?image={id}`). */
  mediaItem: (kind: 'image' | 'upload', id: string) => `/media?${kind}=${seg(id)}` as const,
  /**
   * Where a resource is edited, by its API path (the log's and the media usage's links): its
   * editor (`/products/{id}`), the settings for the configuration, the library for an image or an
   * upload; undefined for a resource the back-office has no screen for.
   */
  editor: (apiPath: string, id: string): string | undefined => {
    if (apiPath === 'config') return backend.settings()
    if (apiPath === 'fonts') return backend.resources('fonts')
    if (apiPath === 'images') return backend.mediaItem('image', id)
    if (apiPath === 'uploads') return backend.mediaItem('upload', id)
    return isBackendResource(apiPath) ? backend.resource(apiPath, id) : undefined
  },
  /** Import and export of products, categories and menus. */
  transfer: () => '/import-export' as const,
  /** Staff time tracking (issue 20, admins): the week plan (`?branch=&week=2027-W12`). */
  workingSchedules: () => '/working-schedules' as const,
  /** The recorded working activities and their corrections (`?branch=&user=&from=&to=`). */
  workingActivities: () => '/working-activities' as const,
  /** Holiday balances of a year (`?year=`). */
  holidayBalances: () => '/holiday-balances' as const,
  /** A month's time sheet per employee as CSV and PDF (`?month=2027-03&user=`). */
  timeSheets: () => '/time-sheets' as const,
  /**
   * Pairing a board or signage screen (issue 21): the code its QR code carries, preselected
   * (`/devices/pair?code=ABC234`).
   */
  devicePair: (code?: string) =>
    code === undefined ? ('/devices/pair' as const) : (`/devices/pair?code=${seg(code)}` as const),
  /** A board tablet paired as a device (issue 21): pairs itself, then shows its branch's board (no login). */
  boardDevice: () => '/board-device' as const,
  /** The digital-signage player of a TV screen (issue 21): pairs itself, then plays (no login). */
  signagePlayer: () => '/signage' as const,
  /** A back-office path from the site root (outside its router: the storefront, `location`). */
  url: <P extends `/${string}` | ''>(path: P) => `${BACKEND_BASE}${path}` as const,
  /**
   * The old back-office's hash routes (spec §2) that the storefront's admin toolbar links to;
   * the back-office turns them into its paths (`legacyHashPath`).
   */
  legacy: (route: 'sites' | 'dashboard' | 'navigations') => `${BACKEND_BASE}#/${route}` as const,
}

/**
 * The query parameter that opens a storefront page in a language (`/fr/a-propos?lang=fr-FR`): it
 * wins over the visitor's chosen or browser language for that visit, without being stored. The
 * back-office's preview links carry it, so a translation opens in its own language (a content
 * page's path in another language otherwise moves to the visitor's language's translation).
 */
export const LOCALE_PARAMETER = 'lang'

export const paths = {
  home: () => '/' as const,
  /**
   * A content page's path (as stored: `/fr/a-propos`) opened in a storefront locale
   * (`de-CH`, `fr-FR`, `en`).
   */
  page: (path: string, locale: string) =>
    `${path}?${LOCALE_PARAMETER}=${encodeURIComponent(locale)}` as const,
  /** A branch's menu. */
  store: (branch: string) => `/store/${seg(branch)}` as const,
  checkout: (branch: string) => `/store/${seg(branch)}/checkout` as const,
  /** Where the payment provider sends the customer back after a failed payment. */
  checkoutError: (branch: string) => `/store/${seg(branch)}/checkout/error` as const,
  /** The live status of an order. */
  status: (uid: string, hash: string) => `/status/${seg(uid)}/${seg(hash)}` as const,
  /** A text page from the configuration (terms, privacy, imprint, allergens). */
  site: (slug: string) => `/site/${seg(slug)}` as const,
  /** The self-service kiosk: its menu, checkout and order status. */
  kiosk: {
    store: (branch: string) => `/kiosk/${seg(branch)}` as const,
    checkout: (branch: string) => `/kiosk/${seg(branch)}/checkout` as const,
    status: (branch: string, uid: string, hash: string) =>
      `/kiosk/${seg(branch)}/status/${seg(uid)}/${seg(hash)}` as const,
  },
  /** An uploaded file (GET /upload/{publicHash}/{id}-{version}.{ext}). */
  upload: (file: { publicHash: string; id: string | number; version: string | number; extension: string }) =>
    `/upload/${seg(file.publicHash)}/${seg(`${file.id}-${file.version}.${file.extension}`)}` as const,
  /** An uploaded image's preview (a JPEG). */
  uploadPreview: (file: { publicHash: string; id: string | number; version: string | number }) =>
    `/upload/${seg(file.publicHash)}/preview/${seg(`${file.id}-${file.version}`)}.jpg` as const,
  backend,
}

/** The storefront's menu, checkout and status for the shop or for its kiosk. */
export function shopPaths(kiosk: boolean) {
  return {
    store: kiosk ? paths.kiosk.store : paths.store,
    checkout: kiosk ? paths.kiosk.checkout : paths.checkout,
    status: (branch: string, uid: string, hash: string) =>
      kiosk ? paths.kiosk.status(branch, uid, hash) : paths.status(uid, hash),
  }
}
