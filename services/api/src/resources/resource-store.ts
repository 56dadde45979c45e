import { randomUUID } from 'node:crypto'
import {
  appendToStream,
  type Bus,
  bumpGeneration,
  type Database,
  type Db,
  type ErrorItem,
  HttpError,
  isSerializationFailure,
  msg,
  pgCode,
  WrongExpectedVersionError,
} from '@shop/kit'
import {
  deleteResourceRow,
  insertResourceRow,
  lockResourceRow,
  lockResourceVersion,
  type ResourceRow,
  uniqueResourceField,
  updateResourceRow,
} from '@shop/read-models'
import type { Actor } from '@shop/shared/contracts'
import type { Transaction } from 'kysely'
import { generationsOf } from './generations.ts'

// Catalogue and configuration resources: one event stream per resource whose events carry the
// full new state, projected inline into the resources read model (@shop/read-models, its row
// functions) in the same transaction, so a read right after a write sees it. The publisher
// sends the events on like every other.

export type { ResourceRow }

export type ResourceWrite = {
  db: Db
  bus: Pick<Bus, 'notifyAppended'>
  type: string
  actor: Actor
  now?: Date
  /** More writes that must commit with this one (e.g. a user's password hash). */
  alongside?: (trx: Transaction<Database>, id: string) => Promise<void>
  /**
   * The request's Idempotency-Key and its answer, made from the state written (null for a
   * delete): stored by the append, so the answer commits with the write or not at all.
   */
  command?: ResourceCommand | undefined
}

export type ResourceCommand = {
  id: string
  requestHash: string
  answer: (row: Pick<ResourceRow, 'id' | 'version' | 'data'> | null) => unknown
}

/** The same idempotent request committed first (a concurrent retry): this one rolls back. */
export class CommandAlreadyStoredError extends Error {
  constructor() {
    super('an idempotent request with this key committed first')
    this.name = 'CommandAlreadyStoredError'
  }
}

function storedCommand(
  command: ResourceCommand | undefined,
  row: Pick<ResourceRow, 'id' | 'version' | 'data'> | null,
) {
  return command
    ? { command: { id: command.id, requestHash: command.requestHash, result: command.answer(row) } }
    : {}
}

function refuseDuplicate(appended: { kind: string }): void {
  if (appended.kind === 'duplicate') throw new CommandAlreadyStoredError()
}

const pascal = (type: string) =>
  type
    .split(/[-_]/)
    .map((p) => p.charAt(0).toUpperCase() + p.slice(1))
    .join('')

export const resourceStreamId = (type: string, id: string) => `${type}-${id}`

export const RESOURCE_NOT_FOUND = msg('notFound')

async function moveGenerations(trx: Transaction<Database>, type: string): Promise<void> {
  for (const name of generationsOf(type)) await bumpGeneration(trx, name)
}

async function inTransaction<T>(db: Db, fn: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await db.transaction().execute(fn)
    } catch (err) {
      if (isSerializationFailure(err) && attempt < 5) continue
      if (pgCode(err) === '23505') {
        const constraint = (err as { constraint?: string }).constraint ?? ''
        throw new HttpError(400, msg('valueUsed'), uniqueResourceField(constraint) ?? '')
      }
      throw err
    }
  }
}

export async function createResource<T extends Record<string, unknown>>(
  w: ResourceWrite & { id?: string; data: T },
): Promise<ResourceRow<T>> {
  const id = w.id ?? randomUUID()
  const now = w.now ?? new Date()
  const row = await inTransaction(w.db, async (trx) => {
    const appended = await appendToStream(trx, {
      streamId: resourceStreamId(w.type, id),
      streamType: w.type,
      expectedVersion: 0,
      events: [
        { type: `${pascal(w.type)}Created`, data: { id, data: w.data }, metadata: { actor: w.actor } },
      ],
      ...storedCommand(w.command, { id, version: 1, data: w.data }),
    }).catch((err) => {
      if (err instanceof WrongExpectedVersionError) throw new HttpError(409, msg('alreadyExists'), 'id')
      throw err
    })
    refuseDuplicate(appended)
    const inserted = await insertResourceRow(trx, { type: w.type, id, data: w.data, now })
    await w.alongside?.(trx, id)
    await moveGenerations(trx, w.type)
    return inserted
  })
  w.bus.notifyAppended()
  return row
}

/**
 * Replaces a resource's state; `version` is the one the caller saw (409 when stale).
 * `restoredFrom` marks a restore: the event is an `…Updated` like any other (every reader of
 * the events handles it as one), its data also naming the version whose state it brings back.
 */
