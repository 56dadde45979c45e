/**
 * Image templates (issue 19, part 7; admins): the list, and the editor of one: its name and size
 * (presets for a social image, a square, a product picture and a banner) and its layers, bottom
 * first, added, removed and reordered by dragging (with Space and the arrow keys on the handle,
 * and "move up / down" buttons), each with its properties; a preview drawn by the server from the
 * form as it is, and "create image", which draws the saved template into a new image of the
 * media library.
 */
import './templates.css'
import { createImageTemplateBodySchema } from '@shop/shared/contracts'
import { Button, Notice } from '@shop/ui'
import { paths } from '@shop/ui/routes'
import { useEffect, useId, useMemo, useState } from 'react'
import { useFieldArray, useWatch } from 'react-hook-form'
import { Link, useParams } from 'react-router'
import { apiRaw, apiSend, messageOf } from '../../lib/api.ts'
import { type ColumnDef, DataTable } from '../../lib/data-table.tsx'
import { editorTexts, ResourceEditor } from '../../lib/editor.tsx'
import { FONT_VARIANTS, type FontItem, variantLabel } from '../../lib/fonts.ts'
import { FieldSet, NumberInput, SelectInput, TextInput, useFormContext } from '../../lib/forms.tsx'
import { HistoryAside } from '../../lib/history-aside.tsx'
import { useT } from '../../lib/i18n.tsx'
import { ImageInput } from '../../lib/image-picker.tsx'
import { ListPage } from '../../lib/list-page.tsx'
import { type StoredResource, useResourceList } from '../../lib/resources.ts'
import { SortableList } from '../../lib/sortable.tsx'
import {
  type LayerForm,
  type LayerType,
  newLayer,
  PRESETS,
  type TemplateForm,
  templateToBody,
  templateToForm,
} from './template-model.ts'

type Template = StoredResource & { name: string; width: number; height: number; layers: unknown[] }

export function TemplateListPage() {
  const t = useT('bo-templates')
  const [templates, reload] = useResourceList<Template>('image-templates')
  const [query, setQuery] = useState('')
  const rows = useMemo(() => {
    const all = templates.status === 'ready' ? templates.value : []
    const q = query.trim().toLowerCase()
    return all.filter((x) => q === '' || x.name.toLowerCase().includes(q))
  }, [templates, query])
  const columns = useMemo<ColumnDef<Template, unknown>[]>(
    () => [
      {
        id: 'name',
        header: t('name'),
        accessorFn: (x) => x.name,
        cell: ({ row }) => (
          <Link to={paths.backend.resource('image-templates', row.original.id)}>{row.original.name}</Link>
        ),
      },
      { id: 'size', header: t('size'), accessorFn: (x) => `${x.width} × ${x.height}` },
      { id: 'layers', header: t('layers.title'), accessorFn: (x) => x.layers?.length ?? 0 },
    ],
    [t],
  )
  return (
    <ListPage
      title={t('title')}
      create={{ to: paths.backend.newResource('image-templates'), label: t('new') }}
      search={{ value: query, onChange: setQuery }}
      state={templates}
      failedText={t('error.listLoad')}
      retry={reload}
    >
      {() => (
        <DataTable
          rows={rows}
          columns={columns}
          rowId={(x) => x.id}
          caption={t('title')}
          empty={t('empty')}
          initialSorting={[{ id: 'name', desc: false }]}
        />
      )}
    </ListPage>
  )
}

export function TemplateEditorPage() {
  const t = useT('bo-templates')
  const { id } = useParams()
  const isNew = id === undefined || id === 'new'
  return (
    <ResourceEditor<TemplateForm>
      resource="image-templates"
      id={isNew ? undefined : id}
      schema={createImageTemplateBodySchema}
      toForm={templateToForm}
      toBody={(values) => templateToBody(values)}
      listPath={paths.backend.resources('image-templates')}
      itemPath={(templateId) => paths.backend.resource('image-templates', templateId)}
      texts={editorTexts(t, (item) => String(item.name ?? ''))}
      fieldLabels={{ name: t('name'), width: t('width'), height: t('height'), layers: t('layers.title') }}
      aside={(item, replace) => <HistoryAside resource="image-templates" item={item} onRestored={replace} />}
    >
      {(_form, item) => (
        <>
          <FieldSet legend={t('basics')}>
            <TextInput name="name" label={t('name')} required className="bo-wide" />
            <SizeFields />
          </FieldSet>
          <LayerList />
          <PreviewPanel item={item} />
        </>
      )}
    </ResourceEditor>
  )
}

function SizeFields() {
  const t = useT('bo-templates')
  const { setValue } = useFormContext<TemplateForm>()
  return (
    <>
      <NumberInput name="width" label={t('width')} suffix="px" required />
      <NumberInput name="height" label={t('height')} suffix="px" required />
      <div className="bo-templates__presets">
        {Object.entries(PRESETS).map(([key, size]) => (
          <Button
            key={key}
            small
            variant="secondary"
            onClick={() => {
              setValue('width', size.width, { shouldDirty: true })
              setValue('height', size.height, { shouldDirty: true })
            }}
          >
            {t(`preset.${key}`, { width: size.width, height: size.height })}
          </Button>
        ))}
      </div>
    </>
  )
}

