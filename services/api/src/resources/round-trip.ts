import { isDeepStrictEqual } from 'node:util'
import { type ErrorItem, HttpError, msg } from '@shop/kit'
import { z } from 'zod'

// PUT /api/{resource}/{id} takes back exactly what GET answered (spec §7's CRUD pattern: a
// client reads, edits and writes the same object). GET answers the stored state plus `id` and
// `version`, and the state holds fields the server made itself, which no write schema takes: a
// branch's api key, a user's access token, a file's type, size and pixels. Those come back
// unchanged and are kept; a changed one, or another id than the path's, is refused on its field.

/** The top-level fields a write schema takes. */
export function writableFields(schema: z.ZodType): ReadonlySet<string> {
  return new Set(schema instanceof z.ZodObject ? Object.keys(schema.shape) : [])
}

/**
 * The body without what GET added or the server made: `id` when it names the path's resource,
 * and every stored server-made field sent back as it is. 400 on each that differs; anything
 * else is left for the strict schema (an unknown field stays "not expected").
 */
export function withoutEchoedFields(
  body: unknown,
  id: string,
  stored: Readonly<Record<string, unknown>>,
  writable: ReadonlySet<string>,
): unknown {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return body
  const rest: Record<string, unknown> = { ...body }
  const errors: ErrorItem[] = []
  if (Object.hasOwn(rest, 'id') && !writable.has('id')) {
    if (rest.id !== id) errors.push({ field: 'id', message: msg('idMismatch') })
    delete rest.id
  }
  for (const [field, value] of Object.entries(rest)) {
    if (writable.has(field) || !Object.hasOwn(stored, field)) continue
    if (isDeepStrictEqual(value, stored[field])) delete rest[field]
    else errors.push({ field, message: msg('readOnlyField') })
  }
  if (errors.length > 0) throw new HttpError(400, errors)
  return rest
}

/** The stored fields no write schema takes (made by the server): every update keeps them. */
export function serverMadeFields(
  stored: Readonly<Record<string, unknown>>,
  writable: ReadonlySet<string>,
): Record<string, unknown> {
  return Object.fromEntries(Object.entries(stored).filter(([field]) => !writable.has(field)))
}
