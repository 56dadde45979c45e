/**
 * The menu preview (issue 17): what the storefront's menu page lists for a branch at a chosen
 * local date and time, decided by the SAME shared rules the storefront uses
 * (shared/domain/catalogue: `activeMenu`, `menuSections`, the resource mappings
 * `toDomainMenu` / `toDomainCategory` / `toDomainProduct`; shared/domain/scheduling:
 * `branchOpenState`, `leadTimeEarliest`; shared/domain/operations: `soldOutUntil`). Nothing is
 * decided here; this only gathers their answers for one moment.
 */
import type { ProductUnavailableReason } from '@shop/shared/domain/catalogue'
import {
  activeMenu,
  menuSections,
  toDomainCategory,
  toDomainMenu,
  toDomainProduct,
} from '@shop/shared/domain/catalogue'
import { type ActiveOperations, soldOutUntil } from '@shop/shared/domain/operations'
import {
  type BranchHours,
  type BranchOpenState,
  branchOpenState,
  instantOf,
  leadTimeEarliest,
  type OpeningHoursRule,
} from '@shop/shared/domain/scheduling'

type Resource = Record<string, unknown> & { id: string }

export type PreviewBranch = Resource & {
  timeZone?: unknown
  openingHours?: unknown
  deliveryHours?: unknown
  isDeliveryHoursEnabled?: unknown
  orderableFrom?: unknown
  closedMessage?: unknown
}

/** The sold-out marks of GET /api/branches/{id}/operations (each since / until an instant). */
export type SoldOutMarks = readonly { product: { id: string }; since: string; until: string }[]

export type PreviewProduct = {
  id: string
  name: string
  orderable: boolean
  reason: ProductUnavailableReason | null
  /** The earliest time an order of it can be for, when it has a lead time (ms). */
  leadTimeEarliest: number | null
  /** Sold out at the branch at that moment, until then (ms). */
  soldOutUntil: number | null
}

export type PreviewSection = {
  id: string
  name: string
  orderable: boolean
  reason: ProductUnavailableReason | null
  products: PreviewProduct[]
}

export type Preview = {
  instant: number
  menu: { id: string; name: string } | null
  open: BranchOpenState
  sections: PreviewSection[]
}

/** The scheduling fields of a branch resource (as the storefront's menu page reads them). */
export function branchHoursOf(branch: PreviewBranch): BranchHours {
  return {
    timeZone: typeof branch.timeZone === 'string' ? branch.timeZone : 'Europe/Zurich',
    openingHours: (Array.isArray(branch.openingHours) ? branch.openingHours : []) as OpeningHoursRule[],
    deliveryHours: (Array.isArray(branch.deliveryHours) ? branch.deliveryHours : []) as OpeningHoursRule[],
    isDeliveryHoursEnabled: branch.isDeliveryHoursEnabled === true,
    orderableFrom: typeof branch.orderableFrom === 'string' ? branch.orderableFrom : null,
    closedMessage: typeof branch.closedMessage === 'string' ? branch.closedMessage : null,
  }
}

/**
 * The sold-out marks as the shared rules read them (like `activeOperations`: a mark counts until
 * its end, also for a moment before it was made, as the stock it stands for is today's).
 */
export function soldOutAt(marks: SoldOutMarks | null, at: number): ActiveOperations {
  const soldOut = new Map<string, number>()
  for (const mark of marks ?? []) {
    const until = Date.parse(mark.until)
    if (until > at) soldOut.set(mark.product.id, until)
  }
  return { soldOut, pausedUntil: null, preparation: null }
}

export function menuPreview(input: {
  branch: PreviewBranch
  /** Every stored menu (with the one being edited in its unsaved state). */
  menus: readonly Resource[]
  categories: readonly Resource[]
  products: readonly Resource[]
  /** Local date 'YYYY-MM-DD' and time 'HH:MM' in the branch's zone. */
  date: string
  time: string
  soldOut: SoldOutMarks | null
}): Preview {
  const hours = branchHoursOf(input.branch)
  const instant = instantOf(input.date, input.time, hours.timeZone)
  const menus = input.menus.map((menu) => ({ resource: menu, domain: toDomainMenu(menu) }))
  const chosen = activeMenu(
    menus.map((m) => m.domain),
    input.branch.id,
    new Date(instant),
  )
  const resource = chosen ? menus.find((m) => m.domain === chosen)?.resource : undefined
  const categories = input.categories.map(toDomainCategory)
  const products = input.products.map(toDomainProduct)
  const operations = soldOutAt(input.soldOut, instant)
  const sections = chosen
    ? menuSections(chosen, categories, products, { date: input.date, time: input.time }).map((section) => ({
        id: section.category.id,
        name: section.category.name,
        orderable: section.orderable,
        reason: section.reason,
        products: section.products.map((view) => {
          const earliest = leadTimeEarliest(
            instant,
            {
              isLeadTimeEnabled: view.product.isLeadTimeEnabled === true,
              leadTimeType: view.product.leadTimeType ?? 'minutes',
              leadTimeValue: view.product.leadTimeValue ?? 0,
            },
            hours.timeZone,
          )
          const soldOut = soldOutUntil(operations, view.product.id, instant)
          // Sold out at the branch: listed (greyed, as the storefront shows it) but not orderable.
          return {
            id: view.product.id,
            name: view.product.name,
            orderable: view.orderable && soldOut === null,
            reason: view.reason,
            leadTimeEarliest: earliest > instant ? earliest : null,
            soldOutUntil: soldOut,
          }
        }),
      }))
    : []
  return {
    instant,
    menu: chosen ? { id: chosen.id, name: String(resource?.name ?? '') } : null,
    open: branchOpenState(hours, instant),
    sections,
  }
}
