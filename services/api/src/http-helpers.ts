import { type BranchAccess, branchKeyCheck, HttpError, msg } from '@shop/kit'
import { parseWithErrors } from '@shop/shared/contracts'
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
