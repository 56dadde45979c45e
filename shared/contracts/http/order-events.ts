// GET /api/orders/{id}/events: an order's event timeline for the back-office (who did what,
// when), from the event store, oldest first. Zod-free at run time: the browser imports these
// types, which are the answer schemas' (order-events.http.ts).
import type { z } from 'zod'
import type {
  ORDER_EVENT_DETAILS_SCHEMAS,
  orderEventActorSchema,
  orderEventEntrySchema,
  orderEventItemSchema,
} from './order-events.http.ts'

export type OrderEventActor = z.infer<typeof orderEventActorSchema>

/** An item as a timeline entry names it. */
export type OrderEventItem = z.infer<typeof orderEventItemSchema>

/**
 * What each event type tells beyond who and when; never the status link's hash or the online
 * payment's session. Amounts are cents.
 */
export type OrderEventDetails = {
  [T in keyof typeof ORDER_EVENT_DETAILS_SCHEMAS]: z.infer<(typeof ORDER_EVENT_DETAILS_SCHEMAS)[T]>
}

export type OrderEventEntry = z.infer<typeof orderEventEntrySchema>
