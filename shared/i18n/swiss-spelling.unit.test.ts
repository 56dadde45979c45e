import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

// Issue 18: Swiss German writes "ss", never "ß" ("Schliessen", "Abschliessen", "grösser").
// Every de-CH catalogue of the repository: the shared ones and each web app's.
const root = fileURLToPath(new URL('../..', import.meta.url))

function deChCatalogues(): string[] {
  const dirs = [join(root, 'shared/i18n/locales/de-CH')]
  for (const app of readdirSync(join(root, 'web'), { withFileTypes: true })) {
    if (!app.isDirectory()) continue
    const dir = join(root, 'web', app.name, 'src/locales/de-CH')
    try {
      readdirSync(dir)
      dirs.push(dir)
    } catch {
      // This app has no catalogues of its own.
    }
  }
  return dirs.flatMap((dir) =>
    readdirSync(dir)
      .filter((name) => name.endsWith('.json'))
      .map((name) => join(dir, name)),
  )
}

/** Every text of a catalogue with its key ('close', 'validation.greaterThan'). */
function texts(value: unknown, path = ''): [string, string][] {
  if (typeof value === 'string') return [[path, value]]
  if (typeof value !== 'object' || value === null) return []
  return Object.entries(value).flatMap(([key, inner]) => texts(inner, path ? `${path}.${key}` : key))
}

describe('de-CH catalogues', () => {
  const files = deChCatalogues()

  it('are found (the shared ones and the storefront and back-office ones)', () => {
    const names = files.map((file) => relative(root, file))
    expect(names).toContain('shared/i18n/locales/de-CH/ordering.json')
    expect(names.some((name) => name.startsWith('web/storefront/'))).toBe(true)
    expect(names.some((name) => name.startsWith('web/backoffice/'))).toBe(true)
  })

  it('never write "ß" (Swiss German uses "ss")', () => {
    const found = files.flatMap((file) =>
      texts(JSON.parse(readFileSync(file, 'utf8')))
        .filter(([, text]) => text.includes('ß'))
        .map(([key, text]) => `${relative(root, file)} ${key}: ${text}`),
    )
    expect(found).toEqual([])
  })
})
