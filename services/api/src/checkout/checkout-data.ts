import type { Db } from '@shop/kit'
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
import { sql } from 'kysely'

// The catalogue as the checkout rules see it, read from the resource read model in ONE round
// trip: branch, config, the branch's menus, the cart's products (by uid), all categories (a
// shop has dozens, not thousands), the branch's tables, the donatee and the uploads named.

type Row = { type: string; id: string; data: Record<string, unknown> }

export type CheckoutData = {
  branch: CheckoutBranch
  branchData: Record<string, unknown>
  config: CheckoutConfig
  configData: Record<string, unknown>
  catalogue: CheckoutCatalogue
  lookups: Omit<CheckoutLookups, 'payment'>
  /** Every product read (by uid), also those the active menu does not list. */
  productsByUid: ReadonlyMap<string, Product>
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

export function toCheckoutConfig(d: Record<string, unknown>): CheckoutConfig {
  return { currency: str(d.currency, 'EUR'), enablePluginDonations: bool(d.enablePluginDonations, false) }
}

/** undefined when the branch does not exist. */
export async function loadCheckoutData(
  db: Db,
  body: Pick<CreateOrderBody, 'branch' | 'items' | 'donatee'>,
  now: Date,
): Promise<CheckoutData | undefined> {
  const uids = [...new Set(body.items.map((item) => item.product))]
  const uploadIds = [
    ...new Set(body.items.flatMap((item) => item.parts.flatMap((part) => part.uploads.map((u) => u.id)))),
  ]
  const donatee = body.donatee ?? null
  const { rows } = await sql<Row>`
    SELECT type, id, data FROM rm_resources
     WHERE (type = 'branch' AND id = ${body.branch})
        OR (type = 'config' AND id = 'config')
        OR (type = 'menu' AND data->'branches' @> jsonb_build_array(jsonb_build_object('id', ${body.branch}::text)))
        OR (type = 'product' AND data->>'uid' = ANY(${uids}::text[]))
        OR type = 'category'
        OR (type = 'table' AND data->'branch'->>'id' = ${body.branch})
        OR (type = 'donatee' AND id = ${donatee ?? ''})
        OR (type = 'upload' AND id = ANY(${uploadIds}::text[]))`.execute(db)
  const of = (type: string) => rows.filter((r) => r.type === type)
  const branchRow = of('branch')[0]
  if (!branchRow) return undefined
  const configData = of('config')[0]?.data ?? {}
  const products = of('product').map((r) => toProduct(r.id, r.data))
  const menu = activeMenu(
    of('menu').map((r) => toMenu(r.id, r.data)),
    branchRow.id,
    now,
  )
  const uploads = new Map<string, Upload>(of('upload').map((r) => [r.id, toUpload(r.id, r.data)]))
  return {
    branch: toCheckoutBranch(branchRow.id, branchRow.data),
    branchData: branchRow.data,
    config: toCheckoutConfig(configData),
    configData,
    catalogue: { menu, categories: of('category').map((r) => toCategory(r.id, r.data)), products },
    lookups: {
      tables: of('table').map((r) => str(r.data.identifier, r.id)),
      donatee: donatee === null ? null : of('donatee').length > 0 ? 'found' : 'missing',
      uploads,
    },
    productsByUid: new Map(products.map((p) => [p.uid, p])),
  }
}

/** Payment methods of spec §4: each needs the config's and the branch's flag. */
export const PAYMENT_METHODS = {
  cash: { config: ['enableCash'], branch: 'isCashEnabled', online: false },
  'atm-card': { config: ['enableATMCard'], branch: 'isATMCardEnabled', online: false },
  voucher: { config: ['enableVoucher'], branch: 'isVoucherEnabled', online: false },
  stripe: { config: ['enablePluginStripe', 'enableStripe'], branch: 'isStripeEnabled', online: true },
  mollie: { config: ['enablePluginMollie', 'enableMollie'], branch: 'isMollieEnabled', online: true },
} as const

const CONFIG_DEFAULTS: Record<string, boolean> = { enableCash: true }
const BRANCH_DEFAULTS: Record<string, boolean> = { isCashEnabled: true }

/**
 * Whether a method can be used for this branch now: known, enabled by config and branch, and
 * for an online method, served by a configured provider.
 */
export function paymentMethodCheck(
  method: string,
  config: Record<string, unknown>,
  branch: Record<string, unknown>,
  hasProvider: (method: string) => boolean,
): PaymentCheck {
  // Own keys only: '__proto__' or 'toString' are not payment methods.
  if (!Object.hasOwn(PAYMENT_METHODS, method)) return { ok: false, reason: 'unknown' }
  const rule = PAYMENT_METHODS[method as keyof typeof PAYMENT_METHODS]
  const configOn = rule.config.every((flag) => bool(config[flag], CONFIG_DEFAULTS[flag] ?? false))
  const branchOn = bool(branch[rule.branch], BRANCH_DEFAULTS[rule.branch] ?? false)
  if (!configOn || !branchOn) return { ok: false, reason: 'disabled' }
  if (rule.online && !hasProvider(method)) return { ok: false, reason: 'not-configured' }
  return { ok: true, online: rule.online }
}
