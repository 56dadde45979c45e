import { createHash, randomBytes, randomUUID } from 'node:crypto'
import {
  type BranchAccess,
  type Bus,
  type Db,
  HttpError,
  handleCommand,
  IdempotencyKeyReusedError,
  msg,
  readStream,
  WrongExpectedVersionError,
} from '@shop/kit'
import type { Actor, CreateOrderBody, OrderEvent } from '@shop/shared/contracts'
import {
  type CreateOrder,
  type LifecycleCommand,
  type LifecycleCommandInput,
  type OrderCommand,
  OrderRuleError,
  type OrderState,
  orderDecider,
  toPublicOrderView,
} from '@shop/shared/domain/ordering'
import { sql } from 'kysely'

export type CommandDeps = {
  db: Db
  bus: Bus
  now: () => Date
  ids: { orderId(): string; uid(): string; hash(): string }
}

export const defaultIds: CommandDeps['ids'] = {
  orderId: () => randomUUID(),
  uid: () => randomUUID(),
  // 128 bits from the OS generator: the only secret of a public status link.
  hash: () => randomBytes(16).toString('hex'),
}

export type Idempotency = { key: string; requestHash: string }

export type OrderAnswer = ReturnType<typeof toPublicOrderView> & { version: number }

export const orderStreamId = (orderId: string) => `order-${orderId}`

export function requestHash(method: string, path: string, body: unknown): string {
  return createHash('sha256')
    .update(`${method} ${path}\n${JSON.stringify(body ?? null)}`)
    .digest('hex')
}

/** Runs an order command through the event store and wakes the publisher. */
export async function runOrderCommand(
  deps: CommandDeps,
  orderId: string,
  command: OrderCommand,
  opts: { expectedVersion?: number | undefined; idempotency?: Idempotency | undefined } = {},
): Promise<{ order: OrderAnswer; duplicate: boolean }> {
  const out = await handleCommand({
    db: deps.db,
    streamId: orderStreamId(orderId),
    streamType: 'order',
    decider: orderDecider,
    command,
    commandName: command.type,
    ...(opts.expectedVersion !== undefined ? { expectedVersion: opts.expectedVersion } : {}),
    ...(opts.idempotency ? { idempotency: opts.idempotency } : {}),
    metadata: (state: OrderState | null) => ({
      actor: command.actor,
      ...(state ? { branchId: state.branchId, orderUid: state.uid } : {}),
    }),
    result: (state: OrderState | null, version: number): OrderAnswer => {
      if (!state) throw new Error('order command left no order')
      return { ...toPublicOrderView(state), version }
    },
  })
  if (out.eventCount > 0) deps.bus.notifyAppended()
  return { order: out.result, duplicate: out.duplicate }
}

export function createOrderCommand(
  deps: CommandDeps,
  body: CreateOrderBody,
  branch: BranchAccess,
): CreateOrder {
  const items = body.items.map((item) => ({
    itemId: randomUUID(),
    productUid: item.product,
    name: item.name,
    amount: item.amount,
    unit: item.unit,
    unitPrice: item.price,
    // Prices are checked against the catalogue with the checkout issue; until then the total is
    // computed here from the given unit prices, never taken from the client.
    total: Math.round(item.price * item.amount),
  }))
  return {
    type: 'CreateOrder',
    at: deps.now().toISOString(),
    actor: { kind: 'customer' },
    orderId: deps.ids.orderId(),
    uid: deps.ids.uid(),
    hash: deps.ids.hash(),
    branchId: branch.id,
    isDelivery: body.isDelivery,
    isDineIn: body.isDineIn,
    tableIdentifier: body.table ?? null,
    customer: {
      firstName: body.firstName,
      lastName: body.lastName,
      email: body.email ?? null,
      phone: body.phone ?? null,
    },
    items,
    appointment: body.appointmentDate ? new Date(body.appointmentDate).toISOString() : null,
    comment: body.comment ?? null,
    paymentMethod: body.paymentMethod,
    isOnlinePayment: false,
    pricing: { totalGross: items.reduce((sum, i) => sum + i.total, 0) },
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
  return undefined
}
