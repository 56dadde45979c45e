/**
 * The menu builder's model (issue 17): the stored menu (GET /api/menus/{id}) as the form edits it
 * and back to `createMenuBodySchema`'s body; the catalogue's reorder, add and remove steps the
 * drag and drop, the keyboard and the move buttons all go through; `availableFrom` as a local
 * date and time of the shop's zone; and which menu each branch shows (spec §9, the shared
 * `activeMenu` rule).
 */
import { activeMenu } from '@shop/shared/domain/catalogue'
import { instantOf, wallClockOf } from '@shop/shared/domain/scheduling'

export type CatalogRow = { category: string; products: string[] }

export type MenuForm = {
  name: string
  /** 'YYYY-MM-DDTHH:MM' in the shop's zone (a datetime-local field). */
  availableFrom: string
  branches: string[]
  catalog: CatalogRow[]
}

export const DEFAULT_ZONE = 'Europe/Zurich'

type Ref = { id: string }
type StoredMenu = Record<string, unknown>

const ids = (value: unknown): string[] =>
  Array.isArray(value) ? (value as Ref[]).map((ref) => ref.id).filter((id) => typeof id === 'string') : []

/** The zone the shop's times are in: the one most of its branches use. */
export function shopTimeZone(branches: readonly { timeZone?: unknown }[]): string {
  const counts = new Map<string, number>()
  for (const branch of branches) {
    if (typeof branch.timeZone === 'string')
      counts.set(branch.timeZone, (counts.get(branch.timeZone) ?? 0) + 1)
  }
  let best = DEFAULT_ZONE
  let most = 0
  for (const [zone, count] of counts) {
    if (count > most) {
      best = zone
      most = count
    }
  }
  return best
}

const LOCAL = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})$/

/** An instant (ISO) as the datetime-local field shows it in `zone`; '' when not a date. */
export function localInputOf(iso: string, zone: string): string {
  const ms = Date.parse(iso)
  if (Number.isNaN(ms)) return ''
  const clock = wallClockOf(ms, zone)
  return `${clock.date}T${clock.time}`
}

/** A datetime-local value of `zone` as the ISO instant the API takes; as typed when unreadable (the contract refuses it). */
export function isoOfLocalInput(local: string, zone: string): string {
  const match = LOCAL.exec(local.trim())
  if (!match) return local.trim()
  try {
    return new Date(instantOf(match[1] as string, match[2] as string, zone)).toISOString()
  } catch {
    return local.trim()
  }
}

export function menuToForm(item: StoredMenu | null, zone: string, now: number): MenuForm {
  const catalog = Array.isArray(item?.catalog) ? (item.catalog as { category: Ref; products?: Ref[] }[]) : []
  return {
    name: typeof item?.name === 'string' ? item.name : '',
    availableFrom: localInputOf(
      typeof item?.availableFrom === 'string' ? item.availableFrom : new Date(now).toISOString(),
      zone,
    ),
    branches: ids(item?.branches),
    catalog: catalog.map((entry) => ({ category: entry.category.id, products: ids(entry.products) })),
  }
}

export function menuToBody(values: MenuForm, zone: string): Record<string, unknown> {
  return {
    name: values.name,
    availableFrom: isoOfLocalInput(values.availableFrom, zone),
    branches: values.branches.map((id) => ({ id })),
    catalog: values.catalog.map((entry) => ({
      category: { id: entry.category },
      products: entry.products.map((id) => ({ id })),
    })),
  }
}

/** `list` with the item at `from` moved to `to` (both clamped); the same list when nothing moves. */
export function moveItem<T>(list: readonly T[], from: number, to: number): T[] {
  const target = Math.max(0, Math.min(list.length - 1, to))
  if (from < 0 || from >= list.length || from === target) return [...list]
  const next = [...list]
  const [item] = next.splice(from, 1)
  next.splice(target, 0, item as T)
  return next
}

/** A category moved by `delta` places (−1 up, +1 down). */
export function moveCategory(catalog: readonly CatalogRow[], category: string, delta: number): CatalogRow[] {
  const from = catalog.findIndex((row) => row.category === category)
  return from < 0 ? [...catalog] : moveItem(catalog, from, from + delta)
}

/** A category dropped on another's place (drag and drop, also by keyboard). */
export function dropCategory(catalog: readonly CatalogRow[], active: string, over: string): CatalogRow[] {
  const from = catalog.findIndex((row) => row.category === active)
  const to = catalog.findIndex((row) => row.category === over)
  return from < 0 || to < 0 ? [...catalog] : moveItem(catalog, from, to)
}

function withProducts(
  catalog: readonly CatalogRow[],
  category: string,
  change: (products: string[]) => string[],
): CatalogRow[] {
  return catalog.map((row) => (row.category === category ? { ...row, products: change(row.products) } : row))
}

export function moveProduct(
  catalog: readonly CatalogRow[],
  category: string,
  product: string,
  delta: number,
): CatalogRow[] {
  return withProducts(catalog, category, (products) => {
    const from = products.indexOf(product)
    return from < 0 ? products : moveItem(products, from, from + delta)
  })
}

export function dropProduct(
  catalog: readonly CatalogRow[],
  category: string,
  active: string,
  over: string,
): CatalogRow[] {
  return withProducts(catalog, category, (products) => {
    const from = products.indexOf(active)
    const to = products.indexOf(over)
    return from < 0 || to < 0 ? products : moveItem(products, from, to)
  })
}

/** Adds a category at the end (once). */
export function addCategory(catalog: readonly CatalogRow[], category: string): CatalogRow[] {
  return catalog.some((row) => row.category === category)
    ? [...catalog]
    : [...catalog, { category, products: [] }]
}

export function removeCategory(catalog: readonly CatalogRow[], category: string): CatalogRow[] {
  return catalog.filter((row) => row.category !== category)
}

/** Adds products at the end of a category, each once, in the order given. */
export function addProducts(
  catalog: readonly CatalogRow[],
  category: string,
  products: readonly string[],
): CatalogRow[] {
  return withProducts(catalog, category, (current) => {
    const next = [...current]
    for (const id of products) if (!next.includes(id)) next.push(id)
    return next
  })
}

export function removeProduct(
  catalog: readonly CatalogRow[],
  category: string,
  product: string,
): CatalogRow[] {
  return withProducts(catalog, category, (products) => products.filter((id) => id !== product))
}

type MenuRef = { id: string; name?: unknown; availableFrom: string; branches: readonly Ref[] }

/** Per branch id, the menu it shows at `now` (the shared rule: latest availableFrom in the past), or null. */
export function activeMenusByBranch<M extends MenuRef>(
  menus: readonly M[],
  branches: readonly Ref[],
  now: Date,
): Map<string, M | null> {
  return new Map(branches.map((branch) => [branch.id, activeMenu(menus, branch.id, now)]))
}

/** Products whose name or uid contains every word of the query (case and accents ignored). */
export function matchesQuery(product: { name?: unknown; uid?: unknown }, query: string): boolean {
  const fold = (s: string) =>
    s
      .normalize('NFD')
      .replace(/\p{Diacritic}/gu, '')
      .toLowerCase()
  const haystack = fold(`${String(product.name ?? '')} ${String(product.uid ?? '')}`)
  return fold(query)
    .split(/\s+/)
    .filter(Boolean)
    .every((word) => haystack.includes(word))
}
