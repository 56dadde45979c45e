/**
 * The content pages and navigations as lists (where the storefront toolbar's "Seiten" and
 * "Navigationen" lead, spec §2): per page its languages with path, title and whether it is
 * public, opened in the storefront; per navigation its items. Editing them is the content
 * issue's editor; until then the lists say so.
 */
import { Notice } from '@shop/ui'
import { useMemo } from 'react'
import { type ColumnDef, DataTable } from '../../lib/data-table.tsx'
import { useT } from '../../lib/i18n.tsx'
import { ListPage } from '../../lib/list-page.tsx'
import { type StoredResource, useResourceList } from '../../lib/resources.ts'

type Translation = { path?: string; title?: string | null; name?: string }
type Site = StoredResource & { translations: Record<string, Translation>; isPublic?: boolean; type?: string }
type NavItem = { label: string; children?: NavItem[] }
type Navigation = StoredResource & {
  identifier: string
  translations?: Record<string, { name?: string }>
  items?: NavItem[]
}

export type ContentKind = 'sites' | 'navigations'

const LOCALE_ORDER = ['de-CH', 'fr-FR', 'en']

function countItems(items: NavItem[] | undefined): number {
  return (items ?? []).reduce((n, item) => n + 1 + countItems(item.children), 0)
}

export function ContentListPage({ kind }: { kind: ContentKind }) {
  const t = useT('bo-content')
  const [state, reload] = useResourceList<Site & Navigation>(kind)
  const rows = state.status === 'ready' ? state.value : []
  const columns = useMemo<ColumnDef<Site & Navigation, unknown>[]>(() => {
    if (kind === 'navigations')
      return [
        { id: 'identifier', header: t('identifier'), accessorFn: (n) => n.identifier },
        {
          id: 'name',
          header: t('name'),
          accessorFn: (n) => LOCALE_ORDER.map((l) => n.translations?.[l]?.name).find(Boolean) ?? '',
        },
        {
          id: 'items',
          header: t('items'),
          accessorFn: (n) => countItems(n.items),
          cell: ({ getValue }) => <span className="bo-table__num">{String(getValue())}</span>,
        },
      ]
    return [
      {
        id: 'name',
        header: t('name'),
        accessorFn: (s) => LOCALE_ORDER.map((l) => s.translations[l]?.name).find(Boolean) ?? s.id,
      },
      {
        id: 'pages',
        header: t('pages'),
        enableSorting: false,
        cell: ({ row }) => (
          <span className="bo-content__paths">
            {LOCALE_ORDER.filter((l) => row.original.translations[l]).map((l) => {
              const path = row.original.translations[l]?.path ?? ''
              return (
                <a key={l} href={path} lang={l} target="_blank" rel="noreferrer">
                  {l}: {path}
                </a>
              )
            })}
          </span>
        ),
      },
      { id: 'type', header: t('type'), accessorFn: (s) => s.type ?? 'default' },
      {
        id: 'isPublic',
        header: t('public'),
        accessorFn: (s) => (s.isPublic ? t('yes') : t('draft')),
      },
    ]
  }, [kind, t])
  return (
    <ListPage
      title={t(`${kind}.title`)}
      intro={
        <Notice tone="info">
          <p>{t(`${kind}.intro`)}</p>
        </Notice>
      }
      state={state}
      failedText={t(`${kind}.error`)}
      retry={reload}
    >
      {() => (
        <DataTable
          rows={rows}
          columns={columns}
          rowId={(r) => r.id}
          caption={t(`${kind}.title`)}
          empty={t('empty')}
        />
      )}
    </ListPage>
  )
}
