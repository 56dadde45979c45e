import { randomFillSync, randomUUID } from 'node:crypto'
import {
  type Bus,
  type Db,
  findCommandResult,
  type GenerationGuard,
  GenerationMovedError,
  HttpError,
  handleCommand,
  type Idempotency,
  IdempotencyInProgressError,
  IdempotencyKeyOtherCallerError,
  IdempotencyKeyReusedError,
  msg,
  readStream,
  storedAnswerFor,
  WrongExpectedVersionError,
} from '@shop/kit'
import { ticketNumberOf } from '@shop/read-models'
import type { Actor, OrderEvent, PaymentSession } from '@shop/shared/contracts'
import type { CheckedOrder } from '@shop/shared/domain/checkout'
import {
  type CreateOrder,
  type LifecycleCommand,
  type LifecycleCommandInput,
  type OrderCommand,
  OrderRuleError,
  type OrderState,
  orderDecider,
  toBoardOrderView,
  toPublicOrderView,
} from '@shop/shared/domain/ordering'
import { sql } from 'kysely'

export type CommandDeps = {
  db: Db
  bus: Bus
  now: () => Date
  ids: { orderId(): string; uid(): string; hash(): string }
}

// Random bytes are drawn from the OS generator 4 kB at a time (as randomUUID does) and handed
// out 16 at a time; each is used once.
const RANDOM_POOL = Buffer.alloc(4096)
let randomOffset = RANDOM_POOL.length

function random128Hex(): string {
  if (randomOffset + 16 > RANDOM_POOL.length) {
    randomFillSync(RANDOM_POOL)
    randomOffset = 0
  }
  const hex = RANDOM_POOL.toString('hex', randomOffset, randomOffset + 16)
  randomOffset += 16
  return hex
}

export const defaultIds: CommandDeps['ids'] = {
  orderId: () => randomUUID(),
  uid: () => randomUUID(),
  // 128 bits from the OS generator: the only secret of a public status link.
  hash: random128Hex,
}

export type { Idempotency }

/** The customer's answer (the public view) and the staff's (the board view), with the version. */
export type CustomerOrderAnswer = ReturnType<typeof toPublicOrderView> & { version: number }
export type StaffOrderAnswer = ReturnType<typeof toBoardOrderView> & { version: number }
export type OrderAnswer = CustomerOrderAnswer | StaffOrderAnswer

type OrderCommandOptions = {
  expectedVersion?: number | undefined
  idempotency?: Idempotency | undefined
  guard?: GenerationGuard | undefined
  /** Whom the answer is for: the customer (public view, default) or staff (no status-link hash). */
  view?: 'public' | 'staff'
}

export const orderStreamId = (orderId: string) => `order-${orderId}`

/** Runs an order command through the event store and wakes the publisher. */
export async function runOrderCommand(
  deps: CommandDeps,
  orderId: string,
  command: OrderCommand,
  opts: OrderCommandOptions & { view: 'staff' },
): Promise<{ order: StaffOrderAnswer; duplicate: boolean }>
export async function runOrderCommand(
  deps: CommandDeps,
  orderId: string,
  command: OrderCommand,
  opts?: OrderCommandOptions & { view?: 'public' },
): Promise<{ order: CustomerOrderAnswer; duplicate: boolean }>
export async function runOrderCommand(
  deps: CommandDeps,
  orderId: string,
  command: OrderCommand,
  opts: OrderCommandOptions = {},
): Promise<{ order: OrderAnswer; duplicate: boolean }> {
  const view = opts.view === 'staff' ? toBoardOrderView : toPublicOrderView
  const out = await handleCommand({
    db: deps.db,
    streamId: orderStreamId(orderId),
    streamType: 'order',
    decider: orderDecider,
    command,
    commandName: command.type,
    ...(opts.expectedVersion !== undefined ? { expectedVersion: opts.expectedVersion } : {}),
    ...(opts.idempotency ? { idempotency: opts.idempotency } : {}),
    guard: opts.guard,
    metadata: (state: OrderState | null) => ({
      actor: command.actor,
      ...(state ? { branchId: state.branchId, orderUid: state.uid } : {}),
    }),
    result: (state: OrderState | null, version: number): OrderAnswer => {
      if (!state) throw new Error('order command left no order')
      return { ...view(state), version }
    },
  })
  if (out.eventCount > 0) deps.bus.notifyAppended()
  // The ticket number is drawn by the orders projection, not the decider: without it the answer
  // (the customer accepting a new time, a rating, a staff action) would replace a complete copy
  // on the status page and the board with one whose number is null (issue 18).
  // A new order has none yet (the projection draws it after the order is stored).
  const ticketNumber = command.type === 'CreateOrder' ? null : await ticketNumberOf(deps.db, orderId)
  return { order: { ...out.result, ticketNumber }, duplicate: out.duplicate }
}

