/**
 * Menus (spec §3, §9): which menu a branch shows now, and what of it can be seen and
 * ordered at a local date and time. `now` and the local time are parameters; the caller
 * derives the local time from `now` in the branch's zone.
 */
import type { LocalDateTime, ProductUnavailableReason } from './availability.ts'
import { categoryAvailability, productAvailability } from './availability.ts'
import type { Category, Product } from './catalogue.types.ts'

export type MenuCatalogEntry = { category: string; products: readonly string[] }

export type Menu = {
  id: string
  /** An ISO date-time with offset: the instant the menu takes over. */
  availableFrom: string
  /** Branch ids, or branch references with an id, as the API returns them. */
  branches: readonly (string | { id: string })[]
  catalog: readonly MenuCatalogEntry[]
}

function servesBranch(menu: Pick<Menu, 'branches'>, branchId: string): boolean {
  return menu.branches.some((branch) => (typeof branch === 'string' ? branch : branch.id) === branchId)
}

/**
 * The branch's menu with the latest availableFrom not after `now` (spec §9). A menu whose
 * availableFrom equals now is already active. Unparseable dates are skipped; on equal
 * dates the first in the list wins so the result does not depend on sort stability.
 */
export function activeMenu<M extends Pick<Menu, 'availableFrom' | 'branches'>>(
  menus: readonly M[],
  branchId: string,
  now: Date,
): M | null {
  const nowMs = now.getTime()
  let best: M | null = null
  let bestFrom = Number.NEGATIVE_INFINITY
  for (const menu of menus) {
    if (!servesBranch(menu, branchId)) continue
    const from = Date.parse(menu.availableFrom)
    if (Number.isNaN(from) || from > nowMs) continue
    if (best === null || from > bestFrom) {
      best = menu
      bestFrom = from
    }
  }
  return best
}

export type MenuProductView = {
  product: Product
  orderable: boolean
  reason: ProductUnavailableReason | null
}

export type MenuSection = {
  category: Category
  orderable: boolean
  reason: ProductUnavailableReason | null
  products: MenuProductView[]
}

/**
 * What the menu page lists, in catalogue order. A category is listed when available, or
 * when unavailable but isVisibleWhenUnavailable (then none of its products is orderable).
 * A product is listed when enabled and inside its own schedule; we hide a product outside
 * its schedule rather than grey it, because the spec only has the visibility flag on
 * categories. Ids that point to nothing and sections left empty are dropped.
 */
export function menuSections(
  menu: Pick<Menu, 'catalog'>,
  categories: readonly Category[],
  products: readonly Product[],
  at: LocalDateTime,
): MenuSection[] {
  const categoryById = new Map(categories.map((category) => [category.id, category]))
  const productById = new Map(products.map((product) => [product.id, product]))
  const sections: MenuSection[] = []
  for (const entry of menu.catalog) {
    const category = categoryById.get(entry.category)
    if (category === undefined) continue
    const ofCategory = categoryAvailability(category, at)
    if (!ofCategory.visible) continue
    const views: MenuProductView[] = []
    for (const productId of entry.products) {
      const product = productById.get(productId)
      if (product === undefined) continue
      const availability = productAvailability(product, category, at)
      if (availability.reason === 'product-disabled' || availability.reason === 'product-unscheduled')
        continue
      views.push({ product, ...availability })
    }
    if (views.length > 0) sections.push({ category, ...ofCategory, products: views })
  }
  return sections
}

export type ProductOrderability =
  | { orderable: true; reason: null }
  | { orderable: false; reason: ProductUnavailableReason | 'not-in-menu' }

/**
 * Whether a product can be ordered now from this menu. A product listed under several
 * categories is orderable if any of them allows it; otherwise the first reason is given.
 */
export function productOrderability(
  productId: string,
  menu: Pick<Menu, 'catalog'>,
  categories: readonly Category[],
  products: readonly Product[],
  at: LocalDateTime,
): ProductOrderability {
  const product = products.find((candidate) => candidate.id === productId)
  if (product === undefined) return { orderable: false, reason: 'not-in-menu' }
  let firstReason: ProductUnavailableReason | 'not-in-menu' = 'not-in-menu'
  for (const entry of menu.catalog) {
    if (!entry.products.includes(productId)) continue
    const category = categories.find((candidate) => candidate.id === entry.category)
    if (category === undefined) continue
    const availability = productAvailability(product, category, at)
    if (availability.orderable) return { orderable: true, reason: null }
    if (firstReason === 'not-in-menu' && availability.reason !== null) firstReason = availability.reason
  }
  return { orderable: false, reason: firstReason }
}

/**
 * The products that count as "active" for cart migration (spec §4): enabled and listed
 * under an enabled category of the menu. Schedules are deliberately not applied: a lunch
 * item in the cart should not vanish at 14:00 on a data reload; whether it can still be
 * ordered at the chosen time is checked with productOrderability at checkout.
 */
export function menuProducts(
  menu: Pick<Menu, 'catalog'>,
  categories: readonly Pick<Category, 'id' | 'isEnabled'>[],
  products: readonly Product[],
): Product[] {
  const enabledCategories = new Set(categories.filter((c) => c.isEnabled).map((c) => c.id))
  const listed = new Set<string>()
  for (const entry of menu.catalog) {
    if (!enabledCategories.has(entry.category)) continue
    for (const productId of entry.products) listed.add(productId)
  }
  return products.filter((product) => product.isEnabled && listed.has(product.id))
}
