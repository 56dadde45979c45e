import { describe, expect, it } from 'vitest'
import { diffStates, itemLabel, jsonEqual } from './state-diff.ts'

describe('diffStates', () => {
  it('finds nothing between equal states, whatever the key order', () => {
    expect(diffStates({ a: 1, b: { c: [1, 2] } }, { b: { c: [1, 2] }, a: 1 })).toEqual([])
  })

  it('a creation (nothing before) adds each top-level field with its whole value', () => {
    expect(diffStates(undefined, { name: 'Zopf', images: [{ id: 'i1' }], price: 690 })).toEqual([
      { path: 'name', op: 'added', new: 'Zopf' },
      { path: 'images', op: 'added', new: [{ id: 'i1' }] },
      { path: 'price', op: 'added', new: 690 },
    ])
  })

  it('names changed, added and removed fields with their old and new values', () => {
    expect(diffStates({ name: 'A', price: 100, note: 'x' }, { name: 'B', price: 100, alt: null })).toEqual([
      { path: 'name', op: 'changed', old: 'A', new: 'B' },
      { path: 'alt', op: 'added', new: null },
      { path: 'note', op: 'removed', old: 'x' },
    ])
  })

  it('walks into nested objects; null to an object is one change', () => {
    expect(
      diffStates(
        { config: { parts: [] }, logo: null, schedule: { from: '08:00', to: '12:00' } },
        { config: { parts: [] }, logo: { id: 'l', version: 1 }, schedule: { from: '09:00', to: '12:00' } },
      ),
    ).toEqual([
      { path: 'logo', op: 'changed', old: null, new: { id: 'l', version: 1 } },
      { path: 'schedule.from', op: 'changed', old: '08:00', new: '09:00' },
    ])
  })

  it('matches items with ids by id: changed inside, added, removed, and a new order', () => {
    const before = {
      deliveryAreas: [
        { id: 'a1', area: 'Nord', price: 500 },
        { id: 'a2', area: 'Süd', price: 700 },
        { id: 'a3', area: 'West', price: 900 },
      ],
    }
    const after = {
      deliveryAreas: [
        { id: 'a3', area: 'West', price: 900 },
        { id: 'a1', area: 'Nord', price: 600 },
        { id: 'a4', area: 'Ost', price: 400 },
      ],
    }
    expect(diffStates(before, after)).toEqual([
      { path: 'deliveryAreas.id:a1.price', op: 'changed', old: 500, new: 600, item: 'Nord' },
      { path: 'deliveryAreas.id:a4', op: 'added', new: { id: 'a4', area: 'Ost', price: 400 }, item: 'Ost' },
      { path: 'deliveryAreas.id:a2', op: 'removed', old: { id: 'a2', area: 'Süd', price: 700 }, item: 'Süd' },
      { path: 'deliveryAreas', op: 'reordered', old: ['a1', 'a3'], new: ['a3', 'a1'] },
    ])
  })

  it('an item removed from the front of a list by id is one removal, not a change of every item', () => {
    const images = [
      { id: 'x', version: 1, extension: 'jpg' },
      { id: 'y', version: 1, extension: 'png' },
    ]
    expect(diffStates({ images }, { images: [images[1]] })).toEqual([
      { path: 'images.id:x', op: 'removed', old: images[0] },
    ])
  })

  it('matches items without ids (or with repeated ids) by position', () => {
    const before = { openingHours: [{ type: 'daily', from: '08:00', to: '18:00' }] }
    const after = {
      openingHours: [
        { type: 'daily', from: '08:00', to: '19:00' },
        { type: 'once', from: null, to: null },
      ],
    }
    expect(diffStates(before, after)).toEqual([
      { path: 'openingHours.0.to', op: 'changed', old: '18:00', new: '19:00' },
      { path: 'openingHours.1', op: 'added', new: { type: 'once', from: null, to: null } },
    ])
    expect(
      diffStates(
        {
          l: [
            { id: 'a', n: 1 },
            { id: 'a', n: 2 },
          ],
        },
        {
          l: [
            { id: 'a', n: 1 },
            { id: 'a', n: 3 },
          ],
        },
      ),
    ).toEqual([{ path: 'l.1.n', op: 'changed', old: 2, new: 3 }])
  })

  it('a list item with a name names the changes inside it, also in lists by position', () => {
    const before = { config: { parts: [{ name: 'Teig', options: [{ name: 'Dinkel', value: 0 }] }] } }
    const after = { config: { parts: [{ name: 'Teig', options: [{ name: 'Dinkel', value: 50 }] }] } }
    expect(diffStates(before, after)).toEqual([
      { path: 'config.parts.0.options.0.value', op: 'changed', old: 0, new: 50, item: 'Dinkel' },
    ])
  })

  it('a list of plain values is one value', () => {
    expect(diffStates({ roles: ['ROLE_ADMIN'] }, { roles: ['ROLE_ADMIN', 'ROLE_EMPLOYEE'] })).toEqual([
      { path: 'roles', op: 'changed', old: ['ROLE_ADMIN'], new: ['ROLE_ADMIN', 'ROLE_EMPLOYEE'] },
    ])
  })

  it('hides the values of secret paths and leaves omitted top-level fields out', () => {
    const options = {
      omit: (field: string) => field === 'size',
      hide: (path: readonly string[]) => path.at(-1) === 'apiKey',
    }
    expect(
      diffStates(
        { apiKey: 'old-key', size: 1, name: 'A' },
        { apiKey: 'new-key', size: 2, name: 'A' },
        options,
      ),
    ).toEqual([{ path: 'apiKey', op: 'changed', hidden: true }])
    const created = diffStates(undefined, { apiKey: 'k', size: 3 }, options)
    expect(created).toEqual([{ path: 'apiKey', op: 'added', hidden: true }])
    expect(JSON.stringify(created)).not.toContain('"k"')
    // Unchanged secrets say nothing.
    expect(diffStates({ apiKey: 'k' }, { apiKey: 'k' }, options)).toEqual([])
  })
})

describe('jsonEqual and itemLabel', () => {
  it('compares structurally', () => {
    expect(jsonEqual({ a: [1, { b: null }] }, { a: [1, { b: null }] })).toBe(true)
    expect(jsonEqual({ a: 1 }, { a: 1, b: undefined })).toBe(false)
    expect(jsonEqual([1, 2], [2, 1])).toBe(false)
    expect(jsonEqual(null, {})).toBe(false)
  })

  it('names an item by its name, area, label, unit or identifier', () => {
    expect(itemLabel({ id: 'x', area: 'Nord' })).toBe('Nord')
    expect(itemLabel({ unit: 'gram', ratio: 0.001 })).toBe('gram')
    expect(itemLabel({ id: 'x' })).toBeUndefined()
    expect(itemLabel('text')).toBeUndefined()
  })
})
