import type { StoredEvent } from '@shop/kit'
import { RESOURCE_TYPE_PATHS } from '@shop/shared/contracts'
import { describe, expect, it } from 'vitest'
import { actorIds, isSecretPath, resourceHistory, stateAt } from './resource-history.ts'
import { RESOURCES } from './resource-registry.ts'

let position = 0
function event(
  streamPosition: number,
  type: string,
  data: Record<string, unknown>,
  actor: Record<string, unknown> | undefined = { kind: 'staff', id: 'u1', name: 'Anna Admin' },
): StoredEvent {
  position++
  return {
    globalPosition: String(position),
    transactionId: String(position),
    streamId: 'branch-b1',
    streamType: 'branch',
    streamPosition,
    eventId: `e${position}`,
    type,
    schemaVersion: 1,
    data: { id: 'b1', ...data },
    metadata: actor ? { actor } : {},
    createdAt: `2026-11-2${streamPosition}T10:00:00.000Z`,
  } as StoredEvent
}

const writable = new Set(['name', 'deliveryAreas', 'version'])
const usernames = new Map([['u1', 'anna']])

const v1 = {
  name: 'Altstadt',
  apiKey: 'key-1',
  size: 5,
  deliveryAreas: [{ id: 'a1', area: 'Nord', price: 500 }],
}
const v2 = { ...v1, name: 'Altstadt Zürich', apiKey: 'key-2' }
const v3 = { ...v2, deliveryAreas: [{ id: 'a1', area: 'Nord', price: 600 }], size: 9 }
const events = [
  event(1, 'BranchCreated', { data: v1 }),
  event(2, 'BranchUpdated', { data: v2 }),
  event(3, 'BranchUpdated', { data: v3 }),
  event(4, 'BranchUpdated', { data: v1, restoredFrom: 1 }),
  event(5, 'BranchDeleted', {}, { kind: 'staff', id: 'gone', name: 'Ehemalig' }),
  event(6, 'BranchCreated', { data: v2, restoredFrom: 2 }, { kind: 'system', id: 'cli' }),
]

describe('resourceHistory', () => {
  const history = resourceHistory(events, { writable, usernames })

  it('lists every event newest first with its version, time, actor and kind', () => {
    expect(history.map((e) => [e.version, e.kind, e.restoredFrom])).toEqual([
      [6, 'restored', 2],
      [5, 'deleted', undefined],
      [4, 'restored', 1],
      [3, 'updated', undefined],
      [2, 'updated', undefined],
      [1, 'created', undefined],
    ])
    expect(history.at(-1)?.at).toBe('2026-11-21T10:00:00.000Z')
    expect(history.at(-1)?.actor).toEqual({ kind: 'staff', id: 'u1', name: 'Anna Admin', username: 'anna' })
    // A user who is gone keeps the name the change was made under; the system has no username.
    expect(history[1]?.actor).toEqual({ kind: 'staff', id: 'gone', name: 'Ehemalig' })
    expect(history[0]?.actor).toEqual({ kind: 'system', id: 'cli' })
  })

  it('diffs each state against the one before, secrets without values, server-made fields left out', () => {
    const byVersion = new Map(history.map((e) => [e.version, e.changes]))
    expect(byVersion.get(1)).toEqual([
      { path: 'name', op: 'added', new: 'Altstadt' },
      { path: 'apiKey', op: 'added', hidden: true },
      { path: 'deliveryAreas', op: 'added', new: [{ id: 'a1', area: 'Nord', price: 500 }] },
    ])
    expect(byVersion.get(2)).toEqual([
      { path: 'name', op: 'changed', old: 'Altstadt', new: 'Altstadt Zürich' },
      { path: 'apiKey', op: 'changed', hidden: true },
    ])
    // `size` (not writable) changed too, and is not told.
    expect(byVersion.get(3)).toEqual([
      { path: 'deliveryAreas.id:a1.price', op: 'changed', old: 500, new: 600, item: 'Nord' },
    ])
    expect(byVersion.get(4)).toEqual([
      { path: 'name', op: 'changed', old: 'Altstadt Zürich', new: 'Altstadt' },
      { path: 'apiKey', op: 'changed', hidden: true },
      { path: 'deliveryAreas.id:a1.price', op: 'changed', old: 600, new: 500, item: 'Nord' },
    ])
    expect(byVersion.get(5)).toEqual([])
    // Brought back after the deletion: every field is new again.
    expect(byVersion.get(6)?.map((c) => [c.path, c.op])).toEqual([
      ['name', 'added'],
      ['apiKey', 'added'],
      ['deliveryAreas', 'added'],
    ])
    expect(JSON.stringify(history)).not.toMatch(/key-1|key-2/)
  })

  it('finds the state of a version, none for a deletion', () => {
    expect(stateAt(events, 2)).toEqual(v2)
    expect(stateAt(events, 5)).toBeUndefined()
    expect(stateAt(events, 9)).toBeUndefined()
  })

  it('names the staff actors to look up, once each', () => {
    expect(actorIds(events)).toEqual(['u1', 'gone'])
  })

  it('counts every path that names a password, token, secret, api key or hash as secret', () => {
    for (const path of [
      ['apiKey'],
      ['accessToken'],
      ['publicHash'],
      ['config', 'stripeSecret'],
      ['password'],
    ])
      expect(isSecretPath(path)).toBe(true)
    expect(isSecretPath(['name'])).toBe(false)
    expect(isSecretPath(['deliveryAreas', 'id:a1', 'price'])).toBe(false)
  })
})

describe('the resource paths the browsers know', () => {
  it("are the registry's, plus the configuration", () => {
    expect(RESOURCE_TYPE_PATHS).toEqual({
      config: 'config',
      ...Object.fromEntries(RESOURCES.map((def) => [def.type, def.path])),
    })
  })
})
