import type { OrderAddress } from '@shop/shared/contracts'
import {
  isCountableUnit,
  isUnit,
  localOrderedLine,
  payableTotal,
  type TranslatableProduct,
  UNIT_SYMBOLS,
} from '@shop/shared/domain/catalogue'
import { DEFAULT_CURRENCY, formatMoney, type MoneyLocale, orderTypeOf } from '@shop/shared/domain/common'
import { type OrderState, paidAmountOf, refundedAmountOf, refundsOf } from '@shop/shared/domain/ordering'
import { formatLocalDate, wallClockOf } from '@shop/shared/domain/scheduling'
import { type CatalogueLocale, hasTranslation, type TranslationParams, t } from '@shop/shared/i18n'
import type { Audience, NotificationKind } from './jobs.ts'

// Pure: the texts of every notification from the order, its branch and the shop. Times in the
// branch's zone, money in the shop's currency, words from the `notifications` catalogue.

export type BranchInfo = {
  id: string
  name: string
  email: string | null
  phone: string | null
  street: string | null
  zipCode: string | null
  city: string | null
  timeZone: string
}

export type ShopInfo = {
  /** config.shopName, else businessName, else the branch's name. */
  name: string
  currency: string
  smsEnabled: boolean
}

/** A product's texts as the menu has them now (its lines read in the customer's language). */
export type ProductTexts = TranslatableProduct

export type RenderContext = {
  order: OrderState
  branch: BranchInfo
  shop: ShopInfo
  /** The order's products in the menu by uid (missing: its lines read as ordered, in German). */
  products?: ReadonlyMap<string, ProductTexts>
  /** `{PUBLIC_URL}/status/{uid}/{hash}`. */
  statusUrl: string
  /** The customer's language (the order's, else the shop's). */
  locale: CatalogueLocale
  /** The branch staff's language (the branch's, else the shop's): the branch's own mail. */
  staffLocale: CatalogueLocale
}

export type RenderedMail = { subject: string; text: string; html: string }

type Block =
  | { type: 'p'; text: string }
  | { type: 'heading'; text: string }
  | { type: 'rows'; rows: [string, string][] }
  | { type: 'link'; text: string; before: string }

const MONEY_LOCALE: Record<CatalogueLocale, MoneyLocale> = { 'de-CH': 'de-CH', 'fr-FR': 'fr-FR', en: 'en-GB' }

const tr = (ctx: RenderContext, key: string, params?: TranslationParams) =>
  t(`notifications:${key}`, params, ctx.locale)

export function statusUrlOf(publicUrl: string, order: Pick<OrderState, 'uid' | 'hash'>): string {
  return `${publicUrl.replace(/\/+$/, '')}/status/${encodeURIComponent(order.uid)}/${encodeURIComponent(order.hash)}`
}

/** DD.MM.YYYY HH:mm in the branch's zone (spec §9). */
export function formatDateTime(instant: string, timeZone: string): string {
  const wall = wallClockOf(new Date(instant), timeZone)
  return `${formatLocalDate(wall.date)} ${wall.time}`
}

function money(ctx: RenderContext, cents: number): string {
  return formatMoney(cents, ctx.shop.currency || DEFAULT_CURRENCY, MONEY_LOCALE[ctx.locale])
}

// Formatters are costly to make: one per locale and precision, kept.
const numberFormats = new Map<string, Intl.NumberFormat>()

function formatNumber(ctx: RenderContext, value: number, maximumFractionDigits: number): string {
  const locale = MONEY_LOCALE[ctx.locale]
  const key = `${locale}|${maximumFractionDigits}`
  let format = numberFormats.get(key)
  if (format === undefined) {
    format = new Intl.NumberFormat(locale, { maximumFractionDigits })
    numberFormats.set(key, format)
  }
  return format.format(value)
}

function amountText(ctx: RenderContext, amount: number, unit: string): string {
  const n = formatNumber(ctx, amount, 3)
  if (isUnit(unit) && !isCountableUnit(unit)) return `${n} ${UNIT_SYMBOLS[unit]}`
  const key = `notifications:unit.${unit}`
  return hasTranslation(key, ctx.locale) ? `${n} ${t(key, undefined, ctx.locale)}` : `${n} ${unit}`
}

