import { describe, expect, it } from 'vitest'
import { isDatabaseUnavailable } from './db/unavailable.ts'
import { createLogger } from './log.ts'
import { untilDone } from './service.ts'

// A service's start waits for its database and NATS (issue 15, item 6).

const refused = () =>
  Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' })

function recordingLog() {
  const lines: { msg: string; err: string; retryInMs: number }[] = []
  return { lines, log: createLogger('t', 'warn', { write: (l) => void lines.push(JSON.parse(l)) }) }
}

describe('untilDone', () => {
  it('tries again after 250 ms, 500 ms, … and says what it waits for and why', async () => {
    const { lines, log } = recordingLog()
    let tries = 0
    const value = await untilDone(
      log,
      'the database',
      async () => {
        if (++tries < 3) throw refused()
        return 'migrated'
      },
      isDatabaseUnavailable,
    )
    expect(value).toBe('migrated')
    expect(tries).toBe(3)
    expect(lines.map((l) => [l.msg, l.err, l.retryInMs])).toEqual([
      ['waiting for the database', 'connect ECONNREFUSED 127.0.0.1:5432', 250],
      ['waiting for the database', 'connect ECONNREFUSED 127.0.0.1:5432', 500],
    ])
  })

  it('throws at once what is not worth waiting for (a broken migration)', async () => {
    const { lines, log } = recordingLog()
    let tries = 0
    const broken = untilDone(
      log,
      'the database',
      async () => {
        tries++
        throw Object.assign(new Error('syntax error at or near "TABEL"'), { code: '42601' })
      },
      isDatabaseUnavailable,
    )
    await expect(broken).rejects.toThrow('syntax error')
    expect(tries).toBe(1)
    expect(lines).toEqual([])
  })
})
