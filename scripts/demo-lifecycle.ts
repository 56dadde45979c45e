import { watchOrder } from '@shop/live'

// npm run demo:lifecycle [-- <base URL>]
// With `npm start` running: places an order as a customer, watches it live over the WebSocket
// as the frontdesk confirms it, marks it ready and completes it, and prints every update.
// It finds a branch that takes an order now (or a pre-order for its first free time) and a plain
// product of that branch's menu in the demo catalogue; the frontdesk acts with the branch's api
// key, which the demo admin may read (DEMO_ADMIN_USER / DEMO_ADMIN_PASSWORD, see README).
const base = (process.argv[2] ?? `http://127.0.0.1:${process.env.PORT ?? 3000}`).replace(/\/$/, '')

// biome-ignore lint/suspicious/noExplicitAny: the demo API's answers, read loosely by a one-off script
type Json = Record<string, any>

async function call(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  })
  const json = (await res.json()) as Json
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json)}`)
  return { json, res }
}

// The admin's session: its branch list carries the frontdesk api keys.
const login = await call('POST', '/api/login', {
  username: process.env.DEMO_ADMIN_USER ?? 'admin',
  password: process.env.DEMO_ADMIN_PASSWORD ?? 'demo-admin-2026',
})
const session = login.res.headers
  .getSetCookie()
  .map((c) => c.split(';')[0])
  .join('; ')
const branches = (await call('GET', '/api/branches', undefined, { cookie: session })).json.data as Json[]

// A branch open for takeaway now, else one that takes pre-orders (for its first free time).
const now = Date.now()
let chosen: { branch: Json; appointmentDate?: string } | undefined
for (const branch of branches.filter((b) => b.isTakeawayEnabled !== false)) {
  const availability = (
    await call('GET', `/api/branches/${branch.id}/availability?orderType=takeaway&days=14`)
  ).json.data as { firstSlot: string | null }
  if (availability.firstSlot === null) continue
  const openNow = Date.parse(availability.firstSlot) - now < 10 * 60_000
  if (openNow && !branch.isAppointmentRequired) {
    chosen = { branch }
    break
  }
  if (branch.isPreorderEnabled || (openNow && branch.isAppointmentRequired))
    chosen ??= { branch, appointmentDate: availability.firstSlot }
}
if (!chosen) throw new Error('no branch takes an order now or a pre-order: is the demo loaded (npm start)?')

// A plain product of the branch's active menu: no parts to fill, no lead time, no schedule.
const init = (await call('GET', '/api/init')).json.data as { url: string; data: Json[] }[]
const part = (url: string) => init.find((p) => p.url === url)?.data ?? []
const menu = part('/api/menus')
  .filter(
    (m) => m.branches.some((b: Json) => b.id === chosen.branch.id) && Date.parse(m.availableFrom) <= now,
  )
  .sort((a, b) => Date.parse(b.availableFrom) - Date.parse(a.availableFrom))[0]
const onMenu = new Set<string>((menu?.catalog ?? []).flatMap((c: Json) => c.products.map((p: Json) => p.id)))
const product = part('/api/products').find(
  (p) =>
    onMenu.has(p.id) &&
    p.isEnabled !== false &&
    !p.isPriceHidden &&
    !p.isLeadTimeEnabled &&
    !p.schedule?.length &&
    !(p.config?.parts ?? []).length,
)
if (!product) throw new Error(`no plain product on the menu of ${chosen.branch.name}`)

const placed = await call('POST', '/api/orders', {
  branch: chosen.branch.id,
  isDelivery: false,
  isDineIn: false,
  firstName: 'Anna',
  lastName: 'Muster',
  email: 'anna@example.com',
  phone: '+41 79 123 45 67',
  ...(chosen.appointmentDate ? { appointmentDate: chosen.appointmentDate } : {}),
  items: [
    {
      product: product.uid,
      amount: product.defaultQuantity ?? product.minimumQuantity ?? 1,
      price: product.price,
    },
  ],
  legalInstructions: true,
  privacyPolicy: true,
})
const order = placed.json.data as { id: string; uid: string; hash: string; version: number }
process.stdout.write(
  `${chosen.branch.name}: ${product.name}${chosen.appointmentDate ? ` for ${chosen.appointmentDate}` : ''}\n`,
)
process.stdout.write(`ordered: ${base}/api/orders/public/${order.uid}/${order.hash}\n`)

const started = Date.now()
const done = new Promise<void>((resolveDone) => {
  const w = watchOrder<{ status: string }>({
    baseUrl: base,
    uid: order.uid,
    hash: order.hash,
    onStatus: (s) => process.stdout.write(`  [connection: ${s}]\n`),
    onChange: (o) => {
      process.stdout.write(
        `  +${String(Date.now() - started).padStart(5)} ms  version ${o.version}  ${o.data.status}\n`,
      )
      if (o.data.status === 'completed') {
        w.stop()
        resolveDone()
      }
    },
  })
})

const staff = { 'x-api-key': chosen.branch.apiKey as string }
for (const action of ['confirm', 'in-delivery', 'completed']) {
  await new Promise((r) => setTimeout(r, 1000))
  const o = (await call('POST', `/api/orders/${order.id}/status/${action}`, {}, staff)).json.data
  process.stdout.write(`frontdesk: ${action} → version ${o.version}\n`)
}
await done
