import {
  type Cursor,
  cursorOf,
  type Database,
  type Db,
  type Logger,
  lockCheckpoint,
  pollCommitted,
  type StoredEvent,
  saveCheckpoint,
  yieldToEventLoop,
} from '@shop/kit'
import { sql, type Transaction } from 'kysely'
import { batchContexts, type ContextDeps, orderStatesAfter } from './context.ts'
import { insertJobs, type Job, type JobSpec, jobKey, type Message } from './jobs.ts'
import { notifierMetrics } from './metrics.ts'
import { jobFor, KIND_OF_EVENT, targetsFor } from './plan.ts'

export const DEFAULT_CHECKPOINT = 'notifier'

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

type Prepared = { spec: JobSpec; message: Message | null }

const RENDER_CHUNK = 10

/** The jobs of a batch's events, rendered: states and render data read once for the whole batch. */
async function jobsForEvents(
  trx: Transaction<Database>,
  events: readonly StoredEvent[],
  deps: ContextDeps,
  log: Logger,
): Promise<Prepared[]> {
  const orderEvents = events.filter((e) => e.streamType === 'order')
  const notifying = orderEvents.filter((e) => KIND_OF_EVENT[e.type])
  if (notifying.length === 0) return []
  // The order as it stood right after each event: a replay renders the same message.
  const states = await orderStatesAfter(trx, orderEvents)
  const branchIds = notifying.map((e) => states.get(e.eventId)?.branchId).filter((id) => id !== undefined)
  const contextFor = await batchContexts(trx, branchIds, deps)
  const prepared: Prepared[] = []
  for (const [i, e] of notifying.entries()) {
    // Rendering a batch's mails is the longest stretch of synchronous work in the shop's
    // process: the requests waiting behind it get their turn every few events.
    if (i > 0 && i % RENDER_CHUNK === 0) await yieldToEventLoop()
    const kind = KIND_OF_EVENT[e.type]!
    const orderId = (e.data as { orderId?: string }).orderId ?? e.streamId.replace(/^order-/, '')
    const source = { id: e.eventId, type: e.type, orderVersion: e.streamPosition }
    try {
      const order = states.get(e.eventId)
      if (!order) {
        log.error({ eventId: e.eventId, orderId }, 'notification: event of an unknown order skipped')
        continue
      }
      const ctx = contextFor(order)
      for (const target of targetsFor(kind, ctx)) prepared.push(jobFor(target, ctx, source))
    } catch (err) {
      // Never stop the feed on one event: it is kept as a failed job in the order's log.
      log.error({ err, eventId: e.eventId, orderId }, 'notification: event could not be prepared')
      const branchId = (e.data as { branchId?: string }).branchId ?? (e.metadata.branchId as string) ?? ''
      prepared.push({
        spec: {
          orderId,
          branchId: String(branchId),
          sourceId: e.eventId,
          sourceType: e.type,
          kind,
          channel: 'email',
          audience: 'customer',
          recipient: '',
          locale: 'de-CH',
          orderVersion: e.streamPosition,
          subject: null,
          failedWith: `not prepared: ${err instanceof Error ? err.message : String(err)}`,
        },
        message: null,
      })
    }
  }
  return prepared
}

export type ConsumerBatch = {
  polled: number
  inserted: Job[]
  /** Jobs inserted already claimed for this notifier, with their messages: send them now. */
  claimed: { job: Job; message: Message }[]
  busy: boolean
}

/**
 * One batch in one transaction: lock the checkpoint (no row: another notifier has it), read
 * committed events after it, insert the jobs they ask for, move the checkpoint, commit. The jobs
 * and the checkpoint commit together, and the jobs' unique key makes a replay insert nothing.
 * The commit waits for the WAL flush (unlike the projector's): a job lost in a crash after its
 * mail went out would be made and sent again. Up to `claim.count` jobs are inserted claimed by
 * this notifier and returned with their rendered messages, to be sent from memory at once.
 */
export async function runConsumerBatch(
  db: Db,
  opts: {
    checkpoint: string
    batchSize: number
    deps: ContextDeps
    log: Logger
    claim?: { count: number; leaseMs: number } | undefined
  },
): Promise<ConsumerBatch> {
  const messages = new Map<string, Message>()
  const batch = await db.transaction().execute(async (trx): Promise<Omit<ConsumerBatch, 'claimed'>> => {
    const cursor: Cursor | undefined = await lockCheckpoint(trx, opts.checkpoint)
    if (!cursor) return { polled: 0, inserted: [], busy: true }
    const events = await pollCommitted(trx, cursor, opts.batchSize)
    if (events.length === 0) return { polled: 0, inserted: [], busy: false }
    const prepared = await jobsForEvents(trx, events, opts.deps, opts.log)
    for (const p of prepared) if (p.message) messages.set(jobKey(p.spec), p.message)
    const inserted = await insertJobs(
      trx,
      prepared.map((p) => p.spec),
      opts.claim,
    )
    await saveCheckpoint(trx, opts.checkpoint, cursorOf(events.at(-1)!))
    return { polled: events.length, inserted, busy: false }
  })
  for (const job of batch.inserted) notifierMetrics.enqueued.inc({ channel: job.channel, kind: job.kind })
  const claimed = batch.inserted.flatMap((job) => {
    const message = messages.get(jobKey(job))
    return job.status === 'pending' && job.attempts > 0 && message ? [{ job, message }] : []
  })
  return { ...batch, claimed }
}
