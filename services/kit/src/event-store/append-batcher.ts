import { type Kysely, sql } from 'kysely'
import type { Database } from '../db/schema.ts'
import { GenerationMovedError, isSerializationFailure, WrongExpectedVersionError } from './errors.ts'

/** One append as es_append_batch takes it (events already with their ids). */
export type BatchItem = {
  streamId: string
  streamType: string
  expected: number | null
  events: { id: string; type: string; schemaVersion: number; data: unknown; metadata: unknown }[]
  commandId: string | null
  requestHash: string | null
  commandResult: unknown
  guardName: string | null
  guardGeneration: string | null
}

export type BatchOutcome = {
  duplicate: boolean
  newVersion: number | null
  firstPosition: string | null
  lastPosition: string | null
  commandResult: unknown
  requestHash: string | null
}

type Row = {
  ord: number
  duplicate: boolean | null
  new_version: number | null
  first_position: string | null
  last_position: string | null
  command_result: unknown
  request_hash: string | null
  error_code: string | null
  error_message: string | null
  error_detail: string | null
}

type Waiting = {
  item: BatchItem
  attempts: number
  resolve: (outcome: BatchOutcome) => void
  reject: (err: unknown) => void
}

/** Items per batch: each is a subtransaction, and a backend caches 64 of them. */
const MAX_BATCH = 32
/** Batches under way at once; more appends wait and go together into the next one. */
const MAX_IN_FLIGHT = 4
const MAX_XID_RACE_RETRIES = 5

/**
 * Group commit in the application: the appends that arrive while the event loop is busy go to
 * PostgreSQL together, as one es_append_batch call — one round trip, one commit and one WAL flush
 * for all of them, each still checked on its own (its expected version, its idempotency key, its
 * guard) in its own subtransaction. Every caller gets its own answer after the commit. With
 * little traffic a batch holds one append and costs what a single call costs.
 */
export class AppendBatcher {
  readonly #db: Kysely<Database>
  #queue: Waiting[] = []
  #inFlight = 0
  #scheduled = false

  constructor(db: Kysely<Database>) {
    this.#db = db
  }

  append(item: BatchItem): Promise<BatchOutcome> {
    return new Promise((resolve, reject) => {
      this.#queue.push({ item, attempts: 0, resolve, reject })
      this.#schedule()
    })
  }

  #schedule(): void {
    if (this.#scheduled || this.#inFlight >= MAX_IN_FLIGHT || this.#queue.length === 0) return
    this.#scheduled = true
    // After the current turn: every append that turn produced joins the batch.
    setImmediate(() => {
      this.#scheduled = false
      void this.#flush()
    })
  }

  async #flush(): Promise<void> {
    const batch = this.#queue.splice(0, MAX_BATCH)
    if (batch.length === 0) return
    this.#inFlight++
    try {
      const { rows } = await sql<Row>`SELECT * FROM es_append_batch(${JSON.stringify(
        batch.map((w) => w.item),
      )}::jsonb)`.execute(this.#db)
      for (const row of rows) {
        const waiting = batch[row.ord - 1]
        if (waiting) this.#settle(waiting, row)
      }
      for (const waiting of batch.slice(rows.length))
        waiting.reject(new Error('es_append_batch returned no row'))
    } catch (err) {
      // The whole batch failed (connection lost, server down): every caller gets the error.
      for (const waiting of batch) waiting.reject(err)
    } finally {
      this.#inFlight--
      this.#schedule()
    }
  }

  #settle(waiting: Waiting, row: Row): void {
    const { item } = waiting
    if (row.error_code === null) {
      waiting.resolve({
        duplicate: row.duplicate ?? false,
        newVersion: row.new_version,
        firstPosition: row.first_position,
        lastPosition: row.last_position,
        commandResult: row.command_result,
        requestHash: row.request_hash,
      })
      return
    }
    const refusal = appendRefusal(item, row.error_code, row.error_detail)
    if (refusal) {
      waiting.reject(refusal)
      return
    }
    const err = Object.assign(new Error(row.error_message ?? `append failed (${row.error_code})`), {
      code: row.error_code,
      detail: row.error_detail ?? undefined,
    })
    // A concurrent writer of the same stream with an older transaction: try again.
    if (isSerializationFailure(err) && waiting.attempts < MAX_XID_RACE_RETRIES) {
      waiting.attempts++
      this.#queue.push(waiting)
      this.#schedule()
      return
    }
    waiting.reject(err)
  }
}

/**
 * The error of an append es_append refused on purpose (ES409: the stream is at another version,
 * the detail names it; ES412: the guard's generation moved), else undefined.
 */
export function appendRefusal(
  item: Pick<BatchItem, 'streamId' | 'expected' | 'guardName' | 'guardGeneration'>,
  code: string | undefined | null,
  detail: string | undefined | null,
): WrongExpectedVersionError | GenerationMovedError | undefined {
  if (code === 'ES409') {
    return new WrongExpectedVersionError(
      item.streamId,
      item.expected,
      Number.parseInt(detail ?? '0', 10) || 0,
    )
  }
  if (code === 'ES412' && item.guardName !== null) {
    return new GenerationMovedError(item.guardName, item.guardGeneration ?? '', detail ?? '')
  }
  return undefined
}

const batchers = new WeakMap<Kysely<Database>, AppendBatcher>()

/** The batcher of a database handle (one per pool). */
export function batcherFor(db: Kysely<Database>): AppendBatcher {
  let batcher = batchers.get(db)
  if (!batcher) {
    batcher = new AppendBatcher(db)
    batchers.set(db, batcher)
  }
  return batcher
}
