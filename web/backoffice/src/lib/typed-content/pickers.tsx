/**
 * The typed-content fields that pick something stored: pictures of the media library (several,
 * in order), uploaded files, and a reference to a block, site, category, product or scene (a
 * searchable list of them).
 */
import type { ReferenceFieldConfig, ReferenceTarget } from '@shop/shared/domain/content'
import { Button } from '@shop/ui'
import { type ReactNode, useId, useMemo, useState } from 'react'
import {
  Button as AriaButton,
  ComboBox,
  Input,
  Label,
  ListBox,
  ListBoxItem,
  Popover,
  Text,
} from 'react-aria-components'
import { useController } from 'react-hook-form'
import { messageOf } from '../api.ts'
// react-aria's press handling wants an inline <style> the back-office's policy refuses.
import '../combobox.css'
import '../react-aria-csp.ts'
import { useFormContext } from '../forms.tsx'
import { useLocale, useT } from '../i18n.tsx'
import { ImagePicker, type ImageRef, imageUrl, uploadFile } from '../image-picker.tsx'
import { type StoredResource, useResourceList } from '../resources.ts'
import { SortableList } from '../sortable.tsx'
import { useErrorAt, useLabel } from './hooks.ts'

type FileRef = { id: string; version: number; extension: string; publicHash: string }

/** Several pictures in order: added from the media library (or uploaded), moved, removed. */
export function ImagesInput({ name, label, hint }: { name: string; label: string; hint?: ReactNode }) {
  const t = useT('bo-typed-content')
  const { control } = useFormContext()
  const { field } = useController({ name, control })
  const error = useErrorAt(name)
  const images = (Array.isArray(field.value) ? field.value : []) as ImageRef[]
  const headingId = useId()
  // Keys that stay with their picture while the list is reordered (a picture may appear twice).
  const [keys, setKeys] = useState<string[]>(() => images.map(() => crypto.randomUUID()))
  const ids = images.map((_, i) => keys[i] ?? `k${i}`)
  if (keys.length < images.length)
    setKeys([...keys, ...images.slice(keys.length).map(() => crypto.randomUUID())])
  const set = (next: ImageRef[], nextKeys: string[]) => {
    setKeys(nextKeys)
    field.onChange(next)
  }
  const move = (from: number, to: number) => {
    const next = [...images]
    const nextKeys = [...ids]
    const [image] = next.splice(from, 1)
    const [key] = nextKeys.splice(from, 1)
    if (!image || !key) return
    next.splice(to, 0, image)
    nextKeys.splice(to, 0, key)
    set(next, nextKeys)
  }
  const name_ = (index: number) => t('images.item', { position: index + 1 })
  return (
    <section className="bo-wide bo-tc-images" aria-labelledby={headingId}>
      <h3 id={headingId} className="bo-tc-collection__title">
        {label}
      </h3>
      {hint ? <p className="ui-field__hint">{hint}</p> : null}
      {images.length === 0 ? <p className="ui-field__hint">{t('images.empty')}</p> : null}
      <SortableList ids={ids} onMove={move} label={name_} grid className="bo-sortable bo-tc-images__list">
        {(_key, index, { handle, moveButtons }) => {
          const image = images[index]
          if (!image) return null
          return (
            <div className="bo-tc-images__item">
              <img src={imageUrl(image)} alt={name_(index)} width={96} height={96} />
              <div className="bo-tc-images__tools">
                {handle}
                {moveButtons}
                <Button
                  small
                  variant="ghost"
                  aria-label={t('images.remove', { name: name_(index) })}
                  onClick={() =>
                    set(
                      images.filter((_, i) => i !== index),
                      ids.filter((_, i) => i !== index),
                    )
                  }
                >
                  ✕
                </Button>
              </div>
            </div>
          )
        }}
      </SortableList>
      <ImagePicker
        label={t('images.add')}
        value={null}
        onChange={(image) => {
          if (image) set([...images, image], [...ids, crypto.randomUUID()])
        }}
        error={error}
      />
    </section>
  )
}

const fileUrl = (f: FileRef) => `/upload/${f.publicHash}/${f.id}-${f.version}.${f.extension}`

