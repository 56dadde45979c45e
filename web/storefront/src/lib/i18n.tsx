import { DEFAULT_LOCALE } from '@shop/shared/i18n'
import { createLocaleKit, type Translate } from '@shop/ui'
import { LOCALE_PARAMETER } from '@shop/ui/routes'
import { loadSharedLocale } from './i18n-catalogues.ts'

/**
 * Locales the language picker offers: spec §9's enabled de-CH and fr-FR, and English (issue 18:
 * its catalogues are complete, so it is offered too). The browser's language picks only de-CH
 * or fr-FR; English is there when chosen.
 */
export const ENABLED_LOCALES = ['de-CH', 'fr-FR', 'en'] as const
export const STOREFRONT_LOCALES = ['de-CH', 'fr-FR', 'en'] as const
export type StorefrontLocale = (typeof STOREFRONT_LOCALES)[number]
export type { Translate }

// Every screen's texts: src/locales/<locale>/<namespace>.json. German is bundled (no flash, no
// fetch): the checkout's and the status page's with their own pages' chunks (`addGermanTexts`,
// features/*/texts.ts), the rest with the entry, so the menu page's first load carries no text
// it does not show; another locale is downloaded when chosen, with the shared catalogues of that
// locale. The provider and hooks are @shop/ui's, shared with the back-office.
const kit = createLocaleKit<StorefrontLocale>({
  locales: STOREFRONT_LOCALES,
  defaultLocale: DEFAULT_LOCALE as StorefrontLocale,
  german: import.meta.glob<{ default: object }>(
    ['../locales/de-CH/*.json', '!../locales/de-CH/sf-checkout.json', '!../locales/de-CH/sf-status.json'],
    { eager: true },
  ),
  others: import.meta.glob<{ default: object }>(['../locales/*/*.json', '!../locales/de-CH/*.json']),
  loadShared: loadSharedLocale,
  // The browser's first language we have, else de-CH (spec §9); English only when chosen.
  fromBrowser: (lang) => (lang.startsWith('fr') ? 'fr-FR' : lang.startsWith('de') ? 'de-CH' : undefined),
  // `?lang=fr-FR` opens the page in French for this visit (the back-office's preview links).
  urlParameter: LOCALE_PARAMETER,
})

/** Makes every text of a locale available (once); German always is. */
export const loadLocale = kit.loadLocale
export const isStorefrontLocale = kit.isLocale
/**
 * `?lang=` of the address, else the stored choice, else the browser's first language we have,
 * else de-CH (spec §9).
 */
export const initialLocale = kit.initialLocale
/** The locale outside React (API calls send it as Accept-Language). */
export const activeLocale = kit.activeLocale
export const LocaleProvider = kit.LocaleProvider
export const useLocale = kit.useLocale
/**
 * The translate function of a namespace in the active locale: `t('title')` reads
 * `<namespace>:title`; a key with its own `ns:` prefix reads that namespace.
 */
export const useT = kit.useT
/** Registers German catalogues a page bundles with its own chunk (see above). */
export const addGermanTexts = kit.addGerman
