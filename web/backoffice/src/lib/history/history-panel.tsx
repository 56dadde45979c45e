import { Button, Dialog, Notice, Spinner } from '@shop/ui'
import { Fragment, useCallback, useEffect, useId, useRef, useState } from 'react'
import { ApiError, apiGet, apiSend, messageOf } from '../../lib/api.ts'
import { useLocale, useT } from '../../lib/i18n.tsx'
import {
  actorText,
  canRestore,
  changeLabel,
  editorFieldLabel,
  fieldOf,
  formatInstant,
  HISTORY_PAGE_SIZE,
  type HistoryChange,
  type HistoryEntry,
  historyPath,
  restorePath,
  type ShownValue,
  showValue,
  versionToSend,
} from './history-model.ts'
import './history.css'

/** A resource as the API answers it (its fields, id and version). */
export type RestoredResource = { id: string; version: number } & Record<string, unknown>

export type HistoryPanelProps = {
  /** The resource's API path: `products`, `branches`, … or `config`. */
  resource: string
  id: string
  /** The version the editor shows (a restore names it; a stale one is refused and the list reloads). */
  currentVersion: number
  /** The resource after a restore (its new version): the editor shows it. */
  onRestored(state: RestoredResource): void
  /**
   * Beside an editor: the panel starts folded, a button shows it (and reads the history), and
   * the choice to show or fold it is remembered in this browser for every editor. Without it
   * (the media library, the change log's dialog: asked for) the history shows at once.
   */
  collapsible?: boolean
}

type Listed = { entries: HistoryEntry[]; hasMore: boolean }
type Load = { status: 'loading' } | { status: 'failed' } | { status: 'ready'; list: Listed; more: boolean }
type Message = { tone: 'success' | 'danger' | 'warning'; text: string }

// Whether the editors' history panels are shown (remembered per browser; folded at first).
const SHOWN_KEY = 'bo-history-shown'

function rememberedShown(): boolean {
  try {
    return localStorage.getItem(SHOWN_KEY) === '1'
  } catch {
    return false
  }
}

function rememberShown(shown: boolean): void {
  try {
    localStorage.setItem(SHOWN_KEY, shown ? '1' : '0')
  } catch {
    // Storage refused (a private window): the choice holds for this page only.
  }
}

/**
 * A resource's history (GET /api/<resource>/{id}/history): each version, newest first, with who
 * changed what when, old → new; "Diese Version wiederherstellen" asks first, then makes that
 * version's state current again as a new version (POST …/restore). A refusal shows the server's
 * reason; a stale version also reads the history again. Beside an editor (`collapsible`) it is
 * folded until asked for: opening an editor to change a price neither reads nor draws a history
 * of dozens of versions (scripts/bench/editor-open.bench.ts, docs/benchmarks.md).
 */
export function HistoryPanel({ collapsible = false, ...props }: HistoryPanelProps) {
  const t = useT('bo-history')
  const titleId = useId()
  const [shown, setShown] = useState(() => !collapsible || rememberedShown())
  const show = (next: boolean) => {
    rememberShown(next)
    setShown(next)
  }
  if (!shown)
    return (
      <section className="bo-history bo-history--folded" aria-labelledby={titleId}>
        <h2 id={titleId} className="bo-history__title">
          {t('title')}
        </h2>
        <p className="bo-history__intro">{t('folded')}</p>
        <Button small variant="secondary" aria-expanded={false} onClick={() => show(true)}>
          {t('show')}
        </Button>
      </section>
    )
  return <HistoryList {...props} titleId={titleId} fold={collapsible ? () => show(false) : undefined} />
}

