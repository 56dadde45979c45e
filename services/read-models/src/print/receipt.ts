import type { OrderAddress, OrderItem, OrderItemPart } from '@shop/shared/contracts'
import { isCountableUnit, isUnit, payableTotal, UNIT_SYMBOLS } from '@shop/shared/domain/catalogue'
import {
  DEFAULT_CURRENCY,
  DEFAULT_MONEY_LOCALE,
  formatMoney,
  orderTypeOf,
  splitGross,
} from '@shop/shared/domain/common'
import type { OrderState } from '@shop/shared/domain/ordering'
import { formatLocalDate, isValidTimeZone, wallClockOf } from '@shop/shared/domain/scheduling'
import {
  CATALOGUE_LOCALES,
  type CatalogueLocale,
  DEFAULT_LOCALE,
  hasTranslation,
  type TranslationParams,
  t,
} from '@shop/shared/i18n'

// The receipt as content, without layout: which texts in which sections. The PDF and the
// thermal printer lay it out each in their own way (pdf.ts, layout.ts). Pure: the clock, the
// ticket number and the shop's data come in with the context.

export const DEFAULT_TIME_ZONE = 'Europe/Zurich'

/** What the receipt needs of the shop's config (rm_resources, type config). */
export type ReceiptConfig = {
  shopName?: string | null
  businessName?: string | null
  currency?: string | null
  /** config.disableTickets: the shop works without ticket numbers. */
  disableTickets?: boolean | null
}

/** What the receipt needs of the branch (rm_resources, type branch). */
export type ReceiptBranch = {
  name?: string | null
  street?: string | null
  zipCode?: string | null
  city?: string | null
  phone?: string | null
  timeZone?: string | null
}

export type ReceiptContext = {
  config: ReceiptConfig | null
  branch: ReceiptBranch | null
  /** From the read model; null while the projector has not numbered the order yet. */
  ticketNumber: number | string | null
  /** The caller's language (request.locale); anything unknown prints German. */
  locale: string
  printedAt: Date | string
  /** The chosen donatee's name, when the order has one and it still exists. */
  donatee?: { name: string } | null
}

/** A label and its value, printed left and right. */
export type ReceiptRow = { label: string; value: string; strong?: boolean }

/** A heading (or none) with lines of text under it. */
export type ReceiptBlock = { heading: string | null; lines: string[] }

export type ReceiptItem = {
  /** '2 Stk.', '0.5 kg'. */
  amount: string
  name: string
  /** With its prefix ('ca. EUR 8.20'); the 'on request' text when the price is hidden. */
  price: string
  /** The configured parts, one per line: 'Grösse: 24 cm'. */
  details: string[]
}

export type Receipt = {
  locale: CatalogueLocale
  /** Shop name first, then business name, branch, address and phone. */
  header: string[]
  /** The big line: 'Ticket 12', or the order reference while there is no ticket number. */
  title: string
  /** Exceptional states staff must not miss: pre-order, quotation, canceled. */
  badges: string[]
  facts: ReceiptRow[]
  /** Customer, billing address, delivery address. */
  blocks: ReceiptBlock[]
  columns: { amount: string; name: string; price: string }
  items: ReceiptItem[]
  totals: ReceiptRow[]
  /** VAT per rate; no rows for orders from before the checkout (they only know the total). */
  taxes: { heading: string | null; rows: ReceiptRow[] }
  notes: ReceiptBlock[]
  footer: string[]
}

const MONEY_LOCALE = DEFAULT_MONEY_LOCALE

export function catalogueLocaleOf(locale: string): CatalogueLocale {
  return (CATALOGUE_LOCALES as readonly string[]).includes(locale)
    ? (locale as CatalogueLocale)
    : DEFAULT_LOCALE
}

/** DD.MM.YYYY HH:mm in the branch's zone (spec §9). */
export function formatDateTime(instant: Date | string, timeZone: string): string {
  const wall = wallClockOf(new Date(instant), timeZone)
  return `${formatLocalDate(wall.date)} ${wall.time}`
}

type Ctx = {
  locale: CatalogueLocale
  currency: string
  timeZone: string
}

const tr = (ctx: Ctx, key: string, params?: TranslationParams) => t(`print:${key}`, params, ctx.locale)

// Numbers and money in the German format of spec §9 whatever the language of the words, so
// a receipt's figures read the same on every printer of the shop.
const numberFormat = new Intl.NumberFormat(MONEY_LOCALE, { maximumFractionDigits: 3 })