export async function updateResource<T extends Record<string, unknown>>(
  w: ResourceWrite & {
    id: string
    version: number
    data: T | ((current: T) => T)
    restoredFrom?: number | undefined
  },
): Promise<ResourceRow<T>> {
  const now = w.now ?? new Date()
  const row = await inTransaction(w.db, async (trx) => {
    const current = await lockResourceRow<T>(trx, w.type, w.id)
    if (!current) throw new HttpError(404, RESOURCE_NOT_FOUND)
    if (current.version !== w.version) throw staleVersion(current.version, w.version)
    const data = typeof w.data === 'function' ? w.data(current.data) : w.data
    const appended = await appendToStream(trx, {
      streamId: resourceStreamId(w.type, w.id),
      streamType: w.type,
      expectedVersion: current.version,
      events: [
        {
          type: `${pascal(w.type)}Updated`,
          data: { id: w.id, data, ...(w.restoredFrom === undefined ? {} : { restoredFrom: w.restoredFrom }) },
          metadata: { actor: w.actor },
        },
      ],
      ...storedCommand(w.command, { id: w.id, version: current.version + 1, data }),
    })
    refuseDuplicate(appended)
    const updated = await updateResourceRow(trx, {
      type: w.type,
      id: w.id,
      version: current.version + 1,
      data,
      now,
    })
    await w.alongside?.(trx, w.id)
    await moveGenerations(trx, w.type)
    return updated
  })
  w.bus.notifyAppended()
  return row
}

/**
 * Brings a deleted resource back with an older state (a restore of the version before its
 * deletion): a `…Created` event marked `restoredFrom` on the same stream, whose version goes on
 * from the deletion's (`version`, the caller's: 409 when stale), and its row again.
 */
export async function recreateResource<T extends Record<string, unknown>>(
  w: ResourceWrite & { id: string; version: number; data: T; restoredFrom: number },
): Promise<ResourceRow<T>> {
  const now = w.now ?? new Date()
  const version = w.version + 1
  const row = await inTransaction(w.db, async (trx) => {
    const existing = await lockResourceVersion(trx, w.type, w.id)
    if (existing !== undefined) throw staleVersion(existing, w.version)
    const appended = await appendToStream(trx, {
      streamId: resourceStreamId(w.type, w.id),
      streamType: w.type,
      expectedVersion: w.version,
      events: [
        {
          type: `${pascal(w.type)}Created`,
          data: { id: w.id, data: w.data, restoredFrom: w.restoredFrom },
          metadata: { actor: w.actor },
        },
      ],
      ...storedCommand(w.command, { id: w.id, version, data: w.data }),
    }).catch((err) => {
      if (err instanceof WrongExpectedVersionError) throw staleVersion(err.current, w.version)
      throw err
    })
    refuseDuplicate(appended)
    const inserted = await insertResourceRow(trx, { type: w.type, id: w.id, data: w.data, now, version })
    await w.alongside?.(trx, w.id)
    await moveGenerations(trx, w.type)
    return inserted
  })
  w.bus.notifyAppended()
  return row
}

export async function deleteResource(
  w: ResourceWrite & {
    id: string
    version?: number | undefined
    refuse?: (trx: Transaction<Database>) => Promise<ErrorItem['message'] | undefined>
  },
): Promise<void> {
  await inTransaction(w.db, async (trx) => {
    const version = await lockResourceVersion(trx, w.type, w.id)
    if (version === undefined) throw new HttpError(404, RESOURCE_NOT_FOUND)
    if (w.version !== undefined && version !== w.version) throw staleVersion(version, w.version)
    const refusal = await w.refuse?.(trx)
    if (refusal) throw new HttpError(409, refusal)
    await w.alongside?.(trx, w.id)
    const appended = await appendToStream(trx, {
      streamId: resourceStreamId(w.type, w.id),
      streamType: w.type,
      expectedVersion: version,
      events: [{ type: `${pascal(w.type)}Deleted`, data: { id: w.id }, metadata: { actor: w.actor } }],
      ...storedCommand(w.command, null),
    })
    refuseDuplicate(appended)
    await deleteResourceRow(trx, w.type, w.id)
    await moveGenerations(trx, w.type)
  })
  w.bus.notifyAppended()
}

function staleVersion(current: number, given: number): HttpError {
  return new HttpError(409, msg('staleVersion', { current, given }), 'version')
}
