import { describe, expect, it } from 'vitest'
import de from '../../locales/de-CH/bo-time-tracking.json' with { type: 'json' }
import en from '../../locales/en/bo-time-tracking.json' with { type: 'json' }
import fr from '../../locales/fr-FR/bo-time-tracking.json' with { type: 'json' }

// The time-tracking screens' texts: every locale has every key of the German catalogue, with
// the same placeholders; the German is Swiss ("ss", never "ß").

function entries(value: unknown, prefix = ''): [string, string][] {
  if (typeof value === 'string') return [[prefix, value]]
  return Object.entries(value as Record<string, unknown>).flatMap(([key, child]) =>
    entries(child, prefix ? `${prefix}.${key}` : key),
  )
}
const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)/g)].map((m) => m[1]).sort()

describe('bo-time-tracking', () => {
  it('has the same keys and placeholders in en and fr-FR as in de-CH', () => {
    const german = new Map(entries(de))
    for (const other of [en, fr]) {
      const texts = new Map(entries(other))
      expect([...texts.keys()].sort()).toEqual([...german.keys()].sort())
      for (const [key, text] of german) expect(placeholders(texts.get(key)!), key).toEqual(placeholders(text))
    }
  })
  it('writes Swiss German', () => {
    expect(entries(de).filter(([, text]) => text.includes('ß'))).toEqual([])
  })
})
