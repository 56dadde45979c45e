import { z } from 'zod'

// What the answers are made of (docs/api.md "The document"): every success body is the envelope
// `{ "data": … }`, and an answer's schema describes data as it is sent, never as it is decoded:
// no transforms, pipes, defaults or trimming, so checking an answer never changes it.

/** The success envelope every route answers with: `{ "data": <schema> }`, nothing else. */
export function dataOf<T extends z.ZodType>(schema: T) {
  return z.strictObject({ data: schema })
}

/** An ISO instant as the domain writes them: `toISOString()`, or with an offset (appointments). */
export const isoInstantSchema = z.iso.datetime({ offset: true })
/** A local calendar date, 'YYYY-MM-DD'. */
export const isoDateSchema = z.iso.date()

/** The output shape of an object schema: each field a schema of its output. */
export type OutputShape<T extends z.ZodObject> = { [K in keyof z.output<T>]-?: z.ZodType<z.output<T>[K]> }

type Def = z.core.$ZodTypeDef & Record<string, unknown>
type Check = z.core.$ZodCheck

// Checks that change the value (trim) or test it with code (refinements) describe the input only.
const keepsCheck = (check: Check) => {
  const kind = check._zod.def.check
  return kind !== 'overwrite' && kind !== 'custom'
}

function checksOf(def: Def): Check[] {
  return ((def.checks as Check[] | undefined) ?? []).filter(keepsCheck)
}

function cloned(schema: z.ZodType, def: Record<string, unknown>): z.ZodType {
  return schema.clone({ ...schema._zod.def, ...def } as z.core.$ZodTypeDef) as z.ZodType
}

function outputOf(schema: z.ZodType): z.ZodType {
  const def = schema._zod.def as Def
  switch (def.type) {
    // A preprocess (transform then schema) or `a.pipe(b)`: what comes out is b's.
    case 'pipe': {
      const out = def.out as z.ZodType
      if (out._zod.def.type === 'transform')
        throw new Error('outputSchemaOf: a transform has no output schema')
      return outputOf(out)
    }
    // A default fills the input; the output always has the field.
    case 'default':
    case 'prefault':
      return outputOf(def.innerType as z.ZodType)
    case 'optional':
      return outputOf(def.innerType as z.ZodType).optional()
    case 'nullable':
      return outputOf(def.innerType as z.ZodType).nullable()
    case 'object': {
      const shape = Object.fromEntries(
        Object.entries(def.shape as Record<string, z.ZodType>).map(([key, field]) => [key, outputOf(field)]),
      )
      return cloned(schema, { shape, checks: checksOf(def) })
    }
    case 'array':
      return cloned(schema, { element: outputOf(def.element as z.ZodType), checks: checksOf(def) })
    case 'record':
      return cloned(schema, { valueType: outputOf(def.valueType as z.ZodType), checks: checksOf(def) })
    case 'union':
      return cloned(schema, {
        options: (def.options as z.ZodType[]).map(outputOf),
        checks: checksOf(def),
      })
    case 'transform':
      throw new Error('outputSchemaOf: a transform has no output schema')
    default:
      // Leaves (strings, numbers, enums, literals, JSON values …) as they are, minus input checks.
      return cloned(schema, { checks: checksOf(def) })
  }
}

/**
 * The schema of what an object schema outputs, for answers that send back what a write schema
 * parsed (a resource as stored): the same fields and checks, without the preprocessing, defaults,
 * trimming and refinements that only describe the input. Unknown fields stay refused.
 */
export function outputSchemaOf<T extends z.ZodObject>(
  schema: T,
): z.ZodObject<OutputShape<T>, z.core.$strict> {
  return outputOf(schema) as unknown as z.ZodObject<OutputShape<T>, z.core.$strict>
}
