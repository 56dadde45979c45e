import { randomUUID } from 'node:crypto'
import { defaultIds, runOrderCommand } from '@shop/api/commands'
import {
  appendToStream,
  type Bus,
  connectNatsBus,
  type LiveTick,
  liveStamp,
  MemoryBus,
  migrateTo,
  migrateToLatest,
  pollCommitted,
  START_CURSOR,
  silentLogger,
} from '@shop/kit'
import { createTestDatabase, type TestDatabase, testNatsUrl, uniqueSubjectRoot } from '@shop/kit/testing'
import { allProjections, checkpointId, findPublicOrder, ordersProjection } from '@shop/read-models'
import { liveTickSubject } from '@shop/shared/contracts/subjects'
import { type CreateOrder, type OrderCommand, orderDecider } from '@shop/shared/domain/ordering'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  ensureProjectionVersion,
  projectionsBehind,
  rebuildProjection,
  runProjectionBatch,
  startProjector,
} from './index.ts'

let t: TestDatabase
let bus: Bus

beforeAll(async () => {
  t = await createTestDatabase({ max: 5 })
  bus = await connectNatsBus({ url: testNatsUrl(), root: uniqueSubjectRoot() })
})
afterAll(async () => {
  await bus?.close()
  await t?.drop()
})

const PATHS: OrderCommand['type'][][] = [
  [],
  ['ConfirmOrder'],
  ['ConfirmOrder', 'MarkInDelivery'],
  ['ConfirmOrder', 'MarkInDelivery', 'MarkDelivered'],
  ['ConfirmOrder', 'CompleteOrder'],
  ['RejectOrder'],
  ['CancelOrder'],
  ['ProposeCounterAppointment', 'AcceptCounterAppointment', 'CompleteOrder'],
  ['ProposeCounterAppointment', 'RejectCounterAppointment'],
]

/** A one-bread order (the test's defaults) as the CreateOrder command. */
function breadOrder(
  orderId: string,
  o: { at: string; branchId: string; firstName: string; lastName?: string; isDelivery?: boolean },
): CreateOrder {
  return {
    type: 'CreateOrder',
    at: o.at,
    actor: { kind: 'customer' },
    orderId,
    uid: randomUUID(),
    hash: defaultIds.hash(),
    branchId: o.branchId,
    isDelivery: o.isDelivery ?? false,
    isDineIn: false,
    tableIdentifier: null,
    customer: { firstName: o.firstName, lastName: o.lastName ?? 'Test', email: null, phone: null },
    items: [
      {
        itemId: `${orderId}-0`,
        productUid: 'brot',
        name: 'Brot',
        amount: 1,
        unit: 'piece',
        unitPrice: 500,
        total: 500,
      },
    ],
    appointment: null,
    comment: null,
    paymentMethod: 'cash',
    isOnlinePayment: false,
    pricing: { totalGross: 500 },
  }
}

async function createOrders(count: number) {
  const deps = { db: t.db, bus, now: () => new Date('2026-11-22T10:00:00Z'), ids: defaultIds }
  const staff = { kind: 'staff' as const, id: 'frontdesk:b1' }
  for (let i = 0; i < count; i++) {
    const orderId = randomUUID()
    await runOrderCommand(
      deps,
      orderId,
      breadOrder(orderId, {
        at: new Date(Date.UTC(2026, 10, 22, 8, i)).toISOString(),
        branchId: i % 3 === 0 ? 'b2' : 'b1',
        firstName: `Kunde ${i}`,
        isDelivery: i % 2 === 0 || PATHS[i % PATHS.length]!.includes('MarkDelivered'),
      }),
    )
    for (const type of PATHS[i % PATHS.length]!) {
      const extra =
        type === 'RejectOrder'
          ? { message: 'Ausverkauft' }
          : type === 'ProposeCounterAppointment'
            ? { appointment: '2026-11-22T15:00:00.000Z' }
            : {}
      const actor =
        type.includes('CounterAppointment') && !type.startsWith('Propose')
          ? { kind: 'customer' as const }
          : staff
      await runOrderCommand(deps, orderId, {
        type,
        at: '2026-11-22T10:05:00.000Z',
        actor,
        ...extra,
      } as OrderCommand)
    }
  }
}

async function snapshot() {
  const { rows } = await sql`SELECT * FROM rm_orders ORDER BY order_id`.execute(t.db)
  const { rows: tickets } =
    await sql`SELECT * FROM rm_order_tickets ORDER BY branch_id, business_date`.execute(t.db)
  return { rows, tickets }
}

async function caughtUp(): Promise<boolean> {
  return (await projectionsBehind(t.db, allProjections)).length === 0
}

