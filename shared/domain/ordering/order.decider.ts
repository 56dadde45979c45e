import type {
  Actor,
  OrderAddress,
  OrderCustomer,
  OrderDeliveryTerms,
  OrderEvent,
  OrderEventOf,
  OrderEventType,
  OrderItem,
  OrderPricing,
  PaymentSession,
} from '../../contracts/events/order.events.ts'
import { t } from '../../i18n/index.ts'
import { payableTotal } from '../catalogue/pricing.ts'
import { OrderRuleError } from './order.errors.ts'
import type {
  OrderLifecycle,
  OrderMachineContext,
  OrderMachineEventType,
  OrderStatus,
} from './order.machine.ts'
import { canApply, initialLifecycle, nextLifecycle } from './order.machine.ts'
import {
  maxTotalOfPaidOrder,
  type OrderRefund,
  refundDue,
  refundReasonFor,
  refundsOf,
} from './order.refunds.ts'
import { decideUndo, type LastStatusChange, statusChangeOf, timelineAfterUndo } from './order.undo.ts'
import type { BareCommandType, WrittenCommandType } from './order-actions.ts'
import { actionKeyOf, isBareCommandType, ORDER_ACTIONS } from './order-actions.ts'

// ---------------------------------------------------------------------------------------------
// Commands

type CommandBase = {
  /** ISO date-time of the request; the domain never reads a clock. */
  at: string
  actor: Actor
}

export type CreateOrder = CommandBase & {
  type: 'CreateOrder'
  orderId: string
  uid: string
  hash: string
  branchId: string
  isDelivery: boolean
  isDineIn: boolean
  tableIdentifier?: string | null
  customer: {
    firstName: string
    lastName: string
    email?: string | null
    phone?: string | null
    isCompany?: boolean
    companyName?: string | null
    vatNo?: string | null
    address?: OrderAddress | null
  }
  items: OrderItem[]
  /** null: as soon as possible. */
  appointment: string | null
  comment?: string | null
  /** Defaults to 'cash'. */
  paymentMethod?: string
  isOnlinePayment: boolean
  pricing: OrderPricing
  deliveryAddress?: OrderAddress | null
  deliveryArea?: string | null
  /** The area's id and fee terms at order time: a later repricing uses them. */
  deliveryTerms?: OrderDeliveryTerms | null
  donateeId?: string | null
  isPreorder?: boolean
  isQuotation?: boolean
  payment?: PaymentSession | null
  /** The language the customer ordered in; the shop's messages use it. */
  locale?: string | null
}

/**
 * The commands of the order-action table's bare rows (`payload: 'none'`): nothing but their name
 * and request context. Derived, like their events (`decide`'s generic branch).
 */
export type BareCommand<C extends BareCommandType = BareCommandType> = C extends unknown
  ? CommandBase & { type: C }
  : never

/** A command that carries data (or whose event does): a `payload: 'written'` row of the table. */
type Written<C extends WrittenCommandType, Data = unknown> = CommandBase & { type: C } & Data

export type RejectOrder = Written<'RejectOrder', { message: string }>
export type CancelOrder = Written<'CancelOrder', { reason?: string | null }>
export type FailOrder = Written<'FailOrder', { reason: string }>
export type MarkPaid = Written<'MarkPaid', { reference?: string | null }>
export type ProposeCounterAppointment = Written<'ProposeCounterAppointment', { appointment: string }>
/** Its event carries the pending proposal's time (`pendingProposal`). */
export type AcceptCounterAppointment = Written<'AcceptCounterAppointment'>
/** Its event carries the pending proposal's time (`pendingProposal`). */
export type RejectCounterAppointment = Written<'RejectCounterAppointment'>
export type AnswerQuestionnaire = Written<
  'AnswerQuestionnaire',
  {
    rating: number
    foodRating: number
    serviceRating: number
    processRating: number
    comment?: string | null
  }
>
/** Staff changed an item; the caller priced it (and the order) from the catalogue. */
export type ChangeOrderItem = Written<'ChangeOrderItem', { item: OrderItem; pricing: OrderPricing }>
/**
 * Staff removed an item; the caller repriced the order without it (as for a change). The last
 * item stays: an order without items is canceled instead.
 */
