import { randomUUID } from 'node:crypto'
import { defaultIds, runOrderCommand } from '@shop/api/commands'
import { type Bus, connectNatsBus, silentLogger } from '@shop/kit'
import { createTestDatabase, type TestDatabase, testNatsUrl, uniqueSubjectRoot } from '@shop/kit/testing'
import type { OrderCommand } from '@shop/shared/domain/ordering'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { allProjections, checkpointId, rebuildProjection, startProjector } from './index.ts'

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

async function createOrders(count: number) {
  const deps = { db: t.db, bus, now: () => new Date('2026-11-22T10:00:00Z'), ids: defaultIds }
  const staff = { kind: 'staff' as const, id: 'frontdesk:b1' }
  for (let i = 0; i < count; i++) {
    const orderId = randomUUID()
    await runOrderCommand(deps, orderId, {
      type: 'CreateOrder',
      at: new Date(Date.UTC(2026, 10, 22, 8, i)).toISOString(),
      actor: { kind: 'customer' },
      orderId,
      uid: randomUUID(),
      hash: defaultIds.hash(),
      branchId: i % 3 === 0 ? 'b2' : 'b1',
      isDelivery: i % 2 === 0 || PATHS[i % PATHS.length]!.includes('MarkDelivered'),
      isDineIn: false,
      tableIdentifier: null,
      customer: { firstName: `Kunde ${i}`, lastName: 'Test', email: null, phone: null },
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
    })
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
  const pub =
    await sql`SELECT order_id, uid, hash, branch_id, version, ticket_number, state, view, updated_at FROM rm_order_public ORDER BY order_id`.execute(
      t.db,
    )
  const board = await sql`SELECT * FROM rm_frontdesk_board ORDER BY order_id`.execute(t.db)
  return { pub: pub.rows, board: board.rows }
}

async function caughtUp(): Promise<boolean> {
  const { rows } = await sql<{ n: string }>`
    SELECT count(*)::text AS n FROM es_checkpoints
     WHERE subscription_id = ANY(${allProjections.map(checkpointId)}::text[])
       AND last_position = (SELECT max(global_position) FROM es_events)`.execute(t.db)
  return rows[0]?.n === String(allProjections.length)
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
      expect(live.pub).toHaveLength(45)
      expect(live.board).toHaveLength(45)
      expect(new Set(live.board.map((r: any) => r.status))).toEqual(
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
