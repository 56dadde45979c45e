import {
  type Cursor,
  cursorOf,
  type Database,
  type Db,
  type Logger,
  lockCheckpoint,
  pgCode,
  pollCommitted,
  type StoredEvent,
  saveCheckpoint,
} from '@shop/kit'
import { sql, type Transaction } from 'kysely'
import { type ContextDeps, orderStateAt, renderContext } from './context.ts'
import { insertJobs, type Job, type JobSpec } from './jobs.ts'
import { notifierMetrics } from './metrics.ts'
import { jobFor, KIND_OF_EVENT, targetsFor } from './plan.ts'

export const DEFAULT_CHECKPOINT = 'notifier'

export type ConsumerBatch = { polled: number; inserted: Job[]; busy: boolean }

/**
 * Makes sure the checkpoint exists. A new one starts at the committed head (`now`): a notifier
 * added to a shop with history must not mail every past order. `beginning` replays everything.
 */
export async function ensureNotifierCheckpoint(
  db: Db,
  id: string,
  startAt: 'now' | 'beginning',
): Promise<void> {
  if (startAt === 'beginning') {
    await sql`
      INSERT INTO es_checkpoints (subscription_id, last_xid, last_position)
      VALUES (${id}, '0'::xid8, 0) ON CONFLICT (subscription_id) DO NOTHING`.execute(db)
    return
  }
  // The newest event below the commit horizon: every later one commits behind it, so it is
  // seen after the checkpoint (the same rule as pollCommitted).
  await sql`
    INSERT INTO es_checkpoints (subscription_id, last_xid, last_position)
    SELECT ${id}, coalesce(head.transaction_id, '0'::xid8), coalesce(head.global_position, 0)
      FROM (SELECT 1) one
      LEFT JOIN LATERAL (
        SELECT transaction_id, global_position FROM es_events
         WHERE transaction_id < pg_snapshot_xmin(pg_current_snapshot())
         ORDER BY transaction_id DESC, global_position DESC LIMIT 1) head ON true
    ON CONFLICT (subscription_id) DO NOTHING`.execute(db)
}

async function jobsForEvent(
  trx: Transaction<Database>,
  e: StoredEvent,
  deps: ContextDeps,
  log: Logger,
): Promise<JobSpec[]> {
  const kind = KIND_OF_EVENT[e.type]
  if (e.streamType !== 'order' || !kind) return []
  const orderId = (e.data as { orderId?: string }).orderId ?? e.streamId.replace(/^order-/, '')
  try {
    // The order as it stood right after this event: a replay renders the same message.
    const order = await orderStateAt(trx, orderId, e.streamPosition)
    if (!order) {
      log.error({ eventId: e.eventId, orderId }, 'notification: event of an unknown order skipped')
      return []
    }
    const ctx = await renderContext(trx, order, deps)
    return targetsFor(kind, ctx).map((target) => jobFor(target, ctx, { id: e.eventId, type: e.type }))
  } catch (err) {
    // A database error aborts the batch (it is retried); anything else is this event's own
    // problem and must not stop the feed: it is kept as a failed job in the order's log.
    if (pgCode(err)) throw err
    log.error({ err, eventId: e.eventId, orderId }, 'notification: event could not be prepared')
    const branchId = (e.data as { branchId?: string }).branchId ?? (e.metadata.branchId as string) ?? ''
    return [
      {
        orderId,
        branchId: String(branchId),
        sourceId: e.eventId,
        sourceType: e.type,
        kind,
        channel: 'email',
        audience: 'customer',
        recipient: '',
        locale: 'de-CH',
        fromName: null,
        replyTo: null,
        subject: null,
        body: '',
        html: null,
        failedWith: `not prepared: ${err instanceof Error ? err.message : String(err)}`,
      },
    ]
  }
}

/**
 * One batch in one transaction: lock the checkpoint (no row: another notifier has it), read
 * committed events after it, insert the jobs they ask for, move the checkpoint, commit. The jobs
 * and the checkpoint commit together, and the jobs' unique key makes a replay insert nothing.
 * The commit waits for the WAL flush (unlike the projector's): a job lost in a crash after its
 * mail went out would be made and sent again.
 */
export async function runConsumerBatch(
  db: Db,
  opts: { checkpoint: string; batchSize: number; deps: ContextDeps; log: Logger },
): Promise<ConsumerBatch> {
  const batch = await db.transaction().execute(async (trx): Promise<ConsumerBatch> => {
    const cursor: Cursor | undefined = await lockCheckpoint(trx, opts.checkpoint)
    if (!cursor) return { polled: 0, inserted: [], busy: true }
    const events = await pollCommitted(trx, cursor, opts.batchSize)
    if (events.length === 0) return { polled: 0, inserted: [], busy: false }
    const specs: JobSpec[] = []
    for (const e of events) specs.push(...(await jobsForEvent(trx, e, opts.deps, opts.log)))
    const inserted = await insertJobs(trx, specs)
    await saveCheckpoint(trx, opts.checkpoint, cursorOf(events.at(-1)!))
    return { polled: events.length, inserted, busy: false }
  })
  for (const job of batch.inserted) notifierMetrics.enqueued.inc({ channel: job.channel, kind: job.kind })
  return batch
}
