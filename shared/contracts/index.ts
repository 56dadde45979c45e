export * from './events/branch-operations.events.ts'
export * from './events/order.events.ts'
export * from './http/analytics.http.ts'
export * from './http/auth.http.ts'
export * from './http/availability.http.ts'
export * from './http/branch-operations.http.ts'
export * from './http/errors.http.ts'
export * from './http/image-templates.http.ts'
export * from './http/init.http.ts'
export * from './http/notifications.http.ts'
export * from './http/order-events.http.ts'
export type {
  OrderEventActor,
  OrderEventDetails,
  OrderEventEntry,
  OrderEventItem,
} from './http/order-events.ts'
export * from './http/order-lists.http.ts'
export * from './http/order-views.http.ts'
export * from './http/orders.http.ts'
export * from './http/payments.http.ts'
export * from './http/print.http.ts'
export * from './http/redirect-paths.ts'
export * from './http/resource-history.http.ts'
export * from './http/resource-items.http.ts'
export * from './http/resource-paths.ts'
export * from './http/resources.http.ts'
export * from './http/responses.http.ts'
export * from './http/statistics.http.ts'