export type RemoveOrderItem = Written<'RemoveOrderItem', { itemId: string; pricing: OrderPricing }>
/** The provider paid refund `refundNumber` back (its try `attempt`); `reference`: its refund id. */
export type RefundPayment = Written<
  'RefundPayment',
  { refundNumber: number; attempt: number; reference?: string | null }
>
/** The provider refused refund `refundNumber` (try `attempt`) or could not be reached. */
export type FailRefund = Written<
  'FailRefund',
  { refundNumber: number; attempt: number; reason: string; kind: 'refused' | 'unreachable' }
>
/** Staff ask again for a refund that failed. */
export type RetryRefund = Written<'RetryRefund', { refundNumber: number }>
/** Staff take back their last status change (within 10 s: order.undo.ts). */
export type UndoStatusChange = Written<'UndoStatusChange'>

/** The written commands, each with its case in `decide`. */
type WrittenCommand =
  | RejectOrder
  | CancelOrder
  | FailOrder
  | MarkPaid
  | ProposeCounterAppointment
  | AcceptCounterAppointment
  | RejectCounterAppointment
  | AnswerQuestionnaire
  | ChangeOrderItem
  | RemoveOrderItem
  | RefundPayment
  | FailRefund
  | RetryRefund
  | UndoStatusChange

/** Names, in the compiler's message, the `payload: 'written'` rows whose command is not written above. */
type Unwritten<Missing extends never> = Missing

export type LifecycleCommand = BareCommand | WrittenCommand
export type OrderCommand = CreateOrder | LifecycleCommand
export type OrderCommandType = OrderCommand['type']
/**
 * Every command on a placed order: the table's rows. A written command needs its row (`Written`'s
 * constraint), and a written row needs its command above: else the compiler says
 * `Type '"…"' does not satisfy the constraint 'never'` here.
 */
export type LifecycleCommandType =
  | LifecycleCommand['type']
  | Unwritten<Exclude<WrittenCommandType, WrittenCommand['type']>>

/** A command without its request context; distributive, so each variant keeps its fields. */
export type WithoutContext<C> = C extends unknown ? Omit<C, 'at' | 'actor'> : never
export type LifecycleCommandInput = WithoutContext<LifecycleCommand>

type CommandRule = {
  machineEvent: OrderMachineEventType
  eventType: Exclude<OrderEventType, 'OrderCreated'>
  /** Key under `action.` in the catalogue. */
  action: string
}

/**
 * Which machine event a command asks for, which domain event it yields, how it is named: the
 * order-action table's columns for the decider (order-actions.ts).
 */
export const ORDER_COMMAND_RULES: Readonly<Record<LifecycleCommandType, CommandRule>> = ORDER_ACTIONS

const MACHINE_EVENT_OF: Readonly<Record<Exclude<OrderEventType, 'OrderCreated'>, OrderMachineEventType>> =
  Object.fromEntries(
    Object.values(ORDER_COMMAND_RULES).map((rule) => [rule.eventType, rule.machineEvent]),
  ) as Record<Exclude<OrderEventType, 'OrderCreated'>, OrderMachineEventType>

// ---------------------------------------------------------------------------------------------
// State

export type TimelineStep = { status: OrderStatus; at: string }

export type OrderQuestionnaire = {
  rating: number
  foodRating: number
  serviceRating: number
  processRating: number
  comment: string | null
  answeredAt: string
}

