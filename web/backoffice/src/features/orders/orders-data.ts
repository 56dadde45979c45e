/**
 * The orders feature's calls and its small shared data: the shop's currency, the branches'
 * names and time zones and today's products (for the item editor), all from one GET /api/init
 * kept for the page's life (a reload of the page reads it again).
 */
import type { Product } from '@shop/shared/domain/catalogue'
import { DEFAULT_CURRENCY } from '@shop/shared/domain/common'
import { useEffect, useState } from 'react'
import { apiGet } from '../../lib/api.ts'
import { toDomainProduct } from './item-edit.ts'
import { DEFAULT_TIME_ZONE } from './order-view.ts'

/** Something the page loads: still loading, failed (a 404 or another failure), or there. */
export type Load<T> =
  | { status: 'loading' }
  | { status: 'failed'; notFound: boolean }
  | { status: 'ready'; value: T }

export type BranchInfo = { id: string; name: string; timeZone: string }

export type OrdersContext = {
  /** False until /api/init answered (or failed): money waits for the shop's currency. */
  loaded: boolean
  /** /api/init could not be read: the names, the currency and the products are the fallbacks. */
  failed: boolean
  currency: string
  branches: BranchInfo[]
  products: Product[]
}

// Spec §3: the currency defaults to EUR when the config does not say.
const FALLBACK: OrdersContext = {
  loaded: false,
  failed: false,
  currency: DEFAULT_CURRENCY,
  branches: [],
  products: [],
}

let cached: Promise<OrdersContext> | undefined

async function loadContext(): Promise<OrdersContext> {
  const entries = await apiGet<{ url: string; data: unknown }[]>('/init')
  const part = (url: string) => entries.find((e) => e.url === url)?.data
  const config = (part('/api/config') ?? {}) as { currency?: unknown }
  const branches = ((part('/api/branches') ?? []) as Record<string, unknown>[]).map((b) => ({
    id: String(b.id),
    name: typeof b.name === 'string' ? b.name : String(b.id),
    timeZone: typeof b.timeZone === 'string' && b.timeZone ? b.timeZone : DEFAULT_TIME_ZONE,
  }))
  const products = ((part('/api/products') ?? []) as (Record<string, unknown> & { id: string })[]).map(
    toDomainProduct,
  )
  return {
    loaded: true,
    failed: false,
    currency: typeof config.currency === 'string' && config.currency ? config.currency : FALLBACK.currency,
    branches,
    products,
  }
}

/** The context once loaded; the fallback (EUR, no names) until then or when it cannot be read. */
export function useOrdersContext(): OrdersContext {
  const [context, setContext] = useState<OrdersContext>(FALLBACK)
  useEffect(() => {
    let alive = true
    cached ??= loadContext().catch((error) => {
      cached = undefined
      throw error
    })
    cached
      .then((c) => alive && setContext(c))
      .catch(() => alive && setContext({ ...FALLBACK, loaded: true, failed: true }))
    return () => {
      alive = false
    }
  }, [])
  return context
}

export function timeZoneOf(context: OrdersContext, branchId: string | undefined): string {
  return context.branches.find((b) => b.id === branchId)?.timeZone ?? DEFAULT_TIME_ZONE
}

export function branchNameOf(context: OrdersContext, branchId: string): string {
  return context.branches.find((b) => b.id === branchId)?.name ?? ''
}
