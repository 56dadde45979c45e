import { Button, Dialog, Notice, Spinner } from '@shop/ui'
import { type ComponentType, Suspense, useCallback, useEffect, useId, useState } from 'react'
import { Link, useSearchParams } from 'react-router'
import { apiGet } from '../../lib/api.ts'
import { DateRangeFilter, FilterBar, FilterReset, SearchFilter, SelectFilter } from '../../lib/filters.tsx'
import { useLocale, useT } from '../../lib/i18n.tsx'
import {
  appendLogPage,
  browserTimeZone,
  EMPTY_LOG_FILTERS,
  entryLink,
  filtersFromSearch,
  filtersToSearch,
  hasActiveFilters,
  historyResourceOf,
  LOG_TYPES,
  type LogEntry,
  type LogFilters,
  logRequestPath,
} from './logs-query.ts'
import './logs.css'

/** The history panel (lib/history), handed in by the app: a feature imports no other. */
export type HistoryPanelComponent = ComponentType<{
  resource: string
  id: string
  currentVersion: number
  onRestored(state: { id: string; version: number } & Record<string, unknown>): void
}>

type User = { id: string; username: string; displayName?: string | null }

type ListState =
  | { status: 'loading' }
  | { status: 'failed' }
  | { status: 'ready'; entries: LogEntry[]; hasMore: boolean; more: 'idle' | 'loading' | 'failed' }

const formatAt = (iso: string, locale: string) =>
  new Intl.DateTimeFormat(locale, {
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  })
    .format(new Date(iso))
    .replace(',', '')

/**
 * The global change log (admins, GET /api/logs): who changed which resource when, newest first,
 * filtered by area, person, days and words of the name (all in the URL query), paged; each entry
 * links to the resource's editor and opens its history.
 */
export function LogsPage({ HistoryPanel }: { HistoryPanel?: HistoryPanelComponent }) {
  const t = useT('bo-logs')
  const { locale } = useLocale()
  const [params, setParams] = useSearchParams()
  const filters = filtersFromSearch(params)
  const query = filtersToSearch(filters).toString()
  const [state, setState] = useState<ListState>({ status: 'loading' })
  const [reloads, setReloads] = useState(0)
  const [users, setUsers] = useState<User[]>([])
  const [open, setOpen] = useState<LogEntry | null>(null)
  const [notice, setNotice] = useState<string | null>(null)
  const timeZone = browserTimeZone()

  // From the address as it is when applied: two changes in a row both count.
  const setFilters = useCallback(
    (next: Partial<LogFilters>) => {
      setParams((current) => filtersToSearch({ ...filtersFromSearch(current), ...next }), { replace: true })
    },
    [setParams],
  )

  useEffect(() => {
    apiGet<User[]>('/users')
      .then(setUsers)
      .catch(() => setUsers([]))
  }, [])

  // biome-ignore lint/correctness/useExhaustiveDependencies: the query string stands for the filters
  useEffect(() => {
    const controller = new AbortController()
    setState({ status: 'loading' })
    apiGet<LogEntry[]>(logRequestPath(filters, { timeZone }), { signal: controller.signal })
      .then((page) => setState({ status: 'ready', ...appendLogPage([], page), more: 'idle' }))
      .catch((error: Error) => {
        if (error.name !== 'AbortError') setState({ status: 'failed' })
      })
    return () => controller.abort()
  }, [query, timeZone, reloads])

  const loadMore = async () => {
    if (state.status !== 'ready') return
    setState({ ...state, more: 'loading' })
    try {
      const page = await apiGet<LogEntry[]>(
        logRequestPath(filters, { timeZone, before: state.entries.at(-1)?.id }),
      )
      setState({ status: 'ready', ...appendLogPage(state.entries, page), more: 'idle' })
    } catch {
      setState({ ...state, more: 'failed' })
    }
  }

  const usernames = new Map(users.map((u) => [u.id, u.username]))
  const typeName = (type: string) => (LOG_TYPES.includes(type as never) ? t(`type.${type}`) : type)
  const who = (entry: LogEntry) => {
    const actor = entry.actor
    if (!actor) return t('unknown')
    if (actor.kind === 'system') return t('system')
    if (actor.kind === 'customer') return t('customer')
    const username = actor.id ? usernames.get(actor.id) : undefined
    const name = actor.name ?? username ?? actor.id ?? t('unknown')
    return username && username !== name ? `${name} (${username})` : name
  }

  return (
    <main id="main" className="bo-page bo-logs">
      <div className="bo-logs__head">
        <div>
          <h1>{t('title')}</h1>
          <p className="bo-logs__intro">{t('intro')}</p>
        </div>
      </div>
      <LogFiltersForm filters={filters} users={users} onChange={setFilters} typeName={typeName} />
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
      {state.status === 'ready' ? (
        <>
          <p className="bo-logs__count" role="status">
            {state.entries.length === 0
              ? hasActiveFilters(filters)
                ? t('emptyFiltered')
                : t('empty')
              : t('shown', { count: state.entries.length })}
          </p>
          {state.entries.length > 0 ? (
            <div className="bo-logs__table-wrap">
              <table className="bo-logs__table">
                <caption className="ui-visually-hidden">{t('title')}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t('column.at')}</th>
                    <th scope="col">{t('column.who')}</th>
                    <th scope="col">{t('column.what')}</th>
                    <th scope="col">{t('column.change')}</th>
                    {HistoryPanel ? <th scope="col">{t('column.actions')}</th> : null}
                  </tr>
                </thead>
                <tbody>
                  {state.entries.map((entry) => {
                    const link = entry.kind === 'deleted' ? undefined : entryLink(entry)
                    const name = entry.name ?? t('unnamed')
                    return (
                      <tr key={entry.id} data-entry-id={entry.id}>
                        <td>
                          <time dateTime={entry.at}>{formatAt(entry.at, locale)}</time>
                        </td>
                        <td>{who(entry)}</td>
                        <td>
                          <span className="bo-logs__type">{typeName(entry.resource)}</span>{' '}
                          {link ? <Link to={link}>{name}</Link> : <span>{name}</span>}
                        </td>
                        <td>
                          <span className={`ui-badge bo-logs__kind bo-logs__kind--${entry.kind}`}>
                            {t(`kind.${entry.kind}`)}
                          </span>{' '}
                          <span className="bo-logs__version">
                            {t('version', { version: entry.version })}
                            {entry.restoredFrom
                              ? ` ${t('restoredFrom', { version: entry.restoredFrom })}`
                              : ''}
                          </span>
                        </td>
                        {HistoryPanel ? (
                          <td>
                            {entry.resourceId && historyResourceOf(entry) ? (
                              <Button
                                small
                                variant="ghost"
                                aria-label={t('historyOf', { type: typeName(entry.resource), name })}
                                onClick={() => {
                                  setNotice(null)
                                  setOpen(entry)
                                }}
                              >
                                {t('history')}
                              </Button>
                            ) : null}
                          </td>
                        ) : null}
                      </tr>
                    )
                  })}
                </tbody>
              </table>
            </div>
          ) : null}
          {state.more === 'failed' ? (
            <Notice tone="danger" live="assertive">
              <p>{t('loadFailed')}</p>
            </Notice>
          ) : null}
          {state.hasMore ? (
            <div className="bo-logs__more">
              <Button variant="secondary" disabled={state.more === 'loading'} onClick={() => void loadMore()}>
                {state.more === 'loading' ? t('loadingMore') : t('more')}
              </Button>
            </div>
          ) : null}
        </>
      ) : null}
      {open && HistoryPanel && open.resourceId ? (
        <Dialog
          open
          className="bo-logs__history"
          title={t('historyOf', { type: typeName(open.resource), name: open.name ?? t('unnamed') })}
          closeLabel={t('close')}
          onClose={() => setOpen(null)}
        >
          <Suspense fallback={<Spinner label={t('loading')} />}>
            <HistoryPanel
              resource={historyResourceOf(open) ?? open.resource}
              id={open.resourceId}
              currentVersion={open.version}
              onRestored={() => {
                setNotice(t('restored'))
                setReloads((n) => n + 1)
              }}
            />
          </Suspense>
        </Dialog>
      ) : null}
    </main>
  )
}

