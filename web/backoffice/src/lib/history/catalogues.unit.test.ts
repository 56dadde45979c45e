import { describe, expect, it } from 'vitest'
import deHistory from '../../locales/de-CH/bo-history.json' with { type: 'json' }
import deLogs from '../../locales/de-CH/bo-logs.json' with { type: 'json' }
import deMedia from '../../locales/de-CH/bo-media.json' with { type: 'json' }
import enHistory from '../../locales/en/bo-history.json' with { type: 'json' }
import enLogs from '../../locales/en/bo-logs.json' with { type: 'json' }
import enMedia from '../../locales/en/bo-media.json' with { type: 'json' }
import frHistory from '../../locales/fr-FR/bo-history.json' with { type: 'json' }
import frLogs from '../../locales/fr-FR/bo-logs.json' with { type: 'json' }
import frMedia from '../../locales/fr-FR/bo-media.json' with { type: 'json' }
import { NAMED_FIELDS } from './history-model.ts'

// The history's, the log's and the media library's texts: every locale has every key of the
// German catalogue, with the same placeholders.

function entries(value: unknown, prefix = ''): [string, string][] {
  if (typeof value === 'string') return [[prefix, value]]
  return Object.entries(value as Record<string, unknown>).flatMap(([key, child]) =>
    entries(child, prefix ? `${prefix}.${key}` : key),
  )
}
const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)/g)].map((m) => m[1]).sort()

const CATALOGUES = {
  'bo-history': [deHistory, enHistory, frHistory],
  'bo-logs': [deLogs, enLogs, frLogs],
  'bo-media': [deMedia, enMedia, frMedia],
} as const

describe.each(Object.entries(CATALOGUES))('%s', (_name, [de, ...others]) => {
  it('has the same keys and placeholders in en and fr-FR as in de-CH', () => {
    const german = new Map(entries(de))
    for (const other of others) {
      const texts = new Map(entries(other))
      expect([...texts.keys()].sort()).toEqual([...german.keys()].sort())
      for (const [key, text] of german) expect(placeholders(texts.get(key)!), key).toEqual(placeholders(text))
    }
  })
})

it('names every field the history panel has a name for', () => {
  expect(Object.keys(deHistory.field).sort()).toEqual([...NAMED_FIELDS].sort())
})
