import { type Database, type Logger, type Projection, type StoredEvent, yieldToEventLoop } from '@shop/kit'
import type { Transaction } from 'kysely'
import { batchContexts, type ContextDeps, orderStatesAfter, productIdsOf } from './context.ts'
import { insertJobs, type Job, type JobSpec, jobKey, type Message } from './jobs.ts'
import { notificationsEnqueued } from './metrics.ts'
import { jobFor, notificationKindOf, targetsFor } from './plan.ts'

/** The notifier's checkpoint row (older than the runner's `projection:<name>` ids: kept). */
export const DEFAULT_CHECKPOINT = 'notifier'

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
  const notifying = orderEvents.filter((e) => notificationKindOf(e))
  if (notifying.length === 0) return []
  // The order as it stood right after each event: a replay renders the same message.
  const states = await orderStatesAfter(trx, orderEvents)
  const branchIds = notifying.map((e) => states.get(e.eventId)?.branchId).filter((id) => id !== undefined)
  const contextFor = await batchContexts(
    trx,
    branchIds,
    deps,
    productIdsOf(notifying.map((e) => states.get(e.eventId))),
  )
  const prepared: Prepared[] = []
  for (const [i, e] of notifying.entries()) {
    // Rendering a batch's mails is the longest stretch of synchronous work in the shop's
    // process: the requests waiting behind it get their turn every few events.
    if (i > 0 && i % RENDER_CHUNK === 0) await yieldToEventLoop()
    const kind = notificationKindOf(e)!
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

export type NotificationsProjectionOptions = {
  /** Where status links point and who the configured branches are, to render messages. */
  deps: ContextDeps
  log: Logger
  /** The checkpoint row (one per notifier deployment; its instances share it). */
  checkpoint?: string
  /**
   * Where a new checkpoint starts: `now`, the committed head (a notifier added to a shop with
   * history must not mail every past order), or `beginning` (NOTIFY_START).
   */
  startAt?: 'now' | 'beginning'
  /**
   * How many of a batch's new jobs to insert already claimed by this notifier (attempt 1, leased):
   * they are sent from memory right after the commit, no separate claim written for them.
   */
  claim?: () => { count: number; leaseMs: number } | undefined
  /** After the commit: the jobs the batch made, and the claimed ones with their messages. */
  made?: (batch: { inserted: Job[]; claimed: { job: Job; message: Message }[] }) => void
}

/**
 * The notifications read model's projection, run by the kit's projection runner in the notifier:
 * for each batch of order events (one transaction that also moves the checkpoint) it inserts the
 * jobs they ask for, rendered from the orders and the branch and config rows read once for the
 * batch. The jobs and the checkpoint commit together, and the jobs' unique key makes a replay
 * insert nothing. Its commit waits for the WAL flush (`durable`, unlike a read model's): a job lost
 * in a crash after its mail went out would be made and sent again. Its side effect, the sending,
 * comes after the commit (`made`). A rebuild keeps the jobs (`rebuild: 'keep'`): they record what
 * was sent, and making them again would send them again (docs/notifications.md "Rebuilds").
 */
export function notificationsProjection(opts: NotificationsProjectionOptions): Projection {
  return {
    name: 'notifications',
    version: 1,
    checkpoint: opts.checkpoint ?? DEFAULT_CHECKPOINT,
    tables: ['notification_jobs'],
    streamTypes: ['order'],
    startAt: opts.startAt === 'beginning' ? 'beginning' : 'head',
    durable: true,
    rebuild: 'keep',
    async apply(trx, events, ctx) {
      // Nothing is made in a rebuild (the runner never replays this projection; a guard all the same).
      if (ctx.rebuilding) return []
      const claim = opts.claim?.()
      const prepared = await jobsForEvents(trx, events, opts.deps, opts.log)
      const messages = new Map<string, Message>()
      for (const p of prepared) if (p.message) messages.set(jobKey(p.spec), p.message)
      const inserted = await insertJobs(
        trx,
        prepared.map((p) => p.spec),
        claim,
      )
      const claimed = inserted.flatMap((job) => {
        const message = messages.get(jobKey(job))
        return job.status === 'pending' && job.attempts > 0 && message ? [{ job, message }] : []
      })
      const afterCommit = () => {
        for (const job of inserted) notificationsEnqueued.inc({ channel: job.channel, kind: job.kind })
        opts.made?.({ inserted, claimed })
      }
      if (ctx.afterCommit) ctx.afterCommit(afterCommit)
      else afterCommit()
      return []
    },
  }
}
