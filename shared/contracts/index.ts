export * from './events/order.events.ts'
export * from './http/errors.http.ts'
export * from './http/orders.http.ts'
export * from './http/resources.http.ts'
