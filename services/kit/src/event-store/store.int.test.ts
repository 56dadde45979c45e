import { randomUUID } from 'node:crypto'
import { CompiledQuery, PostgresQueryCompiler, type RootOperationNode, sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestDatabase, type TestDatabase } from '../testing/index.ts'
import { GenerationMovedError, WrongExpectedVersionError } from './errors.ts'
import { bumpGeneration, readGeneration } from './generations.ts'
import { appendToStream, cursorOf, pollCommitted, pollCommittedEnvelopes, readStream } from './store.ts'
import { START_CURSOR, type StoredEvent } from './types.ts'

let t: TestDatabase

beforeAll(async () => {
  t = await createTestDatabase({ max: 60 })
})
afterAll(async () => {
  await t?.drop()
})

const ev = (type: string, data: unknown = {}) => ({ type, data })
const compileQuery = (node: RootOperationNode) =>
  new PostgresQueryCompiler().compileQuery(node, { queryId: { queryId: 'x' } } as never)

describe('appendToStream', () => {
  it('creates a stream at version 0 and numbers its events from 1', async () => {
    const streamId = `s-${randomUUID()}`
    const r = await appendToStream(t.db, {
      streamId,
      streamType: 'test',
      expectedVersion: 0,
      events: [ev('A', { n: 1 }), ev('B', { n: 2 })],
    })
    expect(r).toMatchObject({ kind: 'appended', version: 2 })
    const read = await readStream(t.db, streamId)
    expect(read.version).toBe(2)
    expect(read.events.map((e) => [e.streamPosition, e.type, e.data])).toEqual([
      [1, 'A', { n: 1 }],
      [2, 'B', { n: 2 }],
    ])
    expect(typeof read.events[0]?.globalPosition).toBe('string')
  })

  it('two writers race on one stream: exactly one wins, the loser stores nothing', async () => {
    const streamId = `s-${randomUUID()}`
    await appendToStream(t.db, { streamId, streamType: 'test', expectedVersion: 0, events: [ev('Created')] })
    for (let round = 0; round < 20; round++) {
      const version = round + 1
      const results = await Promise.allSettled([
        appendToStream(t.db, {
          streamId,
          streamType: 'test',
          expectedVersion: version,
          events: [ev('Left', { round })],
        }),
        appendToStream(t.db, {
          streamId,
          streamType: 'test',
          expectedVersion: version,
          events: [ev('Right', { round })],
        }),
      ])
      const won = results.filter((r) => r.status === 'fulfilled')
      const lost = results.filter((r) => r.status === 'rejected')
      expect(won).toHaveLength(1)
      expect(lost).toHaveLength(1)
      const reason = (lost[0] as PromiseRejectedResult).reason
      expect(reason).toBeInstanceOf(WrongExpectedVersionError)
      expect(reason.current).toBe(version + 1)
    }
    const read = await readStream(t.db, streamId)
    expect(read.version).toBe(21)
    expect(read.events).toHaveLength(21)
    expect(read.events.map((e) => e.streamPosition)).toEqual(Array.from({ length: 21 }, (_, i) => i + 1))
  })

  it('refuses to create a stream that exists and a stale version, appending nothing', async () => {
    const streamId = `s-${randomUUID()}`
    await appendToStream(t.db, { streamId, streamType: 'test', expectedVersion: 0, events: [ev('A')] })
    await expect(
      appendToStream(t.db, { streamId, streamType: 'test', expectedVersion: 0, events: [ev('B')] }),
    ).rejects.toMatchObject({ name: 'WrongExpectedVersionError', current: 1 })
    await expect(
      appendToStream(t.db, { streamId, streamType: 'test', expectedVersion: 5, events: [ev('B')] }),
    ).rejects.toMatchObject({ name: 'WrongExpectedVersionError', current: 1, expected: 5 })
    await expect(
      appendToStream(t.db, {
        streamId: `missing-${randomUUID()}`,
        streamType: 'test',
        expectedVersion: 3,
        events: [ev('B')],
      }),
    ).rejects.toMatchObject({ name: 'WrongExpectedVersionError', current: 0 })
    expect((await readStream(t.db, streamId)).events).toHaveLength(1)
  })

  it("'any' appends regardless of the version", async () => {
    const streamId = `s-${randomUUID()}`
    await appendToStream(t.db, { streamId, streamType: 'test', expectedVersion: 'any', events: [ev('A')] })
    const r = await appendToStream(t.db, {
      streamId,
      streamType: 'test',
      expectedVersion: 'any',
      events: [ev('B')],
    })
    expect(r).toMatchObject({ kind: 'appended', version: 2 })
  })

  it('an idempotent command appends once and returns its first answer', async () => {
    const streamId = `s-${randomUUID()}`
    const command = { id: `cmd-${randomUUID()}`, requestHash: 'h1', result: { ok: 1 } }
    const first = await appendToStream(t.db, {
      streamId,
      streamType: 'test',
      expectedVersion: 0,
      events: [ev('A')],
      command,
    })
    expect(first.kind).toBe('appended')
    const second = await appendToStream(t.db, {
      streamId,
      streamType: 'test',
      expectedVersion: 1,
      events: [ev('A-again')],
      command: { ...command, result: { ok: 2 } },
    })
    expect(second).toEqual({ kind: 'duplicate', result: { ok: 1 }, requestHash: 'h1' })
    expect((await readStream(t.db, streamId)).events).toHaveLength(1)
  })

  it('a refused append leaves no idempotency record behind', async () => {
    const streamId = `s-${randomUUID()}`
    await appendToStream(t.db, { streamId, streamType: 'test', expectedVersion: 0, events: [ev('A')] })
    const command = { id: `cmd-${randomUUID()}`, requestHash: 'h', result: {} }
    await expect(
      appendToStream(t.db, { streamId, streamType: 'test', expectedVersion: 0, events: [ev('B')], command }),
    ).rejects.toBeInstanceOf(WrongExpectedVersionError)
    const { rows } = await sql`SELECT 1 FROM es_commands WHERE command_id = ${command.id}`.execute(t.db)
    expect(rows).toHaveLength(0)
  })
})

