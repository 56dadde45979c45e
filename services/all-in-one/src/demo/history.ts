import { randomBytes, randomUUID } from 'node:crypto'
import { defaultIds, runOrderCommand } from '@shop/api/commands'
import { type Bus, type Db, recordAnalyticsHits } from '@shop/kit'
import { listResourcesOfTypes } from '@shop/read-models'
import type { Actor, CreateProductBody } from '@shop/shared/contracts'
import { taxRateFor } from '@shop/shared/domain/catalogue'
import { repriceOrder } from '@shop/shared/domain/checkout'
import type { OrderCommand } from '@shop/shared/domain/ordering'
import { addDays, instantOf, isoWeekdayOf, localDateOf } from '@shop/shared/domain/scheduling'
import { sql } from 'kysely'
import { type Choice, line } from './orders.ts'

// A believable order history for demos and benchmarks (issue 7): orders on every day before
// today with weekday and lunch peaks, through the real command path (runOrderCommand: the same
// decide, append and events as the API), and the consented visitors' page views around them.
// Seeded: the same days and seed give the same orders.

export type HistoryBranch = {
  id: string
  identifier: string
  timeZone: string
  tables: readonly string[]
  weight: number
}

export type HistoryStep = { command: OrderCommand['type']; minutes: number; extra?: Record<string, unknown> }

export type HistoryOrder = {
  branchId: string
  branchIdentifier: string
  at: number
  orderType: 'takeaway' | 'delivery' | 'dineIn'
  tableIdentifier: string | null
  paymentMethod: string
  picks: { uid: string; choice: Choice }[]
  steps: HistoryStep[]
}

/** Orders per branch of weight 1 on an average day; the weekday and the hour shape it. */
export const ORDERS_PER_DAY = 14
/** Monday … Sunday: quiet start of the week, busy Friday and Saturday, Sunday mornings only. */
const WEEKDAY = [0.8, 0.85, 0.95, 1, 1.25, 1.5, 0.6]
/** Local hours 6…19: the morning rush, the lunch peak, a small afternoon. */
const HOURS: [number, number][] = [
  [6, 3],
  [7, 8],
  [8, 9],
  [9, 6],
  [10, 5],
  [11, 9],
  [12, 11],
  [13, 6],
  [14, 3],
  [15, 4],
  [16, 4],
  [17, 5],
  [18, 3],
  [19, 1],
]
const PRODUCTS: { uid: string; weight: number; choice: (r: Random) => Choice }[] = [
  { uid: 'buttergipfeli', weight: 10, choice: (r) => ({ amount: r.int(2, 8) }) },
  { uid: 'butterzopf-500g', weight: 6, choice: () => ({ amount: 1 }) },
  { uid: 'bauernbrot', weight: 5, choice: (r) => ({ amount: r.int(1, 2) }) },
  { uid: 'nussgipfel', weight: 4, choice: (r) => ({ amount: r.int(1, 3) }) },
  { uid: 'laugenbroetli', weight: 4, choice: (r) => ({ amount: r.int(2, 6) }) },
  { uid: 'pain-au-chocolat', weight: 3, choice: (r) => ({ amount: r.int(1, 4) }) },
  { uid: 'apfelwaehe-stueck', weight: 3, choice: (r) => ({ amount: r.int(1, 3) }) },
  { uid: 'sandwich-schinken', weight: 4, choice: (r) => ({ amount: r.int(1, 2) }) },
  { uid: 'sandwich-gruyere', weight: 3, choice: (r) => ({ amount: r.int(1, 2) }) },
  {
    uid: 'cappuccino',
    weight: 5,
    choice: (r) => ({
      amount: r.int(1, 2),
      options: { Milch: [r.pick(['Vollmilch', 'Vollmilch', 'Hafermilch', 'Laktosefrei'])] },
    }),
  },
  { uid: 'rindsentrecote', weight: 1, choice: (r) => ({ amount: r.int(4, 12) * 50, unit: 'gram' }) },
]
const REJECTIONS = [
  'Heute leider ausverkauft.',
  'Zu kurzfristig, bitte morgen wieder.',
  'Ausserhalb unseres Liefergebiets.',
]
const CANCELLATIONS = ['Kundin hat telefonisch abgesagt.', 'Doppelte Bestellung.', 'Kunde nicht erschienen.']

