import { createHash } from 'node:crypto'
import type { Db, Limits } from '@shop/kit'
import { sql } from 'kysely'

// Login throttling (docs/security.md "Login"). Every attempt is reserved before the password is
// checked, under row locks, so parallel guesses are counted one by one and cannot pass together.
// Three counters:
// - per address (any usernames): `login.perAddress` failures per window, then the address waits
//   out the window;
// - per account and address: `freeFailures`, then each further attempt waits, the wait
//   doubling from `baseDelayMs` up to `maxDelayMs`;
// - per account from addresses and devices that never logged into it: the same growing waits,
//   shared by every unknown address. An address or a device (cookie) that logged into the
//   account within `knownForMs` is spared this one, so the owner still gets in while guessers
//   elsewhere are slowed down.
// A reserved attempt counts as a failure; a successful login gives its reservation back
// (the account-and-address counter starts afresh).

export type LoginLimits = Limits['login']

type CapKey = { key: string; kind: 'cap'; max: number; windowMs: number }
type DelayKey = { key: string; kind: 'delay' }
type ThrottleKey = CapKey | DelayKey

export type LoginAttempt = {
  /** The username as typed, lowercased: one account however it is spelled. */
  account: string
  /** The client address (`req.ip`). */
  address: string
  /** The device cookie the browser sent, if any. */
  deviceToken: string | undefined
}

export type Reservation = { keys: string[]; known: boolean }

export type ReserveResult = { ok: true; reservation: Reservation } | { ok: false; waitMs: number }

const hash = (value: string) => createHash('sha256').update(value).digest('base64url')

/** The wait a delay counter imposes after `failures` failures (0 while they are free). */
export function delayAfter(limits: LoginLimits, failures: number): number {
  if (failures < limits.freeFailures) return 0
  const exponent = failures - limits.freeFailures
  return Math.min(limits.maxDelayMs, limits.baseDelayMs * 2 ** Math.min(exponent, 40))
}

/** Whether the account was logged into from this address or this device recently. */
export async function isKnownToAccount(
  db: Db,
  limits: LoginLimits,
  attempt: LoginAttempt,
  now: Date,
): Promise<boolean> {
  const since = new Date(now.getTime() - limits.knownForMs)
  const values = [{ kind: 'address', value: attempt.address }]
  if (attempt.deviceToken) values.push({ kind: 'device', value: attempt.deviceToken })
  const row = await db
    .selectFrom('auth_login_known')
    .select('account')
    .where('account', '=', attempt.account)
    .where('last_seen_at', '>', since)
    .where((eb) =>
      eb.or(values.map((v) => eb.and([eb('kind', '=', v.kind), eb('value_hash', '=', hash(v.value))]))),
    )
    .limit(1)
    .executeTakeFirst()
  return row !== undefined
}

function keysOf(limits: LoginLimits, attempt: LoginAttempt, known: boolean): ThrottleKey[] {
  const keys: ThrottleKey[] = [
    { key: `addr:${attempt.address}`, kind: 'cap', ...limits.perAddress },
    { key: `acct-addr:${attempt.account}|${attempt.address}`, kind: 'delay' },
  ]
  if (!known) keys.push({ key: `acct:${attempt.account}`, kind: 'delay' })
  return keys.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
}

/**
 * Reserves one attempt on every counter that applies, or answers how long to wait. In one
 * transaction: the counters' rows are created if missing and locked in key order (no deadlock
 * between concurrent attempts), checked, and counted up only when none refuses.
 */
