import type { Db } from '@shop/kit'
import { type ResourceDataRow, uploadsSince } from '@shop/read-models'
import type { CreateOrderBody } from '@shop/shared/contracts'
import type { Category, DeliveryArea, Menu, Product, Schedule, Upload } from '@shop/shared/domain/catalogue'
import { activeMenu } from '@shop/shared/domain/catalogue'
import type {
  CheckoutBranch,
  CheckoutCatalogue,
  CheckoutConfig,
  CheckoutLookups,
  PaymentCheck,
} from '@shop/shared/domain/checkout'
import { paymentMethodEnabled } from '@shop/shared/domain/checkout'
import type { BranchOperationsState } from '@shop/shared/domain/operations'

// The catalogue as the checkout rules see it. The resources of spec §3 the checkout needs are
// read into one in-memory snapshot per 'catalogue' generation (catalogue-cache.ts); an order
// takes what it needs from it, and only the uploads it names are read per order.

export type CheckoutData = {
  branch: CheckoutBranch
  branchData: Record<string, unknown>
  config: CheckoutConfig
  configData: Record<string, unknown>
  catalogue: CheckoutCatalogue
  lookups: Omit<CheckoutLookups, 'payment'>
  /** Every product read (by uid), also those the active menu does not list. */
  productsByUid: ReadonlyMap<string, Product>
  /** The branch's operations (sold out, paused, extra time) as of the snapshot; null: none ever. */
  operations: BranchOperationsState | null
}

const bool = (value: unknown, fallback: boolean) => (typeof value === 'boolean' ? value : fallback)
const str = (value: unknown, fallback: string) =>
  typeof value === 'string' && value !== '' ? value : fallback

/** Resource schedules say null for "no condition"; the domain rules leave it out. */
function toSchedule(value: unknown): Schedule | null {
  if (!Array.isArray(value)) return null
  return value.map((entry: Record<string, unknown>) =>
    Object.fromEntries(Object.entries(entry).filter(([, v]) => v !== null && v !== undefined)),
  ) as Schedule
}

export function toProduct(id: string, d: Record<string, unknown>): Product {
  return {
    ...(d as unknown as Product),
    id,
    description: str(d.description, ''),
    schedule: toSchedule(d.schedule),
    alternativeUnits: (d.alternativeUnits as Product['alternativeUnits']) ?? [],
    config: (d.config as Product['config']) ?? { parts: [] },
    leadTimeType: (d.leadTimeType as Product['leadTimeType']) ?? 'minutes',
    leadTimeValue: typeof d.leadTimeValue === 'number' ? d.leadTimeValue : 0,
    isLeadTimeEnabled: bool(d.isLeadTimeEnabled, false),
    isEnabled: bool(d.isEnabled, true),
    isPriceHidden: bool(d.isPriceHidden, false),
  }
}

/** An upload resource as a cart part refers to it (uploads are never updated: version 1). */
export function toUpload(id: string, d: Record<string, unknown>): Upload {
  return {
    id,
    version: 1,
    extension: str(d.extension, 'bin'),
    publicHash: str(d.publicHash, ''),
    mimeType: str(d.mimeType, 'application/octet-stream'),
  }
}

function toCategory(id: string, d: Record<string, unknown>): Category {
  return {
    id,
    name: str(d.name, id),
    isEnabled: bool(d.isEnabled, true),
    schedule: toSchedule(d.schedule),
    isVisibleWhenUnavailable: bool(d.isVisibleWhenUnavailable, false),
  }
}

function toMenu(id: string, d: Record<string, unknown>): Menu {
  const catalog = (d.catalog as { category: { id: string }; products: { id: string }[] }[] | undefined) ?? []
  return {
    id,
    availableFrom: str(d.availableFrom, ''),
    branches: (d.branches as { id: string }[] | undefined) ?? [],
    catalog: catalog.map((entry) => ({
      category: entry.category.id,
      products: entry.products.map((p) => p.id),
    })),
  }
}

