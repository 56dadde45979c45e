/**
 * Categories (issue 17): the list (name, enabled, shown when unavailable, how many products the
 * menus list under it) and the editor on the shared ResourceEditor, checked by
 * `createCategoryBodySchema`. A category a menu still has cannot be deleted: the server refuses
 * with the menus' names, which the editor shows as it comes.
 */
import './categories.css'
import { createCategoryBodySchema } from '@shop/shared/contracts'
import { paths } from '@shop/ui/routes'
import { useMemo, useState } from 'react'
import { Link, useParams } from 'react-router'
import { type ColumnDef, DataTable } from '../../lib/data-table.tsx'
import { editorTexts, ResourceEditor } from '../../lib/editor.tsx'
import { CheckboxInput, FieldSet, TextInput } from '../../lib/forms.tsx'
import { HistoryAside } from '../../lib/history-aside.tsx'
import { useT } from '../../lib/i18n.tsx'
import { ImageInput } from '../../lib/image-picker.tsx'
import { ListPage } from '../../lib/list-page.tsx'
import { type StoredResource, useResourceList } from '../../lib/resources.ts'
import { type CategoryForm, categoryToBody, categoryToForm, categoryUsage } from './category-model.ts'
import { CategoryTranslations } from './category-translations.tsx'
import { ScheduleFields } from './schedule-fields.tsx'

type Category = StoredResource & {
  name: string
  isEnabled: boolean
  isVisibleWhenUnavailable: boolean
  schedule: unknown[]
}
type Row = Category & { products: number; menus: string[] }

export function CategoryListPage() {
  const t = useT('bo-categories')
  const tc = useT('bo-common')
  const [categories, reload] = useResourceList<Category>('categories')
  const [menus] = useResourceList('menus')
  const [query, setQuery] = useState('')
  const usage = useMemo(() => categoryUsage(menus.status === 'ready' ? menus.value : []), [menus])
  const rows = useMemo<Row[]>(() => {
    const all = categories.status === 'ready' ? categories.value : []
    const q = query.trim().toLowerCase()
    return all
      .filter((c) => q === '' || c.name.toLowerCase().includes(q))
      .map((c) => ({ ...c, products: usage.get(c.id)?.products ?? 0, menus: usage.get(c.id)?.menus ?? [] }))
  }, [categories, usage, query])
  const columns = useMemo<ColumnDef<Row, unknown>[]>(
    () => [
      {
        id: 'name',
        header: t('name'),
        accessorFn: (c) => c.name,
        cell: ({ row }) => (
          <Link to={paths.backend.resource('categories', row.original.id)}>{row.original.name}</Link>
        ),
      },
      { id: 'isEnabled', header: t('isEnabled'), accessorFn: (c) => (c.isEnabled ? tc('yes') : tc('no')) },
      {
        id: 'isVisibleWhenUnavailable',
        header: t('isVisibleWhenUnavailable'),
        accessorFn: (c) => (c.isVisibleWhenUnavailable ? tc('yes') : tc('no')),
      },
      {
        id: 'schedule',
        header: t('schedule.legend'),
        accessorFn: (c) => (c.schedule?.length ? t('list.scheduled') : t('list.always')),
      },
      {
        id: 'products',
        header: t('list.products'),
        accessorFn: (c) => c.products,
        cell: ({ row }) => <span className="bo-table__num">{row.original.products}</span>,
      },
      { id: 'menus', header: t('list.menus'), accessorFn: (c) => c.menus.join(', ') },
    ],
    [t, tc],
  )
  return (
    <ListPage
      title={t('title')}
      create={{ to: paths.backend.newResource('categories'), label: t('new') }}
      search={{ value: query, onChange: setQuery }}
      state={categories}
      failedText={t('error.listLoad')}
      retry={reload}
    >
      {() => (
        <DataTable
          rows={rows}
          columns={columns}
          rowId={(c) => c.id}
          caption={t('title')}
          empty={tc('empty')}
          initialSorting={[{ id: 'name', desc: false }]}
        />
      )}
    </ListPage>
  )
}

export function CategoryEditorPage() {
  const t = useT('bo-categories')
  const { id } = useParams()
  const isNew = id === undefined || id === 'new'
  return (
    <ResourceEditor<CategoryForm>
      resource="categories"
      id={isNew ? undefined : id}
      schema={createCategoryBodySchema}
      toForm={categoryToForm}
      toBody={(values) => categoryToBody(values)}
      listPath={paths.backend.resources('categories')}
      itemPath={(categoryId) => paths.backend.resource('categories', categoryId)}
      texts={editorTexts(t, (item) => String(item.name ?? ''))}
      fieldLabels={{
        name: t('name'),
        image: t('image.label'),
        isEnabled: t('isEnabled'),
        schedule: t('schedule.legend'),
        isVisibleWhenUnavailable: t('isVisibleWhenUnavailable'),
        translations: t('translations.section'),
      }}
      aside={(item, replace) => <HistoryAside resource="categories" item={item} onRestored={replace} />}
    >
      {() => (
        <>
          <FieldSet legend={t('basics')}>
            <TextInput name="name" label={t('name')} required className="bo-wide" />
            <ImageInput name="image" label={t('image.label')} />
            <CheckboxInput name="isEnabled" label={t('isEnabled')} hint={t('isEnabledHint')} />
            <CheckboxInput
              name="isVisibleWhenUnavailable"
              label={t('isVisibleWhenUnavailable')}
              hint={t('isVisibleWhenUnavailableHint')}
            />
          </FieldSet>
          <ScheduleFields />
          <CategoryTranslations />
        </>
      )}
    </ResourceEditor>
  )
}