describe('projections', () => {
  it('a rebuilt projection equals the live one; replaying twice changes nothing', async () => {
    const projector = startProjector({ db: t.db, bus, log: silentLogger, projections: allProjections })
    try {
      await createOrders(45)
      const deadline = Date.now() + 20_000
      while (!(await caughtUp())) {
        if (Date.now() > deadline) throw new Error('projector did not catch up')
        await new Promise((r) => setTimeout(r, 50))
      }
      const live = await snapshot()
      expect(live.rows).toHaveLength(45)
      expect(live.tickets.length).toBeGreaterThan(0)
      expect(new Set(live.rows.map((r: any) => r.status))).toEqual(
        new Set([
          'awaitingConfirmation',
          'confirmed',
          'ready',
          'inDelivery',
          'delivered',
          'completed',
          'rejected',
          'canceled',
        ]),
      )

      for (const p of allProjections) await rebuildProjection(t.db, p)
      const rebuilt = await snapshot()
      expect(rebuilt).toEqual(live)

      for (const p of allProjections) await rebuildProjection(t.db, p)
      expect(await snapshot()).toEqual(live)

      // Replaying from the start on top of the existing rows: versions make it a no-op.
      await sql`UPDATE es_checkpoints SET last_xid = '0', last_position = 0
                 WHERE subscription_id = ANY(${allProjections.map(checkpointId)}::text[])`.execute(t.db)
      projector.kick()
      while (!(await caughtUp())) await new Promise((r) => setTimeout(r, 50))
      expect(await snapshot()).toEqual(live)
    } finally {
      await projector.stop()
    }
  })
})

describe('ticket numbers in one batch', () => {
  it('count per branch and business day in feed order, the day in the branch zone, on across batches', async () => {
    const db = await createTestDatabase({ max: 3 })
    try {
      // A branch in Auckland (UTC+13 in November): 10:30Z is 23:30 on the 22nd, 11:30Z the 23rd.
      await sql`INSERT INTO rm_resources (type, id, version, data, created_at, updated_at)
                VALUES ('branch', 'akl', 1, '{"timeZone":"Pacific/Auckland"}', now(), now())`.execute(db.db)
      const deps = { db: db.db, bus, now: () => new Date(), ids: defaultIds }
      const create = async (branchId: string, at: string) => {
        const orderId = randomUUID()
        await runOrderCommand(
          deps,
          orderId,
          breadOrder(orderId, { at, branchId, firstName: 'Kundin', lastName: branchId }),
        )
        return orderId
      }
      // Interleaved in the feed; Zurich's 23:30 and 00:30 local are two business days as well.
      const feed = [
        await create('b1', '2026-11-22T10:00:00.000Z'),
        await create('akl', '2026-11-22T10:30:00.000Z'),
        await create('b1', '2026-11-22T10:40:00.000Z'),
        await create('akl', '2026-11-22T11:30:00.000Z'),
        await create('b1', '2026-11-22T22:30:00.000Z'),
        await create('b1', '2026-11-22T23:30:00.000Z'),
        await create('akl', '2026-11-22T11:45:00.000Z'),
      ]
      const projector = startProjector({ db: db.db, bus, log: silentLogger, projections: allProjections })
      const ticketsOf = async () => {
        const { rows } = await sql<{ order_id: string; ticket_number: number }>`
          SELECT order_id, ticket_number FROM rm_orders`.execute(db.db)
        return new Map(rows.map((r) => [r.order_id, r.ticket_number]))
      }
      try {
        let tickets = await ticketsOf()
        for (const deadline = Date.now() + 20_000; tickets.size < feed.length; tickets = await ticketsOf()) {
          if (Date.now() > deadline) throw new Error('projector did not catch up')
          await new Promise((r) => setTimeout(r, 20))
        }
        expect(feed.map((id) => tickets.get(id))).toEqual([
          1, // b1, 22nd
          1, // akl, 22nd (23:30 local)
          2, // b1, 22nd
          1, // akl, 23rd (00:30 local)
          3, // b1, 22nd (23:30 local)
          1, // b1, 23rd (00:30 local)
          2, // akl, 23rd
        ])
        // A later batch goes on counting.
        const later = await create('akl', '2026-11-22T12:00:00.000Z')
        projector.kick()
        for (const deadline = Date.now() + 20_000; !(await ticketsOf()).has(later); ) {
          if (Date.now() > deadline) throw new Error('projector did not catch up')
          await new Promise((r) => setTimeout(r, 20))
        }
        expect((await ticketsOf()).get(later)).toBe(3)
      } finally {
        await projector.stop()
      }
    } finally {
      await db.drop()
    }
  })
})

