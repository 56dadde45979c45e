// The order's vocabulary without the machine: its statuses, which of them are final, and the
// order type. The browsers import this (no xstate in their bundles); the lifecycle machine
// (order.machine.ts) and every server module use the same names from here.

export const ORDER_STATUSES = [
  'awaitingConfirmation',
  'confirmed',
  'ready',
  'inDelivery',
  'completed',
  'delivered',
  'rejected',
  'canceled',
  'failed',
] as const
export type OrderStatus = (typeof ORDER_STATUSES)[number]

export const FINAL_ORDER_STATUSES: readonly OrderStatus[] = [
  'completed',
  'delivered',
  'rejected',
  'canceled',
  'failed',
]

export const PAYMENT_STATUSES = ['notRequired', 'awaiting', 'paid', 'refunded', 'failed'] as const
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number]

export const COUNTER_APPOINTMENT_STATUSES = ['none', 'proposed', 'accepted', 'rejected', 'withdrawn'] as const
export type CounterAppointmentStatus = (typeof COUNTER_APPOINTMENT_STATUSES)[number]

export const QUESTIONNAIRE_STATUSES = ['open', 'answered'] as const
export type QuestionnaireStatus = (typeof QUESTIONNAIRE_STATUSES)[number]

/** Final orders no longer change status (the status page stops polling). */
export function isFinalStatus(status: OrderStatus): boolean {
  return FINAL_ORDER_STATUSES.includes(status)
}

export { ORDER_TYPES, type OrderType, orderTypeOf } from '../common/vocabulary.ts'
