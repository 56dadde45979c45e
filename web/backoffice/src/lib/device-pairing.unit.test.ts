import { describe, expect, it } from 'vitest'
import { deviceLog } from './device-pairing.ts'

describe('deviceLog', () => {
  it('keeps the last 500 lines, each stamped and cut to 200 characters', () => {
    const log = deviceLog()
    for (let i = 0; i < 520; i++) log.note(`line ${i} ${'x'.repeat(i === 519 ? 300 : 0)}`)
    const lines = log.lines()
    expect(lines).toHaveLength(500)
    expect(lines[0]).toMatch(/^\d{4}-\d{2}-\d{2}T[\d:.]+Z line 20 $/)
    expect(lines.at(-1)).toHaveLength(200)
    // A copy: what the caller does with it does not change the log.
    lines.length = 0
    expect(log.lines()).toHaveLength(500)
  })
})