/** Everything the views need; the stream version is the store's business, not the domain's. */
export type OrderState = {
  orderId: string
  uid: string
  hash: string
  branchId: string
  isDelivery: boolean
  isDineIn: boolean
  tableIdentifier: string | null
  customer: OrderCustomer
  items: OrderItem[]
  /** The requested time; null means as soon as possible. */
  appointment: string | null
  comment: string | null
  paymentMethod: string
  isOnlinePayment: boolean
  pricing: OrderPricing
  deliveryAddress: OrderAddress | null
  deliveryArea: string | null
  /** What the order agreed to of its delivery area; null for orders from before (and non-delivery). */
  deliveryTerms: OrderDeliveryTerms | null
  donateeId: string | null
  isPreorder: boolean
  isQuotation: boolean
  payment: PaymentSession | null
  /** The language the customer ordered in (null: not known, orders from before). */
  locale: string | null
  lifecycle: OrderLifecycle
  timeline: TimelineStep[]
  /** Staff's last forward step while it is the order's last event (order.undo.ts); absent: none. */
  lastStatusChange?: LastStatusChange
  /** The latest time the shop proposed; its status is `lifecycle.counterAppointment`. */
  counterAppointment: string | null
  rejectionMessage: string | null
  cancelReason: string | null
  failureReason: string | null
  paymentReference: string | null
  questionnaire: OrderQuestionnaire | null
  /**
   * What the provider took (cents), from the payment's arrival; absent in states stored before
   * refunds were kept (paidAmountOf falls back to the payable total).
   */
  paidAmount?: number | null
  /** The refunds asked for, in order (absent: none, or a state stored before). */
  refunds?: OrderRefund[]
  createdAt: string
  updatedAt: string
}

export const initialOrderState: OrderState | null = null

export function machineContextOf(
  state: Pick<OrderState, 'isDelivery' | 'isOnlinePayment'>,
): OrderMachineContext {
  return { isDelivery: state.isDelivery, isOnlinePayment: state.isOnlinePayment }
}

// ---------------------------------------------------------------------------------------------
// decide

export function decide(command: OrderCommand, state: OrderState | null): OrderEvent[] {
  if (command.type === 'CreateOrder') {
    if (state)
      throw new OrderRuleError('already_exists', (locale) => t('error.alreadyExists', undefined, locale))
    return [createOrder(command)]
  }
  if (!state) throw new OrderRuleError('not_found', (locale) => t('error.notFound', undefined, locale))

  const rule = ORDER_COMMAND_RULES[command.type]
  // Legality first: "not possible now" is more useful than a complaint about the payload.
  if (!canApply(state.lifecycle, machineContextOf(state), { type: rule.machineEvent })) {
    throw illegalTransition(command, state)
  }
  assertIsoDateTime(command.at, 'at')

  const base = { orderId: state.orderId, at: command.at, actor: command.actor }
  return withDueRefund(command, state, decideOn(command, state, base))
}

/** The events of a legal command on a placed order (before a refund it makes due). */
function decideOn(
  command: LifecycleCommand,
  state: OrderState,
  base: { orderId: string; at: string; actor: Actor },
): OrderEvent[] {
  // A bare row's event is the envelope under the row's event type (an event with fields of its
  // own fails to compile here: its row is `payload: 'written'`, with a case below).
  if (isBareCommand(command)) return [{ type: ORDER_ACTIONS[command.type].eventType, ...base }]
  switch (command.type) {
    case 'RejectOrder':
      return [{ type: 'OrderRejected', ...base, message: requireText(command.message, 'message') }]
    case 'CancelOrder':
      return [{ type: 'OrderCanceled', ...base, reason: optionalText(command.reason) }]
    case 'FailOrder':
      return [{ type: 'OrderFailed', ...base, reason: requireText(command.reason, 'reason') }]
    case 'MarkPaid':
      return [{ type: 'OrderPaid', ...base, reference: optionalText(command.reference) }]
    case 'ProposeCounterAppointment':
      assertIsoDateTime(command.appointment, 'appointment')
      return [{ type: 'CounterAppointmentProposed', ...base, appointment: command.appointment }]
    case 'AcceptCounterAppointment':
      return [{ type: 'CounterAppointmentAccepted', ...base, appointment: pendingProposal(command, state) }]
    case 'RejectCounterAppointment':
      return [{ type: 'CounterAppointmentRejected', ...base, appointment: pendingProposal(command, state) }]
    case 'AnswerQuestionnaire':
      return [answerQuestionnaire(command, base)]
    case 'ChangeOrderItem': {
      if (!state.items.some((item) => item.itemId === command.item.itemId)) {
        throw new OrderRuleError('not_found', (locale) => t('error.notFound', undefined, locale), 'itemId')
      }
      const item = checkItem(command.item, 'item')
      return [
        {
          type: 'OrderItemChanged',
          ...base,
          item,
          pricing: { ...command.pricing, totalGross: requireCents(command.pricing.totalGross, 'pricing') },
        },
      ]
    }
    case 'RemoveOrderItem': {
      const item = state.items.find((i) => i.itemId === command.itemId)
      if (!item) {
        throw new OrderRuleError('not_found', (locale) => t('error.notFound', undefined, locale), 'itemId')
      }
      if (state.items.length <= 1) {
        throw new OrderRuleError(
          'illegal_transition',
          (locale) => t('error.lastItem', undefined, locale),
          'itemId',
        )
      }
      return [
        {
          type: 'OrderItemRemoved',
          ...base,
          itemId: item.itemId,
          item: { ...item },
          pricing: { ...command.pricing, totalGross: requireCents(command.pricing.totalGross, 'pricing') },
        },
      ]
    }
    case 'RefundPayment': {
      const refund = refundInState(command, state, command.refundNumber, 'pending', command.attempt)
      return [
        {
          type: 'OrderRefunded',
          ...base,
          refundNumber: refund.refundNumber,
          attempt: refund.attempt,
          amount: refund.amount,
          reference: optionalText(command.reference),
        },
      ]
    }
    case 'FailRefund': {
      const refund = refundInState(command, state, command.refundNumber, 'pending', command.attempt)
      return [
        {
          type: 'OrderRefundFailed',
          ...base,
          refundNumber: refund.refundNumber,
          attempt: refund.attempt,
          amount: refund.amount,
          reason: requireText(command.reason, 'reason'),
          kind: command.kind === 'refused' ? 'refused' : 'unreachable',
        },
      ]
    }
    case 'UndoStatusChange': {
      const undo = decideUndo(state, command.at)
      if (!undo.ok) throw illegalTransition(command, state, undo.reason)
      return [{ type: 'OrderStatusChangeUndone', ...base, undone: undo.undone, from: undo.from, to: undo.to }]
    }
    case 'RetryRefund': {
      const refund = refundInState(command, state, command.refundNumber, 'failed')
      return [
        {
          type: 'OrderRefundRequested',
          ...base,
          refundNumber: refund.refundNumber,
          attempt: refund.attempt + 1,
          amount: refund.amount,
          reason: refund.reason,
        },
      ]
    }
  }
}

