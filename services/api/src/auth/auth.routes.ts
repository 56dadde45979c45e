import type { Db } from '@shop/kit'
import { HttpError, msg, safeEqual } from '@shop/kit'
import type { FastifyInstance } from 'fastify'
import { sql } from 'kysely'
import { z } from 'zod'
import { parseBody } from '../http-helpers.ts'
import {
  AUTH_MESSAGES,
  clearAuthCookies,
  cookieOptions,
  requireStaff,
  type StaffUser,
  toStaffUser,
} from './guard.ts'
import { verifyPassword } from './passwords.ts'
import {
  CSRF_COOKIE,
  clearFailures,
  createSession,
  deleteSession,
  lockedForMs,
  recordFailure,
  SESSION_COOKIE,
  SESSION_TTL_MS,
} from './sessions.ts'

const loginBodySchema = z.strictObject({
  username: z.string().trim().min(1).max(64),
  password: z.string().min(1).max(1024),
})

/** The spec's 'me' record: roles and the user. */
export function meRecord(user: StaffUser) {
  return {
    roles: user.roles,
    user: { id: user.id, username: user.username, displayName: user.displayName, branches: user.branches },
  }
}

export async function authRoutes(app: FastifyInstance, deps: { db: Db }): Promise<void> {
  app.post('/api/login', async (req, reply) => {
    const body = parseBody(loginBodySchema, req.body, req.locale)
    const userKey = `user:${body.username.toLowerCase()}`
    const ipKey = `ip:${req.ip}`
    const waitMs = await lockedForMs(deps.db, [
      { key: userKey, limit: 5 },
      { key: ipKey, limit: 30 },
    ])
    if (waitMs > 0) {
      const minutes = Math.max(1, Math.ceil(waitMs / 60_000))
      reply.header('retry-after', String(Math.ceil(waitMs / 1000)))
      throw new HttpError(429, AUTH_MESSAGES.tooManyAttempts(minutes, req.locale))
    }
    const { rows } = await sql<{ id: string; data: Record<string, unknown>; password_hash: string | null }>`
      SELECT r.id, r.data, c.password_hash FROM rm_resources r
        LEFT JOIN auth_credentials c ON c.user_id = r.id
       WHERE r.type = 'user' AND lower(r.data->>'username') = ${body.username.toLowerCase()}`.execute(deps.db)
    const row = rows[0]
    const ok = await verifyPassword(row?.password_hash ?? undefined, body.password)
    if (!row || !ok) {
      await recordFailure(deps.db, [userKey, ipKey])
      throw new HttpError(401, AUTH_MESSAGES.invalidCredentials(req.locale))
    }
    // Only the right password learns that the account is switched off (spec §8 "account disabled").
    if (row.data.isEnabled === false) {
      await recordFailure(deps.db, [userKey, ipKey])
      throw new HttpError(401, AUTH_MESSAGES.accountDisabled(req.locale))
    }
    await clearFailures(deps.db, userKey)
    const { token, csrfToken } = await createSession(deps.db, row.id)
    const maxAge = SESSION_TTL_MS / 1000
    reply.setCookie(SESSION_COOKIE, token, cookieOptions(true, maxAge))
    reply.setCookie(CSRF_COOKIE, csrfToken, cookieOptions(false, maxAge))
    return { data: meRecord(toStaffUser(row.id, row.data)) }
  })

  app.post('/api/logout', async (req, reply) => {
    if (req.principal) await deleteSession(deps.db, req.principal.session.tokenHash)
    clearAuthCookies(reply)
    return { data: null }
  })

  // Time tracking is reached by access token + username (spec §1): a terminal at the door
  // needs no login. A wrong pair answers 404 without saying which part was wrong.
  app.get<{ Params: { token: string; username: string } }>(
    '/api/time-tracking/:token/:username/me',
    async (req) => {
      const { rows } = await sql<{ id: string; data: Record<string, unknown> }>`
      SELECT id, data FROM rm_resources
       WHERE type = 'user' AND lower(data->>'username') = ${req.params.username.toLowerCase()}`.execute(
        deps.db,
      )
      const row = rows[0]
      const token = typeof row?.data.accessToken === 'string' ? row.data.accessToken : ''
      if (!row || !safeEqual(token, req.params.token)) throw new HttpError(404, msg('notFound'))
      return { data: meRecord(toStaffUser(row.id, row.data)) }
    },
  )

  app.get('/api/users/me', async (req) => {
    const p = requireStaff(req)
    return { data: meRecord(p.user) }
  })
}