function itemPrice(ctx: RenderContext, item: OrderState['items'][number]): string {
  if (item.isPriceHidden) return tr(ctx, 'order.priceHidden')
  const price = money(ctx, item.total)
  if (item.pricingModel === 'approximate') return tr(ctx, 'order.priceApproximate', { price })
  if (item.pricingModel === 'minimum') return tr(ctx, 'order.priceMinimum', { price })
  return price
}

function orderTypeText(ctx: RenderContext): string {
  const type = orderTypeOf(ctx.order)
  return t(`ordering:orderType.${type}`, undefined, ctx.locale)
}

function paymentText(ctx: RenderContext): string {
  const key = `notifications:paymentMethod.${ctx.order.paymentMethod}`
  return hasTranslation(key, ctx.locale) ? t(key, undefined, ctx.locale) : ctx.order.paymentMethod
}

function addressText(a: OrderAddress | null | undefined): string | null {
  if (!a) return null
  const name = [a.companyName, [a.firstName, a.lastName].filter(Boolean).join(' ')].filter(Boolean)
  const street = [a.street, a.floor, a.stairway, a.door].filter(Boolean).join(' / ')
  const city = [a.zipCode, a.city].filter(Boolean).join(' ')
  const parts = [...name, street, city, a.country].filter((p): p is string => Boolean(p))
  return parts.length > 0 ? parts.join(', ') : null
}

function customerName(order: OrderState): string {
  return [order.customer.firstName, order.customer.lastName].filter(Boolean).join(' ').trim()
}

/** Type, time, table, comment; then the items with amounts and prices; then the totals. */
function orderBlocks(ctx: RenderContext, heading = 'order.heading'): Block[] {
  const o = ctx.order
  const facts: [string, string][] = [[tr(ctx, 'order.type'), orderTypeText(ctx)]]
  facts.push([
    tr(ctx, 'order.appointment'),
    o.appointment ? formatDateTime(o.appointment, ctx.branch.timeZone) : tr(ctx, 'order.asap'),
  ])
  if (o.tableIdentifier) facts.push([tr(ctx, 'order.table'), o.tableIdentifier])
  if (o.comment) facts.push([tr(ctx, 'order.comment'), o.comment])
  facts.push([tr(ctx, 'order.payment'), paymentText(ctx)])

  const items: [string, string][] = []
  for (const item of o.items) {
    // In the reader's language from the menu's translations, as the status page shows it.
    const line = localOrderedLine(item, ctx.products?.get(item.productUid), ctx.locale)
    items.push([`${amountText(ctx, item.amount, item.unit)} ${line.name}`, itemPrice(ctx, item)])
    for (const part of line.parts) {
      const chosen = [...part.options, ...(part.text ? [part.text] : [])].join(', ')
      if (chosen) items.push([`  ${part.name}: ${chosen}`, ''])
    }
  }
  const totals: [string, string][] = []
  const p = o.pricing
  if (p.deliveryGross) totals.push([tr(ctx, 'order.delivery'), money(ctx, p.deliveryGross)])
  // Paid in cash, the total is rounded to the smallest coin: its own line, and the total paid.
  if (p.cashRounding) totals.push([tr(ctx, 'order.cashRounding'), money(ctx, p.cashRounding)])
  totals.push([tr(ctx, 'order.total'), money(ctx, payableTotal(p))])
  // The rate as a number: the catalogue formats it (`{{rate, number(…)}}`, i18next's Intl).
  for (const [rate, cents] of Object.entries(p.taxes ?? {}).sort(([a], [b]) => Number(a) - Number(b)))
    totals.push([tr(ctx, 'order.tax', { rate: Number(rate) }), money(ctx, cents)])
  return [
    { type: 'heading', text: tr(ctx, heading) },
    { type: 'rows', rows: facts },
    { type: 'rows', rows: items },
    { type: 'rows', rows: totals },
  ]
}

