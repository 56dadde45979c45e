import { describe, expect, it } from 'vitest'
// The German catalogue's words, as a stand-in for the app's `t`.
import de from '../../locales/de-CH/bo-history.json' with { type: 'json' }
import deProducts from '../../locales/de-CH/bo-products.json' with { type: 'json' }
import {
  actorText,
  canRestore,
  changeLabel,
  editorFieldLabel,
  fieldOf,
  formatInstant,
  type HistoryEntry,
  historyPath,
  restorePath,
  showValue,
  versionToSend,
} from './history-model.ts'

const t = (key: string, params: Record<string, string | number> = {}) => {
  let text: unknown = de
  for (const part of key.split('.')) text = (text as Record<string, unknown>)?.[part]
  if (typeof text !== 'string') {
    const plural = (de.value as Record<string, string>)[
      `${key.split('.').at(-1)}_${params.count === 1 ? 'one' : 'other'}`
    ]
    text = plural ?? key
  }
  return (text as string).replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(params[name]))
}
const formats = { locale: 'de-CH', timeZone: 'Europe/Zurich' }

const entry = (version: number, kind: HistoryEntry['kind']): HistoryEntry => ({
  version,
  kind,
  at: '2026-11-24T09:05:00.000Z',
  actor: null,
  changes: [],
})

describe('the history paths', () => {
  it('are the resource path with its id, and /config for the configuration', () => {
    expect(historyPath('products', 'p/1')).toBe('/products/p%2F1/history')
    expect(historyPath('products', 'p1', { before: 7, limit: 50 })).toBe(
      '/products/p1/history?limit=50&before=7',
    )
    expect(historyPath('config', 'config')).toBe('/config/history')
    expect(restorePath('images', 'i1')).toBe('/images/i1/restore')
    expect(restorePath('config', 'config')).toBe('/config/restore')
  })
})

describe('which versions may be restored', () => {
  it('any older one but a deletion; never the newest', () => {
    expect(canRestore(entry(1, 'created'), 3)).toBe(true)
    expect(canRestore(entry(2, 'restored'), 3)).toBe(true)
    expect(canRestore(entry(3, 'updated'), 3)).toBe(false)
    expect(canRestore(entry(2, 'deleted'), 3)).toBe(false)
  })

  it("sends the editor's version until a stale refusal made the user see a newer one", () => {
    expect(versionToSend(4, undefined)).toBe(4)
    expect(versionToSend(4, 6)).toBe(6)
    // The editor saved meanwhile (a newer prop): that one.
    expect(versionToSend(7, 6)).toBe(7)
  })
})

describe('a change in words', () => {
  it('names the field, the item it is in, and an inner item by its number', () => {
    expect(changeLabel({ path: 'price' }, t)).toBe('Preis')
    expect(changeLabel({ path: 'deliveryAreas.id:a1.price', item: 'Nord' }, t)).toBe(
      'Liefergebiete › Nord › Preis',
    )
    expect(changeLabel({ path: 'openingHours.1.to' }, t)).toBe('Öffnungszeiten › Nr. 2 › Bis')
    expect(changeLabel({ path: 'images.id:4f1c0a9e-1111' }, t)).toBe('Bilder')
    expect(changeLabel({ path: 'config.parts.0.options.0.value', item: 'Dinkel' }, t)).toBe(
      'Konfiguration › Bestandteile › Nr. 1 › Optionen › Dinkel › Wert',
    )
    // A field the panel has no name for shows its key…
    expect(changeLabel({ path: 'mapZoom' }, t)).toBe('mapZoom')
    // …unless the resource's editor names it: the product editor's words for its lead time.
    const withEditor = (key: string) => {
      const [ns, path] = key.split(':') as [string, string]
      if (ns !== 'bo-products') return key
      const text = path.split('.').reduce<unknown>((v, k) => (v as Record<string, unknown>)?.[k], deProducts)
      return typeof text === 'string' ? text : path
    }
    const productField = (field: string) => editorFieldLabel('products', field, withEditor)
    expect(changeLabel({ path: 'isLeadTimeEnabled' }, t, productField)).toBe(
      deProducts.fields.isLeadTimeEnabled,
    )
    expect(changeLabel({ path: 'leadTimeValue' }, t, productField)).toBe(deProducts.fields.leadTimeValue)
    expect(changeLabel({ path: 'noSuchField' }, t, productField)).toBe('noSuchField')
    expect(editorFieldLabel('tags', 'name', withEditor)).toBeUndefined()
    expect(fieldOf('deliveryAreas.id:a1.price')).toBe('price')
    expect(fieldOf('openingHours.1')).toBe('openingHours')
  })

  it('shows values readably: money, yes/no, empty, dates, lists, images', () => {
    expect(showValue(560, 'price', t, formats)).toEqual({ text: '5.60' })
    expect(showValue(1234567, 'maximumOrderValue', t, formats).text).toMatch(
      /^12.345,67$|^12’345.67$|^12'345.67$/,
    )
    expect(showValue(8.1, 'tax', t, formats)).toEqual({ text: '8.1' })
    expect(showValue(true, 'isEnabled', t, formats)).toEqual({ text: 'Ja' })
    expect(showValue(false, 'isEnabled', t, formats)).toEqual({ text: 'Nein' })
    expect(showValue(null, 'alt', t, formats)).toEqual({ text: 'leer' })
    expect(showValue([], 'roles', t, formats)).toEqual({ text: 'leer' })
    expect(showValue(['ROLE_ADMIN', 'ROLE_EMPLOYEE'], 'roles', t, formats)).toEqual({
      text: 'ROLE_ADMIN, ROLE_EMPLOYEE',
    })
    expect(showValue('2026-11-24T09:05:00.000Z', 'availableFrom', t, formats)).toEqual({
      text: '24.11.2026 10:05',
    })
    expect(showValue({ id: 'i1', version: 2, extension: 'jpg' }, 'image', t, formats)).toEqual({
      image: { id: 'i1', version: 2, extension: 'jpg' },
      text: 'Bild',
    })
    expect(
      showValue(
        [
          { id: 'a', area: 'Nord' },
          { id: 'b', area: 'Süd' },
        ],
        'deliveryAreas',
        t,
        formats,
      ),
    ).toEqual({
      text: 'Nord, Süd',
    })
    expect(showValue([{ type: 'daily' }, { type: 'once' }], 'openingHours', t, formats)).toEqual({
      text: '2 Einträge',
    })
    expect(showValue('x'.repeat(400), 'description', t, formats).text).toHaveLength(160)
  })

  it('formats an instant as DD.MM.YYYY HH:mm in the zone', () => {
    expect(formatInstant('2026-07-01T22:30:00Z', formats)).toBe('02.07.2026 00:30')
  })

  it('names who changed it', () => {
    expect(actorText({ kind: 'staff', id: 'u1', name: 'Clara Chefin', username: 'chefin' }, t)).toBe(
      'Clara Chefin (chefin)',
    )
    expect(actorText({ kind: 'staff', id: 'u1', name: 'chefin', username: 'chefin' }, t)).toBe('chefin')
    expect(actorText({ kind: 'system', id: 'cli' }, t)).toBe('System')
    expect(actorText(null, t)).toBe('unbekannt')
  })
})
