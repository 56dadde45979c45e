/**
 * Typed content in an editor's form (spec §3 field-type catalogue; issue 19): renders any content
 * configuration of shared/domain/content inside the editor's react-hook-form form, each value at
 * `${name}.${field.name}` (the API's dotted paths, so the shared validator's and the server's
 * errors land at their fields). The rules are the configuration's: the editor's resolver checks
 * them with the same `contentSchemaOf` the server uses.
 */
import {
  type CollectionFieldConfig,
  type ContentConfig,
  type DateFieldConfig,
  defaultItem,
  type FieldConfig,
  type GroupFieldConfig,
  type MarkdownFieldConfig,
  type TabsFieldConfig,
  valueFields,
} from '@shop/shared/domain/content'
import { Button, Field } from '@shop/ui'
import { type KeyboardEvent, type ReactNode, useId, useRef, useState } from 'react'
import { get, useFieldArray, useWatch } from 'react-hook-form'
import {
  CheckboxGroup,
  CheckboxInput,
  FieldSet,
  NumberInput,
  SelectInput,
  TextInput,
  useFormContext,
} from '../forms.tsx'
import { useT } from '../i18n.tsx'
import { ImageInput } from '../image-picker.tsx'
import { RichTextField } from '../rich-text/index.tsx'
import { SortableList } from '../sortable.tsx'
import { useErrorAt, useLabel } from './hooks.ts'
import './typed-content.css'
import { FileInput, FilesInput, ImagesInput, ReferenceInput } from './pickers.tsx'

/** Every field of a content configuration, at `name` in the form. */
export function TypedContentFields({ config, name }: { config: ContentConfig; name: string }) {
  return (
    <>
      {config.fields.map((field) => (
        <TypedField key={field.name} field={field} base={name} />
      ))}
    </>
  )
}

const pathOf = (base: string, key: string | number) => (base ? `${base}.${key}` : String(key))

function TypedField({ field, base }: { field: FieldConfig; base: string }): ReactNode {
  const label = useLabel()
  if (field.type === 'tabs') return <TabsField field={field} base={base} />
  const name = pathOf(base, field.name)
  const common = {
    name,
    label: label(field.label),
    ...(field.description ? { hint: label(field.description) } : {}),
    ...(field.required ? { required: true } : {}),
  }
  const placeholder = field.placeholder ? label(field.placeholder) : undefined
  switch (field.type) {
    case 'text':
      return (
        <TextInput
          {...common}
          className="bo-wide"
          type={field.format === 'url' ? 'url' : 'text'}
          {...(placeholder ? { placeholder } : {})}
        />
      )
    case 'textarea':
      return (
        <TextInput
          {...common}
          className="bo-wide"
          rows={field.rows ?? 3}
          {...(placeholder ? { placeholder } : {})}
        />
      )
    case 'wysiwyg':
      return (
        <div className="bo-wide">
          <RichTextField name={name} label={common.label} {...(common.hint ? { hint: common.hint } : {})} />
        </div>
      )
    case 'markdown':
      return <MarkdownInput field={field} name={name} />
    case 'number':
      return (
        <NumberInput {...common} {...(field.decimals !== undefined ? { decimals: field.decimals } : {})} />
      )
    case 'date':
      return <DateInput field={field} name={name} />
    case 'boolean':
      return (
        <CheckboxInput name={name} label={common.label} {...(common.hint ? { hint: common.hint } : {})} />
      )
    case 'select':
      return (
        <SelectInput
          {...common}
          options={field.options.map((o) => ({ value: o.value, label: label(o.label) }))}
          {...(field.required ? {} : { empty: '–' })}
        />
      )
    case 'multiselect':
      return (
        <CheckboxGroup
          name={name}
          legend={common.label}
          {...(common.hint ? { hint: common.hint } : {})}
          options={field.options.map((o) => ({ value: o.value, label: label(o.label) }))}
        />
      )
    case 'image':
      return (
        <div className="bo-wide">
          <ImageInput name={name} label={common.label} />
        </div>
      )
    case 'images':
      return <ImagesInput name={name} label={common.label} hint={common.hint} />
    case 'file':
      return <FileInput name={name} label={common.label} hint={common.hint} />
    case 'files':
      return <FilesInput name={name} label={common.label} hint={common.hint} />
    case 'reference':
      return <ReferenceInput field={field} name={name} />
    case 'group':
      return <GroupField field={field} name={name} />
    case 'collection':
      return <CollectionField field={field} name={name} />
  }
}