const LAYER_TYPES: LayerType[] = ['text', 'image', 'logo', 'rectangle']

function LayerList() {
  const t = useT('bo-templates')
  const { control, getValues } = useFormContext<TemplateForm>()
  const { fields, append, remove, move } = useFieldArray({ control, name: 'layers', keyName: 'key' })
  const [fonts] = useResourceList<FontItem>('fonts')
  const [open, setOpen] = useState<string | null>(null)
  const layers = useWatch<TemplateForm, 'layers'>({ name: 'layers' }) ?? []
  const label = (index: number) => {
    const layer = layers[index]
    if (!layer) return ''
    const text = layer.type === 'text' && typeof layer.text === 'string' ? `: ${layer.text.slice(0, 30)}` : ''
    return `${index + 1}. ${t(`type.${layer.type}`)}${text}`
  }
  const add = (type: LayerType) => {
    const values = getValues()
    const canvas = { width: values.width ?? 1200, height: values.height ?? 630 }
    const firstFont = fonts.status === 'ready' ? fonts.value[0]?.family : undefined
    const layer = newLayer(
      type,
      canvas,
      values.layers.map((l) => l.id),
      firstFont,
    )
    append(layer)
    setOpen(layer.id)
  }
  return (
    <FieldSet legend={t('layers.title')} className="bo-templates__layers">
      <p className="bo-muted bo-wide">{t('layers.hint')}</p>
      {fields.length === 0 ? <p className="bo-wide">{t('layers.none')}</p> : null}
      <SortableList
        ids={fields.map((f) => f.key)}
        onMove={move}
        label={label}
        className="bo-templates__list bo-wide"
      >
        {(key, index, { handle, moveButtons }) => {
          // Which layer this is, checked against the list's own entry (a layer's id never
          // changes): the watched values can be one render ahead of the order after a move, and
          // would give this item its neighbour's fields for that render.
          const watched = layers[index]
          const layer = watched && watched.id === fields[index]?.id ? watched : undefined
          const expanded = layer !== undefined && open === layer.id
          const panelId = `layer-panel-${key}`
          return (
            <div className="bo-templates__layer">
              <div className="bo-templates__layer-head">
                {handle}
                <span className="bo-templates__layer-name">{label(index)}</span>
                {moveButtons}
                <Button
                  small
                  variant="secondary"
                  aria-expanded={expanded}
                  aria-controls={panelId}
                  onClick={() => setOpen(expanded ? null : (layer?.id ?? null))}
                >
                  {expanded ? t('layers.close') : t('layers.edit')}
                </Button>
                <Button
                  small
                  variant="danger"
                  aria-label={t('layers.removeNamed', { name: label(index) })}
                  onClick={() => remove(index)}
                >
                  {t('layers.remove')}
                </Button>
              </div>
              {expanded && layer ? (
                <div id={panelId} className="bo-templates__props">
                  <LayerFields
                    index={index}
                    layer={layer}
                    fonts={fonts.status === 'ready' ? fonts.value : []}
                  />
                </div>
              ) : null}
            </div>
          )
        }}
      </SortableList>
      <div className="bo-templates__add bo-wide">
        {LAYER_TYPES.map((type) => (
          <Button key={type} small variant="secondary" onClick={() => add(type)}>
            {t(`add.${type}`)}
          </Button>
        ))}
      </div>
    </FieldSet>
  )
}

function ColorInput({ name, label }: { name: string; label: string }) {
  const { register } = useFormContext()
  const id = useId()
  return (
    <div className="ui-field">
      <label className="ui-field__label" htmlFor={id}>
        {label}
      </label>
      <input id={id} className="bo-templates__color" type="color" {...register(name)} />
    </div>
  )
}

function BoxFields({ at }: { at: string }) {
  const t = useT('bo-templates')
  return (
    <>
      <NumberInput name={`${at}.x`} label={t('field.x')} suffix="px" />
      <NumberInput name={`${at}.y`} label={t('field.y')} suffix="px" />
      <NumberInput name={`${at}.width`} label={t('field.width')} suffix="px" />
      <NumberInput name={`${at}.height`} label={t('field.height')} suffix="px" />
    </>
  )
}

