/**
 * The product's pictures (docs/api.md "Files"): files dropped on the zone or picked (several at
 * once) are uploaded one by one with POST /api/images `{ data, name, alt }`; the product keeps
 * the refs `{ id, version, extension }` in `images`. Each shows as a thumbnail
 * (/image/thumbnail/{id}-{version}.{extension}); its alternative text lives on the image
 * resource and is saved there (PUT /api/images/{id} with its version) when the field is left.
 * Pictures are reordered by dragging or the move buttons and removed from the product (the
 * image itself stays in the media library). A refused file shows the server's message.
 */
import { IconButton } from '@shop/ui'
import { type DragEvent, useEffect, useId, useRef, useState, useSyncExternalStore } from 'react'
import { useFieldArray } from 'react-hook-form'
import { apiGet, apiSend, messageOf } from '../../lib/api.ts'
import { useFormContext } from '../../lib/forms.tsx'
import { useT } from '../../lib/i18n.tsx'
import { imageUrl, uploadFile } from '../../lib/image-picker.tsx'
import { SortableList } from '../../lib/sortable.tsx'
import type { ImageRef, ProductFormValues } from './product-form.ts'

type ImageResource = ImageRef & { alt: string | null; width?: number; height?: number } & Record<
    string,
    unknown
  >

const MAX_IMAGES = 20

/**
 * The stored images' data (alternative texts, versions) by id, each read once. The product
 * editor reads its product's pictures with the product (ResourceEditor's `preload`), so that the
 * form shows their texts when it is first painted, not a request later.
 */
export type ImageData = {
  get: () => Record<string, ImageResource>
  subscribe: (listener: () => void) => () => void
  /** Reads the images not read or being read yet (done when those are read). */
  load: (ids: readonly string[]) => Promise<void>
  /** An image's data as the server answered it (an upload, a saved text). */
  set: (image: ImageResource) => void
}

export function imageData(): ImageData {
  let data: Record<string, ImageResource> = {}
  const asked = new Set<string>()
  const listeners = new Set<() => void>()
  const set = (images: ImageResource[]) => {
    if (images.length === 0) return
    data = { ...data }
    for (const image of images) data[image.id] = image
    for (const listener of listeners) listener()
  }
  return {
    get: () => data,
    subscribe: (listener) => {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    load: async (ids) => {
      const missing = ids.filter((id) => !asked.has(id))
      for (const id of missing) asked.add(id)
      if (missing.length === 0) return
      // A picture that cannot be read shows without its text (its field stays disabled).
      const found = await Promise.all(
        missing.map((id) => apiGet<ImageResource>(`/images/${encodeURIComponent(id)}`).catch(() => null)),
      )
      set(found.filter((image): image is ImageResource => image !== null))
    },
    set: (image) => {
      asked.add(image.id)
      set([image])
    },
  }
}

export function ImagesEditor({ data }: { data: ImageData }) {
  const t = useT('bo-products')
  const { control, formState } = useFormContext<ProductFormValues>()
  const images = useFieldArray({ control, name: 'images', keyName: 'key' })
  const [busy, setBusy] = useState<string | null>(null)
  const [errors, setErrors] = useState<string[]>([])
  const [dragOver, setDragOver] = useState(false)
  const inputId = useId()
  const input = useRef<HTMLInputElement>(null)
  const meta = useSyncExternalStore(data.subscribe, data.get)
  const imagesError = formState.errors.images?.root?.message ?? formState.errors.images?.message

  // The images' alternative texts (and versions), read once per image (the stored ones were
  // read with the product).
  const ids = images.fields.map((f) => f.id).join(',')
  // biome-ignore lint/correctness/useExhaustiveDependencies: `ids` names the images shown
  useEffect(() => {
    void data.load(images.fields.map((f) => f.id))
  }, [data, ids])

  const upload = async (files: File[]) => {
    if (files.length === 0) return
    const problems: string[] = []
    let count = images.fields.length
    for (const file of files) {
      if (count >= MAX_IMAGES) {
        problems.push(t('images.tooMany', { max: MAX_IMAGES }))
        break
      }
      setBusy(t('images.uploading', { name: file.name }))
      try {
        const image = await uploadFile<ImageResource>('images', file)
        data.set(image)
        images.append({ id: image.id, version: image.version, extension: image.extension })
        count++
      } catch (error) {
        problems.push(`${file.name}: ${messageOf(error, t('images.uploadFailed'))}`)
      }
    }
    setBusy(null)
    setErrors(problems)
  }

  const drop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault()
    setDragOver(false)
    void upload([...event.dataTransfer.files])
  }

  const label = (index: number) => {
    const ref = images.fields[index]
    const alt = ref ? meta[ref.id]?.alt : null
    return alt || t('images.picture', { position: index + 1 })
  }

  return (
    <div className="bo-wide bo-images">
      {images.fields.length > 0 ? (
        <SortableList
          ids={images.fields.map((f) => f.key)}
          onMove={(from, to) => images.move(from, to)}
          label={label}
          grid
          className="bo-images__list"
        >
          {(_key, index, { handle, moveButtons }) => {
            const ref = images.fields[index]
            if (!ref) return null
            return (
              <div className="bo-image">
                <img
                  src={imageUrl(ref)}
                  alt={meta[ref.id]?.alt ?? ''}
                  width={128}
                  height={96}
                  loading="lazy"
                />
                <AltText image={meta[ref.id]} position={index + 1} onSaved={data.set} />
                <div className="bo-image__tools">
                  {handle}
                  {moveButtons}
                  <IconButton
                    icon="trash"
                    label={t('images.remove', { name: label(index) })}
                    onClick={() => images.remove(index)}
                  />
                </div>
              </div>
            )
          }}
        </SortableList>
      ) : (
        <p className="bo-muted">{t('images.none')}</p>
      )}
      {/* biome-ignore lint/a11y/noStaticElementInteractions: the drop zone; its button and file field are the keyboard way */}
      <div
        className={['bo-dropzone', dragOver ? 'bo-dropzone--over' : ''].filter(Boolean).join(' ')}
        onDragOver={(e) => {
          e.preventDefault()
          setDragOver(true)
        }}
        onDragLeave={() => setDragOver(false)}
        onDrop={drop}
      >
        <p>{t('images.drop')}</p>
        <label htmlFor={inputId} className="ui-button ui-button--secondary ui-button--small">
          {t('images.pick')}
        </label>
        <input
          id={inputId}
          ref={input}
          className="bo-dropzone__input"
          type="file"
          multiple
          accept="image/jpeg,image/png,image/gif"
          onChange={(e) => {
            const files = [...(e.target.files ?? [])]
            e.target.value = ''
            void upload(files)
          }}
        />
      </div>
      <div role="status" aria-live="polite" className="bo-images__status">
        {busy ?? ''}
      </div>
      {errors.length > 0 || imagesError ? (
        <div className="ui-notice ui-notice--danger" role="alert">
          {errors.map((e) => (
            <p key={e}>{e}</p>
          ))}
          {imagesError ? <p>{String(imagesError)}</p> : null}
        </div>
      ) : null}
    </div>
  )
}

