import { createInstance } from 'i18next'
import { describe, expect, it } from 'vitest'
import { CATALOGUE_LOCALES, DEFAULT_LOCALE, fallbackLocales, hasTranslation, resources, t } from './index.ts'

function keysOf(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix]
  return Object.entries(value).flatMap(([key, child]) => keysOf(child, prefix ? `${prefix}.${key}` : key))
}

function placeholdersOf(text: string): string[] {
  return [...text.matchAll(/\{\{(\w+)\}\}/g)].map((match) => match[1] ?? '').sort()
}

describe('i18n catalogues', () => {
  const german = resources['de-CH'].ordering

  it.each(CATALOGUE_LOCALES.filter((locale) => locale !== DEFAULT_LOCALE))(
    '%s has the same keys and placeholders as de-CH',
    (locale) => {
      const catalogue = resources[locale].ordering
      expect(keysOf(catalogue).sort()).toEqual(keysOf(german).sort())
      for (const key of keysOf(german)) {
        expect(placeholdersOf(t(key, undefined, locale)), key).toEqual(placeholdersOf(t(key)))
      }
    },
  )

  it('translates synchronously with parameters, German by default', () => {
    expect(t('error.illegalTransition', { action: 'Bestätigen', status: 'Storniert' })).toBe(
      'Die Aktion „Bestätigen“ ist bei einer Bestellung im Status „Storniert“ nicht möglich.',
    )
    expect(t('validation.min', { limit: 3 }, 'fr-FR')).toBe('Cette valeur doit être supérieure ou égale à 3.')
  })

  it('falls back: de-AT and de-DE to de-CH, en-GB to en, fr-CH to fr-FR, anything else to de-CH', () => {
    expect(t('status.canceled', undefined, 'de-AT')).toBe('Storniert')
    expect(t('status.canceled', undefined, 'de-DE')).toBe('Storniert')
    expect(t('status.canceled', undefined, 'en-GB')).toBe('Canceled')
    expect(t('status.canceled', undefined, 'en-US')).toBe('Canceled')
    expect(t('status.canceled', undefined, 'fr-CH')).toBe('Annulée')
    expect(t('status.canceled', undefined, 'it-IT')).toBe('Storniert')
  })

  it('accepts a namespace prefix', () => {
    expect(t('ordering:status.ready')).toBe('Abholbereit')
  })

  it('does not let a parameter named like an option change the lookup', () => {
    expect(t('validation.type', { type: 'int', lng: 'en' })).toBe('Dieser Wert sollte vom Typ int sein.')
  })

  it('does not escape HTML characters in parameters', () => {
    expect(t('validation.type', { type: '<int>' })).toBe('Dieser Wert sollte vom Typ <int> sein.')
  })

  it('knows which keys exist', () => {
    expect(hasTranslation('status.confirmed')).toBe(true)
    expect(hasTranslation('status.nope')).toBe(false)
  })
})

describe('filling placeholders', () => {
  // The reference: i18next itself, configured as the catalogue module configures it.
  const reference = createInstance()
  void reference.init({
    resources,
    lng: DEFAULT_LOCALE,
    fallbackLng: fallbackLocales,
    ns: Object.keys(resources[DEFAULT_LOCALE]),
    defaultNS: 'ordering',
    initAsync: false,
    returnNull: false,
    interpolation: { escapeValue: false },
  })

  it('gives what i18next gives, for every text of every catalogue and locale', () => {
    const values = {
      branch: 'Zürich $& {{x}}',
      name: 'Anna',
      price: 'CHF 6.90',
      limit: 3,
      link: 'https://x/y',
    }
    let checked = 0
    for (const locale of [...CATALOGUE_LOCALES, 'de-AT', 'fr-CH']) {
      for (const ns of Object.keys(resources[DEFAULT_LOCALE]) as (keyof (typeof resources)['de-CH'])[]) {
        for (const key of keysOf(resources[DEFAULT_LOCALE][ns])) {
          if (/_(one|other)$/.test(key)) continue
          const full = `${ns}:${key}`
          // Every placeholder of the text filled, one left out, and none.
          const names = placeholdersOf(reference.t(full, { lng: locale, replace: {} }) as string)
          const all = Object.fromEntries(
            names.map((n) => [n, (values as Record<string, string | number>)[n] ?? `<${n}>`]),
          )
          const some = Object.fromEntries(Object.entries(all).slice(1))
          for (const params of [all, some, {}]) {
            expect(t(full, params, locale), `${locale} ${full}`).toBe(
              String(reference.t(full, { lng: locale, replace: params })),
            )
            checked++
          }
        }
      }
    }
    expect(checked).toBeGreaterThan(300)
  })

  it('gives what i18next gives for every plural text, count and locale', () => {
    let checked = 0
    for (const locale of [...CATALOGUE_LOCALES, 'de-AT', 'fr-CH']) {
      for (const ns of Object.keys(resources[DEFAULT_LOCALE]) as (keyof (typeof resources)['de-CH'])[]) {
        const bases = new Set(
          keysOf(resources[DEFAULT_LOCALE][ns])
            .filter((key) => /_(one|other)$/.test(key))
            .map((key) => key.replace(/_(one|other)$/, '')),
        )
        for (const base of bases) {
          for (const count of [0, 1, 2, 5]) {
            const full = `${ns}:${base}`
            expect(t(full, { count }, locale), `${locale} ${full} ${count}`).toBe(
              String(reference.t(full, { lng: locale, count })),
            )
            checked++
          }
        }
      }
    }
    expect(checked).toBeGreaterThan(10)
  })

  it('plurals by count, as i18next makes them', () => {
    expect(t('print:items.uploads', { count: 1 })).toBe('1 Datei')
    expect(t('print:items.uploads', { count: 2 })).toBe('2 Dateien')
  })
})
