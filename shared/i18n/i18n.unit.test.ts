import { describe, expect, it } from 'vitest'
import {
  CATALOGUE_LOCALES,
  DEFAULT_LOCALE,
  hasTranslation,
  i18n,
  registerNamespace,
  resources,
  t,
} from './index.ts'
import { createShopI18n, translationsOf } from './instance.ts'

type Namespace = keyof (typeof resources)['de-CH']
const NAMESPACES = Object.keys(resources[DEFAULT_LOCALE]) as Namespace[]

function keysOf(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix]
  return Object.entries(value).flatMap(([key, child]) => keysOf(child, prefix ? `${prefix}.${key}` : key))
}

/** The placeholders' names, formatted ones (`{{rate, number}}`) included. */
function placeholdersOf(text: string): string[] {
  return [...text.matchAll(/\{\{\s*(\w+)\s*(?:,[^}]*)?\}\}/g)].map((match) => match[1] ?? '').sort()
}

describe('the catalogues', () => {
  it.each(CATALOGUE_LOCALES.filter((locale) => locale !== DEFAULT_LOCALE))(
    '%s has the keys and placeholders of de-CH in every namespace',
    (locale) => {
      for (const ns of NAMESPACES) {
        const german = resources[DEFAULT_LOCALE][ns]
        expect(keysOf(resources[locale][ns]).sort(), ns).toEqual(keysOf(german).sort())
        for (const key of keysOf(german)) {
          const full = `${ns}:${key}`
          expect(placeholdersOf(t(full, undefined, locale)), `${locale} ${full}`).toEqual(
            placeholdersOf(t(full)),
          )
        }
      }
    },
  )

  it('are what the i18next instance holds, and t gives what i18n.t gives for every text', () => {
    const values: Record<string, string | number> = { branch: 'Zürich $& {{x}}', name: 'Anna', limit: 3 }
    let checked = 0
    for (const locale of [...CATALOGUE_LOCALES, 'de-AT', 'fr-CH', 'it-IT']) {
      for (const ns of NAMESPACES) {
        for (const key of keysOf(resources[DEFAULT_LOCALE][ns])) {
          const full = `${ns}:${key.replace(/_(one|other)$/, '')}`
          const names = placeholdersOf(t(full, undefined, locale))
          // Every placeholder filled, one left out, and none; plural texts with a count.
          const all: Record<string, string | number> = Object.fromEntries(
            names.map((n) => [n, values[n] ?? (n === 'rate' ? 8.1 : `<${n}>`)]),
          )
          const some = Object.fromEntries(Object.entries(all).slice(1))
          const counts = /_(one|other)$/.test(key) ? [0, 1, 2, 5] : [undefined]
          for (const count of counts) {
            for (const params of [all, some, {}]) {
              const withCount = count === undefined ? params : { ...params, count }
              expect(t(full, withCount, locale), `${locale} ${full} ${count}`).toBe(
                String(
                  i18n.t(full, {
                    lng: locale,
                    ...(count === undefined ? {} : { count }),
                    replace: withCount,
                  }),
                ),
              )
              checked++
            }
          }
        }
      }
    }
    expect(checked).toBeGreaterThan(3000)
  })
})

