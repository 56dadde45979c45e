import type { BRANCH_OPERATIONS_STREAM_TYPE, BranchOperationsView } from '@shop/shared/contracts'
import type { OrderType } from '@shop/shared/domain/catalogue'
import {
  type ActiveOperations,
  activeOperations,
  type BranchOperationsState,
  busyModeOf,
} from '@shop/shared/domain/operations'
import {
  branchAvailability,
  busyNotice,
  isDeliveryOpenAt,
  isOpenForOrderingAt,
} from '@shop/shared/domain/scheduling'
import { Notice } from '@shop/ui'
import { useEffect, useMemo, useState } from 'react'
import { apiGet } from './api.ts'
import { useT } from './i18n.tsx'
import { listenCatalogue } from './live-catalogue.ts'
import type { Branch } from './shop-data.tsx'

// A branch's operations on the storefront (issue 17): products sold out at the branch and busy
// mode (paused, extra preparation time), read from GET /api/branches/{id}/operations and read
// again at once when the gateway's catalogue topic says the branch's operations changed, so a
// change reaches an open menu or checkout without a reload. A poll stays as the fallback. What
// they mean is the shared domain's (shared/domain/operations and scheduling), the same code the
// server's checkout refuses with.

/** How often an open menu or checkout asks again while no socket is live (and when the tab is back). */
export const OPERATIONS_POLL_MS = 15_000
/** …and while the socket is live: a check only (a message can be lost). */
export const OPERATIONS_LIVE_POLL_MS = 60_000

/**
 * The catalogue topic names a branch's operations by their stream type (a type-checked copy: no
 * contracts code in the bundle).
 */
const OPERATIONS_RESOURCE: typeof BRANCH_OPERATIONS_STREAM_TYPE = 'branch-operations'

/** The answer as the domain's state (the marks with their times). */
export function operationsStateOf(view: BranchOperationsView | undefined): BranchOperationsState | null {
  if (!view) return null
  return {
    soldOut: Object.fromEntries(view.soldOut.map((e) => [e.product.id, { until: e.until, at: e.since }])),
    pause: view.pause === null ? null : { until: view.pause.until, at: view.pause.since },
    preparation:
      view.preparation === null
        ? null
        : {
            extraMinutes: view.preparation.extraMinutes,
            until: view.preparation.until,
            at: view.preparation.since,
          },
  }
}

/**
 * The branch's operations in force at `now` (the page's clock: a mark whose time has come is
 * over without asking the server). Nothing in force until the first answer, or while it fails.
 */
export function useBranchOperations(
  branchId: string | undefined,
  now: number,
): {
  active: ActiveOperations
  /** The last answer's version: a change of it means something changed (the checkout reloads its times). */
  version: number | null
} {
  const [view, setView] = useState<BranchOperationsView | undefined>()
  useEffect(() => {
    if (!branchId) return
    let stopped = false
    let controller: AbortController | undefined
    const load = () => {
      controller?.abort()
      controller = new AbortController()
      apiGet<BranchOperationsView>(`/branches/${encodeURIComponent(branchId)}/operations`, {
        signal: controller.signal,
        cache: 'no-cache',
      })
        .then((answer) => {
          if (!stopped) setView(answer)
        })
        // A failed read keeps what we had; the next poll tries again.
        .catch(() => {})
    }
    load()
    let live = false
    let timer: ReturnType<typeof setInterval> | undefined
    const poll = (liveNow: boolean) => {
      if (timer && liveNow === live) return
      live = liveNow
      if (timer) clearInterval(timer)
      timer = setInterval(load, live ? OPERATIONS_LIVE_POLL_MS : OPERATIONS_POLL_MS)
    }
    const unlisten = listenCatalogue({
      onChange: (change) => {
        if (change.resource === OPERATIONS_RESOURCE && change.id === branchId) load()
      },
      onResync: load,
      onLive: poll,
    })
    poll(live)
    const onVisible = () => {
      if (document.visibilityState === 'visible') load()
    }
    document.addEventListener('visibilitychange', onVisible)
    return () => {
      stopped = true
      controller?.abort()
      unlisten()
      clearInterval(timer)
      document.removeEventListener('visibilitychange', onVisible)
    }
  }, [branchId])
  const state = useMemo(() => operationsStateOf(view), [view])
  const active = useMemo(() => activeOperations(state, now), [state, now])
  return { active, version: view?.version ?? null }
}

/**
 * What the storefront says about a busy branch for an order type, or null: the pause (with when
 * orders are taken again), else, while the branch is open for that type, the earliest time the
 * extra preparation time leaves. The same availability rules as the checkout.
 */
export function busyTextOf(
  branch: Branch,
  active: ActiveOperations,
  orderType: OrderType,
  now: number,
): { key: string; params: Record<string, string>; paused: boolean; laterTimes: boolean } | null {
  if (active.pausedUntil === null && active.preparation === null) return null
  const availability = branchAvailability(branch, orderType, now, {
    horizonDays: 2,
    busy: busyModeOf(active, branch),
  })
  if (availability.pause === null) {
    const open = orderType === 'delivery' ? isDeliveryOpenAt(branch, now) : isOpenForOrderingAt(branch, now)
    if (!open) return null
  }
  const notice = busyNotice(availability, orderType)
  if (notice === null) return null
  return {
    ...notice,
    paused: availability.pause !== null,
    laterTimes: availability.pause?.laterTimes ?? false,
  }
}

/** The busy-mode notice of the menu page and the top of the checkout. */
export function BusyNotice({
  branch,
  active,
  orderType,
  now,
  className,
}: {
  branch: Branch
  active: ActiveOperations
  orderType: OrderType
  now: number
  className?: string
}) {
  const t = useT('sf-menu')
  const text = busyTextOf(branch, active, orderType, now)
  if (text === null) return null
  return (
    <Notice tone="warning" live="polite" className={['busy-notice', className].filter(Boolean).join(' ')}>
      <p>
        <strong>{t(text.key, text.params)}</strong>
      </p>
      {text.paused && text.laterTimes ? <p>{t('scheduling:busy.laterTimes')}</p> : null}
    </Notice>
  )
}
