import type { Audience, Channel, JobSpec, Message, NotificationKind } from './jobs.ts'
import { type RenderContext, renderMail, renderSms } from './render.ts'

/** Which order events notify, and as what. */
export const KIND_OF_EVENT: Readonly<Record<string, NotificationKind>> = {
  OrderCreated: 'new-order',
  OrderConfirmed: 'confirmed',
  OrderRejected: 'rejected',
  CounterAppointmentProposed: 'counter-appointment',
  OrderMarkedInDelivery: 'ready',
  // Money paid back (all of it, or the difference of a cheaper item): the customer hears how much.
  OrderRefunded: 'refunded',
}

/**
 * Staff's undo (OrderStatusChangeUndone) of a step the customer was told about (the
 * confirmation, "ready" or "on its way") sends a correction; an undo of a step without a
 * message (completed, delivered) sends nothing.
 */
const CORRECTED_EVENTS: ReadonlySet<string> = new Set(['OrderConfirmed', 'OrderMarkedInDelivery'])

/** The notification an order event makes, if any. */
export function notificationKindOf(event: { type: string; data: unknown }): NotificationKind | undefined {
  if (event.type === 'OrderStatusChangeUndone') {
    const undone = (event.data as { undone?: string }).undone
    return undone !== undefined && CORRECTED_EVENTS.has(undone) ? 'corrected' : undefined
  }
  return KIND_OF_EVENT[event.type]
}

export type Target = { kind: NotificationKind; channel: Channel; audience: Audience; recipient: string }

/**
 * The messages one event asks for: every kind mails the customer (if the order has an e-mail
 * address); a new order also mails the branch (if it has an address) and texts the customer
 * (if there is a phone number and the shop enabled SMS).
 */
export function targetsFor(kind: NotificationKind, ctx: RenderContext): Target[] {
  const targets: Target[] = []
  const email = ctx.order.customer.email?.trim()
  if (email) targets.push({ kind, channel: 'email', audience: 'customer', recipient: email })
  if (kind === 'new-order') {
    const branchEmail = ctx.branch.email?.trim()
    if (branchEmail) targets.push({ kind, channel: 'email', audience: 'branch', recipient: branchEmail })
    const phone = ctx.order.customer.phone?.trim()
    if (phone && ctx.shop.smsEnabled)
      targets.push({ kind, channel: 'sms', audience: 'customer', recipient: phone })
  }
  return targets
}

/** Customers read the language they ordered in; a branch reads its own. */
const forAudience = (ctx: RenderContext, audience: Audience): RenderContext =>
  audience === 'branch' && ctx.staffLocale !== ctx.locale ? { ...ctx, locale: ctx.staffLocale } : ctx

/** The message of one target (throws when it cannot be rendered). */
export function renderMessage(target: Target, orderCtx: RenderContext): Message {
  const ctx = forAudience(orderCtx, target.audience)
  if (target.channel === 'sms') {
    return { fromName: null, replyTo: null, subject: null, body: renderSms(target.kind, ctx), html: null }
  }
  const mail = renderMail(target.kind, target.audience, ctx)
  return {
    fromName: ctx.shop.name,
    // Customers' answers reach the branch; the branch's answer reaches the customer.
    replyTo: target.audience === 'customer' ? ctx.branch.email : ctx.order.customer.email,
    subject: mail.subject,
    body: mail.text,
    html: mail.html,
  }
}

/**
 * One job and its message, rendered now (the caller sends it from memory). A message that
 * cannot be rendered makes a failed job, visible in the order's log, and never blocks the feed.
 */
export function jobFor(
  target: Target,
  ctx: RenderContext,
  source: { id: string; type: string; orderVersion: number },
): { spec: JobSpec; message: Message | null } {
  const base = {
    orderId: ctx.order.orderId,
    branchId: ctx.order.branchId,
    sourceId: source.id,
    sourceType: source.type,
    kind: target.kind,
    channel: target.channel,
    audience: target.audience,
    recipient: target.recipient,
    locale: forAudience(ctx, target.audience).locale,
    orderVersion: source.orderVersion,
  }
  try {
    const message = renderMessage(target, ctx)
    return { spec: { ...base, subject: message.subject }, message }
  } catch (err) {
    return {
      spec: {
        ...base,
        subject: null,
        failedWith: `render failed: ${err instanceof Error ? err.message : String(err)}`,
      },
      message: null,
    }
  }
}