describe('t', () => {
  it('translates synchronously with parameters, German by default', () => {
    expect(t('error.illegalTransition', { action: 'Bestätigen', status: 'Storniert' })).toBe(
      'Die Aktion „Bestätigen“ ist bei einer Bestellung im Status „Storniert“ nicht möglich.',
    )
    expect(t('validation.min', { limit: 3 }, 'fr-FR')).toBe('Cette valeur doit être supérieure ou égale à 3.')
    expect(t('status.canceled', undefined, '')).toBe('Storniert')
  })

  it('falls back: de-AT and de-DE to de-CH, en-GB to en, fr-CH to fr-FR, anything else to de-CH', () => {
    expect(t('status.canceled', undefined, 'de-AT')).toBe('Storniert')
    expect(t('status.canceled', undefined, 'de-DE')).toBe('Storniert')
    expect(t('status.canceled', undefined, 'en-GB')).toBe('Canceled')
    expect(t('status.canceled', undefined, 'en-US')).toBe('Canceled')
    expect(t('status.canceled', undefined, 'fr-CH')).toBe('Annulée')
    expect(t('status.canceled', undefined, 'it-IT')).toBe('Storniert')
  })

  it('takes a text missing in a locale from the next one of its chain', () => {
    registerNamespace('test-fallback', {
      'de-CH': { onlyGerman: 'Nur deutsch', both: 'Beide' },
      'fr-FR': { onlyFrench: 'Seulement en français', both: 'Les deux' },
      en: { both: 'Both' },
    })
    expect(t('test-fallback:onlyGerman', undefined, 'fr-CH')).toBe('Nur deutsch')
    expect(t('test-fallback:onlyGerman', undefined, 'en-GB')).toBe('Nur deutsch')
    expect(t('test-fallback:onlyFrench', undefined, 'fr-CH')).toBe('Seulement en français')
    expect(t('test-fallback:onlyFrench', undefined, 'de-CH')).toBe('onlyFrench')
    expect(t('test-fallback:both', undefined, 'fr-BE')).toBe('Les deux')
    expect(t('test-fallback:both', undefined, 'en')).toBe('Both')
    expect(hasTranslation('test-fallback:onlyGerman', 'fr-FR')).toBe(true)
    expect(hasTranslation('test-fallback:onlyFrench', 'de-AT')).toBe(false)
  })

  it('accepts a namespace prefix; the default namespace is ordering', () => {
    expect(t('ordering:status.ready')).toBe('Abholbereit')
    expect(t('status.ready')).toBe('Abholbereit')
    expect(t('print:items.amount', undefined, 'en')).toBe(i18n.t('print:items.amount', { lng: 'en' }))
  })

  it('gives a missing key back without its namespace, its placeholders filled', () => {
    expect(t('ordering:status.nope')).toBe('status.nope')
    expect(t('nope.deeper', undefined, 'fr-FR')).toBe('nope.deeper')
    expect(t('unknown-ns:some.key')).toBe('some.key')
    expect(t('nope.{{x}}', { x: 'y' })).toBe('nope.y')
    // A key naming a group of texts is missing too.
    expect(t('status')).toBe('status')
    expect(hasTranslation('status')).toBe(false)
  })

  it('plurals by count, zero first when the text has a _zero form, per locale', () => {
    expect(t('print:items.uploads', { count: 1 })).toBe('1 Datei')
    expect(t('print:items.uploads', { count: 2 })).toBe('2 Dateien')
    expect(t('print:items.uploads', { count: 0 })).toBe('0 Dateien')
    registerNamespace('test-plural', {
      'de-CH': { files_zero: 'Keine Dateien', files_one: 'Eine Datei', files_other: '{{count}} Dateien' },
      'fr-FR': { files_one: '{{count}} fichier', files_other: '{{count}} fichiers' },
      en: { files: '{{count}} file(s)' },
    })
    expect(t('test-plural:files', { count: 0 })).toBe('Keine Dateien')
    expect(t('test-plural:files', { count: 1 })).toBe('Eine Datei')
    expect(t('test-plural:files', { count: 7 })).toBe('7 Dateien')
    // French: 0 and 1 are both 'one'; no _zero there.
    expect(t('test-plural:files', { count: 0 }, 'fr-FR')).toBe('0 fichier')
    expect(t('test-plural:files', { count: 1.5 }, 'fr-FR')).toBe('1.5 fichier')
    expect(t('test-plural:files', { count: 2 }, 'fr-FR')).toBe('2 fichiers')
    // No plural forms: the plain text.
    expect(t('test-plural:files', { count: 3 }, 'en')).toBe('3 file(s)')
    // A count that is not a number is only a value.
    expect(t('test-plural:files', { count: '3' }, 'en')).toBe('3 file(s)')
  })

  it('fills {{name}} placeholders, leaves a missing one, never interpolates or nests a value', () => {
    expect(t('notifications:mail.greeting', { name: 'Anna' })).toBe('Guten Tag Anna,')
    expect(t('notifications:mail.greeting', {})).toBe('Guten Tag {{name}},')
    expect(t('notifications:mail.greeting')).toBe('Guten Tag {{name}},')
    expect(t('notifications:mail.greeting', { name: '{{name}} $& $t(status.ready)' })).toBe(
      'Guten Tag {{name}} $& $t(status.ready),',
    )
    expect(t('validation.min', { limit: 0 })).toBe(t('validation.min', { limit: '0' }))
  })

  it('does not let a parameter named like an option change the lookup', () => {
    expect(
      t('validation.type', {
        type: 'int',
        lng: 'en',
        ns: 'print',
        context: 'male',
        defaultValue: 'x',
        keyPrefix: 'y',
      }),
    ).toBe('Dieser Wert sollte vom Typ int sein.')
    expect(t('validation.min', { limit: 3, replace: 'no', lngs: 'fr-FR' })).toBe(
      'Dieser Wert sollte 3 oder mehr sein.',
    )
  })

  it('does not escape HTML characters in parameters (React and the mails escape)', () => {
    expect(t('validation.type', { type: '<int>&"' })).toBe('Dieser Wert sollte vom Typ <int>&" sein.')
  })

  it("formats numbers with i18next's Intl formats: the mails' VAT rate", () => {
    expect(t('notifications:order.tax', { rate: 8.1 })).toBe('inkl. MwSt. 8.1 %')
    expect(t('notifications:order.tax', { rate: 2.6 }, 'fr-FR')).toBe('dont TVA 2,6 %')
    expect(t('notifications:order.tax', { rate: 7.7 }, 'en')).toBe('incl. VAT 7.7 %')
    expect(t('notifications:order.tax', { rate: 2.555 })).toBe('inkl. MwSt. 2.56 %')
    expect(t('notifications:order.tax', { rate: 19 }, 'de-AT')).toBe('inkl. MwSt. 19 %')
  })

  it('formats numbers, money, dates and lists in the asked locale', () => {
    registerNamespace('test-format', {
      'de-CH': {
        number: 'Zahl {{value, number}}',
        money: 'Preis {{amount, currency(currency: CHF)}}',
        date: 'Am {{when, datetime(dateStyle: long; timeZone: Europe/Zurich)}}',
        list: 'Mit {{names, list}}',
      },
    })
    // What Intl gives for the asked locale (the separators are ICU's).
    const when = new Date('2026-03-01T12:00:00Z')
    expect(t('test-format:number', { value: 1234.5 })).toBe(
      `Zahl ${new Intl.NumberFormat('de-CH').format(1234.5)}`,
    )
    expect(t('test-format:number', { value: 1234.5 }, 'fr-CH')).toBe(
      `Zahl ${new Intl.NumberFormat('fr-CH').format(1234.5)}`,
    )
    expect(t('test-format:money', { amount: 6.9 })).toBe(
      `Preis ${new Intl.NumberFormat('de-CH', { style: 'currency', currency: 'CHF' }).format(6.9)}`,
    )
    expect(String(i18n.t('test-format:date', { lng: 'de-CH', when }))).toBe(
      `Am ${new Intl.DateTimeFormat('de-CH', { dateStyle: 'long', timeZone: 'Europe/Zurich' }).format(when)}`,
    )
    expect(String(i18n.t('test-format:list', { lng: 'en', names: ['a', 'b', 'c'] }))).toBe('Mit a, b, and c')
  })
})

