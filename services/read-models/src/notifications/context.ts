import type { BranchDirectory, Database } from '@shop/kit'
import type { OrderEvent } from '@shop/shared/contracts'
import { DEFAULT_CURRENCY } from '@shop/shared/domain/common'
import { evolve, foldOrder, type OrderState } from '@shop/shared/domain/ordering'
import { CATALOGUE_LOCALES, type CatalogueLocale, DEFAULT_LOCALE } from '@shop/shared/i18n'
import { type Kysely, sql, type Transaction } from 'kysely'
import {
  type BranchInfo,
  type ProductTexts,
  type RenderContext,
  type ShopInfo,
  statusUrlOf,
} from './render.ts'

type Executor = Kysely<Database> | Transaction<Database>

export const DEFAULT_TIME_ZONE = 'Europe/Zurich'
const CONFIG_ID = 'config'

const str = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' ? v : null)

/** The order as it is now, with its version (the number of its events). */
export async function currentOrder(
  db: Executor,
  orderId: string,
): Promise<{ state: OrderState | null; version: number }> {
  const { rows } = await sql<{ data: OrderEvent }>`
    SELECT data FROM es_events WHERE stream_id = ${`order-${orderId}`} ORDER BY stream_position`.execute(db)
  return { state: foldOrder(rows.map((r) => r.data)), version: rows.length }
}

/** Key of an order at a version, for `orderStatesAt`. */
export const atVersion = (orderId: string, version: number | null): string => `${orderId}@${version ?? 'now'}`

/**
 * Several orders, each as it stood at a version (null: as it is now), read in one query: the
 * messages of claimed jobs are rendered from these.
 */
export async function orderStatesAt(
  db: Executor,
  wanted: readonly { orderId: string; orderVersion: number | null }[],
): Promise<Map<string, OrderState | null>> {
  const streams = [...new Set(wanted.map((w) => `order-${w.orderId}`))]
  const { rows } = await sql<{ stream_id: string; data: OrderEvent }>`
    SELECT stream_id, data FROM es_events
     WHERE stream_id = ANY(${streams}::text[]) ORDER BY stream_id, stream_position`.execute(db)
  const events = new Map<string, OrderEvent[]>()
  for (const r of rows) {
    const list = events.get(r.stream_id)
    if (list) list.push(r.data)
    else events.set(r.stream_id, [r.data])
  }
  const states = new Map<string, OrderState | null>()
  for (const w of wanted) {
    const list = events.get(`order-${w.orderId}`) ?? []
    states.set(
      atVersion(w.orderId, w.orderVersion),
      foldOrder(w.orderVersion === null ? list : list.slice(0, w.orderVersion)),
    )
  }
  return states
}

/**
 * The states of several orders after given events, for a batch of the feed: an order whose
 * events the batch holds from its first one on is folded from the batch alone; the others read
 * their earlier events in one query. `events` are the batch's events of order streams, in feed
 * order (each stream's in version order).
 */
export async function orderStatesAfter(
  db: Executor,
  events: readonly { streamId: string; streamPosition: number; eventId: string; data: unknown }[],
): Promise<Map<string, OrderState | null>> {
  const firstInBatch = new Map<string, number>()
  for (const e of events) if (!firstInBatch.has(e.streamId)) firstInBatch.set(e.streamId, e.streamPosition)
  const older = [...firstInBatch].filter(([, position]) => position > 1).map(([streamId]) => streamId)
  const before = new Map<string, OrderEvent[]>()
  if (older.length > 0) {
    const { rows } = await sql<{ stream_id: string; stream_position: number; data: OrderEvent }>`
      SELECT stream_id, stream_position, data FROM es_events
       WHERE stream_id = ANY(${older}::text[]) ORDER BY stream_id, stream_position`.execute(db)
    for (const r of rows) {
      if (r.stream_position >= firstInBatch.get(r.stream_id)!) continue
      const list = before.get(r.stream_id)
      if (list) list.push(r.data)
      else before.set(r.stream_id, [r.data])
    }
  }
  const current = new Map<string, OrderState | null>()
  const states = new Map<string, OrderState | null>()
  for (const e of events) {
    const state = current.has(e.streamId) ? current.get(e.streamId)! : foldOrder(before.get(e.streamId) ?? [])
    const next = evolve(state, e.data as OrderEvent)
    current.set(e.streamId, next)
    states.set(e.eventId, next)
  }
  return states
}

/**
 * One stored event of an order and the order's state right after it (a print job's receipt is
 * the order as it stood then), or undefined when the event is not in the store.
 */
export async function orderStateAfterEvent(
  db: Executor,
  eventId: string,
): Promise<{ order: OrderState | null; createdAt: Date } | undefined> {
  const e = await db
    .selectFrom('es_events')
    .select(['stream_id', 'stream_position', 'event_id', 'data', 'created_at'])
    .where('event_id', '=', eventId)
    .executeTakeFirst()
  if (!e) return undefined
  const states = await orderStatesAfter(db, [
    { streamId: e.stream_id, streamPosition: e.stream_position, eventId: e.event_id, data: e.data },
  ])
  return { order: states.get(e.event_id) ?? null, createdAt: new Date(e.created_at) }
}

