import { connect, type Socket } from 'node:net'

// Network receipt printers (issue 21, docs/devices.md): ESC/POS bytes over a plain TCP
// connection, by convention to port 9100 ("raw" or "JetDirect" printing). The printer answers
// nothing: a job counts as sent once every byte was written and the connection closed cleanly.

export const DEFAULT_PRINTER_TIMEOUT_MS = 10_000

/** Why a printer could not be reached, in words for staff (German; the English code beside it). */
export class PrinterError extends Error {
  readonly code: string
  constructor(code: string, message: string) {
    super(message)
    this.name = 'PrinterError'
    this.code = code
  }
}

function describe(err: unknown, host: string, port: number): PrinterError {
  if (err instanceof PrinterError) return err
  const code = (err as { code?: unknown }).code
  const where = `${host}:${port}`
  switch (code) {
    case 'ECONNREFUSED':
      return new PrinterError(
        'ECONNREFUSED',
        `Der Drucker ${where} nimmt keine Verbindung an (ausgeschaltet?).`,
      )
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
      return new PrinterError(String(code), `Der Drucker ${where} ist im Netzwerk nicht erreichbar.`)
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return new PrinterError(String(code), `Die Adresse ${host} ist unbekannt.`)
    case 'ECONNRESET':
    case 'EPIPE':
      return new PrinterError(String(code), `Der Drucker ${where} hat die Verbindung abgebrochen.`)
    default:
      return new PrinterError(
        typeof code === 'string' ? code : 'EPRINT',
        `Der Drucker ${where} antwortet nicht (${err instanceof Error ? err.message : String(err)}).`,
      )
  }
}

function open(
  host: string,
  port: number,
  timeoutMs: number,
  work: (socket: Socket, done: () => void) => void,
) {
  return new Promise<void>((resolve, reject) => {
    let settled = false
    const socket = connect({ host, port })
    const finish = (err?: unknown) => {
      if (settled) return
      settled = true
      clearTimeout(timer)
      if (err) {
        socket.destroy()
        reject(describe(err, host, port))
      } else resolve()
    }
    const timer = setTimeout(
      () =>
        finish(
          new PrinterError('ETIMEDOUT', `Der Drucker ${host}:${port} antwortet nicht (Zeitüberschreitung).`),
        ),
      timeoutMs,
    )
    socket.on('error', (err) => finish(err))
    socket.on('connect', () => work(socket, () => finish()))
  })
}

/**
 * Sends the bytes to the printer: resolves once all were written and the connection closed
 * cleanly (our FIN sent and the socket closed without error); rejects with a PrinterError
 * otherwise (refused, unreachable, reset, no answer within `timeoutMs`).
 */
export function sendToPrinter(
  host: string,
  port: number,
  bytes: Uint8Array,
  timeoutMs = DEFAULT_PRINTER_TIMEOUT_MS,
): Promise<void> {
  return open(host, port, timeoutMs, (socket, done) => {
    socket.on('close', (hadError) => {
      if (!hadError) done()
    })
    socket.end(bytes)
    // A printer that keeps its side open after our FIN: the bytes are out once ours is flushed.
    socket.on('finish', () => {
      setTimeout(() => socket.destroy(), 2000).unref()
    })
  })
}

/** Whether the printer accepts a connection (opened and closed at once, nothing printed). */
export function probePrinter(host: string, port: number, timeoutMs = 5000): Promise<void> {
  return open(host, port, timeoutMs, (socket, done) => {
    socket.end()
    done()
  })
}
