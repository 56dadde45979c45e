/**
 * Digital signage in the back-office (issue 21; docs/backoffice.md "Digital Signage",
 * docs/devices.md "Bildschirme"): segments (what a screen shows: an image, a page or block, a
 * branch's menu or products, the pickup display), streams (segments in order, with durations and
 * schedules; drag and drop or the move buttons) and screens (a paired signage device, its
 * stream, and the commands: reload, identify, show a segment now). Admins; the usual list and
 * editor (ResourceEditor, history aside, conflict dialog).
 */
import {
  createSignageDeviceBodySchema,
  createSignageSegmentBodySchema,
  createSignageStreamBodySchema,
  SIGNAGE_SEGMENT_TYPES,
  WEEKDAYS,
} from '@shop/shared/contracts/http/resources.http.ts'
import { Button, Field, Notice } from '@shop/ui'
import { paths } from '@shop/ui/routes'
import { useId, useMemo, useState } from 'react'
import { useFieldArray, useWatch } from 'react-hook-form'
import { Link, useParams } from 'react-router'
import { apiSend, messageOf } from '../../lib/api.ts'
import { type ColumnDef, DataTable } from '../../lib/data-table.tsx'
import { editorTexts, ResourceEditor } from '../../lib/editor.tsx'
import {
  CheckboxGroup,
  FieldSet,
  NumberInput,
  SelectInput,
  TextInput,
  useFormContext,
} from '../../lib/forms.tsx'
import { HistoryAside } from '../../lib/history-aside.tsx'
import { useT } from '../../lib/i18n.tsx'
import { ImageInput } from '../../lib/image-picker.tsx'
import { ListPage } from '../../lib/list-page.tsx'
import { type StoredResource, useResourceList } from '../../lib/resources.ts'
import { useSession } from '../../lib/session.tsx'
import { SortableList } from '../../lib/sortable.tsx'
import './signage.css'

type Ref = { id: string } | null
type Named = StoredResource & { name?: string }
type Segment = Named & { type?: string; branch?: Ref }
type Stream = Named & { items?: unknown[] }
type Screen = Named & { branch?: Ref; deviceId?: string; streamId?: string | null }
type Kind = 'digital-signage-segments' | 'digital-signage-streams' | 'digital-signage-devices'

const idOf = (ref: unknown) => (ref as Ref)?.id ?? null
const refOf = (id: string | null | undefined) => (id ? { id } : null)

/** A list of a signage resource: names linking to the editor, and one more column. */
function SignageList<T extends Named>({
  kind,
  section,
  extra,
}: {
  kind: Kind
  section: 'segments' | 'streams' | 'screens'
  extra: { header: string; value: (item: T) => string }
}) {
  const t = useT('bo-signage')
  const [state, reload] = useResourceList<T>(kind)
  const [query, setQuery] = useState('')
  const rows = useMemo(() => {
    const items = state.status === 'ready' ? state.value : []
    const q = query.trim().toLowerCase()
    return q ? items.filter((i) => (i.name ?? '').toLowerCase().includes(q)) : items
  }, [state, query])
  const columns = useMemo<ColumnDef<T, unknown>[]>(
    () => [
      {
        id: 'name',
        header: t('field.name'),
        accessorFn: (i) => i.name ?? '',
        cell: ({ row }) => (
          <Link to={paths.backend.resource(kind, row.original.id)}>
            {row.original.name || row.original.id}
          </Link>
        ),
      },
      { id: 'extra', header: extra.header, accessorFn: extra.value },
    ],
    [t, kind, extra],
  )
  return (
    <ListPage
      title={t(`${section}.title`)}
      create={{ to: paths.backend.newResource(kind), label: t(`${section}.new`) }}
      intro={<p className="bo-intro">{t(`${section}.intro`)}</p>}
      search={{ value: query, onChange: setQuery }}
      count={rows.length}
      state={state}
      failedText={t(`${section}.error.load`)}
      retry={reload}
    >
      {() => (
        <DataTable
          rows={rows}
          columns={columns}
          rowId={(i) => i.id}
          caption={t(`${section}.title`)}
          empty={t(`${section}.empty`)}
          initialSorting={[{ id: 'name', desc: false }]}
        />
      )}
    </ListPage>
  )
}

