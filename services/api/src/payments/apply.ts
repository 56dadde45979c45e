import { createHash } from 'node:crypto'
import { IdempotencyKeyReusedError, WrongExpectedVersionError } from '@shop/kit'
import { OrderRuleError, type OrderState } from '@shop/shared/domain/ordering'
import type { FastifyBaseLogger } from 'fastify'
import {
  type CommandDeps,
  type LifecycleCommandInput,
  loadOrder,
  runOrderCommand,
  withContext,
} from '../commands/order-commands.ts'
import type { PaymentNotice } from './port.ts'

export const PAYMENT_FAILED_REASON = 'payment failed'
export const PAYMENT_CANCELED_REASON = 'payment canceled'

export type ApplyResult =
  | { applied: true; command: 'MarkPaid' | 'FailOrder'; duplicate: boolean }
  | { applied: false; reason: string }

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** What a notice asks of the order in its present state: a command, or why nothing. */
export function commandForNotice(
  state: OrderState | null,
  notice: PaymentNotice,
): { command: LifecycleCommandInput } | { ignore: string } {
  if (!state) return { ignore: 'unknown order' }
  if (!state.isOnlinePayment || !state.payment) return { ignore: 'order is not paid online' }
  if (state.payment.provider !== notice.provider || state.payment.sessionId !== notice.sessionId) {
    return { ignore: 'session is not the order’s' }
  }
  const { payment, status } = state.lifecycle
  switch (notice.outcome) {
    case 'pending':
      return { ignore: 'payment still pending' }
    case 'paid':
      // The money is there: record it whenever the machine allows (also after a cancel, and after
      // a failure the provider reported first: the order stays failed and can be refunded).
      if (payment === 'awaiting' || payment === 'failed')
        return { command: { type: 'MarkPaid', reference: notice.reference } }
      return { ignore: `payment already ${payment}` }
    case 'failed':
    case 'canceled':
      if (payment === 'awaiting' && status === 'awaitingConfirmation') {
        const reason = notice.outcome === 'failed' ? PAYMENT_FAILED_REASON : PAYMENT_CANCELED_REASON
        return { command: { type: 'FailOrder', reason } }
      }
      return { ignore: `payment ${payment}, order ${status}: a late ${notice.outcome} changes nothing` }
  }
}

/**
 * Applies what a provider said to the order: paid → MarkPaid, failed/canceled → FailOrder,
 * pending → nothing. A repeated or out-of-order notice changes nothing. Concurrent copies of
 * one notice append one event: they share an idempotency key (provider, session, outcome).
 * Every write expects the version the decision was made on, so a notice that lost a race is
 * decided again by these rules against the new state.
 */
export async function applyPaymentNotice(
  deps: CommandDeps & { log: FastifyBaseLogger },
  notice: PaymentNotice,
): Promise<ApplyResult> {
  const log = deps.log.child({
    provider: notice.provider,
    orderId: notice.orderId,
    sessionId: notice.sessionId,
    outcome: notice.outcome,
    eventId: notice.eventId,
  })
  if (!UUID.test(notice.orderId)) {
    log.warn('payment notice for an order id the shop never made; ignored')
    return { applied: false, reason: 'unknown order' }
  }
  let lost: unknown
  for (let attempt = 0; attempt < 5; attempt++) {
    const { state, version } = await loadOrder(deps.db, notice.orderId)
    const decision = commandForNotice(state, notice)
    if ('ignore' in decision) {
      log.info({ reason: decision.ignore }, 'payment notice changes nothing')
      return { applied: false, reason: decision.ignore }
    }
    if (decision.command.type === 'MarkPaid' && state?.lifecycle.status === 'failed') {
      // The customer was told the payment failed, but the money arrived after all.
      log.warn('payment arrived for an order that already failed: recorded, refund it')
    }
    const key = `payment:${notice.provider}:${notice.sessionId}:${notice.outcome}`
    const requestHash = createHash('sha256').update(key).digest('hex')
    const actor = { kind: 'system' as const, name: notice.provider }
    try {
      const { duplicate } = await runOrderCommand(
        deps,
        notice.orderId,
        withContext(deps, actor, decision.command),
        // Against the version we judged: a write in between makes us judge again (below),
        // never lets the store re-decide alone (FailOrder is legal on a paid order, not for us).
        { expectedVersion: version, idempotency: { key, requestHash } },
      )
      log.info({ command: decision.command.type, duplicate }, 'payment notice applied')
      return { applied: true, command: decision.command.type as 'MarkPaid' | 'FailOrder', duplicate }
    } catch (err) {
      // Another notice changed the order between our read and our write: decide again.
      if (
        err instanceof WrongExpectedVersionError ||
        (err instanceof OrderRuleError && err.code === 'illegal_transition')
      ) {
        lost = err
        continue
      }
      if (err instanceof IdempotencyKeyReusedError) return { applied: false, reason: 'already applied' }
      throw err
    }
  }
  // Not answered 200: the provider delivers the webhook again later.
  log.warn('payment notice kept losing races; the provider will retry')
  throw lost
}