function greeting(ctx: RenderContext): Block {
  const name = customerName(ctx.order)
  return { type: 'p', text: name ? tr(ctx, 'mail.greeting', { name }) : tr(ctx, 'mail.greetingAnonymous') }
}

function signature(ctx: RenderContext): Block[] {
  const b = ctx.branch
  const address = [b.street, [b.zipCode, b.city].filter(Boolean).join(' ')].filter(Boolean).join(', ')
  const lines = [
    tr(ctx, 'mail.closing'),
    ctx.shop.name,
    b.name !== ctx.shop.name ? b.name : null,
    address || null,
    b.phone,
  ]
  return [{ type: 'p', text: lines.filter((l): l is string => Boolean(l)).join('\n') }]
}

function statusLink(ctx: RenderContext): Block {
  const text = tr(ctx, 'mail.statusLink', { link: ctx.statusUrl })
  return { type: 'link', text, before: text.slice(0, text.indexOf(ctx.statusUrl)) }
}

function customerMail(ctx: RenderContext, subject: string, intro: Block[], withOrder: boolean): RenderedMail {
  const blocks: Block[] = [
    greeting(ctx),
    ...intro,
    ...(withOrder ? orderBlocks(ctx) : []),
    statusLink(ctx),
    ...signature(ctx),
  ]
  return { subject, ...toText(blocks, ctx.statusUrl) }
}

function branchNewOrderMail(ctx: RenderContext): RenderedMail {
  const o = ctx.order
  const name = customerName(o)
  const contact: [string, string][] = [[tr(ctx, 'mail.newOrderBranch.customer'), name]]
  if (o.customer.companyName) contact.push(['', o.customer.companyName])
  if (o.customer.email) contact.push([tr(ctx, 'mail.newOrderBranch.email'), o.customer.email])
  if (o.customer.phone) contact.push([tr(ctx, 'mail.newOrderBranch.phone'), o.customer.phone])
  const billing = addressText(o.customer.address)
  if (billing) contact.push([tr(ctx, 'mail.newOrderBranch.address'), billing])
  const delivery = addressText(o.deliveryAddress)
  if (delivery) contact.push([tr(ctx, 'mail.newOrderBranch.deliveryAddress'), delivery])
  if (o.deliveryArea) contact.push([tr(ctx, 'mail.newOrderBranch.deliveryArea'), o.deliveryArea])
  const blocks: Block[] = [
    { type: 'p', text: tr(ctx, 'mail.newOrderBranch.intro', { branch: ctx.branch.name }) },
    { type: 'rows', rows: contact },
    ...orderBlocks(ctx, 'order.headingBranch'),
    statusLink(ctx),
  ]
  return {
    subject: tr(ctx, 'mail.newOrderBranch.subject', { customer: name || ctx.order.uid }),
    ...toText(blocks, ctx.statusUrl),
  }
}

