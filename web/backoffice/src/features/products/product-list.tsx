/**
 * The product list (`/backend/products`): every product (GET /api/products) with the categories
 * and menus (to show a product's categories and to filter by category, menu and branch: a
 * branch's products are those of its active menu). The search looks in name, uid and
 * description as one types; the filter is one memoised pass over plain rows made once per load,
 * and the table's body is virtual, so 2,000 products stay fast. Selected rows can be switched on
 * or off or repriced (an amount or a percent, rounded to the cent): one PUT per product with the
 * version it was loaded at, each failure named, then the list is loaded again.
 */
import { Button, buttonClass, Notice, Spinner } from '@shop/ui'
import { paths } from '@shop/ui/routes'
import { useDeferredValue, useId, useMemo, useState } from 'react'
import { Link } from 'react-router'
import { messageOf } from '../../lib/api.ts'
import { SoldOutToggle } from '../../lib/branch-ops/index.ts'
import { type ColumnDef, DataTable, type RowSelectionState } from '../../lib/data-table.tsx'
import { SelectFilter } from '../../lib/filters.tsx'
import { useLocale, useT } from '../../lib/i18n.tsx'
import { parseDecimal } from '../../lib/numbers.ts'
import { listResources, updateResource, useLiveReload, useLoad } from '../../lib/resources.ts'
import { useSession } from '../../lib/session.tsx'
import { formatMoney, useCurrency } from './money.ts'
import type { StoredProduct } from './product-form.ts'
import {
  type CategoryLike,
  changedPrice,
  filterRows,
  type MenuLike,
  NO_FILTER,
  type PriceChange,
  type ProductFilter,
  type ProductRow,
  productRows,
} from './product-list-model.ts'
import './products.css'

type Data = { products: StoredProduct[]; categories: CategoryLike[]; menus: MenuLike[] }

async function loadAll(): Promise<Data> {
  const [products, categories, menus] = await Promise.all([
    listResources<StoredProduct>('products'),
    listResources<CategoryLike & { version: number }>('categories'),
    listResources<MenuLike & { version: number }>('menus'),
  ])
  return { products, categories, menus }
}

type Outcome = { done: number; failed: { name: string; message: string }[] }

