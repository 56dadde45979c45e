import { Button, Icon } from '@shop/ui'
import { type DragEvent, useId, useRef, useState } from 'react'
import { messageOf } from '../../lib/api.ts'
import { useT } from '../../lib/i18n.tsx'
import { uploadFile } from '../../lib/image-picker.tsx'
import { ACCEPT, type MediaKind } from './media-model.ts'

type Progress = { key: string; name: string; status: 'uploading' | 'done' | 'failed'; message?: string }

/**
 * Files into the library by drag and drop or the file picker, several at once (POST
 * /api/images or /api/uploads, each a data URL with its own Idempotency-Key); one at a time, each
 * with its outcome in a live list (the server's reason when it refuses one).
 */
export function MediaUpload({ kind, onUploaded }: { kind: MediaKind; onUploaded: () => void }) {
  const t = useT('bo-media')
  const id = useId()
  const [over, setOver] = useState(false)
  const [progress, setProgress] = useState<Progress[]>([])
  const input = useRef<HTMLInputElement>(null)

  const send = async (files: File[]) => {
    if (files.length === 0) return
    const started = files.map((file, i) => ({
      key: `${Date.now()}-${i}`,
      name: file.name,
      status: 'uploading' as const,
    }))
    setProgress((list) => [...started, ...list].slice(0, 20))
    const update = (key: string, next: Partial<Progress>) =>
      setProgress((list) => list.map((p) => (p.key === key ? { ...p, ...next } : p)))
    for (const [i, file] of files.entries()) {
      const key = started[i]!.key
      try {
        await uploadFile(kind, file)
        update(key, { status: 'done' })
      } catch (error) {
        update(key, { status: 'failed', message: messageOf(error, t('uploadFailedGeneric')) })
      }
    }
    onUploaded()
  }

  const onDrop = (e: DragEvent<HTMLFieldSetElement>) => {
    e.preventDefault()
    setOver(false)
    void send([...e.dataTransfer.files])
  }

  return (
    <div className="bo-media__upload">
      <fieldset
        className={`bo-media__drop${over ? ' bo-media__drop--over' : ''}`}
        onDragOver={(e) => {
          e.preventDefault()
          e.dataTransfer.dropEffect = 'copy'
          setOver(true)
        }}
        onDragLeave={() => setOver(false)}
        onDrop={onDrop}
        data-testid="media-drop"
      >
        <legend className="ui-visually-hidden">{t(`drop.${kind}`)}</legend>
        <Icon name="upload" />
        <span aria-hidden="true">{t(`drop.${kind}`)}</span>
        <Button
          small
          variant="secondary"
          aria-describedby={`${id}-hint`}
          onClick={() => input.current?.click()}
        >
          {t(kind === 'images' ? 'drop.pickImages' : 'drop.pickUploads')}
        </Button>
        <input
          ref={input}
          className="ui-visually-hidden"
          type="file"
          multiple
          tabIndex={-1}
          aria-hidden="true"
          accept={ACCEPT[kind]}
          data-testid={`media-files-${kind}`}
          onChange={(e) => {
            const files = [...(e.target.files ?? [])]
            e.target.value = ''
            void send(files)
          }}
        />
        <span className="ui-field__hint" id={`${id}-hint`}>
          {t(kind === 'images' ? 'drop.hint' : 'drop.hintUploads')}
        </span>
      </fieldset>
      {progress.length > 0 ? (
        <ul className="bo-media__progress" aria-live="polite">
          {progress.map((p) => (
            <li key={p.key} className={`bo-media__progress-item bo-media__progress-item--${p.status}`}>
              {p.status === 'uploading'
                ? t('uploading', { name: p.name })
                : p.status === 'done'
                  ? t('uploaded', { name: p.name })
                  : t('uploadFailed', { name: p.name, message: p.message ?? '' })}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  )
}
