import { describe, expect, it } from 'vitest'
import deSignage from '../../locales/de-CH/bo-signage.json' with { type: 'json' }
import enSignage from '../../locales/en/bo-signage.json' with { type: 'json' }
import frSignage from '../../locales/fr-FR/bo-signage.json' with { type: 'json' }

// The signage texts (player and back-office): every locale has every key of the German
// catalogue, with the same placeholders; the German is Swiss (no ß).

function entries(value: unknown, prefix = ''): [string, string][] {
  if (typeof value === 'string') return [[prefix, value]]
  return Object.entries(value as Record<string, unknown>).flatMap(([key, child]) =>
    entries(child, prefix ? `${prefix}.${key}` : key),
  )
}
const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)/g)].map((m) => m[1]).sort()

describe('bo-signage', () => {
  it('has the same keys and placeholders in en and fr-FR as in de-CH, and no ß', () => {
    const german = new Map(entries(deSignage))
    expect(german.size).toBeGreaterThan(50)
    for (const other of [enSignage, frSignage]) {
      const texts = new Map(entries(other))
      expect([...texts.keys()].sort()).toEqual([...german.keys()].sort())
      for (const [key, text] of german) expect(placeholders(texts.get(key)!), key).toEqual(placeholders(text))
    }
    for (const [key, text] of german) expect(text, key).not.toContain('ß')
    expect(german.get('pickup.preparing')).toBe('In Vorbereitung')
    expect(german.get('pickup.ready')).toBe('Abholbereit')
  })
})
