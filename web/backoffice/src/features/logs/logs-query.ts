/**
 * The change log's filters (GET /api/logs, docs/api.md "Resources"): what the URL query holds, so
 * a reload or a shared link keeps them, and the API query they become. Dates are local days of
 * the admin's browser (YYYY-MM-DD, "to" inclusive); the API compares instants, so they become the
 * local midnights ("to" the one after the day).
 */
import {
  isResourceTypeName,
  RESOURCE_TYPE_NAMES,
  type ResourceChangeKind,
  resourcePathOf,
} from '@shop/shared/contracts/http/resource-paths.ts'
import { addDays, isLocalDate, startOfLocalDay } from '@shop/shared/domain/scheduling/zoned-time.ts'
import { paths } from '@shop/ui/routes'

export const LOG_TYPES = RESOURCE_TYPE_NAMES
export const LOG_PAGE_SIZE = 50

export type LogFilters = {
  /** A resource type (`product`) or '' for all. */
  type: string
  /** A user id or ''. */
  user: string
  from: string
  to: string
  q: string
}

export const EMPTY_LOG_FILTERS: LogFilters = { type: '', user: '', from: '', to: '', q: '' }

/** One entry of GET /api/logs. */
export type LogEntry = {
  id: string
  resource: string
  resourceId: string | null
  action: string
  actor: { kind: 'customer' | 'staff' | 'system'; id?: string; name?: string } | null
  at: string
  version: number
  kind: ResourceChangeKind
  restoredFrom?: number
  name: string | null
}

export function filtersFromSearch(params: URLSearchParams): LogFilters {
  const type = params.get('type') ?? ''
  const from = params.get('from') ?? ''
  const to = params.get('to') ?? ''
  return {
    type: isResourceTypeName(type) ? type : '',
    user: (params.get('user') ?? '').slice(0, 100),
    from: isLocalDate(from) ? from : '',
    to: isLocalDate(to) ? to : '',
    q: (params.get('q') ?? '').slice(0, 200),
  }
}

export function filtersToSearch(filters: LogFilters): URLSearchParams {
  const params = new URLSearchParams()
  for (const key of ['type', 'user', 'from', 'to', 'q'] as const) {
    const value = filters[key].trim()
    if (value) params.set(key, value)
  }
  return params
}

export function hasActiveFilters(filters: LogFilters): boolean {
  return filtersToSearch(filters).toString() !== ''
}

/** GET /api/logs with the filters, a page after `before` (an entry id). */
export function logRequestPath(
  filters: LogFilters,
  opts: { timeZone: string; before?: string | undefined },
): string {
  const query = new URLSearchParams({ limit: String(LOG_PAGE_SIZE) })
  if (filters.type) query.set('resource', filters.type)
  if (filters.user) query.set('user', filters.user)
  if (filters.from) query.set('from', new Date(startOfLocalDay(filters.from, opts.timeZone)).toISOString())
  if (filters.to)
    query.set('to', new Date(startOfLocalDay(addDays(filters.to, 1), opts.timeZone)).toISOString())
  if (filters.q.trim()) query.set('q', filters.q.trim())
  if (opts.before) query.set('before', opts.before)
  return `/logs?${query}`
}

/** The page so far and the next one: whether a further page may follow. */
export function appendLogPage(
  shown: LogEntry[],
  page: LogEntry[],
): { entries: LogEntry[]; hasMore: boolean } {
  const known = new Set(shown.map((e) => e.id))
  return {
    entries: [...shown, ...page.filter((e) => !known.has(e.id))],
    hasMore: page.length === LOG_PAGE_SIZE,
  }
}

/**
 * Where the entry's resource is edited (undefined when the back-office has no screen for it, or
 * the entry names no resource).
 */
export function entryLink(entry: Pick<LogEntry, 'resource' | 'resourceId'>): string | undefined {
  const path = resourcePathOf(entry.resource)
  if (!path || !entry.resourceId) return undefined
  return paths.backend.editor(path, entry.resourceId)
}

/** The API path whose history the entry's resource has (`products`, `config`). */
export function historyResourceOf(entry: Pick<LogEntry, 'resource'>): string | undefined {
  return resourcePathOf(entry.resource)
}

/** The admin's browser time zone (the days of the filter are its days). */
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC'
}
