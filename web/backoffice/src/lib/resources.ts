/**
 * The back-office's side of the CRUD pattern (spec §7, docs/api.md "Resources"): list, read,
 * create, replace (with the `version` it saw) and delete a resource under /api/<path>, and the
 * hooks the editors and lists load them with. A refused write is an ApiError whose `errors`
 * name the fields (forms.tsx puts them at their fields); a stale version is a 409
 * (`isStale`), which the editors answer with the conflict dialog.
 */
import { RESOURCE_TYPE_PATHS, type ResourceTypeName } from '@shop/shared/contracts/http/resource-paths.ts'
import { PUBLIC_RESOURCE_STREAM_TYPES } from '@shop/shared/contracts/subjects/index.ts'
import { useCallback, useEffect, useRef, useState } from 'react'
import { ApiError, apiGet, apiSend } from './api.ts'
import { watchTopic } from './live-statistics.ts'

/** Every resource answer carries its id and version. */
export type Stored = { id: string; version: number }
export type StoredResource = Stored & Record<string, unknown>

/** `/products`, `/products/<id>`: the API path of a resource (below /api). */
export function resourcePath(resource: string, id?: string, suffix = ''): string {
  return `/${resource}${id === undefined ? '' : `/${encodeURIComponent(id)}`}${suffix}`
}

/** A fresh idempotency key per save: a retried request (network) is not applied twice. */
function writeInit(): RequestInit {
  return { headers: { 'Idempotency-Key': crypto.randomUUID() } }
}

export function listResources<T extends Stored = StoredResource>(
  resource: string,
  query?: Record<string, string>,
): Promise<T[]> {
  const search = query && Object.keys(query).length > 0 ? `?${new URLSearchParams(query)}` : ''
  return apiGet<T[]>(`${resourcePath(resource)}${search}`)
}

export function readResource<T extends Stored = StoredResource>(resource: string, id: string): Promise<T> {
  return apiGet<T>(resourcePath(resource, id))
}

export function createResource<T extends Stored = StoredResource>(
  resource: string,
  body: unknown,
): Promise<T> {
  return apiSend<T>('POST', resourcePath(resource), body, writeInit())
}

/**
 * Replaces a resource: `body` is what GET answered with the user's changes (the server takes its
 * own fields back unchanged, docs/api.md), its `version` the one the user saw.
 */
export function updateResource<T extends Stored = StoredResource>(
  resource: string,
  id: string,
  body: Record<string, unknown> & { version: number },
): Promise<T> {
  return apiSend<T>('PUT', resourcePath(resource, id), body, writeInit())
}

export function deleteResource(resource: string, id: string, version?: number): Promise<unknown> {
  const query = version === undefined ? '' : `?version=${version}`
  return apiSend('DELETE', `${resourcePath(resource, id)}${query}`, undefined, writeInit())
}

/** A write refused because someone else saved first (the `version` sent is not the current one). */
export function isStale(error: unknown): error is ApiError {
  return error instanceof ApiError && error.status === 409 && error.errors.some((e) => e.field === 'version')
}

/** Something a page loads: still loading, failed, or there. */
export type Loaded<T> =
  | { status: 'loading' }
  | { status: 'failed'; error: ApiError }
  | { status: 'ready'; value: T }

const asApiError = (error: unknown) => (error instanceof ApiError ? error : new ApiError(0, []))

/**
 * Loads something once and again on `reload()` or when `key` changes; a reload keeps the old
 * value on screen until the new one is there. An answer that arrives after a newer request was
 * made is dropped.
 */
export function useLoad<T>(
  load: () => Promise<T>,
  key: string,
): [Loaded<T>, () => Promise<void>, (value: T) => void] {
  const [state, setState] = useState<Loaded<T>>({ status: 'loading' })
  const latest = useRef(0)
  const loader = useRef(load)
  loader.current = load
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` names what the load depends on
  const run = useCallback(async () => {
    const ticket = ++latest.current
    try {
      const value = await loader.current()
      if (ticket === latest.current) setState({ status: 'ready', value })
    } catch (error) {
      if (ticket === latest.current) setState({ status: 'failed', error: asApiError(error) })
    }
  }, [key])
  useEffect(() => {
    void run()
  }, [run])
  const set = useCallback((value: T) => {
    latest.current++
    setState({ status: 'ready', value })
  }, [])
  return [state, run, set]
}

/** The API paths whose changes the gateway's 'catalogue' topic announces (the public ones). */
const LIVE_PATHS: ReadonlySet<string> = new Set(
  PUBLIC_RESOURCE_STREAM_TYPES.map((type) => RESOURCE_TYPE_PATHS[type as ResourceTypeName]),
)

/** A changed resource's API path from a 'catalogue' update (`*` after a gap: every one). */
export function changedPath(msg: Record<string, unknown>): string | undefined {
  if (msg.resource === '*') return '*'
  return typeof msg.resource === 'string' ? RESOURCE_TYPE_PATHS[msg.resource as ResourceTypeName] : undefined
}

/**
 * Reloads when someone else changes a resource of this list (issue 17 item 8): the gateway's
 * 'catalogue' topic names each committed change of a public resource; a burst of changes (an
 * import, a bulk price change) makes one reload. Resources only admins read (users, uploads)
 * have no such topic; their lists load on opening.
 */
export function useLiveReload(
  resources: string | readonly string[],
  reload: () => void | Promise<void>,
): void {
  const latest = useRef(reload)
  latest.current = reload
  const key = [resources].flat().join(',')
  useEffect(() => {
    const watched = new Set(key.split(',').filter((path) => LIVE_PATHS.has(path)))
    if (watched.size === 0 || typeof WebSocket === 'undefined') return
    let timer: ReturnType<typeof setTimeout> | undefined
    const soon = () => {
      if (timer) return
      timer = setTimeout(() => {
        timer = undefined
        void latest.current()
      }, 300)
    }
    const stop = watchTopic({
      topic: 'catalogue',
      onResync: soon,
      onUpdate: (msg) => {
        const path = changedPath(msg)
        if (path === '*' || (path !== undefined && watched.has(path))) soon()
      },
    })
    return () => {
      stop()
      if (timer) clearTimeout(timer)
    }
  }, [key])
}

/** A resource list: loaded on mount and on `reload()`, and again when it changes elsewhere. */
export function useResourceList<T extends Stored = StoredResource>(
  resource: string,
  query?: Record<string, string>,
) {
  const key = query ? JSON.stringify(query) : ''
  const loaded = useLoad(() => listResources<T>(resource, query), `${resource}?${key}`)
  useLiveReload(resource, loaded[1])
  return loaded
}

/** One resource by id (an editor); `set` puts the answer of a save in place. */
export function useResourceItem<T extends Stored = StoredResource>(resource: string, id: string) {
  return useLoad(() => readResource<T>(resource, id), `${resource}/${id}`)
}
