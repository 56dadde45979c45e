/**
 * The order lists' filters (spec §7): what the URL query holds (so a reload or a shared link
 * keeps them) and the API query they become. Dates in the URL are the branch's local days
 * (YYYY-MM-DD, "to" inclusive); the API compares instants, so they turn into the local
 * midnights of the branch's time zone ("to" the midnight after the day).
 */
import { ORDER_TYPES, type OrderType } from '@shop/shared/domain/common'
import {
  isFinalStatus,
  ORDER_STATUSES,
  type OrderStatus,
} from '@shop/shared/domain/ordering/order-vocabulary.ts'
import { addDays, isLocalDate, startOfLocalDay } from '@shop/shared/domain/scheduling/zoned-time.ts'

export const ORDER_LISTS = ['current', 'missed', 'history'] as const
export type OrderList = (typeof ORDER_LISTS)[number]

/** Every status (the order vocabulary, without the lifecycle machine's xstate in the page). */
export const LIST_STATUSES: readonly OrderStatus[] = ORDER_STATUSES
/** The open statuses: what the current list can narrow to. */
export const OPEN_STATUSES: readonly OrderStatus[] = ORDER_STATUSES.filter((s) => !isFinalStatus(s))

export const DEFAULT_PAGE_SIZE = 50
export const MAX_PAGE_SIZE = 200

export type OrderFilters = {
  branch: string
  /** YYYY-MM-DD or '' */
  from: string
  /** YYYY-MM-DD (inclusive) or '' */
  to: string
  status: OrderStatus | ''
  orderType: OrderType | ''
  q: string
  /** Page size; the URL carries it only when it is not the default. */
  limit: number
}

export const EMPTY_FILTERS: OrderFilters = {
  branch: '',
  from: '',
  to: '',
  status: '',
  orderType: '',
  q: '',
  limit: DEFAULT_PAGE_SIZE,
}

/** Which filters a list offers: missed orders are always awaiting, current ones always open. */
export function statusesFor(list: OrderList): readonly OrderStatus[] {
  if (list === 'missed') return []
  return list === 'current' ? OPEN_STATUSES : LIST_STATUSES
}

function pageSize(value: string | null): number {
  const n = value === null ? Number.NaN : Number(value)
  return Number.isInteger(n) && n >= 1 && n <= MAX_PAGE_SIZE ? n : DEFAULT_PAGE_SIZE
}

/** The filters of a URL query; anything malformed is dropped rather than sent. */
export function filtersFromSearch(params: URLSearchParams, list: OrderList): OrderFilters {
  const date = (key: string) => {
    const v = params.get(key) ?? ''
    return isLocalDate(v) ? v : ''
  }
  const status = params.get('status') ?? ''
  const orderType = params.get('orderType') ?? ''
  return {
    branch: (params.get('branch') ?? '').slice(0, 100),
    from: date('from'),
    to: date('to'),
    status: statusesFor(list).includes(status as OrderStatus) ? (status as OrderStatus) : '',
    orderType: (ORDER_TYPES as readonly string[]).includes(orderType) ? (orderType as OrderType) : '',
    q: (params.get('q') ?? '').slice(0, 200),
    limit: pageSize(params.get('limit')),
  }
}

/** The URL query of the filters (empty ones left out, in a stable order). */
export function filtersToSearch(filters: OrderFilters): URLSearchParams {
  const params = new URLSearchParams()
  if (filters.branch) params.set('branch', filters.branch)
  if (filters.from) params.set('from', filters.from)
  if (filters.to) params.set('to', filters.to)
  if (filters.status) params.set('status', filters.status)
  if (filters.orderType) params.set('orderType', filters.orderType)
  if (filters.q.trim()) params.set('q', filters.q)
  if (filters.limit !== DEFAULT_PAGE_SIZE) params.set('limit', String(filters.limit))
  return params
}

export function hasActiveFilters(filters: OrderFilters): boolean {
  return Boolean(
    filters.branch || filters.from || filters.to || filters.status || filters.orderType || filters.q.trim(),
  )
}

export function listEndpoint(list: OrderList): string {
  return list === 'history' ? '/orders' : `/orders/${list}`
}

/**
 * The API path with its query: `/orders/current?branch=…&from=…&limit=…&before=…`.
 * `before` is the createdAt of the last order already shown (keyset paging).
 */
export function listRequestPath(
  list: OrderList,
  filters: OrderFilters,
  opts: { timeZone: string; before?: string | null },
): string {
  const params = new URLSearchParams()
  if (filters.branch) params.set('branch', filters.branch)
  if (filters.from) params.set('from', new Date(startOfLocalDay(filters.from, opts.timeZone)).toISOString())
  if (filters.to)
    params.set('to', new Date(startOfLocalDay(addDays(filters.to, 1), opts.timeZone)).toISOString())
  if (filters.status && list !== 'missed') params.set('status', filters.status)
  if (filters.orderType) params.set('orderType', filters.orderType)
  const q = filters.q.trim()
  if (q) params.set('q', q)
  params.set('limit', String(filters.limit))
  if (opts.before) params.set('before', opts.before)
  return `${listEndpoint(list)}?${params.toString()}`
}

/**
 * Keyset paging: another page may exist when this one came back full. Orders already listed
 * (a new one arriving between two pages shifts nothing, but equal createdAt values could
 * repeat one) are dropped by id.
 */
export function appendPage<T extends { id: string }>(
  shown: readonly T[],
  page: readonly T[],
  limit: number,
): { orders: T[]; hasMore: boolean } {
  const seen = new Set(shown.map((o) => o.id))
  return { orders: [...shown, ...page.filter((o) => !seen.has(o.id))], hasMore: page.length >= limit }
}
