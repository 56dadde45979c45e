import type { OrderType } from '@shop/shared/domain/common'
import { ORDER_TYPES } from '@shop/shared/domain/common'
import type { OrderStatus } from '@shop/shared/domain/ordering'
import { useCallback, useId, useState } from 'react'
import { isAdmin } from '../../lib/auth-model.ts'
import { DateRangeFilter, FilterBar, FilterReset, SearchFilter, SelectFilter } from '../../lib/filters.tsx'
import type { Translate } from '../../lib/i18n.tsx'
import { useSession } from '../../lib/session.tsx'
import {
  EMPTY_FILTERS,
  hasActiveFilters,
  type OrderFilters,
  type OrderList,
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
  // A reset starts a new search box, so a text typed but not yet sent goes too.
  const [resets, setResets] = useState(0)
  const onSearch = useCallback((q: string) => onChange({ q }), [onChange])

  return (
    <FilterBar label={t('filter.label')}>
      <SearchFilter
        key={resets}
        id={`${id}-q`}
        label={t('filter.search')}
        hint={t('filter.searchHint')}
        value={filters.q}
        onSearch={onSearch}
      />
      <SelectFilter
        id={`${id}-branch`}
        label={t('filter.branch')}
        value={filters.branch}
        all={admin ? t('filter.allBranches') : t('filter.ownBranches')}
        options={branches.map((b) => ({ value: b.id, label: b.name }))}
        onChange={(branch) => onChange({ branch })}
      />
      <DateRangeFilter
        id={id}
        fromLabel={t('filter.from')}
        toLabel={t('filter.to')}
        from={filters.from}
        to={filters.to}
        onChange={onChange}
      />
      {statuses.length > 0 ? (
        <SelectFilter
          id={`${id}-status`}
          label={t('filter.status')}
          value={filters.status}
          all={t('filter.allStatuses')}
          options={statuses.map((s) => ({ value: s, label: t(`ordering:status.${s}`) }))}
          onChange={(status) => onChange({ status: status as OrderStatus | '' })}
        />
      ) : null}
      <SelectFilter
        id={`${id}-type`}
        label={t('filter.orderType')}
        value={filters.orderType}
        all={t('filter.allOrderTypes')}
        options={ORDER_TYPES.map((type) => ({ value: type, label: t(`ordering:orderType.${type}`) }))}
        onChange={(orderType) => onChange({ orderType: orderType as OrderType | '' })}
      />
      {hasActiveFilters(filters) ? (
        <FilterReset
          label={t('filter.reset')}
          onReset={() => {
            setResets((n) => n + 1)
            onChange({ ...EMPTY_FILTERS, limit: filters.limit })
          }}
        />
      ) : null}
    </FilterBar>
  )
}
