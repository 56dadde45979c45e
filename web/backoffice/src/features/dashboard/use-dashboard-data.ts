/**
 * The dashboard's data: the figures of the range (GET /api/statistics/<name>) and, for the
 * headline changes, of the previous period. `reload()` reads the range again and keeps the
 * previous period (it lies before the range, so a new order never changes it); the figures shown
 * stay until the new ones are there, so a live update does not flash the page.
 */
import type {
  CanceledOrdersStatistics,
  EventsStatistics,
  OrdersStatistics,
  OrderTimesStatistics,
  PagesStatistics,
  PageViewsStatistics,
  PopularItemsStatistics,
  RevenueStatistics,
  UniqueVisitorsStatistics,
  VisitorTimesStatistics,
  WorkingActivitiesStatistics,
} from '@shop/shared/contracts/http/statistics.http.ts'
import { DEFAULT_CURRENCY } from '@shop/shared/domain/common'
import { useCallback, useEffect, useRef, useState } from 'react'
import { apiGet, messageOf } from '../../lib/api.ts'
import { affects, type LiveStatus, watchStatistics } from '../../lib/live-statistics.ts'
import { type DashboardFilters, type DateRange, previousPeriod, statisticsPath } from './dashboard-model.ts'

/** How many entries the rankings show (popular items per unit, popular options, pages). */
export const RANKING_LIMIT = 10

export type PeriodFigures = {
  orders: OrdersStatistics
  revenue: RevenueStatistics
  canceled: CanceledOrdersStatistics
  visitors: UniqueVisitorsStatistics
}

export type DashboardData = PeriodFigures & {
  /** The request these figures answer (range and filters). */
  key: string
  range: DateRange
  /** The filters these figures answer (the visitor figures ignore the order type). */
  filters: Pick<DashboardFilters, 'branch' | 'orderType'>
  popular: PopularItemsStatistics
  orderTimes: OrderTimesStatistics
  pageViews: PageViewsStatistics
  pages: PagesStatistics
  events: EventsStatistics
  visitorTimes: VisitorTimesStatistics
  /** Working time and the labour cost share (issue 20); null when the answer failed. */
  working: WorkingActivitiesStatistics | null
  previous: PeriodFigures
  previousRange: DateRange
  currency: string
}

export type DashboardState = {
  /** The last figures that arrived (perhaps of another range while a new one loads). */
  data: DashboardData | null
  loading: boolean
  /** The server's message (a bad custom range) or spec §8's fallback. */
  error: string | null
}

type Query = { range: DateRange; filters: Pick<DashboardFilters, 'branch' | 'orderType'> }

export function queryKey({ range, filters }: Query): string {
  return statisticsPath('', range, filters)
}

let currency: Promise<string> | undefined

/** The shop's currency (GET /api/config), read once per page; the spec §3 default without it. */
function loadCurrency(): Promise<string> {
  currency ??= apiGet<{ currency?: unknown } | null>('/config')
    .then((c) => (typeof c?.currency === 'string' && c.currency ? c.currency : DEFAULT_CURRENCY))
    .catch(() => {
      currency = undefined
      return DEFAULT_CURRENCY
    })
  return currency
}

async function periodFigures(q: Query, signal: AbortSignal): Promise<PeriodFigures> {
  const get = <T>(name: string) => apiGet<T>(statisticsPath(name, q.range, q.filters), { signal })
  const [orders, revenue, canceled, visitors] = await Promise.all([
    get<OrdersStatistics>('orders'),
    get<RevenueStatistics>('revenue'),
    get<CanceledOrdersStatistics>('canceled-orders'),
    get<UniqueVisitorsStatistics>('unique-visitors'),
  ])
  return { orders, revenue, canceled, visitors }
}

/**
 * Loads the figures for `range` and `filters` (nothing while `enabled` is false: a custom range
 * still being typed). The answer of an older request never overwrites a newer one.
 */
