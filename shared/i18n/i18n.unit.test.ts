import { describe, expect, it } from 'vitest'
import { CATALOGUE_LOCALES, DEFAULT_LOCALE, hasTranslation, resources, t } from './index.ts'

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
