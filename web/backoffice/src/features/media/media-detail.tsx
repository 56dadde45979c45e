import { Button, Dialog, Field, Notice, Spinner } from '@shop/ui'
import { type ComponentType, Suspense, useId, useState } from 'react'
import { ApiError, apiSend, messageOf } from '../../lib/api.ts'
import { useLocale, useT } from '../../lib/i18n.tsx'
import {
  formatBytes,
  type ImageItem,
  imageUrl,
  isImage,
  itemName,
  type MediaItem,
  type MediaKind,
  type MediaUse,
  type UploadItem,
  uploadPreviewUrl,
  uploadUrl,
} from './media-model.ts'
import { UsageList } from './media-usage.tsx'

/** The history panel (lib/history), handed in by the app: a feature imports no other. */
export type HistoryPanelComponent = ComponentType<{
  resource: string
  id: string
  currentVersion: number
  onRestored(state: { id: string; version: number } & Record<string, unknown>): void
}>

const writeInit = () => ({ headers: { 'Idempotency-Key': crypto.randomUUID() } })

/** Refused because someone else saved first (409 on `version`). */
const isStale = (error: unknown) =>
  error instanceof ApiError && error.status === 409 && error.errors.some((e) => e.field === 'version')

/**
 * One image or upload: its picture, size and uses; an image's alt text (PUT with its version: a
 * stale one shows the server's message); delete (refused while in use, with the server's reason
 * naming the uses); an image's history with its restore.
 */
export function MediaDetail({
  kind,
  item,
  uses,
  HistoryPanel,
  onChanged,
  onDeleted,
  onStale,
  onClose,
}: {
  kind: MediaKind
  item: MediaItem
  uses: readonly MediaUse[] | undefined
  HistoryPanel?: HistoryPanelComponent | undefined
  onChanged: (item: MediaItem) => void
  onDeleted: (item: MediaItem) => void
  /** A write was refused as stale: the page reads the file again (its new version). */
  onStale: () => void
  onClose: () => void
}) {
  const t = useT('bo-media')
  const { locale } = useLocale()
  const name = itemName(item) ?? (isImage(item) ? t('noAlt') : t('noName'))
  const [confirming, setConfirming] = useState(false)
  const [deleting, setDeleting] = useState(false)
  const [error, setError] = useState<string | null>(null)

  const remove = async () => {
    setDeleting(true)
    setError(null)
    try {
      await apiSend(
        'DELETE',
        `/${kind}/${encodeURIComponent(item.id)}?version=${item.version}`,
        undefined,
        writeInit(),
      )
      onDeleted(item)
    } catch (e) {
      setError(messageOf(e, t('delete.failed')))
      setConfirming(false)
      if (isStale(e)) onStale()
    } finally {
      setDeleting(false)
    }
  }

  return (
    <Dialog
      open
      className="bo-media__detail"
      title={t(isImage(item) ? 'edit.title' : 'edit.titleUpload', { name })}
      closeLabel={t('edit.close')}
      onClose={onClose}
      footer={
        confirming ? (
          <>
            <Button variant="secondary" disabled={deleting} onClick={() => setConfirming(false)}>
              {t('delete.cancel')}
            </Button>
            <Button variant="danger" disabled={deleting} onClick={() => void remove()}>
              {t('delete.confirm')}
            </Button>
          </>
        ) : (
          <>
            <Button variant="danger" icon="trash" onClick={() => setConfirming(true)}>
              {t('delete.action')}
            </Button>
            <Button variant="secondary" onClick={onClose}>
              {t('edit.close')}
            </Button>
          </>
        )
      }
    >
      {confirming ? (
        <Notice tone="warning" live="assertive">
          <p>
            <strong>{t('delete.confirmTitle', { name })}</strong> {t('delete.confirmText')}
          </p>
        </Notice>
      ) : null}
      {error ? (
        <Notice tone="danger" live="assertive">
          <p>{error}</p>
        </Notice>
      ) : null}
      <div className="bo-media__detail-body">
        <Preview item={item} name={name} />
        <div className="bo-media__detail-facts">
          <p className="bo-media__meta">
            {item.width && item.height ? `${t('size', { width: item.width, height: item.height })} · ` : ''}
            {formatBytes(item.size, locale)} · {item.mimeType}
          </p>
          <p>
            <a href={isImage(item) ? imageUrl(item) : uploadUrl(item)} target="_blank" rel="noreferrer">
              {t('open')}
            </a>
          </p>
          {isImage(item) ? <AltForm image={item} onSaved={onChanged} onStale={onStale} /> : null}
          {uses === undefined ? null : uses.length === 0 ? (
            <p>{t('usage.unused')}</p>
          ) : (
            <>
              <h3 className="bo-media__uses-title">{t('usage.list')}</h3>
              <UsageList uses={uses} />
            </>
          )}
        </div>
      </div>
      {HistoryPanel && isImage(item) ? (
        <Suspense fallback={<Spinner label={t('loading')} />}>
          <HistoryPanel
            resource="images"
            id={item.id}
            currentVersion={item.version}
            onRestored={(state) => onChanged(state as unknown as ImageItem)}
          />
        </Suspense>
      ) : null}
    </Dialog>
  )
}