/** The refund a refund command names, in the status it needs; else the command is refused. */
function refundInState(
  command: LifecycleCommand,
  state: OrderState,
  refundNumber: number,
  status: OrderRefund['status'],
  attempt?: number,
): OrderRefund {
  const refund = refundsOf(state).find((r) => r.refundNumber === refundNumber)
  if (!refund || refund.status !== status || (attempt !== undefined && refund.attempt !== attempt)) {
    const reason = status === 'failed' ? 'error.reason.noFailedRefund' : 'error.reason.noOpenRefund'
    throw illegalTransition(command, state, reason)
  }
  return refund
}

/**
 * The command's events, and a refund request when they make one due (a paid order canceled,
 * rejected or failed, a payment after the order ended, an item of a paid order made cheaper), in
 * the same append: the request can never be lost between the two. An online-paid order may not
 * cost more than was paid (an item changed or removed: a removal that raises the total, as a
 * delivery fee no longer waived can, is refused too).
 */
function withDueRefund(command: LifecycleCommand, state: OrderState, events: OrderEvent[]): OrderEvent[] {
  const after = events.reduce<OrderState | null>(evolve, state)
  if (!after) return events
  if (
    ITEM_EDITS.has(command.type) &&
    after.isOnlinePayment &&
    payableTotal(after.pricing) > maxTotalOfPaidOrder(state)
  ) {
    throw illegalTransition(command, state, 'error.reason.paidTotalRaised')
  }
  const amount = refundDue(after)
  if (amount === 0) return events
  const numbers = refundsOf(after).map((r) => r.refundNumber)
  return [
    ...events,
    {
      type: 'OrderRefundRequested',
      orderId: state.orderId,
      at: command.at,
      actor: command.actor,
      refundNumber: Math.max(0, ...numbers) + 1,
      attempt: 1,
      amount,
      reason: refundReasonFor(command.type, after.lifecycle.status),
    },
  ]
}

/** The commands that reprice the order's items (and so may make a refund due or cost too much). */
const ITEM_EDITS: ReadonlySet<LifecycleCommandType> = new Set(['ChangeOrderItem', 'RemoveOrderItem'])

