import { createHash } from 'node:crypto'
import type { Db } from './db/connect.ts'

// The staff session lookup, shared by the API (every request) and the WebSocket gateway (a
// board subscription without api key): the cookie `shop_session` holds a random token, the
// table auth_sessions only its sha256 hash, and the user is the `user` resource it points to.

export const SESSION_COOKIE = 'shop_session'

export const ROLE_ADMIN = 'ROLE_ADMIN'
export const ROLE_EMPLOYEE = 'ROLE_EMPLOYEE'

export type StaffUser = {
  id: string
  username: string
  displayName: string
  roles: string[]
  branches: { id: string }[]
}

export type Session = { userId: string; csrfToken: string; tokenHash: string }

/** A session cookie's lookup: the user and session, or why there is none. */
export type StaffSessionLookup =
  | { ok: true; user: StaffUser; session: Session }
  /** expired: no such session (timed out, logged out or never issued); disabled: the user is off. */
  | { ok: false; reason: 'expired' | 'disabled' }

/** Only a hash of the token is stored: a leaked table opens no session. */
export const sessionTokenHash = (token: string) => createHash('sha256').update(token).digest('hex')

export async function findSession(db: Db, token: string, now = new Date()): Promise<Session | undefined> {
  const row = await db
    .selectFrom('auth_sessions')
    .select(['user_id', 'csrf_token', 'token_hash'])
    .where('token_hash', '=', sessionTokenHash(token))
    .where('expires_at', '>', now)
    .executeTakeFirst()
  return row ? { userId: row.user_id, csrfToken: row.csrf_token, tokenHash: row.token_hash } : undefined
}

export function toStaffUser(id: string, data: Record<string, unknown>): StaffUser {
  return {
    id,
    username: String(data.username ?? ''),
    displayName: String(data.displayName ?? data.username ?? ''),
    roles: Array.isArray(data.roles) ? data.roles.map(String) : [],
    branches: Array.isArray(data.branches)
      ? (data.branches as { id: string }[]).map((b) => ({ id: String(b.id) }))
      : [],
  }
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

export function hasRole(user: StaffUser, role: string): boolean {
  return user.roles.includes(role)
}

/** Admins act for every branch; employees for the branches they belong to (spec §6). */
export function canActForBranch(user: StaffUser, branchId: string): boolean {
  if (hasRole(user, ROLE_ADMIN)) return true
  return hasRole(user, ROLE_EMPLOYEE) && user.branches.some((b) => b.id === branchId)
}

/**
 * One cookie of a Cookie request header (RFC 6265: `a=1; b=2`), percent-decoded as
 * @fastify/cookie does; undefined when absent. For routes outside the cookie plugin's scope
 * (the gateway's upgrade request in the all-in-one process).
 */
export function readCookie(header: string | string[] | undefined, name: string): string | undefined {
  const text = Array.isArray(header) ? header.join('; ') : header
  if (!text) return undefined
  for (const pair of text.split(';')) {
    const eq = pair.indexOf('=')
    if (eq < 0) continue
    if (pair.slice(0, eq).trim() !== name) continue
    let value = pair.slice(eq + 1).trim()
    if (value.startsWith('"') && value.endsWith('"') && value.length >= 2) value = value.slice(1, -1)
    try {
      return decodeURIComponent(value)
    } catch {
      return value
    }
  }
  return undefined
}