function HistoryList({
  resource,
  id,
  currentVersion,
  onRestored,
  titleId,
  fold,
}: Omit<HistoryPanelProps, 'collapsible'> & { titleId: string; fold: (() => void) | undefined }) {
  const t = useT('bo-history')
  const { locale } = useLocale()
  const [load, setLoad] = useState<Load>({ status: 'loading' })
  const [message, setMessage] = useState<Message | null>(null)
  const [asking, setAsking] = useState<HistoryEntry | null>(null)
  const [busy, setBusy] = useState(false)
  // After a stale refusal the user has seen the newer versions (after a restore, the one it
  // made): a restore names that one rather than the editor's older one.
  const [seenAfterStale, setSeenAfterStale] = useState<number | undefined>()
  const ticket = useRef(0)
  const formats = { locale }

  const read = useCallback(async (): Promise<Listed | undefined> => {
    const mine = ++ticket.current
    try {
      const entries = await apiGet<HistoryEntry[]>(historyPath(resource, id, { limit: HISTORY_PAGE_SIZE }))
      if (mine !== ticket.current) return undefined
      const list = { entries, hasMore: entries.length === HISTORY_PAGE_SIZE }
      setLoad({ status: 'ready', list, more: false })
      return list
    } catch {
      if (mine === ticket.current) setLoad({ status: 'failed' })
      return undefined
    }
  }, [resource, id])

  // Read again whenever the editor's version moves (a save there is a new entry here).
  // biome-ignore lint/correctness/useExhaustiveDependencies: the version is the reason to read again
  useEffect(() => {
    setSeenAfterStale(undefined)
    void read()
  }, [read, currentVersion])

  const loadMore = async () => {
    if (load.status !== 'ready') return
    const last = load.list.entries.at(-1)
    setLoad({ ...load, more: true })
    try {
      const page = await apiGet<HistoryEntry[]>(
        historyPath(resource, id, { limit: HISTORY_PAGE_SIZE, ...(last ? { before: last.version } : {}) }),
      )
      setLoad({
        status: 'ready',
        list: { entries: [...load.list.entries, ...page], hasMore: page.length === HISTORY_PAGE_SIZE },
        more: false,
      })
    } catch {
      setLoad({ ...load, more: false })
      setMessage({ tone: 'danger', text: t('loadFailed') })
    }
  }

  const entries = load.status === 'ready' ? load.list.entries : []
  const newest = entries[0]?.version ?? currentVersion
  const version = versionToSend(currentVersion, seenAfterStale)

  const restore = async (entry: HistoryEntry, key: string) => {
    setBusy(true)
    try {
      const state = await apiSend<RestoredResource>(
        'POST',
        restorePath(resource, id),
        { version, from: entry.version },
        { headers: { 'Idempotency-Key': key } },
      )
      setAsking(null)
      setMessage({ tone: 'success', text: t('restored', { from: entry.version, version: state.version }) })
      // The panel made this version: the next restore names it (also when no editor shows it).
      setSeenAfterStale(state.version)
      onRestored(state)
      await read()
    } catch (error) {
      setAsking(null)
      const text = messageOf(error, t('restoreFailed'))
      const stale =
        error instanceof ApiError && error.status === 409 && error.errors.some((e) => e.field === 'version')
      if (stale) {
        const list = await read()
        setSeenAfterStale(list?.entries[0]?.version)
        setMessage({ tone: 'warning', text: `${text} ${t('reloaded')}` })
      } else setMessage({ tone: 'danger', text })
    } finally {
      setBusy(false)
    }
  }

  return (
    <section className="bo-history" aria-labelledby={titleId}>
      <h2 id={titleId} className="bo-history__title">
        {t('title')}
      </h2>
      {fold ? (
        <Button small variant="ghost" aria-expanded onClick={fold}>
          {t('hide')}
        </Button>
      ) : null}
      <p className="bo-history__intro">{t('intro')}</p>
      {message ? (
        <Notice tone={message.tone} live={message.tone === 'success' ? 'polite' : 'assertive'}>
          <p>{message.text}</p>
        </Notice>
      ) : null}
      {load.status === 'loading' ? <Spinner label={t('loading')} /> : null}
      {load.status === 'failed' ? (
        <Notice tone="danger" live="assertive">
          <p>{t('loadFailed')}</p>
          <Button small variant="secondary" onClick={() => void read()}>
            {t('retry')}
          </Button>
        </Notice>
      ) : null}
      {load.status === 'ready' && entries.length === 0 ? <p>{t('empty')}</p> : null}
      {entries.length > 0 ? (
        <ol className="bo-history__list">
          {entries.map((entry) => (
            <li key={entry.version} className="bo-history__entry" data-version={entry.version}>
              <div className="bo-history__head">
                <span className={`ui-badge bo-history__kind bo-history__kind--${entry.kind}`}>
                  {t(`kind.${entry.kind}`)}
                </span>
                <strong>{t('version', { version: entry.version })}</strong>
                {entry.restoredFrom ? (
                  <span>{t('restoredFrom', { version: entry.restoredFrom })}</span>
                ) : null}
                {entry.version === newest ? (
                  <span className="bo-history__current">({t('current')})</span>
                ) : null}
              </div>
              <p className="bo-history__meta">
                <time dateTime={entry.at}>{formatInstant(entry.at, formats)}</time> ·{' '}
                {actorText(entry.actor, t)}
              </p>
              {entry.kind !== 'deleted' ? (
                <Changes changes={entry.changes} formats={formats} resource={resource} />
              ) : null}
              {canRestore(entry, newest) ? (
                <Button
                  small
                  variant="secondary"
                  disabled={busy}
                  aria-label={t('restoreLabel', { version: entry.version })}
                  onClick={() => {
                    setMessage(null)
                    setAsking(entry)
                  }}
                >
                  {t('restore')}
                </Button>
              ) : null}
            </li>
          ))}
        </ol>
      ) : null}
      {load.status === 'ready' && load.list.hasMore ? (
        <Button variant="ghost" small disabled={load.more} onClick={() => void loadMore()}>
          {t('more')}
        </Button>
      ) : null}
      {asking ? (
        <ConfirmRestore
          entry={asking}
          date={formatInstant(asking.at, formats)}
          busy={busy}
          onCancel={() => setAsking(null)}
          onConfirm={(key) => void restore(asking, key)}
        />
      ) : null}
    </section>
  )
}

