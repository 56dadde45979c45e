import type { BranchOperationsView } from '@shop/shared/contracts'
import { useCallback, useEffect, useMemo, useState, useSyncExternalStore } from 'react'
import { ApiError, messageOf } from '../api.ts'
import { type BranchOpsAccess, type BranchOpsApi, branchOpsApi } from './branch-ops-api.ts'

// One shared state per branch (and credential) for every control on the page: a product list
// with a toggle per row asks the server once per poll, not once per row. It is read while at
// least one control shows it, every POLL_MS and when the tab comes back (a change made at
// another device shows up by then), and replaced by each write's answer at once.

/** How often open controls read the branch's operations again. */
export const POLL_MS = 15_000

export type BranchOpsSnapshot = {
  view: BranchOperationsView | undefined
  /** The branch's IANA zone (times are shown in it); until it is known, Zürich's. */
  timeZone: string
  /** The last read failed (the controls keep what they had). */
  failed: boolean
}

type Store = {
  api: BranchOpsApi
  snapshot: BranchOpsSnapshot
  listeners: Set<() => void>
  users: number
  stop?: () => void
  set(next: Partial<BranchOpsSnapshot>): void
  refresh(): Promise<void>
}

const stores = new Map<string, Store>()

const keyOf = (access: BranchOpsAccess) =>
  access.kind === 'key'
    ? `key:${access.branchId}:${access.apiKey}`
    : access.kind === 'device'
      ? `device:${access.branchId}:${access.credential}`
      : `session:${access.branchId}`

function storeFor(access: BranchOpsAccess): Store {
  const key = keyOf(access)
  const store = stores.get(key)
  if (store) return store
  const api = branchOpsApi(access)
  const created: Store = {
    api,
    snapshot: { view: undefined, timeZone: 'Europe/Zurich', failed: false },
    listeners: new Set(),
    users: 0,
    set(next) {
      created.snapshot = { ...created.snapshot, ...next }
      for (const listener of created.listeners) listener()
    },
    async refresh() {
      try {
        created.set({ view: await api.load(), failed: false })
      } catch {
        created.set({ failed: true })
      }
    },
  }
  stores.set(key, created)
  return created
}

/** Starts reading while the first control shows the branch; stops when the last one is gone. */
function retain(store: Store): () => void {
  store.users += 1
  if (store.users === 1) {
    void store.refresh()
    store.api
      .read<{ id: string; timeZone?: string }>(`/branches/${encodeURIComponent(store.api.branchId)}`)
      .then((branch) => {
        if (branch.timeZone) store.set({ timeZone: branch.timeZone })
      })
      .catch(() => {})
    const timer = setInterval(() => void store.refresh(), POLL_MS)
    const onVisible = () => {
      if (document.visibilityState === 'visible') void store.refresh()
    }
    document.addEventListener('visibilitychange', onVisible)
    store.stop = () => {
      clearInterval(timer)
      document.removeEventListener('visibilitychange', onVisible)
    }
  }
  return () => {
    store.users -= 1
    if (store.users === 0) store.stop?.()
  }
}

/** The page's clock for remaining times and marks that end (re-read every `everyMs`). */
export function useClock(everyMs = 15_000): number {
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs)
    return () => clearInterval(timer)
  }, [everyMs])
  return now
}

export type BranchOps = BranchOpsSnapshot & {
  api: BranchOpsApi
  /** A write in progress (its name), for the buttons to wait. */
  pending: string | null
  /** The last refusal's message (the server's, in the page's language), null when none. */
  error: string | null
  /** Runs a write; its answer replaces the state of every control of the branch. */
  run(
    name: string,
    write: (api: BranchOpsApi) => Promise<BranchOperationsView>,
    fallback: string,
  ): Promise<void>
}

/** The branch's operations for one control, shared with every other control of the branch. */
export function useBranchOps(access: BranchOpsAccess): BranchOps {
  const key = keyOf(access)
  // biome-ignore lint/correctness/useExhaustiveDependencies: one store per branch and credential
  const store = useMemo(() => storeFor(access), [key])
  useEffect(() => retain(store), [store])
  const snapshot = useSyncExternalStore(
    useCallback(
      (listener: () => void) => {
        store.listeners.add(listener)
        return () => store.listeners.delete(listener)
      },
      [store],
    ),
    () => store.snapshot,
  )
  const [pending, setPending] = useState<string | null>(null)
  const [error, setError] = useState<string | null>(null)
  const run = useCallback(
    async (name: string, write: (api: BranchOpsApi) => Promise<BranchOperationsView>, fallback: string) => {
      setPending(name)
      setError(null)
      try {
        store.set({ view: await write(store.api), failed: false })
      } catch (e) {
        setError(e instanceof ApiError && e.status === 0 ? fallback : messageOf(e, fallback))
        // What is true now (another device may have acted): read it again.
        void store.refresh()
      } finally {
        setPending(null)
      }
    },
    [store],
  )
  return { ...snapshot, api: store.api, pending, error, run }
}
