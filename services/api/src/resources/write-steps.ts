import { type Database, HttpError, msg } from '@shop/kit'
import type { Actor } from '@shop/shared/contracts'
import type { Transaction } from 'kysely'
import type { Principal } from '../auth/guard.ts'
import type { IdempotentSlot } from '../idempotency.ts'
import { checkReferences, type ResourceDef } from './resource-registry.ts'
import type { ResourceCommand, ResourceRow } from './resource-store.ts'

// The steps every resource write shares (a POST, a PUT, a restore): who made it, what a caller
// sees of the state, the references checked in the write's transaction, and the answer an
// idempotent write stores with its append.

export type Alongside = (trx: Transaction<Database>, id: string) => Promise<void>

/** The write's extra work in its transaction: every reference must exist (and stay), the type's own rules hold. */
export function withReferences(
  def: Pick<ResourceDef, 'references' | 'check'>,
  data: Record<string, unknown>,
  alongside: Alongside | undefined,
): Alongside {
  return async (trx, id) => {
    const missing = await checkReferences(trx, def.references?.(data) ?? [])
    if (missing.length > 0) {
      throw new HttpError(
        400,
        missing.map((r) => ({ field: r.field, message: msg('referenceMissing') })),
      )
    }
    await def.check?.(trx, id, data)
    await alongside?.(trx, id)
  }
}

export const actorOf = (p: Principal): Actor => ({ kind: 'staff', id: p.user.id, name: p.user.displayName })

export function present(
  def: Pick<ResourceDef, 'present'>,
  row: Pick<ResourceRow, 'id' | 'version' | 'data'>,
  principal: Principal | null,
) {
  const data = def.present ? def.present(row.data, principal) : row.data
  return { ...data, id: row.id, version: row.version }
}

/** The resource store's half of an idempotent write: the answer it stores with the append. */
export function commandOf(
  slot: IdempotentSlot | undefined,
  answer: (row: Pick<ResourceRow, 'id' | 'version' | 'data'> | null) => unknown,
): ResourceCommand | undefined {
  if (!slot) return undefined
  return { id: slot.id, requestHash: slot.requestHash, answer: (row) => slot.stored(answer(row)) }
}
