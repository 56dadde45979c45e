import { type LiveStatus, watchOrder } from '@shop/live'
import { useCallback, useEffect, useState } from 'react'
import { ApiError, apiGet } from '../../lib/api.ts'
import { newerOrder, type StatusOrder } from './status.view.ts'

export type LiveOrder =
  | { kind: 'loading' }
  | { kind: 'notFound' }
  | { kind: 'error'; offline: boolean }
  | { kind: 'ready'; order: StatusOrder }

/**
 * The public order kept live (spec §4): one GET decides found or not found, then the shared
 * live client keeps it current over the WebSocket, polling every 10 s while no socket can be
 * held, until the order is final. Every copy (GET, socket, an action's answer) goes through
 * `apply`, which keeps the highest version.
 */
export function useLiveOrder(uid: string, hash: string) {
  const [order, setOrder] = useState<StatusOrder | undefined>()
  const [failure, setFailure] = useState<'notFound' | 'error' | 'offline' | undefined>()
  const [live, setLive] = useState<LiveStatus>('connecting')
  const [attempt, setAttempt] = useState(0)
  const path = `/orders/public/${encodeURIComponent(uid)}/${encodeURIComponent(hash)}`

  const apply = useCallback((next: StatusOrder) => setOrder((current) => newerOrder(current, next)), [])

  const reload = useCallback(async () => {
    try {
      apply(await apiGet<StatusOrder>(path))
    } catch {
      // the live client brings the next copy
    }
  }, [apply, path])

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` restarts the load on retry
  useEffect(() => {
    let stopped = false
    let watcher: { stop(): void } | undefined
    setOrder(undefined)
    setFailure(undefined)
    setLive('connecting')
    apiGet<StatusOrder>(path)
      .then((first) => {
        if (stopped) return
        apply(first)
        watcher = watchOrder<StatusOrder>({
          baseUrl: location.origin,
          uid,
          hash,
          onStatus: setLive,
          onChange: ({ version, data }) => apply({ ...data, version }),
        })
      })
      .catch((error: unknown) => {
        if (stopped) return
        const status = error instanceof ApiError ? error.status : -1
        setFailure(status === 404 || status === 400 ? 'notFound' : status === 0 ? 'offline' : 'error')
      })
    return () => {
      stopped = true
      watcher?.stop()
    }
  }, [uid, hash, path, apply, attempt])

  const retry = useCallback(() => setAttempt((n) => n + 1), [])

  const state: LiveOrder = order
    ? { kind: 'ready', order }
    : failure === 'notFound'
      ? { kind: 'notFound' }
      : failure
        ? { kind: 'error', offline: failure === 'offline' }
        : { kind: 'loading' }
  return { state, live, apply, reload, retry }
}