/** An image's alternative text, saved on the image resource when the field is left. */
function AltText({
  image,
  position,
  onSaved,
}: {
  image: ImageResource | undefined
  position: number
  onSaved: (image: ImageResource) => void
}) {
  const t = useT('bo-products')
  const id = useId()
  const [text, setText] = useState(image?.alt ?? '')
  const [state, setState] = useState<{ kind: 'idle' | 'saved' } | { kind: 'error'; message: string }>({
    kind: 'idle',
  })
  // A new stored text (the image's data arrived, or a save) replaces the field's, in the same
  // render (an effect would show the empty field for one more commit and paint).
  const [storedAlt, setStoredAlt] = useState(image?.alt)
  if (image?.alt !== storedAlt) {
    setStoredAlt(image?.alt)
    setText(image?.alt ?? '')
  }
  const save = async () => {
    if (!image || (image.alt ?? '') === text.trim()) return
    try {
      const saved = await apiSend<ImageResource>('PUT', `/images/${encodeURIComponent(image.id)}`, {
        ...image,
        alt: text.trim() === '' ? null : text.trim(),
        version: image.version,
      })
      onSaved(saved)
      setState({ kind: 'saved' })
    } catch (error) {
      setState({ kind: 'error', message: messageOf(error, t('images.altFailed')) })
    }
  }
  const errorId = `${id}-error`
  return (
    <div className="ui-field bo-image__alt">
      <label className="ui-field__label" htmlFor={id}>
        {t('images.alt', { position })}
      </label>
      <input
        id={id}
        className="ui-input"
        value={text}
        disabled={!image}
        maxLength={255}
        aria-invalid={state.kind === 'error' ? true : undefined}
        aria-describedby={state.kind === 'error' ? errorId : undefined}
        onChange={(e) => {
          setText(e.target.value)
          setState({ kind: 'idle' })
        }}
        onBlur={() => void save()}
      />
      {state.kind === 'error' ? (
        <span className="ui-field__error" id={errorId}>
          {state.message}
        </span>
      ) : null}
      <span className="bo-image__saved" aria-live="polite">
        {state.kind === 'saved' ? t('images.altSaved') : ''}
      </span>
    </div>
  )
}
