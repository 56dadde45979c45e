/**
 * The product list's data (issue 17): plain rows made once per load (the lowercase search text,
 * the categories from the menus, the branches whose active menu lists the product), a filter
 * that is one pass over them, and the bulk price change's arithmetic. No React here, so the
 * rules are unit tested (products.unit.test.ts) and a keystroke in the search costs one
 * `includes` per product.
 */
import type { StoredProduct } from './product-form.ts'

export type MenuLike = {
  id: string
  name: string
  availableFrom: string
  branches: { id: string }[]
  catalog: { category: { id: string }; products: { id: string }[] }[]
}
export type CategoryLike = { id: string; name: string }

export type ProductRow = {
  id: string
  name: string
  uid: string
  price: number
  isPriceHidden: boolean
  isEnabled: boolean
  /** The categories' names whose menu entries list the product, sorted, joined for display. */
  categoryNames: string
  categoryIds: ReadonlySet<string>
  menuIds: ReadonlySet<string>
  /** Branches whose active menu lists the product. */
  branchIds: ReadonlySet<string>
  /** name, uid and description in lower case: what the search looks in. */
  search: string
  product: StoredProduct
}

/**
 * The active menu of each branch: the menu with the latest `availableFrom` not after `now`
 * among those listing the branch (spec §9).
 */
export function activeMenuIds(menus: readonly MenuLike[], now: Date): Map<string, string> {
  const best = new Map<string, { id: string; from: number }>()
  for (const menu of menus) {
    const from = Date.parse(menu.availableFrom)
    if (!(from <= now.getTime())) continue
    for (const branch of menu.branches) {
      const current = best.get(branch.id)
      if (!current || from > current.from) best.set(branch.id, { id: menu.id, from })
    }
  }
  return new Map([...best].map(([branch, menu]) => [branch, menu.id]))
}

/** One row per product, made once per load. */
export function productRows(
  products: readonly StoredProduct[],
  categories: readonly CategoryLike[],
  menus: readonly MenuLike[],
  now: Date = new Date(),
): ProductRow[] {
  const categoryName = new Map(categories.map((c) => [c.id, c.name]))
  const active = activeMenuIds(menus, now)
  const branchesOfMenu = new Map<string, string[]>()
  for (const [branch, menu] of active) branchesOfMenu.set(menu, [...(branchesOfMenu.get(menu) ?? []), branch])
  const categoriesOf = new Map<string, Set<string>>()
  const menusOf = new Map<string, Set<string>>()
  const branchesOf = new Map<string, Set<string>>()
  const add = (map: Map<string, Set<string>>, key: string, value: string) => {
    const set = map.get(key)
    if (set) set.add(value)
    else map.set(key, new Set([value]))
  }
  for (const menu of menus) {
    const branches = branchesOfMenu.get(menu.id) ?? []
    for (const entry of menu.catalog) {
      for (const ref of entry.products) {
        add(categoriesOf, ref.id, entry.category.id)
        add(menusOf, ref.id, menu.id)
        for (const branch of branches) add(branchesOf, ref.id, branch)
      }
    }
  }
  const none = new Set<string>()
  return products.map((product) => {
    const categoryIds = categoriesOf.get(product.id) ?? none
    return {
      id: product.id,
      name: product.name,
      uid: product.uid,
      price: product.price,
      isPriceHidden: product.isPriceHidden,
      isEnabled: product.isEnabled,
      categoryNames: [...categoryIds]
        .map((id) => categoryName.get(id) ?? '')
        .filter(Boolean)
        .sort((a, b) => a.localeCompare(b, 'de'))
        .join(', '),
      categoryIds,
      menuIds: menusOf.get(product.id) ?? none,
      branchIds: branchesOf.get(product.id) ?? none,
      search: `${product.name}\n${product.uid}\n${product.description ?? ''}`.toLowerCase(),
      product,
    }
  })
}

export type ProductFilter = {
  query: string
  /** A category id, '' for all. */
  category: string
  status: '' | 'enabled' | 'disabled'
  menu: string
  branch: string
}

export const NO_FILTER: ProductFilter = { query: '', category: '', status: '', menu: '', branch: '' }

/** The rows the filter lets through (one pass; the query is matched in lower case). */
export function filterRows(rows: readonly ProductRow[], filter: ProductFilter): ProductRow[] {
  const query = filter.query.trim().toLowerCase()
  return rows.filter(
    (row) =>
      (query === '' || row.search.includes(query)) &&
      (filter.category === '' || row.categoryIds.has(filter.category)) &&
      (filter.status === '' || row.isEnabled === (filter.status === 'enabled')) &&
      (filter.menu === '' || row.menuIds.has(filter.menu)) &&
      (filter.branch === '' || row.branchIds.has(filter.branch)),
  )
}

/** A bulk price change: an amount in cents (+/−) or a percent of each price. */
export type PriceChange = { kind: 'amount'; cents: number } | { kind: 'percent'; percent: number }

/**
 * The new price after a bulk change, rounded to the cent (half away from zero), never below
 * zero; null when the change cannot apply (not a finite number).
 */
export function changedPrice(price: number, change: PriceChange): number | null {
  if (change.kind === 'amount') {
    if (!Number.isFinite(change.cents)) return null
    return Math.max(0, Math.round(price + change.cents))
  }
  if (!Number.isFinite(change.percent)) return null
  // Work in hundredths of a cent first, so 10 % of 1.05 is exactly 0.105 → 0.11 (not 0.10).
  const exact = Math.round(price * (100 + change.percent) * 100) / 10000
  const rounded = Math.sign(exact) * Math.round(Math.abs(exact))
  return Math.max(0, rounded)
}