function money(ctx: Ctx, cents: number): string {
  return formatMoney(cents, ctx.currency, MONEY_LOCALE)
}

function withPrefix(ctx: Ctx, text: string, model: OrderItem['pricingModel']): string {
  return model === 'approximate' || model === 'minimum' ? `${tr(ctx, `prefix.${model}`)} ${text}` : text
}

function amountText(ctx: Ctx, amount: number, unit: string): string {
  const n = numberFormat.format(amount)
  if (isUnit(unit) && !isCountableUnit(unit)) return `${n} ${UNIT_SYMBOLS[unit]}`
  if (isUnit(unit)) return `${n} ${tr(ctx, `unit.${unit}`)}`
  return `${n} ${unit}`
}

function partText(ctx: Ctx, part: OrderItemPart): string | null {
  const chosen = [...part.options, ...(part.text?.trim() ? [part.text.trim()] : [])]
  if (part.uploads.length > 0) chosen.push(tr(ctx, 'items.uploads', { count: part.uploads.length }))
  if (chosen.length === 0) return null
  return `${part.name}: ${chosen.join(', ')}`
}

function itemOf(ctx: Ctx, item: OrderItem): ReceiptItem {
  return {
    amount: amountText(ctx, item.amount, item.unit),
    name: item.name,
    price: item.isPriceHidden
      ? tr(ctx, 'items.priceHidden')
      : withPrefix(ctx, money(ctx, item.total), item.pricingModel),
    details: (item.parts ?? []).map((part) => partText(ctx, part)).filter((x): x is string => x !== null),
  }
}

const nonBlank = (value: string | null | undefined): value is string =>
  typeof value === 'string' && value.trim() !== ''

function addressLines(ctx: Ctx, a: OrderAddress, withName: boolean): string[] {
  const lines: string[] = []
  if (withName) {
    if (nonBlank(a.companyName)) lines.push(a.companyName)
    const name = [a.firstName, a.lastName].filter(nonBlank).join(' ')
    if (name) lines.push(name)
  }
  if (nonBlank(a.street)) lines.push(a.street)
  const more = (['floor', 'stairway', 'door'] as const)
    .filter((key) => nonBlank(a[key]))
    .map((key) => tr(ctx, `address.${key}`, { value: a[key]! }))
  if (more.length > 0) lines.push(more.join(', '))
  const city = [a.zipCode, a.city].filter(nonBlank).join(' ')
  if (city) lines.push(city)
  if (nonBlank(a.country)) lines.push(a.country)
  return lines
}

function headerOf(ctx: Ctx, config: ReceiptConfig | null, branch: ReceiptBranch | null): string[] {
  const shop = [config?.shopName, config?.businessName, branch?.name].find(nonBlank)
  const lines: string[] = []
  if (shop) lines.push(shop)
  for (const extra of [config?.businessName, branch?.name]) {
    if (nonBlank(extra) && !lines.includes(extra)) lines.push(extra)
  }
  if (nonBlank(branch?.street)) lines.push(branch.street)
  const city = [branch?.zipCode, branch?.city].filter(nonBlank).join(' ')
  if (city) lines.push(city)
  if (nonBlank(branch?.phone)) lines.push(tr(ctx, 'branch.phone', { phone: branch.phone }))
  return lines
}

/** The short reference staff can read out: the first eight characters of the order id. */
export function orderReference(orderId: string): string {
  return orderId.replace(/-/g, '').slice(0, 8).toUpperCase()
}

function paymentMethodText(ctx: Ctx, method: string): string {
  const key = `print:paymentMethod.${method}`
  return hasTranslation(key, ctx.locale) ? t(key, undefined, ctx.locale) : method
}

/** When the kitchen has to be ready: an accepted counter-appointment replaces the request. */
function dueAt(order: OrderState): string | null {
  return order.lifecycle.counterAppointment === 'accepted' && order.counterAppointment !== null
    ? order.counterAppointment
    : order.appointment
}

