import {
  appendToStream,
  type Bus,
  bumpGeneration,
  type Database,
  type Db,
  HttpError,
  isSerializationFailure,
  msg,
} from '@shop/kit'
import {
  applyBranchOperationsEvents,
  type BranchOperationsRow,
  lockBranchOperations,
} from '@shop/read-models'
import { BRANCH_OPERATIONS_STREAM_TYPE, type BranchOperationsEvent } from '@shop/shared/contracts'
import {
  type BranchOperationsCommand,
  decideOperations,
  evolveOperations,
  OperationsRuleError,
} from '@shop/shared/domain/operations'
import type { Transaction } from 'kysely'
import { CATALOGUE_GENERATION } from '../resources/generations.ts'

// The write path of a branch's operations (issue 17): in ONE transaction the branch's row is
// locked, the command decided on its state (shared/domain/operations), the events appended to
// the branch's stream with the version read, the row projected, and the 'catalogue' generation
// moved. That last step makes every checkout's cached catalogue stale, exactly as a catalogue
// write does (docs/decisions/0007): an order priced before a "sold out" or a pause is checked
// again on a snapshot that has it, never stored from the old one.

export const operationsStreamId = (branchId: string) => `${BRANCH_OPERATIONS_STREAM_TYPE}-${branchId}`

export type OperationsWriteDeps = { db: Db; bus: Pick<Bus, 'notifyAppended'> }

/**
 * The request's Idempotency-Key and its answer, stored by the append (committed with the events).
 * The answer reads through the write's own transaction: a second connection taken while the row
 * is locked could wait for one that waits for the lock.
 */
export type OperationsIdempotency = {
  id: string
  requestHash: string
  answer: (row: BranchOperationsRow, trx: Transaction<Database>) => Promise<unknown>
}

/** The same idempotent request committed first (a concurrent retry): this one rolls back. */
class AlreadyStoredError extends Error {
  constructor() {
    super('an idempotent request with this key committed first')
  }
}

async function inTransaction<T>(db: Db, fn: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await db.transaction().execute(fn)
    } catch (err) {
      if (isSerializationFailure(err) && attempt < 5) continue
      throw err
    }
  }
}

/**
 * Runs one command; answers the branch's operations after it. A command that changes nothing
 * (putting back what is not sold out) appends nothing. A refused one answers 400 at its field.
 */
export async function runOperationsCommand(
  deps: OperationsWriteDeps,
  command: BranchOperationsCommand,
  idempotency?: OperationsIdempotency,
): Promise<BranchOperationsRow> {
  const now = new Date(command.at)
  let appended = false
  const row = await inTransaction(deps.db, async (trx) => {
    const current = await lockBranchOperations(trx, command.branchId, now)
    let events: BranchOperationsEvent[]
    try {
      events = decideOperations(command, current.state)
    } catch (err) {
      if (err instanceof OperationsRuleError) throw new HttpError(400, msg(err.key, err.params), err.field)
      throw err
    }
    if (events.length === 0) return current
    // The answer is made from the state after the events, and stored in the append's statement.
    let state = current.state
    for (const event of events) state = evolveOperations(state, event)
    const after = { branchId: command.branchId, version: current.version + events.length, state }
    const outcome = await appendToStream(trx, {
      streamId: operationsStreamId(command.branchId),
      streamType: BRANCH_OPERATIONS_STREAM_TYPE,
      expectedVersion: current.version,
      events: events.map((event) => ({
        type: event.type,
        data: event,
        metadata: {
          actor: command.actor,
          branchId: command.branchId,
          ...(idempotency ? { commandId: idempotency.id } : {}),
        },
      })),
      ...(idempotency
        ? {
            command: {
              id: idempotency.id,
              requestHash: idempotency.requestHash,
              result: await idempotency.answer(after, trx),
            },
          }
        : {}),
    })
    if (outcome.kind === 'duplicate') throw new AlreadyStoredError()
    const written = await applyBranchOperationsEvents(trx, current, events, now)
    await bumpGeneration(trx, CATALOGUE_GENERATION)
    appended = true
    return written
  })
  if (appended) deps.bus.notifyAppended()
  return row
}
