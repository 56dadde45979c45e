import { Readable } from 'node:stream'
import { zodValidatorCompiler } from '@shop/kit'
import { errorBodySchema } from '@shop/shared/contracts'
import type { FastifyInstance, FastifyRequest, FastifySchemaCompiler } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'

// What every route's schema shares (docs/api.md "The document"): the error answers, the common
// params and headers, and the typed instance the route files register on.

/** The instance with zod schemas as types: params, query, body and answers typed from the schemas. */
export const typed = (app: FastifyInstance) => app.withTypeProvider<ZodTypeProvider>()

const ERROR_TEXT: Record<number, string> = {
  400: 'Invalid input: one item per field',
  401: 'No session or credential',
  403: 'Not allowed for this caller',
  404: 'Not found',
  409: 'Illegal transition or stale version',
  413: 'The body or file is larger than the caller may send',
  422: 'Idempotency-Key reused for another request',
  429: 'Too many requests or failed login attempts',
  502: 'The payment provider or the device did not answer as expected',
  503: 'A service the answer needs is unavailable; try again',
  504: 'The device did not answer in time',
}

type ErrorCode = 400 | 401 | 403 | 404 | 409 | 413 | 422 | 429 | 502 | 503 | 504

/** The spec's error body for each status: `{ "errors": [{ "field", "message" }] }`. */
export function errorAnswers<C extends ErrorCode>(...codes: C[]): Record<C, typeof errorBodySchema> {
  return Object.fromEntries(
    codes.map((c) => [c, errorBodySchema.describe(ERROR_TEXT[c] ?? 'Error')]),
  ) as Record<C, typeof errorBodySchema>
}

export const idParams = z.object({ id: z.string().describe('The id') })

/** The Idempotency-Key header of the writes that take one (docs/security.md "Idempotency"). */
export const idempotencyHeaders = z.looseObject({
  'idempotency-key': z
    .string()
    .optional()
    .describe('A retried request with the same key and body returns the first answer and changes nothing.'),
})

/** A staff route's header: the branch api key of the frontdesk tablet, instead of a session. */
export const apiKeyHeaders = z.looseObject({
  'x-api-key': z.string().optional().describe("The branch's api key (frontdesk), instead of a staff session"),
})

/**
 * A check that runs before the request is validated (a route's `preValidation`), when its
 * refusal must win over a refused body: who may call comes before what they sent. What it found
 * is kept for the handler.
 */
export function beforeValidation<T>(check: (req: FastifyRequest) => Promise<T> | T) {
  const found = new WeakMap<FastifyRequest, T>()
  return {
    preValidation: async (req: FastifyRequest) => {
      found.set(req, await check(req))
    },
    of: (req: FastifyRequest): T => {
      if (!found.has(req)) throw new Error('beforeValidation: the check did not run for this request')
      return found.get(req) as T
    },
  }
}

/**
 * For a route whose body its handler checks against the declared schema after a step the
 * validator cannot take (a PUT's echoed fields taken out with the stored resource at hand; an
 * upload decoded off the event loop): Fastify passes the body on, params and query it checks.
 */
export const bodyCheckedByHandler: FastifySchemaCompiler<unknown> = (route) =>
  route.httpPart === 'body' ? (data: unknown) => ({ value: data }) : zodValidatorCompiler(route)

/** An answer of bytes (a PDF, an image, ESC/POS): in the document a binary string. */
export const bytesSchema = (what: string) =>
  z
    .custom<Buffer | Readable>((v) => Buffer.isBuffer(v) || v instanceof Readable)
    .meta({ description: what, type: 'string', format: 'binary' })
