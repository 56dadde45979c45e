import type { Database } from '@shop/kit'
import {
  type Bus,
  cursorOf,
  type Db,
  ensureCheckpoint,
  type Logger,
  metrics,
  pollCommittedEnvelopes,
  readCheckpoint,
  saveCheckpoint,
  sleep,
  WakeSignal,
} from '@shop/kit'
import { type Kysely, sql } from 'kysely'

export type PublisherOptions = {
  db: Db
  bus: Bus
  log: Logger
  /** Checkpoint row and leader lock name. */
  id?: string
  batchSize?: number
  /** Longest sleep when nothing wakes the publisher (ms). */
  idlePollMs?: number
  /** Hold a PostgreSQL advisory lock so only one publisher runs (not for PGlite). */
  exclusive?: boolean
}

export type Publisher = { stop(): Promise<void>; kick(): void; readonly published: number }

// After a wake-up, events of a transaction that committed just now may still sit behind an older
// running transaction; these short re-polls catch them without waiting for the idle poll.
const FOLLOW_UP_DELAYS_MS = [1, 3, 8, 20, 50]

/**
 * Tails the store from its checkpoint and publishes every committed event to the bus with the
 * event id as message id. The checkpoint moves only after every ack, so a crash republishes and
 * JetStream's duplicate window drops the repeats.
 */
export function startPublisher(opts: PublisherOptions): Publisher {
  const id = opts.id ?? 'publisher'
  const batchSize = opts.batchSize ?? 500
  const idlePollMs = opts.idlePollMs ?? 500
  const signal = new WakeSignal()
  let running = true
  let published = 0
  const unsubscribe = opts.bus.onAppended(() => signal.notify())

  const loop = async (conn: Kysely<Database>) => {
    await ensureCheckpoint(conn, id)
    let cursor = await readCheckpoint(conn, id)
    let followUps = 0
    let failures = 0
    while (running) {
      let events: Awaited<ReturnType<typeof pollCommittedEnvelopes>>
      try {
        events = await pollCommittedEnvelopes(conn, cursor, batchSize)
      } catch (err) {
        if (!running) break
        opts.log.error({ err }, 'publisher poll failed')
        await sleep(Math.min(5000, 200 * 2 ** Math.min(failures++, 5)))
        continue
      }
      if (events.length === 0) {
        const delay = FOLLOW_UP_DELAYS_MS[followUps]
        if (delay !== undefined) {
          followUps++
          if (await signal.wait(delay)) followUps = 0
        } else if (await signal.wait(idlePollMs)) {
          followUps = 0
        }
        continue
      }
      try {
        await opts.bus.publishEvents(events)
      } catch (err) {
        if (!running) break
        // Same events, same message ids next time: nothing is lost and JetStream drops repeats.
        opts.log.warn({ err: String(err), failures }, 'publish failed, retrying')
        await sleep(Math.min(5000, 100 * 2 ** Math.min(failures++, 6)))
        continue
      }
      failures = 0
      const last = events.at(-1)!
      cursor = cursorOf(last)
      await saveCheckpoint(conn, id, cursor)
      published += events.length
      metrics.published.inc(events.length)
      metrics.publishLag.set((Date.now() - Date.parse(last.createdAt)) / 1000)
      followUps = events.length === batchSize ? followUps : 0
    }
  }

  const run = async () => {
    while (running) {
      try {
        if (opts.exclusive) {
          await opts.db.connection().execute(async (conn) => {
            const lockKey = `shop:${id}`
            const { rows } = await sql<{
              ok: boolean
            }>`SELECT pg_try_advisory_lock(hashtext(${lockKey})) AS ok`.execute(conn)
            if (!rows[0]?.ok) return
            try {
              opts.log.info({ id }, 'publisher is the leader')
              await loop(conn)
            } finally {
              await sql`SELECT pg_advisory_unlock(hashtext(${lockKey}))`.execute(conn).catch(() => {})
            }
          })
        } else {
          await loop(opts.db)
        }
      } catch (err) {
        if (running) opts.log.error({ err }, 'publisher loop failed')
      }
      if (running) await signal.wait(1000)
    }
  }

  const done = run()
  return {
    get published() {
      return published
    },
    kick: () => signal.notify(),
    async stop() {
      running = false
      unsubscribe()
      signal.notify()
      await done
    },
  }
}