/** A date and time, 24-hour, to the minute (the browser's own picker); empty is null. */
function DateInput({ field, name }: { field: DateFieldConfig; name: string }) {
  const label = useLabel()
  const { register } = useFormContext()
  const error = useErrorAt(name)
  return (
    <Field
      label={label(field.label)}
      hint={field.description ? label(field.description) : undefined}
      error={error}
      required={field.required ?? false}
    >
      <input
        type="datetime-local"
        step={60}
        className="ui-input"
        {...register(name, { setValueAs: (v: unknown) => (v === '' || v === undefined ? null : v) })}
      />
    </Field>
  )
}

/**
 * Markdown as plain text with a preview beside it: the storefront shows it as paragraphs (blank
 * lines) of lines, which the preview shows the same way.
 */
function MarkdownInput({ field, name }: { field: MarkdownFieldConfig; name: string }) {
  const t = useT('bo-typed-content')
  const label = useLabel()
  const { control } = useFormContext()
  const value = useWatch({ control, name }) as unknown
  const [preview, setPreview] = useState(false)
  const previewId = useId()
  const paragraphs = String(value ?? '')
    .replace(/\r\n?/g, '\n')
    .split(/\n[ \t]*\n/)
    .map((p) => p.trim())
    .filter(Boolean)
  return (
    <div className="bo-wide bo-tc-markdown">
      <TextInput
        name={name}
        label={label(field.label)}
        rows={6}
        className="bo-wide"
        {...(field.description ? { hint: label(field.description) } : {})}
        {...(field.required ? { required: true } : {})}
      />
      <Button
        small
        variant="secondary"
        aria-expanded={preview}
        aria-controls={previewId}
        onClick={() => setPreview((p) => !p)}
      >
        {preview ? t('markdown.hidePreview') : t('markdown.showPreview')}
      </Button>
      <section
        id={previewId}
        hidden={!preview}
        className="bo-tc-markdown__preview"
        aria-label={t('markdown.preview')}
      >
        {paragraphs.length === 0 ? (
          <p className="ui-field__hint">{t('markdown.empty')}</p>
        ) : (
          paragraphs.map((p, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: paragraphs have no identity but their order
            <p key={i}>
              {p.split('\n').map((line, j) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: lines have no identity but their order
                <span key={j}>
                  {j > 0 ? <br /> : null}
                  {line}
                </span>
              ))}
            </p>
          ))
        )}
      </section>
    </div>
  )
}

function GroupField({ field, name }: { field: GroupFieldConfig; name: string }) {
  const label = useLabel()
  const columns = field.layout === 'grid' ? (field.columns ?? 2) : 1
  return (
    <FieldSet legend={label(field.label)} className={`bo-wide bo-tc-group bo-tc-group--${columns}`}>
      {field.description ? <p className="bo-wide ui-field__hint">{label(field.description)}</p> : null}
      <TypedContentFields config={{ fields: field.fields }} name={name} />
    </FieldSet>
  )
}

/**
 * Tabs (WAI-ARIA tabs: arrow keys, Home and End move between them, the panel follows). Every
 * panel stays in the form (hidden when not chosen), so its fields keep their values and errors;
 * a tab with an error says so.
 */
function TabsField({ field, base }: { field: TabsFieldConfig; base: string }) {
  const t = useT('bo-typed-content')
  const label = useLabel()
  const id = useId()
  const [active, setActive] = useState(0)
  const tabs = useRef<(HTMLButtonElement | null)[]>([])
  const { formState } = useFormContext()
  const hasError = (index: number) =>
    valueFields(field.tabs[index]?.fields ?? []).some((f) => get(formState.errors, pathOf(base, f.name)))
  const onKey = (e: KeyboardEvent) => {
    const last = field.tabs.length - 1
    const next =
      e.key === 'ArrowRight'
        ? active === last
          ? 0
          : active + 1
        : e.key === 'ArrowLeft'
          ? active === 0
            ? last
            : active - 1
          : e.key === 'Home'
            ? 0
            : e.key === 'End'
              ? last
              : undefined
    if (next === undefined) return
    e.preventDefault()
    setActive(next)
    tabs.current[next]?.focus()
  }
  return (
    <div className="bo-wide bo-tc-tabs">
      <div
        role="tablist"
        className="bo-tc-tabs__list"
        aria-label={field.label ? label(field.label) : undefined}
        onKeyDown={onKey}
      >
        {field.tabs.map((tab, index) => (
          <button
            // biome-ignore lint/suspicious/noArrayIndexKey: tabs are fixed by the configuration
            key={index}
            ref={(el) => {
              tabs.current[index] = el
            }}
            type="button"
            role="tab"
            id={`${id}-tab-${index}`}
            aria-selected={index === active}
            aria-controls={`${id}-panel-${index}`}
            tabIndex={index === active ? 0 : -1}
            className="bo-tc-tabs__tab"
            onClick={() => setActive(index)}
          >
            {label(tab.label)}
            {hasError(index) ? <span className="bo-tc-tabs__error"> ({t('tabs.hasError')})</span> : null}
          </button>
        ))}
      </div>
      {field.tabs.map((tab, index) => (
        <div
          // biome-ignore lint/suspicious/noArrayIndexKey: tabs are fixed by the configuration
          key={index}
          role="tabpanel"
          id={`${id}-panel-${index}`}
          aria-labelledby={`${id}-tab-${index}`}
          hidden={index !== active}
          className="bo-tc-tabs__panel bo-tc-grid"
        >
          <TypedContentFields config={{ fields: tab.fields }} name={base} />
        </div>
      ))}
    </div>
  )
}

