import type { LocalDate } from '@shop/shared/domain/scheduling'
import { produce } from 'immer'
import type { FieldError } from '../../lib/api.ts'
import { type CheckoutForm, type FieldProblems, restoreForm } from './checkout-model.ts'

// The checkout page's own state as one reducer (DESIGN §4.9: a multi-step flow is a machine or
// a plain reducer with immer): the form, the errors at the fields, the sending flag and which
// overlay is open. Pure, so the transitions are unit tested without React. The cart (order
// type, delivery area, appointment, comment) is the cart store's, not this state's.

/** Which dialog is open over the form. */
export type Overlay = 'date' | 'time' | 'donatee' | 'terms' | 'privacy' | null

export type CheckoutState = {
  form: CheckoutForm
  /** The client's checks before sending, per field (cleared at the field as it changes). */
  problems: FieldProblems
  /** The server's refusal, per field; null before any answer. */
  serverErrors: FieldError[] | null
  /** A failure without field errors: no connection, or an unexpected answer. */
  failure: 'unknown' | 'offline' | null
  sending: boolean
  overlay: Overlay
  /** The day the time picker shows (chosen in the date picker, or the first slot's). */
  timeDate: LocalDate | null
  showComment: boolean
}

export type CheckoutAction =
  /** The customer changed a field of the form: its errors go. */
  | { type: 'field'; key: keyof CheckoutForm; value: CheckoutForm[keyof CheckoutForm] }
  /** A value kept in the cart changed at its field (delivery area, appointment): its errors go. */
  | { type: 'cleared'; field: 'deliveryArea' | 'appointmentDate' }
  /** Another order type: the type's and the table's problems go. */
  | { type: 'orderTypeChosen' }
  /** The preset payment method (spec §4) replaced one the branch does not offer. */
  | { type: 'paymentPreset'; method: string }
  /** Submit pressed: the client's checks are the problems now, earlier answers go. */
  | { type: 'checked'; problems: FieldProblems }
  | { type: 'sending' }
  /** The server refused or did not answer: its field errors, else offline or unknown. */
  | { type: 'failed'; status: number; errors: readonly FieldError[] }
  | { type: 'open'; overlay: Exclude<Overlay, 'time' | null> }
  /** The time picker for a day (after the date picker, or straight from the time button). */
  | { type: 'openTime'; date: LocalDate }
  | { type: 'close' }
  | { type: 'showComment' }

/**
 * The state on opening: the stored form (a reload or the payment-failed return keeps it), else a
 * new one with the config's default country.
 */
export function initialCheckoutState(
  stored: unknown,
  comment: string,
  defaultCountry?: unknown,
): CheckoutState {
  return {
    form: restoreForm(stored, defaultCountry),
    problems: {},
    serverErrors: null,
    failure: null,
    sending: false,
    overlay: null,
    timeDate: null,
    showComment: comment.trim() !== '',
  }
}

export const checkoutReducer = produce((draft: CheckoutState, action: CheckoutAction): void => {
  switch (action.type) {
    case 'field': {
      const { key } = action
      ;(draft.form as Record<keyof CheckoutForm, unknown>)[key] = action.value
      if (draft.problems[key]) draft.problems[key] = undefined
      dropServerError(draft, key)
      return
    }
    case 'cleared':
      draft.problems[action.field] = undefined
      dropServerError(draft, action.field)
      return
    case 'orderTypeChosen':
      draft.problems.isDelivery = undefined
      draft.problems.isDineIn = undefined
      draft.problems.table = undefined
      return
    case 'paymentPreset':
      draft.form.paymentMethod = action.method
      return
    case 'checked':
      draft.problems = action.problems
      draft.serverErrors = null
      draft.failure = null
      return
    case 'sending':
      draft.sending = true
      return
    case 'failed':
      draft.sending = false
      if (action.errors.length > 0) draft.serverErrors = [...action.errors]
      else draft.failure = action.status === 0 ? 'offline' : 'unknown'
      return
    case 'open':
      draft.overlay = action.overlay
      return
    case 'openTime':
      draft.timeDate = action.date
      draft.overlay = 'time'
      return
    case 'close':
      draft.overlay = null
      return
    case 'showComment':
      draft.showComment = true
      return
  }
})

function dropServerError(draft: CheckoutState, field: string): void {
  if (draft.serverErrors) draft.serverErrors = draft.serverErrors.filter((e) => e.field !== field)
}

/** The message shown at a field: the client's check first, else the server's first answer. */
export function fieldErrorOf(
  state: Pick<CheckoutState, 'problems' | 'serverErrors'>,
  field: string,
  translate: (key: string, params?: Record<string, string | number>) => string,
): string | undefined {
  const problem = state.problems[field]
  if (problem) return translate(problem.key, problem.params)
  return state.serverErrors?.find((error) => error.field === field)?.message
}

/** How many fields have a problem (the screen reader's "check the fields" alert). */
export function problemCount(state: Pick<CheckoutState, 'problems'>): number {
  return Object.values(state.problems).filter(Boolean).length
}
