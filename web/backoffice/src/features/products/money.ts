/**
 * The shop's currency (GET /api/config, spec §3: EUR when unset) and money in cents as text in
 * the page's language.
 */
import { DEFAULT_CURRENCY } from '@shop/shared/domain/common'
import { useEffect, useState } from 'react'
import { apiGet } from '../../lib/api.ts'

let cached: Promise<string> | null = null

function loadCurrency(): Promise<string> {
  cached ??= apiGet<{ currency?: unknown }>('/config')
    .then((config) =>
      typeof config.currency === 'string' && config.currency ? config.currency : DEFAULT_CURRENCY,
    )
    .catch(() => {
      cached = null
      return DEFAULT_CURRENCY
    })
  return cached
}

/** The shop's currency code; the default until the config answered. */
export function useCurrency(): string {
  const [currency, setCurrency] = useState(DEFAULT_CURRENCY)
  useEffect(() => {
    let live = true
    void loadCurrency().then((c) => {
      if (live) setCurrency(c)
    })
    return () => {
      live = false
    }
  }, [])
  return currency
}

const formats = new Map<string, Intl.NumberFormat>()

/** 1250 → "CHF 12.50" (in the locale's style). */
export function formatMoney(cents: number, currency: string, locale: string): string {
  const key = `${locale}|${currency}`
  let format = formats.get(key)
  if (!format) {
    format = new Intl.NumberFormat(locale, { style: 'currency', currency })
    formats.set(key, format)
  }
  return format.format(cents / 100)
}
