export type RetryPolicy = {
  /** Wait after the first failed attempt (ms); doubles with every further one. */
  baseMs: number
  /** Longest wait between two attempts (ms). */
  capMs: number
  /** After this many attempts a job is `failed` (kept, visible, can be resent). */
  maxAttempts: number
}

export const DEFAULT_RETRY: RetryPolicy = { baseMs: 5_000, capMs: 15 * 60_000, maxAttempts: 12 }

/** The wait after failed attempt number `attempt` (1-based): base · 2^(attempt−1), capped. */
export function backoffMs(attempt: number, policy: Pick<RetryPolicy, 'baseMs' | 'capMs'>): number {
  const exponent = Math.max(0, Math.min(attempt - 1, 40))
  return Math.min(policy.capMs, policy.baseMs * 2 ** exponent)
}

/** null: no further attempt (the last one was spent, or the error is permanent). */
export function nextRetryMs(attempt: number, permanent: boolean, policy: RetryPolicy): number | null {
  if (permanent || attempt >= policy.maxAttempts) return null
  return backoffMs(attempt, policy)
}
