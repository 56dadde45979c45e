import type { OrderType } from '@shop/shared/domain/common'
import { ORDER_TYPES } from '@shop/shared/domain/common'
import type { OrderStatus } from '@shop/shared/domain/ordering'
import { Button } from '@shop/ui'
import { useEffect, useId, useRef, useState } from 'react'
import { isAdmin } from '../../lib/auth-model.ts'
import type { Translate } from '../../lib/i18n.tsx'
import { useSession } from '../../lib/session.tsx'
import {
  EMPTY_FILTERS,
  hasActiveFilters,
  type OrderFilters,
  type OrderList,
  SEARCH_DEBOUNCE_MS,
  statusesFor,
} from './order-query.ts'
import type { OrdersContext } from './orders-data.ts'

/** The list's filters (branch, dates, status, order type) and the search, all in the URL query. */
export function Filters({
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
