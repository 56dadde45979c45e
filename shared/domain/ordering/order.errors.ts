export type OrderRuleErrorCode = 'illegal_transition' | 'not_found' | 'already_exists' | 'invalid'

/**
 * A command the order rules refuse. The message is user-facing German from the catalogue, so
 * the API can put it straight into `{ errors: [{ field, message }] }`.
 */
export class OrderRuleError extends Error {
  readonly code: OrderRuleErrorCode
  readonly field: string | undefined
  /** The message in another catalogue locale (German is `message`). */
  readonly render: (locale?: string) => string

  constructor(code: OrderRuleErrorCode, message: string | ((locale?: string) => string), field?: string) {
    const render = typeof message === 'string' ? () => message : message
    super(render())
    this.name = 'OrderRuleError'
    this.code = code
    this.field = field
    this.render = render
  }
}

export function isOrderRuleError(error: unknown): error is OrderRuleError {
  return error instanceof OrderRuleError
}
