import { describe, expect, it } from 'vitest'
import { localeOf } from './http-helpers.ts'

describe('localeOf', () => {
  it.each([
    [undefined, 'de-CH'],
    ['', 'de-CH'],
    ['fr', 'fr-FR'],
    ['fr-CH,fr;q=0.9,en;q=0.8', 'fr-FR'],
    ['en-US,en;q=0.9', 'en'],
    ['it-CH,fr;q=0.5', 'fr-FR'],
    ['de-AT', 'de-CH'],
    ['en;q=0.2,fr;q=0.8', 'fr-FR'],
    ['fr;q=0,en', 'en'],
    ['*', 'de-CH'],
  ])('%s → %s', (header, locale) => {
    expect(localeOf(header)).toBe(locale)
  })
})
