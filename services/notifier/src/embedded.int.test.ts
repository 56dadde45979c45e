import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Writable } from 'node:stream'
import { startShop } from '@shop/all-in-one'
import { orderBody, post, seedTestCatalogue } from '@shop/api/testing'
import type { AppConfig } from '@shop/kit'
import { sql } from 'kysely'
import { pino } from 'pino'
import { afterAll, describe, expect, it } from 'vitest'

// `npm start`'s mode: PGlite, the in-process bus, no SMTP server and no SMS gateway. The notifier
// runs in the process and its messages go to the log.

const dataDir = mkdtempSync(join(tmpdir(), 'shop-notifier-embedded-'))
const config: AppConfig = {
  port: 0,
  host: '127.0.0.1',
  dataDir,
  databaseUrl: undefined,
  natsUrl: undefined,
  subjectRoot: 'shop',
  branches: [{ id: 'demo', name: 'Demo', apiKey: 'k-embedded-notifier-key', timeZone: 'Europe/Zurich' }],
}

afterAll(() => {
  rmSync(dataDir, { recursive: true, force: true })
})

describe('embedded mode: the notifier in the all-in-one process', () => {
  it('writes the mails to the log, keeps the order’s log, and sends nothing for the demo’s orders', async () => {
    const lines: Array<Record<string, any>> = []
    const log = pino(
      { level: 'info' },
      new Writable({
        write(chunk, _enc, done) {
          for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line))
          done()
        },
      }),
    )
    const shop = await startShop(config, log, { demo: true })
    try {
      expect(shop.db.kind).toBe('pglite')
      expect(shop.notifier).toBeDefined()
      await seedTestCatalogue({ db: shop.db.db, bus: shop.bus }, config.branches, { config: false })
      const created = await post(`${shop.url}/api/orders`, orderBody('demo'))
      expect(created.status, JSON.stringify(created.body)).toBe(201)
      const order = created.body.data
      const statusLink = `${shop.url.replace('0.0.0.0', '127.0.0.1')}/status/${order.uid}/${order.hash}`

      const deadline = Date.now() + 20_000
      let mails: Array<Record<string, any>> = []
      while (mails.length < 2) {
        if (Date.now() > deadline) throw new Error('no mails in the log')
        await new Promise((r) => setTimeout(r, 50))
        mails = lines.filter(
          (l) => l.msg === 'e-mail (not sent: no SMTP_URL)' && l.text?.includes(statusLink),
        )
      }
      expect(mails.map((m) => m.to).sort()).toEqual(['anna@example.com', 'filiale-demo@example.org'])
      expect(mails.find((m) => m.to === 'anna@example.com')!.subject).toBe(
        'Ihre Bestellung bei Demo ist eingegangen',
      )

      const res = await fetch(`${shop.url}/api/orders/${order.id}/notifications`, {
        headers: { 'x-api-key': 'k-embedded-notifier-key' },
      })
      const jobs = ((await res.json()) as { data: Array<Record<string, any>> }).data
      expect(jobs.map((j) => `${j.audience}:${j.status}`).sort()).toEqual(['branch:sent', 'customer:sent'])

      // The demo's orders were in the store before the notifier's first start: no jobs for them.
      const { rows } = await sql<{ orders: string; notified: string }>`
        SELECT (SELECT count(DISTINCT stream_id) FROM es_events WHERE stream_type = 'order')::text AS orders,
               (SELECT count(DISTINCT order_id) FROM notification_jobs)::text AS notified`.execute(shop.db.db)
      expect(Number(rows[0]!.orders)).toBeGreaterThan(1)
      expect(rows[0]!.notified).toBe('1')
    } finally {
      await shop.close()
    }
  })
})
