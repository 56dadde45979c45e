import cookie from '@fastify/cookie'
import { type Db, HttpError, safeEqual } from '@shop/kit'
import { t } from '@shop/shared/i18n'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { getResource } from '../resources/resource-store.ts'
import { CSRF_COOKIE, CSRF_HEADER, findSession, SESSION_COOKIE, type Session } from './sessions.ts'

export const ROLE_ADMIN = 'ROLE_ADMIN'
export const ROLE_EMPLOYEE = 'ROLE_EMPLOYEE'

export type StaffUser = {
  id: string
  username: string
  displayName: string
  roles: string[]
  branches: { id: string }[]
}

export type Principal = { user: StaffUser; session: Session }

declare module 'fastify' {
  interface FastifyRequest {
    principal: Principal | null
  }
}

/** The spec's authentication messages (§8) in the caller's language. */
export const AUTH_MESSAGES = {
  loginRequired: (locale?: string) => t('auth:auth.loginRequired', undefined, locale),
  notPrivileged: (locale?: string) => t('auth:auth.notPrivileged', undefined, locale),
  invalidCredentials: (locale?: string) => t('auth:auth.invalidCredentials', undefined, locale),
  invalidCsrf: (locale?: string) => t('auth:auth.invalidCsrf', undefined, locale),
  tooManyAttempts: (minutes: number, locale?: string) =>
    t('auth:auth.tooManyAttempts', { count: minutes }, locale),
} as const

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])

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

/**
 * Resolves the staff session of every request (cookie `shop_session`) and enforces the
 * double-submit CSRF check (cookie `XSRF-TOKEN` = header `X-XSRF-TOKEN` = the session's token)
 * on every state-changing request that rides on that cookie.
 */
export async function registerAuth(app: FastifyInstance, db: Db): Promise<void> {
  await app.register(cookie)
  app.decorateRequest('principal', null)
  app.addHook('onRequest', async (req) => {
    const token = req.cookies[SESSION_COOKIE]
    if (!token) return
    const session = await findSession(db, token)
    if (!session) return
    const row = await getResource(db, 'user', session.userId)
    if (!row) return
    if (!SAFE_METHODS.has(req.method)) {
      const header = req.headers[CSRF_HEADER]
      const given = Array.isArray(header) ? header[0] : header
      const cookieToken = req.cookies[CSRF_COOKIE]
      if (!given || !cookieToken || !safeEqual(cookieToken, given) || !safeEqual(session.csrfToken, given)) {
        throw new HttpError(403, AUTH_MESSAGES.invalidCsrf(req.locale))
      }
    }
    req.principal = { user: toStaffUser(row.id, row.data), session }
  })
}

export function cookieOptions(httpOnly: boolean, maxAgeSeconds?: number) {
  return {
    path: '/',
    httpOnly,
    // Browsers treat http://localhost as secure, so the embedded demo works with this on.
    secure: process.env.COOKIE_SECURE !== 'false',
    sameSite: 'lax' as const,
    ...(maxAgeSeconds === undefined ? {} : { maxAge: maxAgeSeconds }),
  }
}

export function clearAuthCookies(reply: FastifyReply): void {
  reply.clearCookie(SESSION_COOKIE, cookieOptions(true))
  reply.clearCookie(CSRF_COOKIE, cookieOptions(false))
}

export function requireStaff(req: FastifyRequest): Principal {
  if (!req.principal) throw new HttpError(401, AUTH_MESSAGES.loginRequired(req.locale))
  return req.principal
}

export function hasRole(user: StaffUser, role: string): boolean {
  return user.roles.includes(role)
}

export function requireRole(req: FastifyRequest, role: string): Principal {
  const p = requireStaff(req)
  if (!hasRole(p.user, role)) throw new HttpError(403, AUTH_MESSAGES.notPrivileged(req.locale))
  return p
}

/** Admins act for every branch; employees for the branches they belong to (spec §6). */
export function canActForBranch(user: StaffUser, branchId: string): boolean {
  if (hasRole(user, ROLE_ADMIN)) return true
  return hasRole(user, ROLE_EMPLOYEE) && user.branches.some((b) => b.id === branchId)
}