export async function reserveLoginAttempt(
  db: Db,
  limits: LoginLimits,
  attempt: LoginAttempt,
  now = new Date(),
): Promise<ReserveResult> {
  const known = await isKnownToAccount(db, limits, attempt, now)
  const keys = keysOf(limits, attempt, known)
  return db.transaction().execute(async (trx) => {
    await trx
      .insertInto('auth_login_throttle')
      .values(keys.map((k) => ({ key: k.key, failures: 0, window_start: now, last_at: now })))
      .onConflict((oc) => oc.column('key').doNothing())
      .execute()
    const { rows } = await sql<{ key: string; failures: number; window_start: Date; last_at: Date }>`
      SELECT key, failures, window_start, last_at FROM auth_login_throttle
       WHERE key = ANY(${keys.map((k) => k.key)}::text[]) ORDER BY key FOR UPDATE`.execute(trx)
    const byKey = new Map(rows.map((r) => [r.key, r]))
    let waitMs = 0
    const next: { key: string; failures: number; window_start: Date }[] = []
    for (const k of keys) {
      const row = byKey.get(k.key)!
      const t = now.getTime()
      if (k.kind === 'cap') {
        const start = new Date(row.window_start).getTime()
        const fresh = start + k.windowMs <= t
        const failures = fresh ? 0 : row.failures
        if (failures >= k.max) waitMs = Math.max(waitMs, start + k.windowMs - t)
        next.push({ key: k.key, failures: failures + 1, window_start: fresh ? now : new Date(start) })
      } else {
        const last = new Date(row.last_at).getTime()
        const failures = last + limits.resetAfterMs <= t ? 0 : row.failures
        // Free failures never wait. An attempt whose clock read came before a parallel one's can
        // take the lock after it and find `last_at` in its own future: the wait counts from then.
        const delay = delayAfter(limits, failures)
        if (delay > 0) waitMs = Math.max(waitMs, last + delay - Math.max(t, last))
        next.push({ key: k.key, failures: failures + 1, window_start: new Date(row.window_start) })
      }
    }
    if (waitMs > 0) return { ok: false as const, waitMs }
    for (const n of next) {
      await trx
        .updateTable('auth_login_throttle')
        // The latest attempt's time, whichever order parallel attempts took the lock in.
        .set({ failures: n.failures, window_start: n.window_start, last_at: sql`greatest(last_at, ${now})` })
        .where('key', '=', n.key)
        .execute()
    }
    return { ok: true as const, reservation: { keys: keys.map((k) => k.key), known } }
  })
}

/**
 * A successful login: its reservation is given back (the account-and-address counter starts
 * afresh; the address and the account-wide counters lose the one attempt), and the address and
 * the device become known to the account.
 */
export async function loginSucceeded(
  db: Db,
  attempt: LoginAttempt & { deviceToken: string },
  reservation: Reservation,
  now = new Date(),
): Promise<void> {
  const own = reservation.keys.filter((k) => k.startsWith('acct-addr:'))
  const shared = reservation.keys.filter((k) => !k.startsWith('acct-addr:'))
  await db.transaction().execute(async (trx) => {
    if (own.length > 0) await trx.deleteFrom('auth_login_throttle').where('key', 'in', own).execute()
    if (shared.length > 0)
      await trx
        .updateTable('auth_login_throttle')
        .set({ failures: sql`greatest(failures - 1, 0)` })
        .where('key', 'in', shared)
        .execute()
    await trx
      .insertInto('auth_login_known')
      .values([
        { account: attempt.account, kind: 'address', value_hash: hash(attempt.address), last_seen_at: now },
        {
          account: attempt.account,
          kind: 'device',
          value_hash: hash(attempt.deviceToken),
          last_seen_at: now,
        },
      ])
      .onConflict((oc) => oc.columns(['account', 'kind', 'value_hash']).doUpdateSet({ last_seen_at: now }))
      .execute()
  })
}

/** Counters nobody touched for a long time are of no use any more. */
export async function forgetOldLoginCounters(db: Db, limits: LoginLimits, now = new Date()): Promise<void> {
  const before = new Date(now.getTime() - Math.max(limits.resetAfterMs, limits.perAddress.windowMs))
  await db.deleteFrom('auth_login_throttle').where('last_at', '<', before).execute()
  await db
    .deleteFrom('auth_login_known')
    .where('last_seen_at', '<', new Date(now.getTime() - limits.knownForMs))
    .execute()
}