describe('batched appends (group commit)', () => {
  it('appends made in one turn share a transaction; each is checked on its own and refused ones write nothing', async () => {
    const name = `g-${randomUUID()}`
    await t.db.transaction().execute((trx) => bumpGeneration(trx, name))
    const s1 = `s-${randomUUID()}`
    const s2 = `s-${randomUUID()}`
    const existing = `s-${randomUUID()}`
    await appendToStream(t.db, {
      streamId: existing,
      streamType: 'test',
      expectedVersion: 0,
      events: [ev('A')],
    })
    const key = `cmd-${randomUUID()}`
    const results = await Promise.allSettled([
      appendToStream(t.db, {
        streamId: s1,
        streamType: 'test',
        expectedVersion: 0,
        events: [ev('A'), ev('B')],
      }),
      // The same stream again, on top of the append before it in the batch.
      appendToStream(t.db, { streamId: s1, streamType: 'test', expectedVersion: 2, events: [ev('C')] }),
      // A stale version: refused alone.
      appendToStream(t.db, { streamId: existing, streamType: 'test', expectedVersion: 0, events: [ev('X')] }),
      // A moved generation: refused alone.
      appendToStream(t.db, {
        streamId: `s-${randomUUID()}`,
        streamType: 'test',
        expectedVersion: 0,
        events: [ev('Y')],
        guard: { name, generation: '0' },
      }),
      // One command twice: the second answers the first's result and appends nothing.
      appendToStream(t.db, {
        streamId: s2,
        streamType: 'test',
        expectedVersion: 0,
        events: [ev('D')],
        command: { id: key, requestHash: 'h', result: { first: true } },
      }),
      appendToStream(t.db, {
        streamId: `s-${randomUUID()}`,
        streamType: 'test',
        expectedVersion: 0,
        events: [ev('E')],
        command: { id: key, requestHash: 'h', result: { first: false } },
      }),
    ])
    expect(results.map((r) => r.status)).toEqual([
      'fulfilled',
      'fulfilled',
      'rejected',
      'rejected',
      'fulfilled',
      'fulfilled',
    ])
    const value = (i: number) => (results[i] as PromiseFulfilledResult<unknown>).value
    expect(value(0)).toMatchObject({ kind: 'appended', version: 2 })
    expect(value(1)).toMatchObject({ kind: 'appended', version: 3 })
    expect((results[2] as PromiseRejectedResult).reason).toBeInstanceOf(WrongExpectedVersionError)
    expect((results[2] as PromiseRejectedResult).reason).toMatchObject({ current: 1 })
    expect((results[3] as PromiseRejectedResult).reason).toBeInstanceOf(GenerationMovedError)
    expect(value(4)).toMatchObject({ kind: 'appended', version: 1 })
    expect(value(5)).toEqual({ kind: 'duplicate', result: { first: true }, requestHash: 'h' })

    expect((await readStream(t.db, s1)).events.map((e) => e.type)).toEqual(['A', 'B', 'C'])
    expect((await readStream(t.db, existing)).events.map((e) => e.type)).toEqual(['A'])
    const { rows } = await sql<{ xids: number; events: number }>`
      SELECT count(DISTINCT transaction_id)::int AS xids, count(*)::int AS events
        FROM es_events WHERE stream_id IN (${s1}, ${s2})`.execute(t.db)
    // One commit for the batch.
    expect(rows[0]).toEqual({ xids: 1, events: 4 })
    const { rows: refused } = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM es_events WHERE event_type IN ('X', 'Y', 'E')`.execute(t.db)
    expect(refused[0]!.n).toBe(0)
  })

  it('more appends than a batch holds: every one stored once, in several commits', async () => {
    const streams = Array.from({ length: 150 }, () => `s-${randomUUID()}`)
    const results = await Promise.all(
      streams.map((streamId, i) =>
        appendToStream(t.db, { streamId, streamType: 'test', expectedVersion: 0, events: [ev('N', { i })] }),
      ),
    )
    expect(results.every((r) => r.kind === 'appended' && r.version === 1)).toBe(true)
    const { rows } = await sql<{ events: number; xids: number }>`
      SELECT count(*)::int AS events, count(DISTINCT transaction_id)::int AS xids
        FROM es_events WHERE stream_id = ANY(${streams}::text[])`.execute(t.db)
    expect(rows[0]!.events).toBe(150)
    expect(rows[0]!.xids).toBeGreaterThan(1)
    expect(rows[0]!.xids).toBeLessThan(150)
  })
})

describe('append guards (generations)', () => {
  it('appends while the generation is the one read, refuses once a writer moved it, writing nothing', async () => {
    const name = `g-${randomUUID()}`
    expect(await readGeneration(t.db, name)).toBe('0')
    const first = `s-${randomUUID()}`
    await appendToStream(t.db, {
      streamId: first,
      streamType: 'test',
      expectedVersion: 0,
      events: [ev('A')],
      guard: { name, generation: '0' },
    })
    await t.db.transaction().execute((trx) => bumpGeneration(trx, name))
    expect(await readGeneration(t.db, name)).toBe('1')

    const second = `s-${randomUUID()}`
    const refused = await appendToStream(t.db, {
      streamId: second,
      streamType: 'test',
      expectedVersion: 0,
      events: [ev('B')],
      command: { id: `cmd-${randomUUID()}`, requestHash: 'h', result: { ok: true } },
      guard: { name, generation: '0' },
    }).catch((err: unknown) => err)
    expect(refused).toBeInstanceOf(GenerationMovedError)
    expect(refused).toMatchObject({ generation: name, expected: '0', current: '1' })
    expect((await readStream(t.db, second)).version).toBe(0)
    const { rows } = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM es_commands WHERE stream_id = ${second}`.execute(t.db)
    expect(rows[0]?.n).toBe(0)

    await appendToStream(t.db, {
      streamId: second,
      streamType: 'test',
      expectedVersion: 0,
      events: [ev('B')],
      guard: { name, generation: '1' },
    })
    expect((await readStream(t.db, second)).version).toBe(1)
    expect((await readStream(t.db, first)).version).toBe(1)
  })

  it('a bump that rolls back moves nothing', async () => {
    const name = `g-${randomUUID()}`
    await t.db
      .transaction()
      .execute(async (trx) => {
        await bumpGeneration(trx, name)
        throw new Error('rolled back')
      })
      .catch(() => {})
    expect(await readGeneration(t.db, name)).toBe('0')
  })
})

