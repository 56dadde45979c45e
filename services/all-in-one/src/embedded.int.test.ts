import { execFile } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { runLifecycleScenario, seedTestCatalogue } from '@shop/api/testing'
import { type AppConfig, silentLogger } from '@shop/kit'
import { sql } from 'kysely'
import { afterAll, describe, expect, it } from 'vitest'
import { DEMO_HISTORY_DAYS, startShop } from './embedded.ts'

const run = promisify(execFile)
const dataDir = mkdtempSync(join(tmpdir(), 'shop-embedded-'))
const config: AppConfig = {
  port: 0,
  host: '127.0.0.1',
  dataDir,
  databaseUrl: undefined,
  natsUrl: undefined,
  subjectRoot: 'shop',
  branches: [{ id: 'demo', name: 'Demo', apiKey: 'k-embedded-test-key', timeZone: 'Europe/Zurich' }],
}

afterAll(() => {
  rmSync(dataDir, { recursive: true, force: true })
})

describe('embedded mode (PGlite in the data folder, in-process bus)', () => {
  it('passes the same order lifecycle test, and keeps its data across a restart', async () => {
    let shop = await startShop(config, silentLogger)
    let orderCount = 0
    try {
      expect(shop.db.kind).toBe('pglite')
      expect(shop.bus.kind).toBe('memory')
      // `npm start` begins with the demo and its 30 days of history, projected into the statistics.
      const { rows: history } = await sql<{ n: number }>`
        SELECT count(*)::int AS n FROM es_events
         WHERE event_type = 'OrderCreated' AND (data->>'at')::timestamptz < now() - interval '1 day'`.execute(
        shop.db.db,
      )
      expect(history[0]!.n).toBeGreaterThan(600)
      let days = 0
      for (let i = 0; i < 600 && days < DEMO_HISTORY_DAYS; i++) {
        const { rows } = await sql<{
          n: number
        }>`SELECT count(DISTINCT day)::int AS n FROM st_order_days`.execute(shop.db.db)
        days = rows[0]!.n
        if (days < DEMO_HISTORY_DAYS) await new Promise((r) => setTimeout(r, 100))
      }
      expect(days).toBeGreaterThanOrEqual(DEMO_HISTORY_DAYS)
      // The demo's own branches have real opening hours; the scenario needs one open now.
      await seedTestCatalogue({ db: shop.db.db, bus: shop.bus }, config.branches, { config: false })
      await runLifecycleScenario({
        apiUrl: shop.url,
        gatewayUrl: shop.url,
        branchId: 'demo',
        apiKey: 'k-embedded-test-key',
      })
      const board = (await (
        await fetch(`${shop.url}/api/orders/frontdesk/demo/k-embedded-test-key`)
      ).json()) as {
        data: unknown[]
      }
      orderCount = board.data.length
      // The scenario's two; the demo orders are on the catalogue's first branch.
      expect(orderCount).toBe(2)
    } finally {
      await shop.close()
    }
    shop = await startShop(config, silentLogger)
    try {
      const board = (await (
        await fetch(`${shop.url}/api/orders/frontdesk/demo/k-embedded-test-key`)
      ).json()) as {
        data: unknown[]
      }
      expect(board.data).toHaveLength(orderCount)
    } finally {
      await shop.close()
    }
  })

  it("runs the README's `npm run demo:lifecycle` against the demo shop: ordered, confirmed, ready, completed", async () => {
    const shop = await startShop(config, silentLogger)
    try {
      const script = fileURLToPath(new URL('../../../scripts/demo-lifecycle.ts', import.meta.url))
      const { stdout } = await run(process.execPath, [script, shop.url], { timeout: 30_000 })
      expect(stdout).toMatch(/^ordered: http:\/\/127\.0\.0\.1:\d+\/api\/orders\/public\//m)
      expect(stdout).toMatch(/frontdesk: confirm → version 2/)
      expect(stdout).toMatch(/version 4 {2}completed/)
    } finally {
      await shop.close()
    }
  })
})
