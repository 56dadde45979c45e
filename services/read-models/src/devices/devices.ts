import { createHash, randomBytes } from 'node:crypto'
import { type Db, safeEqual } from '@shop/kit'
import type { DeviceKind, PrintPurpose } from '@shop/shared/contracts'
import { findResource, listResources } from '../resources/resources.ts'

// Devices (issue 21, docs/devices.md): the device resource's typed view, the credentials of
// paired devices (only their sha256 hash is stored, as for staff sessions) and the status rows.
// The API and the gateway both read here: the gateway admits a device's socket with
// `verifyDeviceCredential`.

/** A device resource as the printer service and the routes read it. */
export type DeviceConfig = {
  id: string
  name: string
  kind: DeviceKind
  branch: string | null
  host: string | null
  port: number
  paperWidth: 80 | 58
  codePage: 'cp858'
  purposes: PrintPurpose[]
}

const KINDS: readonly string[] = ['printer', 'board', 'signage']

/** The typed view of a stored device (rows from before issue 21 had `type`: read as its kind). */
export function deviceConfigOf(id: string, data: Record<string, unknown>): DeviceConfig {
  const kindValue = typeof data.kind === 'string' ? data.kind : typeof data.type === 'string' ? data.type : ''
  const kind = (KINDS.includes(kindValue) ? kindValue : 'printer') as DeviceKind
  const branch = data.branch as { id?: unknown } | null | undefined
  return {
    id,
    name: typeof data.name === 'string' ? data.name : id,
    kind,
    branch: branch && typeof branch.id === 'string' ? branch.id : null,
    host: typeof data.host === 'string' && data.host !== '' ? data.host : null,
    port: typeof data.port === 'number' ? data.port : 9100,
    paperWidth: data.paperWidth === 58 ? 58 : 80,
    codePage: 'cp858',
    purposes: Array.isArray(data.purposes)
      ? (data.purposes.filter((p) => typeof p === 'string') as PrintPurpose[])
      : [],
  }
}

export async function findDevice(db: Db, id: string): Promise<DeviceConfig | undefined> {
  const row = await findResource(db, 'device', id)
  return row ? deviceConfigOf(row.id, row.data) : undefined
}

export async function listDevices(db: Db): Promise<DeviceConfig[]> {
  return (await listResources(db, 'device')).map((r) => deviceConfigOf(r.id, r.data))
}

export const credentialHash = (credential: string) => createHash('sha256').update(credential).digest('hex')

/** A new device credential: 32 random bytes, url-safe. */
export const newCredential = () => `dev_${randomBytes(32).toString('base64url')}`

/**
 * The device a credential belongs to, or null: unknown, revoked (its row is gone), the device
 * deleted. Looked up by its hash, compared again in constant time.
 */
export async function verifyDeviceCredential(
  db: Db,
  credential: string,
): Promise<{ deviceId: string; kind: DeviceKind; branch: string | null; name: string } | null> {
  if (typeof credential !== 'string' || credential.length === 0 || credential.length > 200) return null
  const hash = credentialHash(credential)
  const row = await db
    .selectFrom('device_credentials')
    .select(['device_id', 'credential_hash'])
    .where('credential_hash', '=', hash)
    .executeTakeFirst()
  if (!row || !safeEqual(row.credential_hash, hash)) return null
  const device = await findDevice(db, row.device_id)
  if (!device) return null
  return { deviceId: device.id, kind: device.kind, branch: device.branch, name: device.name }
}

/** Stores a device's new credential (replacing any older one). */
export async function storeDeviceCredential(
  db: Db,
  deviceId: string,
  kind: DeviceKind,
  credential: string,
  at: Date,
): Promise<void> {
  await db
    .insertInto('device_credentials')
    .values({ device_id: deviceId, credential_hash: credentialHash(credential), kind, paired_at: at })
    .onConflict((oc) =>
      oc
        .column('device_id')
        .doUpdateSet({ credential_hash: credentialHash(credential), kind, paired_at: at }),
    )
    .execute()
}

/** Removes a device's credential; true when there was one. */
export async function revokeDeviceCredential(db: Db, deviceId: string): Promise<boolean> {
  const r = await db.deleteFrom('device_credentials').where('device_id', '=', deviceId).executeTakeFirst()
  return Number(r.numDeletedRows) > 0
}

/** Whether a credential of the device is in force (it is paired). */
export async function isDevicePaired(db: Db, deviceId: string): Promise<boolean> {
  const row = await db
    .selectFrom('device_credentials')
    .select('device_id')
    .where('device_id', '=', deviceId)
    .executeTakeFirst()
  return row !== undefined
}

/** A device was seen (a heartbeat, a printer answering): its last contact, and no error since. */
export async function markDeviceSeen(
  db: Db,
  deviceId: string,
  at: Date,
  extra: { version?: string | null; info?: unknown } = {},
): Promise<void> {
  const info = extra.info === undefined ? null : JSON.stringify(extra.info)
  await db
    .insertInto('device_status')
    .values({
      device_id: deviceId,
      last_seen_at: at,
      last_error: null,
      last_error_at: null,
      version: extra.version ?? null,
      info,
    })
    .onConflict((oc) =>
      oc.column('device_id').doUpdateSet((eb) => ({
        last_seen_at: at,
        last_error: null,
        last_error_at: null,
        version: extra.version === undefined ? eb.ref('device_status.version') : (extra.version ?? null),
        info: extra.info === undefined ? eb.ref('device_status.info') : info,
      })),
    )
    .execute()
}

/** A device failed (a printer not reachable): its last error. */
export async function markDeviceError(db: Db, deviceId: string, error: string, at: Date): Promise<void> {
  await db
    .insertInto('device_status')
    .values({ device_id: deviceId, last_error: error.slice(0, 500), last_error_at: at })
    .onConflict((oc) =>
      oc.column('device_id').doUpdateSet({ last_error: error.slice(0, 500), last_error_at: at }),
    )
    .execute()
}

export type DeviceStatusRow = {
  deviceId: string
  lastSeenAt: Date | null
  lastError: string | null
  lastErrorAt: Date | null
  paired: boolean
  failedJobs: number
}

/** The status rows of these devices (absent ones: never seen). */
export async function deviceStatusRows(
  db: Db,
  ids: readonly string[],
): Promise<Map<string, DeviceStatusRow>> {
  const out = new Map<string, DeviceStatusRow>()
  if (ids.length === 0) return out
  const [status, credentials, failed] = await Promise.all([
    db.selectFrom('device_status').selectAll().where('device_id', 'in', ids).execute(),
    db.selectFrom('device_credentials').select('device_id').where('device_id', 'in', ids).execute(),
    db
      .selectFrom('print_jobs')
      .select((eb) => ['device_id', eb.fn.countAll<string>().as('n')])
      .where('device_id', 'in', ids)
      .where((eb) =>
        eb.or([
          eb('status', '=', 'failed'),
          eb.and([eb('status', '=', 'pending'), eb('last_error', 'is not', null)]),
        ]),
      )
      .groupBy('device_id')
      .execute(),
  ])
  for (const id of ids)
    out.set(id, {
      deviceId: id,
      lastSeenAt: null,
      lastError: null,
      lastErrorAt: null,
      paired: false,
      failedJobs: 0,
    })
  for (const s of status) {
    const row = out.get(s.device_id)!
    row.lastSeenAt = s.last_seen_at
    row.lastError = s.last_error
    row.lastErrorAt = s.last_error_at
  }
  for (const c of credentials) out.get(c.device_id)!.paired = true
  for (const f of failed) out.get(f.device_id)!.failedJobs = Number(f.n)
  return out
}
