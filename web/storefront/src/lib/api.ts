import { ApiError, createApiClient, type FieldError } from '@shop/ui'
import { activeLocale } from './i18n.tsx'

// The envelope client is @shop/ui's (shared with the back-office).
export { ApiError, type FieldError }

const client = createApiClient({ locale: activeLocale })

/** GET /api/… → the `data` of the envelope; an ApiError (status 0 when offline) otherwise. */
export async function apiGet<T>(path: string, init: RequestInit = {}): Promise<T> {
  return client.request<T>('GET', path, undefined, init)
}

export async function apiSend<T>(
  method: 'POST' | 'PUT' | 'DELETE',
  path: string,
  body?: unknown,
  opts: { idempotencyKey?: string; signal?: AbortSignal } = {},
): Promise<T> {
  const headers: Record<string, string> = {}
  if (opts.idempotencyKey) headers['Idempotency-Key'] = opts.idempotencyKey
  return client.request<T>(method, path, body, {
    headers,
    ...(opts.signal ? { signal: opts.signal } : {}),
  })
}

/** A new key per checkout attempt: a double click or a retry never makes two orders. */
export function newIdempotencyKey(): string {
  return crypto.randomUUID()
}