/** Uploads a file (POST /api/uploads); the server decides the type by its bytes. */
function UploadButton({ onFile, label }: { onFile: (file: FileRef) => void; label: string }) {
  const t = useT('bo-typed-content')
  const [busy, setBusy] = useState(false)
  const [problem, setProblem] = useState<string | null>(null)
  return (
    <span className="bo-tc-upload">
      <label className="ui-button ui-button--secondary ui-button--small bo-image-picker__upload">
        {busy ? t('files.uploading') : label}
        <input
          type="file"
          className="ui-visually-hidden"
          disabled={busy}
          onChange={async (e) => {
            const file = e.target.files?.[0]
            e.target.value = ''
            if (!file) return
            setBusy(true)
            setProblem(null)
            try {
              const stored = await uploadFile<FileRef>('uploads', file)
              onFile({
                id: stored.id,
                version: stored.version,
                extension: stored.extension,
                publicHash: stored.publicHash,
              })
            } catch (err) {
              setProblem(messageOf(err, t('files.failed')))
            } finally {
              setBusy(false)
            }
          }}
        />
      </label>
      {problem ? (
        <span className="ui-field__error" role="alert">
          {problem}
        </span>
      ) : null}
    </span>
  )
}

/** One uploaded file, or none. */
export function FileInput({ name, label, hint }: { name: string; label: string; hint?: ReactNode }) {
  const t = useT('bo-typed-content')
  const { control } = useFormContext()
  const { field } = useController({ name, control })
  const error = useErrorAt(name)
  const file = (field.value ?? null) as FileRef | null
  const id = useId()
  return (
    <fieldset className="ui-field bo-wide bo-tc-files" aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="ui-field__label">{label}</legend>
      <div className="bo-image-picker__row">
        {file ? (
          <>
            <a href={fileUrl(file)} target="_blank" rel="noreferrer">
              {`${file.id.slice(0, 8)}.${file.extension}`}
            </a>
            <Button small variant="ghost" onClick={() => field.onChange(null)}>
              {t('files.remove')}
            </Button>
          </>
        ) : (
          <span className="ui-field__hint">{t('files.none')}</span>
        )}
        <UploadButton label={file ? t('files.replace') : t('files.upload')} onFile={field.onChange} />
      </div>
      {hint ? <span className="ui-field__hint">{hint}</span> : null}
      {error ? (
        <span id={`${id}-error`} className="ui-field__error">
          {error}
        </span>
      ) : null}
    </fieldset>
  )
}

/** Several uploaded files in order. */
export function FilesInput({ name, label, hint }: { name: string; label: string; hint?: ReactNode }) {
  const t = useT('bo-typed-content')
  const { control } = useFormContext()
  const { field } = useController({ name, control })
  const error = useErrorAt(name)
  const files = (Array.isArray(field.value) ? field.value : []) as FileRef[]
  const id = useId()
  return (
    <fieldset className="ui-field bo-wide bo-tc-files" aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="ui-field__label">{label}</legend>
      {files.length === 0 ? <span className="ui-field__hint">{t('files.none')}</span> : null}
      <ul className="bo-tc-files__list">
        {files.map((file, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the same file may be listed twice
          <li key={`${file.id}-${index}`}>
            <a href={fileUrl(file)} target="_blank" rel="noreferrer">
              {`${file.id.slice(0, 8)}.${file.extension}`}
            </a>{' '}
            <Button
              small
              variant="ghost"
              aria-label={t('files.removeNamed', { name: `${file.id.slice(0, 8)}.${file.extension}` })}
              onClick={() => field.onChange(files.filter((_, i) => i !== index))}
            >
              {t('files.remove')}
            </Button>
          </li>
        ))}
      </ul>
      <UploadButton label={t('files.upload')} onFile={(file) => field.onChange([...files, file])} />
      {hint ? <span className="ui-field__hint">{hint}</span> : null}
      {error ? (
        <span id={`${id}-error`} className="ui-field__error">
          {error}
        </span>
      ) : null}
    </fieldset>
  )
}

