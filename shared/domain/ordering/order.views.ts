import type { z } from 'zod'
import type { boardOrderViewSchema, publicOrderViewSchema } from '../../contracts/http/order-views.http.ts'
import { payableTotal } from '../catalogue/pricing.ts'
import type { OrderState } from './order.decider.ts'
import { machineContextOf } from './order.decider.ts'
import type { OrderMachineEventType, OrderStatus, PaymentStatus } from './order.machine.ts'
import { allowedMachineEvents, isFinalStatus } from './order.machine.ts'
import { refundSummaryOf, refundsOf } from './order.refunds.ts'

import {
  CUSTOMER_ACTIONS,
  type CustomerAction,
  customerActionEvent,
  STAFF_ACTIONS,
  type StaffAction,
  staffActionEvent,
} from './order-actions.ts'

export { CUSTOMER_ACTIONS, type CustomerAction, STAFF_ACTIONS, type StaffAction }

export function statusOf(state: OrderState): OrderStatus {
  return state.lifecycle.status
}

export function paymentStatusOf(state: OrderState): PaymentStatus {
  return state.lifecycle.payment
}

/** Final orders no longer change status; the status page stops polling. */
export function isFinal(state: OrderState): boolean {
  return isFinalStatus(state.lifecycle.status)
}

function allowed<A extends string>(
  state: OrderState,
  actions: readonly A[],
  eventOf: (action: A) => OrderMachineEventType,
): A[] {
  const possible = new Set(allowedMachineEvents(state.lifecycle, machineContextOf(state)))
  return actions.filter((action) => possible.has(eventOf(action)))
}

export function staffActions(state: OrderState): StaffAction[] {
  return allowed(state, STAFF_ACTIONS, staffActionEvent)
}

export function customerActions(state: OrderState): CustomerAction[] {
  return allowed(state, CUSTOMER_ACTIONS, customerActionEvent)
}

function reached(state: OrderState, ...statuses: OrderStatus[]): boolean {
  return state.timeline.some((step) => statuses.includes(step.status))
}

/** The proposed time, while the customer may still answer it or after accepting it. */
function visibleCounterAppointment(state: OrderState): string | null {
  const status = state.lifecycle.counterAppointment
  return status === 'proposed' || status === 'accepted' ? state.counterAppointment : null
}

/**
 * The status page's order: the type of its answer schema (contracts/http/order-views.http.ts),
 * so the server's view, the API document and the browser's type are one.
 */
export type PublicOrderView = z.infer<typeof publicOrderViewSchema>

/**
 * The status page's order. The is* flags keep the spec's meaning of "this has happened" (a
 * confirmed order that is canceled later stays isConfirmed); `status` says where it is now.
 * isInDelivery also covers "ready for pickup", isCompleted also covers "delivered", and
 * isPaid stays true after a refund (isRefunded tells that part).
 */
export function toPublicOrderView(state: OrderState): PublicOrderView {
  const { lifecycle } = state
  return {
    id: state.orderId,
    uid: state.uid,
    hash: state.hash,
    ticketNumber: null,
    isConfirmed: reached(state, 'confirmed'),
    isRejected: lifecycle.status === 'rejected',
    isCompleted: reached(state, 'completed', 'delivered'),
    isCanceled: lifecycle.status === 'canceled',
    isFailed: lifecycle.status === 'failed',
    isInDelivery: reached(state, 'inDelivery', 'ready'),
    isDelivered: lifecycle.status === 'delivered',
    isDelivery: state.isDelivery,
    isDineIn: state.isDineIn,
    tableIdentifier: state.tableIdentifier,
    isPaid: lifecycle.payment === 'paid' || lifecycle.payment === 'refunded',
    isRefunded: lifecycle.payment === 'refunded',
    refund: refundSummaryOf(state),
    paymentMethod: state.paymentMethod,
    appointment: state.appointment !== null,
    appointmentDate: state.appointment,
    counterAppointment: visibleCounterAppointment(state),
    rejectionMessage: state.rejectionMessage,
    cancelReason: state.cancelReason,
    questionnaireRating: state.questionnaire?.rating ?? null,
    branch: { id: state.branchId },
    // Only while the payment is awaited: afterwards the link would lead to a finished checkout.
    paymentRedirectUrl: lifecycle.payment === 'awaiting' ? (state.payment?.redirectUrl ?? null) : null,
    status: lifecycle.status,
    paymentStatus: lifecycle.payment,
    items: state.items.map((item) => ({ ...item })),
    totalGross: state.pricing.totalGross,
    totalPayable: payableTotal(state.pricing),
    pricing: { ...state.pricing },
    isPreorder: state.isPreorder,
    isQuotation: state.isQuotation,
    createdAt: state.createdAt,
    timeline: state.timeline.map((step) => ({ ...step })),
    allowedActions: customerActions(state),
  }
}

/**
 * Staff see everything of the order but the customer's secret: the status link's hash would let
 * them act as the customer (answer a counter-appointment, send the rating).
 */
export type BoardOrderView = z.infer<typeof boardOrderViewSchema>

/** The staff board's order: the public view plus the customer's data and the staff actions. */
export function toBoardOrderView(state: OrderState): BoardOrderView {
  const {
    allowedActions: _customerActions,
    paymentRedirectUrl: _redirect,
    hash: _secret,
    ...publicView
  } = toPublicOrderView(state)
  const { customer } = state
  return {
    ...publicView,
    customerName: `${customer.firstName} ${customer.lastName}`.trim(),
    customer: { ...customer },
    deliveryAddress: state.deliveryAddress,
    deliveryArea: state.deliveryArea,
    donateeId: state.donateeId,
    comment: state.comment,
    counterAppointmentStatus: state.lifecycle.counterAppointment,
    dueAt:
      state.lifecycle.counterAppointment === 'accepted' && state.counterAppointment !== null
        ? state.counterAppointment
        : state.appointment,
    cancelReason: state.cancelReason,
    failureReason: state.failureReason,
    refunds: refundsOf(state).map((r) => ({
      refundNumber: r.refundNumber,
      amount: r.amount,
      reason: r.reason,
      attempt: r.attempt,
      status: r.status,
      failureReason: r.failureReason,
      reference: r.reference,
      requestedAt: r.requestedAt,
      settledAt: r.settledAt,
    })),
    allowedActions: staffActions(state),
    updatedAt: state.updatedAt,
  }
}
