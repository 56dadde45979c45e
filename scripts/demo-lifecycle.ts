import { readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { watchOrder } from '@shop/live'

// npm run demo:lifecycle [-- <base URL>]
// With `npm start` running: places an order as a customer, watches it live over the WebSocket
// as the frontdesk confirms it, marks it ready and completes it, and prints every update.
const base = (process.argv[2] ?? `http://127.0.0.1:${process.env.PORT ?? 3000}`).replace(/\/$/, '')
const branches = JSON.parse(
  readFileSync(join(resolve(process.env.DATA_DIR ?? './data'), 'branches.json'), 'utf8'),
) as {
  id: string
  apiKey: string
}[]
const branch = branches[0]
if (!branch) throw new Error('no branch in the data folder: start the shop with `npm start` first')

async function post(path: string, body: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  })
  const json = (await res.json()) as { data?: { id: string; uid: string; hash: string; version: number } }
  if (!res.ok || !json.data) throw new Error(`${path}: ${res.status} ${JSON.stringify(json)}`)
  return json.data
}

const order = await post('/api/orders', {
  branch: branch.id,
  isDelivery: false,
  isDineIn: false,
  firstName: 'Anna',
  lastName: 'Muster',
  items: [{ product: 'zopf', name: 'Zopf 500 g', amount: 1, unit: 'piece', price: 690 }],
})
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

const staff = { 'x-api-key': branch.apiKey }
for (const action of ['confirm', 'in-delivery', 'completed']) {
  await new Promise((r) => setTimeout(r, 1000))
  const o = await post(`/api/orders/${order.id}/status/${action}`, {}, staff)
  process.stdout.write(`frontdesk: ${action} → version ${o.version}\n`)
}
await done
