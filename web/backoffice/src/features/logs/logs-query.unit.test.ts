import { paths } from '@shop/ui/routes'
import { describe, expect, it } from 'vitest'
import {
  appendLogPage,
  EMPTY_LOG_FILTERS,
  entryLink,
  filtersFromSearch,
  filtersToSearch,
  hasActiveFilters,
  historyResourceOf,
  LOG_PAGE_SIZE,
  type LogEntry,
  logRequestPath,
} from './logs-query.ts'

const entry = (id: string, extra: Partial<LogEntry> = {}): LogEntry => ({
  id,
  resource: 'product',
  resourceId: 'p1',
  action: 'ProductUpdated',
  actor: null,
  at: '2026-11-24T09:00:00.000Z',
  version: 2,
  kind: 'updated',
  name: 'Zopf',
  ...extra,
})

describe('the filters in the URL', () => {
  it('round-trip, leaving out what is empty and refusing what is no filter', () => {
    const filters = { type: 'product', user: 'u1', from: '2026-11-01', to: '2026-11-24', q: 'zopf' }
    expect(filtersFromSearch(filtersToSearch(filters))).toEqual(filters)
    expect(filtersToSearch(EMPTY_LOG_FILTERS).toString()).toBe('')
    expect(hasActiveFilters(EMPTY_LOG_FILTERS)).toBe(false)
    expect(filtersFromSearch(new URLSearchParams('type=order&from=gestern&to=2026-13-01&q=x'))).toEqual({
      ...EMPTY_LOG_FILTERS,
      q: 'x',
    })
  })
})

describe('the API query', () => {
  it('turns local days into the instants of their midnights ("to" inclusive), and pages by entry id', () => {
    const path = logRequestPath(
      { type: 'branch', user: 'u1', from: '2026-11-01', to: '2026-11-24', q: ' zopf ' },
      { timeZone: 'Europe/Zurich', before: '1042' },
    )
    const query = new URL(path, 'http://x').searchParams
    expect(path.startsWith('/logs?')).toBe(true)
    expect(Object.fromEntries(query)).toEqual({
      limit: String(LOG_PAGE_SIZE),
      resource: 'branch',
      user: 'u1',
      from: '2026-10-31T23:00:00.000Z',
      to: '2026-11-24T23:00:00.000Z',
      q: 'zopf',
      before: '1042',
    })
    expect(logRequestPath(EMPTY_LOG_FILTERS, { timeZone: 'UTC' })).toBe(`/logs?limit=${LOG_PAGE_SIZE}`)
  })

  it('appends a page without repeating entries; a full page may have more', () => {
    const full = Array.from({ length: LOG_PAGE_SIZE }, (_, i) => entry(String(100 - i)))
    expect(appendLogPage([], full).hasMore).toBe(true)
    const next = appendLogPage(full, [entry('51'), entry('50')])
    expect(next.entries).toHaveLength(LOG_PAGE_SIZE + 1)
    expect(next.hasMore).toBe(false)
  })
})

describe('links to the editors', () => {
  it('are /<api path>/<id>, the settings for the configuration, the library for files, none without a screen', () => {
    expect(entryLink(entry('1'))).toBe('/products/p1')
    expect(entryLink(entry('1', { resource: 'branch', resourceId: 'b/1' }))).toBe('/branches/b%2F1')
    expect(entryLink(entry('1', { resource: 'config', resourceId: 'config' }))).toBe(paths.backend.settings())
    expect(entryLink(entry('1', { resource: 'image', resourceId: 'i1' }))).toBe('/media?image=i1')
    // Devices have their editor since issue 21; departments still have no screen.
    expect(entryLink(entry('1', { resource: 'device', resourceId: 'd1' }))).toBe('/devices/d1')
    expect(entryLink(entry('1', { resource: 'department', resourceId: 'x1' }))).toBeUndefined()
    expect(entryLink(entry('1', { resourceId: null }))).toBeUndefined()
    expect(historyResourceOf(entry('1', { resource: 'image-template' }))).toBe('image-templates')
    expect(historyResourceOf(entry('1', { resource: 'config' }))).toBe('config')
  })
})
