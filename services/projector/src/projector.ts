import {
  type Bus,
  type Cursor,
  cursorOf,
  type Database,
  type Db,
  ensureCheckpoint,
  LIVE_TICK_MS,
  type Logger,
  lockCheckpoint,
  metrics,
  pollCommitted,
  readCheckpoint,
  readLiveSeq,
  START_CURSOR,
  saveCheckpoint,
  sleep,
  stampLive,
  WakeSignal,
} from '@shop/kit'
import { checkpointId, type LiveMessage, type Projection } from '@shop/read-models'
import { liveTickSubject } from '@shop/shared/contracts/subjects'
import { sql, type Transaction } from 'kysely'

/** The projection's source: its own feed, else the event store. */
const pollOf = (projection: Projection) => projection.feed?.poll ?? pollCommitted

export type ProjectorOptions = {
  db: Db
  bus: Bus
  log: Logger
  projections: readonly Projection[]
  /** Small batches keep each transaction short: it holds the xid horizon for every reader. */
  batchSize?: number
  idlePollMs?: number
  /** How often each projection's last live message number is said (tests shorten it). */
  liveTickMs?: number
}

export type Projector = {
  stop(): Promise<void>
  kick(): void
  /** Runs every projection until it has caught up with the committed events. */
  catchUp(): Promise<number>
}

type BatchResult = {
  applied: number
  polled: number
  busy: boolean
  /** The number of the batch's last live message (sent), when it had any. */
  liveSeq?: number
}

const FOLLOW_UP_DELAYS_MS = [1, 3, 8, 20, 50]

