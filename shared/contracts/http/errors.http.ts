import { z } from 'zod'
import { DEFAULT_LOCALE, hasTranslation, t } from '../../i18n/index.ts'

/** One item of the spec's error body `{ "errors": [{ "field", "message" }] }`. */
export const apiErrorSchema = z.object({ field: z.string(), message: z.string() })
export type ApiError = z.infer<typeof apiErrorSchema>
export const errorBodySchema = z.object({ errors: z.array(apiErrorSchema) })
export type ErrorBody = z.infer<typeof errorBodySchema>

type Issue = z.core.$ZodIssue
type PathKey = PropertyKey

export type ZodIssuesToErrorsOptions = {
  /**
   * The parsed input. zod does not keep the offending value unless parsed with
   * `{ reportInput: true }`; with it (or with this) a missing or null field reads as
   * "should not be blank" instead of "should be of type …".
   */
  input?: unknown
  locale?: string
}

// A schema may carry a catalogue key as its message (e.g. `.regex(re, 'validation.phone')`).
const CATALOGUE_KEY = /^[a-zA-Z]+(?:\.[a-zA-Z-]+)+$/

function fieldOf(path: readonly PathKey[]): string {
  return path.map((key) => String(key)).join('.')
}

function valueAt(input: unknown, path: readonly PathKey[]): unknown {
  let value = input
  for (const key of path) {
    if (value === null || typeof value !== 'object') return undefined
    value = (value as Record<PropertyKey, unknown>)[key]
  }
  return value
}

// known is false when neither zod nor the caller kept the value.
function offendingValue(issue: Issue, options: ZodIssuesToErrorsOptions): { known: boolean; value: unknown } {
  if ('input' in issue) return { known: true, value: issue.input }
  if ('input' in options) return { known: true, value: valueAt(options.input, issue.path) }
  return { known: false, value: undefined }
}

function messageFor(issue: Issue, options: ZodIssuesToErrorsOptions, locale: string): string {
  const msg = (key: string, params?: Record<string, string | number>) =>
    t(`validation.${key}`, params, locale)
  if (CATALOGUE_KEY.test(issue.message) && hasTranslation(issue.message, locale)) {
    // A refinement may name the values its message needs (`params` of a custom issue).
    const params = issue.code === 'custom' ? (issue.params as Record<string, string | number>) : undefined
    return t(issue.message, params, locale)
  }
  switch (issue.code) {
    case 'invalid_type': {
      const { known, value } = offendingValue(issue, options)
      if (known && (value === undefined || value === null)) return msg('notBlank')
      return msg('type', { type: issue.expected })
    }
    case 'too_small': {
      const limit = Number(issue.minimum)
      if (issue.origin === 'string') return limit <= 1 ? msg('notBlank') : msg('tooShort', { limit })
      if (issue.origin === 'array' || issue.origin === 'set') return msg('collectionMin', { limit })
      return issue.inclusive === false ? msg('greaterThan', { limit }) : msg('min', { limit })
    }
    case 'too_big': {
      const limit = Number(issue.maximum)
      if (issue.origin === 'string') return msg('tooLong', { limit })
      if (issue.origin === 'array' || issue.origin === 'set') return msg('collectionMax', { limit })
      return issue.inclusive === false ? msg('lessThan', { limit }) : msg('max', { limit })
    }
    case 'invalid_format':
      if (issue.format === 'email') return msg('email')
      if (issue.format === 'datetime' || issue.format === 'date' || issue.format === 'time')
        return msg('dateTime')
      return msg('invalid')
    case 'not_multiple_of':
      return msg('multipleOf', { limit: Number(issue.divisor) })
    case 'invalid_value':
      return msg('choice')
    default:
      return msg('invalid')
  }
}

/**
 * Maps zod issues to the error body items: field is the dotted path (`items.0.amount`, '' for
 * the body itself), message comes from the validation catalogue (Symfony's wording). An
 * unknown key becomes one item per key, named by its own path.
 */
export function zodIssuesToErrors(error: z.ZodError, options: ZodIssuesToErrorsOptions = {}): ApiError[] {
  const locale = options.locale ?? DEFAULT_LOCALE
  const errors: ApiError[] = []
  for (const issue of error.issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) {
        errors.push({
          field: fieldOf([...issue.path, key]),
          message: t('validation.extraField', undefined, locale),
        })
      }
      continue
    }
    errors.push({ field: fieldOf(issue.path), message: messageFor(issue, options, locale) })
  }
  return errors
}

export type ParseResult<T> = { success: true; data: T } | { success: false; errors: ApiError[] }

/** safeParse plus zodIssuesToErrors, with the input at hand so missing fields read right. */
export function parseWithErrors<S extends z.ZodType>(
  schema: S,
  input: unknown,
  locale: string = DEFAULT_LOCALE,
): ParseResult<z.output<S>> {
  const result = schema.safeParse(input)
  if (result.success) return { success: true, data: result.data }
  return { success: false, errors: zodIssuesToErrors(result.error, { input, locale }) }
}
