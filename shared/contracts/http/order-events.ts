// GET /api/orders/{id}/events: an order's event timeline for the back-office (who did what,
// when), from the event store, oldest first. Zod-free: the browser imports these types.

export type OrderEventActor = { kind: 'customer' | 'staff' | 'system'; id?: string; name?: string }

/** An item as a timeline entry names it. */
export type OrderEventItem = { name: string; amount: number; unit: string }

/**
 * What each event type tells beyond who and when; never the status link's hash or the online
 * payment's session. Amounts are cents.
 */
export type OrderEventDetails = {
  OrderCreated: {
    orderType: 'takeaway' | 'delivery' | 'dineIn'
    tableIdentifier: string | null
    /** The requested time; null: as soon as possible. */
    appointment: string | null
    paymentMethod: string
    isOnlinePayment: boolean
    /** The online payment's provider (its session stays out). */
    paymentProvider: string | null
    totalGross: number
    items: OrderEventItem[]
    comment: string | null
    isPreorder: boolean
    isQuotation: boolean
  }
  OrderConfirmed: Record<string, never>
  OrderRejected: { message: string }
  OrderCanceled: { reason: string | null }
  OrderMarkedInDelivery: Record<string, never>
  OrderCompleted: Record<string, never>
  OrderDelivered: Record<string, never>
  OrderFailed: { reason: string }
  OrderPaid: { reference: string | null }
  OrderRefunded: Record<string, never>
  CounterAppointmentProposed: { appointment: string }
  CounterAppointmentAccepted: { appointment: string }
  CounterAppointmentRejected: { appointment: string }
  OrderItemChanged: OrderEventItem & {
    itemId: string
    /** The line's new gross total. */
    total: number
    parts: { name: string; options: string[]; text: string | null }[]
    /** The order's new total. */
    totalGross: number
  }
  QuestionnaireAnswered: {
    rating: number
    foodRating: number
    serviceRating: number
    processRating: number
    comment: string | null
  }
}

export type OrderEventEntry = {
  [T in keyof OrderEventDetails]: {
    /** The event's position in the order's stream (1 = created); also the order's version after it. */
    position: number
    type: T
    /** When it happened (ISO). */
    at: string
    actor: OrderEventActor
    details: OrderEventDetails[T]
  }
}[keyof OrderEventDetails]