function isBareCommand(command: LifecycleCommand): command is BareCommand {
  return isBareCommandType(command.type)
}

function createOrder(command: CreateOrder): OrderEventOf<'OrderCreated'> {
  assertIsoDateTime(command.at, 'at')
  const orderId = requireText(command.orderId, 'orderId')
  const uid = requireText(command.uid, 'uid')
  const hash = requireText(command.hash, 'hash')
  const branchId = requireText(command.branchId, 'branchId')
  if (command.isDelivery && command.isDineIn) {
    throw new OrderRuleError(
      'invalid',
      (locale) => t('validation.deliveryAndDineIn', undefined, locale),
      'isDineIn',
    )
  }
  const tableIdentifier = optionalText(command.tableIdentifier)
  // The kitchen has to know where to serve; a table only means something for dine-in.
  if (command.isDineIn && tableIdentifier === null) {
    throw new OrderRuleError(
      'invalid',
      (locale) => t('validation.notBlank', undefined, locale),
      'tableIdentifier',
    )
  }
  const customer: OrderCustomer = {
    firstName: requireText(command.customer.firstName, 'customer.firstName'),
    lastName: requireText(command.customer.lastName, 'customer.lastName'),
    email: optionalText(command.customer.email),
    phone: optionalText(command.customer.phone),
    ...(command.customer.isCompany !== undefined ? { isCompany: command.customer.isCompany } : {}),
    ...(command.customer.companyName !== undefined
      ? { companyName: optionalText(command.customer.companyName) }
      : {}),
    ...(command.customer.vatNo !== undefined ? { vatNo: optionalText(command.customer.vatNo) } : {}),
    ...(command.customer.address !== undefined ? { address: command.customer.address } : {}),
  }
  if (command.items.length === 0) {
    throw new OrderRuleError(
      'invalid',
      (locale) => t('validation.collectionMin', { limit: 1 }, locale),
      'items',
    )
  }
  const items = command.items.map((item, index): OrderItem => checkItem(item, `items.${index}`))
  if (command.appointment !== null) assertIsoDateTime(command.appointment, 'appointment')
  return {
    type: 'OrderCreated',
    orderId,
    at: command.at,
    actor: command.actor,
    uid,
    hash,
    branchId,
    isDelivery: command.isDelivery,
    isDineIn: command.isDineIn,
    tableIdentifier: command.isDineIn ? tableIdentifier : null,
    customer,
    items,
    appointment: command.appointment,
    comment: optionalText(command.comment),
    paymentMethod: optionalText(command.paymentMethod) ?? 'cash',
    isOnlinePayment: command.isOnlinePayment,
    pricing: {
      ...command.pricing,
      totalGross: requireCents(command.pricing.totalGross, 'pricing.totalGross'),
    },
    ...(command.deliveryAddress !== undefined
      ? { deliveryAddress: command.isDelivery ? command.deliveryAddress : null }
      : {}),
    ...(command.deliveryArea !== undefined
      ? { deliveryArea: command.isDelivery ? optionalText(command.deliveryArea) : null }
      : {}),
    ...(command.deliveryTerms !== undefined
      ? { deliveryTerms: command.isDelivery ? command.deliveryTerms : null }
      : {}),
    ...(command.donateeId !== undefined ? { donateeId: optionalText(command.donateeId) } : {}),
    ...(command.isPreorder !== undefined ? { isPreorder: command.isPreorder } : {}),
    ...(command.isQuotation !== undefined ? { isQuotation: command.isQuotation } : {}),
    ...(command.payment !== undefined ? { payment: command.payment } : {}),
    ...(command.locale !== undefined ? { locale: optionalText(command.locale) } : {}),
  }
}

function checkItem(item: OrderItem, path: string): OrderItem {
  const field = (name: string) => `${path}.${name}`
  if (!Number.isFinite(item.amount) || item.amount <= 0) {
    throw new OrderRuleError(
      'invalid',
      (locale) => t('validation.greaterThan', { limit: 0 }, locale),
      field('amount'),
    )
  }
  return {
    ...item,
    itemId: requireText(item.itemId, field('itemId')),
    productUid: requireText(item.productUid, field('productUid')),
    name: item.name,
    amount: item.amount,
    unit: requireText(item.unit, field('unit')),
    unitPrice: requireCents(item.unitPrice, field('unitPrice')),
    total: requireCents(item.total, field('total')),
  }
}

