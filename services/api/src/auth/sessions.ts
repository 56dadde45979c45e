import { randomBytes } from 'node:crypto'
import { type Db, SESSION_COOKIE, type Session, sessionTokenHash } from '@shop/kit'
import { findSession } from '@shop/read-models'

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
