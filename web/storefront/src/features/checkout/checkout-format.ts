import type { CartItem } from '@shop/shared/domain/catalogue'
import { formatLocalDate, isoWeekdayOf, type LocalDate, wallClockOf } from '@shop/shared/domain/scheduling'
import { formatCurrency } from '../../lib/amount-format.ts'
import type { Translate } from '../../lib/i18n.tsx'
import { localOption } from '../../lib/product-text.ts'

// Texts the checkout builds from values: dates (spec §9 DD.MM.YYYY, HH:mm), money (the page's
// locale with two decimals, the shop's currency). Amounts with their unit read as in the menu
// (lib/product-text.ts: one naming of units in the whole storefront).

/**
 * Spec §9: two decimals, the currency from config; in the page's language (issue 18: one format
 * per locale, lib/amount-format.ts).
 */
export function money(cents: number, currency: string, locale: string): string {
  return formatCurrency(cents, currency, locale)
}

/** 'Dienstag, 24.11.2026' (the weekday in the active language). */
export function formatDay(date: LocalDate, t: Translate): string {
  return `${t(`datePicker.weekdaysLong.${isoWeekdayOf(date)}`)}, ${formatLocalDate(date)}`
}

/** 'heute, 10:05 Uhr' or 'Mittwoch, 25.11.2026, 11:30 Uhr'. */
export function formatWhen(iso: string, timeZone: string, today: LocalDate, t: Translate): string {
  const clock = wallClockOf(Date.parse(iso), timeZone)
  const date = clock.date === today ? t('appointment.today') : formatDay(clock.date, t)
  return t('appointment.when', { date, time: clock.time })
}

/**
 * 'Dienstag, 24. November 2026': the calendar's day names. The day number stands as a word of
 * its own, so the visible '24' is part of the name that is read (WCAG 2.5.3 label in name).
 */
export function formatLongDate(date: LocalDate, locale: string): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number]
  return new Intl.DateTimeFormat(locale, {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(Date.UTC(year, month - 1, day, 12)))
}

/** 'November 2026' in the active language. */
export function formatMonth(year: number, month: number, locale: string): string {
  return new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(Date.UTC(year, month - 1, 15)),
  )
}

/** The chosen options (in the page's language, lib/product-text.ts) and texts of a configured item, one line. */
export function partsLabel(item: Pick<CartItem, 'parts' | 'product'>, locale: string): string {
  return item.parts
    .flatMap((part, index) => [
      ...part.options.map((option) => localOption(item.product, index, option, locale)),
      ...(part.text.trim() ? [part.text.trim()] : []),
    ])
    .join(', ')
}
