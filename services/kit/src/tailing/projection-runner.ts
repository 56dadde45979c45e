import { liveTickSubject } from '@shop/shared/contracts/subjects'
import { sql, type Transaction } from 'kysely'
import { LIVE_TICK_MS, stampLive } from '../bus/live-sequence.ts'
import type { Bus } from '../bus/types.ts'
import type { Db } from '../db/connect.ts'
import type { Database } from '../db/schema.ts'
import {
  ensureCheckpoint,
  lockCheckpoint,
  readCheckpoint,
  readLiveSeq,
  saveCheckpoint,
} from '../event-store/checkpoints.ts'
import { cursorOf, pollCommitted } from '../event-store/store.ts'
import { type Cursor, START_CURSOR } from '../event-store/types.ts'
import type { Logger } from '../log.ts'
import { metrics } from '../metrics.ts'
import { yieldToEventLoop } from '../signal.ts'
import { checkpointId, type LiveMessage, type Projection } from './projection.ts'
import { startTailer, type TailState } from './tailer.ts'

// The runner of projections: batches under the checkpoint's lock, live messages (numbered) and
// the effects a batch asks for after its commit, ticks, version checks and rebuilds. The
// projector runs the read models with it, the notifier its outbox.

/** The projection's source: its own feed, else the event store. */
const pollOf = (projection: Projection) => projection.feed?.poll ?? pollCommitted