export function ProductList() {
  const t = useT('bo-products')
  const common = useT('bo-common')
  const { locale } = useLocale()
  const currency = useCurrency()
  const { branches } = useSession()
  const [state, reload] = useLoad(loadAll, 'products-list')
  // Another person's change (a price, a menu) shows without a reload.
  useLiveReload(['products', 'categories', 'menus'], reload)
  const [filter, setFilter] = useState<ProductFilter>(NO_FILTER)
  const deferredFilter = useDeferredValue(filter)
  const [selection, setSelection] = useState<RowSelectionState>({})
  const [working, setWorking] = useState(false)
  const [outcome, setOutcome] = useState<Outcome | null>(null)
  const [priceKind, setPriceKind] = useState<'amount' | 'percent'>('amount')
  const [priceText, setPriceText] = useState('')
  const [priceError, setPriceError] = useState<string | null>(null)
  const ids = { search: useId(), category: useId(), status: useId(), menu: useId(), branch: useId() }
  const bulkIds = { kind: useId(), value: useId(), error: useId() }

  const data = state.status === 'ready' ? state.value : null
  // Once per load: the plain rows with their search text.
  const rows = useMemo(() => (data ? productRows(data.products, data.categories, data.menus) : []), [data])
  // One pass per change of the filter.
  const shown = useMemo(() => filterRows(rows, deferredFilter), [rows, deferredFilter])
  const selected = useMemo(() => rows.filter((row) => selection[row.id]), [rows, selection])

  const columns = useMemo<ColumnDef<ProductRow, unknown>[]>(
    () => [
      {
        id: 'name',
        accessorFn: (row) => row.name,
        header: () => t('list.name'),
        sortingFn: (a, b) => a.original.name.localeCompare(b.original.name, locale),
        cell: ({ row }) => (
          <Link to={paths.backend.resource('products', row.original.id)}>{row.original.name}</Link>
        ),
      },
      { id: 'uid', accessorFn: (row) => row.uid, header: () => t('list.uid'), enableSorting: false },
      {
        id: 'price',
        accessorFn: (row) => row.price,
        header: () => t('list.price'),
        cell: ({ row }) => (
          <span className="bo-table__num bo-price">
            {formatMoney(row.original.price, currency, locale)}
            {row.original.isPriceHidden ? ` (${t('list.priceHidden')})` : ''}
          </span>
        ),
      },
      {
        id: 'category',
        accessorFn: (row) => row.categoryNames,
        header: () => t('list.category'),
        sortingFn: (a, b) => a.original.categoryNames.localeCompare(b.original.categoryNames, locale),
      },
      {
        id: 'enabled',
        accessorFn: (row) => (row.isEnabled ? 1 : 0),
        header: () => t('list.enabled'),
        cell: ({ row }) => (
          <span className={row.original.isEnabled ? 'bo-state bo-state--on' : 'bo-state bo-state--off'}>
            {row.original.isEnabled ? t('list.on') : t('list.off')}
          </span>
        ),
      },
      // With a branch chosen: its sold-out mark per product ("86"), one tap until the end of
      // the branch's day (lib/branch-ops, the same control as the board's).
      ...(filter.branch
        ? [
            {
              id: 'soldOut',
              header: () => t('list.soldOut'),
              enableSorting: false,
              cell: ({ row }: { row: { original: ProductRow } }) => (
                <SoldOutToggle
                  access={{ kind: 'session', branchId: filter.branch }}
                  product={{ id: row.original.id, name: row.original.name }}
                />
              ),
            } satisfies ColumnDef<ProductRow, unknown>,
          ]
        : []),
    ],
    [t, currency, locale, filter.branch],
  )

  /** One PUT per product with its version; every failure is named, then the list reloads. */
  const applyToSelected = async (change: (product: StoredProduct) => Partial<StoredProduct> | null) => {
    setWorking(true)
    setOutcome(null)
    const result: Outcome = { done: 0, failed: [] }
    for (const row of selected) {
      const patch = change(row.product)
      if (patch === null) continue
      try {
        await updateResource('products', row.id, { ...row.product, ...patch, version: row.product.version })
        result.done++
      } catch (error) {
        result.failed.push({ name: row.name, message: messageOf(error, `${t('error.update')}.`) })
      }
    }
    await reload()
    setSelection({})
    setOutcome(result)
    setWorking(false)
  }

  const bulkPrice = () => {
    const n = parseDecimal(priceText)
    if (Number.isNaN(n)) {
      setPriceError(t('bulk.priceInvalid'))
      return
    }
    setPriceError(null)
    const change: PriceChange =
      priceKind === 'amount'
        ? { kind: 'amount', cents: Math.round(n * 100) }
        : { kind: 'percent', percent: n }
    void applyToSelected((product) => {
      const price = changedPrice(product.price, change)
      return price === null || price === product.price ? null : { price }
    })
  }

  if (state.status === 'loading') {
    return (
      <main id="main" className="bo-page">
        <h1>{t('list.title')}</h1>
        <Spinner label={common('loading')} />
      </main>
    )
  }
  if (state.status === 'failed') {
    return (
      <main id="main" className="bo-page">
        <h1>{t('list.title')}</h1>
        <Notice tone="danger" live="assertive">
          <p>{t('error.loadList')}.</p>
          <Button small variant="secondary" onClick={() => void reload()}>
            {common('retry')}
          </Button>
        </Notice>
      </main>
    )
  }

  const set = (patch: Partial<ProductFilter>) => setFilter((old) => ({ ...old, ...patch }))
  const menus = [...(data?.menus ?? [])].sort((a, b) => a.name.localeCompare(b.name, locale))
  const categories = [...(data?.categories ?? [])].sort((a, b) => a.name.localeCompare(b.name, locale))

  return (
    <main id="main" className="bo-page bo-products">
      <div className="bo-list__head">
        <h1>{t('list.title')}</h1>
        <Link className={buttonClass('primary')} to={paths.backend.newResource('products')}>
          {t('list.new')}
        </Link>
      </div>
      <search className="bo-list__tools" aria-label={t('list.filters')}>
        <div className="ui-field">
          <label className="ui-field__label" htmlFor={ids.search}>
            {common('search')}
          </label>
          <input
            id={ids.search}
            className="ui-input"
            type="search"
            value={filter.query}
            placeholder={t('list.searchHint')}
            onChange={(e) => set({ query: e.target.value })}
          />
        </div>
        <SelectFilter
          id={ids.category}
          label={t('list.category')}
          value={filter.category}
          all={common('all')}
          options={categories.map((c) => ({ value: c.id, label: c.name }))}
          onChange={(category) => set({ category })}
        />
        <SelectFilter
          id={ids.status}
          label={t('list.status')}
          value={filter.status}
          all={common('all')}
          options={[
            { value: 'enabled', label: t('list.on') },
            { value: 'disabled', label: t('list.off') },
          ]}
          onChange={(status) => set({ status: status as ProductFilter['status'] })}
        />
        <SelectFilter
          id={ids.menu}
          label={t('list.menu')}
          value={filter.menu}
          all={common('all')}
          options={menus.map((m) => ({ value: m.id, label: m.name }))}
          onChange={(menu) => set({ menu })}
        />
        <SelectFilter
          id={ids.branch}
          label={t('list.branch')}
          value={filter.branch}
          all={common('all')}
          options={branches.map((b) => ({ value: b.id, label: b.name }))}
          onChange={(branch) => set({ branch })}
        />
      </search>
      <p className="bo-products__count" aria-live="polite">
        {t('list.count', { count: shown.length, total: rows.length })}
      </p>
      {selected.length > 0 ? (
        <section className="bo-bulk" aria-label={t('bulk.title')}>
          <strong>{common('selected', { count: selected.length })}</strong>
          <Button
            small
            variant="secondary"
            disabled={working}
            onClick={() => void applyToSelected(enable(true))}
          >
            {t('bulk.enable')}
          </Button>
          <Button
            small
            variant="secondary"
            disabled={working}
            onClick={() => void applyToSelected(enable(false))}
          >
            {t('bulk.disable')}
          </Button>
          <form
            className="bo-bulk__price"
            onSubmit={(e) => {
              e.preventDefault()
              bulkPrice()
            }}
          >
            <label htmlFor={bulkIds.kind} className="ui-visually-hidden">
              {t('bulk.priceKind')}
            </label>
            <select
              id={bulkIds.kind}
              className="ui-select"
              value={priceKind}
              onChange={(e) => setPriceKind(e.target.value as 'amount' | 'percent')}
            >
              <option value="amount">{t('bulk.byAmount', { currency })}</option>
              <option value="percent">{t('bulk.byPercent')}</option>
            </select>
            <label htmlFor={bulkIds.value} className="ui-visually-hidden">
              {t('bulk.priceValue')}
            </label>
            <input
              id={bulkIds.value}
              className="ui-input bo-number"
              inputMode="decimal"
              placeholder={priceKind === 'amount' ? '+1.50 / -0.50' : '+5 / -10'}
              value={priceText}
              aria-invalid={priceError ? true : undefined}
              aria-describedby={priceError ? bulkIds.error : undefined}
              onChange={(e) => setPriceText(e.target.value)}
            />
            <Button small type="submit" disabled={working || priceText.trim() === ''}>
              {t('bulk.applyPrice')}
            </Button>
            {priceError ? (
              <span className="ui-field__error" id={bulkIds.error}>
                {priceError}
              </span>
            ) : null}
          </form>
        </section>
      ) : null}
      <div role="status" aria-live="polite">
        {working ? t('bulk.working') : ''}
      </div>
      {outcome ? <BulkOutcome outcome={outcome} /> : null}
      <DataTable
        rows={shown}
        columns={columns}
        rowId={(row) => row.id}
        caption={t('list.title')}
        empty={rows.length === 0 ? t('list.none') : common('empty')}
        selection={selection}
        onSelectionChange={setSelection}
        initialSorting={[{ id: 'name', desc: false }]}
      />
    </main>
  )
}

const enable = (on: boolean) => (product: StoredProduct) =>
  product.isEnabled === on ? null : { isEnabled: on }

function BulkOutcome({ outcome }: { outcome: Outcome }) {
  const t = useT('bo-products')
  if (outcome.failed.length === 0) {
    return (
      <Notice tone="success">
        <p>{t('bulk.done', { count: outcome.done })}</p>
      </Notice>
    )
  }
  return (
    <Notice tone="danger" live="assertive">
      <p>{t('bulk.partly', { done: outcome.done, failed: outcome.failed.length })}</p>
      <ul>
        {outcome.failed.map((f) => (
          <li key={f.name}>
            <strong>{f.name}</strong>: {f.message}
          </li>
        ))}
      </ul>
    </Notice>
  )
}
