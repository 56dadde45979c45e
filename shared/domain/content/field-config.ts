/**
 * Typed content (spec §3 "field-type catalogue for typed content"): a content configuration is a
 * list of fields, each of one type of the catalogue. The configuration drives both the
 * back-office's form (web/backoffice lib/typed-content) and the one validator client and server
 * share (content-schema.ts). Pure data: no behaviour here.
 *
 * How values are stored, by field type:
 * - text, textarea, wysiwyg (HTML), markdown: a string ('' when empty)
 * - number: a number or null; date: 'YYYY-MM-DDTHH:mm' (local, 24-hour) or null
 * - image: `{ id, version, extension }` (optionally alt, width) or null; images: a list of them
 * - file: `{ id, version, extension, publicHash }` or null; files: a list of them
 * - boolean: true or false (default false)
 * - select: one option's value or null; multiselect: a list of option values
 * - group: an object of its fields; tabs: only a presentation, their fields' values sit beside
 *   the tabs' own siblings (no object of their own)
 * - collection: a list of items `{ type, …fields of that item type }`
 * - reference: `{ type, id }` (type one of the targets: block, site, category, product, scene)
 */

/** The back-office's languages: a configuration's texts are given in them (German first). */
export const CONTENT_UI_LOCALES = ['de-CH', 'fr-FR', 'en'] as const
export type ContentUiLocale = (typeof CONTENT_UI_LOCALES)[number]

/** A text shown to staff: one string, or one per language (German is the fallback). */
export type Label = string | ({ 'de-CH': string } & Partial<Record<ContentUiLocale, string>>)

/** A label in a language, else its German text. */
export function labelText(label: Label | undefined, locale: string): string {
  if (label === undefined) return ''
  if (typeof label === 'string') return label
  return label[locale as ContentUiLocale] ?? label['de-CH']
}

export const REFERENCE_TARGETS = ['block', 'site', 'category', 'product', 'scene'] as const
export type ReferenceTarget = (typeof REFERENCE_TARGETS)[number]

export type FieldOption = { value: string; label: Label }

type Base = {
  /** The key of the value in its object. */
  name: string
  label: Label
  /** A hint under the field. */
  description?: Label
  required?: boolean
  placeholder?: Label
}

export type TextFieldConfig = Base & {
  type: 'text' | 'textarea'
  /** Least and most characters (an empty optional field passes min). */
  min?: number
  max?: number
  default?: string
  /** Rows of a textarea (spec: 3). */
  rows?: number
  /** A text that must be an http(s) address. */
  format?: 'url'
}
export type WysiwygFieldConfig = Base & { type: 'wysiwyg'; default?: string }
export type MarkdownFieldConfig = Base & { type: 'markdown'; default?: string }
export type NumberFieldConfig = Base & {
  type: 'number'
  /** Decimal places allowed (0: whole numbers); any when absent. */
  decimals?: number
  min?: number
  max?: number
  default?: number
}
/** Spec: mode dateTime, 24-hour, minute increment 1. */
export type DateFieldConfig = Base & { type: 'date'; mode?: 'dateTime'; default?: string }
export type ImageFieldConfig = Base & { type: 'image' }
export type ImagesFieldConfig = Base & { type: 'images'; min?: number; max?: number }
export type FileFieldConfig = Base & { type: 'file' }
export type FilesFieldConfig = Base & { type: 'files'; min?: number; max?: number }
export type BooleanFieldConfig = Base & { type: 'boolean'; default?: boolean }
export type SelectFieldConfig = Base & { type: 'select'; options: FieldOption[]; default?: string }
export type MultiselectFieldConfig = Base & {
  type: 'multiselect'
  options: FieldOption[]
  default?: string[]
}
export type GroupFieldConfig = Base & {
  type: 'group'
  fields: FieldConfig[]
  /** 'grid' puts the fields side by side in `columns` columns (default 2). */
  layout?: 'stack' | 'grid'
  columns?: 2 | 3 | 4
}
export type TabConfig = { label: Label; fields: FieldConfig[] }
export type TabsFieldConfig = {
  type: 'tabs'
  /** A key for the tabs (not a value: the tabs' fields sit beside the tabs). */
  name: string
  label?: Label
  tabs: TabConfig[]
}
/** One kind of item of a collection: its `type` is stored on every item. */
export type ItemTypeConfig = { type: string; label: Label; fields: FieldConfig[] }
export type CollectionFieldConfig = Base & {
  type: 'collection'
  itemTypes: ItemTypeConfig[]
  min?: number
  max?: number
  /** How the items are laid out in the editor. */
  layout?: 'list' | 'grid'
}
export type ReferenceFieldConfig = Base & { type: 'reference'; targets: ReferenceTarget[] }

