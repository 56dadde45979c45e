/**
 * The branch's pictures and logo, and its tags: pictures are picked from the uploaded images
 * (GET /api/images) or uploaded here (POST /api/images `{ data: dataURL, name }`, docs/api.md
 * "Files"); the branch keeps the refs `{ id, version, extension }`. Tags are the tag resource.
 */
import { Button } from '@shop/ui'
import { useId, useState } from 'react'
import { useWatch } from 'react-hook-form'
import { messageOf } from '../../lib/api.ts'
import { useFormContext } from '../../lib/forms.tsx'
import { useT } from '../../lib/i18n.tsx'
import { imageUrl, uploadFile } from '../../lib/image-picker.tsx'
import { useResourceList } from '../../lib/resources.ts'
import type { BranchForm, ImageRef } from './branch-form.ts'

type StoredImage = ImageRef & { alt?: string | null; name?: string | null }

const refOf = (image: ImageRef): ImageRef => ({
  id: image.id,
  version: image.version,
  extension: image.extension,
})

/** The library and an upload button; `onPick` gets an image chosen or uploaded. */
function ImageLibrary({
  chosen,
  onPick,
  label,
}: {
  chosen: readonly string[]
  onPick: (image: ImageRef) => void
  label: string
}) {
  const t = useT('bo-branches')
  const [library, reload] = useResourceList<StoredImage>('images')
  const [open, setOpen] = useState(false)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const inputId = useId()
  const upload = async (file: File | undefined) => {
    if (!file) return
    setBusy(true)
    setError(null)
    try {
      const image = await uploadFile<StoredImage>('images', file)
      onPick(refOf(image))
      void reload()
    } catch (e) {
      setError(messageOf(e, t('images.uploadFailed')))
    } finally {
      setBusy(false)
    }
  }
  const images = library.status === 'ready' ? library.value.filter((image) => !chosen.includes(image.id)) : []
  return (
    <div className="bo-library">
      <div className="bo-day__tools">
        <Button small variant="secondary" aria-expanded={open} onClick={() => setOpen((v) => !v)}>
          {label}
        </Button>
        <label htmlFor={inputId} className="ui-button ui-button--secondary ui-button--small">
          {busy ? t('images.uploading') : t('images.upload')}
        </label>
        <input
          id={inputId}
          className="ui-visually-hidden"
          type="file"
          accept="image/jpeg,image/png,image/gif"
          onChange={(e) => {
            const file = e.target.files?.[0]
            e.target.value = ''
            void upload(file)
          }}
        />
      </div>
      {error ? (
        <p className="ui-field__error" role="alert">
          {error}
        </p>
      ) : null}
      {open ? (
        images.length === 0 ? (
          <p className="bo-muted">{t('images.libraryEmpty')}</p>
        ) : (
          <ul className="bo-thumbs">
            {images.map((image) => (
              <li key={image.id}>
                <button
                  type="button"
                  className="bo-thumb"
                  onClick={() => {
                    onPick(refOf(image))
                    setOpen(false)
                  }}
                >
                  <img src={imageUrl(image)} alt="" width={96} height={72} loading="lazy" />
                  <span>{image.alt || image.name || image.id}</span>
                </button>
              </li>
            ))}
          </ul>
        )
      ) : null}
    </div>
  )
}

export function ImagesField() {
  const t = useT('bo-branches')
  const form = useFormContext<BranchForm>()
  const images = (useWatch({ control: form.control, name: 'images' }) ?? []) as ImageRef[]
  const set = (next: ImageRef[]) => form.setValue('images', next, { shouldDirty: true })
  return (
    <div className="bo-wide">
      <h4 className="bo-subhead">{t('field.images')}</h4>
      {images.length === 0 ? <p className="bo-muted">{t('images.none')}</p> : null}
      <ul className="bo-thumbs">
        {images.map((image, index) => (
          <li key={image.id} className="bo-thumb">
            <img src={imageUrl(image)} alt={t('images.pictureN', { n: index + 1 })} width={96} height={72} />
            <Button small variant="ghost" onClick={() => set(images.filter((_, i) => i !== index))}>
              {t('images.remove', { n: index + 1 })}
            </Button>
          </li>
        ))}
      </ul>
      <ImageLibrary
        chosen={images.map((image) => image.id)}
        onPick={(image) => set([...images, image])}
        label={t('images.pick')}
      />
    </div>
  )
}

export function LogoField() {
  const t = useT('bo-branches')
  const form = useFormContext<BranchForm>()
  const logo = useWatch({ control: form.control, name: 'logo' }) as ImageRef | null
  const set = (next: ImageRef | null) => form.setValue('logo', next, { shouldDirty: true })
  return (
    <div className="bo-wide">
      <h4 className="bo-subhead">{t('field.logo')}</h4>
      {logo ? (
        <div className="bo-thumb">
          <img src={imageUrl(logo)} alt={t('field.logo')} width={96} height={72} />
          <Button small variant="ghost" onClick={() => set(null)}>
            {t('images.removeLogo')}
          </Button>
        </div>
      ) : (
        <p className="bo-muted">{t('images.noLogo')}</p>
      )}
      <ImageLibrary chosen={logo ? [logo.id] : []} onPick={set} label={t('images.pickLogo')} />
    </div>
  )
}

export function TagsField() {
  const t = useT('bo-branches')
  const form = useFormContext<BranchForm>()
  const tags = (useWatch({ control: form.control, name: 'tags' }) ?? []) as { id: string }[]
  const [all] = useResourceList<{ id: string; version: number; name: string }>('tags')
  if (all.status !== 'ready') return null
  const chosen = new Set(tags.map((tag) => tag.id))
  return (
    <fieldset className="bo-fieldset bo-wide bo-tags">
      <legend>{t('field.tags')}</legend>
      {all.value.length === 0 ? <p className="bo-muted">{t('tags.none')}</p> : null}
      {all.value.map((tag) => (
        <div key={tag.id} className="bo-check">
          <label>
            <input
              type="checkbox"
              checked={chosen.has(tag.id)}
              onChange={(e) =>
                form.setValue(
                  'tags',
                  e.target.checked ? [...tags, { id: tag.id }] : tags.filter((x) => x.id !== tag.id),
                  { shouldDirty: true },
                )
              }
            />{' '}
            {tag.name}
          </label>
        </div>
      ))}
    </fieldset>
  )
}
