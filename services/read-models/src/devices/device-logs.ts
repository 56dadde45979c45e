import type { Db } from '@shop/kit'

// The log a device sent last (issue 21, docs/devices.md): one row per device, replaced by each
// upload; a printer's log is written from its recent print jobs.

export type StoredDeviceLogs = { requestedAt: Date | null; receivedAt: Date | null; lines: string[] }

/** The log the device sent last and when it was asked for it, or undefined (never asked, never sent). */
export async function findDeviceLogs(db: Db, deviceId: string): Promise<StoredDeviceLogs | undefined> {
  const row = await db
    .selectFrom('device_logs')
    .selectAll()
    .where('device_id', '=', deviceId)
    .executeTakeFirst()
  return row ? { requestedAt: row.requested_at, receivedAt: row.received_at, lines: row.lines } : undefined
}

/**
 * A device's log, received at `at`: replaces the one before. An upload keeps the time it was asked
 * for; a log asked for and made at once (`askedNow`: a printer's, from its jobs) is asked and
 * received at `at`.
 */
export async function storeDeviceLogs(
  db: Db,
  deviceId: string,
  lines: readonly string[],
  at: Date,
  { askedNow = false }: { askedNow?: boolean } = {},
): Promise<void> {
  const json = JSON.stringify(lines)
  const set = askedNow ? { requested_at: at, received_at: at, lines: json } : { received_at: at, lines: json }
  await db
    .insertInto('device_logs')
    .values({ device_id: deviceId, ...set })
    .onConflict((oc) => oc.column('device_id').doUpdateSet(set))
    .execute()
}

/** The device was asked for its log at `at` (its answer comes with storeDeviceLogs). */
export async function markDeviceLogsRequested(db: Db, deviceId: string, at: Date): Promise<void> {
  await db
    .insertInto('device_logs')
    .values({ device_id: deviceId, requested_at: at })
    .onConflict((oc) => oc.column('device_id').doUpdateSet({ requested_at: at }))
    .execute()
}
