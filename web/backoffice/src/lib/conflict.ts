/**
 * A save that came too late (409, someone else saved first, docs/api.md "Resources"): what the
 * other person changed, what this user changed, and the user's changes applied again on top of
 * the other person's state. Compared per top-level field of the resource: a field both changed
 * is the user's choice to make (re-applying takes theirs over the other's).
 */

export type FieldChange = { field: string; before: unknown; after: unknown }

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null)

/** The top-level fields whose value differs between two states (id and version left out). */
export function changedFields(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): FieldChange[] {
  const keys = new Set([...Object.keys(before), ...Object.keys(after)])
  const changes: FieldChange[] = []
  for (const field of keys) {
    if (field === 'id' || field === 'version') continue
    if (!same(before[field], after[field]))
      changes.push({ field, before: before[field], after: after[field] })
  }
  return changes
}

export type Conflict = {
  /** What the other person changed since the user loaded the resource. */
  theirs: FieldChange[]
  /** What this user changed in the form. */
  mine: FieldChange[]
  /** Fields both changed, to different values. */
  both: string[]
  /** The user's changes on the current state, with the current version: what "re-apply" saves. */
  reapplied: Record<string, unknown> & { version: number }
}

export function conflictOf(
  base: Record<string, unknown>,
  mine: Record<string, unknown>,
  current: Record<string, unknown> & { version: number },
): Conflict {
  const theirs = changedFields(base, current)
  const minePart = changedFields(base, { ...base, ...mine })
  const theirFields = new Set(theirs.map((c) => c.field))
  const both = minePart
    .filter((c) => theirFields.has(c.field) && !same(c.after, current[c.field]))
    .map((c) => c.field)
  const reapplied: Record<string, unknown> & { version: number } = { ...current, version: current.version }
  for (const change of minePart) reapplied[change.field] = change.after
  return { theirs, mine: minePart, both, reapplied }
}

/** A value as a short text for the dialog (lists and objects abbreviated). */
export function shortValue(value: unknown, yes: string, no: string): string {
  if (value === null || value === undefined || value === '') return '—'
  if (typeof value === 'boolean') return value ? yes : no
  if (typeof value === 'number' || typeof value === 'string') {
    const text = String(value)
    return text.length > 80 ? `${text.slice(0, 79)}…` : text
  }
  const text = JSON.stringify(value)
  return text.length > 80 ? `${text.slice(0, 79)}…` : text
}
