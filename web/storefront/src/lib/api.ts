import { activeLocale } from './i18n.tsx'

export type FieldError = { field: string; message: string }

/** A refused or failed call: the server's field errors (spec §8), or none when it sent no body. */
export class ApiError extends Error {
  readonly status: number
  readonly errors: FieldError[]
  constructor(status: number, errors: FieldError[]) {
    super(errors[0]?.message ?? `HTTP ${status}`)
    this.status = status
    this.errors = errors
  }
}

async function errorsOf(res: Response): Promise<FieldError[]> {
  try {
    const body = (await res.json()) as { errors?: FieldError[] }
    return Array.isArray(body.errors) ? body.errors : []
  } catch {
    return []
  }
}

/** GET /api/… → the `data` of the envelope; an ApiError (status 0 when offline) otherwise. */
export async function apiGet<T>(path: string, init: RequestInit = {}): Promise<T> {
  return request<T>('GET', path, undefined, init)
}

export async function apiSend<T>(
  method: 'POST' | 'PUT' | 'DELETE',
  path: string,
  body?: unknown,
  opts: { idempotencyKey?: string; signal?: AbortSignal } = {},
): Promise<T> {
  const headers: Record<string, string> = {}
  if (opts.idempotencyKey) headers['Idempotency-Key'] = opts.idempotencyKey
  return request<T>(method, path, body, { headers, ...(opts.signal ? { signal: opts.signal } : {}) })
}

async function request<T>(method: string, path: string, body: unknown, init: RequestInit): Promise<T> {
  let res: Response
  try {
    res = await fetch(`/api${path}`, {
      ...init,
      method,
      credentials: 'same-origin',
      headers: {
        Accept: 'application/json',
        'Accept-Language': activeLocale(),
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        ...(init.headers as Record<string, string> | undefined),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    })
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error
    throw new ApiError(0, [])
  }
  if (!res.ok) throw new ApiError(res.status, await errorsOf(res))
  if (res.status === 204) return undefined as T
  const json = (await res.json()) as { data: T }
  return json.data
}

/** A new key per checkout attempt: a double click or a retry never makes two orders. */
export function newIdempotencyKey(): string {
  return crypto.randomUUID()
}
