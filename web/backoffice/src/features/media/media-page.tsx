import { Button, Notice, Spinner } from '@shop/ui'
import { useCallback, useEffect, useId, useState } from 'react'
import { Link, useSearchParams } from 'react-router'
import { apiGet } from '../../lib/api.ts'
import { useLocale, useT } from '../../lib/i18n.tsx'
import { type HistoryPanelComponent, MediaDetail } from './media-detail.tsx'
import {
  formatBytes,
  type ImageItem,
  imageUrl,
  isImage,
  itemName,
  type MediaItem,
  type MediaKind,
  type MediaUse,
  matchesSearch,
  newestFirst,
  type UploadItem,
  uploadPreviewUrl,
} from './media-model.ts'
import { MediaUpload } from './media-upload.tsx'
import { UsageSummary } from './media-usage.tsx'
import './media.css'

export type { HistoryPanelComponent }

type Library = { items: MediaItem[]; usage: Record<string, MediaUse[]> }
type LoadState = { status: 'loading' } | { status: 'failed' } | { status: 'ready'; library: Library }

/** `?tab=uploads`, or an upload opened by a link (`?upload=<id>`): the uploads; else the images. */
function kindOf(params: URLSearchParams): MediaKind {
  return params.get('tab') === 'uploads' || params.has('upload') ? 'uploads' : 'images'
}

const selectedParam = (kind: MediaKind) => (kind === 'images' ? 'image' : 'upload')

/**
 * The media library (admins): the shop's images and uploads with a search, thumbnails, what uses
 * each (linked), upload by drag and drop or the file picker, and per file its details: alt text,
 * delete (refused while in use, with the server's reason) and an image's history.
 */
