// One table of what can be done to an order after it was placed: per command, the machine event
// that must be allowed, the event it yields, its name in the catalogue (`ordering:action.*`),
// whether it carries data, who may ask for it and how (the HTTP action and the body it takes).
// The lifecycle commands' names, the bare commands and their events, the decider's rules, the
// staff's and the customer's action lists, the status route and its API enum are all derived from
// it, so a new transition is one row here, and the compiler names every other place that must
// follow (docs/architecture.md "Adding an order transition"). No xstate here: the browsers import it.

import type { OrderEventType } from '../../contracts/events/order.events.ts'
import type { OrderMachineEventType } from './order.machine.ts'

/**
 * How a staff member asks for it: `status` is `POST /api/orders/{id}/status/{http}` with the
 * body `plain` ({ version? }), `reject` ({ message, version? }) or `cancel` ({ message?, version? });
 * `own` is a route of its own (the counter-appointment, an item change, a refund).
 */
type StaffRule = { audience: 'staff'; http: string; route: 'status'; body: 'plain' | 'reject' | 'cancel' }
type StaffOwnRule = { audience: 'staff'; http: string; route: 'own' }
/** The customer's calls: `POST /api/orders/public/{uid}/{hash}/{http}`. */
type CustomerRule = { audience: 'customer'; http: string }
/** Sent by the shop itself (payments, the payment provider's failure). */
type SystemRule = { audience: 'system' }

export type OrderActionRule = {
  machineEvent: OrderMachineEventType
  eventType: Exclude<OrderEventType, 'OrderCreated'>
  /** Key under `action.` in the ordering catalogue. */
  action: string
  /**
   * `none`: the command is `{ type, at, actor }` and its event the envelope `{ type, orderId, at,
   * actor }`, both derived from this row (`BareCommand` and the generic branch of `decide`).
   * `written`: the command or its event carries data; its type and its case in `decide` are
   * written out in order.decider.ts (the compiler asks for them).
   */
  payload: 'none' | 'written'
} & (StaffRule | StaffOwnRule | CustomerRule | SystemRule)