function Preview({ item, name }: { item: MediaItem; name: string }) {
  if (isImage(item)) {
    return <img className="bo-media__preview" src={imageUrl(item, 'small')} alt={item.alt ?? ''} />
  }
  const preview = uploadPreviewUrl(item as UploadItem)
  return preview ? (
    <img className="bo-media__preview" src={preview} alt={name} />
  ) : (
    <div className="bo-media__preview bo-media__preview--file" aria-hidden="true">
      .{item.extension}
    </div>
  )
}

/** The alt text, saved with the version the dialog shows (a stale one is refused with 409). */
function AltForm({
  image,
  onSaved,
  onStale,
}: {
  image: ImageItem
  onSaved: (image: ImageItem) => void
  onStale: () => void
}) {
  const t = useT('bo-media')
  const formId = useId()
  const [alt, setAlt] = useState(image.alt ?? '')
  const [shown, setShown] = useState(image)
  const [saving, setSaving] = useState(false)
  const [message, setMessage] = useState<{ tone: 'success' | 'danger'; text: string } | null>(null)
  const [fieldError, setFieldError] = useState<string | undefined>()

  // A restore (or another save) brought another version: show its text.
  if (shown.version !== image.version) {
    setShown(image)
    setAlt(image.alt ?? '')
  }

  const save = async () => {
    setSaving(true)
    setMessage(null)
    setFieldError(undefined)
    try {
      const saved = await apiSend<ImageItem>(
        'PUT',
        `/images/${encodeURIComponent(image.id)}`,
        { alt, version: image.version },
        writeInit(),
      )
      setMessage({ tone: 'success', text: t('edit.saved') })
      onSaved(saved)
    } catch (error) {
      const text = messageOf(error, t('edit.failed'))
      if (error instanceof ApiError) setFieldError(error.errors.find((e) => e.field === 'alt')?.message)
      setMessage({ tone: 'danger', text })
      if (isStale(error)) onStale()
    } finally {
      setSaving(false)
    }
  }

  return (
    <form
      id={formId}
      className="bo-media__alt"
      noValidate
      onSubmit={(e) => {
        e.preventDefault()
        void save()
      }}
    >
      <Field label={t('edit.alt')} hint={t('edit.altHint')} error={fieldError}>
        <input className="ui-input" value={alt} maxLength={255} onChange={(e) => setAlt(e.target.value)} />
      </Field>
      <Button type="submit" small disabled={saving}>
        {saving ? t('edit.saving') : t('edit.save')}
      </Button>
      {message ? (
        <Notice tone={message.tone} live={message.tone === 'success' ? 'polite' : 'assertive'}>
          <p>{message.text}</p>
        </Notice>
      ) : null}
    </form>
  )
}