export function toCheckoutBranch(id: string, d: Record<string, unknown>): CheckoutBranch {
  const req = (
    type: 'Delivery' | 'DineIn' | 'Takeaway',
    what: 'Email' | 'Phone' | 'Address',
    fallback: boolean,
  ) => bool(d[`is${type}${what}Required`], fallback)
  return {
    id,
    identifier: str(d.identifier, id),
    timeZone: str(d.timeZone, 'Europe/Zurich'),
    openingHours: (d.openingHours as CheckoutBranch['openingHours']) ?? [],
    deliveryHours: (d.deliveryHours as CheckoutBranch['deliveryHours']) ?? [],
    isDeliveryHoursEnabled: bool(d.isDeliveryHoursEnabled, false),
    orderableFrom: (d.orderableFrom as string | null) ?? null,
    isTakeawayEnabled: bool(d.isTakeawayEnabled, true),
    isDeliveryEnabled: bool(d.isDeliveryEnabled, false),
    isDineInEnabled: bool(d.isDineInEnabled, false),
    isTableSelectionEnabled: bool(d.isTableSelectionEnabled, false),
    isPreorderEnabled: bool(d.isPreorderEnabled, false),
    isAppointmentRequired: bool(d.isAppointmentRequired, false),
    isQuotationRequired: bool(d.isQuotationRequired, false),
    deliveryAreas: (d.deliveryAreas as DeliveryArea[] | undefined) ?? [],
    phone: typeof d.phone === 'string' ? d.phone : null,
    email: typeof d.email === 'string' ? d.email : null,
    // National phone numbers are read in it (null: the config's defaultCountry).
    country: typeof d.country === 'string' ? d.country : null,
    requirements: {
      delivery: {
        email: req('Delivery', 'Email', false),
        phone: req('Delivery', 'Phone', true),
        address: req('Delivery', 'Address', true),
      },
      dineIn: {
        email: req('DineIn', 'Email', false),
        phone: req('DineIn', 'Phone', false),
        address: req('DineIn', 'Address', false),
      },
      takeaway: {
        email: req('Takeaway', 'Email', false),
        phone: req('Takeaway', 'Phone', false),
        address: req('Takeaway', 'Address', false),
      },
    },
  }
}

/** The config's cash rounding steps (checked on write; anything else counts as none set). */
function cashRoundingOf(value: unknown): Record<string, number> | null {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return null
  return Object.fromEntries(
    Object.entries(value).filter((entry): entry is [string, number] => Number.isSafeInteger(entry[1])),
  )
}

export function toCheckoutConfig(d: Record<string, unknown>): CheckoutConfig {
  return {
    currency: str(d.currency, 'EUR'),
    enablePluginDonations: bool(d.enablePluginDonations, false),
    isContactEmailRequired: bool(d.isContactEmailRequired, false),
    isContactPhoneRequired: bool(d.isContactPhoneRequired, false),
    // A config saved before the cap existed has none: the default cap applies.
    maximumOrderValue: typeof d.maximumOrderValue === 'number' ? d.maximumOrderValue : null,
    cashRounding: cashRoundingOf(d.cashRounding),
    defaultCountry: typeof d.defaultCountry === 'string' ? d.defaultCountry : null,
  }
}

/** The checkout's resources, converted once per catalogue generation. */
export type CatalogueSnapshot = {
  generation: string
  config: CheckoutConfig
  configData: Record<string, unknown>
  branches: ReadonlyMap<string, { branch: CheckoutBranch; data: Record<string, unknown> }>
  menus: readonly Menu[]
  categories: readonly Category[]
  productsByUid: ReadonlyMap<string, Product>
  tablesByBranch: ReadonlyMap<string, readonly string[]>
  donatees: ReadonlySet<string>
  /** Each branch's operations (shared/domain/operations), by branch id; a write moves the generation too. */
  operations: ReadonlyMap<string, BranchOperationsState>
}