function ConfirmRestore({
  entry,
  date,
  busy,
  onCancel,
  onConfirm,
}: {
  entry: HistoryEntry
  date: string
  busy: boolean
  onCancel: () => void
  onConfirm: (idempotencyKey: string) => void
}) {
  const t = useT('bo-history')
  // One key for this question: a second click, or a retry after a lost answer, restores once.
  const [key] = useState(() => crypto.randomUUID())
  return (
    <Dialog
      open
      title={t('confirm.title', { version: entry.version })}
      closeLabel={t('confirm.close')}
      onClose={onCancel}
      footer={
        <>
          <Button variant="secondary" onClick={onCancel} disabled={busy}>
            {t('confirm.cancel')}
          </Button>
          <Button onClick={() => onConfirm(key)} disabled={busy}>
            {busy ? t('restoring') : t('confirm.submit')}
          </Button>
        </>
      }
    >
      <p>{t('confirm.text', { version: entry.version, date })}</p>
    </Dialog>
  )
}

function Changes({
  changes,
  formats,
  resource,
}: {
  changes: HistoryChange[]
  formats: { locale: string }
  resource: string
}) {
  const t = useT('bo-history')
  const fieldName = (field: string) => editorFieldLabel(resource, field, t)
  if (changes.length === 0) return <p className="bo-history__none">{t('noChanges')}</p>
  return (
    <ul className="bo-history__changes">
      {changes.map((change) => {
        const field = fieldOf(change.path)
        const label = changeLabel(change, t, fieldName)
        return (
          <li key={`${change.path}:${change.op}`} data-path={change.path}>
            <span className="bo-history__field">{label}</span>{' '}
            {change.hidden ? (
              <span className="bo-history__hidden">{t('hidden')}</span>
            ) : change.op === 'reordered' ? (
              <span>{t('op.reordered')}</span>
            ) : (
              <span className="bo-history__values">
                {change.op === 'added' ? (
                  <>
                    <span className="bo-history__op">{t('op.added')}:</span>{' '}
                    <Value shown={showValue(change.new, field, t, formats)} kind="new" />
                  </>
                ) : change.op === 'removed' ? (
                  <>
                    <span className="bo-history__op">{t('op.removed')}:</span>{' '}
                    <Value shown={showValue(change.old, field, t, formats)} kind="old" />
                  </>
                ) : (
                  <Fragment>
                    <Value shown={showValue(change.old, field, t, formats)} kind="old" />
                    <span aria-hidden="true"> → </span>
                    <span className="ui-visually-hidden"> {t('op.changed')} </span>
                    <Value shown={showValue(change.new, field, t, formats)} kind="new" />
                  </Fragment>
                )}
              </span>
            )}
          </li>
        )
      })}
    </ul>
  )
}

function Value({ shown, kind }: { shown: ShownValue; kind: 'old' | 'new' }) {
  const Tag = kind === 'old' ? 'del' : 'ins'
  return (
    <Tag className={`bo-history__value bo-history__value--${kind}`}>
      {'image' in shown ? (
        <img
          src={`/image/icon/${shown.image.id}-${shown.image.version}.${shown.image.extension}`}
          alt={shown.text}
          width={32}
          height={32}
          loading="lazy"
        />
      ) : (
        shown.text
      )}
    </Tag>
  )
}
