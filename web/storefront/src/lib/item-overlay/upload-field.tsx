import type { CartItemPart, ConfigurablePart, Upload } from '@shop/shared/domain/catalogue'
import { Icon, IconButton, Spinner } from '@shop/ui'
import { paths } from '@shop/ui/routes'
import { type ReactNode, useId, useState } from 'react'
import { apiSend } from '../api.ts'
import { useT } from '../i18n.tsx'
import { acceptFor, isMultipleUpload } from './overlay-model.ts'

function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader()
    reader.onload = () => resolve(String(reader.result))
    reader.onerror = () => reject(reader.error)
    reader.readAsDataURL(file)
  })
}

type Uploaded = Upload & { name?: string }

/** Image(s) and file(s) parts: POST /api/uploads with the data URL (spec §5, §7). */
export function UploadField({
  part,
  entry,
  onChange,
  disabled,
  legend,
  description,
  invalid,
}: {
  part: ConfigurablePart
  entry: CartItemPart
  onChange: (entry: CartItemPart) => void
  disabled: boolean
  legend: ReactNode
  description: ReactNode
  invalid: boolean
}) {
  const t = useT('sf-menu')
  const id = useId()
  const [busy, setBusy] = useState(false)
  const [errors, setErrors] = useState<string[]>([])
  const multiple = isMultipleUpload(part.type)
  const images = part.type === 'image' || part.type === 'images'
  const chooseKey = images
    ? multiple
      ? 'item.upload.chooseImages'
      : 'item.upload.chooseImage'
    : multiple
      ? 'item.upload.chooseFiles'
      : 'item.upload.chooseFile'

  const onFiles = async (files: File[]) => {
    if (files.length === 0) return
    setBusy(true)
    setErrors([])
    const done: Uploaded[] = []
    const failed: string[] = []
    for (const file of multiple ? files : files.slice(0, 1)) {
      try {
        const data = await readAsDataUrl(file)
        const upload = await apiSend<Upload>('POST', '/uploads', { data, name: file.name })
        done.push({ ...upload, name: file.name })
      } catch {
        failed.push(t('item.upload.failed', { file: file.name }))
      }
    }
    setBusy(false)
    setErrors(failed)
    if (done.length > 0) onChange({ ...entry, uploads: multiple ? [...entry.uploads, ...done] : done })
  }

  const uploads = entry.uploads as readonly Uploaded[]
  return (
    <div className="menu-item__part" data-invalid={invalid ? 'true' : undefined}>
      <p className="menu-item__legend" id={`${id}-legend`}>
        {legend}
      </p>
      {description}
      <label className="menu-item__upload" data-disabled={disabled || busy ? 'true' : undefined}>
        <Icon name="upload" />
        <span>{t(chooseKey)}</span>
        <span className="menu-item__upload-types">
          {t(images ? 'item.upload.imageTypes' : 'item.upload.fileTypes')}
        </span>
        <input
          className="ui-visually-hidden"
          type="file"
          accept={acceptFor(part.type)}
          multiple={multiple}
          disabled={disabled || busy}
          aria-labelledby={`${id}-legend`}
          onChange={(event) => {
            const files = Array.from(event.target.files ?? [])
            event.target.value = ''
            void onFiles(files)
          }}
        />
      </label>
      {busy ? <Spinner label={t('item.upload.uploading')} /> : null}
      <div aria-live="assertive">
        {errors.map((message) => (
          <p key={message} className="ui-field__error">
            {message}
          </p>
        ))}
      </div>
      {uploads.length > 0 ? (
        <ul className="menu-item__uploads" aria-label={t('item.upload.uploaded')}>
          {uploads.map((upload, index) => {
            const label = upload.name ?? `${upload.id}.${upload.extension}`
            return (
              <li key={upload.id}>
                {upload.mimeType.startsWith('image/') ? (
                  <img src={paths.uploadPreview(upload)} alt="" width={48} height={48} />
                ) : (
                  <Icon name="download" />
                )}
                <span>{label}</span>
                <IconButton
                  icon="trash"
                  label={t('item.upload.remove', { file: label })}
                  onClick={() =>
                    onChange({ ...entry, uploads: uploads.filter((_, position) => position !== index) })
                  }
                />
              </li>
            )
          })}
        </ul>
      ) : null}
    </div>
  )
}
