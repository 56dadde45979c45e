import type { Db } from '@shop/kit'
import { sql } from 'kysely'

/**
 * Fixed-window counters for the per-client rate limits (docs/security.md "Rate limits"). A hit
 * counts atomically and answers the count in the current window and the time until it ends.
 */
export interface RateCounter {
  hit(key: string, windowMs: number): Promise<{ count: number; ttlMs: number }>
}

/**
 * In the process's memory: the embedded shop (one process; no PGlite work on the event loop per
 * limited request). Expired windows are swept as it grows, and it never holds more than
 * `maxKeys` (the oldest go first), so a flood of addresses cannot grow it without bound.
 */
export class MemoryRateCounter implements RateCounter {
  readonly #windows = new Map<string, { count: number; resetAt: number }>()
  readonly #maxKeys: number
  readonly #now: () => number
  #nextSweep = 0

  constructor(opts: { maxKeys?: number; now?: () => number } = {}) {
    this.#maxKeys = opts.maxKeys ?? 100_000
    this.#now = opts.now ?? Date.now
  }

  async hit(key: string, windowMs: number): Promise<{ count: number; ttlMs: number }> {
    const now = this.#now()
    let w = this.#windows.get(key)
    if (!w || w.resetAt <= now) {
      this.#windows.delete(key)
      w = { count: 0, resetAt: now + windowMs }
      this.#windows.set(key, w)
      if (this.#windows.size > this.#maxKeys || now >= this.#nextSweep) this.#sweep(now)
    }
    w.count++
    return { count: w.count, ttlMs: w.resetAt - now }
  }

  #sweep(now: number): void {
    this.#nextSweep = now + 60_000
    for (const [k, w] of this.#windows) if (w.resetAt <= now) this.#windows.delete(k)
    // Insertion order is the order the windows began: the oldest go first.
    for (const k of this.#windows.keys()) {
      if (this.#windows.size <= this.#maxKeys) break
      this.#windows.delete(k)
    }
  }
}

/**
 * In PostgreSQL (`rate_limit_counters`, UNLOGGED): every API replica counts in the same window.
 * One upsert per hit, on the database's clock; ended windows are deleted now and then.
 */
export class PgRateCounter implements RateCounter {
  readonly #db: Db
  #hits = 0

  constructor(db: Db) {
    this.#db = db
  }

  async hit(key: string, windowMs: number): Promise<{ count: number; ttlMs: number }> {
    const window = `${windowMs} milliseconds`
    const { rows } = await sql<{ count: number; ttl_ms: string }>`
      INSERT INTO rate_limit_counters AS c (key, count, reset_at)
      VALUES (${key}, 1, now() + ${window}::interval)
      ON CONFLICT (key) DO UPDATE SET
        count = CASE WHEN c.reset_at <= now() THEN 1 ELSE c.count + 1 END,
        reset_at = CASE WHEN c.reset_at <= now() THEN now() + ${window}::interval ELSE c.reset_at END
      RETURNING count, ceil(extract(epoch FROM reset_at - now()) * 1000)::text AS ttl_ms`.execute(this.#db)
    if (++this.#hits % 1000 === 0) void this.sweep().catch(() => {})
    const row = rows[0]!
    return { count: row.count, ttlMs: Math.max(0, Number(row.ttl_ms)) }
  }

  /** Deletes the windows that have ended (a new hit starts its key afresh anyway). */
  async sweep(): Promise<void> {
    await this.#db.deleteFrom('rate_limit_counters').where('reset_at', '<', sql<Date>`now()`).execute()
  }
}
