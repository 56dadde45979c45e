import { describe, expect, it } from 'vitest'
import { CATALOGUE_LOCALES, DEFAULT_LOCALE, hasTranslation, resources, t } from '../../i18n/index.ts'

function keysOf(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix]
  return Object.entries(value).flatMap(([key, child]) => keysOf(child, prefix ? `${prefix}.${key}` : key))
}

function placeholdersOf(text: string): string[] {
  return [...text.matchAll(/\{\{(\w+)\}\}/g)].map((match) => match[1] ?? '').sort()
}

describe('scheduling catalogue', () => {
  const german = resources['de-CH'].scheduling

  it.each(CATALOGUE_LOCALES.filter((locale) => locale !== DEFAULT_LOCALE))(
    '%s has the same keys and placeholders as de-CH',
    (locale) => {
      expect(keysOf(resources[locale].scheduling).sort()).toEqual(keysOf(german).sort())
      for (const key of keysOf(german)) {
        const namespaced = `scheduling:${key}`
        expect(placeholdersOf(t(namespaced, undefined, locale)), key).toEqual(placeholdersOf(t(namespaced)))
      }
    },
  )

  it('holds the spec’s German texts', () => {
    expect(t('scheduling:card.openToday', { from: '08:00', to: '18:00' })).toBe(
      'Offen heute 08:00 Uhr bis 18:00 Uhr',
    )
    expect(t('scheduling:card.opensOn', { day: 'Montag', from: '08:00' })).toBe('Öffnet Montag um 08:00 Uhr')
    expect(t('scheduling:timePicker.availableTimes')).toBe('Verfügbare Zeiten:')
    expect(t('scheduling:notice.closed')).toBe('Derzeit haben wir leider geschlossen.')
    expect(hasTranslation('scheduling:unavailable.noSlotsDay')).toBe(true)
  })
})
