import { type Db, type Session, type StaffSessionLookup, sessionTokenHash, toStaffUser } from '@shop/kit'

// The staff session lookup, shared by the API (every request) and the WebSocket gateway (a
// board subscription without api key): the cookie `shop_session` holds a random token, the
// table auth_sessions only its sha256 hash, and the user is the `user` resource it points to.

export async function findSession(db: Db, token: string, now = new Date()): Promise<Session | undefined> {
  const row = await db
    .selectFrom('auth_sessions')
    .select(['user_id', 'csrf_token', 'token_hash'])
    .where('token_hash', '=', sessionTokenHash(token))
    .where('expires_at', '>', now)
    .executeTakeFirst()
  return row ? { userId: row.user_id, csrfToken: row.csrf_token, tokenHash: row.token_hash } : undefined
}

/** The session of a `shop_session` token and its user (with roles and branches). */
export async function findStaffSession(db: Db, token: string, now = new Date()): Promise<StaffSessionLookup> {
  const session = await findSession(db, token, now)
  if (!session) return { ok: false, reason: 'expired' }
  const row = await db
    .selectFrom('rm_resources')
    .select(['id', 'data'])
    .where('type', '=', 'user')
    .where('id', '=', session.userId)
    .executeTakeFirst()
  // A deleted user's session is as good as gone.
  if (!row) return { ok: false, reason: 'expired' }
  const data = (row.data ?? {}) as Record<string, unknown>
  if (data.isEnabled === false) return { ok: false, reason: 'disabled' }
  return { ok: true, user: toStaffUser(row.id, data), session }
}
