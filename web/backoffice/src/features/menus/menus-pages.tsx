/**
 * Menus (issue 17): the list with the menu each branch shows now (spec §9: the branch's menu with
 * the latest availableFrom in the past), and the menu builder: name, from when (a date and time of
 * the shop's zone), for which branches, and its catalogue (categories and their products, in
 * order), with a preview of the storefront's menu at a chosen branch, date and time.
 */
import './menus.css'
import { createMenuBodySchema } from '@shop/shared/contracts'
import { Field, Notice, Spinner } from '@shop/ui'
import { paths } from '@shop/ui/routes'
import { useMemo, useState } from 'react'
import { useWatch } from 'react-hook-form'
import { Link, useParams } from 'react-router'
import { type ColumnDef, DataTable } from '../../lib/data-table.tsx'
import { editorTexts, ResourceEditor } from '../../lib/editor.tsx'
import { FieldSet, TextInput, useFormContext } from '../../lib/forms.tsx'
import { HistoryAside } from '../../lib/history-aside.tsx'
import { useT } from '../../lib/i18n.tsx'
import { ListPage } from '../../lib/list-page.tsx'
import { type StoredResource, useResourceList } from '../../lib/resources.ts'
import { MenuBuilder, type Named } from './menu-builder.tsx'
import {
  activeMenusByBranch,
  isoOfLocalInput,
  type MenuForm,
  menuToBody,
  menuToForm,
  shopTimeZone,
} from './menu-model.ts'
import { MenuPreview } from './menu-preview.tsx'

type Menu = StoredResource & {
  name: string
  availableFrom: string
  branches: { id: string }[]
  catalog: { category: { id: string }; products: { id: string }[] }[]
}
type Branch = StoredResource & { name: string; timeZone?: string }

const named = (list: StoredResource[]): Named[] =>
  list.map((r) => ({
    id: r.id,
    name: String(r.name ?? r.id),
    ...(typeof r.uid === 'string' ? { uid: r.uid } : {}),
  }))

function useFormat(zone: string) {
  return useMemo(
    () => new Intl.DateTimeFormat('de-CH', { dateStyle: 'medium', timeStyle: 'short', timeZone: zone }),
    [zone],
  )
}

export function MenuListPage() {
  const t = useT('bo-menus')
  const tc = useT('bo-common')
  const [menus, reload] = useResourceList<Menu>('menus')
  const [branchList] = useResourceList<Branch>('branches')
  const branches = branchList.status === 'ready' ? branchList.value : []
  const zone = shopTimeZone(branches)
  const format = useFormat(zone)
  const [query, setQuery] = useState('')
  const all = menus.status === 'ready' ? menus.value : []
  const active = useMemo(() => activeMenusByBranch(all, branches, new Date()), [all, branches])
  const branchName = useMemo(() => new Map(branches.map((b) => [b.id, b.name])), [branches])
  const rows = useMemo(() => {
    const q = query.trim().toLowerCase()
    return all.filter((m) => q === '' || m.name.toLowerCase().includes(q))
  }, [all, query])
  const columns = useMemo<ColumnDef<Menu, unknown>[]>(
    () => [
      {
        id: 'name',
        header: t('name'),
        accessorFn: (m) => m.name,
        cell: ({ row }) => (
          <Link to={paths.backend.resource('menus', row.original.id)}>{row.original.name}</Link>
        ),
      },
      {
        id: 'availableFrom',
        header: t('availableFrom'),
        accessorFn: (m) => m.availableFrom,
        cell: ({ row }) => format.format(Date.parse(row.original.availableFrom)),
      },
      {
        id: 'branches',
        header: t('branches'),
        accessorFn: (m) => m.branches.map((b) => branchName.get(b.id) ?? b.id).join(', '),
      },
      {
        id: 'activeAt',
        header: t('list.activeAt'),
        accessorFn: (m) =>
          m.branches
            .filter((b) => active.get(b.id)?.id === m.id)
            .map((b) => branchName.get(b.id) ?? b.id)
            .join(', ') || '–',
      },
      {
        id: 'size',
        header: t('list.size'),
        accessorFn: (m) =>
          t('list.sizeText', {
            categories: m.catalog.length,
            products: m.catalog.reduce((sum, e) => sum + e.products.length, 0),
          }),
      },
    ],
    [t, format, branchName, active],
  )
  return (
    <ListPage
      title={t('title')}
      create={{ to: paths.backend.newResource('menus'), label: t('new') }}
      intro={
        menus.status === 'ready' && branches.length > 0 ? (
          <section className="bo-active" aria-labelledby="active-menus">
            <h2 id="active-menus">{t('active.title')}</h2>
            <ul data-testid="active-menus">
              {branches.map((b) => {
                const menu = active.get(b.id)
                return (
                  <li key={b.id}>
                    <strong>{b.name}</strong>:{' '}
                    {menu ? (
                      <Link to={paths.backend.resource('menus', menu.id)}>{menu.name}</Link>
                    ) : (
                      t('active.none')
                    )}
                  </li>
                )
              })}
            </ul>
          </section>
        ) : null
      }
      search={{ value: query, onChange: setQuery }}
      state={menus}
      failedText={t('error.load')}
      retry={reload}
    >
      {() => (
        <DataTable
          rows={rows}
          columns={columns}
          rowId={(m) => m.id}
          caption={t('title')}
          empty={tc('empty')}
          initialSorting={[{ id: 'availableFrom', desc: true }]}
        />
      )}
    </ListPage>
  )
}