export type ProjectionRunnerOptions = {
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

export type ProjectionRunner = {
  stop(): Promise<void>
  kick(): void
  /** Runs every projection until it has caught up with the committed events. */
  catchUp(): Promise<number>
}

export type BatchResult = {
  applied: number
  polled: number
  busy: boolean
  /** The number of the batch's last live message (sent), when it had any. */
  liveSeq?: number
}

/** The checkpoint of a projection, made where the projection starts when there is none. */
export function ensureProjectionCheckpoint(db: Db, projection: Projection): Promise<void> {
  return ensureCheckpoint(db, checkpointId(projection), projection.startAt ?? 'beginning')
}

export async function runProjectionBatch(
  db: Db,
  bus: Pick<Bus, 'root' | 'publishLive'>,
  projection: Projection,
  batchSize: number,
): Promise<BatchResult> {
  let live: LiveMessage[] = []
  let effects: (() => void)[] = []
  let liveSeq = 0
  let lastCreatedAt: string | undefined
  const result = await db.transaction().execute(async (trx): Promise<BatchResult> => {
    // A read model and its checkpoint commit together and can be rebuilt from the store: losing
    // the last few of these transactions in a server crash is harmless, so the commit does not
    // wait for the WAL flush (unless the projection's rows cannot be made again: `durable`).
    if (!projection.durable) await sql`SET LOCAL synchronous_commit = off`.execute(trx)
    const cursor = await lockCheckpoint(trx, checkpointId(projection))
    if (!cursor) return { applied: 0, polled: 0, busy: true }
    const events = await pollOf(projection)(trx, cursor, batchSize)
    if (events.length === 0) return { applied: 0, polled: 0, busy: false }
    const relevant = events.filter((e) => projection.streamTypes.includes(e.streamType))
    effects = []
    if (relevant.length > 0) {
      live = await projection.apply(trx, relevant, {
        subjectRoot: bus.root,
        afterCommit: (effect) => void effects.push(effect),
        rebuilding: false,
      })
    }
    const last = events.at(-1)!
    lastCreatedAt = last.createdAt
    // The live messages are numbered with the checkpoint: a gateway finds a lost one by the gap.
    liveSeq = await saveCheckpoint(trx, checkpointId(projection), cursorOf(last), live.length)
    return { applied: relevant.length, polled: events.length, busy: false }
  })
  // Only after the commit: a client must never see a row that could still roll back, and no
  // message may leave for a job that could.
  const first = liveSeq - live.length + 1
  for (const [i, m] of live.entries())
    bus.publishLive(m.subject, stampLive(m.json, projection.name, first + i))
  for (const effect of effects) effect()
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

/**
 * Runs projections on the store-tailing loop (`startTailer`): their version checks first, then
 * batches until caught up, woken by every event the bus carries (and polling as a fallback).
 */
export function startProjectionRunner(opts: ProjectionRunnerOptions): ProjectionRunner {
  const batchSize = opts.batchSize ?? 200
  // The number of each projection's last live message this process sent (or, at start, the one
  // stored: a runner that died between its commit and its publish left a gap the gateways
  // learn of by the next tick).
  const sent = new Map<string, number>()
  const ticker = setInterval(() => {
    for (const [of, seq] of sent)
      opts.bus.publishLive(liveTickSubject(opts.bus.root), JSON.stringify({ of, seq }))
  }, opts.liveTickMs ?? LIVE_TICK_MS)
  ticker.unref()

  const catchUpWith = async (tail: TailState): Promise<number> => {
    // Projections are independent: each runs its own transactions, side by side.
    const counts = await Promise.all(
      opts.projections.map(async (p) => {
        let total = 0
        for (let n = 0; ; n++) {
          // Between two batches the event loop gets a turn: requests waiting, and (the notifier)
          // the sends the last batch handed over get under way, freeing room for this one's.
          if (n > 0) await yieldToEventLoop()
          const r = await runProjectionBatch(opts.db, opts.bus, p, batchSize)
          if (r.liveSeq !== undefined) sent.set(p.name, Math.max(sent.get(p.name) ?? 0, r.liveSeq))
          total += r.polled
          if (r.busy || r.polled < batchSize || tail.stopping) return total
        }
      }),
    )
    return counts.reduce((a, b) => a + b, 0)
  }

  // The public catch-up waits for the version checks (and the checkpoints they make).
  let prepared!: () => void
  const ready = new Promise<void>((resolve) => {
    prepared = resolve
  })

  // What failed last, for the log: a projection's version check or a batch.
  let checking: Projection | undefined
  const tailer = startTailer({
    log: opts.log,
    wakeOn: [
      // The "appended" signal the API sends after its commit (the latency path), and the
      // publisher's "published" signal for events whose writer sent none.
      (wake) => opts.bus.onPublished(wake),
      (wake) => opts.bus.onAppended(wake),
    ],
    idlePollMs: opts.idlePollMs ?? 1000,
    async prepare(tail) {
      // A read model built by other code (its stored version differs) is rebuilt first.
      for (const p of opts.projections) {
        if (tail.stopping) return
        checking = p
        const started = Date.now()
        if (await ensureProjectionVersion(opts.db, p)) {
          opts.log.info(
            { projection: p.name, version: p.version, ms: Date.now() - started },
            'projection rebuilt',
          )
        }
        const stored = await readLiveSeq(opts.db, checkpointId(p))
        if (stored > 0) sent.set(p.name, Math.max(sent.get(p.name) ?? 0, stored))
      }
      checking = undefined
      prepared()
    },
    round: catchUpWith,
    onFailure(err, _failures, phase) {
      if (phase === 'prepare')
        opts.log.error({ err, projection: checking?.name }, 'projection version check failed')
      else opts.log.error({ err }, 'projection batch failed')
    },
  })

  return {
    kick: () => tailer.kick(),
    async catchUp() {
      await ready
      return catchUpWith({ stopping: false })
    },
    async stop() {
      clearInterval(ticker)
      await tailer.stop()
      prepared()
    },
  }
}

/**
 * Rebuilds a read model from the first event, in one transaction: readers see the old rows
 * until the new ones commit, and the live projector waits on the checkpoint lock meanwhile. A
 * projection whose rows record side effects (`rebuild: 'keep'`, the notifier) is not replayed:
 * only its version is recorded.
 */
export async function rebuildProjection(
  db: Db,
  projection: Projection,
  opts: { batchSize?: number; subjectRoot?: string } = {},
): Promise<number> {
  const id = checkpointId(projection)
  await ensureProjectionCheckpoint(db, projection)
  return db.transaction().execute(async (trx) => {
    await sql`SELECT 1 FROM es_checkpoints WHERE subscription_id = ${id} FOR UPDATE`.execute(trx)
    if (projection.rebuild === 'keep') {
      await saveVersion(trx, projection)
      return 0
    }
    return rebuildLocked(trx, projection, opts)
  })
}

/**
 * Rebuilds the read model when the version stored for it is not the code's (or none is stored):
 * under the checkpoint's lock, so of several projectors starting at once one rebuilds and the
 * others then find the new version. A read model that has read nothing yet (its checkpoint at the
 * start: a new shop, a new projection) is only emptied; the projector then builds it batch by
 * batch as always. A projection kept on rebuild (`rebuild: 'keep'`) only gets its version
 * recorded. Answers whether it rebuilt or emptied it.
 */
export async function ensureProjectionVersion(
  db: Db,
  projection: Projection,
  opts: { batchSize?: number; subjectRoot?: string } = {},
): Promise<boolean> {
  const id = checkpointId(projection)
  await ensureProjectionCheckpoint(db, projection)
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
    if (projection.rebuild === 'keep') {
      await saveVersion(trx, projection)
      return false
    }
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
  // Nothing leaves the process in a rebuild: its live messages and after-commit effects are dropped.
  const ctx = { subjectRoot: opts.subjectRoot ?? 'shop', afterCommit: () => {}, rebuilding: true }
  for (;;) {
    const events = await poll(trx, cursor, batchSize)
    if (events.length === 0) break
    const relevant = events.filter((e) => projection.streamTypes.includes(e.streamType))
    if (relevant.length > 0) await projection.apply(trx, relevant, ctx)
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