function factsOf(ctx: Ctx, order: OrderState): ReceiptRow[] {
  const type = orderTypeOf(order)
  const due = dueAt(order)
  const facts: ReceiptRow[] = [
    { label: tr(ctx, 'fact.orderType'), value: t(`ordering:orderType.${type}`, undefined, ctx.locale) },
    {
      label: tr(ctx, 'fact.appointment'),
      value: due === null ? tr(ctx, 'fact.asap') : formatDateTime(due, ctx.timeZone),
      strong: true,
    },
  ]
  if (order.isDineIn && nonBlank(order.tableIdentifier))
    facts.push({ label: tr(ctx, 'fact.table'), value: order.tableIdentifier, strong: true })
  if (order.isDelivery && nonBlank(order.deliveryArea))
    facts.push({ label: tr(ctx, 'fact.deliveryArea'), value: order.deliveryArea })
  facts.push(
    { label: tr(ctx, 'fact.orderedAt'), value: formatDateTime(order.createdAt, ctx.timeZone) },
    { label: tr(ctx, 'fact.paymentMethod'), value: paymentMethodText(ctx, order.paymentMethod) },
    { label: tr(ctx, 'fact.paymentStatus'), value: tr(ctx, `paymentStatus.${order.lifecycle.payment}`) },
    { label: tr(ctx, 'reference'), value: orderReference(order.orderId) },
  )
  return facts
}

function blocksOf(ctx: Ctx, order: OrderState): ReceiptBlock[] {
  const c = order.customer
  const customer: string[] = []
  if (c.isCompany && nonBlank(c.companyName)) customer.push(c.companyName)
  const name = [c.firstName, c.lastName].filter(nonBlank).join(' ')
  if (name) customer.push(name)
  if (nonBlank(c.vatNo)) customer.push(tr(ctx, 'customer.vatNo', { vatNo: c.vatNo }))
  if (nonBlank(c.phone)) customer.push(tr(ctx, 'customer.phone', { phone: c.phone }))
  if (nonBlank(c.email)) customer.push(c.email)
  const blocks: ReceiptBlock[] = [{ heading: tr(ctx, 'customer.heading'), lines: customer }]
  const billing = c.address ? addressLines(ctx, c.address, false) : []
  // A delivery goes to the customer's address unless a different one was given.
  const delivery = order.isDelivery ? (order.deliveryAddress ?? c.address ?? null) : null
  if (delivery) {
    if (order.deliveryAddress && billing.length > 0)
      blocks.push({ heading: tr(ctx, 'customer.billingAddress'), lines: billing })
    const lines = addressLines(ctx, delivery, delivery === order.deliveryAddress)
    if (lines.length > 0) blocks.push({ heading: tr(ctx, 'deliveryAddress'), lines })
  } else if (billing.length > 0) {
    blocks.push({ heading: tr(ctx, 'customer.billingAddress'), lines: billing })
  }
  return blocks.filter((block) => block.lines.length > 0)
}

const isVariable = (item: OrderItem) => item.pricingModel === 'approximate' || item.pricingModel === 'minimum'

function totalsOf(ctx: Ctx, order: OrderState): ReceiptRow[] {
  const p = order.pricing
  // Spec §9: totals show 'ca.' when an item's price may still change.
  const prefix = (text: string) =>
    order.items.some(isVariable) ? `${tr(ctx, 'prefix.approximate')} ${text}` : text
  const rows: ReceiptRow[] = []
  if (p.gross !== undefined && order.isDelivery) {
    rows.push({ label: tr(ctx, 'totals.subtotal'), value: prefix(money(ctx, p.gross)) })
    const fee = p.deliveryGross ?? 0
    rows.push({
      label: tr(ctx, 'totals.delivery'),
      value: fee === 0 ? tr(ctx, 'totals.deliveryFree') : money(ctx, fee),
    })
  }
  // Paid in cash, the total is rounded to the smallest coin: the difference is its own line
  // and the total is what the customer pays (the VAT below stays on the unrounded amounts).
  if (p.cashRounding) rows.push({ label: tr(ctx, 'totals.cashRounding'), value: money(ctx, p.cashRounding) })
  rows.push({ label: tr(ctx, 'totals.total'), value: prefix(money(ctx, payableTotal(p))), strong: true })
  return rows
}

const rateNumber = (key: string) => Number(key)

/**
 * The gross each VAT rate was computed on, items and delivery fee together. The pricing keeps
 * only the tax per rate; the base is rebuilt the way priceLines computed it (items grouped
 * per rate and split once, the fee split on its own) and used only when that gives exactly
 * the stored taxes. Otherwise (older orders, items without a rate) the receipt prints the
 * tax alone.
 */
