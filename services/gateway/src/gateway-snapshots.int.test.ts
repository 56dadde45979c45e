import { branchDirectory, installRouteSchemas, MemoryBus, silentLogger, withLimits } from '@shop/kit'
import { createTestDatabase, type TestDatabase } from '@shop/kit/testing'
import Fastify, { type FastifyInstance } from 'fastify'
import type { KyselyPlugin } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import { type Gateway, registerGateway } from './gateway.ts'

// Why 200 sockets from one client stalled the embedded shop: every subscription read its room
// from the database (the board, the order, the branch's key), on the event loop with PGlite,
// and serialised the same snapshot again. The reads of one room are shared now: here, on the
// real PostgreSQL with every statement counted, 40 sockets subscribing to one board and one
// order at once read the orders a few times, not 80 (the key checks stay per subscription:
// a renewed key must count at once).

const BRANCH = { id: 'b1', name: 'Testfiliale', apiKey: 'k-test-0123456789abcdef', timeZone: 'Europe/Zurich' }

let db: TestDatabase
let app: FastifyInstance
let gateway: Gateway
let url: string
const statements: string[] = []

beforeAll(async () => {
  db = await createTestDatabase({ max: 3 })
  const counting: KyselyPlugin = {
    transformQuery: (args) => {
      const from = (args.node as { from?: { froms?: { table?: { identifier?: { name?: string } } }[] } }).from
      statements.push(`${args.node.kind} ${from?.froms?.[0]?.table?.identifier?.name ?? ''}`)
      return args.node
    },
    transformResult: async (args) => args.result,
  }
  app = Fastify()
  // As every service's instance: the routes' zod schemas first (runService, buildApp).
  await installRouteSchemas(app)
  gateway = await registerGateway(app, {
    db: db.db.withPlugin(counting),
    bus: new MemoryBus('snapshots'),
    branches: branchDirectory([BRANCH]),
    log: silentLogger,
    limits: withLimits({ websocket: { connectionsPerAddress: 100 } }),
  })
  url = `${(await app.listen({ port: 0, host: '127.0.0.1' })).replace('http', 'ws')}/ws`
})
afterAll(async () => {
  await gateway?.close()
  await app?.close()
  await db?.drop()
})

function subscriber(): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url)
    let answers = 0
    ws.on('message', () => {
      if (++answers === 2) resolve(ws)
    })
    ws.once('open', () => {
      ws.send(
        JSON.stringify({ type: 'subscribe', topic: 'board', branchId: BRANCH.id, apiKey: BRANCH.apiKey }),
      )
      // No such order: "not found" is an answer too, and read once.
      ws.send(JSON.stringify({ type: 'subscribe', topic: 'order', uid: 'u-nicht-da', hash: 'h-falsch' }))
    })
    ws.once('error', reject)
  })
}

describe('subscriptions to one room share their reads', () => {
  it('40 sockets at once: a few reads of the orders, not two per socket', async () => {
    statements.length = 0
    const sockets = await Promise.all(Array.from({ length: 40 }, () => subscriber()))
    const orderReads = statements.filter((st) => st.endsWith(' rm_orders'))
    expect(orderReads.length, statements.join('\n')).toBeGreaterThan(0)
    expect(orderReads.length, statements.join('\n')).toBeLessThanOrEqual(6)
    for (const ws of sockets) ws.terminate()
  })
})