function LayerFields({ index, layer, fonts }: { index: number; layer: LayerForm; fonts: FontItem[] }) {
  const t = useT('bo-templates')
  const [branches] = useResourceList<StoredResource & { name: string }>('branches')
  const at = `layers.${index}`
  const fits = [
    { value: 'cover', label: t('fit.cover') },
    { value: 'contain', label: t('fit.contain') },
  ]
  switch (layer.type) {
    case 'rectangle':
      return (
        <>
          <BoxFields at={at} />
          <ColorInput name={`${at}.color`} label={t('field.color')} />
          <NumberInput name={`${at}.opacity`} label={t('field.opacity')} decimals={2} />
        </>
      )
    case 'image':
      return (
        <>
          <ImageInput name={`${at}.image`} label={t('field.image')} />
          <SelectInput name={`${at}.fit`} label={t('field.fit')} options={fits} />
          <BoxFields at={at} />
        </>
      )
    case 'logo':
      return (
        <>
          <SelectInput
            name={`${at}.branch.id`}
            label={t('field.branch')}
            empty={t('field.branchAny')}
            options={(branches.status === 'ready' ? branches.value : []).map((b) => ({
              value: b.id,
              label: b.name,
            }))}
          />
          <SelectInput name={`${at}.fit`} label={t('field.fit')} options={fits} />
          <BoxFields at={at} />
        </>
      )
    case 'text': {
      const family = fonts.find((f) => f.family === layer.font)
      const variants = family?.variants.length ? family.variants : FONT_VARIANTS
      return (
        <>
          <TextInput name={`${at}.text`} label={t('field.text')} rows={2} required className="bo-wide" />
          <SelectInput
            name={`${at}.font`}
            label={t('field.font')}
            options={fonts.map((f) => ({ value: f.family, label: f.family }))}
            required
          />
          <SelectInput
            name={`${at}.variant`}
            label={t('field.variant')}
            options={variants.map((v) => ({ value: v, label: variantLabel(t, v) }))}
          />
          <NumberInput name={`${at}.size`} label={t('field.size')} suffix="px" required />
          <ColorInput name={`${at}.color`} label={t('field.color')} />
          <SelectInput
            name={`${at}.align`}
            label={t('field.align')}
            options={['left', 'center', 'right'].map((a) => ({ value: a, label: t(`align.${a}`) }))}
          />
          <NumberInput
            name={`${at}.x`}
            label={t('field.anchorX')}
            hint={t('field.anchorXHint')}
            suffix="px"
          />
          <NumberInput name={`${at}.y`} label={t('field.anchorY')} suffix="px" />
          <NumberInput name={`${at}.maxWidth`} label={t('field.maxWidth')} suffix="px" required />
        </>
      )
    }
  }
}

/** The server's drawing of the form as it is now, and the saved template made into an image. */
function PreviewPanel({ item }: { item: StoredResource | null }) {
  const t = useT('bo-templates')
  const { getValues } = useFormContext<TemplateForm>()
  const [url, setUrl] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const [message, setMessage] = useState<{ tone: 'danger' | 'success'; text: string; image?: string } | null>(
    null,
  )
  useEffect(
    () => () => {
      if (url) URL.revokeObjectURL(url)
    },
    [url],
  )
  const preview = async () => {
    setBusy(true)
    setMessage(null)
    try {
      const { width, height, layers } = templateToBody(getValues())
      const res = await apiRaw('POST', '/image-templates/preview', { width, height, layers, format: 'png' })
      if (!res.ok) {
        const body = (await res.json().catch(() => null)) as { errors?: { message: string }[] } | null
        setMessage({ tone: 'danger', text: body?.errors?.[0]?.message ?? t('error.preview') })
        return
      }
      setUrl(URL.createObjectURL(await res.blob()))
    } catch {
      setMessage({ tone: 'danger', text: t('error.preview') })
    } finally {
      setBusy(false)
    }
  }
  const createImage = async () => {
    if (!item) return
    setBusy(true)
    setMessage(null)
    try {
      const image = await apiSend<{ id: string }>(
        'POST',
        `/image-templates/${encodeURIComponent(item.id)}/images`,
        {
          format: 'png',
        },
      )
      setMessage({ tone: 'success', text: t('created'), image: image.id })
    } catch (error) {
      setMessage({ tone: 'danger', text: messageOf(error, t('error.createImage')) })
    } finally {
      setBusy(false)
    }
  }
  return (
    <section className="bo-templates__preview" aria-labelledby="template-preview-title">
      <h2 id="template-preview-title">{t('preview.title')}</h2>
      <div className="bo-templates__preview-actions">
        <Button variant="secondary" disabled={busy} onClick={() => void preview()}>
          {t('preview.show')}
        </Button>
        {item ? (
          <Button disabled={busy} onClick={() => void createImage()}>
            {t('preview.create')}
          </Button>
        ) : null}
      </div>
      <p className="bo-muted">{item ? t('preview.createHint') : t('preview.saveFirst')}</p>
      {message ? (
        <Notice tone={message.tone} live={message.tone === 'danger' ? 'assertive' : 'polite'}>
          <p>
            {message.text}{' '}
            {message.image ? (
              <Link to={paths.backend.mediaItem('image', message.image)}>{t('openImage')}</Link>
            ) : null}
          </p>
        </Notice>
      ) : null}
      {url ? <img className="bo-templates__image" src={url} alt={t('preview.alt')} /> : null}
    </section>
  )
}