/**
 * The first answer of a staff command retried under its Idempotency-Key (as runOrderCommand
 * replays it), or undefined for a new key: for a route whose own checks would refuse the retry
 * before the command runs (a removed item is not there any more to be found).
 */
export async function earlierStaffAnswer(
  deps: Pick<CommandDeps, 'db'>,
  orderId: string,
  idempotency: Idempotency | undefined,
): Promise<StaffOrderAnswer | undefined> {
  if (!idempotency) return undefined
  const earlier = await findCommandResult(deps.db, idempotency.key)
  if (!earlier) return undefined
  const stored = storedAnswerFor<StaffOrderAnswer>(earlier, idempotency)
  return { ...stored.result, ticketNumber: await ticketNumberOf(deps.db, orderId) }
}

/** The CreateOrder command for an order the checkout accepted (prices from the catalogue). */
export function createOrderCommand(
  deps: Pick<CommandDeps, 'now' | 'ids'>,
  checked: CheckedOrder,
  branchId: string,
  ids: { orderId: string; uid: string; hash: string },
  payment: PaymentSession | null,
  locale: string,
): CreateOrder {
  return {
    type: 'CreateOrder',
    at: deps.now().toISOString(),
    actor: { kind: 'customer' },
    orderId: ids.orderId,
    uid: ids.uid,
    hash: ids.hash,
    branchId,
    isDelivery: checked.isDelivery,
    isDineIn: checked.isDineIn,
    tableIdentifier: checked.tableIdentifier,
    customer: checked.customer,
    items: checked.items,
    appointment: checked.appointment,
    comment: checked.comment,
    paymentMethod: checked.paymentMethod,
    isOnlinePayment: checked.isOnlinePayment,
    pricing: checked.pricing,
    deliveryAddress: checked.deliveryAddress,
    deliveryArea: checked.deliveryArea,
    deliveryTerms: checked.deliveryTerms,
    donateeId: checked.donateeId,
    isPreorder: checked.isPreorder,
    isQuotation: checked.isQuotation,
    payment,
    locale,
  }
}

/** The branch an order belongs to, from its first event; undefined for an unknown order. */
export async function orderBranch(db: Db, orderId: string): Promise<string | undefined> {
  const { rows } = await sql<{ branch_id: string | null }>`
    SELECT data->>'branchId' AS branch_id FROM es_events
     WHERE stream_id = ${orderStreamId(orderId)} AND stream_position = 1`.execute(db)
  return rows[0]?.branch_id ?? undefined
}

export async function loadOrder(
  db: Db,
  orderId: string,
): Promise<{ state: OrderState | null; version: number }> {
  const stream = await readStream(db, orderStreamId(orderId))
  let state: OrderState | null = orderDecider.initialState()
  for (const e of stream.events) state = orderDecider.evolve(state, e.data as OrderEvent)
  return { state, version: stream.version }
}

export type { LifecycleCommandInput }

export function withContext(
  deps: CommandDeps,
  actor: Actor,
  command: LifecycleCommandInput,
): LifecycleCommand {
  return { ...command, at: deps.now().toISOString(), actor } as LifecycleCommand
}

/** Maps the domain's and the store's errors to HTTP answers. */
export function mapCommandError(err: unknown): HttpError | undefined {
  if (err instanceof OrderRuleError) {
    const status = { illegal_transition: 409, not_found: 404, already_exists: 409, invalid: 400 }[err.code]
    return new HttpError(status, err.render, err.field ?? '')
  }
  if (err instanceof WrongExpectedVersionError) {
    return new HttpError(
      409,
      msg('orderStaleVersion', { current: err.current, given: err.expected ?? 0 }),
      'version',
    )
  }
  if (err instanceof IdempotencyKeyReusedError) {
    return new HttpError(422, msg('idempotencyKeyReused'), 'Idempotency-Key')
  }
  if (err instanceof IdempotencyKeyOtherCallerError) {
    return new HttpError(409, msg('idempotencyKeyOtherCaller'), 'Idempotency-Key')
  }
  if (err instanceof IdempotencyInProgressError) {
    return new HttpError(409, msg('idempotencyInProgress'), 'Idempotency-Key')
  }
  // The checkout tried again on fresh catalogues and the catalogue kept changing under it.
  if (err instanceof GenerationMovedError) return new HttpError(409, msg('catalogueChanged'), 'items')
  return undefined
}
