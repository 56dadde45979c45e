import { randomUUID } from 'node:crypto'
import { DeliverPolicy, jetstream, jetstreamManager } from '@nats-io/jetstream'
import { connect, type NatsConnection } from '@nats-io/transport-node'
import { appendToStream, readersBehind } from '@shop/kit'
import {
  createTestDatabase,
  type NatsServerProcess,
  type ServiceProcess,
  spawnService,
  startNatsServer,
  type TestDatabase,
  uniqueSubjectRoot,
} from '@shop/kit/testing'
import { jetStreamName } from '@shop/shared/contracts/subjects'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

let t: TestDatabase
let nats: NatsServerProcess
let nc: NatsConnection
const root = uniqueSubjectRoot()
const running: ServiceProcess[] = []

beforeAll(async () => {
  t = await createTestDatabase({ max: 5 })
  nats = await startNatsServer()
  nc = await connect({ servers: nats.url, maxReconnectAttempts: -1, reconnectTimeWait: 100 })
})
afterAll(async () => {
  for (const p of running) await p.kill()
  await nc?.close().catch(() => {})
  await nats?.kill()
  await t?.drop()
})

const publisher = async () => {
  const p = await spawnService('publisher', 'services/publisher/src/main.ts', {
    DATABASE_URL: t.url,
    NATS_URL: nats.url,
    NATS_SUBJECT_ROOT: root,
    PG_POOL_MAX: '3',
  })
  running.push(p)
  return p
}

async function streamMessages(): Promise<number> {
  for (;;) {
    try {
      const info = await (await jetstreamManager(nc)).streams.info(jetStreamName(root))
      return info.state.messages
    } catch {
      await new Promise((r) => setTimeout(r, 100))
    }
  }
}

async function waitFor(what: string, check: () => Promise<boolean>, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
    await new Promise((r) => setTimeout(r, 100))
  }
}

async function checkpointAtEnd(): Promise<boolean> {
  return (await readersBehind(t.db, ['publisher'])).length === 0
}

/** Every message of the stream, read by a fresh consumer from the first one. */
async function readAllEventIds(): Promise<string[]> {
  const js = jetstream(nc)
  const consumer = await js.consumers.get(jetStreamName(root), { deliver_policy: DeliverPolicy.All })
  const total = await streamMessages()
  const ids: string[] = []
  while (ids.length < total) {
    const batch = await consumer.fetch({ max_messages: 500, expires: 2000 })
    for await (const m of batch) ids.push((m.json() as { eventId: string }).eventId)
  }
  return ids
}

describe('publisher under faults (real PostgreSQL, a private nats-server)', () => {
  it('publisher killed and restarted, NATS killed and restarted: every event stored and read exactly once', async () => {
    const appended: string[] = []
    const append = async (n: number) => {
      const orderUid = randomUUID()
      const r = await appendToStream(t.db, {
        streamId: `order-${randomUUID()}`,
        streamType: 'order',
        expectedVersion: 0,
        events: [
          { type: 'OrderCreated', data: { n, uid: orderUid }, metadata: { branchId: 'b1', orderUid } },
        ],
      })
      if (r.kind === 'appended') appended.push(...r.eventIds)
    }
    let first = await publisher()
    const total = 400
    for (let i = 0; i < total; i++) {
      await append(i)
      if (i % 10 === 0) await new Promise((r) => setTimeout(r, 5))
      if (i === 120) {
        await first.kill('SIGKILL')
        first = await publisher()
      }
      if (i === 220) {
        await nats.kill()
        await new Promise((r) => setTimeout(r, 300))
        await nats.start()
      }
      if (i === 300) {
        await first.kill('SIGKILL')
        first = await publisher()
      }
    }
    await waitFor('the publisher to catch up', checkpointAtEnd)
    expect(await streamMessages()).toBe(total)

    // A crash between the acks and the checkpoint write: the next publisher starts from an
    // older checkpoint and publishes everything again; JetStream drops every repeat.
    await first.kill('SIGKILL')
    await sql`UPDATE es_checkpoints SET last_xid = '0', last_position = 0 WHERE subscription_id = 'publisher'`.execute(
      t.db,
    )
    first = await publisher()
    await waitFor('the republish to finish', checkpointAtEnd)
    expect(await streamMessages()).toBe(total)

    const ids = await readAllEventIds()
    expect(ids).toHaveLength(total)
    expect(new Set(ids).size).toBe(total)
    expect(new Set(ids)).toEqual(new Set(appended))
  })
})
