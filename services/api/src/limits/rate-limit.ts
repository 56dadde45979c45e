import rateLimitPlugin from '@fastify/rate-limit'
import { HttpError, type Limits, msg } from '@shop/kit'
import type { FastifyInstance } from 'fastify'
import type { RateCounter } from './rate-counter.ts'

/** The per-address limits a route can be put under (docs/security.md "Rate limits"). */
export type RateLimitName = 'orders' | 'uploads' | 'analytics' | 'login'

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The per-address rate limit this route counts against (see `rateLimit`). */
    rateLimitName?: RateLimitName
  }
}

/**
 * The route option that puts a route under one of the per-address limits, e.g.
 * `app.post('/api/uploads', { config: rateLimit('uploads') }, …)`. Routes sharing a name share
 * one budget; the numbers come from the shop's `Limits` when the route is registered.
 */
export function rateLimit(name: RateLimitName): { rateLimitName: RateLimitName } {
  return { rateLimitName: name }
}

export function windowOf(limits: Limits, name: RateLimitName): { max: number; windowMs: number } {
  switch (name) {
    case 'orders':
      return limits.orders.perAddress
    case 'uploads':
      return limits.uploads.perAddress
    case 'analytics':
      return limits.analytics.perAddress
    case 'login':
      return limits.login.requestsPerAddress
  }
}

/** Minutes to tell a client, from a wait in milliseconds (at least one). */
export const minutesOf = (ms: number) => Math.max(1, Math.ceil(ms / 60_000))

/**
 * `@fastify/rate-limit` for the scope's routes that name a limit (`rateLimit(name)`), keyed by
 * the client address (`req.ip`: Fastify's `trustProxy` decides whether a proxy's
 * X-Forwarded-For counts; IPv6 by /64), counted in `counter` (memory in the embedded process,
 * PostgreSQL for replicas). A refusal is the spec's error body with 429 and `Retry-After`,
 * before the body is read. Call before the routes are registered.
 */
export async function registerRateLimits(
  scope: FastifyInstance,
  deps: { limits: Limits; counter: RateCounter },
): Promise<void> {
  // Runs before the plugin's own onRoute hook (added after it), which reads `config.rateLimit`.
  scope.addHook('onRoute', (route) => {
    const name = route.config?.rateLimitName
    if (!name) return
    const { max, windowMs } = windowOf(deps.limits, name)
    route.config = {
      ...route.config,
      rateLimit: deps.limits.rateLimits ? ({ max, timeWindow: windowMs, bucket: name } as never) : false,
    }
  })
  const { counter } = deps
  // The plugin makes one store per limited route (`child`): the bucket names the budget.
  class CounterStore {
    readonly bucket: string
    constructor(params: { bucket?: string }) {
      this.bucket = params.bucket ?? 'global'
    }
    incr(
      key: string,
      cb: (err: Error | null, res?: { current: number; ttl: number }) => void,
      timeWindow: number,
    ) {
      counter.hit(`${this.bucket}:${key}`, timeWindow).then(
        (r) => cb(null, { current: r.count, ttl: r.ttlMs }),
        (err: Error) => cb(err),
      )
    }
    child(params: { bucket?: string }) {
      return new CounterStore(params)
    }
  }
  await scope.register(rateLimitPlugin, {
    global: false,
    store: CounterStore as never,
    // A counter the database cannot reach lets the request through: the route's own work then
    // answers (a limit must not turn a passing fault into refusals).
    skipOnError: true,
    addHeadersOnExceeding: {
      'x-ratelimit-limit': false,
      'x-ratelimit-remaining': false,
      'x-ratelimit-reset': false,
    },
    errorResponseBuilder: (_req, ctx) =>
      new HttpError(429, msg('tooManyRequests', { count: minutesOf(ctx.ttl) })),
  })
}
