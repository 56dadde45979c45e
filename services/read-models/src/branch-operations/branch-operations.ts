import type { Database, Db } from '@shop/kit'
import type { BranchOperationsEvent } from '@shop/shared/contracts'
import {
  type BranchOperationsState,
  evolveOperations,
  initialOperationsState,
} from '@shop/shared/domain/operations'
import type { Transaction } from 'kysely'

// The branch operations read model (`rm_branch_operations`: one row per branch, its operations
// folded at the version of its stream `branch-operations-<id>`): products sold out at the
// branch, online orders paused, extra preparation time (shared/domain/operations). No projector
// runs it: the API's operations store applies the events here in the transaction that appends
// them (like the resources), so a read right after a write, and the checkout's next snapshot,
// see it. Only this folder touches the table.

export type BranchOperationsRow = { branchId: string; version: number; state: BranchOperationsState }

/** A stored state read back: anything a newer writer added stays, anything missing is empty. */
function stateOf(value: unknown): BranchOperationsState {
  const stored = (value ?? {}) as Partial<BranchOperationsState>
  return { ...initialOperationsState(), ...stored, soldOut: stored.soldOut ?? {} }
}

/** A branch's operations; version 0 and nothing in force for a branch nobody ever marked. */
export async function findBranchOperations(db: Db, branchId: string): Promise<BranchOperationsRow> {
  const row = await db
    .selectFrom('rm_branch_operations')
    .select(['version', 'state'])
    .where('branch_id', '=', branchId)
    .executeTakeFirst()
  return { branchId, version: row?.version ?? 0, state: row ? stateOf(row.state) : initialOperationsState() }
}

/** Every branch's operations (the checkout's catalogue snapshot). */
export async function allBranchOperations(db: Db): Promise<Map<string, BranchOperationsRow>> {
  const rows = await db.selectFrom('rm_branch_operations').select(['branch_id', 'version', 'state']).execute()
  return new Map(
    rows.map((r) => [r.branch_id, { branchId: r.branch_id, version: r.version, state: stateOf(r.state) }]),
  )
}

/**
 * The branch's row, locked until the transaction ends: concurrent writers of one branch take
 * turns, each deciding on the state the one before committed. A branch without a row gets one
 * (version 0, nothing in force) first, so there is always a row to lock.
 */
export async function lockBranchOperations(
  trx: Transaction<Database>,
  branchId: string,
  now: Date,
): Promise<BranchOperationsRow> {
  await trx
    .insertInto('rm_branch_operations')
    .values({
      branch_id: branchId,
      version: 0,
      state: JSON.stringify(initialOperationsState()),
      updated_at: now,
    })
    .onConflict((oc) => oc.column('branch_id').doNothing())
    .execute()
  const row = await trx
    .selectFrom('rm_branch_operations')
    .select(['version', 'state'])
    .where('branch_id', '=', branchId)
    .forUpdate()
    .executeTakeFirstOrThrow()
  return { branchId, version: row.version, state: stateOf(row.state) }
}

/**
 * Applies the events just appended (the stream now at `row.version + events.length`) to the
 * locked row: the projection, in the appending transaction.
 */
export async function applyBranchOperationsEvents(
  trx: Transaction<Database>,
  row: BranchOperationsRow,
  events: readonly BranchOperationsEvent[],
  now: Date,
): Promise<BranchOperationsRow> {
  let state = row.state
  for (const event of events) state = evolveOperations(state, event)
  const version = row.version + events.length
  await trx
    .updateTable('rm_branch_operations')
    .set({ version, state: JSON.stringify(state), updated_at: now })
    .where('branch_id', '=', row.branchId)
    .execute()
  return { branchId: row.branchId, version, state }
}
