import { DEFAULT_LOCALE } from '@shop/shared/i18n'
import { createLocaleKit, type Translate } from '@shop/ui'
import { loadSharedLocale } from './i18n-catalogues.ts'

/** The back-office's languages (issue 6: de, en, fr; German first, spec §9). */
export const BACKOFFICE_LOCALES = ['de-CH', 'fr-FR', 'en'] as const
export type BackofficeLocale = (typeof BACKOFFICE_LOCALES)[number]
export type { Translate }

/** The app's locale for one of the browser's languages (lower case), if it has one. */
export function backofficeLocaleOf(language: string): BackofficeLocale | undefined {
  const lang = language.toLowerCase()
  if (lang.startsWith('de')) return 'de-CH'
  if (lang.startsWith('fr')) return 'fr-FR'
  if (lang.startsWith('en')) return 'en'
  return undefined
}

// Screen texts: src/locales/<locale>/bo-<feature>.json (each feature its own namespace).
const kit = createLocaleKit<BackofficeLocale>({
  locales: BACKOFFICE_LOCALES,
  defaultLocale: DEFAULT_LOCALE as BackofficeLocale,
  german: import.meta.glob<{ default: object }>('../locales/de-CH/*.json', { eager: true }),
  others: import.meta.glob<{ default: object }>(['../locales/*/*.json', '!../locales/de-CH/*.json']),
  loadShared: loadSharedLocale,
  fromBrowser: backofficeLocaleOf,
})

export const loadLocale = kit.loadLocale
export const isBackofficeLocale = kit.isLocale
export const activeLocale = kit.activeLocale
export const LocaleProvider = kit.LocaleProvider
export const useLocale = kit.useLocale
/** `useT('bo-orders')('title')` reads `bo-orders:title`; `t('ordering:status.confirmed')` another namespace. */
export const useT = kit.useT
