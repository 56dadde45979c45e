export * from './holidays.ts'
export * from './totals.ts'
export * from './views.ts'
export * from './working-time.decider.ts'
