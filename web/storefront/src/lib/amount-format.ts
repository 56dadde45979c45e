import { formatMoney, type MoneyLocale } from '@shop/shared/domain/common'

// Numbers in the page's language, for the menu and for product-text.ts (no React here: the
// benchmarks import the menu model from Node).

/** Money is formatted for one of the domain's locales; the English catalogue uses en-GB. */
export function moneyLocale(locale: string): MoneyLocale {
  return locale === 'en' ? 'en-GB' : (locale as MoneyLocale)
}

/** How the storefront shows money (menu, item overlay, carts): the shop's currency in the page's locale. */
export type Display = { currency: string; locale: MoneyLocale }

/** An amount in the page's language: 0.5 → '0.5' (de-CH), '0,5' (fr-FR); up to 3 decimals. */
export function formatAmount(amount: number, locale: string): string {
  return new Intl.NumberFormat(moneyLocale(locale), { maximumFractionDigits: 3, useGrouping: false }).format(
    amount,
  )
}

/**
 * Money in the page's language (issue 18: one format per locale, never two on one page): 'CHF
 * 7.20' in de-CH, '7,20 CHF' in fr-FR, 'CHF 7.20' in en (en-GB), always two decimals (spec §9).
 * Every amount the storefront shows goes through this (the menu's `Display` carries the same
 * `moneyLocale`).
 */
export function formatCurrency(cents: number, currency: string, locale: string): string {
  return formatMoney(cents, currency, moneyLocale(locale))
}
