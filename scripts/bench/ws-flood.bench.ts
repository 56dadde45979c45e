import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { Session } from 'node:inspector'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { startShop } from '@shop/all-in-one'
import { readersBehind, silentLogger, sleep, withLimits } from '@shop/kit'
import WebSocket from 'ws'
import { firstCatalogueBranch } from '../../services/all-in-one/src/demo/seed-demo.ts'
import { percentile } from './bench-support.ts'

// 200 sockets from one client, each subscribing to the demo's Zürich board and to one order,
// against the embedded shop (PGlite, the demo with its 30 days of history), as the outside
// test did. Reported: the time until every socket has both snapshots, and /healthz meanwhile
// (p50, p99, max), against an idle /healthz. The per-address socket cap is lifted for the run
// (the cap refuses the flood; this measures the work per subscription).
//   npx node scripts/bench/ws-flood.bench.ts [sockets]

export type FloodResult = {
  sockets: number
  boardOrders: number
  snapshotsMs: number
  /** Statements PGlite ran while the sockets subscribed (each one on the event loop). */
  queries: number
  idle: { p50: number; p99: number }
  loaded: { p50: number; p99: number; max: number }
}

/** A CPU profile of the flood alone (WS_FLOOD_PROFILE=file.cpuprofile): the demo's seeding left out. */
async function startProfile() {
  const session = new Session()
  session.connect()
  const post = (method: string, params?: object) =>
    new Promise<{ profile?: object }>((resolve, reject) =>
      session.post(method, params ?? {}, (err, res) =>
        err ? reject(err) : resolve(res as { profile?: object }),
      ),
    )
  await post('Profiler.enable')
  await post('Profiler.start')
  return {
    async stop(file: string) {
      const { profile } = await post('Profiler.stop')
      writeFileSync(file, JSON.stringify(profile))
      session.disconnect()
    },
  }
}

/** Counts PGlite's statements from now until `stop` (the publisher's and projectors' few included). */
function countQueries(): { stop(): number } {
  const proto = PGlite.prototype as unknown as { query: (...args: unknown[]) => unknown }
  const original = proto.query
  let n = 0
  proto.query = function (this: unknown, ...args: unknown[]) {
    n++
    return original.apply(this, args)
  }
  return {
    stop() {
      proto.query = original
      return n
    },
  }
}

export function formatFlood(r: FloodResult): string {
  return [
    '| sockets | board orders | statements during the subscriptions | all snapshots in | /healthz idle p50 / p99 | /healthz meanwhile p50 / p99 / max |',
    '|---|---|---|---|---|---|',
    `| ${r.sockets} | ${r.boardOrders} | ${r.queries} | ${r.snapshotsMs} ms | ${r.idle.p50.toFixed(1)} / ${r.idle.p99.toFixed(1)} ms | ${r.loaded.p50.toFixed(1)} / ${r.loaded.p99.toFixed(1)} / ${r.loaded.max.toFixed(1)} ms |`,
  ].join('\n')
}

async function healthz(url: string): Promise<number> {
  const t = performance.now()
  await (await fetch(`${url}/healthz`)).text()
  return performance.now() - t
}

export async function runWsFlood(sockets = 200): Promise<FloodResult> {
  const dir = mkdtempSync(join(tmpdir(), 'ws-flood-'))
  const shop = await startShop(
    {
      port: 0,
      host: '127.0.0.1',
      dataDir: dir,
      databaseUrl: undefined,
      natsUrl: undefined,
      subjectRoot: 'shop',
      branches: [],
    },
    silentLogger,
    {
      notifier: false,
      limits: withLimits({ rateLimits: false, websocket: { connectionsPerAddress: 100_000 } }),
    },
  )
  try {
    const url = shop.url.replace('0.0.0.0', '127.0.0.1')
    const branch = (await firstCatalogueBranch(shop.db.db))!
    const order = (
      await shop.db.db
        .selectFrom('rm_orders')
        .select(['uid', 'hash'])
        .orderBy('created_at', 'desc')
        .limit(1)
        .execute()
    )[0]!
    // The publisher and projectors catch up on the demo first (PGlite work that is not the flood's).
    while ((await readersBehind(shop.db.db, ['projection:orders', 'projection:statistics'])).length > 0)
      await sleep(500)
    await sleep(1000)
    const idle: number[] = []
    for (let i = 0; i < 50; i++) idle.push(await healthz(url))
    const loaded: number[] = []
    let flooding = true
    let boardOrders = 0
    const probe = (async () => {
      while (flooding) loaded.push(await healthz(url))
    })()
    const profile = process.env.WS_FLOOD_PROFILE ? await startProfile() : undefined
    const counted = countQueries()
    const t0 = performance.now()
    await Promise.all(
      Array.from(
        { length: sockets },
        () =>
          new Promise<WebSocket>((resolve, reject) => {
            const ws = new WebSocket(`${url.replace('http', 'ws')}/ws`)
            let snapshots = 0
            ws.on('message', (data) => {
              const m = JSON.parse(data.toString()) as { type: string; topic?: string; orders?: unknown[] }
              if (m.type === 'error') reject(new Error(JSON.stringify(m)))
              if (m.type !== 'snapshot') return
              if (m.topic === 'board') boardOrders = m.orders?.length ?? 0
              if (++snapshots === 2) resolve(ws)
            })
            ws.on('open', () => {
              ws.send(
                JSON.stringify({
                  type: 'subscribe',
                  topic: 'board',
                  branchId: branch.id,
                  apiKey: branch.apiKey,
                }),
              )
              ws.send(JSON.stringify({ type: 'subscribe', topic: 'order', uid: order.uid, hash: order.hash }))
            })
            ws.on('error', reject)
          }),
      ),
    ).then((all) => {
      for (const ws of all) ws.terminate()
    })
    const snapshotsMs = performance.now() - t0
    const queries = counted.stop()
    if (profile) await profile.stop(process.env.WS_FLOOD_PROFILE!)
    flooding = false
    await probe
    const i = [...idle].sort((a, b) => a - b)
    const l = [...loaded].sort((a, b) => a - b)
    return {
      sockets,
      boardOrders,
      snapshotsMs: Math.round(snapshotsMs),
      queries,
      idle: { p50: percentile(i, 50), p99: percentile(i, 99) },
      loaded: { p50: percentile(l, 50), p99: percentile(l, 99), max: l.at(-1) ?? 0 },
    }
  } finally {
    await shop.close()
    rmSync(dir, { recursive: true, force: true })
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const result = await runWsFlood(Number(process.argv[2] ?? 200))
  console.log(formatFlood(result))
}
