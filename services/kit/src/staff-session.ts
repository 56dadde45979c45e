import { createHash } from 'node:crypto'

// Staff sessions and users, the parts without IO (roles, the user's shape, the cookie): the
// lookup itself (auth_sessions and the `user` resource) is in services/read-models/src/users,
// shared by the API (every request) and the WebSocket gateway (a board subscription without an
// api key).

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
