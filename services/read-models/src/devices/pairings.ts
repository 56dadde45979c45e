import { randomInt, randomUUID } from 'node:crypto'
import type { Db } from '@shop/kit'
import {
  type DeviceKind,
  PAIRING_CODE_ALPHABET,
  PAIRING_CODE_LENGTH,
  PAIRING_TTL_MS,
} from '@shop/shared/contracts'
import { credentialHash, newCredential, storeDeviceCredential } from './devices.ts'

// The pairing of boards and signage screens (issue 21, docs/devices.md): the screen starts a
// pairing and shows its code, an admin pairs a device with that code, the screen polls and takes
// the device's credential exactly once. Only the secret's hash is stored.

/** How long a pairing nobody paired is kept (for a look in the database) before it is removed. */
const UNPAIRED_KEPT_MS = 24 * 3600_000
/** How often a code valid twice at once is drawn again (30^6 codes: hardly ever once). */
const CODE_DRAWS = 5

function newPairingCode(): string {
  let code = ''
  for (let i = 0; i < PAIRING_CODE_LENGTH; i++)
    code += PAIRING_CODE_ALPHABET[randomInt(PAIRING_CODE_ALPHABET.length)]
  return code
}

export type StartedPairing = { pairingId: string; code: string; secret: string; expiresAt: Date }

/**
 * Starts a pairing of a screen of this kind at `now`: a code (not valid twice at once) and the
 * secret the screen polls with, valid PAIRING_TTL_MS. Pairings a day past their end go.
 */
export async function startDevicePairing(db: Db, kind: DeviceKind, now: Date): Promise<StartedPairing> {
  await db
    .deleteFrom('device_pairings')
    .where('expires_at', '<', new Date(now.getTime() - UNPAIRED_KEPT_MS))
    .execute()
  const pairingId = randomUUID()
  const secret = newCredential().replace(/^dev_/, '')
  const expiresAt = new Date(now.getTime() + PAIRING_TTL_MS)
  let code = newPairingCode()
  // A code valid twice at once would pair the wrong screen: drawn again.
  for (let i = 0; i < CODE_DRAWS; i++) {
    const taken = await db
      .selectFrom('device_pairings')
      .select('pairing_id')
      .where('code', '=', code)
      .where('expires_at', '>', now)
      .executeTakeFirst()
    if (!taken) break
    code = newPairingCode()
  }
  await db
    .insertInto('device_pairings')
    .values({
      pairing_id: pairingId,
      kind,
      code,
      secret_hash: credentialHash(secret),
      expires_at: expiresAt,
      created_at: now,
    })
    .execute()
  return { pairingId, code, secret, expiresAt }
}

export type DevicePairing = {
  pairingId: string
  secretHash: string
  expiresAt: Date
  /** Set once an admin paired a device with the pairing's code. */
  deviceId: string | null
}

/** A pairing by its id, or undefined. */
export async function findDevicePairing(db: Db, pairingId: string): Promise<DevicePairing | undefined> {
  const row = await db
    .selectFrom('device_pairings')
    .selectAll()
    .where('pairing_id', '=', pairingId)
    .executeTakeFirst()
  if (!row) return undefined
  return {
    pairingId: row.pairing_id,
    secretHash: row.secret_hash,
    expiresAt: row.expires_at,
    deviceId: row.device_id,
  }
}

/**
 * Takes the credential a paired pairing still holds, exactly once: the one call that finds it
 * (its row locked) clears it and notes `at`; every other call gets undefined.
 */
export async function claimPairingCredential(
  db: Db,
  pairingId: string,
  at: Date,
): Promise<{ deviceId: string; credential: string } | undefined> {
  const held = await db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('device_pairings')
      .select(['credential', 'device_id'])
      .where('pairing_id', '=', pairingId)
      .where('credential', 'is not', null)
      .forUpdate()
      .executeTakeFirst()
    if (!row) return undefined
    await trx
      .updateTable('device_pairings')
      .set({ credential: null, claimed_at: at })
      .where('pairing_id', '=', pairingId)
      .execute()
    return row
  })
  return held?.credential && held.device_id
    ? { deviceId: held.device_id, credential: held.credential }
    : undefined
}

/**
 * Pairs the device with the open pairing of its kind that shows `code` (valid at `now`): the
 * pairing holds a new credential for its screen, and the device's credential is replaced, in one
 * transaction. False when no such pairing is open.
 */
export async function pairDevice(
  db: Db,
  device: { id: string; kind: DeviceKind },
  code: string,
  now: Date,
): Promise<boolean> {
  const credential = newCredential()
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .updateTable('device_pairings')
      .set({ device_id: device.id, credential })
      .where('code', '=', code)
      .where('kind', '=', device.kind)
      .where('device_id', 'is', null)
      .where('expires_at', '>', now)
      .returning('pairing_id')
      .executeTakeFirst()
    if (!row) return false
    await storeDeviceCredential(trx, device.id, device.kind, credential, now)
    return true
  })
}

/** Drops the credentials of the device's pairings its screen has not fetched yet (on revoke). */
export async function dropUnclaimedPairingCredentials(db: Db, deviceId: string): Promise<void> {
  await db
    .updateTable('device_pairings')
    .set({ credential: null })
    .where('device_id', '=', deviceId)
    .where('credential', 'is not', null)
    .execute()
}