describe('the public order before and after its projection', () => {
  it('answers from the store with the same view (ticket number not given yet), then from the row', async () => {
    const db = await createTestDatabase({ max: 2 })
    try {
      const create = breadOrder(randomUUID(), {
        at: '2026-11-22T10:00:00.000Z',
        branchId: 'b1',
        firstName: 'Eva',
      })
      const events = orderDecider.decide(create, null)
      await appendToStream(db.db, {
        streamId: `order-${create.orderId}`,
        streamType: 'order',
        expectedVersion: 0,
        events: events.map((e) => ({ type: e.type, data: e, metadata: { branchId: 'b1' } })),
      })
      const fromStore = await findPublicOrder(db.db, create.uid, create.hash)
      expect(fromStore?.view).toMatchObject({ uid: create.uid, ticketNumber: null })
      expect(await findPublicOrder(db.db, create.uid, '0'.repeat(32))).toBeUndefined()

      // A rebuild reads up to the commit-safe head, which waits for transactions still open
      // anywhere on the server (other test files run alongside): wait until the feed has it.
      for (
        const deadline = Date.now() + 20_000;
        (await pollCommitted(db.db, START_CURSOR, 10)).length === 0;
      ) {
        if (Date.now() > deadline) throw new Error('the order never became commit-safe')
        await new Promise((r) => setTimeout(r, 20))
      }
      await rebuildProjection(db.db, ordersProjection)
      const fromRow = await findPublicOrder(db.db, create.uid, create.hash)
      expect(fromRow?.view).toEqual({ ...fromStore!.view, ticketNumber: 1 })
      expect(fromRow?.version).toBe(fromStore?.version)
      expect(await findPublicOrder(db.db, create.uid, '0'.repeat(32))).toBeUndefined()
    } finally {
      await db.drop()
    }
  })
})

describe('upgrading to one orders read model (migration 0007)', () => {
  it('drops the old tables and checkpoints; the projector builds rm_orders from the store with the same tickets', async () => {
    const db = await createTestDatabase({ max: 3 })
    try {
      await migrateTo(db.db as never, '20261122T0006-notifications')
      const ids: string[] = []
      for (let i = 0; i < 3; i++) {
        const orderId = randomUUID()
        ids.push(orderId)
        const events = orderDecider.decide(
          breadOrder(orderId, {
            at: `2026-11-22T1${i}:00:00.000Z`,
            branchId: 'b1',
            firstName: `Kunde ${i}`,
            lastName: 'Alt',
          }),
          null,
        )
        // The store as it was then: es_append, one transaction per order.
        await db.db.transaction().execute((trx) =>
          appendToStream(trx, {
            streamId: `order-${orderId}`,
            streamType: 'order',
            expectedVersion: 0,
            events: events.map((e) => ({ type: e.type, data: e, metadata: { branchId: 'b1' } })),
          }),
        )
      }
      // What the two old projections had written: rows, counters and their checkpoints.
      await sql`INSERT INTO rm_order_public (order_id, uid, hash, branch_id, version, state, view, ticket_number)
                VALUES ('old', 'old-uid', 'h', 'b1', 1, '{}', '{}', 7)`.execute(db.db)
      await sql`INSERT INTO rm_order_public_tickets VALUES ('b1', '2026-11-22', 7)`.execute(db.db)
      await sql`INSERT INTO es_checkpoints (subscription_id, last_xid, last_position)
                VALUES ('projection:order-public', '0', 999), ('projection:frontdesk-board', '0', 999)`.execute(
        db.db,
      )

      await migrateToLatest(db.db as never)
      const { rows: left } = await sql<{ tables: string[]; checkpoints: number }>`
        SELECT array(SELECT table_name::text FROM information_schema.tables
                      WHERE table_name LIKE 'rm_order%' OR table_name LIKE 'rm_frontdesk%' ORDER BY 1) AS tables,
               (SELECT count(*)::int FROM es_checkpoints WHERE subscription_id LIKE 'projection:%') AS checkpoints`.execute(
        db.db,
      )
      expect(left[0]).toEqual({ tables: ['rm_order_tickets', 'rm_orders'], checkpoints: 0 })

      const projector = startProjector({ db: db.db, bus, log: silentLogger, projections: allProjections })
      try {
        const rows = async () =>
          (
            await sql<{ order_id: string; ticket_number: number }>`
              SELECT order_id, ticket_number FROM rm_orders ORDER BY ticket_number`.execute(db.db)
          ).rows
        for (const deadline = Date.now() + 20_000; (await rows()).length < 3; ) {
          if (Date.now() > deadline) throw new Error('projector did not build the read model')
          await new Promise((r) => setTimeout(r, 20))
        }
        expect(await rows()).toEqual(ids.map((order_id, i) => ({ order_id, ticket_number: i + 1 })))
      } finally {
        await projector.stop()
      }
    } finally {
      await db.drop()
    }
  })
})

