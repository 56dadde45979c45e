import { randomBytes } from 'node:crypto'
import { createResource, INIT_TYPES, type ResourceRow } from '@shop/api/resources'
import { connectPostgres, migrateToLatest } from '@shop/kit'
import { type ServiceProcess, spawnService } from '@shop/kit/testing'
import { listResourcesOfTypes } from '@shop/read-models'
import { adminQuery, percentile } from './bench-support.ts'

// GET /api/init for a shop with 3 branches and 300 products, on the real PostgreSQL: a full
// answer and a revalidation (If-None-Match → 304), next to the baseline: the read model's query
// the route reads the same rows with (listResourcesOfTypes), from this process, no HTTP.

export type InitResult = {
  label: string
  p50: number
  p99: number
  bytes?: number
}

const pct = (xs: number[], p: number) =>
  percentile(
    [...xs].sort((a, b) => a - b),
    p,
  )

function product(i: number, categoryId: string) {
  return {
    uid: `produkt-${i}`,
    name: `Produkt ${i}`,
    description: 'Mit Butter, Mehl aus der Region und viel Zeit gebacken. '.repeat(3),
    allergens: 'Gluten, Milch, Ei',
    images: [],
    type: i % 5 === 0 ? 'configurable' : 'simple',
    price: 250 + (i % 40) * 35,
    tax: 2.6,
    takeawayTax: 2.6,
    dineInTax: 8.1,
    unit: i % 7 === 0 ? 'kilogram' : 'piece',
    alternativeUnits: i % 7 === 0 ? [{ unit: 'gram', ratio: 0.001, calculationModel: 'approximate' }] : [],
    minimumQuantity: 1,
    quantityStepSize: 1,
    calculationModel: i % 7 === 0 ? 'approximate' : 'fixed',
    isPriceHidden: false,
    isEnabled: true,
    schedule: [],
    isStepByStep: false,
    config: {
      parts:
        i % 5 === 0
          ? [
              {
                name: 'Grösse',
                type: 'select',
                optional: false,
                options: [
                  { name: 'Klein', modifier: 'subtract', value: 100 },
                  { name: 'Gross', modifier: 'add', value: 150 },
                ],
              },
            ]
          : [],
    },
    isLeadTimeEnabled: i % 11 === 0,
    leadTimeType: 'days',
    leadTimeValue: 1,
    category: { id: categoryId },
  }
}

export async function benchInit(opts: { adminUrl: string; requests?: number }): Promise<InitResult[]> {
  const n = opts.requests ?? 300
  const name = `shop_bench_init_${randomBytes(4).toString('hex')}`
  const url = new URL(opts.adminUrl)
  url.pathname = `/${name}`
  await adminQuery(opts.adminUrl, `CREATE DATABASE "${name}"`)
  // The data goes in first, straight through the resource store; the shop then runs as its
  // own process, so the client's work does not share its event loop.
  const db = connectPostgres({ url: url.toString(), max: 2 })
  let shop: ServiceProcess | undefined
  try {
    await migrateToLatest(db.db as never)
    const w = { db: db.db, bus: { notifyAppended() {} }, actor: { kind: 'system' as const, id: 'bench' } }
    const categories = []
    for (let c = 0; c < 10; c++)
      categories.push(await createResource({ ...w, type: 'category', data: { name: `Kategorie ${c}` } }))
    const products: ResourceRow<ReturnType<typeof product>>[] = []
    for (let i = 0; i < 300; i++) {
      products.push(await createResource({ ...w, type: 'product', data: product(i, categories[i % 10]!.id) }))
    }
    for (let b = 0; b < 3; b++) {
      const branch = await createResource({
        ...w,
        type: 'branch',
        data: { identifier: `filiale-${b}`, name: `Filiale ${b}`, apiKey: 'x' },
      })
      await createResource({
        ...w,
        type: 'menu',
        data: {
          name: `Menü ${b}`,
          availableFrom: '2026-01-01T00:00:00Z',
          branches: [{ id: branch.id }],
          catalog: categories.map((c) => ({
            category: { id: c.id },
            products: products.filter((p) => p.data.category.id === c.id).map((p) => ({ id: p.id })),
          })),
        },
      })
    }
    shop = await spawnService('shop', 'services/all-in-one/src/main.ts', {
      DATABASE_URL: url.toString(),
      SHOP_BRANCHES: '[]',
      LOG_LEVEL: 'warn',
    })
    const initTypes = [...INIT_TYPES]
    const sqlMs: number[] = []
    const fullMs: number[] = []
    const cachedMs: number[] = []
    let bytes = 0
    let etag = ''
    for (let i = 0; i < n + 20; i++) {
      let t = performance.now()
      await listResourcesOfTypes(db.db, initTypes)
      const sqlTime = performance.now() - t
      t = performance.now()
      const res = await fetch(`${shop.url}/api/init`)
      const text = await res.text()
      const fullTime = performance.now() - t
      etag = res.headers.get('etag') ?? ''
      bytes = text.length
      t = performance.now()
      const again = await fetch(`${shop.url}/api/init`, { headers: { 'if-none-match': etag } })
      await again.arrayBuffer()
      const cachedTime = performance.now() - t
      if (again.status !== 304) throw new Error(`expected 304, got ${again.status}`)
      if (i >= 20) {
        sqlMs.push(sqlTime)
        fullMs.push(fullTime)
        cachedMs.push(cachedTime)
      }
    }
    return [
      {
        label: "baseline: the same rows by the read model's one query (no HTTP)",
        p50: pct(sqlMs, 50),
        p99: pct(sqlMs, 99),
      },
      { label: 'GET /api/init, full answer over HTTP', p50: pct(fullMs, 50), p99: pct(fullMs, 99), bytes },
      { label: 'GET /api/init, revalidated (304)', p50: pct(cachedMs, 50), p99: pct(cachedMs, 99) },
    ]
  } finally {
    await shop?.kill('SIGTERM')
    await db.close()
    await adminQuery(opts.adminUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`).catch(() => {})
  }
}

export function formatInit(results: InitResult[]): string {
  const base = results[0]!
  const lines = ['| what | p50 ms | p99 ms | p50 / baseline | target p50 < 10 ms |', '|---|---|---|---|---|']
  for (const r of results) {
    const target = r === base ? '' : r.p50 < 10 ? 'PASS' : 'FAIL'
    lines.push(
      `| ${r.label}${r.bytes ? ` (${Math.round(r.bytes / 1024)} KiB)` : ''} | ${r.p50.toFixed(2)} | ${r.p99.toFixed(2)} | ${(r.p50 / base.p50).toFixed(1)}× | ${target} |`,
    )
  }
  return lines.join('\n')
}

if (process.argv[1] && import.meta.filename === process.argv[1]) {
  const results = await benchInit({
    adminUrl: process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
  })
  process.stdout.write(`${formatInit(results)}\n`)
}
