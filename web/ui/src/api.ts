/**
 * The API envelope (spec §7 and §8) for every web app: `{ data }` on success, `{ errors: [{ field,
 * message }] }` on a refusal. The apps wrap `createApiClient` with their own locale and headers.
 */
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

/** The field errors of a refused answer; none when the body is not the error envelope. */
export async function errorsOf(res: Response): Promise<FieldError[]> {
  try {
    const body = (await res.json()) as { errors?: FieldError[] }
    return Array.isArray(body.errors) ? body.errors : []
  } catch {
    return []
  }
}

export type ApiClientOptions = {
  /** Prefix of every path; default '/api'. */
  base?: string
  /** Sent as Accept-Language. */
  locale: () => string
  /** Extra headers per call (e.g. the CSRF token on non-GET requests). */
  headers?: (method: string) => Record<string, string>
  /** Called on a refused answer before the ApiError is thrown (e.g. to go to the login on 401). */
  onError?: (error: ApiError) => void
  fetchImpl?: typeof fetch
}

export type ApiClient = {
  request<T>(method: string, path: string, body?: unknown, init?: RequestInit): Promise<T>
  /** The raw answer of an accepted call (a PDF, a download); ApiError otherwise. */
  raw(method: string, path: string, body?: unknown, init?: RequestInit): Promise<Response>
}

export function createApiClient(opts: ApiClientOptions): ApiClient {
  const base = opts.base ?? '/api'
  async function raw(method: string, path: string, body: unknown, init: RequestInit = {}): Promise<Response> {
    let res: Response
    try {
      res = await (opts.fetchImpl ?? fetch)(`${base}${path}`, {
        ...init,
        method,
        credentials: 'same-origin',
        headers: {
          Accept: 'application/json',
          'Accept-Language': opts.locale(),
          ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
          ...opts.headers?.(method),
          ...(init.headers as Record<string, string> | undefined),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      })
    } catch (error) {
      if ((error as Error).name === 'AbortError') throw error
      const offline = new ApiError(0, [])
      opts.onError?.(offline)
      throw offline
    }
    if (!res.ok) {
      const error = new ApiError(res.status, await errorsOf(res))
      opts.onError?.(error)
      throw error
    }
    return res
  }
  return {
    raw: (method, path, body, init) => raw(method, path, body, init),
    async request<T>(method: string, path: string, body?: unknown, init: RequestInit = {}): Promise<T> {
      const res = await raw(method, path, body, init)
      if (res.status === 204) return undefined as T
      const json = (await res.json()) as { data: T }
      return json.data
    },
  }
}
