/**
 * Redirects (spec §3: path → target with 301 or 302) made from other screens: when a site's path
 * is renamed, the sites editor offers to send the old address to the new one. The server checks
 * every rule (services/api/src/resources/redirect-rules.ts: no loop, no page hidden, one redirect
 * per path); a refusal comes back with its messages, in the user's language.
 */
import { ApiError, type FieldError } from './api.ts'
import { createResource, type StoredResource } from './resources.ts'

export type RedirectStatus = 301 | 302

export type Redirect = StoredResource & { path: string; target: string; statusCode: RedirectStatus }

export type OfferedRedirect =
  | { ok: true; redirect: Redirect }
  | {
      ok: false
      /** The server's errors (`field` is path or target), empty when it gave none (offline). */
      errors: FieldError[]
      /** The first message, for a notice. */
      message: string | undefined
    }

/**
 * Creates the redirect old path → new path (301 by default: the page has moved for good).
 * Never throws for a refusal: `ok: false` with the server's messages.
 */
export async function offerRedirect(
  oldPath: string,
  newPath: string,
  statusCode: RedirectStatus = 301,
): Promise<OfferedRedirect> {
  try {
    const redirect = await createResource<Redirect>('redirects', {
      path: oldPath,
      target: newPath,
      statusCode,
    })
    return { ok: true, redirect }
  } catch (error) {
    const errors = error instanceof ApiError ? error.errors : []
    return { ok: false, errors, message: errors[0]?.message }
  }
}
