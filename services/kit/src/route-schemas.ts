import swagger from '@fastify/swagger'
import { type ApiError, zodIssuesToErrors } from '@shop/shared/contracts'
import { DEFAULT_LOCALE } from '@shop/shared/i18n'
import type { FastifyInstance, FastifySchemaCompiler, FastifySerializerCompiler } from 'fastify'
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { HttpError } from './http.ts'

// Schema-first routes (docs/api.md "The document"): a route declares its params, query, body
// and answers with zod schemas; Fastify checks the request against them before the handler runs,
// the type provider (fastify-type-provider-zod's `ZodTypeProvider`) types the handler from them,
// and @fastify/swagger makes the OpenAPI document of /api/docs from the registered routes.

const isZod = (schema: unknown): schema is z.ZodType => schema instanceof z.ZodType

/**
 * A refused request part as the spec's error body: one item per field, in the caller's language
 * (the items are made per locale when the answer is written; the validator has no request).
 */
function validationError(error: z.ZodError, input: unknown): HttpError {
  const byLocale = new Map<string, ApiError[]>()
  const items = (locale: string = DEFAULT_LOCALE) => {
    let found = byLocale.get(locale)
    if (!found) {
      found = zodIssuesToErrors(error, { input, locale })
      byLocale.set(locale, found)
    }
    return found
  }
  return new HttpError(
    400,
    items().map((item, i) => ({
      field: item.field,
      message: (locale?: string) => items(locale)[i]?.message ?? item.message,
    })),
  )
}

/**
 * Fastify's validator for zod schemas. A missing body reads as `{}` (its required fields are then
 * named one by one, as the handlers' own parsing did); the parsed value replaces the raw one, so
 * handlers see defaults and coerced query numbers.
 */
export const zodValidatorCompiler: FastifySchemaCompiler<unknown> = ({ schema, httpPart }) => {
  if (!isZod(schema)) return (data: unknown) => ({ value: data })
  return (data: unknown) => {
    const input = httpPart === 'body' ? (data ?? {}) : data
    const result = schema.safeParse(input)
    if (!result.success) return { error: validationError(result.error, input) }
    // Headers are checked, not replaced: a replaced set makes every later `req.headers` a merged
    // copy (Fastify's getter), which cost the checkout several % of its orders per second.
    return httpPart === 'headers' ? {} : { value: result.data }
  }
}

/** An answer that does not match its route's declared schema (only while answers are checked). */
export class ResponseContractError extends Error {
  readonly route: string
  readonly issues: z.core.$ZodIssue[]
  constructor(route: string, status: number | string | undefined, issues: z.core.$ZodIssue[]) {
    super(`the answer ${status} of ${route} does not match its schema: ${JSON.stringify(issues.slice(0, 5))}`)
    this.name = 'ResponseContractError'
    this.route = route
    this.issues = issues
  }
}

/**
 * Answers are written as JSON. With `check` (SHOP_CHECK_RESPONSES; on in the test suites) each
 * one is first checked against its declared schema and a mismatch fails the request with 500,
 * so every integration test also tests the document; in production an answer is never
 * stripped or refused for the document's sake.
 */
export function zodSerializerCompiler(check: boolean): FastifySerializerCompiler<unknown> {
  return ({ schema, method, url, httpStatus }) => {
    if (!check || !isZod(schema)) return (data: unknown) => JSON.stringify(data)
    return (data: unknown) => {
      const result = schema.safeParse(data)
      if (!result.success)
        throw new ResponseContractError(`${method} ${url}`, httpStatus, result.error.issues)
      return JSON.stringify(data)
    }
  }
}

/** A route as it was added: what the route-versus-document test compares with /api/docs. */
export type ServedRoute = { method: string; url: string; hidden: boolean }
const served = new WeakMap<FastifyInstance, ServedRoute[]>()

/** Every route added to `app` (and its plugins) since installRouteSchemas, HEAD routes included. */
export function servedRoutes(app: FastifyInstance): readonly ServedRoute[] {
  return served.get(app) ?? []
}

type Document = ReturnType<typeof jsonSchemaTransformObject>

/**
 * The transform names a schema's request form `<id>Input` (its answer form `<id>`), as the two
 * may differ (defaults, transforms). A request contract whose answer form nothing uses, or whose
 * two forms are the same, keeps its own name: `CreateOrder`, not `CreateOrderInput`.
 */
function plainComponentNames(doc: Document): Document {
  const schemas = (doc as { components?: { schemas?: Record<string, unknown> } }).components?.schemas
  if (!schemas) return doc
  let text = JSON.stringify(doc)
  const used = (name: string) => text.includes(`"#/components/schemas/${name}"`)
  const renames = new Map<string, string>()
  for (const name of Object.keys(schemas)) {
    if (!name.endsWith('Input')) continue
    const plain = name.slice(0, -'Input'.length)
    // The answer form is not used (a request contract), or both forms are the same.
    if (
      !(plain in schemas) ||
      !used(plain) ||
      JSON.stringify(schemas[plain]) === JSON.stringify(schemas[name])
    )
      renames.set(name, plain)
  }
  for (const [name, plain] of renames)
    text = text.replaceAll(`"#/components/schemas/${name}"`, `"#/components/schemas/${plain}"`)
  const out = JSON.parse(text) as Document & { components: { schemas: Record<string, unknown> } }
  for (const [name, plain] of renames) {
    out.components.schemas[plain] = out.components.schemas[name]
    delete out.components.schemas[name]
  }
  return out
}

export type RouteSchemaOptions = {
  /** Check every JSON answer against its schema (SHOP_CHECK_RESPONSES); default off. */
  checkResponses?: boolean
  /** The document's title and description. */
  title?: string
  description?: string
}

/**
 * Sets the zod compilers and starts collecting the routes for the OpenAPI document. Called on the
 * root instance before any route is added (a route added earlier is not in the document, which
 * the route-versus-document test catches).
 */
export async function installRouteSchemas(
  app: FastifyInstance,
  opts: RouteSchemaOptions = {},
): Promise<void> {
  const routes: ServedRoute[] = []
  served.set(app, routes)
  app.addHook('onRoute', (route) => {
    const schema = route.schema as { hide?: boolean } | undefined
    for (const method of [route.method].flat())
      routes.push({ method, url: route.url, hidden: schema?.hide === true })
  })
  app.setValidatorCompiler(zodValidatorCompiler)
  app.setSerializerCompiler(zodSerializerCompiler(opts.checkResponses ?? false))
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: opts.title ?? 'Shop API',
        version: '0.1.0',
        ...(opts.description ? { description: opts.description } : {}),
      },
    },
    transform: jsonSchemaTransform,
    transformObject: (input) => plainComponentNames(jsonSchemaTransformObject(input)),
  })
}
