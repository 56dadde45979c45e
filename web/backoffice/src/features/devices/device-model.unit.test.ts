import { describe, expect, it } from 'vitest'
import catalogue from '../../locales/de-CH/bo-devices.json'
import { deviceToBody, deviceToForm, lastSeenWording, normalizeCode, type Wording } from './device-model.ts'

function german({ key, params }: Wording): string {
  const [group, name] = key.split('.') as [keyof typeof catalogue, string]
  const texts = catalogue[group] as Record<string, string>
  const count = params?.count
  const text = texts[count === undefined ? name : `${name}_${count === 1 ? 'one' : 'other'}`] ?? ''
  return text.replace(/\{\{(\w+)\}\}/g, (_, p: string) => String(params?.[p]))
}

const NOW = Date.parse('2026-11-28T10:00:00.000Z')
const ago = (ms: number) => new Date(NOW - ms).toISOString()

describe('device registry', () => {
  it('words last seen in minutes, hours and days', () => {
    expect(german(lastSeenWording(ago(3 * 60_000 + 5_000), NOW))).toBe('zuletzt gesehen vor 3 Min.')
    expect(german(lastSeenWording(ago(20_000), NOW))).toBe('zuletzt gesehen gerade eben')
    expect(german(lastSeenWording(ago(2 * 3_600_000 + 60_000), NOW))).toBe('zuletzt gesehen vor 2 Std.')
    expect(german(lastSeenWording(ago(1 * 86_400_000), NOW))).toBe('zuletzt gesehen vor 1 Tag')
    expect(german(lastSeenWording(ago(3 * 86_400_000), NOW))).toBe('zuletzt gesehen vor 3 Tagen')
    expect(german(lastSeenWording(null, NOW))).toBe('noch nie gesehen')
    // A clock a little ahead of the server's is "just now", not "in the future".
    expect(lastSeenWording(new Date(NOW + 5_000).toISOString(), NOW).key).toBe('lastSeen.justNow')
  })

  it('makes a printer body with its fields and a screen body without them', () => {
    const printer = deviceToBody({
      ...deviceToForm(null),
      name: 'Kasse',
      branch: 'b1',
      host: ' 127.0.0.1 ',
      port: 9101,
      paperWidth: '58',
      purposes: ['kitchenTicket', 'newOrder'],
    })
    expect(printer).toEqual({
      identifier: null,
      name: 'Kasse',
      kind: 'printer',
      branch: { id: 'b1' },
      host: '127.0.0.1',
      port: 9101,
      paperWidth: 58,
      codePage: 'cp858',
      purposes: ['newOrder', 'kitchenTicket'],
    })
    const board = deviceToBody({
      ...deviceToForm(null),
      kind: 'board',
      name: 'Theke',
      host: 'x',
      purposes: ['newOrder'],
    })
    expect(board).toMatchObject({
      kind: 'board',
      host: null,
      purposes: [],
      branch: null,
      paperWidth: 80,
      port: 9100,
    })
  })

  it('reads a stored device back into the form', () => {
    const form = deviceToForm({
      id: 'd1',
      version: 3,
      name: 'Backstube',
      kind: 'printer',
      branch: { id: 'b2' },
      host: '10.0.0.5',
      port: 9100,
      paperWidth: 58,
      codePage: 'cp858',
      purposes: ['kitchenTicket'],
    })
    expect(form).toEqual({
      name: 'Backstube',
      kind: 'printer',
      branch: 'b2',
      host: '10.0.0.5',
      port: 9100,
      paperWidth: '58',
      codePage: 'cp858',
      purposes: ['kitchenTicket'],
    })
  })

  it('normalises a typed pairing code', () => {
    expect(normalizeCode(' abc-23 4 ')).toBe('ABC234')
  })
})
