import { formatMoney } from '@shop/shared/domain/common'
import { formatLocalDate, type LocalDate } from '@shop/shared/domain/scheduling/zoned-time.ts'
import { useMemo } from 'react'
import { type Translate, useLocale } from '../../lib/i18n.tsx'
import { durationParts } from './dashboard-model.ts'

export type Formats = {
  money: (cents: number) => string
  count: (n: number) => string
  quantity: (n: number) => string
  signed: (n: number) => string
  /** A fraction as a percentage with one decimal (0.125 → "12,5 %"). */
  percent: (fraction: number) => string
  minutes: (m: number) => string
  duration: (seconds: number | null) => string
  date: (d: LocalDate) => string
  shortDate: (d: LocalDate) => string
}

export function useFormats(t: Translate, currency: string): Formats {
  const { locale } = useLocale()
  return useMemo(() => {
    const count = new Intl.NumberFormat(locale, { maximumFractionDigits: 0 })
    const quantity = new Intl.NumberFormat(locale, { maximumFractionDigits: 3 })
    const signed = new Intl.NumberFormat(locale, { maximumFractionDigits: 1, signDisplay: 'exceptZero' })
    const oneDecimal = new Intl.NumberFormat(locale, { maximumFractionDigits: 1 })
    return {
      // Money always in the Swiss format with two decimals, whatever the UI language (spec §9).
      money: (cents) => formatMoney(Math.round(cents), currency, 'de-CH'),
      count: (n) => count.format(n),
      quantity: (n) => quantity.format(n),
      signed: (n) => signed.format(n),
      percent: (fraction) => t('percent', { value: oneDecimal.format(fraction * 100) }),
      minutes: (m) => t('minutes', { value: oneDecimal.format(m) }),
      duration: (seconds) => {
        if (seconds === null) return t('duration.none')
        const d = durationParts(seconds)
        if (d.hours > 0) return t('duration.hours', d)
        if (d.minutes > 0) return t('duration.minutes', d)
        return t('duration.seconds', d)
      },
      date: (d) => formatLocalDate(d),
      shortDate: (d) => formatLocalDate(d).slice(0, 6),
    }
  }, [locale, currency, t])
}