export function useDashboardData(
  range: DateRange,
  filters: Pick<DashboardFilters, 'branch' | 'orderType'>,
  fallbackMessage: string,
  enabled = true,
): DashboardState & { reload(): Promise<void>; live: LiveStatus } {
  const [state, setState] = useState<DashboardState>({ data: null, loading: enabled, error: null })
  const key = queryKey({ range, filters })
  const latest = useRef({ key, range, filters, data: state.data })
  latest.current = { key, range, filters, data: state.data }
  const controller = useRef<AbortController | null>(null)

  const load = useCallback(
    async (keepPrevious: boolean) => {
      const { key, range, filters, data } = latest.current
      controller.current?.abort()
      const abort = new AbortController()
      controller.current = abort
      setState((s) => ({ ...s, loading: true }))
      const q = { range, filters }
      const previousRange = previousPeriod(range)
      const get = <T>(name: string, limit?: number) =>
        apiGet<T>(statisticsPath(name, range, filters, limit), { signal: abort.signal })
      try {
        const reuse = keepPrevious && data?.key === key ? data.previous : null
        const [
          current,
          popular,
          orderTimes,
          pageViews,
          pages,
          events,
          visitorTimes,
          previous,
          money,
          working,
        ] = await Promise.all([
          periodFigures(q, abort.signal),
          get<PopularItemsStatistics>('popular-items', RANKING_LIMIT),
          get<OrderTimesStatistics>('order-times'),
          get<PageViewsStatistics>('page-views'),
          get<PagesStatistics>('pages', RANKING_LIMIT),
          get<EventsStatistics>('events'),
          get<VisitorTimesStatistics>('visitor-times'),
          reuse ?? periodFigures({ range: previousRange, filters }, abort.signal),
          loadCurrency(),
          // Working time is a section of its own: its failure leaves the order figures shown.
          get<WorkingActivitiesStatistics>('working-activities').catch((error: unknown) => {
            if (abort.signal.aborted) throw error
            return null
          }),
        ])
        if (abort.signal.aborted) return
        setState({
          data: {
            ...current,
            key,
            range,
            filters: { branch: filters.branch, orderType: filters.orderType },
            popular,
            orderTimes,
            pageViews,
            pages,
            events,
            visitorTimes,
            working,
            previous,
            previousRange,
            currency: money,
          },
          loading: false,
          error: null,
        })
      } catch (error) {
        if (abort.signal.aborted || (error instanceof Error && error.name === 'AbortError')) return
        setState((s) => ({ ...s, loading: false, error: messageOf(error, fallbackMessage) }))
      }
    },
    [fallbackMessage],
  )

  // biome-ignore lint/correctness/useExhaustiveDependencies: the key stands for range and filters
  useEffect(() => {
    if (!enabled) {
      controller.current?.abort()
      setState((s) => ({ ...s, loading: false, error: null }))
      return
    }
    void load(false)
  }, [key, enabled, load])

  useEffect(() => () => controller.current?.abort(), [])

  const reload = useCallback(() => load(true), [load])

  // Live: the gateway says which branches' figures moved on which days; a change inside the
  // shown range (and branch) reloads it, at most once a second.
  const [live, setLive] = useState<LiveStatus>('connecting')
  // biome-ignore lint/correctness/useExhaustiveDependencies: the key stands for range and filters
  useEffect(() => {
    if (!enabled) return
    let timer: ReturnType<typeof setTimeout> | undefined
    const stop = watchStatistics({
      onStatus: setLive,
      onChange: (change) => {
        const { range, filters } = latest.current
        if (!affects(change, range, filters.branch || undefined) || timer) return
        timer = setTimeout(() => {
          timer = undefined
          void load(true)
        }, LIVE_RELOAD_MS)
      },
    })
    return () => {
      if (timer) clearTimeout(timer)
      stop()
    }
  }, [key, enabled, load])

  return { ...state, reload, live }
}

/** A burst of orders makes one reload. */
export const LIVE_RELOAD_MS = 1000
