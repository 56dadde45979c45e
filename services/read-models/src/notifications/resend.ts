import { randomUUID } from 'node:crypto'
import type { Db } from '@shop/kit'
import { type ContextDeps, currentOrder, renderContext } from './context.ts'
import { type Channel, findJobBySource, insertJobs, type Job } from './jobs.ts'
import { notificationsEnqueued } from './metrics.ts'
import { jobFor } from './plan.ts'

export type ResendResult =
  | { kind: 'enqueued'; job: Job; duplicate: boolean }
  | { kind: 'not-found' }
  | { kind: 'no-email' }
  | { kind: 'no-phone' }
  | { kind: 'sms-disabled' }

/**
 * A staff resend of the order's new-order message to the customer: a new job about the order as
 * it is now, due at once (the notifier renders and sends it). With an idempotency key, a repeated
 * call answers the job of the first.
 */
export async function enqueueResend(
  db: Db,
  orderId: string,
  channel: Channel,
  deps: ContextDeps & { idempotencyKey?: string | undefined },
): Promise<ResendResult> {
  const { state: order, version } = await currentOrder(db, orderId)
  if (!order) return { kind: 'not-found' }
  const ctx = await renderContext(db, order, deps)
  let recipient: string | undefined
  if (channel === 'email') {
    recipient = order.customer.email?.trim()
    if (!recipient) return { kind: 'no-email' }
  } else {
    if (!ctx.shop.smsEnabled) return { kind: 'sms-disabled' }
    recipient = order.customer.phone?.trim()
    if (!recipient) return { kind: 'no-phone' }
  }
  const sourceId = `resend:${orderId}:${channel}:${deps.idempotencyKey ?? randomUUID()}`
  const { spec } = jobFor({ kind: 'new-order', channel, audience: 'customer', recipient }, ctx, {
    id: sourceId,
    type: 'resend',
    orderVersion: version,
  })
  const [inserted] = await insertJobs(db, [spec])
  if (inserted) {
    notificationsEnqueued.inc({ channel, kind: 'new-order' })
    return { kind: 'enqueued', job: inserted, duplicate: false }
  }
  const existing = await findJobBySource(db, spec)
  if (!existing) throw new Error(`resend job ${sourceId} neither inserted nor found`)
  return { kind: 'enqueued', job: existing, duplicate: true }
}
