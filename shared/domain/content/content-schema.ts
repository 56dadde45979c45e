import { z } from 'zod'
import {
  type CollectionFieldConfig,
  type ContentConfig,
  DEFAULT_MAX_ITEMS,
  DEFAULT_MAX_LENGTH,
  type FieldConfig,
  isObject,
  type TabsFieldConfig,
  valueFields,
} from './field-config.ts'

/*
 * The one validator of typed content (spec §3), used by the server (resources.http.ts: a site's
 * and a block's content) and by the back-office form (the same contract through its resolver).
 * It checks, it does not change: what passes is stored as it was sent. Messages are the
 * validation catalogue's keys or zod's issue codes, which errors.http.ts turns into the
 * catalogue's German (French, English) sentences: 'validation.notBlank', tooShort/tooLong with
 * the limit, min/max, collectionMin/collectionMax, 'validation.choice', 'validation.url', …
 *
 * Fields the configuration does not name are left alone (content written before a field existed
 * keeps its other values); every named field is checked, an absent one as empty.
 */

type Ctx = z.core.$RefinementCtx<unknown>
type Path = (string | number)[]
type Value = Exclude<FieldConfig, TabsFieldConfig>

function custom(ctx: Ctx, message: string, path: Path = [], params?: Record<string, string | number>) {
  ctx.addIssue({ code: 'custom', message, path, input: undefined, ...(params ? { params } : {}) })
}

const empty = (v: unknown) => v === undefined || v === null || v === ''

function tooShort(ctx: Ctx, origin: 'string' | 'array', minimum: number, input: unknown, path: Path = []) {
  ctx.addIssue({ code: 'too_small', origin, minimum, inclusive: true, input, path })
}
function tooLong(ctx: Ctx, origin: 'string' | 'array', maximum: number, input: unknown, path: Path = []) {
  ctx.addIssue({ code: 'too_big', origin, maximum, inclusive: true, input, path })
}
function wrongType(ctx: Ctx, type: string, path: Path = []) {
  custom(ctx, 'validation.type', path, { type })
}

/** The text a piece of formatted text shows (tags and entities out); pictures and embeds count. */
export function visibleText(html: string): string {
  if (/<(img|iframe|video|audio|embed|object)\b/i.test(html)) return 'media'
  return html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;|&#160;/gi, ' ')
    .replace(/&[a-z]+;|&#\d+;/gi, 'x')
    .trim()
}

function checkText(
  ctx: Ctx,
  v: unknown,
  f: { required?: boolean; min?: number; max?: number; format?: 'url' },
  max: number,
  html = false,
) {
  if (empty(v)) {
    if (f.required) custom(ctx, 'validation.notBlank')
    return
  }
  if (typeof v !== 'string') {
    wrongType(ctx, 'string')
    return
  }
  const shown = html ? visibleText(v) : v.trim()
  if (shown === '') {
    if (f.required) custom(ctx, 'validation.notBlank')
    return
  }
  if (f.min !== undefined && shown.length < f.min) tooShort(ctx, 'string', f.min, v)
  const limit = f.max ?? max
  if (v.length > limit) tooLong(ctx, 'string', limit, v)
  if (f.format === 'url' && !isHttpUrl(v.trim())) custom(ctx, 'validation.url')
}

function isHttpUrl(value: string): boolean {
  return URL.canParse(value) && /^https?:$/.test(new URL(value).protocol)
}

const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/

/** 'YYYY-MM-DDTHH:mm' (seconds allowed) naming a real moment of the calendar, 24-hour. */
export function isLocalDateTime(value: string): boolean {
  const m = DATE_TIME.exec(value)
  if (!m) return false
  const [y, mo, d, h, mi, s] = m.slice(1).map((p) => Number(p ?? 0)) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ]
  const date = new Date(Date.UTC(y, mo - 1, d, h, mi, s))
  return (
    date.getUTCFullYear() === y &&
    date.getUTCMonth() === mo - 1 &&
    date.getUTCDate() === d &&
    h < 24 &&
    mi < 60 &&
    s < 60
  )
}

