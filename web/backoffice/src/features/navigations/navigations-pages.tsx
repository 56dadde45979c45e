/**
 * Navigations (issue 19 part 5, spec §2 `/backend#/navigations` as real routes; docs/content.md
 * "Navigations"): the list and the editor. A navigation has an identifier ('main' is the one the
 * storefront's header and menu show), a name per language (what screen readers hear for it) and
 * its items as a tree (navigation-tree-editor.tsx). The server refuses an item whose site or
 * branch does not exist, and an identifier another navigation has.
 */
import './navigations.css'
import { createNavigationBodySchema, MAIN_NAVIGATION_IDENTIFIER } from '@shop/shared/contracts'
import { Notice } from '@shop/ui'
import { paths } from '@shop/ui/routes'
import { useMemo, useState } from 'react'
import { useWatch } from 'react-hook-form'
import { Link, useParams } from 'react-router'
import { type ColumnDef, DataTable } from '../../lib/data-table.tsx'
import { ResourceEditor } from '../../lib/editor.tsx'
import { FieldSet, TextInput, useFormContext } from '../../lib/forms.tsx'
import { HistoryAside } from '../../lib/history-aside.tsx'
import { useT } from '../../lib/i18n.tsx'
import { ListPage } from '../../lib/list-page.tsx'
import { type StoredResource, useResourceList } from '../../lib/resources.ts'
import {
  NAVIGATION_LOCALES,
  type NavigationForm,
  navigationToBody,
  navigationToForm,
  type StoredNavigation,
} from './navigation-model.ts'
import { NavigationTreeEditor } from './navigation-tree-editor.tsx'

type Navigation = StoredResource & StoredNavigation

const LANGUAGE_KEY: Record<string, string> = { 'de-CH': 'de', 'fr-FR': 'fr', 'en-GB': 'en' }

type Counted = { children?: Counted[] }
const countItems = (items: readonly Counted[] | undefined): number =>
  (items ?? []).reduce((n, item) => n + 1 + countItems(item.children), 0)

const nameOf = (n: Navigation) =>
  NAVIGATION_LOCALES.map((l) => n.translations?.[l]?.name).find(Boolean) ?? n.identifier ?? n.id

export function NavigationListPage() {
  const t = useT('bo-navigations')
  const tc = useT('bo-common')
  const [state, reload] = useResourceList<Navigation>('navigations')
  const [query, setQuery] = useState('')
  const rows = useMemo(() => {
    const all = state.status === 'ready' ? state.value : []
    const q = query.trim().toLowerCase()
    return all.filter(
      (n) =>
        q === '' ||
        (n.identifier ?? '').toLowerCase().includes(q) ||
        Object.values(n.translations ?? {}).some((tr) => tr?.name?.toLowerCase().includes(q)),
    )
  }, [state, query])
  const columns = useMemo<ColumnDef<Navigation, unknown>[]>(
    () => [
      {
        id: 'identifier',
        header: t('identifier'),
        accessorFn: (n) => n.identifier ?? '',
        cell: ({ row, getValue }) => (
          <Link to={paths.backend.resource('navigations', row.original.id)}>{String(getValue())}</Link>
        ),
      },
      { id: 'name', header: t('name'), accessorFn: nameOf },
      {
        id: 'items',
        header: t('itemCount'),
        accessorFn: (n) => countItems(n.items as Counted[] | undefined),
        cell: ({ getValue }) => <span className="bo-table__num">{String(getValue())}</span>,
      },
      {
        id: 'shown',
        header: t('shown'),
        enableSorting: false,
        accessorFn: (n) => (n.identifier === MAIN_NAVIGATION_IDENTIFIER ? t('shownMain') : ''),
      },
    ],
    [t],
  )
  return (
    <ListPage
      title={t('title')}
      intro={<p className="bo-intro">{t('intro')}</p>}
      create={{ to: paths.backend.newResource('navigations'), label: t('new') }}
      search={{ value: query, onChange: setQuery }}
      count={rows.length}
      state={state}
      failedText={t('error.listLoad')}
      retry={reload}
    >
      {() => (
        <DataTable
          rows={rows}
          columns={columns}
          rowId={(r) => r.id}
          caption={t('title')}
          empty={tc('empty')}
          initialSorting={[{ id: 'identifier', desc: false }]}
        />
      )}
    </ListPage>
  )
}

export function NavigationEditorPage() {
  const t = useT('bo-navigations')
  const { id } = useParams()
  const isNew = id === undefined || id === 'new'
  return (
    <ResourceEditor<NavigationForm>
      resource="navigations"
      id={isNew ? undefined : id}
      schema={createNavigationBodySchema}
      toForm={(item) => navigationToForm(item as Navigation | null)}
      toBody={(values, item) => navigationToBody(values, item as Navigation | null)}
      listPath={paths.backend.resources('navigations')}
      itemPath={(navId) => paths.backend.resource('navigations', navId)}
      texts={{
        load: t('error.load'),
        create: t('error.create'),
        update: t('error.update'),
        delete: t('error.delete'),
        newTitle: t('newTitle'),
        title: (item) => t('editTitle', { name: nameOf(item as Navigation) }),
      }}
      fieldLabels={{ identifier: t('identifier'), translations: t('names'), items: t('items.title') }}
      aside={(item, replace) => <HistoryAside resource="navigations" item={item} onRestored={replace} />}
    >
      {() => <NavigationFields />}
    </ResourceEditor>
  )
}

function NavigationFields() {
  const t = useT('bo-navigations')
  const { control } = useFormContext<NavigationForm>()
  const identifier = useWatch({ control, name: 'identifier' })
  return (
    <>
      <FieldSet legend={t('basics')}>
        <TextInput name="identifier" label={t('identifier')} hint={t('identifierHint')} required />
        {identifier === MAIN_NAVIGATION_IDENTIFIER ? (
          <Notice tone="info">
            <p>{t('mainNotice')}</p>
          </Notice>
        ) : null}
      </FieldSet>
      <FieldSet legend={t('names')}>
        <p className="bo-hint bo-wide">{t('namesHint')}</p>
        {NAVIGATION_LOCALES.map((locale) => (
          <TextInput
            key={locale}
            name={`translations.${locale}.name`}
            label={t('nameIn', { language: t(`language.${LANGUAGE_KEY[locale]}`) })}
          />
        ))}
      </FieldSet>
      <NavigationTreeEditor />
    </>
  )
}