export function SegmentListPage() {
  const t = useT('bo-signage')
  const extra = useMemo(
    () => ({ header: t('field.type'), value: (s: Segment) => (s.type ? t(`type.${s.type}`) : '') }),
    [t],
  )
  return <SignageList<Segment> kind="digital-signage-segments" section="segments" extra={extra} />
}

export function StreamListPage() {
  const t = useT('bo-signage')
  const extra = useMemo(
    () => ({ header: t('streams.items'), value: (s: Stream) => String(s.items?.length ?? 0) }),
    [t],
  )
  return <SignageList<Stream> kind="digital-signage-streams" section="streams" extra={extra} />
}

export function ScreenListPage() {
  const t = useT('bo-signage')
  const { branches } = useSession()
  const extra = useMemo(() => {
    const names = new Map(branches.map((b) => [b.id, b.name]))
    return { header: t('field.branch'), value: (s: Screen) => names.get(idOf(s.branch) ?? '') ?? '' }
  }, [t, branches])
  return <SignageList<Screen> kind="digital-signage-devices" section="screens" extra={extra} />
}

// --- segments --------------------------------------------------------------------------------

type SegmentForm = {
  name: string
  type: string
  durationSeconds: number
  image: unknown
  fit: string
  site: string | null
  block: string | null
  branch: string | null
  products: string[]
}

function segmentToForm(item: StoredResource | null): SegmentForm {
  const s = (item ?? {}) as Record<string, unknown>
  return {
    name: String(s.name ?? ''),
    type: String(s.type ?? 'pickup'),
    durationSeconds: typeof s.durationSeconds === 'number' ? s.durationSeconds : 10,
    image: s.image ?? null,
    fit: String(s.fit ?? 'contain'),
    site: idOf(s.site),
    block: idOf(s.block),
    branch: idOf(s.branch),
    products: ((s.products as Ref[] | undefined) ?? []).flatMap((p) => (p ? [p.id] : [])),
  }
}

function segmentToBody(v: SegmentForm): Record<string, unknown> {
  const type = v.type
  return {
    name: v.name,
    type,
    durationSeconds: v.durationSeconds,
    image: type === 'image' ? v.image : null,
    fit: v.fit,
    site: type === 'content' ? refOf(v.site) : null,
    block: type === 'content' && !v.site ? refOf(v.block) : null,
    branch: type === 'menu' || type === 'pickup' ? refOf(v.branch) : null,
    products: type === 'menu' ? v.products.map((id) => ({ id })) : [],
  }
}

export function SegmentEditorPage() {
  const t = useT('bo-signage')
  const { id } = useParams()
  const isNew = id === undefined || id === 'new'
  return (
    <ResourceEditor<SegmentForm>
      resource="digital-signage-segments"
      id={isNew ? undefined : id}
      schema={createSignageSegmentBodySchema}
      toForm={segmentToForm}
      toBody={segmentToBody}
      listPath={paths.backend.resources('digital-signage-segments')}
      itemPath={(itemId) => paths.backend.resource('digital-signage-segments', itemId)}
      texts={editorTexts(
        (key) => t(`segments.${key}`),
        (item) => String((item as Named).name ?? item.id),
        'new',
      )}
      fieldLabels={{ name: t('field.name'), type: t('field.type'), durationSeconds: t('field.duration') }}
      aside={(item, replace) => (
        <HistoryAside resource="digital-signage-segments" item={item} onRestored={replace} />
      )}
    >
      {() => <SegmentFields />}
    </ResourceEditor>
  )
}