/** The table. The staff's rows are in the order their actions are listed (`allowedActions`). */
export const ORDER_ACTIONS = {
  CancelOrder: {
    machineEvent: 'CANCEL',
    eventType: 'OrderCanceled',
    action: 'cancelOrder',
    payload: 'written',
    audience: 'staff',
    http: 'cancel',
    route: 'status',
    body: 'cancel',
  },
  ConfirmOrder: {
    machineEvent: 'CONFIRM',
    eventType: 'OrderConfirmed',
    action: 'confirmOrder',
    payload: 'none',
    audience: 'staff',
    http: 'confirm',
    route: 'status',
    body: 'plain',
  },
  RejectOrder: {
    machineEvent: 'REJECT',
    eventType: 'OrderRejected',
    action: 'rejectOrder',
    payload: 'written',
    audience: 'staff',
    http: 'reject',
    route: 'status',
    body: 'reject',
  },
  MarkInDelivery: {
    machineEvent: 'IN_DELIVERY',
    eventType: 'OrderMarkedInDelivery',
    action: 'markInDelivery',
    payload: 'none',
    audience: 'staff',
    http: 'in-delivery',
    route: 'status',
    body: 'plain',
  },
  CompleteOrder: {
    machineEvent: 'COMPLETE',
    eventType: 'OrderCompleted',
    action: 'completeOrder',
    payload: 'none',
    audience: 'staff',
    http: 'completed',
    route: 'status',
    body: 'plain',
  },
  MarkDelivered: {
    machineEvent: 'DELIVERED',
    eventType: 'OrderDelivered',
    action: 'markDelivered',
    payload: 'none',
    audience: 'staff',
    http: 'delivered',
    route: 'status',
    body: 'plain',
  },
  ProposeCounterAppointment: {
    machineEvent: 'PROPOSE_COUNTER_APPOINTMENT',
    eventType: 'CounterAppointmentProposed',
    action: 'proposeCounterAppointment',
    payload: 'written',
    audience: 'staff',
    http: 'counter-appointment',
    route: 'own',
  },
  AcceptCounterAppointment: {
    // The command carries nothing, but its event carries the pending proposal's time.
    machineEvent: 'ACCEPT_COUNTER_APPOINTMENT',
    eventType: 'CounterAppointmentAccepted',
    action: 'acceptCounterAppointment',
    payload: 'written',
    audience: 'customer',
    http: 'confirm-counter-appointment',
  },
  RejectCounterAppointment: {
    // The command carries nothing, but its event carries the pending proposal's time.
    machineEvent: 'REJECT_COUNTER_APPOINTMENT',
    eventType: 'CounterAppointmentRejected',
    action: 'rejectCounterAppointment',
    payload: 'written',
    audience: 'customer',
    http: 'reject-counter-appointment',
  },
  AnswerQuestionnaire: {
    machineEvent: 'ANSWER_QUESTIONNAIRE',
    eventType: 'QuestionnaireAnswered',
    action: 'answerQuestionnaire',
    payload: 'written',
    audience: 'customer',
    http: 'questionnaire',
  },
  FailOrder: {
    machineEvent: 'FAIL',
    eventType: 'OrderFailed',
    action: 'failOrder',
    payload: 'written',
    audience: 'system',
  },
  MarkPaid: {
    machineEvent: 'PAYMENT_SUCCEEDED',
    eventType: 'OrderPaid',
    action: 'markPaid',
    payload: 'written',
    audience: 'system',
  },
  // Refunds: requested with the command that makes one due (decide), settled by the refund
  // process (services/api/src/payments/refunds.ts), retried by staff. The machine only says the
  // payment is there (RECORD_REFUND: payment paid); which refund is open is data (`refunds`), and
  // the fully refunded unfulfilled order moves paid → refunded (REFUND, in evolve).
  RefundPayment: {
    machineEvent: 'RECORD_REFUND',
    eventType: 'OrderRefunded',
    action: 'refundPayment',
    payload: 'written',
    audience: 'system',
  },
  FailRefund: {
    machineEvent: 'RECORD_REFUND',
    eventType: 'OrderRefundFailed',
    action: 'failRefund',
    payload: 'written',
    audience: 'system',
  },
  RetryRefund: {
    machineEvent: 'RECORD_REFUND',
    eventType: 'OrderRefundRequested',
    action: 'retryRefund',
    payload: 'written',
    audience: 'staff',
    http: 'refunds/retry',
    route: 'own',
  },
  ChangeOrderItem: {
    machineEvent: 'EDIT_ITEM',
    eventType: 'OrderItemChanged',
    action: 'changeItem',
    payload: 'written',
    audience: 'staff',
    http: 'items',
    route: 'own',
  },
  // DELETE /api/orders/{id}/items/{itemId}: allowed where an item change is (the same machine event).
  RemoveOrderItem: {
    machineEvent: 'EDIT_ITEM',
    eventType: 'OrderItemRemoved',
    action: 'removeItem',
    payload: 'written',
    audience: 'staff',
    http: 'items',
    route: 'own',
  },
  // Staff take back their last status change within 10 s (order.undo.ts): POST /api/orders/{id}/undo.
  UndoStatusChange: {
    machineEvent: 'UNDO_STATUS_CHANGE',
    eventType: 'OrderStatusChangeUndone',
    action: 'undoStatusChange',
    payload: 'written',
    audience: 'staff',
    http: 'undo',
    route: 'own',
  },
} as const satisfies Record<string, OrderActionRule>

type Table = typeof ORDER_ACTIONS
/** Every command on a placed order: the table's rows. */
export type LifecycleCommandType = keyof Table
/** The rows whose command is its name alone and whose event the envelope alone (`payload: 'none'`). */
export type BareCommandType = {
  [C in keyof Table]: Table[C] extends { payload: 'none' } ? C : never
}[keyof Table]
/** The rows whose command or event carries data: written out in order.decider.ts. */
export type WrittenCommandType = Exclude<LifecycleCommandType, BareCommandType>

