/**
 * What changed between two states of a resource (its history, GET /api/<path>/{id}/history):
 * one change per field that differs, by dotted path. Objects are compared field by field; a
 * list of objects that all carry a unique `id` is matched by id (`deliveryAreas.id:<id>.price`,
 * an item added or removed as a whole, a new order of the same items as `reordered`), any other
 * list of objects by position (`openingHours.2.to`); a list of plain values (roles, postcodes)
 * is one value. A field that appears or disappears is one change with its whole value.
 */

export type JsonValue = null | boolean | number | string | JsonValue[] | { [key: string]: JsonValue }

export type StateChangeOp = 'added' | 'removed' | 'changed' | 'reordered'

export type StateChange = {
  /** Dotted path: field names, list positions, `id:<id>` for an item matched by its id. */
  path: string
  op: StateChangeOp
  /** The value before (absent when the field was added, or the values are hidden). */
  old?: JsonValue
  /** The value after (absent when the field was removed, or the values are hidden). */
  new?: JsonValue
  /** The name of the list item the change is in (`Zone Nord`), when the item has one. */
  item?: string
  /** The values are secret: only that the field changed is told. */
  hidden?: true
}

export type DiffOptions = {
  /** Top-level fields left out entirely (what the server made, e.g. a file's size). */
  omit?: (field: string) => boolean
  /** Paths whose values are never shown (secrets): the change is told without them. */
  hide?: (path: readonly string[]) => boolean
}

/** The path segment of a list item matched by its id. */
export const ID_SEGMENT_PREFIX = 'id:'

const ABSENT = Symbol('absent')
type Slot = JsonValue | typeof ABSENT

const isObject = (v: unknown): v is { [key: string]: JsonValue } =>
  typeof v === 'object' && v !== null && !Array.isArray(v)

/** Structural equality of JSON values (key order does not count). */
export function jsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true
  if (Array.isArray(a)) {
    return Array.isArray(b) && a.length === b.length && a.every((item, i) => jsonEqual(item, b[i]))
  }
  if (isObject(a) && isObject(b)) {
    const keys = Object.keys(a)
    return (
      keys.length === Object.keys(b).length && keys.every((k) => Object.hasOwn(b, k) && jsonEqual(a[k], b[k]))
    )
  }
  return false
}

const LABEL_FIELDS = [
  'name',
  'area',
  'label',
  'title',
  'unit',
  'identifier',
  'path',
  'alt',
  'family',
] as const

/** What an item is called, for a reader: its name or a like field, when it has one. */
export function itemLabel(value: unknown): string | undefined {
  if (!isObject(value)) return undefined
  for (const field of LABEL_FIELDS) {
    const v = value[field]
    if (typeof v === 'string' && v.trim() !== '') return v
    if (typeof v === 'number') return String(v)
  }
  return undefined
}

const idOf = (item: JsonValue): string | undefined => {
  if (!isObject(item)) return undefined
  const id = item.id
  return typeof id === 'string' && id !== '' ? id : typeof id === 'number' ? String(id) : undefined
}

/** The items' ids when every item of both lists has one, unique within its list; else undefined. */
function idsOf(before: JsonValue[], after: JsonValue[]): [string[], string[]] | undefined {
  const ids: string[][] = []
  for (const list of [before, after]) {
    const own = list.map(idOf)
    if (own.some((id) => id === undefined)) return undefined
    if (new Set(own).size !== own.length) return undefined
    ids.push(own as string[])
  }
  return [ids[0]!, ids[1]!]
}

export function diffStates(before: unknown, after: unknown, options: DiffOptions = {}): StateChange[] {
  const changes: StateChange[] = []
  const hide = options.hide ?? (() => false)

  const push = (segments: string[], a: Slot, b: Slot, item: string | undefined) => {
    const op: StateChangeOp = a === ABSENT ? 'added' : b === ABSENT ? 'removed' : 'changed'
    const change: StateChange = { path: segments.join('.'), op }
    if (item !== undefined) change.item = item
    if (hide(segments)) change.hidden = true
    else {
      if (a !== ABSENT) change.old = a
      if (b !== ABSENT) change.new = b
    }
    changes.push(change)
  }

  const walk = (a: Slot, b: Slot, segments: string[], item: string | undefined): void => {
    if (a !== ABSENT && b !== ABSENT && jsonEqual(a, b)) return
    if (a === ABSENT || b === ABSENT || hide(segments)) push(segments, a, b, item)
    else if (isObject(a) && isObject(b)) walkObject(a, b, segments, item)
    else if (Array.isArray(a) && Array.isArray(b) && [...a, ...b].every(isObject))
      walkList(a, b, segments, item)
    else push(segments, a, b, item)
  }

  const walkObject = (
    a: { [key: string]: JsonValue },
    b: { [key: string]: JsonValue },
    segments: string[],
    item: string | undefined,
  ) => {
    const keys = [...Object.keys(b), ...Object.keys(a).filter((k) => !Object.hasOwn(b, k))]
    for (const key of keys) {
      if (segments.length === 0 && options.omit?.(key)) continue
      walk(
        Object.hasOwn(a, key) ? a[key]! : ABSENT,
        Object.hasOwn(b, key) ? b[key]! : ABSENT,
        [...segments, key],
        item,
      )
    }
  }

  const walkList = (a: JsonValue[], b: JsonValue[], segments: string[], item: string | undefined) => {
    const ids = idsOf(a, b)
    if (!ids) {
      for (let i = 0; i < Math.max(a.length, b.length); i++) {
        const x: Slot = i < a.length ? a[i]! : ABSENT
        const y: Slot = i < b.length ? b[i]! : ABSENT
        walk(x, y, [...segments, String(i)], itemLabel(y === ABSENT ? x : y) ?? item)
      }
      return
    }
    const [idsA, idsB] = ids
    const byIdA = new Map(idsA.map((id, i) => [id, a[i]!]))
    const inB = new Set(idsB)
    idsB.forEach((id, i) => {
      const y = b[i]!
      walk(
        byIdA.has(id) ? byIdA.get(id)! : ABSENT,
        y,
        [...segments, `${ID_SEGMENT_PREFIX}${id}`],
        itemLabel(y) ?? item,
      )
    })
    idsA.forEach((id, i) => {
      if (!inB.has(id)) {
        const x = a[i]!
        walk(x, ABSENT, [...segments, `${ID_SEGMENT_PREFIX}${id}`], itemLabel(x) ?? item)
      }
    })
    const keptA = idsA.filter((id) => inB.has(id))
    const keptB = idsB.filter((id) => byIdA.has(id))
    if (!jsonEqual(keptA, keptB)) {
      changes.push({
        path: segments.join('.'),
        op: 'reordered',
        old: keptA,
        new: keptB,
        ...(item ? { item } : {}),
      })
    }
  }

  // A resource that did not exist (before its creation) is an empty state: each field is added.
  walk(isObject(before) ? before : {}, isObject(after) ? after : {}, [], undefined)
  return changes
}