function SegmentFields() {
  const t = useT('bo-signage')
  const { branches } = useSession()
  const type = useWatch({ name: 'type' }) as string
  const [sites] = useResourceList<Named & { translations?: Record<string, { name?: string }> }>('sites')
  const [blocks] = useResourceList<Named>('blocks')
  const [products] = useResourceList<Named>('products')
  const siteName = (s: Named & { translations?: Record<string, { name?: string }> }) =>
    Object.values(s.translations ?? {})[0]?.name ?? s.id
  return (
    <>
      <FieldSet legend={t('segments.segment')}>
        <TextInput name="name" label={t('field.name')} required />
        <SelectInput
          name="type"
          label={t('field.type')}
          options={SIGNAGE_SEGMENT_TYPES.map((value) => ({ value, label: t(`type.${value}`) }))}
        />
        <NumberInput name="durationSeconds" label={t('field.duration')} suffix="s" required />
      </FieldSet>
      {type === 'image' && (
        <FieldSet legend={t('type.image')}>
          <ImageInput name="image" label={t('field.image')} />
          <SelectInput
            name="fit"
            label={t('field.fit')}
            options={[
              { value: 'contain', label: t('fit.contain') },
              { value: 'cover', label: t('fit.cover') },
            ]}
          />
        </FieldSet>
      )}
      {type === 'content' && (
        <FieldSet legend={t('type.content')}>
          <SelectInput
            name="site"
            label={t('field.site')}
            empty={t('none')}
            options={(sites.status === 'ready' ? sites.value : []).map((s) => ({
              value: s.id,
              label: siteName(s),
            }))}
          />
          <SelectInput
            name="block"
            label={t('field.block')}
            hint={t('segments.blockHint')}
            empty={t('none')}
            options={(blocks.status === 'ready' ? blocks.value : []).map((b) => ({
              value: b.id,
              label: b.name ?? b.id,
            }))}
          />
        </FieldSet>
      )}
      {(type === 'menu' || type === 'pickup') && (
        <FieldSet legend={t(`type.${type}`)}>
          <SelectInput
            name="branch"
            label={t('field.branch')}
            empty={t('none')}
            options={branches.map((b) => ({ value: b.id, label: b.name }))}
          />
          {type === 'pickup' && <p className="bo-wide ui-field__hint">{t('segments.pickupHint')}</p>}
        </FieldSet>
      )}
      {type === 'menu' && (
        <CheckboxGroup
          name="products"
          legend={t('field.products')}
          hint={t('segments.productsHint')}
          options={(products.status === 'ready' ? products.value : []).map((p) => ({
            value: p.id,
            label: p.name ?? p.id,
          }))}
        />
      )}
    </>
  )
}

// --- streams ---------------------------------------------------------------------------------

type ItemForm = {
  key: string
  segmentId: string
  durationSeconds: number | null
  scheduled: boolean
  days: string[]
  from: string
  to: string
}
type StreamForm = { name: string; items: ItemForm[] }

let itemKeys = 0
const newKey = () => `item-${++itemKeys}`

function streamToForm(item: StoredResource | null): StreamForm {
  const s = (item ?? {}) as { name?: string; items?: Record<string, unknown>[] }
  return {
    name: s.name ?? '',
    items: (s.items ?? []).map((i) => {
      const schedule = i.schedule as { days: string[]; from: string; to: string } | null
      return {
        key: newKey(),
        segmentId: String(i.segmentId ?? ''),
        durationSeconds: typeof i.durationSeconds === 'number' ? i.durationSeconds : null,
        scheduled: schedule !== null && schedule !== undefined,
        days: schedule?.days ?? [...WEEKDAYS],
        from: schedule?.from ?? '08:00',
        to: schedule?.to ?? '18:00',
      }
    }),
  }
}

function streamToBody(v: StreamForm): Record<string, unknown> {
  return {
    name: v.name,
    items: v.items.map((i) => ({
      segmentId: i.segmentId,
      durationSeconds: i.durationSeconds,
      schedule: i.scheduled ? { days: i.days, from: i.from, to: i.to } : null,
    })),
  }
}

export function StreamEditorPage() {
  const t = useT('bo-signage')
  const { id } = useParams()
  const isNew = id === undefined || id === 'new'
  return (
    <ResourceEditor<StreamForm>
      resource="digital-signage-streams"
      id={isNew ? undefined : id}
      schema={createSignageStreamBodySchema}
      toForm={streamToForm}
      toBody={streamToBody}
      listPath={paths.backend.resources('digital-signage-streams')}
      itemPath={(itemId) => paths.backend.resource('digital-signage-streams', itemId)}
      texts={editorTexts(
        (key) => t(`streams.${key}`),
        (item) => String((item as Named).name ?? item.id),
        'new',
      )}
      fieldLabels={{ name: t('field.name'), items: t('streams.items') }}
      aside={(item, replace) => (
        <HistoryAside resource="digital-signage-streams" item={item} onRestored={replace} />
      )}
    >
      {() => (
        <>
          <FieldSet legend={t('streams.stream')}>
            <TextInput name="name" label={t('field.name')} required />
          </FieldSet>
          <StreamItems />
        </>
      )}
    </ResourceEditor>
  )
}

