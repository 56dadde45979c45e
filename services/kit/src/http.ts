import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { Logger } from './log.ts'
import { registry } from './metrics.ts'

export type ErrorItem = { field: string; message: string }

/** An answer with the spec's error body: `{ "errors": [{ "field", "message" }] }`. */
export class HttpError extends Error {
  readonly status: number
  readonly errors: ErrorItem[]
  constructor(status: number, errors: ErrorItem[] | string, field = '') {
    const list = typeof errors === 'string' ? [{ field, message: errors }] : errors
    super(list[0]?.message ?? `HTTP ${status}`)
    this.name = 'HttpError'
    this.status = status
    this.errors = list
  }
}

export type ErrorMapper = (err: unknown) => HttpError | undefined

const FASTIFY_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'Der Inhalt der Anfrage ist kein gültiges JSON.',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'Der Inhalt der Anfrage darf nicht leer sein.',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Dieser Inhaltstyp wird nicht unterstützt.',
  FST_ERR_CTP_BODY_TOO_LARGE: 'Die Anfrage ist zu groß.',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'Die Länge des Inhalts stimmt nicht.',
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
  app.setNotFoundHandler((_req, reply) =>
    reply
      .status(404)
      .send({ errors: [{ field: '', message: 'Die angeforderte Ressource wurde nicht gefunden.' }] }),
  )
}

export function errorHandler(log: Logger, mappers: readonly ErrorMapper[]) {
  return (err: FastifyError | Error, req: FastifyRequest, reply: FastifyReply) => {
    if (err instanceof HttpError) return reply.status(err.status).send({ errors: err.errors })
    for (const map of mappers) {
      const mapped = map(err)
      if (mapped) return reply.status(mapped.status).send({ errors: mapped.errors })
    }
    const fe = err as FastifyError
    if (typeof fe.statusCode === 'number' && fe.statusCode >= 400 && fe.statusCode < 500) {
      const message = FASTIFY_MESSAGES[fe.code] ?? 'Die Anfrage ist ungültig.'
      return reply.status(fe.statusCode).send({ errors: [{ field: '', message }] })
    }
    log.error({ err, url: req.url, method: req.method }, 'unhandled error')
    return reply
      .status(500)
      .send({ errors: [{ field: '', message: 'Leider ist ein interner Fehler aufgetreten.' }] })
  }
}

/** /healthz (the process runs), /readyz (its dependencies answer) and /metrics. */
export function registerOpsRoutes(app: FastifyInstance, ready: () => Promise<boolean>): void {
  app.get('/healthz', async () => ({ status: 'ok' }))
  app.get('/readyz', async (_req, reply) => {
    let ok = false
    try {
      ok = await ready()
    } catch {
      ok = false
    }
    return reply.status(ok ? 200 : 503).send({ status: ok ? 'ready' : 'not ready' })
  })
  app.get('/metrics', async (_req, reply) =>
    reply.header('content-type', registry.contentType).send(await registry.metrics()),
  )
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
