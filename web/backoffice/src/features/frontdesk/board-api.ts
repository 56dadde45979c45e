import { DEFAULT_REJECTION_REASONS } from '@shop/shared/contracts'
import { paths } from '@shop/ui/routes'
import { ApiError, apiGet, apiRaw, apiSend, publicClient } from '../../lib/api.ts'
import { accessHeaders } from '../../lib/branch-ops/branch-ops-api.ts'
import type { BoardOrder, CardAction } from './board-model.ts'

/**
 * How a board reaches the server: the shared tablet with the branch's api key (no login; every
 * call carries X-Api-Key, and a 401 is not a reason to leave for the login page), or a staff
 * member's session (cookie + X-XSRF-TOKEN, any 401 goes to the login page: lib/api.ts), or a
 * paired board tablet with its own revocable credential (`Authorization: Device …`, the
 * `/backend/board-device` page; a 401 means it was revoked and pairs anew).
 */
export type BoardAccess =
  | { kind: 'key'; branchId: string; apiKey: string }
  | { kind: 'device'; branchId: string; credential: string }
  | { kind: 'session'; branchId: string }

export type BoardApi = {
  access: BoardAccess
  /** The order as the board shows it, with its version (GET /api/orders/:id). */
  get(orderId: string): Promise<BoardOrder>
  /** A status command or the counter-appointment, always with the card's version: the order after it. */
  command(
    orderId: string,
    action: CardAction,
    version: number,
    extra?: Record<string, unknown>,
  ): Promise<BoardOrder>
  /** Takes back the last status change (within 10 s, POST /api/orders/:id/undo): the order after it. */
  undo(orderId: string, version: number): Promise<BoardOrder>
  resend(orderId: string, channel: 'email' | 'sms'): Promise<void>
  /** The receipt: the print view route for sessions; the PDF (as a blob URL) for the key board. */
  receipt(orderId: string): Promise<string>
}

export function boardApi(access: BoardAccess): BoardApi {
  const init: RequestInit = { headers: accessHeaders(access) }
  const own = access.kind !== 'session'
  const get = <T>(path: string) =>
    own ? publicClient.request<T>('GET', path, undefined, init) : apiGet<T>(path)
  const post = <T>(path: string, body?: unknown) =>
    own ? publicClient.request<T>('POST', path, body, init) : apiSend<T>('POST', path, body)
  const order = (id: string) => `/orders/${encodeURIComponent(id)}`
  return {
    access,
    get: (orderId) => get<BoardOrder>(order(orderId)),
    async command(orderId, action, version, extra = {}) {
      const path =
        action === 'counter-appointment'
          ? `${order(orderId)}/counter-appointment`
          : `${order(orderId)}/status/${action}`
      return post<BoardOrder>(path, { version, ...extra })
    },
    undo: (orderId, version) => post<BoardOrder>(`${order(orderId)}/undo`, { version }),
    async resend(orderId, channel) {
      await post(`${order(orderId)}/resend-new-order-${channel === 'email' ? 'email' : 'sms'}`)
    },
    async receipt(orderId) {
      if (access.kind === 'session') return paths.backend.url(paths.backend.receipt(orderId))
      const res = own
        ? await publicClient.raw('POST', `${order(orderId)}/print`, { format: 'pdf' }, init)
        : await apiRaw('POST', `${order(orderId)}/print`, { format: 'pdf' })
      const type = res.headers.get('content-type') ?? ''
      if (!type.includes('pdf')) throw new ApiError(res.status, [])
      return URL.createObjectURL(await res.blob())
    },
  }
}

/** The branch facts the board needs (public: GET /api/branches). */
export type BoardBranch = { id: string; name: string; timeZone: string; missedOrderMinutes?: number }

export async function loadBranch(branchId: string): Promise<BoardBranch | undefined> {
  const branches = await publicClient.request<BoardBranch[]>('GET', '/branches')
  return branches.find((b) => b.id === branchId)
}

/** The shop settings the board uses: the currency and the preset reasons for reject and cancel. */
export type BoardConfig = { currency: string; rejectionReasons: readonly string[] }

export async function loadConfig(): Promise<BoardConfig> {
  try {
    const config = await publicClient.request<{ currency?: string; rejectionReasons?: string[] } | null>(
      'GET',
      '/config',
    )
    return {
      currency: config?.currency ?? 'CHF',
      // A config saved before the list existed has none: the defaults.
      rejectionReasons: config?.rejectionReasons ?? DEFAULT_REJECTION_REASONS,
    }
  } catch {
    return { currency: 'CHF', rejectionReasons: DEFAULT_REJECTION_REASONS }
  }
}
