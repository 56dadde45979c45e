/**
 * The history panel's words and values (docs/api.md "History and restore"): where a resource's
 * history and restore live, which entries may be restored, and each change as a reader sees it:
 * the field's name, the item it is in, and old → new in plain words (money in francs, yes/no,
 * dates, an image as a thumbnail), never a secret's value.
 */
import type {
  HistoryActor,
  HistoryChange,
  HistoryEntry,
} from '@shop/shared/contracts/http/resource-history.http.ts'

export type { HistoryActor, HistoryChange, HistoryEntry }

type Translate = (key: string, params?: Record<string, string | number>) => string

/** The API path of a resource's history (`/products/{id}/history`; the configuration's `/config/history`). */
export function historyPath(
  resource: string,
  id: string,
  query: { before?: number; limit?: number } = {},
): string {
  const base = resource === 'config' ? '/config' : `/${resource}/${encodeURIComponent(id)}`
  const search = new URLSearchParams()
  if (query.limit !== undefined) search.set('limit', String(query.limit))
  if (query.before !== undefined) search.set('before', String(query.before))
  const qs = search.toString()
  return `${base}/history${qs ? `?${qs}` : ''}`
}

/** The API path of a resource's restore. */
export function restorePath(resource: string, id: string): string {
  return resource === 'config' ? '/config/restore' : `/${resource}/${encodeURIComponent(id)}/restore`
}

export const HISTORY_PAGE_SIZE = 50

/**
 * Whether an entry's state can be made current again: any but the newest (it is current) and
 * but a deletion (it has no state).
 */
export function canRestore(entry: HistoryEntry, newest: number): boolean {
  return entry.kind !== 'deleted' && entry.version < newest
}

/**
 * The version a restore names as current: the editor's, until a refusal showed that it is
 * stale and the history was read again (then the newest the user has now seen).
 */
export function versionToSend(editorVersion: number, seenAfterStale: number | undefined): number {
  return seenAfterStale === undefined ? editorVersion : Math.max(editorVersion, seenAfterStale)
}

/** The fields the panel has a name for (bo-history `field.*`); others show their key. */
export const NAMED_FIELDS: ReadonlySet<string> = new Set([
  'name',
  'description',
  'price',
  'tax',
  'takeawayTax',
  'dineInTax',
  'images',
  'image',
  'logo',
  'alt',
  'isEnabled',
  'uid',
  'identifier',
  'unit',
  'shopName',
  'displayName',
  'username',
  'roles',
  'branches',
  'branch',
  'apiKey',
  'accessToken',
  'deliveryAreas',
  'area',
  'openingHours',
  'deliveryHours',
  'email',
  'phone',
  'street',
  'zipCode',
  'city',
  'availableFrom',
  'catalog',
  'products',
  'category',
  'translations',
  'content',
  'path',
  'target',
  'statusCode',
  'title',
  'schedule',
  'config',
  'parts',
  'options',
  'value',
  'minimumOrderValue',
  'freeFromOrderValue',
  'maximumOrderValue',
  'isPublic',
  'tags',
  'allergens',
  'currency',
  'type',
  'zipCodes',
  'from',
  'to',
  'isClosed',
])

/** Amounts in cents (spec: money is integer cents) by field name. */
const MONEY_FIELDS = new Set(['price', 'minimumOrderValue', 'freeFromOrderValue', 'maximumOrderValue'])

const ID_PREFIX = 'id:'

/**
 * Where the editors keep their fields' labels, by resource (the history names a field the panel
 * has no name for as its editor does: "Vorlaufzeit", not `isLeadTimeEnabled`).
 */
export const EDITOR_FIELD_LABELS: Readonly<Record<string, string>> = {
  products: 'bo-products:fields',
  branches: 'bo-branches:field',
  config: 'bo-settings:field',
}

/** A field's label from its editor's texts, or undefined where the editor has none. */
export function editorFieldLabel(resource: string, field: string, t: Translate): string | undefined {
  const prefix = EDITOR_FIELD_LABELS[resource]
  if (!prefix) return undefined
  const key = `${prefix}.${field}`
  const text = t(key)
  // A text missing from the catalogue comes back as its key (with or without its namespace).
  return text === key || text === key.slice(key.indexOf(':') + 1) ? undefined : text
}

/** Where the change is, for a reader: `Liefergebiete › Nord › Preis`. */
export function changeLabel(
  change: Pick<HistoryChange, 'path' | 'item'>,
  t: Translate,
  /** The resource's editor's name for a field the panel has none for. */
  fieldName?: (field: string) => string | undefined,
): string {
  const segments = change.path.split('.')
  const parts: string[] = []
  segments.forEach((segment, i) => {
    if (segment.startsWith(ID_PREFIX) || /^\d+$/.test(segment)) {
      // The item a change is in names itself; an item added or removed as a whole is its value
      // (an image shows itself); an inner one without a name goes by its number.
      const innermost = !segments.slice(i + 1).some((s) => s.startsWith(ID_PREFIX) || /^\d+$/.test(s))
      if (innermost && change.item) parts.push(change.item)
      else if (i === segments.length - 1) return
      else if (/^\d+$/.test(segment)) parts.push(t('item', { number: Number(segment) + 1 }))
      else parts.push(segment.slice(ID_PREFIX.length, ID_PREFIX.length + 8))
      return
    }
    parts.push(NAMED_FIELDS.has(segment) ? t(`field.${segment}`) : (fieldName?.(segment) ?? segment))
  })
  return parts.join(' › ')
}

