/**
 * One picture for a resource (a tag, a category, a branch's logo): pick one of the shop's images
 * or upload a new one (POST /api/images from a data URL; the server decides the type by the
 * bytes and answers its message for anything else). The value is the image's reference
 * `{ id, version, extension }`, as the write contracts take it.
 */

import type { ImageRef } from '@shop/shared/contracts'
import { Button } from '@shop/ui'
import { useId, useState } from 'react'
import { useController } from 'react-hook-form'
import { apiSend, messageOf } from './api.ts'
import { useFormContext } from './forms.tsx'
import { useT } from './i18n.tsx'
import { useResourceList } from './resources.ts'

export type { ImageRef }
export type StoredImage = ImageRef & { alt?: string | null; width?: number | null; height?: number | null }

/** The sized copy of an image (docs/api.md "Files": icon 64 … large 1920). */
export function imageUrl(
  image: ImageRef,
  size: 'icon' | 'thumbnail' | 'tiny' | 'small' = 'thumbnail',
): string {
  return `/image/${size}/${image.id}-${image.version}.${image.extension}`
}

export function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader()
    reader.onload = () => resolve(String(reader.result))
    reader.onerror = () => reject(reader.error)
    reader.readAsDataURL(file)
  })
}

/**
 * Sends one file as an image (POST /api/images) or an upload (POST /api/uploads) from a data
 * URL, with its own Idempotency-Key (a retried request never stores it twice); the stored
 * resource. The server decides the type by the bytes and answers its message otherwise.
 */
export async function uploadFile<T = StoredImage>(kind: 'images' | 'uploads', file: File): Promise<T> {
  const data = await readAsDataUrl(file)
  return apiSend<T>(
    'POST',
    `/${kind}`,
    { data, name: file.name },
    { headers: { 'Idempotency-Key': crypto.randomUUID() } },
  )
}

/** Uploads one picture as an image resource. */
export const uploadImage = (file: File): Promise<StoredImage> => uploadFile('images', file)

export function ImagePicker({
  label,
  value,
  onChange,
  error,
}: {
  label: string
  value: ImageRef | null
  onChange: (image: ImageRef | null) => void
  error?: string | undefined
}) {
  const t = useT('bo-common')
  const id = useId()
  const [images, reload] = useResourceList<StoredImage>('images')
  const [busy, setBusy] = useState(false)
  const [uploadError, setUploadError] = useState<string | null>(null)
  const list = images.status === 'ready' ? images.value : []
  const message = uploadError ?? error
  return (
    <div className="ui-field bo-image-picker">
      <label className="ui-field__label" htmlFor={`${id}-select`}>
        {label}
      </label>
      <div className="bo-image-picker__row">
        {value ? (
          <img src={imageUrl(value)} alt="" width={64} height={64} className="bo-image-picker__thumb" />
        ) : null}
        <select
          id={`${id}-select`}
          className="ui-select"
          value={value?.id ?? ''}
          aria-invalid={message ? true : undefined}
          aria-describedby={message ? `${id}-error` : undefined}
          onChange={(e) => {
            const picked = list.find((image) => image.id === e.target.value)
            onChange(picked ? { id: picked.id, version: picked.version, extension: picked.extension } : null)
          }}
        >
          <option value="">{t('image.none')}</option>
          {value && !list.some((image) => image.id === value.id) ? (
            <option value={value.id}>{value.id}</option>
          ) : null}
          {list.map((image) => (
            <option key={image.id} value={image.id}>
              {image.alt || `${image.id.slice(0, 8)}.${image.extension}`}
            </option>
          ))}
        </select>
        <label className="ui-button ui-button--secondary ui-button--small bo-image-picker__upload">
          {busy ? t('image.uploading') : t('image.upload')}
          <input
            type="file"
            accept="image/jpeg,image/png,image/gif"
            className="ui-visually-hidden"
            disabled={busy}
            onChange={async (e) => {
              const file = e.target.files?.[0]
              e.target.value = ''
              if (!file) return
              setBusy(true)
              setUploadError(null)
              try {
                const image = await uploadImage(file)
                await reload()
                onChange({ id: image.id, version: image.version, extension: image.extension })
              } catch (err) {
                setUploadError(messageOf(err, t('image.failed')))
              } finally {
                setBusy(false)
              }
            }}
          />
        </label>
        {value ? (
          <Button small variant="ghost" onClick={() => onChange(null)}>
            {t('image.remove')}
          </Button>
        ) : null}
      </div>
      {message ? (
        <span id={`${id}-error`} className="ui-field__error">
          {message}
        </span>
      ) : null}
    </div>
  )
}

/** The picker as a form field (`image` of a tag, a category): the value is the reference or null. */
export function ImageInput({ name, label }: { name: string; label: string }) {
  const { control } = useFormContext()
  const { field, fieldState } = useController({ name, control })
  return (
    <ImagePicker
      label={label}
      value={(field.value as ImageRef | null | undefined) ?? null}
      onChange={field.onChange}
      error={fieldState.error?.message}
    />
  )
}