const imageSchema = z.looseObject({
  id: z.string().trim().min(1).max(64),
  version: z.int().min(1),
  extension: z
    .string()
    .trim()
    .regex(/^[a-z0-9]{1,8}$/i, 'validation.invalid'),
  alt: z.string().max(255).nullish(),
  width: z.int().min(1).nullish(),
})

const fileSchema = z.looseObject({
  id: z.string().trim().min(1).max(64),
  version: z.int().min(1),
  extension: z
    .string()
    .trim()
    .regex(/^[a-z0-9]{1,8}$/i, 'validation.invalid'),
  publicHash: z.string().trim().min(1).max(128),
})

/** Runs `schema` on `v` and reports its issues at their paths below the current one. */
function forward(ctx: Ctx, schema: z.ZodType, v: unknown, path: Path = []) {
  const result = schema.safeParse(v)
  if (result.success) return
  for (const issue of result.error.issues) {
    ctx.addIssue({ ...issue, path: [...path, ...issue.path] } as Parameters<Ctx['addIssue']>[0])
  }
}

function checkList(
  ctx: Ctx,
  v: unknown,
  f: { required?: boolean; min?: number; max?: number },
  each: (item: unknown, index: number) => void,
) {
  if (v === undefined || v === null) {
    if (f.required || (f.min ?? 0) > 0) tooShort(ctx, 'array', Math.max(1, f.min ?? 1), [])
    return
  }
  if (!Array.isArray(v)) {
    wrongType(ctx, 'array')
    return
  }
  const min = Math.max(f.required ? 1 : 0, f.min ?? 0)
  if (v.length < min) tooShort(ctx, 'array', min, v)
  const max = f.max ?? DEFAULT_MAX_ITEMS
  if (v.length > max) tooLong(ctx, 'array', max, v)
  v.forEach(each)
}

function checkNumber(ctx: Ctx, v: unknown, f: Extract<Value, { type: 'number' }>) {
  if (v === undefined || v === null) {
    if (f.required) custom(ctx, 'validation.notBlank')
    return
  }
  if (typeof v !== 'number' || !Number.isFinite(v)) {
    wrongType(ctx, 'number')
    return
  }
  if (f.min !== undefined && v < f.min) {
    ctx.addIssue({ code: 'too_small', origin: 'number', minimum: f.min, inclusive: true, input: v, path: [] })
  }
  if (f.max !== undefined && v > f.max) {
    ctx.addIssue({ code: 'too_big', origin: 'number', maximum: f.max, inclusive: true, input: v, path: [] })
  }
  if (f.decimals !== undefined) {
    const scaled = v * 10 ** f.decimals
    if (Math.abs(scaled - Math.round(scaled)) > 1e-6) {
      ctx.addIssue({
        code: 'not_multiple_of',
        origin: 'number',
        divisor: 10 ** -f.decimals,
        input: v,
        path: [],
      })
    }
  }
}