/** Builds the snapshot from the resource rows (and the branches' operations) of one generation. */
export function catalogueSnapshot(
  generation: string,
  rows: readonly ResourceDataRow[],
  operations: ReadonlyMap<string, BranchOperationsState> = new Map(),
): CatalogueSnapshot {
  const configData = rows.find((r) => r.type === 'config' && r.id === 'config')?.data ?? {}
  const branches = new Map<string, { branch: CheckoutBranch; data: Record<string, unknown> }>()
  const menus: Menu[] = []
  const categories: Category[] = []
  const productsByUid = new Map<string, Product>()
  const tablesByBranch = new Map<string, string[]>()
  const donatees = new Set<string>()
  for (const r of rows) {
    switch (r.type) {
      case 'branch':
        branches.set(r.id, { branch: toCheckoutBranch(r.id, r.data), data: r.data })
        break
      case 'menu':
        menus.push(toMenu(r.id, r.data))
        break
      case 'category':
        categories.push(toCategory(r.id, r.data))
        break
      case 'product': {
        const product = toProduct(r.id, r.data)
        if (typeof product.uid === 'string') productsByUid.set(product.uid, product)
        break
      }
      case 'table': {
        const branchId = (r.data.branch as { id?: unknown } | undefined)?.id
        if (typeof branchId !== 'string') break
        const tables = tablesByBranch.get(branchId) ?? []
        tables.push(str(r.data.identifier, r.id))
        tablesByBranch.set(branchId, tables)
        break
      }
      case 'donatee':
        donatees.add(r.id)
        break
    }
  }
  return {
    generation,
    config: toCheckoutConfig(configData),
    configData,
    branches,
    menus,
    categories,
    productsByUid,
    tablesByBranch,
    donatees,
    operations,
  }
}

/**
 * The uploads an order's parts name (a customer makes them while ordering: never cached), of
 * those made since `acceptedSince` (older ones answer as unknown: the clean-up may remove them,
 * files/upload-uses.ts `uploadsAcceptedSince`).
 */
export async function loadUploads(
  db: Db,
  body: Pick<CreateOrderBody, 'items'>,
  acceptedSince: Date,
): Promise<ReadonlyMap<string, Upload>> {
  const ids = [
    ...new Set(body.items.flatMap((item) => item.parts.flatMap((part) => part.uploads.map((u) => u.id)))),
  ]
  if (ids.length === 0) return new Map()
  const rows = await uploadsSince(db, ids, acceptedSince)
  return new Map(rows.map((r) => [r.id, toUpload(r.id, r.data)]))
}

/** What the checkout rules need for one order; undefined when the branch does not exist. */
export function checkoutDataOf(
  snapshot: CatalogueSnapshot,
  body: Pick<CreateOrderBody, 'branch' | 'items' | 'donatee'>,
  now: Date,
  uploads: ReadonlyMap<string, Upload>,
): CheckoutData | undefined {
  const branch = snapshot.branches.get(body.branch)
  if (!branch) return undefined
  const products: Product[] = []
  for (const uid of new Set(body.items.map((item) => item.product))) {
    const product = snapshot.productsByUid.get(uid)
    if (product) products.push(product)
  }
  const donatee = body.donatee ?? null
  return {
    branch: branch.branch,
    branchData: branch.data,
    config: snapshot.config,
    configData: snapshot.configData,
    catalogue: {
      menu: activeMenu(snapshot.menus, body.branch, now),
      categories: snapshot.categories,
      products,
    },
    lookups: {
      tables: snapshot.tablesByBranch.get(body.branch) ?? [],
      donatee: donatee === null ? null : snapshot.donatees.has(donatee) ? 'found' : 'missing',
      uploads,
    },
    productsByUid: new Map(products.map((p) => [p.uid, p])),
    operations: snapshot.operations.get(body.branch) ?? null,
  }
}

/**
 * Whether a method can be used for this branch now: known, enabled by config and branch
 * (shared/domain/checkout), and for an online method, served by a configured provider.
 */
export function paymentMethodCheck(
  method: string,
  config: Record<string, unknown>,
  branch: Record<string, unknown>,
  hasProvider: (method: string) => boolean,
): PaymentCheck {
  const enabled = paymentMethodEnabled(method, config, branch)
  if (enabled.ok && enabled.online && !hasProvider(method)) return { ok: false, reason: 'not-configured' }
  return enabled
}
