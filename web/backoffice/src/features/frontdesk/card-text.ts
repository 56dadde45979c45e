import { COUNTABLE_UNITS, UNIT_SYMBOLS } from '@shop/shared/domain/catalogue'
import { formatMoney } from '@shop/shared/domain/common'
import { formatLocalDate, localDateOf, wallClockOf } from '@shop/shared/domain/scheduling'
import type { Translate } from '../../lib/i18n.tsx'
import type { BoardOrder, CardAction, OrderChange } from './board-model.ts'

// How a board card words things: its buttons, times, amounts, addresses and the changes a 409 shows.

/** A card button's text (per order type where the words differ). */
export function actionLabel(action: CardAction, kind: string, t: Translate): string {
  switch (action) {
    case 'confirm':
      return t('ordering:action.confirmOrder')
    case 'reject':
      return t('ordering:action.rejectOrder')
    case 'counter-appointment':
      return t('action.counterAppointment')
    case 'in-delivery':
      return kind === 'delivery' ? t('action.inDelivery') : t('action.ready')
    case 'completed':
      return t('action.completed')
    case 'delivered':
      return t('action.delivered')
    case 'cancel':
      return t('ordering:action.cancelOrder')
  }
}

/** 'heute 15:00' or '27.11.2026 15:00' in the branch's zone (spec §9). */
export function when(iso: string, timeZone: string, now: number, t: Translate): string {
  const clock = wallClockOf(Date.parse(iso), timeZone)
  const today = localDateOf(now, timeZone)
  return clock.date === today
    ? t('card.today', { time: clock.time })
    : `${formatLocalDate(clock.date)} ${clock.time}`
}

const COUNTABLE: ReadonlySet<string> = new Set(COUNTABLE_UNITS)

/** '2 Stück', '500 g', '1,5 kg' (the storefront's naming of units). */
export function amountText(t: Translate, amount: number, unit: string): string {
  const symbol = (UNIT_SYMBOLS as Readonly<Record<string, string>>)[unit]
  const name = symbol ?? (COUNTABLE.has(unit) ? t(`unit.${unit}`, { count: amount === 1 ? 1 : 2 }) : unit)
  return `${String(amount).replace('.', ',')}\u00a0${name}`
}

export function addressText(a: NonNullable<BoardOrder['deliveryAddress']>): string {
  const name = [a.companyName, [a.firstName, a.lastName].filter(Boolean).join(' ')].filter(Boolean).join(', ')
  const street = [a.street, a.floor, a.stairway, a.door].filter(Boolean).join(' ')
  const city = [a.zipCode, a.city].filter(Boolean).join(' ')
  return [name, street, city].filter(Boolean).join(', ')
}

export function changeText(
  c: OrderChange,
  t: Translate,
  timeZone: string,
  currency: string,
  now: number,
): string {
  switch (c.field) {
    case 'status':
      return t('conflict.status', { from: t(`ordering:status.${c.from}`), to: t(`ordering:status.${c.to}`) })
    case 'appointment':
      return t('conflict.appointment', {
        from: c.from ? when(c.from, timeZone, now, t) : t('card.asap'),
        to: c.to ? when(c.to, timeZone, now, t) : t('card.asap'),
      })
    case 'items':
      return t('conflict.items', {
        list: [
          ...c.added.map((i) => `+ ${i}`),
          ...c.removed.map((i) => `− ${i}`),
          ...c.changed.map((i) => `~ ${i}`),
        ].join('; '),
      })
    case 'paymentStatus':
      return t('conflict.payment', {
        from: t(`ordering:paymentStatus.${c.from}`),
        to: t(`ordering:paymentStatus.${c.to}`),
      })
    case 'total':
      return t('conflict.total', { from: formatMoney(c.from, currency), to: formatMoney(c.to, currency) })
  }
}

/** The board's refund badge (issue 18 item 6): its text and tone; null while no refund was asked for. */
export function refundBadge(
  refund: BoardOrder['refund'],
  t: Translate,
  currency: string,
): { text: string; tone: 'success' | 'warning' | 'danger' } | null {
  if (!refund) return null
  switch (refund.status) {
    case 'refunded':
      return {
        text: t('refund.refunded', { amount: formatMoney(refund.refundedAmount, currency) }),
        tone: 'success',
      }
    case 'partial':
      return {
        text: t('refund.partial', { amount: formatMoney(refund.refundedAmount, currency) }),
        tone: 'success',
      }
    case 'pending':
      return {
        text: t('refund.pending', { amount: formatMoney(refund.pendingAmount, currency) }),
        tone: 'warning',
      }
    case 'failed':
      return {
        text: t('refund.failed', { amount: formatMoney(refund.failedAmount, currency) }),
        tone: 'danger',
      }
  }
}
