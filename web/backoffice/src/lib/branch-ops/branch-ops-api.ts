import type { BranchOperationsView } from '@shop/shared/contracts'
import { apiGet, apiSend, publicClient } from '../api.ts'

/**
 * How the controls reach the server: a staff member's session (cookie + X-XSRF-TOKEN; a 401
 * goes to the login page), or the branch's frontdesk key (the counter tablet, no login: every
 * call carries X-Api-Key). The same shape as the frontdesk board's access, so the board passes
 * its own.
 */
export type BranchOpsAccess =
  | { kind: 'session'; branchId: string }
  | { kind: 'key'; branchId: string; apiKey: string }
  | { kind: 'device'; branchId: string; credential: string }

/**
 * The headers of a board's own credential: the branch's key (X-Api-Key) or a paired board
 * device's (`Authorization: Device …`, docs/devices.md); none for a staff session (its cookie).
 */
export function accessHeaders(access: BranchOpsAccess): Record<string, string> {
  if (access.kind === 'key') return { 'X-Api-Key': access.apiKey }
  if (access.kind === 'device') return { Authorization: `Device ${access.credential}` }
  return {}
}

export type PauseChoice = { minutes: 15 | 30 | 60 } | { untilEndOfDay: true }

/** The branch's operations routes (docs/api.md "Branch operations"); each write answers the new state. */
export type BranchOpsApi = {
  branchId: string
  load(signal?: AbortSignal): Promise<BranchOperationsView>
  /** Until the end of the branch's business day without `until` (ISO). */
  markSoldOut(product: string, until?: string): Promise<BranchOperationsView>
  backInStock(product: string): Promise<BranchOperationsView>
  pause(choice: PauseChoice): Promise<BranchOperationsView>
  resume(): Promise<BranchOperationsView>
  /** For `forMinutes`, or until the end of the business day without. */
  extendPreparation(extraMinutes: number, forMinutes?: number): Promise<BranchOperationsView>
  resetPreparation(): Promise<BranchOperationsView>
  /** Public reads the panel needs (the branch's zone, menus, products). */
  read<T>(path: string): Promise<T>
}

export function branchOpsApi(access: BranchOpsAccess): BranchOpsApi {
  const base = `/branches/${encodeURIComponent(access.branchId)}`
  const keyHeaders = accessHeaders(access)
  const get = <T>(path: string, signal?: AbortSignal) =>
    access.kind !== 'session'
      ? publicClient.request<T>('GET', path, undefined, {
          headers: keyHeaders,
          ...(signal ? { signal } : {}),
        })
      : apiGet<T>(path, signal ? { signal } : {})
  // Every write names itself (Idempotency-Key): a retried tap never acts twice.
  const send = (method: 'POST' | 'DELETE', path: string, body?: unknown) => {
    const headers = { ...keyHeaders, 'Idempotency-Key': crypto.randomUUID() }
    return access.kind !== 'session'
      ? publicClient.request<BranchOperationsView>(method, path, body, { headers })
      : apiSend<BranchOperationsView>(method, path, body, { headers })
  }
  return {
    branchId: access.branchId,
    load: (signal) => get<BranchOperationsView>(`${base}/operations`, signal),
    markSoldOut: (product, until) =>
      send('POST', `${base}/sold-out`, until === undefined ? { product } : { product, until }),
    backInStock: (product) => send('DELETE', `${base}/sold-out/${encodeURIComponent(product)}`),
    pause: (choice) => send('POST', `${base}/pause`, choice),
    resume: () => send('DELETE', `${base}/pause`),
    extendPreparation: (extraMinutes, forMinutes) =>
      send(
        'POST',
        `${base}/preparation-time`,
        forMinutes === undefined ? { extraMinutes } : { extraMinutes, forMinutes },
      ),
    resetPreparation: () => send('DELETE', `${base}/preparation-time`),
    read: (path) => get(path),
  }
}