export function taxBases(order: Pick<OrderState, 'items' | 'pricing'>): Map<string, number> | null {
  const taxes = order.pricing.taxes
  if (!taxes || order.items.some((item) => item.taxRate === undefined)) return null
  const bases = new Map<string, number>()
  for (const item of order.items) {
    const key = String(item.taxRate === 0 ? 0 : item.taxRate)
    bases.set(key, (bases.get(key) ?? 0) + item.total)
  }
  const fee = order.pricing.deliveryGross ?? 0
  const feeTax = order.pricing.deliveryTax ?? 0
  let feePlaced = fee === 0
  for (const [key, tax] of Object.entries(taxes)) {
    const itemsTax = splitGross(bases.get(key) ?? 0, rateNumber(key)).tax
    if (itemsTax === tax) continue
    if (!feePlaced && tax - itemsTax === feeTax && splitGross(fee, rateNumber(key)).tax === feeTax) {
      bases.set(key, (bases.get(key) ?? 0) + fee)
      feePlaced = true
      continue
    }
    return null
  }
  if (!feePlaced) return null
  for (const key of bases.keys()) if (!(key in taxes)) return null
  return bases
}

function taxesOf(ctx: Ctx, order: OrderState): Receipt['taxes'] {
  const taxes = Object.entries(order.pricing.taxes ?? {}).sort(([a], [b]) => rateNumber(a) - rateNumber(b))
  if (taxes.length === 0) return { heading: null, rows: [] }
  const bases = taxBases(order)
  const rows: ReceiptRow[] = taxes.map(([key, tax]) => {
    const rate = numberFormat.format(rateNumber(key))
    const base = bases?.get(key)
    return {
      label:
        base === undefined
          ? tr(ctx, 'tax.rateOnly', { rate })
          : tr(ctx, 'tax.rate', { rate, base: money(ctx, base) }),
      value: money(ctx, tax),
    }
  })
  if (order.pricing.totalNet !== undefined)
    rows.push({ label: tr(ctx, 'tax.net'), value: money(ctx, order.pricing.totalNet) })
  return { heading: tr(ctx, 'tax.heading'), rows }
}

function notesOf(ctx: Ctx, order: OrderState, donatee: ReceiptContext['donatee']): ReceiptBlock[] {
  const notes: ReceiptBlock[] = []
  if (nonBlank(order.comment)) {
    notes.push({ heading: tr(ctx, 'note.comment'), lines: order.comment.split(/\r\n|\r|\n/) })
  }
  if (order.items.some((item) => item.isPriceHidden))
    notes.push({ heading: null, lines: [tr(ctx, 'note.hiddenPrices')] })
  if (order.items.some(isVariable)) notes.push({ heading: null, lines: [tr(ctx, 'note.approximate')] })
  if (order.donateeId !== null && donatee && nonBlank(donatee.name))
    notes.push({ heading: null, lines: [tr(ctx, 'note.donation', { name: donatee.name })] })
  return notes
}

function badgesOf(ctx: Ctx, order: OrderState): string[] {
  const badges: string[] = []
  const status = order.lifecycle.status
  if (status === 'rejected' || status === 'canceled' || status === 'failed')
    badges.push(tr(ctx, `badge.${status}`))
  if (order.isQuotation) badges.push(tr(ctx, 'badge.quotation'))
  if (order.isPreorder) badges.push(tr(ctx, 'badge.preorder'))
  return badges.map((badge) => badge.toLocaleUpperCase(ctx.locale))
}

/** The receipt of an order: every section's texts in the caller's language. */
export function receiptOf(order: OrderState, context: ReceiptContext): Receipt {
  const zone = context.branch?.timeZone
  const ctx: Ctx = {
    locale: catalogueLocaleOf(context.locale),
    currency: nonBlank(context.config?.currency) ? context.config.currency : DEFAULT_CURRENCY,
    timeZone: nonBlank(zone) && isValidTimeZone(zone) ? zone : DEFAULT_TIME_ZONE,
  }
  const ticket =
    context.ticketNumber !== null && context.ticketNumber !== '' && !context.config?.disableTickets
      ? tr(ctx, 'ticket', { number: String(context.ticketNumber) })
      : null
  return {
    locale: ctx.locale,
    header: headerOf(ctx, context.config, context.branch),
    title: ticket ?? `#${orderReference(order.orderId)}`,
    badges: badgesOf(ctx, order),
    facts: factsOf(ctx, order),
    blocks: blocksOf(ctx, order),
    columns: { amount: tr(ctx, 'items.amount'), name: tr(ctx, 'items.name'), price: tr(ctx, 'items.price') },
    items: order.items.map((item) => itemOf(ctx, item)),
    totals: totalsOf(ctx, order),
    taxes: taxesOf(ctx, order),
    notes: notesOf(ctx, order, context.donatee),
    footer: [
      tr(ctx, 'footer.printedAt', { time: formatDateTime(context.printedAt, ctx.timeZone) }),
      tr(ctx, 'footer.thanks'),
    ],
  }
}
