import { describe, expect, it } from 'vitest'
import catalogue from '../../locales/de-CH/bo-frontdesk.json'
import { type DeviceStatus, printerLines, type Wording } from './printer-status-model.ts'

/** The German text of a wording, as i18next would make it (plural by count, {{params}}). */
function german({ key, params }: Wording): string {
  const [group, name] = key.split('.') as [keyof typeof catalogue, string]
  const texts = catalogue[group] as Record<string, string>
  const count = params.count
  const text = texts[count === undefined ? name : `${name}_${count === 1 ? 'one' : 'other'}`] ?? ''
  return text.replace(/\{\{(\w+)\}\}/g, (_, p: string) => String(params[p]))
}

function status(id: string, over: Partial<DeviceStatus> = {}): DeviceStatus {
  return {
    id,
    kind: 'printer',
    name: '',
    branch: 'b1',
    paired: false,
    online: true,
    lastSeenAt: null,
    lastError: null,
    failedJobs: 0,
    ...over,
  }
}

describe('board printer status', () => {
  it('words an unreachable printer with its failed receipts as the issue asks', () => {
    const [line] = printerLines([status('p1', { name: 'Kasse', online: false, failedJobs: 2 })])
    expect(line?.online).toBe(false)
    expect(line?.warning && german(line.warning)).toBe(
      'Drucker «Kasse» nicht erreichbar – 2 Bons nicht gedruckt',
    )
  })

  it('words offline alone, failed jobs alone, one receipt, and nothing when fine', () => {
    const lines = printerLines([
      status('a', { name: 'Backstube', online: false }),
      status('b', { name: 'Kasse', failedJobs: 1 }),
      status('c', { name: 'Theke' }),
    ])
    expect(lines.map((l) => (l.warning ? german(l.warning) : null))).toEqual([
      'Drucker «Backstube» nicht erreichbar',
      'Drucker «Kasse»: 1 Bon nicht gedruckt',
      null,
    ])
  })

  it('shows printers only, in name order, with a fallback name', () => {
    const lines = printerLines(
      [status('z', { name: 'Zentrale' }), status('board', { kind: 'board', online: false }), status('x', {})],
      'ohne Namen',
    )
    expect(lines.map((l) => [l.id, l.name])).toEqual([
      ['x', 'ohne Namen'],
      ['z', 'Zentrale'],
    ])
  })
})