function answerQuestionnaire(
  command: AnswerQuestionnaire,
  base: { orderId: string; at: string; actor: Actor },
): OrderEventOf<'QuestionnaireAnswered'> {
  const ratings = {
    rating: requireRating(command.rating, 'rating'),
    foodRating: requireRating(command.foodRating, 'foodRating'),
    serviceRating: requireRating(command.serviceRating, 'serviceRating'),
    processRating: requireRating(command.processRating, 'processRating'),
  }
  const comment = optionalText(command.comment)
  if (comment !== null && comment.length > 2000) {
    throw new OrderRuleError(
      'invalid',
      (locale) => t('validation.tooLong', { limit: 2000 }, locale),
      'comment',
    )
  }
  return { type: 'QuestionnaireAnswered', ...base, ...ratings, comment }
}

function pendingProposal(command: LifecycleCommand, state: OrderState): string {
  // The machine only lets the customer answer while a proposal is pending, and proposing
  // stores its time; a missing one means a history the machine would not have produced.
  if (state.counterAppointment === null) throw illegalTransition(command, state)
  return state.counterAppointment
}

function illegalTransition(
  command: LifecycleCommand,
  state: OrderState,
  /** A reason the machine cannot give (the order's data refused it), else the machine's. */
  reasonKey?: string,
): OrderRuleError {
  const rule = ORDER_COMMAND_RULES[command.type]
  const actionKey = actionKeyOf(command.type, state)
  return new OrderRuleError('illegal_transition', (locale) => {
    const message = t(
      'error.illegalTransition',
      {
        action: t(`action.${actionKey}`, undefined, locale),
        status: t(`status.${state.lifecycle.status}`, undefined, locale),
      },
      locale,
    )
    const reason = reasonKey
      ? t(reasonKey, undefined, locale)
      : refusalReason(rule.machineEvent, state.lifecycle, locale)
    return reason ? `${message} ${reason}` : message
  })
}

// The status alone does not explain every refusal: name the other region that blocked it.
function refusalReason(
  event: OrderMachineEventType,
  lifecycle: OrderLifecycle,
  locale?: string,
): string | null {
  const awaiting = lifecycle.status === 'awaitingConfirmation'
  switch (event) {
    case 'CONFIRM':
      if (awaiting && lifecycle.payment === 'awaiting')
        return t('error.reason.paymentPending', undefined, locale)
      if (awaiting && lifecycle.counterAppointment === 'proposed')
        return t('error.reason.counterAppointmentPending', undefined, locale)
      return null
    case 'PROPOSE_COUNTER_APPOINTMENT':
      return awaiting && lifecycle.payment === 'awaiting'
        ? t('error.reason.paymentPending', undefined, locale)
        : null
    case 'ACCEPT_COUNTER_APPOINTMENT':
    case 'REJECT_COUNTER_APPOINTMENT':
      return awaiting && lifecycle.counterAppointment !== 'proposed'
        ? t('error.reason.noCounterAppointment', undefined, locale)
        : null
    case 'ANSWER_QUESTIONNAIRE':
      return lifecycle.questionnaire === 'answered'
        ? t('error.reason.questionnaireAnswered', undefined, locale)
        : null
    case 'PAYMENT_SUCCEEDED':
    case 'REFUND':
    case 'RECORD_REFUND':
      return t(
        'error.reason.paymentStatus',
        { paymentStatus: t(`paymentStatus.${lifecycle.payment}`, undefined, locale) },
        locale,
      )
    default:
      return null
  }
}

// ---------------------------------------------------------------------------------------------
// Validation helpers: messages from the catalogue, fields as the command names them.

const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:Z|[+-]\d{2}:\d{2})$/

function assertIsoDateTime(value: string, field: string): void {
  if (typeof value !== 'string' || !ISO_DATE_TIME.test(value) || Number.isNaN(Date.parse(value))) {
    throw new OrderRuleError('invalid', (locale) => t('validation.dateTime', undefined, locale), field)
  }
}