describe('hasTranslation', () => {
  it('knows which keys exist, in a locale or its fallbacks', () => {
    expect(hasTranslation('status.confirmed')).toBe(true)
    expect(hasTranslation('status.confirmed', 'fr-CH')).toBe(true)
    expect(hasTranslation('notifications:unit.piece', 'en')).toBe(
      resources.en.notifications.unit.piece !== undefined,
    )
    expect(hasTranslation('status.nope')).toBe(false)
    expect(hasTranslation('nope:status.confirmed')).toBe(false)
  })
})

describe('registerNamespace', () => {
  it("adds an app's namespace; adding again merges, the new texts winning; t sees the change", () => {
    expect(t('test-app:title')).toBe('title')
    expect(hasTranslation('test-app:title')).toBe(false)
    registerNamespace('test-app', {
      'de-CH': { title: 'Titel', nested: { a: 'A', b: 'B' } },
      'fr-FR': { title: 'Titre' },
    })
    expect(t('test-app:title')).toBe('Titel')
    expect(t('test-app:title', undefined, 'fr-FR')).toBe('Titre')
    expect(t('test-app:nested.b', undefined, 'fr-FR')).toBe('B')
    expect(hasTranslation('test-app:title')).toBe(true)
    registerNamespace('test-app', { 'de-CH': { nested: { b: 'Neu {{n}}' } } })
    expect(t('test-app:nested.a')).toBe('A')
    expect(t('test-app:nested.b', { n: 1 })).toBe('Neu 1')
    expect(t('test-app:title')).toBe('Titel')
  })

  it('reaches the shared instance (react-i18next uses it) and leaves the imported catalogues alone', () => {
    registerNamespace('ordering', { 'de-CH': { status: { ready: 'Überschrieben' } } })
    expect(t('status.ready')).toBe('Überschrieben')
    expect(i18n.getFixedT('de-CH', 'ordering')('status.ready')).toBe('Überschrieben')
    expect(resources['de-CH'].ordering.status.ready).toBe('Abholbereit')
    registerNamespace('ordering', { 'de-CH': { status: { ready: 'Abholbereit' } } })
    expect(t('status.ready')).toBe('Abholbereit')
  })

  it('keeps instances apart: an app builds its own over fewer catalogues', () => {
    const own = translationsOf(createShopI18n({ 'de-CH': { ordering: resources['de-CH'].ordering } }))
    expect(own.t('status.ready', undefined, 'fr-FR')).toBe('Abholbereit')
    own.registerNamespace('ordering', { 'fr-FR': resources['fr-FR'].ordering })
    expect(own.t('status.ready', undefined, 'fr-FR')).toBe('Prête à être retirée')
    expect(own.t('print:items.amount')).toBe('items.amount')
    expect(t('print:items.amount')).not.toBe('items.amount')
  })
})

describe('filling placeholders', () => {
  it("fills every catalogue text as i18next's own t does, with values given for each placeholder", () => {
    let compared = 0
    for (const locale of CATALOGUE_LOCALES) {
      for (const ns of NAMESPACES) {
        for (const key of keysOf(resources[locale][ns])) {
          const text = i18n.t(`${ns}:${key}`, { lng: locale, skipInterpolation: true }) as string
          const names = placeholdersOf(text)
          if (names.length === 0) continue
          const params = Object.fromEntries(names.map((name, i) => [name, i % 2 ? i * 1.5 : `«${name}»`]))
          expect(t(`${ns}:${key}`, params, locale), `${locale} ${ns}:${key}`).toBe(
            i18n.t(`${ns}:${key}`, { lng: locale, replace: params }),
          )
          compared++
        }
      }
    }
    expect(compared).toBeGreaterThan(50)
  })
})
