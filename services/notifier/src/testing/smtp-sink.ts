import type { AddressInfo } from 'node:net'
import { SMTPServer } from 'smtp-server'
import { type ParsedMail, parseMail } from './mime.ts'

export type ReceivedMail = ParsedMail & { envelopeTo: string[]; raw: string; queueId: string }

export type SmtpSink = {
  readonly url: string
  readonly port: number
  /** Every message the sink answered 250 to, in order. */
  readonly mails: ReceivedMail[]
  /** Stops listening: senders get "connection refused" until `start()`. */
  stop(): Promise<void>
  /** Listens again on the same port. */
  start(): Promise<void>
  /** Keeps every message waiting for its answer after DATA until `release()`. */
  hold(): void
  release(): void
  /** How many messages wait for their answer now. */
  readonly waiting: number
  /** How many waiting messages lost their sender (it disconnected before the answer). */
  readonly abandoned: number
  /** Resolves with the mails once `predicate` holds for the received list. */
  waitFor(predicate: (mails: ReceivedMail[]) => boolean, timeoutMs?: number): Promise<ReceivedMail[]>
}

/**
 * A real SMTP server (smtp-server) in this process that keeps what it receives. A message counts
 * as received only when it was answered 250 while its sender was still connected: a sender that
 * died before the answer has not handed the message over.
 */
export async function startSmtpSink(): Promise<SmtpSink> {
  const mails: ReceivedMail[] = []
  const closed = new Set<string>()
  let held = false
  let waiters: Array<() => void> = []
  let waiting = 0
  let abandoned = 0
  const waitingSessions = new Set<string>()
  let port = 0
  let server: SMTPServer | undefined
  let n = 0

  const make = () =>
    new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onClose(session) {
        closed.add(session.id)
        if (waitingSessions.has(session.id)) abandoned++
      },
      onData(stream, session, callback) {
        const chunks: Buffer[] = []
        stream.on('data', (c: Buffer) => chunks.push(c))
        stream.on('end', async () => {
          if (held) {
            waiting++
            waitingSessions.add(session.id)
            await new Promise<void>((resolve) => waiters.push(resolve))
            waitingSessions.delete(session.id)
            waiting--
          }
          if (closed.has(session.id)) return
          const raw = Buffer.concat(chunks).toString('utf8')
          const queueId = `Q${++n}`
          mails.push({
            ...parseMail(raw),
            envelopeTo: session.envelope.rcptTo.map((r) => r.address),
            raw,
            queueId,
          })
          callback(null, `Queued as ${queueId}`)
        })
      },
    })

  const listen = async () => {
    server = make()
    const s = server
    await new Promise<void>((resolve, reject) => {
      s.once('error', reject)
      s.listen(port, '127.0.0.1', () => resolve())
    })
    port = (s.server.address() as AddressInfo).port
  }
  await listen()

  return {
    get url() {
      return `smtp://127.0.0.1:${port}`
    },
    get port() {
      return port
    },
    mails,
    get waiting() {
      return waiting
    },
    get abandoned() {
      return abandoned
    },
    async stop() {
      const s = server
      server = undefined
      if (s) await new Promise<void>((resolve) => s.close(() => resolve()))
    },
    start: listen,
    hold() {
      held = true
    },
    release() {
      held = false
      const w = waiters
      waiters = []
      for (const resolve of w) resolve()
    },
    async waitFor(predicate, timeoutMs = 15_000) {
      const deadline = Date.now() + timeoutMs
      while (!predicate(mails)) {
        if (Date.now() > deadline) {
          throw new Error(
            `SMTP sink: condition not met within ${timeoutMs} ms; received: ${JSON.stringify(mails.map((m) => [m.envelopeTo, m.subject]))}`,
          )
        }
        await new Promise((r) => setTimeout(r, 25))
      }
      return mails
    },
  }
}
