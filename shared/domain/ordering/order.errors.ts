export type OrderRuleErrorCode = 'illegal_transition' | 'not_found' | 'already_exists' | 'invalid'

/**
 * A command the order rules refuse. The message is user-facing German from the catalogue, so
 * the API can put it straight into `{ errors: [{ field, message }] }`.
 */
export class OrderRuleError extends Error {
  readonly code: OrderRuleErrorCode
  readonly field: string | undefined

  constructor(code: OrderRuleErrorCode, message: string, field?: string) {
    super(message)
    this.name = 'OrderRuleError'
    this.code = code
    this.field = field
  }
}

export function isOrderRuleError(error: unknown): error is OrderRuleError {
  return error instanceof OrderRuleError
}
