import type { StoredEvent } from '@shop/kit'
import type { Actor, HistoryActor, HistoryEntry } from '@shop/shared/contracts'
import { resourceChangeKind } from '@shop/shared/contracts/http/resource-paths.ts'
import { diffStates, type JsonValue } from '@shop/shared/domain/common/state-diff.ts'

// A resource's history (GET /api/<path>/{id}/history) from its own stream: every event carries
// the resource's full new state (a deletion none), so each entry's changes are the difference to
// the state before it. What the server made is left out (a file's size and pixels), and secrets are told as changed, never with their values (a branch's api key, a
// user's access token, an upload's public hash; password hashes never are in an event at all).

/** The fields whose values no history shows, at any depth. */
const SECRET_FIELD = /(password|secret|token|apikey|hash)/i

export const isSecretPath = (path: readonly string[]) => path.some((segment) => SECRET_FIELD.test(segment))

export type HistoryOptions = {
  /** The fields a write takes (the write schema's); the other stored fields are the server's. */
  writable: ReadonlySet<string>
  /** Usernames by user id, for the actors. */
  usernames: ReadonlyMap<string, string>
}

type ResourceEventData = { id?: string; data?: Record<string, unknown>; restoredFrom?: unknown }

const stateOf = (event: Pick<StoredEvent, 'data'>): Record<string, unknown> | undefined =>
  (event.data as ResourceEventData | null)?.data

export function historyActor(
  actor: Actor | undefined,
  usernames: ReadonlyMap<string, string>,
): HistoryActor | null {
  if (!actor) return null
  const username = actor.id ? usernames.get(actor.id) : undefined
  return {
    kind: actor.kind,
    ...(actor.id === undefined ? {} : { id: actor.id }),
    ...(actor.name === undefined ? {} : { name: actor.name }),
    ...(username === undefined ? {} : { username }),
  }
}

/** The staff users who made these events (their ids), to look their usernames up. */
export function actorIds(events: readonly Pick<StoredEvent, 'metadata'>[]): string[] {
  const ids = events
    .map((e) => (e.metadata as { actor?: Actor }).actor)
    .filter((a) => a?.kind === 'staff' && a.id)
  return [...new Set(ids.map((a) => a!.id!))]
}

/** The stream's entries, newest first, each with its changes against the state before it. */
export function resourceHistory(events: readonly StoredEvent[], options: HistoryOptions): HistoryEntry[] {
  const omit = (field: string) => !options.writable.has(field) && !SECRET_FIELD.test(field)
  const entries: HistoryEntry[] = []
  let before: Record<string, unknown> | undefined
  for (const event of events) {
    const data = event.data as ResourceEventData | null
    const kind = resourceChangeKind(event.type, data?.restoredFrom)
    const state = stateOf(event)
    const changes =
      kind === 'deleted'
        ? []
        : diffStates(before as JsonValue, state as JsonValue, { omit, hide: isSecretPath })
    entries.push({
      version: event.streamPosition,
      at: new Date(event.createdAt).toISOString(),
      actor: historyActor((event.metadata as { actor?: Actor }).actor, options.usernames),
      kind,
      ...(kind === 'restored' ? { restoredFrom: data!.restoredFrom as number } : {}),
      changes,
    })
    before = kind === 'deleted' ? undefined : state
  }
  return entries.reverse()
}

/** The state a version left (undefined for a deletion or a version the stream does not have). */
export function stateAt(
  events: readonly StoredEvent[],
  version: number,
): Record<string, unknown> | undefined {
  const event = events[version - 1]
  return event?.streamPosition === version ? stateOf(event) : undefined
}