/** A small seeded generator (mulberry32): the same seed, the same history. */
export class Random {
  private s: number
  constructor(seed: number) {
    this.s = seed >>> 0
  }
  next(): number {
    this.s = (this.s + 0x6d2b79f5) >>> 0
    let t = this.s
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1))
  }
  pick<T>(list: readonly T[]): T {
    return list[Math.floor(this.next() * list.length)]!
  }
  weighted<T>(list: readonly T[], weight: (t: T) => number): T {
    const total = list.reduce((a, t) => a + weight(t), 0)
    let x = this.next() * total
    for (const t of list) {
      x -= weight(t)
      if (x < 0) return t
    }
    return list.at(-1)!
  }
}

/**
 * The orders of the `days` local days before `today` (today itself is left to the live demo),
 * oldest first. Each order's steps: confirmed within minutes, then ready or out for delivery and
 * done; about 3 % rejected and 2 % canceled with a reason; some answered questionnaires.
 */
export function planHistory(opts: {
  days: number
  today: string
  branches: readonly HistoryBranch[]
  seed?: number
  ordersPerDay?: number
}): HistoryOrder[] {
  const r = new Random(opts.seed ?? 2026)
  const perDay = opts.ordersPerDay ?? ORDERS_PER_DAY
  const orders: HistoryOrder[] = []
  for (let d = opts.days; d >= 1; d--) {
    const date = addDays(opts.today, -d)
    const weekday = isoWeekdayOf(date)
    for (const branch of opts.branches) {
      const mean = perDay * branch.weight * WEEKDAY[weekday - 1]!
      const count = Math.max(0, Math.round(mean * (0.8 + r.next() * 0.4)))
      for (let i = 0; i < count; i++) {
        const [hour] =
          weekday === 7 ? r.weighted(HOURS.slice(0, 7), ([, w]) => w) : r.weighted(HOURS, ([, w]) => w)
        const minute = r.int(0, 59)
        const at = instantOf(
          date,
          `${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`,
          branch.timeZone,
        )
        const roll = r.next()
        const orderType =
          branch.tables.length > 0 && roll < 0.15
            ? 'dineIn'
            : roll < 0.35
              ? 'delivery'
              : ('takeaway' as const)
        const lines = r.int(1, 4)
        const picks: HistoryOrder['picks'] = []
        for (let l = 0; l < lines; l++) {
          const p = r.weighted(PRODUCTS, (x) => x.weight)
          if (picks.some((x) => x.uid === p.uid)) continue
          picks.push({ uid: p.uid, choice: p.choice(r) })
        }
        orders.push({
          branchId: branch.id,
          branchIdentifier: branch.identifier,
          at,
          orderType,
          tableIdentifier: orderType === 'dineIn' ? r.pick(branch.tables) : null,
          paymentMethod: r.next() < 0.6 ? 'cash' : 'atm-card',
          picks,
          steps: stepsOf(r, orderType),
        })
      }
    }
  }
  return orders.sort((a, b) => a.at - b.at)
}

function stepsOf(r: Random, orderType: HistoryOrder['orderType']): HistoryStep[] {
  const fate = r.next()
  const answer = r.int(1, 8)
  if (fate < 0.03)
    return [{ command: 'RejectOrder', minutes: answer, extra: { message: r.pick(REJECTIONS) } }]
  const confirm: HistoryStep = { command: 'ConfirmOrder', minutes: answer }
  if (fate < 0.05) {
    return [
      confirm,
      { command: 'CancelOrder', minutes: answer + r.int(5, 60), extra: { reason: r.pick(CANCELLATIONS) } },
    ]
  }
  const ready = answer + r.int(8, 35)
  const done = ready + r.int(5, 30)
  const steps: HistoryStep[] = [
    confirm,
    { command: 'MarkInDelivery', minutes: ready },
    { command: orderType === 'delivery' ? 'MarkDelivered' : 'CompleteOrder', minutes: done },
  ]
  if (r.next() < 0.18) {
    const rating = r.next() < 0.7 ? 5 : r.int(2, 4)
    steps.push({
      command: 'AnswerQuestionnaire',
      minutes: done + r.int(30, 600),
      extra: {
        rating,
        foodRating: Math.min(5, rating + r.int(-1, 1)) || 1,
        serviceRating: Math.min(5, Math.max(1, rating + r.int(-1, 0))),
        processRating: Math.min(5, Math.max(1, rating + r.int(-1, 0))),
        comment: null,
      },
    })
  }
  return steps
}