function requireText(value: string | null | undefined, field: string): string {
  const text = typeof value === 'string' ? value.trim() : ''
  if (text === '')
    throw new OrderRuleError('invalid', (locale) => t('validation.notBlank', undefined, locale), field)
  return text
}

function optionalText(value: string | null | undefined): string | null {
  const text = typeof value === 'string' ? value.trim() : ''
  return text === '' ? null : text
}

function requireCents(value: number, field: string): number {
  if (!Number.isSafeInteger(value))
    throw new OrderRuleError('invalid', (locale) => t('validation.type', { type: 'int' }, locale), field)
  if (value < 0)
    throw new OrderRuleError('invalid', (locale) => t('validation.min', { limit: 0 }, locale), field)
  return value
}

function requireRating(value: number, field: string): number {
  if (!Number.isInteger(value))
    throw new OrderRuleError('invalid', (locale) => t('validation.type', { type: 'int' }, locale), field)
  if (value < 1)
    throw new OrderRuleError('invalid', (locale) => t('validation.min', { limit: 1 }, locale), field)
  if (value > 5)
    throw new OrderRuleError('invalid', (locale) => t('validation.max', { limit: 5 }, locale), field)
  return value
}

// ---------------------------------------------------------------------------------------------
// evolve

export function evolve(state: OrderState | null, event: OrderEvent): OrderState | null {
  if (event.type === 'OrderCreated') {
    // A second creation cannot be decided; if one were stored, the first one stands.
    if (state) return state
    return {
      orderId: event.orderId,
      uid: event.uid,
      hash: event.hash,
      branchId: event.branchId,
      isDelivery: event.isDelivery,
      isDineIn: event.isDineIn,
      tableIdentifier: event.tableIdentifier,
      customer: { ...event.customer },
      items: event.items.map((item) => ({ ...item })),
      appointment: event.appointment,
      comment: event.comment,
      paymentMethod: event.paymentMethod,
      isOnlinePayment: event.isOnlinePayment,
      pricing: { ...event.pricing },
      deliveryAddress: event.deliveryAddress ?? null,
      deliveryArea: event.deliveryArea ?? null,
      deliveryTerms: event.deliveryTerms ?? null,
      donateeId: event.donateeId ?? null,
      isPreorder: event.isPreorder ?? false,
      isQuotation: event.isQuotation ?? false,
      payment: event.payment ?? null,
      locale: event.locale ?? null,
      lifecycle: initialLifecycle(machineContextOf(event)),
      timeline: [{ status: 'awaitingConfirmation', at: event.at }],
      counterAppointment: null,
      rejectionMessage: null,
      cancelReason: null,
      failureReason: null,
      paymentReference: null,
      questionnaire: null,
      createdAt: event.at,
      updatedAt: event.at,
    }
  }
  if (!state) return state

  // Events are facts: if the machine would refuse one (history written under older rules),
  // the lifecycle stays put but the data is still taken over.
  const lifecycle =
    nextLifecycle(state.lifecycle, machineContextOf(state), { type: MACHINE_EVENT_OF[event.type] }) ??
    state.lifecycle
  const timeline =
    lifecycle.status === state.lifecycle.status
      ? state.timeline
      : [...state.timeline, { status: lifecycle.status, at: event.at }]
  // Only a status change that is the order's last event can be undone (order.undo.ts).
  const { lastStatusChange: _undoable, ...kept } = state
  const change = statusChangeOf(event, state.lifecycle.status, lifecycle.status)
  const next: OrderState = {
    ...kept,
    lifecycle,
    timeline,
    updatedAt: event.at,
    ...(change ? { lastStatusChange: change } : {}),
  }

  switch (event.type) {
    case 'OrderRejected':
      return { ...next, rejectionMessage: event.message }
    case 'OrderCanceled':
      return { ...next, cancelReason: event.reason }
    case 'OrderFailed':
      return { ...next, failureReason: event.reason }
    case 'OrderPaid':
      return { ...next, paymentReference: event.reference, paidAmount: payableTotal(state.pricing) }
    case 'OrderRefundRequested': {
      const refunds = refundsOf(state)
      const known = refunds.some((r) => r.refundNumber === event.refundNumber)
      const asked = (r: OrderRefund): OrderRefund => ({
        ...r,
        attempt: event.attempt,
        status: 'pending',
        failureReason: null,
        failureKind: null,
      })
      return {
        ...next,
        refunds: known
          ? refunds.map((r) => (r.refundNumber === event.refundNumber ? asked(r) : r))
          : [
              ...refunds,
              {
                refundNumber: event.refundNumber,
                amount: event.amount,
                reason: event.reason,
                attempt: event.attempt,
                refusals: 0,
                status: 'pending',
                failureReason: null,
                failureKind: null,
                reference: null,
                requestedAt: event.at,
                settledAt: null,
              },
            ],
      }
    }
    case 'OrderRefunded':
      return refunded(next, event)
    case 'OrderRefundFailed':
      return {
        ...next,
        refunds: refundsOf(state).map((r) =>
          r.refundNumber === event.refundNumber
            ? {
                ...r,
                status: 'failed',
                failureReason: event.reason,
                failureKind: event.kind,
                refusals: r.refusals + (event.kind === 'refused' ? 1 : 0),
                settledAt: event.at,
              }
            : r,
        ),
      }
    case 'CounterAppointmentProposed':
      return { ...next, counterAppointment: event.appointment }
    case 'OrderItemChanged':
      return {
        ...next,
        items: next.items.map((item) => (item.itemId === event.item.itemId ? { ...event.item } : item)),
        pricing: { ...event.pricing },
      }
    case 'OrderItemRemoved':
      return {
        ...next,
        items: next.items.filter((item) => item.itemId !== event.itemId),
        pricing: { ...event.pricing },
      }
    case 'OrderStatusChangeUndone':
      return {
        ...next,
        lifecycle: { ...next.lifecycle, status: event.to },
        timeline: timelineAfterUndo(next.timeline, event, (status, at) => ({ status, at })),
      }
    case 'QuestionnaireAnswered':
      return {
        ...next,
        questionnaire: {
          rating: event.rating,
          foodRating: event.foodRating,
          serviceRating: event.serviceRating,
          processRating: event.processRating,
          comment: event.comment,
          answeredAt: event.at,
        },
      }
    default:
      return next
  }
}

