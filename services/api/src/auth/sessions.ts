import { randomBytes } from 'node:crypto'
import { type Db, findSession, SESSION_COOKIE, type Session, sessionTokenHash } from '@shop/kit'
import { sql } from 'kysely'

// The lookup of a session (by its token's hash) lives in @shop/kit: the gateway uses it too.
export { findSession, SESSION_COOKIE, type Session }
export const CSRF_COOKIE = 'XSRF-TOKEN'
export const CSRF_HEADER = 'x-xsrf-token'
export const SESSION_TTL_MS = 12 * 60 * 60 * 1000

export async function createSession(
  db: Db,
  userId: string,
  now = new Date(),
): Promise<{ token: string; csrfToken: string }> {
  const token = randomBytes(32).toString('base64url')
  const csrfToken = randomBytes(24).toString('base64url')
  await db
    .insertInto('auth_sessions')
    .values({
      token_hash: sessionTokenHash(token),
      user_id: userId,
      csrf_token: csrfToken,
      created_at: now,
      last_seen_at: now,
      expires_at: new Date(now.getTime() + SESSION_TTL_MS),
    })
    .execute()
  return { token, csrfToken }
}

export async function deleteSession(db: Db, tokenHash: string): Promise<void> {
  await db.deleteFrom('auth_sessions').where('token_hash', '=', tokenHash).execute()
}

export async function deleteUserSessions(db: Db, userId: string): Promise<void> {
  await db.deleteFrom('auth_sessions').where('user_id', '=', userId).execute()
}

// Login throttling: after `limit` failed attempts for a key (a username: 5; an address: 30, as
// a shop's staff may share one) within the window, further attempts are refused until the
// oldest failure leaves the window.
export const FAILURE_WINDOW_MS = 15 * 60 * 1000

export type ThrottleKey = { key: string; limit: number }

export async function lockedForMs(db: Db, keys: ThrottleKey[], now = new Date()): Promise<number> {
  const since = new Date(now.getTime() - FAILURE_WINDOW_MS)
  const { rows } = await sql<{ key: string; n: string; oldest: Date }>`
    SELECT key, count(*)::text AS n, min(failed_at) AS oldest FROM auth_login_failures
     WHERE key = ANY(${keys.map((k) => k.key)}::text[]) AND failed_at > ${since} GROUP BY key`.execute(db)
  let wait = 0
  for (const r of rows) {
    const limit = keys.find((k) => k.key === r.key)?.limit ?? Number.POSITIVE_INFINITY
    if (Number.parseInt(r.n, 10) >= limit) {
      wait = Math.max(wait, new Date(r.oldest).getTime() + FAILURE_WINDOW_MS - now.getTime())
    }
  }
  return wait
}

export async function recordFailure(db: Db, keys: string[], now = new Date()): Promise<void> {
  await db
    .insertInto('auth_login_failures')
    .values(keys.map((key) => ({ key, failed_at: now })))
    .execute()
  // Old rows are of no use any more.
  await db
    .deleteFrom('auth_login_failures')
    .where('failed_at', '<', new Date(now.getTime() - FAILURE_WINDOW_MS))
    .execute()
}

export async function clearFailures(db: Db, key: string): Promise<void> {
  await db.deleteFrom('auth_login_failures').where('key', '=', key).execute()
}