const STAFF: Actor = { kind: 'staff', id: 'demo-history', name: 'Demo-Verlauf' }
const CUSTOMER: Actor = { kind: 'customer' }
const FIRST_NAMES = [
  'Anna',
  'Beat',
  'Chloé',
  'Daniel',
  'Elena',
  'Fabio',
  'Gina',
  'Hans',
  'Ines',
  'Jonas',
  'Lea',
  'Marco',
  'Nina',
  'Reto',
  'Sara',
  'Urs',
]
const LAST_NAMES = [
  'Muster',
  'Keller',
  'Favre',
  'Meier',
  'Brunner',
  'Rossi',
  'Huber',
  'Gerber',
  'Weber',
  'Frei',
  'Graf',
  'Baumann',
]

/**
 * Places the planned orders through the real command path, each order's steps at their own
 * instants, a few orders at a time; and a consented visitor's page views around each order
 * (plus some visitors who only look). Returns the number of orders.
 */
export async function seedHistory(
  deps: { db: Db; bus: Bus },
  plan: readonly HistoryOrder[],
  products: ReadonlyMap<string, CreateProductBody>,
  opts: { concurrency?: number; visitors?: boolean } = {},
): Promise<number> {
  let next = 0
  const worker = async () => {
    for (;;) {
      const i = next++
      const order = plan[i]
      if (!order) return
      // One generator per order: the workers interleave by I/O timing, the draws must not.
      const r = new Random(7 + i)
      await placeHistoryOrder(deps, order, products, r)
      if (opts.visitors !== false) await logVisits(deps.db, order, r)
    }
  }
  await Promise.all(Array.from({ length: Math.max(1, opts.concurrency ?? 4) }, worker))
  deps.bus.notifyAppended()
  return plan.length
}

async function placeHistoryOrder(
  deps: { db: Db; bus: Bus },
  order: HistoryOrder,
  products: ReadonlyMap<string, CreateProductBody>,
  r: Random,
): Promise<void> {
  const orderId = randomUUID()
  const lines = order.picks.flatMap((p) => {
    try {
      return [line(products, p.uid, p.choice)]
    } catch {
      // A product the catalogue does not have (a smaller demo): left out.
      return []
    }
  })
  if (lines.length === 0) return
  const items = lines.map((l, n) => {
    const product = products.get(l.productUid)
    return {
      itemId: `${orderId}-${n}`,
      ...l,
      ...(product
        ? { taxRate: taxRateFor(product, order.orderType), pricingModel: product.calculationModel }
        : {}),
    }
  })
  const cmdDeps = { db: deps.db, bus: deps.bus, now: () => new Date(order.at), ids: defaultIds }
  const at = (minutes: number) => new Date(order.at + minutes * 60_000).toISOString()
  await runOrderCommand(cmdDeps, orderId, {
    type: 'CreateOrder',
    at: at(0),
    actor: CUSTOMER,
    orderId,
    uid: defaultIds.uid(),
    hash: defaultIds.hash(),
    branchId: order.branchId,
    isDelivery: order.orderType === 'delivery',
    isDineIn: order.orderType === 'dineIn',
    tableIdentifier: order.tableIdentifier,
    customer: { firstName: r.pick(FIRST_NAMES), lastName: r.pick(LAST_NAMES), email: null, phone: null },
    items,
    appointment: null,
    comment: null,
    paymentMethod: order.paymentMethod,
    isOnlinePayment: false,
    pricing: repriceOrder(items, order.orderType, null),
  })
  for (const step of order.steps) {
    const actor = step.command === 'AnswerQuestionnaire' ? CUSTOMER : STAFF
    await runOrderCommand(cmdDeps, orderId, {
      type: step.command,
      at: at(step.minutes),
      actor,
      ...step.extra,
    } as OrderCommand)
  }
}

