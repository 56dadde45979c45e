import cookie from '@fastify/cookie'
import {
  canActForBranch,
  type Db,
  HttpError,
  hasRole,
  ROLE_ADMIN,
  ROLE_EMPLOYEE,
  type Session,
  type StaffUser,
  safeEqual,
  toStaffUser,
} from '@shop/kit'
import { findStaffSession } from '@shop/read-models'
import { t } from '@shop/shared/i18n'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { CSRF_COOKIE, CSRF_HEADER, SESSION_COOKIE } from './sessions.ts'

// Roles, the staff user and the branch check live in @shop/kit (the gateway checks them too).
export { canActForBranch, hasRole, ROLE_ADMIN, ROLE_EMPLOYEE, type StaffUser, toStaffUser }

export type Principal = { user: StaffUser; session: Session }

/** Why a request that carried a session cookie has no principal. */
export type AuthFailure = 'expired' | 'disabled'

declare module 'fastify' {
  interface FastifyRequest {
    principal: Principal | null
    /** Set when a session cookie came along but opened no session. */
    authFailure: AuthFailure | null
  }
}

/** The spec's authentication messages (§8) in the caller's language. */
export const AUTH_MESSAGES = {
  loginRequired: (locale?: string) => t('auth:auth.loginRequired', undefined, locale),
  sessionExpired: (locale?: string) => t('auth:auth.sessionExpired', undefined, locale),
  accountDisabled: (locale?: string) => t('auth:auth.accountDisabled', undefined, locale),
  notPrivileged: (locale?: string) => t('auth:auth.notPrivileged', undefined, locale),
  invalidCredentials: (locale?: string) => t('auth:auth.invalidCredentials', undefined, locale),
  invalidCsrf: (locale?: string) => t('auth:auth.invalidCsrf', undefined, locale),
  tooManyAttempts: (minutes: number, locale?: string) =>
    t('auth:auth.tooManyAttempts', { count: minutes }, locale),
} as const

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])

/**
 * Resolves the staff session of every request (cookie `shop_session`) and enforces the
 * double-submit CSRF check (cookie `XSRF-TOKEN` = header `X-XSRF-TOKEN` = the session's token)
 * on every state-changing request that rides on that cookie.
 */
export async function registerAuth(app: FastifyInstance, db: Db): Promise<void> {
  await app.register(cookie)
  app.decorateRequest('principal', null)
  app.decorateRequest('authFailure', null)
  app.addHook('onRequest', async (req) => {
    const token = req.cookies[SESSION_COOKIE]
    if (!token) return
    const found = await findStaffSession(db, token)
    if (!found.ok) {
      req.authFailure = found.reason
      return
    }
    const { session, user } = found
    if (!SAFE_METHODS.has(req.method)) {
      const header = req.headers[CSRF_HEADER]
      const given = Array.isArray(header) ? header[0] : header
      const cookieToken = req.cookies[CSRF_COOKIE]
      if (!given || !cookieToken || !safeEqual(cookieToken, given) || !safeEqual(session.csrfToken, given)) {
        throw new HttpError(403, AUTH_MESSAGES.invalidCsrf(req.locale))
      }
    }
    req.principal = { user, session }
  })
}

// COOKIE_SECURE of the configuration, set where the API is registered (`useSecureCookies`): the
// cookie options are made in routes that have no deps of their own to take it from.
let secureCookies = true

/** Session cookies only over https (COOKIE_SECURE=false: over plain http too). */
export function useSecureCookies(secure: boolean): void {
  secureCookies = secure
}

export function cookieOptions(httpOnly: boolean, maxAgeSeconds?: number) {
  return {
    path: '/',
    httpOnly,
    // Browsers treat http://localhost as secure, so the embedded demo works with this on.
    secure: secureCookies,
    sameSite: 'lax' as const,
    ...(maxAgeSeconds === undefined ? {} : { maxAge: maxAgeSeconds }),
  }
}

export function clearAuthCookies(reply: FastifyReply): void {
  reply.clearCookie(SESSION_COOKIE, cookieOptions(true))
  reply.clearCookie(CSRF_COOKIE, cookieOptions(false))
}

/**
 * The 401 for a request without a staff session: "please log in", or, when it carried a session
 * cookie that opens nothing, "session expired" (or "account disabled" for a switched-off user).
 */
export function loginRequired(req: FastifyRequest): HttpError {
  const message =
    req.authFailure === 'disabled'
      ? AUTH_MESSAGES.accountDisabled(req.locale)
      : req.authFailure === 'expired'
        ? AUTH_MESSAGES.sessionExpired(req.locale)
        : AUTH_MESSAGES.loginRequired(req.locale)
  return new HttpError(401, message)
}

export function requireStaff(req: FastifyRequest): Principal {
  if (!req.principal) throw loginRequired(req)
  return req.principal
}

export function requireRole(req: FastifyRequest, role: string): Principal {
  const p = requireStaff(req)
  if (!hasRole(p.user, role)) throw new HttpError(403, AUTH_MESSAGES.notPrivileged(req.locale))
  return p
}
