/**
 * The small resources (issue 17 item 5): tags (a name and a picture, shown on the branch cards),
 * divisions (a group of branches: the home page lists them) and donatees (who a customer's
 * donation goes to). One list and one editor, told apart by `kind`.
 */
import {
  createDivisionBodySchema,
  createDonateeBodySchema,
  createTagBodySchema,
} from '@shop/shared/contracts'
import { paths } from '@shop/ui/routes'
import { useMemo, useState } from 'react'
import { Link, useParams } from 'react-router'
import type { z } from 'zod'
import { type ColumnDef, DataTable } from '../../lib/data-table.tsx'
import { ResourceEditor } from '../../lib/editor.tsx'
import { CheckboxGroup, FieldSet, TextInput } from '../../lib/forms.tsx'
import { HistoryAside } from '../../lib/history-aside.tsx'
import { useT } from '../../lib/i18n.tsx'
import { ImageInput, type ImageRef, imageUrl } from '../../lib/image-picker.tsx'
import { ListPage } from '../../lib/list-page.tsx'
import { type StoredResource, useResourceList } from '../../lib/resources.ts'
import { useSession } from '../../lib/session.tsx'

export type SimpleKind = 'tags' | 'divisions' | 'donatees'

type Simple = StoredResource & {
  name?: string
  identifier?: string
  description?: string | null
  image?: ImageRef | null
  branches?: { id: string }[]
}

export type SimpleForm = {
  name: string
  identifier: string
  description: string
  image: ImageRef | null
  branchIds: string[]
}

const SCHEMAS: Record<SimpleKind, z.ZodType> = {
  tags: createTagBodySchema,
  divisions: createDivisionBodySchema,
  donatees: createDonateeBodySchema,
}

export function simpleToForm(item: StoredResource | null): SimpleForm {
  const it = item as Simple | null
  return {
    name: it?.name ?? '',
    identifier: it?.identifier ?? '',
    description: it?.description ?? '',
    image: it?.image ?? null,
    branchIds: (it?.branches ?? []).map((b) => b.id),
  }
}

/** Only the fields the kind's contract has. */
export function simpleToBody(kind: SimpleKind, values: SimpleForm): Record<string, unknown> {
  if (kind === 'tags') return { name: values.name, image: values.image }
  if (kind === 'divisions')
    return {
      name: values.name,
      description: values.description,
      branches: values.branchIds.map((id) => ({ id })),
    }
  return { identifier: values.identifier, name: values.name, description: values.description }
}

export function SimpleListPage({ kind }: { kind: SimpleKind }) {
  const t = useT('bo-basics')
  const { branches } = useSession()
  const [state, reload] = useResourceList<Simple>(kind)
  const [query, setQuery] = useState('')
  const branchName = useMemo(() => new Map(branches.map((b) => [b.id, b.name])), [branches])
  const rows = useMemo(() => {
    const items = state.status === 'ready' ? state.value : []
    const q = query.trim().toLowerCase()
    if (!q) return items
    return items.filter((i) => `${i.name ?? ''} ${i.identifier ?? ''}`.toLowerCase().includes(q))
  }, [state, query])
  const columns = useMemo<ColumnDef<Simple, unknown>[]>(() => {
    const name: ColumnDef<Simple, unknown> = {
      id: 'name',
      header: t('name'),
      accessorFn: (i) => i.name ?? '',
      cell: ({ row }) => (
        <Link to={paths.backend.resource(kind, row.original.id)}>{row.original.name || row.original.id}</Link>
      ),
    }
    if (kind === 'tags')
      return [
        {
          id: 'image',
          header: t('image'),
          enableSorting: false,
          cell: ({ row }) =>
            row.original.image ? (
              <img src={imageUrl(row.original.image, 'icon')} alt="" width={32} height={32} />
            ) : null,
        },
        name,
      ]
    if (kind === 'divisions')
      return [
        name,
        {
          id: 'branches',
          header: t('branches'),
          accessorFn: (i) => (i.branches ?? []).map((b) => branchName.get(b.id) ?? b.id).join(', '),
        },
      ]
    return [
      name,
      { id: 'identifier', header: t('identifier'), accessorFn: (i) => i.identifier ?? '' },
      { id: 'description', header: t('description'), accessorFn: (i) => i.description ?? '' },
    ]
  }, [kind, t, branchName])
  return (
    <ListPage
      title={t(`${kind}.title`)}
      create={{ to: paths.backend.newResource(kind), label: t(`${kind}.new`) }}
      intro={<p className="bo-intro">{t(`${kind}.intro`)}</p>}
      search={{ value: query, onChange: setQuery }}
      state={state}
      failedText={t(`${kind}.error.load`)}
      retry={reload}
    >
      {() => (
        <DataTable
          rows={rows}
          columns={columns}
          rowId={(i) => i.id}
          caption={t(`${kind}.title`)}
          empty={t('empty')}
          initialSorting={[{ id: 'name', desc: false }]}
        />
      )}
    </ListPage>
  )
}

export function SimpleEditorPage({ kind }: { kind: SimpleKind }) {
  const t = useT('bo-basics')
  const { id } = useParams()
  const isNew = id === undefined || id === 'new'
  return (
    <ResourceEditor<SimpleForm>
      key={kind}
      resource={kind}
      id={isNew ? undefined : id}
      schema={SCHEMAS[kind]}
      toForm={simpleToForm}
      toBody={(values) => simpleToBody(kind, values)}
      listPath={paths.backend.resources(kind)}
      itemPath={(itemId) => paths.backend.resource(kind, itemId)}
      texts={{
        load: t(`${kind}.error.load`),
        create: t(`${kind}.error.create`),
        update: t(`${kind}.error.update`),
        delete: t(`${kind}.error.delete`),
        newTitle: t(`${kind}.new`),
        title: (item) => String((item as Simple).name ?? item.id),
      }}
      fieldLabels={{
        name: t('name'),
        identifier: t('identifier'),
        description: t('description'),
        image: t('image'),
        branches: t('branches'),
      }}
      aside={(item, replace) => <HistoryAside resource={kind} item={item} onRestored={replace} />}
    >
      {() => <SimpleFields kind={kind} />}
    </ResourceEditor>
  )
}

function SimpleFields({ kind }: { kind: SimpleKind }) {
  const t = useT('bo-basics')
  const { branches } = useSession()
  return (
    <>
      <FieldSet legend={t(`${kind}.title`)}>
        <TextInput name="name" label={t('name')} required />
        {kind === 'donatees' ? (
          <TextInput name="identifier" label={t('identifier')} hint={t('identifierHint')} required />
        ) : null}
        {kind !== 'tags' ? (
          <TextInput name="description" label={t('description')} rows={4} className="bo-wide" />
        ) : null}
        {kind === 'tags' ? <ImageInput name="image" label={t('image')} /> : null}
      </FieldSet>
      {kind === 'divisions' ? (
        <CheckboxGroup
          name="branchIds"
          legend={t('branches')}
          options={branches.map((branch) => ({ value: branch.id, label: branch.name }))}
        />
      ) : null}
    </>
  )
}