export async function runProjectionBatch(
  db: Db,
  bus: Pick<Bus, 'root' | 'publishLive'>,
  projection: Projection,
  batchSize: number,
): Promise<BatchResult> {
  let live: LiveMessage[] = []
  let liveSeq = 0
  let lastCreatedAt: string | undefined
  const result = await db.transaction().execute(async (trx): Promise<BatchResult> => {
    // A read model and its checkpoint commit together and can be rebuilt from the store: losing
    // the last few of these transactions in a server crash is harmless, so the commit does not
    // wait for the WAL flush.
    await sql`SET LOCAL synchronous_commit = off`.execute(trx)
    const cursor = await lockCheckpoint(trx, checkpointId(projection))
    if (!cursor) return { applied: 0, polled: 0, busy: true }
    const events = await pollOf(projection)(trx, cursor, batchSize)
    if (events.length === 0) return { applied: 0, polled: 0, busy: false }
    const relevant = events.filter((e) => projection.streamTypes.includes(e.streamType))
    if (relevant.length > 0) live = await projection.apply(trx, relevant, { subjectRoot: bus.root })
    const last = events.at(-1)!
    lastCreatedAt = last.createdAt
    // The live messages are numbered with the checkpoint: a gateway finds a lost one by the gap.
    liveSeq = await saveCheckpoint(trx, checkpointId(projection), cursorOf(last), live.length)
    return { applied: relevant.length, polled: events.length, busy: false }
  })
  // Only after the commit: a client must never see a row that could still roll back.
  const first = liveSeq - live.length + 1
  for (const [i, m] of live.entries())
    bus.publishLive(m.subject, stampLive(m.json, projection.name, first + i))
  if (live.length > 0) result.liveSeq = liveSeq
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
  // The number of each projection's last live message this process sent (or, at start, the one
  // stored: a projector that died between its commit and its publish left a gap the gateways
  // learn of by the next tick).
  const sent = new Map<string, number>()
  const batch = async (p: Projection) => {
    const r = await runProjectionBatch(opts.db, opts.bus, p, batchSize)
    if (r.liveSeq !== undefined) sent.set(p.name, Math.max(sent.get(p.name) ?? 0, r.liveSeq))
    return r
  }
  const ticker = setInterval(() => {
    for (const [of, seq] of sent)
      opts.bus.publishLive(liveTickSubject(opts.bus.root), JSON.stringify({ of, seq }))
  }, opts.liveTickMs ?? LIVE_TICK_MS)
  ticker.unref()

  const catchUp = async (): Promise<number> => {
    // Projections are independent: each runs its own transactions, side by side.
    const counts = await Promise.all(
      opts.projections.map(async (p) => {
        let total = 0
        for (;;) {
          const r = await batch(p)
          total += r.polled
          if (r.busy || r.polled < batchSize) return total
        }
      }),
    )
    return counts.reduce((a, b) => a + b, 0)
  }

  const run = async () => {
    let failures = 0
    // A read model built by other code (its stored version differs) is rebuilt first.
    for (const p of opts.projections) {
      for (;;) {
        try {
          const started = Date.now()
          if (await ensureProjectionVersion(opts.db, p)) {
            opts.log.info(
              { projection: p.name, version: p.version, ms: Date.now() - started },
              'projection rebuilt',
            )
          }
          const stored = await readLiveSeq(opts.db, checkpointId(p))
          if (stored > 0) sent.set(p.name, Math.max(sent.get(p.name) ?? 0, stored))
          failures = 0
          break
        } catch (err) {
          if (!running) return
          opts.log.error({ err, projection: p.name }, 'projection version check failed')
          await sleep(Math.min(5000, 100 * 2 ** Math.min(failures++, 6)))
        }
      }
    }
    let followUps = 0
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
      clearInterval(ticker)
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
  const id = checkpointId(projection)
  await ensureCheckpoint(db, id)
  return db.transaction().execute(async (trx) => {
    await sql`SELECT 1 FROM es_checkpoints WHERE subscription_id = ${id} FOR UPDATE`.execute(trx)
    return rebuildLocked(trx, projection, opts)
  })
}

/**
 * Rebuilds the read model when the version stored for it is not the code's (or none is stored):
 * under the checkpoint's lock, so of several projectors starting at once one rebuilds and the
 * others then find the new version. A read model that has read nothing yet (its checkpoint at the
 * start: a new shop, a new projection) is only emptied; the projector then builds it batch by
 * batch as always. Answers whether it rebuilt or emptied it.
 */
export async function ensureProjectionVersion(
  db: Db,
  projection: Projection,
  opts: { batchSize?: number; subjectRoot?: string } = {},
): Promise<boolean> {
  const id = checkpointId(projection)
  await ensureCheckpoint(db, id)
  return db.transaction().execute(async (trx) => {
    const { rows } = await sql<{ xid: string; position: string }>`
      SELECT last_xid::text AS xid, last_position::text AS position FROM es_checkpoints
       WHERE subscription_id = ${id} FOR UPDATE`.execute(trx)
    const stored = await trx
      .selectFrom('projection_versions')
      .select('version')
      .where('projection', '=', projection.name)
      .executeTakeFirst()
    if (stored?.version === projection.version) return false
    const cursor = rows[0]
    if (cursor && cursor.xid === START_CURSOR.xid && cursor.position === START_CURSOR.position) {
      await clearLocked(trx, projection)
      await saveVersion(trx, projection)
    } else await rebuildLocked(trx, projection, opts)
    return true
  })
}

async function clearLocked(trx: Transaction<Database>, projection: Projection): Promise<void> {
  if (projection.clear) await projection.clear(trx)
  else for (const table of projection.tables) await sql`DELETE FROM ${sql.table(table)}`.execute(trx)
}

async function saveVersion(trx: Transaction<Database>, projection: Projection): Promise<void> {
  await sql`
    INSERT INTO projection_versions (projection, version, rebuilt_at) VALUES (${projection.name}, ${projection.version}, now())
    ON CONFLICT (projection) DO UPDATE SET version = excluded.version, rebuilt_at = excluded.rebuilt_at`.execute(
    trx,
  )
}

/** The rebuild itself, inside a transaction that holds the projection's checkpoint row. */
async function rebuildLocked(
  trx: Transaction<Database>,
  projection: Projection,
  opts: { batchSize?: number; subjectRoot?: string },
): Promise<number> {
  const batchSize = opts.batchSize ?? 1000
  await clearLocked(trx, projection)
  const poll = pollOf(projection)
  let cursor: Cursor = START_CURSOR
  let total = 0
  for (;;) {
    const events = await poll(trx, cursor, batchSize)
    if (events.length === 0) break
    const relevant = events.filter((e) => projection.streamTypes.includes(e.streamType))
    if (relevant.length > 0)
      await projection.apply(trx, relevant, { subjectRoot: opts.subjectRoot ?? 'shop' })
    cursor = cursorOf(events.at(-1)!)
    total += relevant.length
  }
  // Rows changed without live messages: one number taken and never sent makes the gateways read
  // their rooms again once they notice (the projector's next message or tick).
  await saveCheckpoint(trx, checkpointId(projection), cursor, 1)
  await saveVersion(trx, projection)
  return total
}

/**
 * The projections that have not read the last committed item of their source yet (tests and
 * tools wait for none). "Last" is in feed order, as in `readersBehind`.
 */
export async function projectionsBehind(db: Db, projections: readonly Projection[]): Promise<string[]> {
  const behind: string[] = []
  for (const p of projections) {
    const head = p.feed ? await p.feed.head(db) : await eventStoreHead(db)
    if (!head) continue
    const cursor = await readCheckpoint(db, checkpointId(p))
    const before =
      BigInt(cursor.xid) < BigInt(head.xid) ||
      (cursor.xid === head.xid && BigInt(cursor.position) < BigInt(head.position))
    if (before) behind.push(p.name)
  }
  return behind
}

async function eventStoreHead(db: Db): Promise<Cursor | null> {
  const { rows } = await sql<{ xid: string; position: string }>`
    SELECT transaction_id::text AS xid, global_position::text AS position FROM es_events
     ORDER BY transaction_id DESC, global_position DESC LIMIT 1`.execute(db)
  return rows[0] ?? null
}