/** A short name of an item for its header and the move buttons: its type and first text. */
function itemSummary(item: Record<string, unknown> | undefined): string {
  if (!item) return ''
  for (const key of ['title', 'label', 'name', 'value', 'text', 'body']) {
    const v = item[key]
    if (typeof v === 'string' && v.trim()) {
      const text = v
        .replace(/<[^>]*>/g, ' ')
        .replace(/\s+/g, ' ')
        .trim()
      if (text) return text.length > 40 ? `${text.slice(0, 40)}…` : text
    }
  }
  return ''
}

/**
 * A collection: its items in order, each of one of the item types with its own fields; items are
 * added by type, removed, and reordered by dragging (or Space and the arrow keys on the handle,
 * or the move buttons).
 */
function CollectionField({ field, name }: { field: CollectionFieldConfig; name: string }) {
  const t = useT('bo-typed-content')
  const label = useLabel()
  const { control } = useFormContext()
  const items = useFieldArray({ control, name, keyName: 'key' })
  const values = (useWatch({ control, name }) ?? []) as Record<string, unknown>[]
  const error = useErrorAt(name)
  const headingId = useId()
  const addRef = useRef<HTMLDivElement>(null)
  // The item's type from the list's own entries (an item's type never changes): the watched
  // values can be one render ahead of the order after a move, and would give an item the fields
  // of its neighbour's type for that render.
  const typeOf = (index: number) => {
    const type = ((items.fields[index] as { type?: unknown } | undefined)?.type ??
      values[index]?.type) as string
    return field.itemTypes.find((it) => it.type === type)
  }
  const itemName = (index: number) => {
    const type = typeOf(index)
    const summary = itemSummary(values[index])
    return `${index + 1}. ${type ? label(type.label) : t('collection.unknown')}${summary ? `: ${summary}` : ''}`
  }
  const full = field.max !== undefined && items.fields.length >= field.max
  return (
    <section className="bo-wide bo-tc-collection" aria-labelledby={headingId}>
      <h3 id={headingId} className="bo-tc-collection__title">
        {label(field.label)}
        {field.required ? <span aria-hidden="true"> *</span> : null}
      </h3>
      {field.description ? <p className="ui-field__hint">{label(field.description)}</p> : null}
      {items.fields.length === 0 ? <p className="ui-field__hint">{t('collection.empty')}</p> : null}
      <SortableList
        ids={items.fields.map((f) => f.key)}
        onMove={(from, to) => items.move(from, to)}
        label={itemName}
        className={`bo-sortable bo-tc-collection__items${field.layout === 'grid' ? ' bo-tc-collection__items--grid' : ''}`}
      >
        {(_key, index, { handle, moveButtons }) => {
          const type = typeOf(index)
          const itemPath = `${name}.${index}`
          return (
            <article className="bo-tc-item" aria-label={itemName(index)}>
              <header className="bo-tc-item__head">
                {handle}
                <span className="bo-tc-item__title">{itemName(index)}</span>
                {moveButtons}
                <Button
                  small
                  variant="ghost"
                  aria-label={t('collection.remove', { name: itemName(index) })}
                  onClick={() => {
                    items.remove(index)
                    addRef.current?.querySelector('button')?.focus()
                  }}
                >
                  {t('collection.removeShort')}
                </Button>
              </header>
              <div className="bo-tc-item__body bo-tc-grid">
                {type ? (
                  <TypedContentFields config={{ fields: type.fields }} name={itemPath} />
                ) : (
                  <p className="ui-field__hint">{t('collection.unknownHint')}</p>
                )}
              </div>
            </article>
          )
        }}
      </SortableList>
      {error ? (
        <p className="ui-field__error" role="alert">
          {error}
        </p>
      ) : null}
      <div className="bo-tc-collection__add" ref={addRef}>
        {field.itemTypes.map((it) => (
          <Button
            key={it.type}
            small
            variant="secondary"
            disabled={full}
            onClick={() => items.append(defaultItem(it), { shouldFocus: false })}
          >
            {t('collection.addType', { type: label(it.label) })}
          </Button>
        ))}
      </div>
    </section>
  )
}
