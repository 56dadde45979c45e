import { STATUS_POLL_INTERVAL_MS } from '@shop/shared/contracts/ws/constants.ts'
import type { OrderType } from '@shop/shared/domain/common'
import { ORDER_TYPES } from '@shop/shared/domain/common'
import type { OrderStatus } from '@shop/shared/domain/ordering'
import { Button, Notice, Spinner } from '@shop/ui'
import { useCallback, useEffect, useId, useRef, useState, useSyncExternalStore } from 'react'
import { Link, NavLink, useSearchParams } from 'react-router'
import { apiGet } from '../../lib/api.ts'
import { isAdmin } from '../../lib/auth-model.ts'
import { type Translate, useT } from '../../lib/i18n.tsx'
import { useSession } from '../../lib/session.tsx'
import {
  appendPage,
  EMPTY_FILTERS,
  filtersFromSearch,
  filtersToSearch,
  hasActiveFilters,
  listRequestPath,
  type OrderFilters,
  type OrderList,
  SEARCH_DEBOUNCE_MS,
  statusesFor,
} from './order-query.ts'
import {
  customerLabel,
  dueOf,
  formatDateTime,
  money,
  orderKindOf,
  paymentMethodText,
  type StaffOrder,
  statusTone,
  ticketLabel,
} from './order-view.ts'
import { branchNameOf, type OrdersContext, timeZoneOf, useOrdersContext } from './orders-data.ts'
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

/** The three lists as tabs-like links; the filters go along (a search stays a search). */
function ListTabs({ t, search }: { t: Translate; search: string }) {
  const suffix = search ? `?${search}` : ''
  return (
    <nav className="bo-orders__tabs" aria-label={t('list.tabs')}>
      <NavLink to={`/orders${suffix}`} end className="bo-orders__tab">
        {t('list.title.current')}
      </NavLink>
      <NavLink to={`/orders/missed${suffix}`} className="bo-orders__tab">
        {t('list.title.missed')}
      </NavLink>
      <NavLink to={`/orders/history${suffix}`} className="bo-orders__tab">
        {t('list.title.history')}
      </NavLink>
    </nav>
  )
}