const PATH_OF: Record<ReferenceTarget, string> = {
  block: 'blocks',
  site: 'sites',
  category: 'categories',
  product: 'products',
  scene: 'scenes',
}

/** What a stored resource is called in the list: its name (a site's in the editor's language). */
function nameOf(item: StoredResource, locale: string): string {
  if (typeof item.name === 'string' && item.name) return item.name
  const translations = item.translations as Record<string, { name?: string } | undefined> | undefined
  if (translations) {
    const picked =
      translations[locale]?.name ??
      translations['de-CH']?.name ??
      Object.values(translations).find((tr) => tr?.name)?.name
    if (picked) return picked
  }
  if (typeof item.identifier === 'string') return item.identifier
  if (typeof item.path === 'string') return item.path
  return item.id
}

/** A reference: the target kind (when there are several) and a searchable list of its resources. */
export function ReferenceInput({ field, name }: { field: ReferenceFieldConfig; name: string }) {
  const t = useT('bo-typed-content')
  const label = useLabel()
  const { locale } = useLocale()
  const { control } = useFormContext()
  const { field: input } = useController({ name, control })
  const own = useErrorAt(name)
  const ofId = useErrorAt(`${name}.id`)
  const ofType = useErrorAt(`${name}.type`)
  const error = own ?? ofId ?? ofType
  const value = (input.value ?? null) as { type: ReferenceTarget; id: string } | null
  const [target, setTarget] = useState<ReferenceTarget>(value?.type ?? field.targets[0] ?? 'site')
  const [list] = useResourceList(PATH_OF[target])
  const items = useMemo(
    () =>
      (list.status === 'ready' ? list.value : [])
        .map((item) => ({ id: item.id, name: nameOf(item, locale) }))
        .sort((a, b) => a.name.localeCompare(b.name)),
    [list, locale],
  )
  const typeId = useId()
  return (
    <div className="bo-wide bo-tc-reference">
      {field.targets.length > 1 ? (
        <div className="ui-field">
          <label className="ui-field__label" htmlFor={typeId}>
            {t('reference.kind', { field: label(field.label) })}
          </label>
          <select
            id={typeId}
            className="ui-select"
            value={target}
            onChange={(e) => {
              setTarget(e.target.value as ReferenceTarget)
              input.onChange(null)
            }}
          >
            {field.targets.map((kind) => (
              <option key={kind} value={kind}>
                {t(`reference.targets.${kind}`)}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      <ComboBox
        className="ui-field bo-tc-combo"
        // defaultItems, not items: the combobox filters them by what is typed (with `items` it
        // shows them all, the caller being expected to filter).
        defaultItems={items}
        selectedKey={value?.type === target ? value.id : null}
        onSelectionChange={(key) => input.onChange(key === null ? null : { type: target, id: String(key) })}
        onBlur={input.onBlur}
        isInvalid={Boolean(error)}
        isRequired={field.required ?? false}
        menuTrigger="focus"
      >
        <Label className="ui-field__label">
          {label(field.label)}
          {field.required ? <span aria-hidden="true"> *</span> : null}
        </Label>
        <div className="bo-tc-combo__row">
          <Input className="ui-input" ref={input.ref} placeholder={t('reference.search')} />
          <AriaButton className="bo-tc-combo__button" aria-label={t('reference.open')}>
            <span aria-hidden="true">▾</span>
          </AriaButton>
          {value ? (
            <Button small variant="ghost" onClick={() => input.onChange(null)}>
              {t('reference.clear')}
            </Button>
          ) : null}
        </div>
        {field.description ? (
          <Text slot="description" className="ui-field__hint">
            {label(field.description)}
          </Text>
        ) : null}
        {error ? (
          <Text slot="errorMessage" className="ui-field__error">
            {error}
          </Text>
        ) : null}
        <Popover className="bo-combo__popover">
          <ListBox className="bo-combo__list" renderEmptyState={() => t('reference.none')}>
            {(item: { id: string; name: string }) => (
              <ListBoxItem id={item.id} textValue={item.name} className="bo-combo__option">
                {item.name}
              </ListBoxItem>
            )}
          </ListBox>
        </Popover>
      </ComboBox>
    </div>
  )
}
