import { describe, expect, it } from 'vitest'
import { isDatabaseUnavailable } from './unavailable.ts'

const withCode = (code: string, message = 'x') => Object.assign(new Error(message), { code })

describe('isDatabaseUnavailable', () => {
  it('knows a database that is away: refused, reset, ended, timed out, starting, full', () => {
    for (const code of ['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENOTFOUND'])
      expect(isDatabaseUnavailable(withCode(code)), code).toBe(true)
    // SQLSTATE: admin shutdown (pg_terminate_backend), crash shutdown, starting up, connection
    // failure, too many connections, disk full, out of memory; a full disk of our own.
    for (const code of ['57P01', '57P02', '57P03', '08006', '08001', '53300', '53100', '53200', 'ENOSPC'])
      expect(isDatabaseUnavailable(withCode(code)), code).toBe(true)
    expect(isDatabaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true)
    expect(isDatabaseUnavailable(new Error('timeout exceeded when trying to connect'))).toBe(true)
    expect(isDatabaseUnavailable(new Error('Client was closed and is not queryable'))).toBe(true)
    // Wrapped, or one of several (a connection attempt to each address of a name).
    expect(isDatabaseUnavailable(new Error('append failed', { cause: withCode('ECONNRESET') }))).toBe(true)
    expect(isDatabaseUnavailable(new AggregateError([withCode('ECONNREFUSED')]))).toBe(true)
  })

  it('leaves every other error alone: a bad statement, a broken rule, a bug', () => {
    for (const code of ['23505', '40001', '42P01', '22P02', '55000', 'ERR_X'])
      expect(isDatabaseUnavailable(withCode(code)), code).toBe(false)
    expect(isDatabaseUnavailable(new TypeError('x is undefined'))).toBe(false)
    expect(isDatabaseUnavailable('ECONNREFUSED')).toBe(false)
    expect(isDatabaseUnavailable(undefined)).toBe(false)
  })
})
