import { type BranchAccess, type BranchDirectory, branchKeyCheck, type Db, HttpError, msg } from '@shop/kit'
import { verifyDeviceCredential } from '@shop/read-models'
import { type Actor, DEVICE_AUTH_SCHEME, parseWithErrors } from '@shop/shared/contracts'
import { DEFAULT_LOCALE } from '@shop/shared/i18n'
import type { FastifyRequest } from 'fastify'
import type { z } from 'zod'
import { loginRequired } from './auth/guard.ts'

declare module 'fastify' {
  interface FastifyRequest {
    /** The catalogue locale for messages, from Accept-Language (spec §8: de, en, fr). */
    locale: string
  }
}

/** de-CH unless the caller prefers French or English (q-values respected). */
export function localeOf(acceptLanguage: string | undefined): string {
  if (!acceptLanguage) return DEFAULT_LOCALE
  const ranked = acceptLanguage
    .split(',')
    .map((part, i) => {
      const [tag = '', ...params] = part.trim().split(';')
      const q = Number(
        params
          .find((p) => p.trim().startsWith('q='))
          ?.trim()
          .slice(2) ?? '1',
      )
      return { lang: tag.toLowerCase().slice(0, 2), q: Number.isFinite(q) ? q : 0, i }
    })
    .filter((x) => x.q > 0)
    .sort((a, b) => b.q - a.q || a.i - b.i)
  for (const { lang } of ranked) {
    if (lang === 'de') return DEFAULT_LOCALE
    if (lang === 'fr') return 'fr-FR'
    if (lang === 'en') return 'en'
  }
  return DEFAULT_LOCALE
}

/** zod-parses a body or answers 400 with every field error at once, in the caller's language. */
export function parseBody<S extends z.ZodType>(
  schema: S,
  body: unknown,
  locale: string = DEFAULT_LOCALE,
): z.output<S> {
  const result = parseWithErrors(schema, body ?? {}, locale)
  if (!result.success) throw new HttpError(400, result.errors)
  return result.data
}

/** The request's Idempotency-Key, scoped to its caller (idempotency.ts). */
export { idempotencyOf } from './idempotency.ts'

/**
 * Staff access by the branch's api key (`X-Api-Key`), the frontdesk tablet's credential, for a
 * caller without a staff session (staff-access.ts checks sessions first). No key: 401 (with
 * "session expired" when a dead session cookie came along).
 */
export function requireBranchKey(
  req: FastifyRequest,
  branch: BranchAccess | undefined,
): asserts branch is BranchAccess {
  const raw = req.headers['x-api-key']
  const key = Array.isArray(raw) ? raw[0] : raw
  if (!key) throw req.authFailure ? loginRequired(req) : new HttpError(401, msg('auth:auth.loginRequired'))
  requireKeyFor(branch, key)
}

/** A branch api key from the path or the header: 403 unless it is the branch's and the frontdesk is on. */
export function requireKeyFor(branch: BranchAccess | undefined, key: string): asserts branch is BranchAccess {
  const check = branchKeyCheck(branch, key)
  if (check === 'denied') throw new HttpError(403, msg('accessDenied'))
  if (check === 'disabled') throw new HttpError(403, msg('frontdeskDisabled'))
}

/** The credential of `Authorization: Device <credential>`, when the request carries one. */
export function deviceCredentialOf(req: FastifyRequest): string | undefined {
  const header = req.headers.authorization
  const [scheme, credential] = typeof header === 'string' ? header.trim().split(/\s+/, 2) : []
  return scheme === DEVICE_AUTH_SCHEME && credential ? credential : undefined
}

/**
 * Whether the request shows a board's own credential (the branch's api key or a paired board
 * device's), which then decides over any staff session the browser also sends.
 */
export function hasBoardCredential(req: FastifyRequest): boolean {
  return req.headers['x-api-key'] !== undefined || deviceCredentialOf(req) !== undefined
}

export type BoardDeps = { db: Db; branches: BranchDirectory }

/**
 * The branch a board credential opens and who acts with it: the branch's api key (X-Api-Key, the
 * shared tablet) or a paired board device (`Authorization: Device <credential>`, docs/devices.md)
 * assigned to a branch. No credential or a revoked/unknown device credential: 401; a wrong key, a
 * device of another kind or without a branch: 403; the frontdesk plugin off: 403.
 */
export async function boardCallerOf(
  req: FastifyRequest,
  deps: BoardDeps,
): Promise<{ branch: BranchAccess; actor: Actor }> {
  const credential = req.headers['x-api-key'] === undefined ? deviceCredentialOf(req) : undefined
  if (credential === undefined) {
    const raw = req.headers['x-api-key']
    const key = Array.isArray(raw) ? (raw[0] ?? '') : (raw ?? '')
    const branch = key ? await deps.branches.byApiKey(key) : undefined
    requireBranchKey(req, branch)
    return { branch, actor: { kind: 'staff', id: `frontdesk:${branch.id}`, name: 'Frontdesk' } }
  }
  const device = await verifyDeviceCredential(deps.db, credential)
  if (!device) throw new HttpError(401, msg('deviceCredentialInvalid'))
  const branch = device.kind === 'board' && device.branch ? await deps.branches.get(device.branch) : undefined
  if (!branch) throw new HttpError(403, msg('accessDenied'))
  if (branch.keyAccess === false) throw new HttpError(403, msg('frontdeskDisabled'))
  return { branch, actor: { kind: 'staff', id: `device:${device.deviceId}`, name: device.name } }
}

/**
 * The one check "may this request act for this branch as its board" (orders, undo, branch
 * operations, the printers' status): the branch's own api key, or a paired board device of that
 * branch. Answers the actor of its commands; refusals as boardCallerOf (another branch: 403).
 */
export async function requireBoardFor(
  req: FastifyRequest,
  deps: BoardDeps,
  branchId: string,
): Promise<Actor> {
  if (deviceCredentialOf(req) === undefined || req.headers['x-api-key'] !== undefined) {
    const branch = await deps.branches.get(branchId)
    requireBranchKey(req, branch)
    return { kind: 'staff', id: `frontdesk:${branch.id}`, name: 'Frontdesk' }
  }
  const caller = await boardCallerOf(req, deps)
  if (caller.branch.id !== branchId) throw new HttpError(403, msg('accessDenied'))
  return caller.actor
}
