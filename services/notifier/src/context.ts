import type { BranchDirectory, Database } from '@shop/kit'
import type { OrderEvent } from '@shop/shared/contracts'
import { DEFAULT_CURRENCY } from '@shop/shared/domain/common'
import { foldOrder, type OrderState } from '@shop/shared/domain/ordering'
import { CATALOGUE_LOCALES, type CatalogueLocale, DEFAULT_LOCALE } from '@shop/shared/i18n'
import { type Kysely, sql, type Transaction } from 'kysely'
import { type BranchInfo, type RenderContext, type ShopInfo, statusUrlOf } from './render.ts'

type Executor = Kysely<Database> | Transaction<Database>

export const DEFAULT_TIME_ZONE = 'Europe/Zurich'
const CONFIG_ID = 'config'

/** The order as it stood after its event at `upTo` (the whole stream without it). */
export async function orderStateAt(db: Executor, orderId: string, upTo?: number): Promise<OrderState | null> {
  const { rows } = await sql<{ data: OrderEvent }>`
    SELECT data FROM es_events
     WHERE stream_id = ${`order-${orderId}`} AND (${upTo ?? null}::integer IS NULL OR stream_position <= ${upTo ?? null}::integer)
     ORDER BY stream_position`.execute(db)
  return foldOrder(rows.map((r) => r.data))
}

async function resource(
  db: Executor,
  type: string,
  id: string,
): Promise<Record<string, unknown> | undefined> {
  const { rows } = await sql<{ data: Record<string, unknown> }>`
    SELECT data FROM rm_resources WHERE type = ${type} AND id = ${id}`.execute(db)
  return rows[0]?.data
}

const str = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' ? v : null)

/** The branch resource's fields; a branch known only from configuration has its name and zone. */
export async function branchInfo(
  db: Executor,
  branchId: string,
  directory?: BranchDirectory,
): Promise<BranchInfo & { locale: string | null }> {
  const data = await resource(db, 'branch', branchId)
  const configured = data ? undefined : await directory?.get(branchId)
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

export async function shopInfo(
  db: Executor,
  fallbackName: string,
): Promise<ShopInfo & { locale: string | null }> {
  const data = await resource(db, 'config', CONFIG_ID)
  return {
    name: str(data?.shopName) ?? str(data?.businessName) ?? fallbackName,
    currency: str(data?.currency) ?? DEFAULT_CURRENCY,
    smsEnabled: data?.enablePluginSMS === true,
    locale: str(data?.locale),
  }
}

/**
 * The catalogue locale for a message: the order's, else the branch's, else the shop's, else
 * de-CH. (Orders and branches carry no locale yet; the lookup is ready for when they do.)
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

export async function renderContext(
  db: Executor,
  order: OrderState,
  deps: ContextDeps,
): Promise<RenderContext & { shop: ShopInfo }> {
  const branch = await branchInfo(db, order.branchId, deps.branches)
  const shop = await shopInfo(db, branch.name)
  const orderLocale = (order as { locale?: unknown }).locale
  return {
    order,
    branch,
    shop,
    statusUrl: statusUrlOf(deps.publicUrl, order),
    locale: pickLocale(typeof orderLocale === 'string' ? orderLocale : null, branch.locale, shop.locale),
  }
}