function LogFiltersForm({
  filters,
  users,
  onChange,
  typeName,
}: {
  filters: LogFilters
  users: User[]
  onChange: (next: Partial<LogFilters>) => void
  typeName: (type: string) => string
}) {
  const t = useT('bo-logs')
  const id = useId()
  // A reset starts a new search box, so a text typed but not yet sent goes too.
  const [resets, setResets] = useState(0)
  const onSearch = useCallback((q: string) => onChange({ q }), [onChange])
  const types = [...LOG_TYPES].sort((a, b) => typeName(a).localeCompare(typeName(b)))
  return (
    <FilterBar label={t('filter.label')}>
      <SearchFilter
        key={resets}
        id={`${id}-q`}
        label={t('filter.search')}
        hint={t('filter.searchHint')}
        value={filters.q}
        onSearch={onSearch}
      />
      <SelectFilter
        id={`${id}-type`}
        label={t('filter.type')}
        value={filters.type}
        all={t('filter.allTypes')}
        options={types.map((type) => ({ value: type, label: typeName(type) }))}
        onChange={(type) => onChange({ type })}
      />
      <SelectFilter
        id={`${id}-user`}
        label={t('filter.user')}
        value={filters.user}
        all={t('filter.allUsers')}
        options={users.map((u) => ({
          value: u.id,
          label:
            u.displayName && u.displayName !== u.username ? `${u.displayName} (${u.username})` : u.username,
        }))}
        onChange={(user) => onChange({ user })}
      />
      <DateRangeFilter
        id={id}
        fromLabel={t('filter.from')}
        toLabel={t('filter.to')}
        from={filters.from}
        to={filters.to}
        onChange={onChange}
      />
      {hasActiveFilters(filters) ? (
        <FilterReset
          label={t('filter.reset')}
          onReset={() => {
            setResets((n) => n + 1)
            onChange(EMPTY_LOG_FILTERS)
          }}
        />
      ) : null}
    </FilterBar>
  )
}
