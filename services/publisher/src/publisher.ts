import type { Database } from '@shop/kit'
import {
  type Bus,
  type Cursor,
  cursorOf,
  type Db,
  ensureCheckpoint,
  type Logger,
  metrics,
  pollCommittedEnvelopes,
  readCheckpoint,
  saveCheckpoint,
  startTailer,
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

/**
 * Tails the store from its checkpoint (the kit's tailer: follow-up reads after a wake-up, backoff,
 * a stop that waits for the batch in flight) and publishes every committed event to the bus with
 * the event id as message id. The checkpoint moves only after every ack, so a crash republishes
 * and JetStream's duplicate window drops the repeats.
 */
export function startPublisher(opts: PublisherOptions): Publisher {
  const id = opts.id ?? 'publisher'
  const batchSize = opts.batchSize ?? 500
  let published = 0
  // The connection the rounds read and write on (the leader's own, with its lock) and the
  // checkpoint as this session last wrote it.
  let session: { conn: Kysely<Database>; cursor: Cursor } | undefined
  let step: 'poll' | 'publish' | 'checkpoint' = 'poll'

  const open = async (conn: Kysely<Database>, rounds: () => Promise<void>) => {
    await ensureCheckpoint(conn, id)
    session = { conn, cursor: await readCheckpoint(conn, id) }
    try {
      await rounds()
    } finally {
      session = undefined
    }
  }

  const tailer = startTailer({
    log: opts.log,
    wakeOn: [(wake) => opts.bus.onAppended(wake)],
    idlePollMs: opts.idlePollMs ?? 500,
    // One leader: a session advisory lock on a connection of its own, so no transaction and no
    // xid is held while talking to NATS. A failed round gives the lock up (its connection may be
    // the one that broke) and the next session reads the checkpoint again.
    session: (rounds) =>
      opts.exclusive
        ? opts.db.connection().execute(async (conn) => {
            const lockKey = `shop:${id}`
            const { rows } = await sql<{
              ok: boolean
            }>`SELECT pg_try_advisory_lock(hashtext(${lockKey})) AS ok`.execute(conn)
            if (!rows[0]?.ok) return
            try {
              opts.log.info({ id }, 'publisher is the leader')
              await open(conn, rounds)
            } finally {
              await sql`SELECT pg_advisory_unlock(hashtext(${lockKey}))`.execute(conn).catch(() => {})
            }
          })
        : open(opts.db, rounds),
    sessionFailed: 'publisher loop failed',
    async round(tail) {
      const s = session!
      let total = 0
      for (;;) {
        step = 'poll'
        const events = await pollCommittedEnvelopes(s.conn, s.cursor, batchSize)
        if (events.length === 0) return total
        // Same events, same message ids next time: nothing is lost and JetStream drops repeats.
        step = 'publish'
        await opts.bus.publishEvents(events)
        step = 'checkpoint'
        const last = events.at(-1)!
        const cursor = cursorOf(last)
        await saveCheckpoint(s.conn, id, cursor)
        s.cursor = cursor
        total += events.length
        published += events.length
        metrics.published.inc(events.length)
        metrics.publishLag.set((Date.now() - Date.parse(last.createdAt)) / 1000)
        if (events.length < batchSize || tail.stopping) return total
      }
    },
    onFailure(err, failures) {
      if (step === 'publish') opts.log.warn({ err: String(err), failures }, 'publish failed, retrying')
      else if (step === 'checkpoint')
        opts.log.error({ err }, 'publisher checkpoint not saved, publishing again')
      else opts.log.error({ err }, 'publisher poll failed')
    },
  })

  return {
    get published() {
      return published
    },
    kick: () => tailer.kick(),
    stop: () => tailer.stop(),
  }
}