/**
 * Branch and shop data for a batch's orders, read in one query: the render context of each of
 * those orders is then made without further reads.
 */
export async function batchContexts(
  db: Executor,
  branchIds: readonly string[],
  deps: ContextDeps,
  /** The orders' products (`productId` of their lines): their texts in the customer's language. */
  productIds: readonly string[] = [],
): Promise<(order: OrderState) => RenderContext & { shop: ShopInfo }> {
  const { rows } = await sql<{ type: string; id: string; data: Record<string, unknown> }>`
    SELECT type, id, data FROM rm_resources
     WHERE (type = 'branch' AND id = ANY(${[...branchIds]}::text[]))
        OR (type = 'config' AND id = ${CONFIG_ID})
        OR (type = 'product' AND id = ANY(${[...new Set(productIds)]}::text[]))`.execute(db)
  const config = rows.find((r) => r.type === 'config')?.data
  const branches = new Map<string, BranchInfo & { locale: string | null }>()
  for (const id of new Set(branchIds)) {
    const data = rows.find((r) => r.type === 'branch' && r.id === id)?.data
    branches.set(id, toBranchInfo(id, data, data ? undefined : await deps.branches?.get(id)))
  }
  const products = new Map(rows.filter((r) => r.type === 'product').flatMap((r) => toProductTexts(r.data)))
  return (order) => {
    const branch = branches.get(order.branchId) ?? toBranchInfo(order.branchId, undefined, undefined)
    return contextOf(order, branch, toShopInfo(config, branch.name), deps, products)
  }
}

/** The `productId`s of orders' lines (for `batchContexts`). */
export function productIdsOf(orders: Iterable<OrderState | null | undefined>): string[] {
  const ids = new Set<string>()
  for (const order of orders)
    for (const item of order?.items ?? []) if (item.productId) ids.add(item.productId)
  return [...ids]
}

/** What a mail reads of a product resource, by its uid: its names and their translations. */
function toProductTexts(data: Record<string, unknown>): [string, ProductTexts][] {
  const uid = str(data.uid)
  const name = str(data.name)
  if (!uid || !name) return []
  const config = data.config as ProductTexts['config']
  return [
    [uid, { name, translations: data.translations, config: Array.isArray(config?.parts) ? config : null }],
  ]
}

/** The branch resource's fields; a branch known only from configuration has its name and zone. */
function toBranchInfo(
  branchId: string,
  data: Record<string, unknown> | undefined,
  configured: { name: string; timeZone: string } | undefined,
): BranchInfo & { locale: string | null } {
  return {
    id: branchId,
    name: str(data?.name) ?? configured?.name ?? branchId,
    email: str(data?.email),
    phone: str(data?.phone),
    street: str(data?.street),
    zipCode: str(data?.zipCode),
    city: str(data?.city),
    timeZone: str(data?.timeZone) ?? configured?.timeZone ?? DEFAULT_TIME_ZONE,
    locale: str(data?.locale),
  }
}

function toShopInfo(
  data: Record<string, unknown> | undefined,
  fallbackName: string,
): ShopInfo & { locale: string | null } {
  return {
    name: str(data?.shopName) ?? str(data?.businessName) ?? fallbackName,
    currency: str(data?.currency) ?? DEFAULT_CURRENCY,
    smsEnabled: data?.enablePluginSMS === true,
    locale: str(data?.locale),
  }
}

/**
 * The catalogue locale for a message: the order's (the language the customer ordered in), else
 * the branch's, else the shop's, else de-CH.
 */
export function pickLocale(...candidates: readonly (string | null | undefined)[]): CatalogueLocale {
  for (const c of candidates) {
    if (!c) continue
    const exact = CATALOGUE_LOCALES.find((l) => l.toLowerCase() === c.toLowerCase())
    if (exact) return exact
    const lang = c.slice(0, 2).toLowerCase()
    if (lang === 'de') return 'de-CH'
    if (lang === 'fr') return 'fr-FR'
    if (lang === 'en') return 'en'
  }
  return DEFAULT_LOCALE
}

export type ContextDeps = { publicUrl: string; branches?: BranchDirectory | undefined }

/** The render context of one order (its branch and the shop read now). */
export async function renderContext(
  db: Executor,
  order: OrderState,
  deps: ContextDeps,
): Promise<RenderContext & { shop: ShopInfo }> {
  return (await batchContexts(db, [order.branchId], deps, productIdsOf([order])))(order)
}

/** The render context from data already read. */
export function contextOf(
  order: OrderState,
  branch: BranchInfo & { locale: string | null },
  shop: ShopInfo & { locale: string | null },
  deps: Pick<ContextDeps, 'publicUrl'>,
  products: ReadonlyMap<string, ProductTexts> = new Map(),
): RenderContext & { shop: ShopInfo } {
  return {
    order,
    branch,
    shop,
    products,
    statusUrl: statusUrlOf(deps.publicUrl, order),
    locale: pickLocale(order.locale, branch.locale, shop.locale),
    staffLocale: pickLocale(branch.locale, shop.locale),
  }
}