/** The page views of the visitor who placed the order (home, menu, checkout, status). */
async function logVisits(db: Db, order: HistoryOrder, r: Random): Promise<void> {
  const visitor = randomBytes(16).toString('base64url')
  const store = `/store/${order.branchIdentifier}`
  const paths = ['/', store, `${store}/checkout`, '/status']
  // Some look without ordering: another visitor with one or two pages.
  const lookers = r.next() < 0.8 ? 1 : 0
  const entries: { visitor: string; path: string; minutes: number }[] = paths.map((path, i) => ({
    visitor,
    path,
    minutes: i * 2 - 8,
  }))
  for (let l = 0; l < lookers; l++) {
    const other = randomBytes(16).toString('base64url')
    entries.push({ visitor: other, path: '/', minutes: -r.int(10, 90) })
    if (r.next() < 0.5) entries.push({ visitor: other, path: store, minutes: -r.int(1, 9) })
  }
  // Rows of the analytics log, as POST /api/analytics-log records them (not events).
  await recordAnalyticsHits(
    db,
    entries.map((e) => ({
      at: new Date(order.at + e.minutes * 60_000).toISOString(),
      type: 'pageview',
      action: 'view',
      visitor: e.visitor,
      data: { path: e.path, branch: order.branchId },
    })),
  )
}

/** A branch, table or product as the demo plans it or the read model keeps it. */
type ResourceLike = { type: string; id: string; data: Record<string, unknown> }

/** The branches for a history, in catalogue order (the first is the busiest), with their tables. */
export function historyBranches(resources: readonly ResourceLike[]): HistoryBranch[] {
  const weights = [1, 0.7, 0.5]
  return resources
    .filter((r) => r.type === 'branch')
    .map((b, i) => ({
      id: b.id,
      identifier: String(b.data.identifier ?? b.id),
      timeZone: typeof b.data.timeZone === 'string' ? b.data.timeZone : 'Europe/Zurich',
      tables: resources
        .filter((t) => t.type === 'table' && (t.data.branch as { id?: string } | undefined)?.id === b.id)
        .map((t) => String(t.data.identifier)),
      weight: weights[i] ?? 0.5,
    }))
}

/** The local date of `now` at the first branch (the history ends the day before it). */
export function historyToday(branches: readonly HistoryBranch[], now: Date): string {
  return localDateOf(now.getTime(), branches[0]?.timeZone ?? 'Europe/Zurich')
}

/**
 * A history for a shop that already has its catalogue (`npm run seed -- --history 90d` after the
 * demo was loaded): its branches, tables and products from the read model. Refuses when orders
 * from before today exist already (a history is there), so a second run adds nothing twice.
 */
export async function seedHistoryInto(
  deps: { db: Db; bus: Bus },
  opts: { days: number; now: Date },
): Promise<{ seeded: true; orders: number } | { seeded: false; reason: string }> {
  const rows = await listResourcesOfTypes(deps.db, ['branch', 'table', 'product'])
  const branches = historyBranches(rows)
  if (branches.length === 0) return { seeded: false, reason: 'the shop has no branches' }
  const zone = branches[0]!.timeZone
  const today = historyToday(branches, opts.now)
  const todayStart = new Date(instantOf(today, '00:00', zone)).toISOString()
  const { rows: older } = await sql<{ n: number }>`
    SELECT count(*)::int AS n FROM es_events
     WHERE stream_type = 'order' AND event_type = 'OrderCreated' AND (data->>'at')::timestamptz < ${todayStart}::timestamptz`.execute(
    deps.db,
  )
  if ((older[0]?.n ?? 0) > 0)
    return { seeded: false, reason: 'the shop has orders from before today already' }
  const products = new Map(
    rows
      .filter((r) => r.type === 'product')
      .map((r) => [String(r.data.uid), r.data as unknown as CreateProductBody]),
  )
  const orders = await seedHistory(deps, planHistory({ days: opts.days, today, branches }), products)
  return { seeded: true, orders }
}