describe('pollCommitted', () => {
  it('50 concurrent writers while a poller tails: every event once, each stream in order', async () => {
    const { rows } = await sql<{ xid: string; position: string }>`
      SELECT coalesce(max(transaction_id)::text, '0') AS xid, coalesce(max(global_position), 0)::text AS position
        FROM es_events`.execute(t.db)
    let cursor = { xid: rows[0]!.xid, position: rows[0]!.position }
    const writers = 50
    const perWriter = 20
    const seen: StoredEvent[] = []
    let writing = true
    const runId = randomUUID().slice(0, 8)
    const expected = writers * perWriter * 2
    const mineSeen = () => seen.filter((e) => e.streamId.startsWith(`race-${runId}-`)).length
    // An empty poll does not mean "caught up": another transaction on the cluster may hold the
    // horizon for a moment. The poller runs until it has seen everything (bounded in time).
    const poller = (async () => {
      const deadline = Date.now() + 30_000
      while (Date.now() < deadline) {
        const batch = await pollCommitted(t.db, cursor, 100)
        for (const e of batch) seen.push(e)
        if (batch.length > 0) cursor = cursorOf(batch.at(-1)!)
        else if (!writing && mineSeen() >= expected) break
        else await new Promise((r) => setTimeout(r, 2))
      }
    })()
    await Promise.all(
      Array.from({ length: writers }, async (_, w) => {
        const streamId = `race-${runId}-${w}`
        for (let i = 0; i < perWriter; i++) {
          // Two events per append, like a real command; a held-open transaction now and then
          // makes commits land out of sequence order.
          if (i % 5 === 0) {
            await t.db.transaction().execute(async (trx) => {
              await sql`SELECT pg_current_xact_id()`.execute(trx)
              await new Promise((r) => setTimeout(r, Math.random() * 5))
              await appendToStream(trx, {
                streamId,
                streamType: 'race',
                expectedVersion: i * 2,
                events: [ev('E', { w, i, k: 0 }), ev('E', { w, i, k: 1 })],
              })
            })
          } else {
            await appendToStream(t.db, {
              streamId,
              streamType: 'race',
              expectedVersion: i * 2,
              events: [ev('E', { w, i, k: 0 }), ev('E', { w, i, k: 1 })],
            })
          }
        }
      }),
    )
    writing = false
    await poller
    const mine = seen.filter((e) => e.streamId.startsWith(`race-${runId}-`))
    expect(mine).toHaveLength(expected)
    expect(new Set(mine.map((e) => e.eventId)).size).toBe(mine.length)
    const byStream = new Map<string, number[]>()
    for (const e of mine) byStream.set(e.streamId, [...(byStream.get(e.streamId) ?? []), e.streamPosition])
    expect(byStream.size).toBe(writers)
    for (const positions of byStream.values()) {
      expect(positions).toEqual(Array.from({ length: perWriter * 2 }, (_, i) => i + 1))
    }
  })

  it('does not return an event whose transaction is still open, and returns it after commit', async () => {
    const streamId = `late-${randomUUID()}`
    const before = await pollCommitted(t.db, START_CURSOR, 100_000)
    const cursor = before.length ? cursorOf(before.at(-1)!) : START_CURSOR
    let release!: () => void
    const held = new Promise<void>((r) => {
      release = r
    })
    let appended!: () => void
    const wasAppended = new Promise<void>((r) => {
      appended = r
    })
    const late = t.db.transaction().execute(async (trx) => {
      await appendToStream(trx, { streamId, streamType: 'late', expectedVersion: 0, events: [ev('Late')] })
      appended()
      await held
    })
    await wasAppended
    // A later transaction commits first with a higher position.
    await appendToStream(t.db, {
      streamId: `${streamId}-b`,
      streamType: 'late',
      expectedVersion: 0,
      events: [ev('Early')],
    })
    const during = await pollCommitted(t.db, cursor, 1000)
    expect(during.filter((e) => e.streamId.startsWith(streamId))).toHaveLength(0)
    release()
    await late
    // Other transactions on the cluster may hold the horizon for a moment: wait for it, bounded.
    let after: StoredEvent[] = []
    for (let i = 0; i < 500 && after.filter((e) => e.streamId.startsWith(streamId)).length < 2; i++) {
      after = await pollCommitted(t.db, cursor, 1000)
      await new Promise((r) => setTimeout(r, 10))
    }
    expect(after.filter((e) => e.streamId.startsWith(streamId)).map((e) => e.type)).toEqual(['Late', 'Early'])
  })

  it('both polls are served in index order (no sort), and order by transaction id and position as numbers', async () => {
    // EXPLAIN the polls exactly as the store sends them (a logging executor catches the SQL).
    const seen: { sql: string; parameters: readonly unknown[] }[] = []
    const logging = t.db.withPlugin({
      transformQuery: (args) => {
        seen.push(compileQuery(args.node))
        return args.node
      },
      transformResult: async (args) => args.result,
    })
    await pollCommitted(logging, { xid: '5', position: '7' }, 100)
    await pollCommittedEnvelopes(logging, { xid: '5', position: '7' }, 100)
    expect(seen).toHaveLength(2)
    for (const query of seen) {
      // On a small table the planner may sort anyway; with sorting off, it must be able not to.
      const plan = await t.db.transaction().execute(async (trx) => {
        await sql`SET LOCAL enable_sort = off`.execute(trx)
        const { rows } = await trx.executeQuery<{ 'QUERY PLAN': string }>(
          CompiledQuery.raw(`EXPLAIN ${query.sql}`, [...query.parameters]),
        )
        return rows.map((r) => r['QUERY PLAN']).join('\n')
      })
      expect(plan).toContain('es_events_poll_idx')
      expect(plan).not.toMatch(/\bSort\b/)
    }
  })

  it('the publisher reads the same events as JSON made by the server, equal to the stored event', async () => {
    const streamId = `s-${randomUUID()}`
    await appendToStream(t.db, {
      streamId,
      streamType: 'order',
      expectedVersion: 0,
      events: [
        {
          type: 'OrderCreated',
          data: {
            uid: 'u-1',
            price: 690,
            nested: { list: [1, 'zwei', null], ok: true },
            text: 'Zürich «2» \u00e9',
          },
          metadata: { branchId: 'b1', orderUid: 'u-1', actor: { kind: 'customer' } },
        },
        { type: 'OrderConfirmed', data: { at: '2026-11-23T10:00:00.000Z' } },
      ],
    })
    // Other test files append to the same database at the same time: both reads share one
    // snapshot, so they see the same committed events. A transaction of theirs still open when
    // ours committed holds our events back from the feed (the xmin rule) until it ends: read
    // again until ours are in.
    const readBoth = () =>
      t.db
        .transaction()
        .setIsolationLevel('repeatable read')
        .execute(
          async (trx) =>
            [
              await pollCommitted(trx, START_CURSOR, 100_000),
              await pollCommittedEnvelopes(trx, START_CURSOR, 100_000),
            ] as const,
        )
    let [all, envelopes] = await readBoth()
    for (let i = 0; i < 200 && !all.some((e) => e.streamId === streamId); i++) {
      await new Promise((r) => setTimeout(r, 20))
      ;[all, envelopes] = await readBoth()
    }
    expect(envelopes.map((e) => e.eventId)).toEqual(all.map((e) => e.eventId))
    for (const [i, stored] of all.entries()) {
      const envelope = envelopes[i]!
      expect(JSON.parse(envelope.json)).toEqual(stored)
      expect(envelope).toMatchObject({
        globalPosition: stored.globalPosition,
        transactionId: stored.transactionId,
        streamId: stored.streamId,
        streamType: stored.streamType,
        type: stored.type,
        createdAt: stored.createdAt,
      })
    }
    const ours = envelopes.filter((e) => e.streamId === streamId)
    expect(ours.map((e) => e.metadata)).toEqual([{ branchId: 'b1', orderUid: 'u-1' }, {}])
    const { rows } = await sql<{ 'QUERY PLAN': string }>`
      EXPLAIN SELECT json_build_object('data', data)::text FROM es_events,
              LATERAL (SELECT to_char(created_at AT TIME ZONE 'UTC', 'YYYY') AS c) e
       WHERE transaction_id < pg_snapshot_xmin(pg_current_snapshot())
         AND (transaction_id, global_position) > ('0'::xid8, 0::bigint)
       ORDER BY transaction_id, global_position LIMIT 100`.execute(t.db)
    expect(rows.map((r) => r['QUERY PLAN']).join('\n')).toContain('es_events_poll_idx')
  })
})