function StreamItems() {
  const t = useT('bo-signage')
  const { control, register } = useFormContext<StreamForm>()
  const { fields, append, remove, move } = useFieldArray({ control, name: 'items', keyName: 'rowKey' })
  const [segments] = useResourceList<Segment>('digital-signage-segments')
  const options = (segments.status === 'ready' ? segments.value : []).map((s) => ({
    value: s.id,
    label: s.name ?? s.id,
  }))
  const items = useWatch({ control, name: 'items' }) as ItemForm[] | undefined
  const headingId = useId()
  const nameOf = (index: number) =>
    options.find((o) => o.value === items?.[index]?.segmentId)?.label ?? t('streams.item', { n: index + 1 })
  return (
    <section className="bo-fieldset bo-signage-items" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('streams.items')}</h2>
      {fields.length === 0 && <p className="ui-field__hint">{t('streams.noItems')}</p>}
      <SortableList
        ids={fields.map((f) => f.rowKey)}
        onMove={move}
        label={nameOf}
        className="bo-signage-item-list"
      >
        {(_key, index, { handle, moveButtons }) => (
          <div className="bo-signage-item">
            <div className="bo-signage-item__order">
              {handle}
              {moveButtons}
            </div>
            <SelectInput
              name={`items.${index}.segmentId`}
              label={t('streams.segment', { n: index + 1 })}
              options={options}
            />
            <NumberInput
              name={`items.${index}.durationSeconds`}
              label={t('streams.duration', { n: index + 1 })}
              hint={t('streams.durationHint')}
              suffix="s"
            />
            <div className="bo-check">
              <label>
                <input type="checkbox" {...register(`items.${index}.scheduled`)} />{' '}
                {t('streams.scheduled', { n: index + 1 })}
              </label>
            </div>
            {items?.[index]?.scheduled && (
              <div className="bo-signage-schedule">
                <CheckboxGroup
                  name={`items.${index}.days`}
                  legend={t('streams.days', { n: index + 1 })}
                  options={WEEKDAYS.map((d) => ({ value: d, label: t(`weekday.${d}`) }))}
                />
                <TextInput name={`items.${index}.from`} label={t('streams.from', { n: index + 1 })} />
                <TextInput
                  name={`items.${index}.to`}
                  label={t('streams.to', { n: index + 1 })}
                  hint={t('streams.toHint')}
                />
              </div>
            )}
            <Button small variant="ghost" onClick={() => remove(index)}>
              {t('streams.remove', { name: nameOf(index) })}
            </Button>
          </div>
        )}
      </SortableList>
      <Button
        small
        variant="secondary"
        disabled={options.length === 0}
        onClick={() =>
          append({
            key: newKey(),
            segmentId: options[0]?.value ?? '',
            durationSeconds: null,
            scheduled: false,
            days: [...WEEKDAYS],
            from: '08:00',
            to: '18:00',
          })
        }
      >
        {t('streams.add')}
      </Button>
    </section>
  )
}

// --- screens ---------------------------------------------------------------------------------

type ScreenForm = { name: string; branch: string | null; deviceId: string | null; streamId: string | null }