function checkField(ctx: Ctx, f: Value, v: unknown): void {
  switch (f.type) {
    case 'text':
    case 'textarea':
      checkText(ctx, v, f, DEFAULT_MAX_LENGTH[f.type])
      return
    case 'wysiwyg':
      checkText(ctx, v, f, DEFAULT_MAX_LENGTH.wysiwyg, true)
      return
    case 'markdown':
      checkText(ctx, v, f, DEFAULT_MAX_LENGTH.markdown)
      return
    case 'number':
      checkNumber(ctx, v, f)
      return
    case 'date':
      if (empty(v)) {
        if (f.required) custom(ctx, 'validation.notBlank')
        return
      }
      if (typeof v !== 'string' || !isLocalDateTime(v)) custom(ctx, 'validation.dateTime')
      return
    case 'boolean':
      if (v !== undefined && v !== null && typeof v !== 'boolean') wrongType(ctx, 'boolean')
      return
    case 'image':
    case 'file':
      if (v === undefined || v === null) {
        if (f.required) custom(ctx, 'validation.notBlank')
        return
      }
      forward(ctx, f.type === 'image' ? imageSchema : fileSchema, v)
      return
    case 'images':
    case 'files': {
      const schema = f.type === 'images' ? imageSchema : fileSchema
      checkList(ctx, v, f, (item, i) => forward(ctx, schema, item, [i]))
      return
    }
    case 'select':
      if (empty(v)) {
        if (f.required) custom(ctx, 'validation.notBlank')
        return
      }
      if (!f.options.some((o) => o.value === v)) custom(ctx, 'validation.choice')
      return
    case 'multiselect':
      checkList(ctx, v, f, (item, i) => {
        if (!f.options.some((o) => o.value === item)) custom(ctx, 'validation.choice', [i])
        else if ((v as unknown[]).indexOf(item) !== i) custom(ctx, 'validation.duplicate', [i])
      })
      return
    case 'reference':
      if (v === undefined || v === null) {
        if (f.required) custom(ctx, 'validation.notBlank')
        return
      }
      if (!isObject(v)) {
        wrongType(ctx, 'object')
        return
      }
      if (!(f.targets as readonly unknown[]).includes(v.type)) custom(ctx, 'validation.choice', ['type'])
      if (typeof v.id !== 'string' || v.id.trim() === '') custom(ctx, 'validation.notBlank', ['id'])
      else if (v.id.length > 64) tooLong(ctx, 'string', 64, v.id, ['id'])
      return
    case 'group':
      if (v === undefined || v === null) {
        checkObject(ctx, f.fields, {})
        return
      }
      if (!isObject(v)) {
        wrongType(ctx, 'object')
        return
      }
      checkObject(ctx, f.fields, v)
      return
    case 'collection':
      checkList(ctx, v, f, (item, i) => checkItem(ctx, f, item, [i]))
      return
  }
}

function checkItem(ctx: Ctx, f: CollectionFieldConfig, item: unknown, path: Path) {
  if (!isObject(item)) {
    wrongType(ctx, 'object', path)
    return
  }
  const type = f.itemTypes.find((t) => t.type === item.type)
  if (!type) {
    custom(ctx, 'validation.choice', [...path, 'type'])
    return
  }
  forward(ctx, objectSchema(type.fields), item, path)
}

function checkObject(ctx: Ctx, fields: readonly FieldConfig[], value: Record<string, unknown>) {
  for (const field of valueFields(fields)) forward(ctx, fieldSchemaOf(field), value[field.name], [field.name])
}

/** The check of one field's value (absent counts as empty). */
export function fieldSchemaOf(field: Value): z.ZodType {
  return z.unknown().superRefine((v, ctx) => checkField(ctx, field, v))
}

function objectSchema(fields: readonly FieldConfig[]): z.ZodType {
  return z.unknown().superRefine((v, ctx) => {
    if (!isObject(v)) {
      wrongType(ctx, 'object')
      return
    }
    checkObject(ctx, fields, v)
  })
}

/**
 * The zod schema of a content value of this configuration: an object of its fields (null or
 * absent content counts as an empty object). It validates only: parse output is the input.
 */
export function contentSchemaOf(config: ContentConfig): z.ZodType {
  return z.unknown().superRefine((v, ctx) => {
    if (v === undefined || v === null) {
      checkObject(ctx, config.fields, {})
      return
    }
    if (!isObject(v)) {
      wrongType(ctx, 'object')
      return
    }
    checkObject(ctx, config.fields, v)
  })
}

export type ContentReference = { path: string; type: string; id: string }

/** The references a content value makes (path dotted from the content's root), for checks. */
export function referencesIn(config: ContentConfig, value: unknown, prefix = ''): ContentReference[] {
  if (!isObject(value)) return []
  const at = (name: string | number) => (prefix ? `${prefix}.${name}` : String(name))
  return valueFields(config.fields).flatMap((field): ContentReference[] => {
    const v = value[field.name]
    if (field.type === 'reference') {
      return isObject(v) && typeof v.type === 'string' && typeof v.id === 'string'
        ? [{ path: at(field.name), type: v.type, id: v.id }]
        : []
    }
    if (field.type === 'group') return referencesIn({ fields: field.fields }, v, at(field.name))
    if (field.type === 'collection' && Array.isArray(v)) {
      return v.flatMap((item, i) => {
        const type = isObject(item) ? field.itemTypes.find((t) => t.type === item.type) : undefined
        return type ? referencesIn({ fields: type.fields }, item, at(`${field.name}.${i}`)) : []
      })
    }
    return []
  })
}
