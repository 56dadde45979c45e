import type { Kysely } from 'kysely'
import type { Database } from '../db/schema.ts'
import { metrics } from '../metrics.ts'
import {
  IdempotencyInProgressError,
  IdempotencyKeyOtherCallerError,
  IdempotencyKeyReusedError,
  WrongExpectedVersionError,
} from './errors.ts'
import type { GenerationGuard } from './generations.ts'
import { appendToStream, findCommandResult, readStream } from './store.ts'
import type { EventMetadata } from './types.ts'

/**
 * An Idempotency-Key as the store keeps it: `key` is already scoped to the caller (the API makes
 * it from the header and who sends it), `requestHash` names the request (method, path, canonical
 * body), and `owner`, for callers without an identity of their own (anonymous customers), is who
 * may see the stored answer (a hash of their address).
 */
export type Idempotency = { key: string; requestHash: string; owner?: string | null | undefined }

/** What es_commands keeps as a command's answer. */
export type StoredAnswer<R = unknown> = {
  result: R
  version?: number
  /** The HTTP status of the first answer (HTTP-level writes; commands answer their route's). */
  status?: number
  owner?: string
  /** Reserved by a request still running (see the API's upload hook). */
  pending?: true
}

/**
 * The stored answer a retry gets, after the checks: another anonymous caller's key is refused
 * (409: its answer may be a status link), another request under the same key too (422), and one
 * still running (409).
 */
export function storedAnswerFor<R>(
  earlier: { result: unknown; requestHash: string },
  idempotency: Idempotency,
): StoredAnswer<R> {
  const stored = earlier.result as StoredAnswer<R>
  if (stored.owner !== undefined && stored.owner !== (idempotency.owner ?? undefined)) {
    throw new IdempotencyKeyOtherCallerError()
  }
  if (earlier.requestHash !== idempotency.requestHash) throw new IdempotencyKeyReusedError()
  if (stored.pending) throw new IdempotencyInProgressError()
  return stored
}

export type Decider<S, C, E extends { type: string }> = {
  initialState: () => S
  evolve: (state: S, event: E) => S
  decide: (command: C, state: S) => E[]
}

export type HandleCommandInput<S, C, E extends { type: string }, R> = {
  db: Kysely<Database>
  streamId: string
  streamType: string
  decider: Decider<S, C, E>
  command: C
  commandName: string
  /** The version the caller saw; a different current version is a conflict (409). */
  expectedVersion?: number
  idempotency?: Idempotency
  /** Append only while this generation is unchanged (the caller decided on data of that generation). */
  guard?: GenerationGuard | undefined
  metadata?: (state: S, event: E) => EventMetadata
  /** The answer, computed from the new state; stored for idempotent retries. */
  result: (state: S, version: number) => R
  maxRetries?: number
}

export type HandleCommandOutput<R> = { result: R; version: number; duplicate: boolean; eventCount: number }

/**
 * Load → decide → append, the whole command path. Without an expected version from the caller,
 * a concurrent write is retried against the new state (decide runs again and may now refuse).
 */
export async function handleCommand<S, C, E extends { type: string }, R>(
  input: HandleCommandInput<S, C, E, R>,
): Promise<HandleCommandOutput<R>> {
  const { db, decider, idempotency } = input
  const maxRetries = input.maxRetries ?? 5
  try {
    if (idempotency) {
      const earlier = await findCommandResult(db, idempotency.key)
      if (earlier) return replay<R>(earlier, idempotency, input.commandName)
    }
    for (let attempt = 0; ; attempt++) {
      // A stream the caller creates (expected version 0) has nothing to read: one round trip less.
      // If it exists after all, the append refuses it as a wrong expected version.
      const stream =
        input.expectedVersion === 0 ? { version: 0, events: [] } : await readStream(db, input.streamId)
      if (input.expectedVersion !== undefined && input.expectedVersion !== stream.version) {
        throw new WrongExpectedVersionError(input.streamId, input.expectedVersion, stream.version)
      }
      let state = decider.initialState()
      for (const e of stream.events) state = decider.evolve(state, e.data as E)
      const events = decider.decide(input.command, state)
      let next = state
      const newEvents = events.map((event) => {
        next = decider.evolve(next, event)
        const metadata = { ...(input.metadata?.(next, event) ?? {}) }
        if (idempotency) metadata.commandId = idempotency.key
        return { type: event.type, data: event, metadata }
      })
      const version = stream.version + events.length
      const result = input.result(next, version)
      if (events.length === 0) {
        metrics.commands.inc({ command: input.commandName, outcome: 'noop' })
        return { result, version, duplicate: false, eventCount: 0 }
      }
      try {
        const appended = await appendToStream(db, {
          streamId: input.streamId,
          streamType: input.streamType,
          expectedVersion: stream.version,
          events: newEvents,
          guard: input.guard,
          ...(idempotency
            ? {
                command: {
                  id: idempotency.key,
                  requestHash: idempotency.requestHash,
                  result: { result, version, ...(idempotency.owner ? { owner: idempotency.owner } : {}) },
                },
              }
            : {}),
        })
        if (appended.kind === 'duplicate') {
          return replay<R>(appended, idempotency ?? { key: '', requestHash: '' }, input.commandName)
        }
        metrics.appends.inc()
        metrics.appendedEvents.inc(events.length)
        metrics.commands.inc({ command: input.commandName, outcome: 'ok' })
        return { result, version: appended.version, duplicate: false, eventCount: events.length }
      } catch (err) {
        if (!(err instanceof WrongExpectedVersionError)) throw err
        metrics.conflicts.inc()
        // The same idempotent command may have won the race in another process.
        if (idempotency) {
          const earlier = await findCommandResult(db, idempotency.key)
          if (earlier) return replay<R>(earlier, idempotency, input.commandName)
        }
        if (input.expectedVersion !== undefined || attempt >= maxRetries) throw err
      }
    }
  } catch (err) {
    if (err instanceof WrongExpectedVersionError)
      metrics.commands.inc({ command: input.commandName, outcome: 'conflict' })
    else metrics.commands.inc({ command: input.commandName, outcome: 'refused' })
    throw err
  }
}

function replay<R>(
  earlier: { result: unknown; requestHash: string },
  idempotency: Idempotency,
  commandName: string,
): HandleCommandOutput<R> {
  const stored = storedAnswerFor<R>(earlier, idempotency)
  metrics.commands.inc({ command: commandName, outcome: 'replayed' })
  return { result: stored.result, version: stored.version ?? 0, duplicate: true, eventCount: 0 }
}
