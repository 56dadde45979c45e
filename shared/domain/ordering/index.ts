export type { Actor, OrderEvent, OrderEventType, OrderItem } from '../../contracts/events/order.events.ts'
export type {
  AcceptCounterAppointment,
  AnswerQuestionnaire,
  BareCommand,
  CancelOrder,
  CreateOrder,
  FailOrder,
  FailRefund,
  LifecycleCommand,
  LifecycleCommandInput,
  LifecycleCommandType,
  MarkPaid,
  OrderCommand,
  OrderCommandType,
  OrderQuestionnaire,
  OrderState,
  ProposeCounterAppointment,
  RefundPayment,
  RejectCounterAppointment,
  RejectOrder,
  RemoveOrderItem,
  RetryRefund,
  TimelineStep,
  WithoutContext,
} from './order.decider.ts'
export {
  decide,
  evolve,
  foldOrder,
  initialOrderState,
  machineContextOf,
  ORDER_COMMAND_RULES,
  orderDecider,
} from './order.decider.ts'
export type { OrderRuleErrorCode } from './order.errors.ts'
export { isOrderRuleError, OrderRuleError } from './order.errors.ts'
export type {
  CounterAppointmentStatus,
  OrderLifecycle,
  OrderMachineContext,
  OrderMachineEvent,
  OrderMachineEventType,
  OrderMachineSnapshot,
  OrderStatus,
  PaymentStatus,
  QuestionnaireStatus,
} from './order.machine.ts'
export {
  allowedMachineEvents,
  COUNTER_APPOINTMENT_STATUSES,
  canApply,
  FINAL_ORDER_STATUSES,
  initialLifecycle,
  nextLifecycle,
  ORDER_MACHINE_EVENT_TYPES,
  ORDER_STATUSES,
  orderMachine,
  PAYMENT_STATUSES,
  QUESTIONNAIRE_STATUSES,
  restoreSnapshot,
} from './order.machine.ts'
export {
  maxTotalOfPaidOrder,
  type OrderRefund,
  paidAmountOf,
  type RefundStatus,
  type RefundSummary,
  refundDue,
  refundedAmountOf,
  refundIdempotencyKey,
  refundSummaryOf,
  refundsOf,
} from './order.refunds.ts'
export { decideUndo, type LastStatusChange, UNDO_WINDOW_MS, type UndoDecision } from './order.undo.ts'
export type { BoardOrderView, PublicOrderView } from './order.views.ts'
export {
  customerActions,
  isFinal,
  paymentStatusOf,
  staffActions,
  statusOf,
  toBoardOrderView,
  toPublicOrderView,
} from './order.views.ts'
export {
  CUSTOMER_ACTIONS,
  type CustomerAction,
  customerActionEvent,
  ORDER_ACTIONS,
  type OrderActionRule,
  STAFF_ACTIONS,
  STATUS_ROUTE_ACTIONS,
  type StaffAction,
  type StatusRouteAction,
  staffActionEvent,
  staffActionLabelKey,
  statusRouteCommand,
} from './order-actions.ts'
export { isFinalStatus, ORDER_TYPES, type OrderType, orderTypeOf } from './order-vocabulary.ts'
