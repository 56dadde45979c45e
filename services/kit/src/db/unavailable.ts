// Which errors mean "the database cannot be reached right now" rather than "this request is
// wrong" or "the code is wrong": a refused or reset connection, one the server ended
// (`pg_terminate_backend`, a restart, a failover), one that timed out while connecting, a server
// that is starting or shutting down or has no connection slot left. The HTTP layer answers these
// with 503 and Retry-After; the pool opens new connections by itself once the database is back.
// A statement that got no answer in time (the pool's query timeout) counts too.

/** Node's socket errors for a peer that is gone, refuses, or cannot be reached. */
const SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
])

/**
 * PostgreSQL's SQLSTATEs of the same kind: class 08 (connection exception), 57P01–57P03 (admin
 * or crash shutdown, cannot connect now) and class 53, insufficient resources: 53100 (disk full),
 * 53200 (out of memory), 53300 (too many connections). A write refused for a full disk wrote
 * nothing: try again once there is room (docs/runbooks/full-disk.md).
 */
const SQLSTATES = /^(08\d{3}|57P0[1-3]|53\d{3})$/

/** The machine's own resources: a full disk (the embedded shop's files and PGlite, uploads). */
const RESOURCE_CODES = new Set(['ENOSPC', 'EDQUOT'])

/** node-postgres's own messages for a connection that ended or never came. */
const PG_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error and is not queryable',
  'Client was closed and is not queryable',
  // query_timeout: no answer on an open connection (connect.ts drops the connection).
  'Query read timeout',
]

export function isDatabaseUnavailable(err: unknown): boolean {
  for (let e = err, depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    const { code, message } = e as { code?: unknown; message?: unknown }
    if (
      typeof code === 'string' &&
      (SOCKET_CODES.has(code) || SQLSTATES.test(code) || RESOURCE_CODES.has(code))
    )
      return true
    if (typeof message === 'string' && PG_MESSAGES.some((m) => message.startsWith(m))) return true
    if (e instanceof AggregateError && e.errors.some((x) => isDatabaseUnavailable(x))) return true
    e = (e as { cause?: unknown }).cause
  }
  return false
}
