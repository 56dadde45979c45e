/**
 * The back-office's stand-in for `@shop/shared/i18n` (vite.config.ts swaps it in for every
 * import, the shared domain's included): the same functions over the same translator, German
 * bundled, the other locales downloaded when chosen.
 */
import deChAuth from '@shop/shared/i18n/locales/de-CH/auth.json'
import deChCheckout from '@shop/shared/i18n/locales/de-CH/checkout.json'
import deChErrors from '@shop/shared/i18n/locales/de-CH/errors.json'
import deChNotifications from '@shop/shared/i18n/locales/de-CH/notifications.json'
import deChOrdering from '@shop/shared/i18n/locales/de-CH/ordering.json'
import deChPrint from '@shop/shared/i18n/locales/de-CH/print.json'
import deChScheduling from '@shop/shared/i18n/locales/de-CH/scheduling.json'
import { DEFAULT_LOCALE, shopTranslator } from '@shop/shared/i18n/locales.ts'
import type { Catalogue, Translator } from '@shop/shared/i18n/translator.ts'

export {
  CATALOGUE_LOCALES,
  type CatalogueLocale,
  DEFAULT_LOCALE,
  DEFAULT_NAMESPACE,
  fallbackLocales,
} from '@shop/shared/i18n/locales.ts'
export type { TranslationParams } from '@shop/shared/i18n/translator.ts'

/** The shared namespaces the staff screens use. */
const NAMESPACES = ['auth', 'ordering', 'checkout', 'scheduling', 'errors', 'notifications', 'print'] as const

const translator = shopTranslator()
const german: Record<(typeof NAMESPACES)[number], object> = {
  auth: deChAuth,
  ordering: deChOrdering,
  checkout: deChCheckout,
  scheduling: deChScheduling,
  errors: deChErrors,
  notifications: deChNotifications,
  print: deChPrint,
}
for (const ns of NAMESPACES) translator.add(DEFAULT_LOCALE, ns, german[ns] as Catalogue)

export const t: Translator['t'] = translator.t
export const hasTranslation: Translator['has'] = translator.has
export const registerNamespace: Translator['addNamespace'] = translator.addNamespace

const others = import.meta.glob<{ default: object }>([
  '../../../../shared/i18n/locales/*/*.json',
  '!../../../../shared/i18n/locales/de-CH/*.json',
])

const loaded = new Map<string, Promise<void>>()

/** Downloads the shared catalogues of a locale once (German is always there). */
export function loadSharedLocale(locale: string): Promise<void> {
  let done = loaded.get(locale)
  if (!done) {
    const files = Object.entries(others).filter(([path]) => path.includes(`/locales/${locale}/`))
    done = Promise.all(
      files.map(([path, load]) =>
        load().then((module) => {
          const ns = /\/([^/]+)\.json$/.exec(path)?.[1]
          if (ns) translator.add(locale, ns, module.default as Catalogue)
        }),
      ),
    ).then(() => {})
    loaded.set(locale, done)
  }
  return done
}
