import { errorBodySchema } from '@shop/shared/contracts'
import { type TranslationParams, t } from '@shop/shared/i18n'
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { z } from 'zod'
import { isDatabaseUnavailable } from './db/unavailable.ts'
import { type Logger, redactUrl } from './log.ts'
import { registry } from './metrics.ts'
import { safeEqual } from './secrets.ts'

/** A catalogue message (namespace:key) with its parameters, translated per request. */
export type Message = { key: string; params?: TranslationParams }

/** `errors:<key>` of the server's message catalogue. */
export const msg = (key: string, params?: TranslationParams): Message => ({
  key: key.includes(':') ? key : `errors:errors.${key}`,
  ...(params ? { params } : {}),
})

export type ErrorItem = { field: string; message: string | Message | ((locale?: string) => string) }

/** An answer with the spec's error body: `{ "errors": [{ "field", "message" }] }`. */
export class HttpError extends Error {
  readonly status: number
  readonly errors: ErrorItem[]
  constructor(status: number, errors: ErrorItem[] | ErrorItem['message'], field = '') {
    const list = Array.isArray(errors) ? errors : [{ field, message: errors }]
    const first = list[0]?.message
    super(
      typeof first === 'string'
        ? first
        : typeof first === 'function'
          ? first()
          : (first?.key ?? `HTTP ${status}`),
    )
    this.name = 'HttpError'
    this.status = status
    this.errors = list
  }
}

/** The error body in the caller's language (German unless Accept-Language chose otherwise). */
export function errorBody(errors: readonly ErrorItem[], locale: string | undefined) {
  return {
    errors: errors.map((e) => ({
      field: e.field,
      message:
        typeof e.message === 'string'
          ? e.message
          : typeof e.message === 'function'
            ? e.message(locale)
            : t(e.message.key, e.message.params, locale),
    })),
  }
}

export type ErrorMapper = (err: unknown) => HttpError | undefined

const FASTIFY_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'invalidJson',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'emptyBody',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'mediaType',
  FST_ERR_CTP_BODY_TOO_LARGE: 'tooLarge',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'contentLength',
}

const localeOfRequest = (req: FastifyRequest) => (req as FastifyRequest & { locale?: string }).locale

/**
 * The error body as JSON, whatever the reply was about to be: a page route that had set
 * `text/html` before it failed (or found nothing) could not send an object and answered 500.
 */
function sendErrors(
  reply: FastifyReply,
  status: number,
  errors: readonly ErrorItem[],
  locale: string | undefined,
) {
  return reply.status(status).type('application/json; charset=utf-8').send(errorBody(errors, locale))
}

/**
 * One error handler for every service: known errors become the spec's error body with the
 * fitting status; anything else is logged and answered 500 without internals.
 */
export function installErrorHandling(
  app: FastifyInstance,
  log: Logger,
  mappers: readonly ErrorMapper[],
): void {
  app.setErrorHandler(errorHandler(log, mappers))
  app.setNotFoundHandler((req, reply) =>
    sendErrors(reply, 404, [{ field: '', message: msg('routeNotFound') }], localeOfRequest(req)),
  )
}

/**
 * Fastify's option for what it refuses before any route or hook runs (a URL with a broken
 * percent-encoding): the spec's error body with 400, like every other refusal, instead of
 * Fastify's own.
 */
export function frameworkErrors(_err: FastifyError, req: FastifyRequest, reply: FastifyReply): void {
  void sendErrors(reply, 400, [{ field: '', message: msg('badRequest') }], localeOfRequest(req))
}

/** How long /readyz waits for its checks before it answers 503. */
export const READY_TIMEOUT_MS = 2000

/** Seconds a client waits before it tries again after a 503 for an unreachable database. */
export const RETRY_AFTER_UNAVAILABLE_S = 2

export function errorHandler(log: Logger, mappers: readonly ErrorMapper[]) {
  return (err: FastifyError | Error, req: FastifyRequest, reply: FastifyReply) => {
    const locale = localeOfRequest(req)
    if (err instanceof HttpError) return sendErrors(reply, err.status, err.errors, locale)
    for (const map of mappers) {
      const mapped = map(err)
      if (mapped) return sendErrors(reply, mapped.status, mapped.errors, locale)
    }
    if (isDatabaseUnavailable(err)) {
      // Not the request's fault and not a bug: the database is away (docs/architecture.md, "Database connections").
      log.warn({ err: err.message, url: redactUrl(req.url), method: req.method }, 'database unavailable')
      reply.header('retry-after', String(RETRY_AFTER_UNAVAILABLE_S))
      return sendErrors(reply, 503, [{ field: '', message: msg('unavailable') }], locale)
    }
    const fe = err as FastifyError
    if (typeof fe.statusCode === 'number' && fe.statusCode >= 400 && fe.statusCode < 500) {
      const message = msg(FASTIFY_MESSAGES[fe.code] ?? 'badRequest')
      return sendErrors(reply, fe.statusCode, [{ field: '', message }], locale)
    }
    log.error({ err, url: redactUrl(req.url), method: req.method }, 'unhandled error')
    return sendErrors(reply, 500, [{ field: '', message: msg('internal') }], locale)
  }
}

const LOOPBACK = /^(?:127\.\d+\.\d+\.\d+|::1|::ffff:127\.\d+\.\d+\.\d+)$/

/**
 * Who may read /metrics (order volume, error rates): with `METRICS_TOKEN` set, a caller that sends
 * it as a bearer token; without one, only a caller on this machine (the socket's own peer, which
 * no header can forge: a proxy in front is not on loopback).
 */
