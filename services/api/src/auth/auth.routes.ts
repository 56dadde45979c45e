import { randomBytes } from 'node:crypto'
import type { Db, Limits } from '@shop/kit'
import { HttpError } from '@shop/kit'
import { findUserLogin } from '@shop/read-models'
import { dataOf, meRecordSchema } from '@shop/shared/contracts'
import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import { errorAnswers, typed } from '../http-schemas.ts'
import { rateLimit } from '../limits/rate-limit.ts'
import { terminalUser } from '../time-tracking/terminal-user.ts'
import {
  AUTH_MESSAGES,
  clearAuthCookies,
  cookieOptions,
  requireStaff,
  type StaffUser,
  toStaffUser,
} from './guard.ts'
import {
  forgetOldLoginCounters,
  type LoginAttempt,
  loginSucceeded,
  reserveLoginAttempt,
} from './login-throttle.ts'
import { verifyPassword } from './passwords.ts'
import { CSRF_COOKIE, createSession, deleteSession, SESSION_COOKIE, SESSION_TTL_MS } from './sessions.ts'

/** The browser's device cookie: a device that logged into an account is spared its account-wide slowdown. */
export const DEVICE_COOKIE = 'shop_device'
const DEVICE_TOKEN = /^[\w-]{32,64}$/

const loginBodySchema = z
  .strictObject({
    username: z.string().trim().min(1).max(64),
    password: z.string().min(1).max(1024),
  })
  .meta({ id: 'Login' })

/** The spec's 'me' record: roles and the user. */
export function meRecord(user: StaffUser) {
  return {
    roles: user.roles,
    user: { id: user.id, username: user.username, displayName: user.displayName, branches: user.branches },
  }
}

export async function authRoutes(app: FastifyInstance, deps: { db: Db; limits: Limits }): Promise<void> {
  const limits = deps.limits.login
  let attempts = 0
  const api = typed(app)
  api.post(
    '/api/login',
    {
      config: rateLimit('login'),
      schema: {
        summary: 'Staff login: sets the session and XSRF-TOKEN cookies',
        tags: ['auth'],
        body: loginBodySchema,
        response: { 200: dataOf(meRecordSchema), ...errorAnswers(400, 401, 429) },
      },
    },
    async (req, reply) => {
      const body = req.body
      const device = req.cookies[DEVICE_COOKIE]
      const attempt: LoginAttempt = {
        account: body.username.toLowerCase(),
        address: req.ip,
        deviceToken: device && DEVICE_TOKEN.test(device) ? device : undefined,
      }
      // Reserved (and counted as a failure) before the password is checked: parallel guesses
      // are counted one by one.
      const reserved = await reserveLoginAttempt(deps.db, limits, attempt)
      if (++attempts % 100 === 0) void forgetOldLoginCounters(deps.db, limits).catch(() => {})
      if (!reserved.ok) {
        const minutes = Math.max(1, Math.ceil(reserved.waitMs / 60_000))
        reply.header('retry-after', String(Math.ceil(reserved.waitMs / 1000)))
        throw new HttpError(429, AUTH_MESSAGES.tooManyAttempts(minutes, req.locale))
      }
      const row = await findUserLogin(deps.db, attempt.account)
      const ok = await verifyPassword(row?.passwordHash ?? undefined, body.password)
      if (!row || !ok) throw new HttpError(401, AUTH_MESSAGES.invalidCredentials(req.locale))
      // Only the right password learns that the account is switched off (spec §8 "account disabled").
      if (row.data.isEnabled === false) throw new HttpError(401, AUTH_MESSAGES.accountDisabled(req.locale))
      const deviceToken = attempt.deviceToken ?? randomBytes(32).toString('base64url')
      await loginSucceeded(deps.db, { ...attempt, deviceToken }, reserved.reservation)
      reply.setCookie(DEVICE_COOKIE, deviceToken, {
        ...cookieOptions(true, Math.floor(limits.knownForMs / 1000)),
        path: '/api/login',
      })
      const { token, csrfToken } = await createSession(deps.db, row.id)
      const maxAge = SESSION_TTL_MS / 1000
      reply.setCookie(SESSION_COOKIE, token, cookieOptions(true, maxAge))
      reply.setCookie(CSRF_COOKIE, csrfToken, cookieOptions(false, maxAge))
      return { data: meRecord(toStaffUser(row.id, row.data)) }
    },
  )

  api.post(
    '/api/logout',
    {
      schema: {
        summary: 'End the session (and clear its cookies)',
        tags: ['auth'],
        response: { 200: dataOf(z.null()), ...errorAnswers(403) },
      },
    },
    async (req, reply) => {
      if (req.principal) await deleteSession(deps.db, req.principal.session.tokenHash)
      clearAuthCookies(reply)
      return { data: null }
    },
  )

  // Time tracking is reached by access token + username (spec §1): a terminal at the door
  // needs no login. A wrong pair answers 404 without saying which part was wrong.
  api.get(
    '/api/time-tracking/:token/:username/me',
    {
      schema: {
        summary: "The time-tracking terminal's user by access token and username (no login)",
        tags: ['auth'],
        params: z.object({ token: z.string(), username: z.string() }),
        response: { 200: dataOf(meRecordSchema), ...errorAnswers(404) },
      },
    },
    async (req) => {
      return { data: meRecord(await terminalUser(deps.db, req.params.token, req.params.username)) }
    },
  )

  api.get(
    '/api/users/me',
    {
      schema: {
        summary: 'The me record of the session: roles and user',
        tags: ['auth'],
        response: { 200: dataOf(meRecordSchema), ...errorAnswers(401) },
      },
    },
    async (req) => {
      const p = requireStaff(req)
      return { data: meRecord(p.user) }
    },
  )
}
