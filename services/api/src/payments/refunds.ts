import { createHash } from 'node:crypto'
import {
  type Bus,
  type Db,
  ensureCheckpoint,
  IdempotencyKeyReusedError,
  type Logger,
  pollCommittedOfType,
  readCheckpoint,
  saveCheckpoint,
  startTailer,
  type TailState,
} from '@shop/kit'
import { findResource } from '@shop/read-models'
import type { OrderEventOf } from '@shop/shared/contracts'
import {
  type LifecycleCommandInput,
  OrderRuleError,
  type OrderState,
  refundIdempotencyKey,
  refundsOf,
} from '@shop/shared/domain/ordering'
import {
  type CommandDeps,
  defaultIds,
  loadOrder,
  runOrderCommand,
  withContext,
} from '../commands/order-commands.ts'
import { PaymentProviderError, PaymentRefundRefusedError, type Payments } from './port.ts'

// The refund process (docs/payments.md "Refunds"): it follows the order events from its own
// checkpoint and, for each OrderRefundRequested whose refund is still open, asks the order's
// payment provider and records the answer (OrderRefunded or OrderRefundFailed).
//
// Never lost: the request is appended with the cancel (reject, late payment, item change) in one
// transaction, and the checkpoint moves only after the answer is recorded. Made once: a process
// that dies between the provider's answer and the event reads the request again, finds the refund
// still open and asks the provider again with the same idempotency key (order, refund number,
// refusals so far), which answers the first refund again; the answer is appended under an
// idempotency key of its own, and the decider refuses a second answer for a settled refund. Two
// processes that read the same request (API replicas) meet at the same keys.

export const REFUNDS_CHECKPOINT = 'refunds'

export type RefundProcessOptions = {
  db: Db
  bus: Bus
  log: Logger
  payments: Payments
  now?: () => Date
  /** The checkpoint row (one per shop: replicas share it). */
  checkpoint?: string
  /** The longest sleep when nothing wakes it (ms). */
  idlePollMs?: number
  batchSize?: number
}

export type RefundProcess = {
  /** Reads the committed refund requests and settles every open one; returns the requests read. */
  catchUp(): Promise<number>
  kick(): void
  /** Lets the round in flight finish, then stops. */
  stop(): Promise<void>
}

type Answer = Extract<LifecycleCommandInput, { type: 'RefundPayment' | 'FailRefund' }>
type Request = OrderEventOf<'OrderRefundRequested'>

export function startRefunds(opts: RefundProcessOptions): RefundProcess {
  const { db, log } = opts
  const checkpoint = opts.checkpoint ?? REFUNDS_CHECKPOINT
  const batchSize = opts.batchSize ?? 500
  const deps: CommandDeps = { db, bus: opts.bus, now: opts.now ?? (() => new Date()), ids: defaultIds }
  let prepared = false

  const currency = async (): Promise<string> => {
    const config = await findResource<{ currency?: unknown }>(db, 'config', 'config')
    const value = config?.data.currency
    return typeof value === 'string' && value.trim() !== '' ? value.trim() : 'EUR'
  }

  /** Asks the provider for one open refund; answers the command that records its answer. */
  const ask = async (state: OrderState, request: Request): Promise<Answer> => {
    const refund = refundsOf(state).find((r) => r.refundNumber === request.refundNumber)!
    const base = { refundNumber: refund.refundNumber, attempt: refund.attempt }
    const session = state.payment
    const provider = session ? opts.payments.provider(session.provider) : undefined
    if (!session || !provider) {
      // Not configured here (any more): kept as failed, and the same key when staff retry it.
      const name = session?.provider ?? state.paymentMethod
      return {
        type: 'FailRefund',
        ...base,
        kind: 'unreachable',
        reason: `payment provider ${name} not configured`,
      }
    }
    try {
      const result = await provider.refund({
        orderId: state.orderId,
        sessionId: session.sessionId,
        reference: state.paymentReference,
        amount: refund.amount,
        currency: await currency(),
        idempotencyKey: refundIdempotencyKey(state.orderId, refund),
        refundId: `${state.orderId}-${refund.refundNumber}`,
        retry: refund.attempt > 1,
      })
      return { type: 'RefundPayment', ...base, reference: result.reference }
    } catch (err) {
      if (err instanceof PaymentRefundRefusedError) {
        return { type: 'FailRefund', ...base, kind: 'refused', reason: err.message }
      }
      if (err instanceof PaymentProviderError) {
        const cause = err.cause instanceof Error ? `: ${err.cause.message}` : ''
        return { type: 'FailRefund', ...base, kind: 'unreachable', reason: `${err.message}${cause}` }
      }
      throw err
    }
  }

  const settle = async (request: Request): Promise<void> => {
    const { state } = await loadOrder(db, request.orderId)
    const refund = state ? refundsOf(state).find((r) => r.refundNumber === request.refundNumber) : undefined
    // Answered already (by another process, or before a restart), or asked again since.
    if (!state || !refund || refund.status !== 'pending' || refund.attempt !== request.attempt) return
    const answer = await ask(state, request)
    const key = `refund:${request.orderId}:${request.refundNumber}:${request.attempt}`
    const actor = { kind: 'system' as const, name: state.payment?.provider ?? 'payments' }
    const entry = log.child({
      orderId: request.orderId,
      refundNumber: request.refundNumber,
      attempt: request.attempt,
    })
    try {
      const { duplicate } = await runOrderCommand(deps, request.orderId, withContext(deps, actor, answer), {
        // The first answer recorded wins; its key makes a second one a no-op.
        idempotency: { key, requestHash: createHash('sha256').update(key).digest('hex') },
      })
      if (answer.type === 'RefundPayment')
        entry.info({ duplicate, reference: answer.reference }, 'refund made')
      else entry.warn({ duplicate, reason: answer.reason, kind: answer.kind }, 'refund failed')
    } catch (err) {
      if (err instanceof IdempotencyKeyReusedError) return
      if (err instanceof OrderRuleError && err.code === 'illegal_transition') {
        entry.info('refund answered meanwhile')
        return
      }
      throw err
    }
  }

  const round = async (tail?: TailState): Promise<number> => {
    if (!prepared) {
      // From the first event: a request committed before this process ever ran is still seen.
      await ensureCheckpoint(db, checkpoint, 'beginning')
      prepared = true
    }
    let read = 0
    for (;;) {
      const cursor = await readCheckpoint(db, checkpoint)
      // Only the requests leave the database; the cursor moves past every other event.
      const { events: requests, next } = await pollCommittedOfType<Request>(db, cursor, batchSize, {
        streamType: 'order',
        eventType: 'OrderRefundRequested',
      })
      if (!next) return read
      for (const request of requests) await settle(request)
      // Only now: a crash above reads these requests again, and the open refunds are asked again.
      await saveCheckpoint(db, checkpoint, next)
      read += requests.length
      if (requests.length < batchSize || tail?.stopping) return read
    }
  }

  // One round at a time in this process (the tailer's and a caller's catchUp).
  let running: Promise<number> | undefined
  const exclusive = async (tail?: TailState): Promise<number> => {
    while (running) await running.catch(() => 0)
    running = round(tail)
    try {
      return await running
    } finally {
      running = undefined
    }
  }

  const tailer = startTailer({
    log,
    round: exclusive,
    failed: 'refund round failed',
    wakeOn: [(wake) => opts.bus.onAppended(wake)],
    idlePollMs: opts.idlePollMs ?? 2000,
  })

  return {
    catchUp: () => exclusive(),
    kick: () => tailer.kick(),
    stop: () => tailer.stop(),
  }
}
