import { STATUS_POLL_INTERVAL_MS } from '@shop/shared/contracts/ws/constants.ts'
import { Button, Notice, Spinner } from '@shop/ui'
import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react'
import { useSearchParams } from 'react-router'
import { apiGet } from '../../lib/api.ts'
import { useT } from '../../lib/i18n.tsx'
import { ListTabs } from './list-tabs.tsx'
import { Filters } from './order-filters.tsx'
import {
  appendPage,
  filtersFromSearch,
  filtersToSearch,
  hasActiveFilters,
  listRequestPath,
  type OrderFilters,
  type OrderList,
} from './order-query.ts'
import { OrderCards, OrderTable } from './order-table.tsx'
import type { StaffOrder } from './order-view.ts'
import { timeZoneOf, useOrdersContext } from './orders-data.ts'
import './orders.css'

const WIDE = '(min-width: 1024px)'

/** Whether a media query matches, following changes (table on a desktop, cards on a tablet). */
function useMedia(query: string): boolean {
  return useSyncExternalStore(
    (notify) => {
      const list = matchMedia(query)
      list.addEventListener('change', notify)
      return () => list.removeEventListener('change', notify)
    },
    () => matchMedia(query).matches,
    () => true,
  )
}

type ListState =
  | { status: 'loading' }
  | { status: 'failed' }
  | { status: 'ready'; orders: StaffOrder[]; hasMore: boolean; more: 'idle' | 'loading' | 'failed' }

/**
 * The order lists (spec §7): current (open), missed (unanswered within the branch's time) and
 * the history, with the filters in the URL query, a debounced search and keyset paging.
 */
export function OrderListPage({ list }: { list: OrderList }) {
  const t = useT('bo-orders')
  const context = useOrdersContext()
  const [params, setParams] = useSearchParams()
  const filters = filtersFromSearch(params, list)
  const query = filtersToSearch(filters).toString()
  const [state, setState] = useState<ListState>({ status: 'loading' })
  const [reloads, setReloads] = useState(0)
  const timeZone = timeZoneOf(context, filters.branch || context.branches[0]?.id)
  const wide = useMedia(WIDE)

  const setFilters = useCallback(
    (next: Partial<OrderFilters>) => {
      const merged = { ...filtersFromSearch(params, list), ...next }
      setParams(filtersToSearch(merged), { replace: true })
    },
    [params, list, setParams],
  )

  // biome-ignore lint/correctness/useExhaustiveDependencies: the query string stands for the filters
  useEffect(() => {
    const controller = new AbortController()
    setState({ status: 'loading' })
    apiGet<StaffOrder[]>(listRequestPath(list, filters, { timeZone }), { signal: controller.signal })
      .then((page) => setState({ status: 'ready', ...appendPage([], page, filters.limit), more: 'idle' }))
      .catch((error: Error) => {
        if (error.name !== 'AbortError') setState({ status: 'failed' })
      })
    return () => controller.abort()
  }, [list, query, timeZone, reloads])

  // Current and missed orders change all day: the first page is read again every 10 s (spec §9's
  // polling interval) while the tab is visible, quietly; once more pages are open, it waits.
  const latest = useRef(state)
  latest.current = state
  // biome-ignore lint/correctness/useExhaustiveDependencies: the query string stands for the filters
  useEffect(() => {
    if (list === 'history') return
    const timer = setInterval(() => {
      const shown = latest.current
      if (document.visibilityState !== 'visible' || shown.status !== 'ready') return
      if (shown.more !== 'idle' || shown.orders.length > filters.limit) return
      apiGet<StaffOrder[]>(listRequestPath(list, filters, { timeZone }))
        .then((page) => {
          if (latest.current === shown)
            setState({ status: 'ready', ...appendPage([], page, filters.limit), more: 'idle' })
        })
        .catch(() => {
          // The next round tries again; the list shown stays.
        })
    }, STATUS_POLL_INTERVAL_MS)
    return () => clearInterval(timer)
  }, [list, query, timeZone])

  const loadMore = async () => {
    if (state.status !== 'ready') return
    const last = state.orders.at(-1)
    setState({ ...state, more: 'loading' })
    try {
      const page = await apiGet<StaffOrder[]>(
        listRequestPath(list, filters, { timeZone, before: last?.createdAt ?? null }),
      )
      setState({ status: 'ready', ...appendPage(state.orders, page, filters.limit), more: 'idle' })
    } catch {
      setState({ ...state, more: 'failed' })
    }
  }

  const title = t(`list.title.${list}`)
  return (
    <main id="main" className="bo-page bo-orders">
      <ListTabs t={t} search={query} />
      <div className="bo-orders__head">
        <div>
          <h1>{title}</h1>
          <p className="bo-orders__intro">{t(`list.intro.${list}`)}</p>
        </div>
        <Button variant="secondary" small icon="clock" onClick={() => setReloads((n) => n + 1)}>
          {t('list.refresh')}
        </Button>
      </div>
      <Filters list={list} filters={filters} onChange={setFilters} t={t} context={context} />
      {state.status === 'loading' || (state.status === 'ready' && !context.loaded) ? (
        <Spinner label={t('loading')} />
      ) : null}
      {state.status === 'failed' ? (
        <Notice tone="danger" live="assertive">
          <p>{t('error.load')}</p>
          <Button small variant="secondary" onClick={() => setReloads((n) => n + 1)}>
            {t('retry')}
          </Button>
        </Notice>
      ) : null}
      {state.status === 'ready' && context.loaded ? (
        <>
          <p className="bo-orders__count" role="status">
            {state.orders.length === 0
              ? hasActiveFilters(filters)
                ? t('list.emptyFiltered')
                : t('list.empty')
              : t('list.shown', { count: state.orders.length })}
          </p>
          {state.orders.length > 0 ? (
            wide ? (
              <OrderTable orders={state.orders} t={t} context={context} title={title} />
            ) : (
              <OrderCards orders={state.orders} t={t} context={context} />
            )
          ) : null}
          {state.more === 'failed' ? (
            <Notice tone="danger" live="assertive">
              <p>{t('error.load')}</p>
            </Notice>
          ) : null}
          {state.hasMore ? (
            <div className="bo-orders__more">
              <Button variant="secondary" disabled={state.more === 'loading'} onClick={() => void loadMore()}>
                {state.more === 'loading' ? t('list.loadingMore') : t('list.loadMore')}
              </Button>
            </div>
          ) : null}
        </>
      ) : null}
    </main>
  )
}
