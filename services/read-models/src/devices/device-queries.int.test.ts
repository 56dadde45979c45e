import { createTestDatabase, type TestDatabase } from '@shop/kit/testing'
import { PAIRING_TTL_MS } from '@shop/shared/contracts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { findDeviceLogs, markDeviceLogsRequested, storeDeviceLogs } from './device-logs.ts'
import { credentialHash, isDevicePaired, revokeDeviceCredential } from './devices.ts'
import {
  claimPairingCredential,
  dropUnclaimedPairingCredentials,
  findDevicePairing,
  pairDevice,
  startDevicePairing,
} from './pairings.ts'
import { listPrintJobs, retryPrintJob } from './print-jobs.ts'

// The devices' queries the API's routes call (issue 21): pairing (the credential handed out
// exactly once), the logs, a printer's jobs and their retry, against a real database.

let db: TestDatabase
beforeAll(async () => {
  db = await createTestDatabase({ max: 4 })
})
afterAll(async () => {
  await db?.drop()
})

const t0 = new Date('2026-11-28T10:00:00Z')
const later = (ms: number) => new Date(t0.getTime() + ms)

describe('pairings', () => {
  it('starts a pairing, pairs a device with its code and hands the credential out exactly once', async () => {
    const started = await startDevicePairing(db.db, 'board', t0)
    expect(started.code).toMatch(/^[A-Z2-9]{6}$/)
    expect(started.expiresAt).toEqual(later(PAIRING_TTL_MS))
    const pairing = await findDevicePairing(db.db, started.pairingId)
    expect(pairing).toEqual({
      pairingId: started.pairingId,
      secretHash: credentialHash(started.secret),
      expiresAt: started.expiresAt,
      deviceId: null,
    })
    // Not a signage screen's code, not after it ended.
    expect(await pairDevice(db.db, { id: 'dev-s', kind: 'signage' }, started.code, later(1000))).toBe(false)
    expect(await pairDevice(db.db, { id: 'dev-b', kind: 'board' }, started.code, later(PAIRING_TTL_MS))).toBe(
      false,
    )
    expect(await claimPairingCredential(db.db, started.pairingId, later(1000))).toBeUndefined()

    expect(await pairDevice(db.db, { id: 'dev-b', kind: 'board' }, started.code, later(1000))).toBe(true)
    // A code pairs once.
    expect(await pairDevice(db.db, { id: 'dev-c', kind: 'board' }, started.code, later(2000))).toBe(false)
    expect((await findDevicePairing(db.db, started.pairingId))?.deviceId).toBe('dev-b')
    expect(await isDevicePaired(db.db, 'dev-b')).toBe(true)

    // Ten polls at once: one gets the credential, and it is the device's.
    const claims = await Promise.all(
      Array.from({ length: 10 }, () => claimPairingCredential(db.db, started.pairingId, later(3000))),
    )
    const got = claims.filter((c) => c !== undefined)
    expect(got).toHaveLength(1)
    expect(got[0]?.deviceId).toBe('dev-b')
    expect(got[0]?.credential).toMatch(/^dev_/)
    const stored = await db.db
      .selectFrom('device_credentials')
      .select('credential_hash')
      .where('device_id', '=', 'dev-b')
      .executeTakeFirst()
    expect(stored?.credential_hash).toBe(credentialHash(got[0]!.credential))
    expect(await claimPairingCredential(db.db, started.pairingId, later(4000))).toBeUndefined()
  })

  it('drops a credential not yet fetched, and removes pairings a day past their end', async () => {
    const started = await startDevicePairing(db.db, 'signage', t0)
    expect(await pairDevice(db.db, { id: 'dev-r', kind: 'signage' }, started.code, later(1000))).toBe(true)
    await revokeDeviceCredential(db.db, 'dev-r')
    await dropUnclaimedPairingCredentials(db.db, 'dev-r')
    expect(await claimPairingCredential(db.db, started.pairingId, later(2000))).toBeUndefined()
    expect(await isDevicePaired(db.db, 'dev-r')).toBe(false)

    await startDevicePairing(db.db, 'board', later(PAIRING_TTL_MS + 24 * 3600_000 + 1))
    expect(await findDevicePairing(db.db, started.pairingId)).toBeUndefined()
  })
})

describe('device logs', () => {
  it('keeps the time asked when the log arrives; a printer log is asked and received at once', async () => {
    expect(await findDeviceLogs(db.db, 'dev-l')).toBeUndefined()
    await markDeviceLogsRequested(db.db, 'dev-l', t0)
    expect(await findDeviceLogs(db.db, 'dev-l')).toEqual({ requestedAt: t0, receivedAt: null, lines: [] })
    await storeDeviceLogs(db.db, 'dev-l', ['a', 'b'], later(1000))
    expect(await findDeviceLogs(db.db, 'dev-l')).toEqual({
      requestedAt: t0,
      receivedAt: later(1000),
      lines: ['a', 'b'],
    })
    await storeDeviceLogs(db.db, 'dev-l', ['c'], later(2000), { askedNow: true })
    expect(await findDeviceLogs(db.db, 'dev-l')).toEqual({
      requestedAt: later(2000),
      receivedAt: later(2000),
      lines: ['c'],
    })
  })
})

describe('print jobs', () => {
  const job = (id: string, status: string, createdAt: Date) => ({
    job_id: id,
    device_id: 'printer-1',
    branch_id: 'b1',
    order_id: 'o1',
    purpose: 'confirmedOrder',
    status,
    attempts: 2,
    due_at: later(60_000),
    last_error: status === 'printed' ? null : 'refused',
    created_at: createdAt,
    printed_at: status === 'printed' ? later(5000) : null,
  })

  it('lists a printer’s jobs newest first, and retries one not printed', async () => {
    await db.db
      .insertInto('print_jobs')
      .values([
        job('j1', 'printed', t0),
        job('j2', 'failed', later(1000)),
        job('j3', 'pending', later(2000)),
        { ...job('j4', 'pending', t0), device_id: 'printer-2' },
      ])
      .execute()
    const jobs = await listPrintJobs(db.db, 'printer-1', 200)
    expect(jobs.map((j) => j.id)).toEqual(['j3', 'j2', 'j1'])
    expect(jobs[0]).toEqual({
      id: 'j3',
      deviceId: 'printer-1',
      orderId: 'o1',
      purpose: 'confirmedOrder',
      status: 'pending',
      attempts: 2,
      lastError: 'refused',
      createdAt: later(2000).toISOString(),
      nextAttemptAt: later(60_000).toISOString(),
      printedAt: null,
    })
    expect(jobs[2]).toMatchObject({
      status: 'printed',
      nextAttemptAt: null,
      printedAt: later(5000).toISOString(),
    })
    expect(await listPrintJobs(db.db, 'printer-1', 2)).toHaveLength(2)

    const retried = await retryPrintJob(db.db, 'j2', later(3000))
    expect(retried).toMatchObject({ id: 'j2', status: 'pending', nextAttemptAt: later(3000).toISOString() })
    expect(await retryPrintJob(db.db, 'j1', later(3000))).toBe('printed')
    expect(await retryPrintJob(db.db, 'nope', later(3000))).toBe('notFound')
  })
})