/** The e-mail for one kind and audience (the branch only gets the new-order mail). */
export function renderMail(kind: NotificationKind, audience: Audience, ctx: RenderContext): RenderedMail {
  const branch = ctx.branch.name
  const p = (key: string, params: TranslationParams = {}): Block => ({
    type: 'p',
    text: tr(ctx, key, { branch, ...params }),
  })
  switch (kind) {
    case 'new-order':
      if (audience === 'branch') return branchNewOrderMail(ctx)
      return customerMail(ctx, tr(ctx, 'mail.newOrder.subject', { branch }), [p('mail.newOrder.intro')], true)
    case 'confirmed':
      return customerMail(
        ctx,
        tr(ctx, 'mail.confirmed.subject', { branch }),
        [p('mail.confirmed.intro')],
        true,
      )
    case 'rejected': {
      const intro = [p('mail.rejected.intro')]
      if (ctx.order.rejectionMessage)
        intro.push(p('mail.rejected.message', { message: ctx.order.rejectionMessage }))
      return customerMail(ctx, tr(ctx, 'mail.rejected.subject', { branch }), intro, true)
    }
    case 'counter-appointment': {
      const proposed = ctx.order.counterAppointment
      const time = proposed ? formatDateTime(proposed, ctx.branch.timeZone) : ''
      const answer = tr(ctx, 'mail.counterAppointment.answer', { link: ctx.statusUrl })
      return customerMail(
        ctx,
        tr(ctx, 'mail.counterAppointment.subject', { branch }),
        [
          p('mail.counterAppointment.intro', { time }),
          { type: 'link', text: answer, before: answer.slice(0, answer.indexOf(ctx.statusUrl)) },
        ],
        true,
      )
    }
    case 'refunded': {
      // The refund this message is about: the one paid back last at the order's version.
      const settled = refundsOf(ctx.order).filter((r) => r.status === 'refunded')
      const last = settled.reduce<(typeof settled)[number] | undefined>(
        (latest, r) => (!latest || (r.settledAt ?? '') >= (latest.settledAt ?? '') ? r : latest),
        undefined,
      )
      const paid = paidAmountOf(ctx.order)
      const refunded = refundedAmountOf(ctx.order)
      const intro = [
        p('mail.refunded.intro', { amount: money(ctx, last?.amount ?? refunded) }),
        refunded >= paid
          ? p('mail.refunded.full')
          : p('mail.refunded.partial', { refunded: money(ctx, refunded), paid: money(ctx, paid) }),
      ]
      return customerMail(ctx, tr(ctx, 'mail.refunded.subject', { branch }), intro, false)
    }
    case 'corrected': {
      // Rendered from the order as the undo left it: back to awaiting confirmation, the
      // confirmation was taken back; else the "ready" / "on its way" message was.
      const what =
        ctx.order.lifecycle.status === 'awaitingConfirmation'
          ? 'mail.corrected.confirmed'
          : `mail.corrected.ready.${ctx.order.isDelivery ? 'delivery' : 'pickup'}`
      return customerMail(
        ctx,
        tr(ctx, 'mail.corrected.subject', { branch }),
        [p(what), p('mail.corrected.apology')],
        true,
      )
    }
    case 'ready': {
      const variant = ctx.order.isDelivery ? 'delivery' : 'pickup'
      return customerMail(
        ctx,
        tr(ctx, `mail.ready.${variant}.subject`, { branch }),
        [p(`mail.ready.${variant}.intro`)],
        true,
      )
    }
  }
}

/** The SMS text (only the new-order SMS exists). */
export function renderSms(_kind: NotificationKind, ctx: RenderContext): string {
  return tr(ctx, 'sms.newOrder', { shop: ctx.shop.name, branch: ctx.branch.name, link: ctx.statusUrl })
}

// ---------------------------------------------------------------------------------------------
// text and HTML from the same blocks

const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')

function toText(blocks: readonly Block[], url: string): { text: string; html: string } {
  const text: string[] = []
  const html: string[] = []
  for (const b of blocks) {
    switch (b.type) {
      case 'p':
        text.push(b.text)
        html.push(`<p>${escapeHtml(b.text).replace(/\n/g, '<br>')}</p>`)
        break
      case 'heading':
        text.push(b.text)
        html.push(`<h2 style="font-size:1.1em">${escapeHtml(b.text)}</h2>`)
        break
      case 'rows': {
        if (b.rows.length === 0) break
        text.push(b.rows.map(([l, v]) => (l && v ? `${l}: ${v}` : l || v)).join('\n'))
        const cells = b.rows
          .map(
            ([l, v]) =>
              `<tr><td style="padding:2px 12px 2px 0">${escapeHtml(l)}</td><td style="padding:2px 0;text-align:right">${escapeHtml(v)}</td></tr>`,
          )
          .join('')
        html.push(`<table style="border-collapse:collapse">${cells}</table>`)
        break
      }
      case 'link': {
        text.push(b.text)
        const after = b.text.slice(b.before.length + url.length)
        html.push(
          `<p>${escapeHtml(b.before)}<a href="${escapeHtml(url)}">${escapeHtml(url)}</a>${escapeHtml(after)}</p>`,
        )
        break
      }
    }
  }
  return {
    text: `${text.join('\n\n')}\n`,
    html: `<!doctype html><html><body style="font-family:sans-serif">${html.join('\n')}</body></html>`,
  }
}