export type FieldConfig =
  | TextFieldConfig
  | WysiwygFieldConfig
  | MarkdownFieldConfig
  | NumberFieldConfig
  | DateFieldConfig
  | ImageFieldConfig
  | ImagesFieldConfig
  | FileFieldConfig
  | FilesFieldConfig
  | BooleanFieldConfig
  | SelectFieldConfig
  | MultiselectFieldConfig
  | GroupFieldConfig
  | TabsFieldConfig
  | CollectionFieldConfig
  | ReferenceFieldConfig

export type FieldType = FieldConfig['type']

/** A whole content value: an object of these fields. */
export type ContentConfig = { fields: FieldConfig[] }

/** Most characters of a field when its configuration names no max (the whole content ≤ 1 MB). */
export const DEFAULT_MAX_LENGTH = {
  text: 1000,
  textarea: 10_000,
  wysiwyg: 200_000,
  markdown: 200_000,
} as const
/** Most entries of a list field when its configuration names no max. */
export const DEFAULT_MAX_ITEMS = 200

/** The fields whose values sit in this object: tabs' fields included, in order. */
export function valueFields(fields: readonly FieldConfig[]): Exclude<FieldConfig, TabsFieldConfig>[] {
  return fields.flatMap((f) => (f.type === 'tabs' ? valueFields(f.tabs.flatMap((t) => t.fields)) : [f]))
}

/** The value a new field starts with. */
export function defaultValueOf(field: Exclude<FieldConfig, TabsFieldConfig>): unknown {
  switch (field.type) {
    case 'text':
    case 'textarea':
    case 'wysiwyg':
    case 'markdown':
      return field.default ?? ''
    case 'number':
      return field.default ?? null
    case 'date':
      return field.default ?? null
    case 'boolean':
      return field.default ?? false
    case 'select':
      return field.default ?? null
    case 'multiselect':
      return field.default ? [...field.default] : []
    case 'image':
    case 'file':
    case 'reference':
      return null
    case 'images':
    case 'files':
    case 'collection':
      return []
    case 'group':
      return defaultContent({ fields: field.fields })
  }
}

/** A new content value: every field at its default. */
export function defaultContent(config: ContentConfig): Record<string, unknown> {
  return Object.fromEntries(valueFields(config.fields).map((f) => [f.name, defaultValueOf(f)]))
}

/** A new item of a collection: its type and its fields at their defaults. */
export function defaultItem(itemType: ItemTypeConfig): Record<string, unknown> {
  return { type: itemType.type, ...defaultContent({ fields: itemType.fields }) }
}

/**
 * A stored value made complete for a form: every field the configuration names is there (its
 * default when missing), fields it does not know are kept as they are.
 */
export function completeContent(config: ContentConfig, value: unknown): Record<string, unknown> {
  const source = isObject(value) ? value : {}
  const out: Record<string, unknown> = { ...source }
  for (const field of valueFields(config.fields)) {
    const current = source[field.name]
    if (field.type === 'group') out[field.name] = completeContent({ fields: field.fields }, current)
    else if (field.type === 'collection') {
      out[field.name] = Array.isArray(current)
        ? current.map((item) => {
            const type = isObject(item) ? field.itemTypes.find((t) => t.type === item.type) : undefined
            return type ? { ...completeContent({ fields: type.fields }, item), type: type.type } : item
          })
        : []
    } else if (current === undefined) out[field.name] = defaultValueOf(field)
  }
  return out
}

export const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v)