export function MediaPage({ HistoryPanel }: { HistoryPanel?: HistoryPanelComponent }) {
  const t = useT('bo-media')
  const { locale } = useLocale()
  const searchId = useId()
  const [params, setParams] = useSearchParams()
  const kind = kindOf(params)
  const selectedId = params.get(selectedParam(kind))
  const [state, setState] = useState<LoadState>({ status: 'loading' })
  const [search, setSearch] = useState('')
  const [reloads, setReloads] = useState(0)
  const [notice, setNotice] = useState<string | null>(null)

  // biome-ignore lint/correctness/useExhaustiveDependencies: `reloads` asks for a fresh read
  useEffect(() => {
    let current = true
    setState((s) => (s.status === 'ready' ? s : { status: 'loading' }))
    Promise.all([
      apiGet<MediaItem[]>(`/${kind}`),
      apiGet<Record<string, MediaUse[]>>(`/media/usage?kind=${kind}`).catch(() => ({})),
    ])
      .then(([items, usage]) => {
        if (current) setState({ status: 'ready', library: { items: newestFirst(items), usage } })
      })
      .catch(() => {
        if (current) setState({ status: 'failed' })
      })
    return () => {
      current = false
    }
  }, [kind, reloads])

  const select = useCallback(
    (id: string | null) => {
      const next = new URLSearchParams(params)
      next.delete('image')
      next.delete('upload')
      if (kind === 'uploads') next.set('tab', 'uploads')
      if (id) next.set(selectedParam(kind), id)
      setParams(next, { replace: !id })
    },
    [params, kind, setParams],
  )

  const replaceItem = (item: MediaItem) =>
    setState((s) =>
      s.status === 'ready'
        ? {
            ...s,
            library: { ...s.library, items: s.library.items.map((i) => (i.id === item.id ? item : i)) },
          }
        : s,
    )

  const library = state.status === 'ready' ? state.library : undefined
  const shown = library?.items.filter((item) => matchesSearch(item, search)) ?? []
  const selected = library?.items.find((item) => item.id === selectedId)

  return (
    <main id="main" className="bo-page bo-media">
      <h1>{t('title')}</h1>
      <p className="bo-media__intro">{t('intro')}</p>
      <nav className="bo-media__tabs" aria-label={t('tab.label')}>
        {(['images', 'uploads'] as const).map((k) => (
          <Link
            key={k}
            className="bo-media__tab"
            to={{ search: k === 'uploads' ? '?tab=uploads' : '' }}
            aria-current={k === kind ? 'page' : undefined}
            onClick={() => setSearch('')}
          >
            {t(`tab.${k}`)}
          </Link>
        ))}
      </nav>
      <MediaUpload
        key={kind}
        kind={kind}
        onUploaded={() => {
          setNotice(null)
          setReloads((n) => n + 1)
        }}
      />
      <div className="ui-field bo-media__search">
        <label className="ui-field__label" htmlFor={searchId}>
          {t('search')}
        </label>
        <input
          id={searchId}
          className="ui-input"
          type="search"
          value={search}
          maxLength={200}
          aria-describedby={`${searchId}-hint`}
          onChange={(e) => setSearch(e.target.value)}
        />
        <span className="ui-field__hint" id={`${searchId}-hint`}>
          {t('searchHint')}
        </span>
      </div>
      {notice ? (
        <Notice tone="success" live="polite">
          <p>{notice}</p>
        </Notice>
      ) : null}
      {state.status === 'loading' ? <Spinner label={t('loading')} /> : null}
      {state.status === 'failed' ? (
        <Notice tone="danger" live="assertive">
          <p>{t('loadFailed')}</p>
          <Button small variant="secondary" onClick={() => setReloads((n) => n + 1)}>
            {t('retry')}
          </Button>
        </Notice>
      ) : null}
      {library ? (
        <>
          <p className="bo-media__count" role="status">
            {library.items.length === 0
              ? t(`empty.${kind}`)
              : shown.length === 0
                ? t('emptyFiltered')
                : t(`shown.${kind}`, { count: shown.length })}
          </p>
          <ul className="bo-media__grid">
            {shown.map((item) => {
              const name = itemName(item) ?? (isImage(item) ? t('noAlt') : t('noName'))
              return (
                <li key={item.id} className="bo-media__card" data-media-id={item.id}>
                  <button
                    type="button"
                    className="bo-media__open"
                    aria-label={`${t('details')}: ${name}`}
                    onClick={() => {
                      setNotice(null)
                      select(item.id)
                    }}
                  >
                    <Thumb item={item} />
                  </button>
                  <div className="bo-media__info">
                    <p className="bo-media__name">{name}</p>
                    <p className="bo-media__meta">
                      {item.width && item.height
                        ? `${t('size', { width: item.width, height: item.height })} · `
                        : ''}
                      {formatBytes(item.size, locale)}
                    </p>
                    <UsageSummary uses={library.usage[item.id] ?? []} />
                  </div>
                </li>
              )
            })}
          </ul>
        </>
      ) : null}
      {selected && library ? (
        <MediaDetail
          key={selected.id}
          kind={kind}
          item={selected}
          uses={library.usage[selected.id] ?? []}
          HistoryPanel={HistoryPanel}
          onChanged={replaceItem}
          onDeleted={(item) => {
            select(null)
            setNotice(t('delete.deleted', { name: itemName(item) ?? item.id }))
            setReloads((n) => n + 1)
          }}
          onStale={() => setReloads((n) => n + 1)}
          onClose={() => select(null)}
        />
      ) : null}
    </main>
  )
}

function Thumb({ item }: { item: MediaItem }) {
  if (isImage(item)) {
    return (
      <img src={imageUrl(item as ImageItem, 'thumbnail')} alt="" width={128} height={128} loading="lazy" />
    )
  }
  const preview = uploadPreviewUrl(item as UploadItem)
  return preview ? (
    <img src={preview} alt="" width={128} height={128} loading="lazy" />
  ) : (
    <span className="bo-media__file" aria-hidden="true">
      .{item.extension}
    </span>
  )
}
