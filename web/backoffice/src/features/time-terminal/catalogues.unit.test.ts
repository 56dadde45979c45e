import { describe, expect, it } from 'vitest'
import deTerminal from '../../locales/de-CH/bo-time-terminal.json' with { type: 'json' }
import deUsers from '../../locales/de-CH/bo-users.json' with { type: 'json' }
import enTerminal from '../../locales/en/bo-time-terminal.json' with { type: 'json' }
import enUsers from '../../locales/en/bo-users.json' with { type: 'json' }
import frTerminal from '../../locales/fr-FR/bo-time-terminal.json' with { type: 'json' }
import frUsers from '../../locales/fr-FR/bo-users.json' with { type: 'json' }

// The terminal's texts and the user editor's terminal link: every locale has every key of the
// German catalogue, with the same placeholders; the German is Swiss (no ß).

function entries(value: unknown, prefix = ''): [string, string][] {
  if (typeof value === 'string') return [[prefix, value]]
  return Object.entries(value as Record<string, unknown>).flatMap(([key, child]) =>
    entries(child, prefix ? `${prefix}.${key}` : key),
  )
}
const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)/g)].map((m) => m[1]).sort()

const CATALOGUES = {
  'bo-time-terminal': [deTerminal, enTerminal, frTerminal],
  'bo-users terminal': [deUsers.terminal, enUsers.terminal, frUsers.terminal],
} as const

describe.each(Object.entries(CATALOGUES))('%s', (_name, [de, ...others]) => {
  it('has the same keys and placeholders in en and fr-FR as in de-CH', () => {
    const german = new Map(entries(de))
    expect(german.size).toBeGreaterThan(5)
    for (const other of others) {
      const texts = new Map(entries(other))
      expect([...texts.keys()].sort()).toEqual([...german.keys()].sort())
      for (const [key, text] of german) expect(placeholders(texts.get(key)!), key).toEqual(placeholders(text))
    }
    for (const [key, text] of german) expect(text, key).not.toContain('ß')
  })
})
