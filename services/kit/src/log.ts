import { type Logger, pino } from 'pino'

export type { Logger }

// Secrets that travel in URLs (docs/security.md "Logs"): the status link's hash, a branch's api
// key on the frontdesk routes and board pages, an upload's public hash, the time-tracking
// token, the test provider's payment session. The request log keeps the route, not the secret.
const SECRET_PATHS: readonly RegExp[] = [
  /^(\/api\/orders\/public\/[^/?#]+\/)[^/?#]+/,
  /^(\/status\/[^/?#]+\/)[^/?#]+/,
  /^(\/api\/orders\/(?:frontdesk|backoffice)\/[^/?#]+\/)[^/?#]+/,
  /^(\/backend\/frontdesk\/[^/?#]+\/)[^/?#]+/,
  /^(\/upload\/)[^/?#]+/,
  /^(\/api\/time-tracking\/)[^/?#]+/,
  /^(\/payments\/test\/)[^/?#]+/,
]
const SECRET_QUERY = /([?&](?:key|apikey|api_key|token|hash|session_id|sessionid|code|secret)=)[^&#]*/gi

/** The URL with every secret it may carry replaced by `***`. */
export function redactUrl(url: string): string {
  let out = url
  for (const pattern of SECRET_PATHS) out = out.replace(pattern, '$1***')
  return out.replace(SECRET_QUERY, '$1***')
}

type LoggedRequest = { method?: string; url?: string; ip?: string; host?: string }

const MAX_MESSAGE = 500

export const logSerializers = {
  /** What Fastify logs of a request: never its headers (cookies, api keys), the URL redacted. */
  req: (req: LoggedRequest) => ({
    method: req.method,
    url: req.url === undefined ? undefined : redactUrl(req.url),
    host: req.host,
    remoteAddress: req.ip,
  }),
  /**
   * An error without what a database error carries of the data (`detail` holds the failing row,
   * `where` and `internalQuery` the SQL): enough to find the cause, nothing of the customer.
   */
  err: (err: unknown) => {
    const out = pino.stdSerializers.err(err as Error) as Record<string, unknown>
    for (const key of ['detail', 'where', 'internalQuery', 'query', 'parameters', 'params', 'body'])
      delete out[key]
    if (typeof out.message === 'string' && out.message.length > MAX_MESSAGE) {
      out.message = `${out.message.slice(0, MAX_MESSAGE)}…`
    }
    if (typeof out.stack === 'string') {
      out.stack = out.stack
        .split('\n')
        .slice(0, 12)
        .map((line) => (line.length > MAX_MESSAGE ? `${line.slice(0, MAX_MESSAGE)}…` : line))
        .join('\n')
    }
    return out
  },
}

/** The shop's logger: JSON lines to stdout, or to `destination` (tests read what was logged). */
export function createLogger(
  name: string,
  /** LOG_LEVEL in the configuration (`config.logLevel`). */
  level = 'info',
  destination?: { write(line: string): void },
): Logger {
  const options = { name, level, base: { service: name }, serializers: logSerializers }
  return destination ? pino(options, destination) : pino(options)
}

export const silentLogger: Logger = pino({ level: 'silent' })