export function MenuEditorPage() {
  const t = useT('bo-menus')
  const tc = useT('bo-common')
  const { id } = useParams()
  const isNew = id === undefined || id === 'new'
  const [branchList] = useResourceList<Branch>('branches')
  const [categoryList] = useResourceList('categories')
  const [productList] = useResourceList('products')
  const [menuList] = useResourceList<Menu>('menus')
  const [now] = useState(() => Date.now())
  if (
    branchList.status !== 'ready' ||
    categoryList.status !== 'ready' ||
    productList.status !== 'ready' ||
    menuList.status !== 'ready'
  ) {
    const failed = [branchList, categoryList, productList, menuList].some((s) => s.status === 'failed')
    return (
      <main id="main" className="bo-page">
        {failed ? (
          <Notice tone="danger" live="assertive">
            <p>{t('error.load')}.</p>
          </Notice>
        ) : (
          <Spinner label={tc('loading')} />
        )}
      </main>
    )
  }
  const zone = shopTimeZone(branchList.value)
  return (
    <ResourceEditor<MenuForm>
      resource="menus"
      id={isNew ? undefined : id}
      schema={createMenuBodySchema}
      toForm={(item) => menuToForm(item, zone, now)}
      toBody={(values) => menuToBody(values, zone)}
      listPath={paths.backend.resources('menus')}
      itemPath={(menuId) => paths.backend.resource('menus', menuId)}
      texts={editorTexts(t, (item) => String(item.name ?? ''))}
      fieldLabels={{
        name: t('name'),
        availableFrom: t('availableFrom'),
        branches: t('branches'),
        catalog: t('builder.title'),
      }}
      aside={(item, replace) => <HistoryAside resource="menus" item={item} onRestored={replace} />}
    >
      {(_form, item) => (
        <MenuFields
          item={item as Menu | null}
          zone={zone}
          branches={branchList.value}
          categories={categoryList.value}
          products={productList.value}
          menus={menuList.value}
        />
      )}
    </ResourceEditor>
  )
}

function MenuFields({
  item,
  zone,
  branches,
  categories,
  products,
  menus,
}: {
  item: Menu | null
  zone: string
  branches: Branch[]
  categories: StoredResource[]
  products: StoredResource[]
  menus: Menu[]
}) {
  const t = useT('bo-menus')
  const { register, control, formState } = useFormContext<MenuForm>()
  // Every value, this component rendered again on each change (the preview follows the typing).
  const values = useWatch({ control }) as MenuForm
  const [now] = useState(() => new Date())
  const categoryNames = useMemo(() => named(categories), [categories])
  const productNames = useMemo(() => named(products), [products])
  // The menus as they would be with this form saved: the preview and the "active" notes use them.
  const draftId = item?.id ?? 'new-menu'
  const draft = {
    id: draftId,
    name: values.name,
    availableFrom: isoOfLocalInput(values.availableFrom ?? '', zone),
    branches: (values.branches ?? []).map((b) => ({ id: b })),
    catalog: (values.catalog ?? []).map((e) => ({
      category: { id: e.category },
      products: e.products.map((p) => ({ id: p })),
    })),
  }
  const withDraft = [...menus.filter((m) => m.id !== draftId), draft] as Menu[]
  const active = activeMenusByBranch(withDraft, branches, now)
  const branchError = formState.errors.branches?.message ?? formState.errors.branches?.root?.message
  return (
    <>
      <FieldSet legend={t('basics')}>
        <TextInput name="name" label={t('name')} required className="bo-wide" />
        <Field
          label={t('availableFrom')}
          hint={t('availableFromHint', { zone })}
          error={formState.errors.availableFrom?.message}
          required
        >
          <input className="ui-input" type="datetime-local" {...register('availableFrom')} />
        </Field>
      </FieldSet>
      <fieldset className="bo-fieldset" aria-describedby={branchError ? 'menu-branches-error' : undefined}>
        <legend>{t('branches')}</legend>
        {branches.map((branch) => {
          const shown = active.get(branch.id)
          const chosen = (values.branches ?? []).includes(branch.id)
          return (
            <div key={branch.id} className="bo-check">
              <label>
                <input type="checkbox" value={branch.id} {...register('branches')} /> {branch.name}
              </label>
              <span className="ui-field__hint">
                {shown
                  ? shown.id === draftId
                    ? t('active.this')
                    : t('active.other', { name: shown.name })
                  : chosen
                    ? t('active.later')
                    : t('active.none')}
              </span>
            </div>
          )
        })}
        {branchError ? (
          <span id="menu-branches-error" className="ui-field__error bo-wide">
            {String(branchError)}
          </span>
        ) : null}
      </fieldset>
      <MenuBuilder categories={categoryNames} products={productNames} />
      <MenuPreview
        branches={branches}
        defaultBranch={values.branches?.[0]}
        menus={withDraft}
        categories={categories}
        products={products}
      />
    </>
  )
}