function Filters({
  list,
  filters,
  onChange,
  t,
  context,
}: {
  list: OrderList
  filters: OrderFilters
  onChange: (next: Partial<OrderFilters>) => void
  t: Translate
  context: OrdersContext
}) {
  const id = useId()
  const { me, branches: sessionBranches } = useSession()
  const admin = isAdmin(me)
  const own = new Set(me.user.branches.map((b) => b.id))
  // Admins choose any branch; employees only their own (the server refuses the others).
  const known = context.branches.length > 0 ? context.branches : sessionBranches
  const branches = known.filter((b) => admin || own.has(b.id))
  const statuses = statusesFor(list)

  // The search box keeps its own text; the URL (and the call) follow after a pause in typing.
  const [q, setQ] = useState(filters.q)
  const latest = useRef(filters.q)
  useEffect(() => {
    if (filters.q !== latest.current) {
      latest.current = filters.q
      setQ(filters.q)
    }
  }, [filters.q])
  useEffect(() => {
    if (q === latest.current) return
    const timer = setTimeout(() => {
      latest.current = q
      onChange({ q })
    }, SEARCH_DEBOUNCE_MS)
    return () => clearTimeout(timer)
  }, [q, onChange])

  return (
    <search className="bo-orders__filters" aria-label={t('filter.label')}>
      <div className="ui-field bo-orders__filter--search">
        <label className="ui-field__label" htmlFor={`${id}-q`}>
          {t('filter.search')}
        </label>
        <input
          id={`${id}-q`}
          className="ui-input"
          type="search"
          value={q}
          maxLength={200}
          aria-describedby={`${id}-q-hint`}
          onChange={(e) => setQ(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              latest.current = q
              onChange({ q })
            }
          }}
        />
        <span className="ui-field__hint" id={`${id}-q-hint`}>
          {t('filter.searchHint')}
        </span>
      </div>
      <div className="ui-field">
        <label className="ui-field__label" htmlFor={`${id}-branch`}>
          {t('filter.branch')}
        </label>
        <select
          id={`${id}-branch`}
          className="ui-select"
          value={filters.branch}
          onChange={(e) => onChange({ branch: e.target.value })}
        >
          <option value="">{admin ? t('filter.allBranches') : t('filter.ownBranches')}</option>
          {branches.map((b) => (
            <option key={b.id} value={b.id}>
              {b.name}
            </option>
          ))}
        </select>
      </div>
      <div className="ui-field">
        <label className="ui-field__label" htmlFor={`${id}-from`}>
          {t('filter.from')}
        </label>
        <input
          id={`${id}-from`}
          className="ui-input"
          type="date"
          value={filters.from}
          max={filters.to || undefined}
          onChange={(e) => onChange({ from: e.target.value })}
        />
      </div>
      <div className="ui-field">
        <label className="ui-field__label" htmlFor={`${id}-to`}>
          {t('filter.to')}
        </label>
        <input
          id={`${id}-to`}
          className="ui-input"
          type="date"
          value={filters.to}
          min={filters.from || undefined}
          onChange={(e) => onChange({ to: e.target.value })}
        />
      </div>
      {statuses.length > 0 ? (
        <div className="ui-field">
          <label className="ui-field__label" htmlFor={`${id}-status`}>
            {t('filter.status')}
          </label>
          <select
            id={`${id}-status`}
            className="ui-select"
            value={filters.status}
            onChange={(e) => onChange({ status: e.target.value as OrderStatus | '' })}
          >
            <option value="">{t('filter.allStatuses')}</option>
            {statuses.map((s) => (
              <option key={s} value={s}>
                {t(`ordering:status.${s}`)}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      <div className="ui-field">
        <label className="ui-field__label" htmlFor={`${id}-type`}>
          {t('filter.orderType')}
        </label>
        <select
          id={`${id}-type`}
          className="ui-select"
          value={filters.orderType}
          onChange={(e) => onChange({ orderType: e.target.value as OrderType | '' })}
        >
          <option value="">{t('filter.allOrderTypes')}</option>
          {ORDER_TYPES.map((type) => (
            <option key={type} value={type}>
              {t(`ordering:orderType.${type}`)}
            </option>
          ))}
        </select>
      </div>
      {hasActiveFilters(filters) ? (
        <div className="bo-orders__reset">
          <Button
            variant="ghost"
            small
            onClick={() => {
              latest.current = ''
              setQ('')
              onChange({ ...EMPTY_FILTERS, limit: filters.limit })
            }}
          >
            {t('filter.reset')}
          </Button>
        </div>
      ) : null}
    </search>
  )
}

export function StatusBadge({ status, t }: { status: OrderStatus; t: Translate }) {
  const tone = statusTone(status)
  return (
    <span className={`ui-badge bo-status${tone === 'info' ? '' : ` ui-badge--${tone}`}`} data-status={status}>
      {t(`ordering:status.${status}`)}
    </span>
  )
}

function typeText(order: StaffOrder, t: Translate): string {
  const type = t(`ordering:orderType.${orderKindOf(order)}`)
  return order.isDineIn && order.tableIdentifier
    ? `${type} · ${t('table', { table: order.tableIdentifier })}`
    : type
}

function dueText(order: StaffOrder, t: Translate, timeZone: string): string {
  const due = dueOf(order)
  return due ? formatDateTime(due, timeZone) : t('asap')
}

function OrderTable({
  orders,
  t,
  context,
  title,
}: {
  orders: StaffOrder[]
  t: Translate
  context: OrdersContext
  title: string
}) {
  const manyBranches = new Set(orders.map((o) => o.branch.id)).size > 1
  return (
    <div className="bo-orders__table-wrap">
      <table className="bo-orders__table">
        <caption className="ui-visually-hidden">{t('list.caption', { title, count: orders.length })}</caption>
        <thead>
          <tr>
            <th scope="col">{t('column.ticket')}</th>
            <th scope="col">{t('column.createdAt')}</th>
            <th scope="col">{t('column.customer')}</th>
            <th scope="col">{t('column.orderType')}</th>
            <th scope="col">{t('column.dueAt')}</th>
            <th scope="col">{t('column.status')}</th>
            <th scope="col">{t('column.payment')}</th>
            <th scope="col" className="bo-num">
              {t('column.total')}
            </th>
          </tr>
        </thead>
        <tbody>
          {orders.map((order) => {
            const zone = timeZoneOf(context, order.branch.id)
            const ticket = ticketLabel(order)
            return (
              <tr key={order.id} data-order-id={order.id}>
                <td>
                  <Link
                    to={`/orders/${order.id}`}
                    aria-label={t('open', { ticket })}
                    className="bo-orders__ticket"
                  >
                    {ticket}
                  </Link>
                </td>
                <td>{formatDateTime(order.createdAt, zone)}</td>
                <td>
                  {customerLabel(order)}
                  {manyBranches ? (
                    <span className="bo-orders__sub">{branchNameOf(context, order.branch.id)}</span>
                  ) : null}
                </td>
                <td>{typeText(order, t)}</td>
                <td>{dueText(order, t, zone)}</td>
                <td>
                  <StatusBadge status={order.status} t={t} />
                </td>
                <td>
                  {paymentMethodText(order.paymentMethod, t)}
                  <span className="bo-orders__sub">{t(`ordering:paymentStatus.${order.paymentStatus}`)}</span>
                </td>
                <td className="bo-num">{money(order.totalPayable, context.currency)}</td>
              </tr>
            )
          })}
        </tbody>
      </table>
    </div>
  )
}

function OrderCards({ orders, t, context }: { orders: StaffOrder[]; t: Translate; context: OrdersContext }) {
  return (
    <ul className="bo-orders__cards">
      {orders.map((order) => {
        const zone = timeZoneOf(context, order.branch.id)
        const ticket = ticketLabel(order)
        return (
          <li key={order.id} className="ui-card bo-orders__card" data-order-id={order.id}>
            <div className="bo-orders__card-head">
              <Link
                to={`/orders/${order.id}`}
                aria-label={t('open', { ticket })}
                className="bo-orders__ticket"
              >
                {ticket}
              </Link>
              <StatusBadge status={order.status} t={t} />
            </div>
            <p className="bo-orders__card-customer">{customerLabel(order)}</p>
            <dl className="bo-orders__card-facts">
              <div>
                <dt>{t('column.createdAt')}</dt>
                <dd>{formatDateTime(order.createdAt, zone)}</dd>
              </div>
              <div>
                <dt>{t('column.orderType')}</dt>
                <dd>{typeText(order, t)}</dd>
              </div>
              <div>
                <dt>{t('column.dueAt')}</dt>
                <dd>{dueText(order, t, zone)}</dd>
              </div>
              <div>
                <dt>{t('column.payment')}</dt>
                <dd>
                  {paymentMethodText(order.paymentMethod, t)} ·{' '}
                  {t(`ordering:paymentStatus.${order.paymentStatus}`)}
                </dd>
              </div>
              <div>
                <dt>{t('column.total')}</dt>
                <dd className="bo-num">{money(order.totalPayable, context.currency)}</dd>
              </div>
            </dl>
          </li>
        )
      })}
    </ul>
  )
}