/** Whether a command is one of the bare rows (`payload: 'none'`). */
export function isBareCommandType(type: LifecycleCommandType): type is BareCommandType {
  return ORDER_ACTIONS[type].payload === 'none'
}

type Rows = { [C in keyof Table]: Table[C] & { command: C } }[keyof Table]

/** The staff's actions an order lists (`allowedActions`): its status calls and the counter-appointment. */
export type StaffAction = Extract<
  Rows,
  { audience: 'staff'; route: 'status' } | { http: 'counter-appointment' }
>['http']
/** The staff's calls on `POST /api/orders/{id}/status/{action}`. */
export type StatusRouteAction = Extract<Rows, { audience: 'staff'; route: 'status' }>['http']
/** The customer's calls on `POST /api/orders/public/{uid}/{hash}/{action}`. */
export type CustomerAction = Extract<Rows, { audience: 'customer' }>['http']

const rows = (Object.entries(ORDER_ACTIONS) as [LifecycleCommandType, OrderActionRule][]).map(
  ([command, rule]) => ({ command, ...rule }),
)

/** The staff's actions in the order they are listed. */
export const STAFF_ACTIONS = rows.flatMap((r) =>
  r.audience === 'staff' && (r.route === 'status' || r.http === 'counter-appointment') ? [r.http] : [],
) as StaffAction[]

/** The staff's actions of the status route (its API enum). */
export const STATUS_ROUTE_ACTIONS = rows.flatMap((r) =>
  r.audience === 'staff' && r.route === 'status' ? [r.http] : [],
) as StatusRouteAction[]

export const CUSTOMER_ACTIONS = rows.flatMap((r) =>
  r.audience === 'customer' ? [r.http] : [],
) as CustomerAction[]

/** The row of a staff or customer action, found by its HTTP name. */
function byHttp<A extends string>(audience: 'staff' | 'customer') {
  const found = new Map<string, (typeof rows)[number]>()
  for (const r of rows) if (r.audience === audience) found.set(r.http, r)
  return (action: A) => found.get(action)!
}
const staffRow = byHttp<StaffAction>('staff')
const customerRow = byHttp<CustomerAction>('customer')

/** The machine event a staff action asks for. */
export const staffActionEvent = (action: StaffAction): OrderMachineEventType => staffRow(action).machineEvent
/** The machine event a customer action asks for. */
export const customerActionEvent = (action: CustomerAction): OrderMachineEventType =>
  customerRow(action).machineEvent

/** The status route's commands by the body they take (a plain one carries nothing but its type). */
export type StatusRouteCommand =
  | { body: 'plain'; command: Extract<Rows, { body: 'plain' }>['command'] }
  | { body: 'reject'; command: Extract<Rows, { body: 'reject' }>['command'] }
  | { body: 'cancel'; command: Extract<Rows, { body: 'cancel' }>['command'] }

/** The command and body of a status-route action, or undefined for another name (the route's 404). */
export function statusRouteCommand(action: string): StatusRouteCommand | undefined {
  const r = rows.find((row) => row.audience === 'staff' && row.route === 'status' && row.http === action)
  return r && r.audience === 'staff' && r.route === 'status'
    ? ({ command: r.command, body: r.body } as StatusRouteCommand)
    : undefined
}

/**
 * A command's name in the catalogue (`action.*`, the ordering namespace) for this order. Marking
 * a takeaway order "in delivery" makes it ready: it is called so.
 */
export function actionKeyOf(command: LifecycleCommandType, order: { isDelivery: boolean }): string {
  return command === 'MarkInDelivery' && !order.isDelivery ? 'markReady' : ORDER_ACTIONS[command].action
}

/** The catalogue key (`ordering:action.*`) of a staff action's button. */
export function staffActionLabelKey(action: StaffAction, order: { isDelivery: boolean }): string {
  return `ordering:action.${actionKeyOf(staffRow(action).command, order)}`
}
