import {
  type Bus,
  type Cursor,
  cursorOf,
  type Db,
  ensureCheckpoint,
  type Logger,
  lockCheckpoint,
  metrics,
  pollCommitted,
  START_CURSOR,
  saveCheckpoint,
  sleep,
  WakeSignal,
} from '@shop/kit'
import { sql } from 'kysely'
import { checkpointId, type LiveMessage, type Projection } from './projection.ts'

export type ProjectorOptions = {
  db: Db
  bus: Bus
  log: Logger
  projections: readonly Projection[]
  /** Small batches keep each transaction short: it holds the xid horizon for every reader. */
  batchSize?: number
  idlePollMs?: number
}

export type Projector = {
  stop(): Promise<void>
  kick(): void
  /** Runs every projection until it has caught up with the committed events. */
  catchUp(): Promise<number>
}

type BatchResult = { applied: number; polled: number; busy: boolean }

const FOLLOW_UP_DELAYS_MS = [1, 3, 8, 20, 50]

export async function runProjectionBatch(
  db: Db,
  bus: Pick<Bus, 'root' | 'publishLive'>,
  projection: Projection,
  batchSize: number,
): Promise<BatchResult> {
  let live: LiveMessage[] = []
  let lastCreatedAt: string | undefined
  const result = await db.transaction().execute(async (trx): Promise<BatchResult> => {
    // A read model and its checkpoint commit together and can be rebuilt from the store: losing
    // the last few of these transactions in a server crash is harmless, so the commit does not
    // wait for the WAL flush.
    await sql`SET LOCAL synchronous_commit = off`.execute(trx)
    const cursor = await lockCheckpoint(trx, checkpointId(projection))
    if (!cursor) return { applied: 0, polled: 0, busy: true }
    const events = await pollCommitted(trx, cursor, batchSize)
    if (events.length === 0) return { applied: 0, polled: 0, busy: false }
    const relevant = events.filter((e) => projection.streamTypes.includes(e.streamType))
    if (relevant.length > 0) live = await projection.apply(trx, relevant, { subjectRoot: bus.root })
    const last = events.at(-1)!
    lastCreatedAt = last.createdAt
    await saveCheckpoint(trx, checkpointId(projection), cursorOf(last))
    return { applied: relevant.length, polled: events.length, busy: false }
  })
  // Only after the commit: a client must never see a row that could still roll back.
  for (const m of live) bus.publishLive(m.subject, m.json)
  if (result.applied > 0) metrics.projectedEvents.inc({ projection: projection.name }, result.applied)
  if (lastCreatedAt) {
    metrics.projectionLag.set(
      { projection: projection.name },
      (Date.now() - Date.parse(lastCreatedAt)) / 1000,
    )
  }
  return result
}

/** Catches up on start, then wakes on every event the bus carries (and polls as a fallback). */
export function startProjector(opts: ProjectorOptions): Projector {
  const batchSize = opts.batchSize ?? 200
  const idlePollMs = opts.idlePollMs ?? 1000
  const signal = new WakeSignal()
  let running = true
  // Woken by the "appended" signal the API sends after its commit (the latency path), and by
  // the publisher's "published" signal for events whose writer sent none.
  const unsubscribeEvents = opts.bus.onPublished(() => signal.notify())
  const unsubscribeAppended = opts.bus.onAppended(() => signal.notify())
  const unsubscribe = () => {
    unsubscribeEvents()
    unsubscribeAppended()
  }

  const catchUp = async (): Promise<number> => {
    // Projections are independent: each runs its own transactions, side by side.
    const counts = await Promise.all(
      opts.projections.map(async (p) => {
        let total = 0
        for (;;) {
          const r = await runProjectionBatch(opts.db, opts.bus, p, batchSize)
          total += r.polled
          if (r.busy || r.polled < batchSize) return total
        }
      }),
    )
    return counts.reduce((a, b) => a + b, 0)
  }

  const run = async () => {
    for (const p of opts.projections) await ensureCheckpoint(opts.db, checkpointId(p))
    let followUps = 0
    let failures = 0
    while (running) {
      let polled = 0
      try {
        polled = await catchUp()
        failures = 0
      } catch (err) {
        if (!running) break
        opts.log.error({ err }, 'projection batch failed')
        await sleep(Math.min(5000, 100 * 2 ** Math.min(failures++, 6)))
        continue
      }
      if (polled > 0) {
        followUps = 0
        continue
      }
      const delay = FOLLOW_UP_DELAYS_MS[followUps]
      if (delay !== undefined) {
        followUps++
        if (await signal.wait(delay)) followUps = 0
      } else if (await signal.wait(idlePollMs)) {
        followUps = 0
      }
    }
  }

  const done = run()
  return {
    kick: () => signal.notify(),
    catchUp,
    async stop() {
      running = false
      unsubscribe()
      signal.notify()
      await done
    },
  }
}

/**
 * Rebuilds a read model from the first event, in one transaction: readers see the old rows
 * until the new ones commit, and the live projector waits on the checkpoint lock meanwhile.
 */
export async function rebuildProjection(
  db: Db,
  projection: Projection,
  opts: { batchSize?: number; subjectRoot?: string } = {},
): Promise<number> {
  const batchSize = opts.batchSize ?? 1000
  const id = checkpointId(projection)
  await ensureCheckpoint(db, id)
  return db.transaction().execute(async (trx) => {
    await sql`SELECT 1 FROM es_checkpoints WHERE subscription_id = ${id} FOR UPDATE`.execute(trx)
    for (const table of projection.tables) await sql`DELETE FROM ${sql.table(table)}`.execute(trx)
    let cursor: Cursor = START_CURSOR
    let total = 0
    for (;;) {
      const events = await pollCommitted(trx, cursor, batchSize)
      if (events.length === 0) break
      const relevant = events.filter((e) => projection.streamTypes.includes(e.streamType))
      if (relevant.length > 0)
        await projection.apply(trx, relevant, { subjectRoot: opts.subjectRoot ?? 'shop' })
      cursor = cursorOf(events.at(-1)!)
      total += relevant.length
    }
    await saveCheckpoint(trx, id, cursor)
    return total
  })
}
