import type { OrderType } from '@shop/shared/domain/catalogue'
import { useCallback, useEffect, useRef, useState } from 'react'
import { ApiError, apiGet } from '../../lib/api.ts'
import type { AvailabilityAnswer } from './picker-model.ts'

/** Spec §9: the slot search horizon; the pickers show every day of it. */
const HORIZON_DAYS = 180

export type AvailabilityState = {
  data: AvailabilityAnswer | undefined
  error: ApiError | undefined
  loading: boolean
  reload: () => void
}

/**
 * GET /api/branches/{id}/availability for the order type and the cart's products (their lead
 * times move the first slot). Reloaded when either changes and on demand (a picker opening),
 * so the days and windows follow the clock.
 */
export function useAvailability(
  branchId: string | undefined,
  orderType: OrderType | null,
  productUids: readonly string[],
): AvailabilityState {
  const [data, setData] = useState<AvailabilityAnswer | undefined>()
  const [error, setError] = useState<ApiError | undefined>()
  const [loading, setLoading] = useState(false)
  const [tick, setTick] = useState(0)
  const products = [...new Set(productUids)].sort().join(',')
  const request = useRef(0)
  // biome-ignore lint/correctness/useExhaustiveDependencies: tick asks for a fresh answer
  useEffect(() => {
    if (!branchId || !orderType) return
    const id = ++request.current
    const controller = new AbortController()
    const query = new URLSearchParams({ orderType, days: String(HORIZON_DAYS) })
    if (products) query.set('products', products)
    setLoading(true)
    apiGet<AvailabilityAnswer>(`/branches/${encodeURIComponent(branchId)}/availability?${query}`, {
      signal: controller.signal,
      // Never an answer the browser kept: the branch's busy mode may have changed since (its
      // answer is public for 30 s, for shared caches), and the times must be the checkout's now.
      cache: 'no-cache',
    })
      .then((answer) => {
        if (id !== request.current) return
        setData(answer)
        setError(undefined)
      })
      .catch((e: unknown) => {
        if (id !== request.current || (e as Error).name === 'AbortError') return
        setError(e instanceof ApiError ? e : new ApiError(0, []))
      })
      .finally(() => {
        if (id === request.current) setLoading(false)
      })
    return () => controller.abort()
  }, [branchId, orderType, products, tick])
  const reload = useCallback(() => setTick((n) => n + 1), [])
  return { data, error, loading, reload }
}