function metricsAllowed(req: FastifyRequest, token: string | undefined): 'ok' | 'unauthorized' | 'hidden' {
  if (token) {
    const sent = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1] ?? ''
    return safeEqual(sent, token) ? 'ok' : 'unauthorized'
  }
  return LOOPBACK.test(req.socket.remoteAddress ?? '') ? 'ok' : 'hidden'
}

/** One readiness check's answer: `ok`, and what an operator needs to see (lag, error, time). */
export type ReadyCheck = { ok: boolean } & Record<string, unknown>
/** Named checks of /readyz: each answers within READY_TIMEOUT_MS or counts as failed. */
export type ReadyChecks = Record<string, () => Promise<ReadyCheck>>

/** Runs the checks side by side, each bounded: a check that does not answer in time failed. */
export async function runReadyChecks(
  checks: ReadyChecks,
  timeoutMs = READY_TIMEOUT_MS,
): Promise<{ ok: boolean; checks: Record<string, ReadyCheck>; waitingFor: string[] }> {
  const results = await Promise.all(
    Object.entries(checks).map(async ([name, check]) => {
      let timer: NodeJS.Timeout | undefined
      const started = performance.now()
      try {
        const late = new Promise<ReadyCheck>((resolve) => {
          timer = setTimeout(
            () => resolve({ ok: false, error: `no answer within ${timeoutMs} ms` }),
            timeoutMs,
          )
        })
        const result = await Promise.race([check(), late])
        return [name, { ...result, ms: Math.round(performance.now() - started) }] as const
      } catch (err) {
        return [
          name,
          { ok: false, error: (err as Error).message, ms: Math.round(performance.now() - started) },
        ] as const
      } finally {
        clearTimeout(timer)
      }
    }),
  )
  const waitingFor = results.filter(([, r]) => !r.ok).map(([name]) => name)
  return { ok: waitingFor.length === 0, checks: Object.fromEntries(results), waitingFor }
}

const readyCheckSchema = z.looseObject({ ok: z.boolean() })
const OPS_SCHEMAS = {
  healthz: {
    summary: 'The process runs',
    tags: ['operations'],
    response: { 200: z.strictObject({ status: z.literal('ok') }) },
  },
  readyz: {
    summary:
      'Its dependencies answer: the database, NATS and the service\'s own checks (docs/operations.md "Health")',
    tags: ['operations'],
    response: Object.fromEntries(
      [200, 503].map((code) => [
        code,
        z.strictObject({
          status: z.enum(['ready', 'not ready']),
          waitingFor: z.array(z.string()).optional(),
          checks: z.record(z.string(), readyCheckSchema).optional(),
        }),
      ]),
    ),
  },
  metrics: {
    summary:
      'Prometheus metrics: with METRICS_TOKEN as a bearer token, else for callers on this machine only',
    tags: ['operations'],
    response: {
      200: {
        description: 'The metrics in the Prometheus text format',
        content: { 'text/plain': { schema: z.string() } },
      },
      401: {
        description: 'A token is set and was not sent',
        content: { 'application/json': { schema: errorBodySchema } },
      },
      404: {
        description: 'No token is set and the caller is not on this machine',
        content: { 'application/json': { schema: errorBodySchema } },
      },
    },
  },
}

/**
 * /healthz (the process runs), /readyz (its dependencies answer) and /metrics (protected:
 * `metricsToken`, else loopback callers only). `ready` is one check, or named checks whose
 * answers /readyz shows: `{ status, waitingFor: [names that failed], checks: { name: { ok, … } } }`
 * (docs/operations.md "Health").
 */
export function registerOpsRoutes(
  app: FastifyInstance,
  ready: (() => Promise<boolean>) | ReadyChecks,
  opts: { metricsToken?: string | undefined } = {},
): void {
  app.get('/healthz', { schema: OPS_SCHEMAS.healthz }, async () => ({ status: 'ok' }))
  const checks: ReadyChecks =
    typeof ready === 'function' ? { ready: async () => ({ ok: await ready() }) } : ready
  const detailed = typeof ready !== 'function'
  app.get('/readyz', { schema: OPS_SCHEMAS.readyz }, async (_req, reply) => {
    // Bounded: a dependency that does not answer makes the process not ready, not a hung probe.
    const report = await runReadyChecks(checks)
    const status = report.ok ? 'ready' : 'not ready'
    return reply
      .status(report.ok ? 200 : 503)
      .send(detailed ? { status, waitingFor: report.waitingFor, checks: report.checks } : { status })
  })
  app.get('/metrics', { schema: OPS_SCHEMAS.metrics }, async (req, reply) => {
    const access = metricsAllowed(req, opts.metricsToken)
    if (access === 'hidden') throw new HttpError(404, msg('routeNotFound'))
    if (access === 'unauthorized') {
      reply.header('www-authenticate', 'Bearer')
      throw new HttpError(401, msg('auth:auth.loginRequired'))
    }
    return reply.header('content-type', registry.contentType).send(await registry.metrics())
  })
}

/** Closes the server and the given resources on SIGINT/SIGTERM, in order. */
export function onShutdown(log: Logger, steps: Array<() => Promise<unknown>>): void {
  let closing = false
  const shutdown = async (signal: string) => {
    if (closing) return
    closing = true
    log.info({ signal }, 'shutting down')
    const timer = setTimeout(() => {
      log.error('shutdown took too long, exiting')
      process.exit(1)
    }, 10_000)
    timer.unref()
    for (const step of steps) {
      try {
        await step()
      } catch (err) {
        log.error({ err }, 'shutdown step failed')
      }
    }
    process.exit(0)
  }
  process.once('SIGINT', () => void shutdown('SIGINT'))
  process.once('SIGTERM', () => void shutdown('SIGTERM'))
}