describe('live message numbers (issue 15: a gateway finds a lost message by the gap)', () => {
  it('are consecutive across batches and restarts, said by the tick, and a rebuild takes one', async () => {
    const db = await createTestDatabase({ max: 3 })
    const memory = new MemoryBus(uniqueSubjectRoot())
    const sent: { subject: string; json: string }[] = []
    memory.subscribeLive(`${memory.root}_live.>`, (subject, json) => sent.push({ subject, json }))
    const numbers = (of: string) =>
      sent.flatMap((m) => {
        const stamp = liveStamp(m.json)
        return stamp?.of === of && !m.subject.endsWith('.tick') ? [stamp.seq] : []
      })
    const ticks = () =>
      sent
        .filter((m) => m.subject === liveTickSubject(memory.root))
        .map((m) => JSON.parse(m.json) as LiveTick)
    const deps = { db: db.db, bus: memory, now: () => new Date('2026-11-22T10:00:00Z'), ids: defaultIds }
    const order = async (i: number) => {
      const orderId = randomUUID()
      await runOrderCommand(
        deps,
        orderId,
        breadOrder(orderId, { at: `2026-11-22T08:0${i}:00.000Z`, branchId: 'b1', firstName: `K${i}` }),
      )
      await runOrderCommand(deps, orderId, {
        type: 'ConfirmOrder',
        at: '2026-11-22T09:00:00.000Z',
        actor: { kind: 'staff', id: 'frontdesk:b1' },
      } as OrderCommand)
    }
    try {
      for (let i = 0; i < 5; i++) await order(i)
      // Small batches: the numbers go on from one batch to the next.
      await ensureProjectionVersion(db.db, ordersProjection)
      // Until every event is projected, not until a batch reads none: events become readable when
      // every older transaction of the cluster has ended (pg_snapshot_xmin), so with other
      // databases' transactions open a batch may read nothing while events wait.
      for (const deadline = Date.now() + 15_000; ; ) {
        const { polled } = await runProjectionBatch(db.db, memory, ordersProjection, 3)
        if (polled === 0 && (await projectionsBehind(db.db, [ordersProjection])).length === 0) break
        if (Date.now() > deadline) throw new Error('the orders projection did not catch up')
        if (polled === 0) await new Promise((r) => setTimeout(r, 10))
      }
      const first = numbers('orders')
      expect(first.length).toBeGreaterThanOrEqual(5)
      expect(first).toEqual(first.map((_, i) => i + 1))
      // Each message is still its row, with the number in front.
      const row = JSON.parse(sent[0]!.json) as { seq: number; of: string; uid: string; state: unknown }
      expect(row.of).toBe('orders')
      expect(typeof row.uid).toBe('string')

      // A projector started later goes on from the stored number and says it every tick.
      const projector = startProjector({
        db: db.db,
        bus: memory,
        log: silentLogger,
        projections: [ordersProjection],
        liveTickMs: 30,
      })
      try {
        const last = first.at(-1)!
        for (
          const deadline = Date.now() + 15_000;
          !ticks().some((t) => t.of === 'orders' && t.seq === last);
        ) {
          if (Date.now() > deadline) throw new Error(`no tick with ${last}: ${JSON.stringify(ticks())}`)
          await new Promise((r) => setTimeout(r, 10))
        }
        await order(7)
        // Its two events may be projected in one batch or two: wait until all are read.
        for (
          const deadline = Date.now() + 15_000;
          numbers('orders').length < first.length + 1 ||
          (await projectionsBehind(db.db, [ordersProjection])).length > 0;
        ) {
          if (Date.now() > deadline) throw new Error('the new order was not sent')
          await new Promise((r) => setTimeout(r, 10))
        }
        const all = numbers('orders')
        expect(all).toEqual(all.map((_, i) => i + 1))
        const now = all.at(-1)!
        for (
          const deadline = Date.now() + 15_000;
          !ticks().some((t) => t.of === 'orders' && t.seq === now);
        ) {
          if (Date.now() > deadline) throw new Error(`no tick with ${now}`)
          await new Promise((r) => setTimeout(r, 10))
        }
        // A rebuild changes rows without messages: it takes a number it never sends, a gap.
        await rebuildProjection(db.db, ordersProjection)
        const { rows } = await sql<{ seq: string }>`
          SELECT live_seq::text AS seq FROM es_checkpoints WHERE subscription_id = ${checkpointId(ordersProjection)}`.execute(
          db.db,
        )
        expect(Number(rows[0]!.seq)).toBe(now + 1)
      } finally {
        await projector.stop()
      }
    } finally {
      await memory.close()
      await db.drop()
    }
  })
})