/**
 * A refund paid back. An event from before refunds were numbered means the whole payment. Once
 * an unfulfilled order has all its money back, its payment is `refunded` (isRefunded).
 */
function refunded(next: OrderState, event: OrderEventOf<'OrderRefunded'>): OrderState {
  const refunds = refundsOf(next)
  const settle = (r: OrderRefund): OrderRefund => ({
    ...r,
    status: 'refunded',
    failureReason: null,
    failureKind: null,
    reference: event.reference ?? null,
    settledAt: event.at,
  })
  let updated: OrderRefund[]
  if (event.refundNumber !== undefined) {
    updated = refunds.map((r) => (r.refundNumber === event.refundNumber ? settle(r) : r))
  } else {
    const paid = next.paidAmount ?? payableTotal(next.pricing)
    const asked = refunds.reduce((total, r) => total + r.amount, 0)
    updated = [
      ...refunds.map((r) => (r.status === 'refunded' ? r : settle(r))),
      ...(paid > asked
        ? [
            settle({
              refundNumber: refunds.length + 1,
              amount: paid - asked,
              reason: refundReasonFor('RefundPayment', next.lifecycle.status),
              attempt: 1,
              refusals: 0,
              status: 'pending',
              failureReason: null,
              failureKind: null,
              reference: null,
              requestedAt: event.at,
              settledAt: null,
            }),
          ]
        : []),
    ]
  }
  const state: OrderState = { ...next, refunds: updated }
  const back = updated.filter((r) => r.status === 'refunded').reduce((total, r) => total + r.amount, 0)
  const paid = next.paidAmount ?? payableTotal(next.pricing)
  if (back < paid) return state
  const lifecycle = nextLifecycle(state.lifecycle, machineContextOf(state), { type: 'REFUND' })
  return lifecycle ? { ...state, lifecycle } : state
}

export function foldOrder(events: readonly OrderEvent[]): OrderState | null {
  return events.reduce<OrderState | null>(evolve, initialOrderState)
}

/** The shape the event-store command handler takes. */
export const orderDecider = {
  initialState: (): OrderState | null => initialOrderState,
  evolve,
  decide,
}
