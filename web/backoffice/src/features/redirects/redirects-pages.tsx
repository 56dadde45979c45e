/**
 * Redirects (issue 19 item 6, spec §3: path → target with 301 or 302): an old address of the
 * shop that leads to a new one, answered by the server before the storefront. The list with a
 * search, and the editor with path, target, the kind of redirect and the history. The server
 * refuses a loop and a path where a page is (services/api/src/resources/redirect-rules.ts); its
 * message shows at the field.
 */
import { createRedirectBodySchema } from '@shop/shared/contracts'
import { paths } from '@shop/ui/routes'
import { useMemo, useState } from 'react'
import { Link, useParams } from 'react-router'
import { type ColumnDef, DataTable } from '../../lib/data-table.tsx'
import { editorTexts, ResourceEditor } from '../../lib/editor.tsx'
import { FieldSet, SelectInput, TextInput } from '../../lib/forms.tsx'
import { HistoryAside } from '../../lib/history-aside.tsx'
import { useT } from '../../lib/i18n.tsx'
import { ListPage } from '../../lib/list-page.tsx'
import type { Redirect } from '../../lib/redirects.ts'
import { type StoredResource, useResourceList } from '../../lib/resources.ts'

export type RedirectForm = { path: string; target: string; statusCode: '301' | '302' }

export function redirectToForm(item: StoredResource | null): RedirectForm {
  const it = item as Redirect | null
  return {
    path: it?.path ?? '',
    target: it?.target ?? '',
    statusCode: it?.statusCode === 302 ? '302' : '301',
  }
}

export function redirectToBody(values: RedirectForm): Record<string, unknown> {
  return { path: values.path.trim(), target: values.target.trim(), statusCode: Number(values.statusCode) }
}

/** Rows whose path or target contain every word of the query (case-insensitive). */
export function searchRedirects(items: readonly Redirect[], query: string): Redirect[] {
  const words = query.trim().toLowerCase().split(/\s+/).filter(Boolean)
  if (words.length === 0) return [...items]
  return items.filter((item) => {
    const text = `${item.path} ${item.target}`.toLowerCase()
    return words.every((word) => text.includes(word))
  })
}

export function RedirectListPage() {
  const t = useT('bo-redirects')
  const [state, reload] = useResourceList<Redirect>('redirects')
  const [query, setQuery] = useState('')
  const rows = useMemo(
    () => searchRedirects(state.status === 'ready' ? state.value : [], query),
    [state, query],
  )
  const columns = useMemo<ColumnDef<Redirect, unknown>[]>(
    () => [
      {
        id: 'path',
        header: t('path'),
        accessorFn: (i) => i.path,
        cell: ({ row }) => (
          <Link to={paths.backend.resource('redirects', row.original.id)}>{row.original.path}</Link>
        ),
      },
      { id: 'target', header: t('target'), accessorFn: (i) => i.target },
      {
        id: 'statusCode',
        header: t('statusCode'),
        accessorFn: (i) => (i.statusCode === 302 ? t('status.302') : t('status.301')),
      },
    ],
    [t],
  )
  return (
    <ListPage
      title={t('title')}
      create={{ to: paths.backend.newResource('redirects'), label: t('new') }}
      intro={<p className="bo-intro">{t('intro')}</p>}
      search={{ value: query, onChange: setQuery }}
      state={state}
      failedText={t('error.load')}
      retry={reload}
    >
      {() => (
        <DataTable
          rows={rows}
          columns={columns}
          rowId={(i) => i.id}
          caption={t('title')}
          empty={query.trim() ? t('noHits') : t('empty')}
          initialSorting={[{ id: 'path', desc: false }]}
        />
      )}
    </ListPage>
  )
}

export function RedirectEditorPage() {
  const t = useT('bo-redirects')
  const { id } = useParams()
  const isNew = id === undefined || id === 'new'
  return (
    <ResourceEditor<RedirectForm>
      resource="redirects"
      id={isNew ? undefined : id}
      schema={createRedirectBodySchema}
      toForm={redirectToForm}
      toBody={redirectToBody}
      listPath={paths.backend.resources('redirects')}
      itemPath={(itemId) => paths.backend.resource('redirects', itemId)}
      texts={editorTexts(t, (item) => String((item as Redirect).path ?? item.id), 'new')}
      fieldLabels={{ path: t('path'), target: t('target'), statusCode: t('statusCode') }}
      aside={(item, replace) => <HistoryAside resource="redirects" item={item} onRestored={replace} />}
    >
      {() => <RedirectFields />}
    </ResourceEditor>
  )
}

function RedirectFields() {
  const t = useT('bo-redirects')
  return (
    <FieldSet legend={t('legend')}>
      <TextInput name="path" label={t('path')} hint={t('pathHint')} placeholder="/alte-seite" required />
      <TextInput
        name="target"
        label={t('target')}
        hint={t('targetHint')}
        placeholder="/neue-seite"
        required
      />
      <SelectInput
        name="statusCode"
        label={t('statusCode')}
        hint={t('statusHint')}
        options={[
          { value: '301', label: t('status.301') },
          { value: '302', label: t('status.302') },
        ]}
      />
    </FieldSet>
  )
}