export function ScreenEditorPage() {
  const t = useT('bo-signage')
  const { branches } = useSession()
  const { id } = useParams()
  const isNew = id === undefined || id === 'new'
  const [devices] = useResourceList<Named & { kind?: string }>('devices')
  const [streams] = useResourceList<Stream>('digital-signage-streams')
  const signageDevices = (devices.status === 'ready' ? devices.value : []).filter((d) => d.kind === 'signage')
  return (
    <ResourceEditor<ScreenForm>
      resource="digital-signage-devices"
      id={isNew ? undefined : id}
      schema={createSignageDeviceBodySchema}
      toForm={(item) => {
        const s = (item ?? {}) as Screen
        return {
          name: s.name ?? '',
          branch: idOf(s.branch),
          deviceId: s.deviceId ?? null,
          streamId: s.streamId ?? null,
        }
      }}
      toBody={(v) => ({
        name: v.name,
        branch: refOf(v.branch),
        deviceId: v.deviceId ?? '',
        streamId: v.streamId,
      })}
      listPath={paths.backend.resources('digital-signage-devices')}
      itemPath={(itemId) => paths.backend.resource('digital-signage-devices', itemId)}
      texts={editorTexts(
        (key) => t(`screens.${key}`),
        (item) => String((item as Named).name ?? item.id),
        'new',
      )}
      fieldLabels={{
        name: t('field.name'),
        branch: t('field.branch'),
        deviceId: t('field.device'),
        streamId: t('field.stream'),
      }}
      aside={(item, replace) => (
        <HistoryAside resource="digital-signage-devices" item={item} onRestored={replace} />
      )}
    >
      {(_form, item) => (
        <>
          <FieldSet legend={t('screens.screen')}>
            <TextInput name="name" label={t('field.name')} required />
            <SelectInput
              name="branch"
              label={t('field.branch')}
              empty={t('none')}
              options={branches.map((b) => ({ value: b.id, label: b.name }))}
            />
            <SelectInput
              name="deviceId"
              label={t('field.device')}
              hint={t('screens.deviceHint')}
              empty={t('none')}
              options={signageDevices.map((d) => ({ value: d.id, label: d.name ?? d.id }))}
            />
            <SelectInput
              name="streamId"
              label={t('field.stream')}
              empty={t('none')}
              options={(streams.status === 'ready' ? streams.value : []).map((s) => ({
                value: s.id,
                label: s.name ?? s.id,
              }))}
            />
          </FieldSet>
          {item && <ScreenCommands screenId={item.id} />}
        </>
      )}
    </ResourceEditor>
  )
}

/** The commands to the screen, each answered once the screen acknowledged it (or not, in 5 s). */
function ScreenCommands({ screenId }: { screenId: string }) {
  const t = useT('bo-signage')
  const [segments] = useResourceList<Segment>('digital-signage-segments')
  const [segmentId, setSegmentId] = useState('')
  const [busy, setBusy] = useState(false)
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null)
  const headingId = useId()
  const options = segments.status === 'ready' ? segments.value : []
  const run = async (label: string, path: string, body?: unknown) => {
    setBusy(true)
    setResult(null)
    try {
      await apiSend('POST', `/digital-signage-devices/${encodeURIComponent(screenId)}${path}`, body)
      setResult({ ok: true, text: t('commands.done', { command: label }) })
    } catch (e) {
      setResult({
        ok: false,
        text: messageOf(e, t(path.endsWith('abort') ? 'commands.abortFailed' : 'commands.failed')),
      })
    } finally {
      setBusy(false)
    }
  }
  const chosen = segmentId || options[0]?.id || ''
  return (
    <section className="bo-fieldset bo-signage-commands" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('commands.title')}</h2>
      <p className="bo-wide ui-field__hint">{t('commands.intro')}</p>
      <div className="bo-signage-commands__row">
        <Button
          variant="secondary"
          disabled={busy}
          onClick={() => void run(t('commands.reload'), '/command', { type: 'reload' })}
        >
          {t('commands.reload')}
        </Button>
        <Button
          variant="secondary"
          disabled={busy}
          onClick={() => void run(t('commands.identify'), '/command', { type: 'identify' })}
        >
          {t('commands.identify')}
        </Button>
        <Button
          variant="ghost"
          disabled={busy}
          onClick={() => void run(t('commands.abort'), '/command/abort')}
        >
          {t('commands.abort')}
        </Button>
      </div>
      <div className="bo-signage-commands__row">
        <Field label={t('commands.segment')}>
          <select className="ui-input" value={chosen} onChange={(e) => setSegmentId(e.target.value)}>
            {options.map((s) => (
              <option key={s.id} value={s.id}>
                {s.name ?? s.id}
              </option>
            ))}
          </select>
        </Field>
        <Button
          variant="secondary"
          disabled={busy || !chosen}
          onClick={() =>
            void run(t('commands.showSegment'), '/command', { type: 'showSegment', segmentId: chosen })
          }
        >
          {t('commands.showSegment')}
        </Button>
      </div>
      <div role="status" aria-live="polite">
        {busy && <p>{t('commands.waiting')}</p>}
        {result && <Notice tone={result.ok ? 'success' : 'danger'}>{result.text}</Notice>}
      </div>
    </section>
  )
}