/** The last field name of a path (`deliveryAreas.id:a1.price` → `price`). */
export function fieldOf(path: string): string {
  const named = path.split('.').filter((s) => !s.startsWith(ID_PREFIX) && !/^\d+$/.test(s))
  return named.at(-1) ?? path
}

export type ImageRef = { id: string; version: number; extension: string }

export function isImageRef(value: unknown): value is ImageRef {
  if (typeof value !== 'object' || value === null) return false
  const v = value as Record<string, unknown>
  return (
    typeof v.id === 'string' &&
    typeof v.version === 'number' &&
    typeof v.extension === 'string' &&
    /^(jpe?g|png|gif)$/.test(v.extension)
  )
}

/** A value as text, or an image (shown as a thumbnail). */
export type ShownValue = { text: string } | { image: ImageRef; text: string }

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/

const LABEL_FIELDS = ['name', 'area', 'label', 'title', 'unit', 'identifier', 'path', 'alt', 'username']

function labelOf(value: Record<string, unknown>): string | undefined {
  for (const field of LABEL_FIELDS) {
    const v = value[field]
    if (typeof v === 'string' && v.trim() !== '') return v
  }
  return undefined
}

const MAX_TEXT = 160
const shorten = (text: string) => (text.length > MAX_TEXT ? `${text.slice(0, MAX_TEXT - 1)}…` : text)

export type ValueFormats = { locale: string; timeZone?: string | undefined }

/** A value of a change in plain words. */
export function showValue(value: unknown, field: string, t: Translate, formats: ValueFormats): ShownValue {
  if (value === null || value === undefined || value === '') return { text: t('value.empty') }
  if (typeof value === 'boolean') return { text: t(value ? 'value.yes' : 'value.no') }
  if (typeof value === 'number') {
    if (MONEY_FIELDS.has(field) || field === 'value')
      return { text: moneyFormat(formats).format(value / 100) }
    return { text: numberFormat(formats).format(value) }
  }
  if (typeof value === 'string') {
    if (ISO_INSTANT.test(value)) return { text: formatInstant(value, formats) }
    return { text: shorten(value) }
  }
  if (isImageRef(value)) return { image: value, text: t('value.image') }
  if (Array.isArray(value)) {
    if (value.length === 0) return { text: t('value.empty') }
    if (value.every((v) => typeof v !== 'object' || v === null)) {
      return { text: shorten(value.map((v) => (v === null ? t('value.empty') : String(v))).join(', ')) }
    }
    const labels = value.map((v) =>
      typeof v === 'object' && v !== null ? labelOf(v as Record<string, unknown>) : undefined,
    )
    if (labels.every((l) => l !== undefined)) return { text: shorten(labels.join(', ')) }
    return { text: t('value.items', { count: value.length }) }
  }
  if (typeof value === 'object') {
    const label = labelOf(value as Record<string, unknown>)
    if (label !== undefined) return { text: label }
    return { text: shorten(JSON.stringify(value)) }
  }
  return { text: String(value) }
}

/** `DD.MM.YYYY HH:mm` (de-CH) or the locale's own short form, in the given zone. */
export function formatInstant(iso: string, formats: ValueFormats): string {
  return instantFormat(formats).format(new Date(iso)).replace(',', '')
}

// The formats, made once per locale and zone: making an Intl format costs far more than using
// one, and a history shows a date per entry and a number per changed value.
function cached<F>(make: (formats: ValueFormats) => F): (formats: ValueFormats) => F {
  const made = new Map<string, F>()
  return (formats) => {
    const key = `${formats.locale}|${formats.timeZone ?? ''}`
    let format = made.get(key)
    if (format === undefined) {
      format = make(formats)
      made.set(key, format)
    }
    return format
  }
}

const instantFormat = cached(
  (formats) =>
    new Intl.DateTimeFormat(formats.locale, {
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      ...(formats.timeZone ? { timeZone: formats.timeZone } : {}),
    }),
)
const moneyFormat = cached(
  (formats) => new Intl.NumberFormat(formats.locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 }),
)
const numberFormat = cached((formats) => new Intl.NumberFormat(formats.locale, { maximumFractionDigits: 6 }))

/** Who made a change: `Clara Chefin (chefin)`, the system, or the customer. */
export function actorText(actor: HistoryActor | null, t: Translate): string {
  if (!actor) return t('actor.unknown')
  if (actor.kind === 'system') return t('actor.system')
  if (actor.kind === 'customer') return t('actor.customer')
  const name = actor.name ?? actor.username ?? actor.id ?? t('actor.unknown')
  return actor.username && actor.username !== name ? `${name} (${actor.username})` : name
}
