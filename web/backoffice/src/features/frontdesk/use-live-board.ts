import { type LiveRefusal, type LiveStatus, type Versioned, watchBoard } from '@shop/live'
import { useCallback, useEffect, useMemo, useReducer, useRef, useState } from 'react'
import type { BoardAccess } from './board-api.ts'
import type { BoardOrder } from './board-model.ts'
import { INITIAL_LIVE_BOARD, liveBoardReducer } from './live-board-state.ts'

export type LiveBoard = {
  orders: BoardOrder[]
  status: LiveStatus
  /** Whether the board was live at least once (before that, "connecting" is not "offline"). */
  wasLive: boolean
  /** Whether a first copy (socket snapshot or HTTP poll) has arrived. */
  loaded: boolean
  refusal: LiveRefusal | undefined
  put(order: BoardOrder): void
}

/**
 * The branch's board kept live by @shop/live: WebSocket with heartbeat, polling while offline,
 * a snapshot that replaces the board after every reconnect. Each order object keeps its
 * identity until its version changes (a WeakMap per live entry), so memoised cards skip.
 */
export function useLiveBoard(access: BoardAccess): LiveBoard {
  const [entries, setEntries] = useState<Map<string, Versioned<BoardOrder>>>(() => new Map())
  const [state, dispatch] = useReducer(liveBoardReducer, INITIAL_LIVE_BOARD)
  const watcher = useRef<ReturnType<typeof watchBoard<BoardOrder>> | undefined>(undefined)
  const apiKey = access.kind === 'key' ? access.apiKey : undefined
  const deviceCredential = access.kind === 'device' ? access.credential : undefined

  useEffect(() => {
    setEntries(new Map())
    dispatch({ type: 'watch' })
    const w = watchBoard<BoardOrder>({
      baseUrl: location.origin,
      branchId: access.branchId,
      ...(apiKey ? { apiKey } : {}),
      ...(deviceCredential ? { deviceCredential } : {}),
      onChange: (next) => {
        setEntries(next)
        dispatch({ type: 'changed' })
      },
      onStatus: (status) => dispatch({ type: 'status', status }),
      onRefused: (refusal) => dispatch({ type: 'refused', refusal }),
    })
    watcher.current = w
    return () => {
      w.stop()
      if (watcher.current === w) watcher.current = undefined
    }
  }, [access.branchId, apiKey, deviceCredential])

  const cache = useRef(new WeakMap<Versioned<BoardOrder>, BoardOrder>())
  const orders = useMemo(() => {
    const out: BoardOrder[] = []
    for (const entry of entries.values()) {
      let order = cache.current.get(entry)
      if (!order) {
        order = { ...entry.data, version: entry.version }
        cache.current.set(entry, order)
      }
      out.push(order)
    }
    return out
  }, [entries])

  const put = useCallback((order: BoardOrder) => watcher.current?.put(order.id, order.version, order), [])
  return { orders, ...state, put }
}
