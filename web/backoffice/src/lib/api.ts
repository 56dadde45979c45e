import { ApiError, createApiClient, type FieldError, readCookie } from '@shop/ui'
import { CSRF_COOKIE, CSRF_HEADER, LOGIN_PATH, loginUrl, needsCsrf } from './auth-model.ts'
import { activeLocale } from './i18n.tsx'

export { ApiError, type FieldError }

/** The double-submit CSRF header (spec §6) for a method that changes something. */
export function csrfHeaders(method: string): Record<string, string> {
  if (!needsCsrf(method)) return {}
  const token = readCookie(CSRF_COOKIE)
  return token ? { [CSRF_HEADER]: token } : {}
}

/**
 * The back-office's API client: the envelope client of @shop/ui plus the session rules of spec
 * §6: every non-GET carries X-XSRF-TOKEN (the XSRF-TOKEN cookie), and any 401 sends the browser
 * to the login page (with the page to come back to), after which the error is passed on.
 */
const client = createApiClient({
  locale: activeLocale,
  headers: csrfHeaders,
  onError: (error) => {
    if (error.status === 401) redirectToLogin()
  },
})

let redirecting = false

/** Once per page: several calls failing together make one navigation. */
export function redirectToLogin(): void {
  if (redirecting || location.pathname === LOGIN_PATH) return
  redirecting = true
  location.assign(loginUrl(location))
}

/** GET /api/… → the `data` of the envelope; an ApiError (status 0 when offline) otherwise. */
export function apiGet<T>(path: string, init: RequestInit = {}): Promise<T> {
  return client.request<T>('GET', path, undefined, init)
}

export function apiSend<T>(
  method: 'POST' | 'PUT' | 'DELETE',
  path: string,
  body?: unknown,
  init: RequestInit = {},
): Promise<T> {
  return client.request<T>(method, path, body, init)
}

/** The raw answer (a PDF, a text receipt), with the same CSRF and 401 rules. */
export function apiRaw(
  method: string,
  path: string,
  body?: unknown,
  init: RequestInit = {},
): Promise<Response> {
  return client.raw(method, path, body, init)
}

/** For calls that must not leave the page on 401 (the login form itself). */
export const publicClient = createApiClient({
  locale: activeLocale,
  headers: csrfHeaders,
})

/** The first server message of a refusal, else the fallback text. */
export function messageOf(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.errors[0]?.message ? error.errors[0].message : fallback
}
