import type { MeRecord, TerminalProject, TimeTrackingState } from '@shop/shared/contracts'
import { publicClient } from '../../lib/api.ts'
import type { PlanEntry, TerminalAction, TerminalBranch } from './terminal-model.ts'

/**
 * The terminal's calls (docs/time-tracking.md "The terminal"): everything under
 * /api/time-tracking/{token}/{username}/…, no session; a 401 is no reason to go to the login
 * (publicClient). Every action carries its Idempotency-Key.
 */
export type TerminalApi = {
  me(): Promise<MeRecord>
  state(branchId: string | null): Promise<TimeTrackingState>
  schedules(): Promise<PlanEntry[]>
  projects(): Promise<TerminalProject[]>
  /** The shop's branches (public): names and zones. */
  branches(): Promise<TerminalBranch[]>
  act(
    action: TerminalAction,
    body: Record<string, unknown>,
    idempotencyKey: string,
  ): Promise<TimeTrackingState>
}

export function terminalApi(token: string, username: string): TerminalApi {
  const base = `/time-tracking/${encodeURIComponent(token)}/${encodeURIComponent(username)}`
  const get = <T>(path: string) =>
    publicClient.request<T>('GET', `${base}${path}`, undefined, { cache: 'no-store' })
  return {
    me: () => get<MeRecord>('/me'),
    state: (branchId) =>
      get<TimeTrackingState>(
        `/working-activities${branchId ? `?branch=${encodeURIComponent(branchId)}` : ''}`,
      ),
    schedules: () => get<PlanEntry[]>('/working-schedules'),
    projects: () => get<TerminalProject[]>('/projects'),
    branches: () => publicClient.request<TerminalBranch[]>('GET', '/branches'),
    act: (action, body, idempotencyKey) =>
      publicClient.request<TimeTrackingState>('POST', `${base}/working-activities/${action}`, body, {
        headers: { 'Idempotency-Key': idempotencyKey },
      }),
  }
}
