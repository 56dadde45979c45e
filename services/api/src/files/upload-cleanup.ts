import { readdir, stat } from 'node:fs/promises'
import { join } from 'node:path'
import { type Bus, type Db, HttpError, type Logger, msg } from '@shop/kit'
import { sql } from 'kysely'
import { deleteResource } from '../resources/resource-store.ts'
import type { FileBytes } from './file-bytes.ts'
import { pruneBudgets } from './upload-budget.ts'
import {
  chunkOrphans,
  deleteFileRow,
  existingFiles,
  isUploadUsed,
  unusedCustomerUploads,
} from './upload-uses.ts'

// Customers' uploads that no order uses are removed after limits.uploads.unusedTtlMs (a day):
// the resource through the resource store (an UploadDeleted event, so the read model and the
// log agree), its `files` row and chunks in that transaction, bytes on disk right after. Staff
// uploads stay (content pages link their files). Bytes left without a row by an upload that
// died before its commit go too, once seen orphaned by two runs in a row.

export type CleanupDeps = { db: Db; bus: Pick<Bus, 'notifyAppended'>; files: FileBytes }

const BATCH = 200
const SYSTEM = { kind: 'system', name: 'upload clean-up' } as const

/** One pass: removes the unused uploads created before `now - ttlMs`; answers how many. */
export async function removeUnusedUploads(deps: CleanupDeps, now: Date, ttlMs: number): Promise<number> {
  const before = new Date(now.getTime() - ttlMs)
  let removed = 0
  for (;;) {
    const batch = await unusedCustomerUploads(deps.db, before, BATCH)
    let progress = 0
    for (const file of batch) {
      try {
        await deleteResource({
          db: deps.db,
          bus: deps.bus,
          type: 'upload',
          actor: SYSTEM,
          id: file.id,
          now,
          // An order may have taken it since the list was read.
          refuse: async (trx) => ((await isUploadUsed(trx, file.id)) ? msg('uploadInUse') : undefined),
          alongside: async (trx) => {
            await deleteFileRow(trx, file.id)
          },
        })
        removed++
      } catch (err) {
        if (!(err instanceof HttpError)) throw err
        // 404: the resource is gone already (deleted by hand): its row goes all the same.
        if (err.status === 404) await deps.db.transaction().execute((trx) => deleteFileRow(trx, file.id))
        else continue
      }
      progress++
      if (file.storage === 'disk') await deps.files.discard(file.id, 'disk')
    }
    if (batch.length < BATCH || progress === 0) break
  }
  await pruneBudgets(deps.db, now)
  return removed
}

/** Bytes without a row, remembered between runs: only those orphaned in both are removed. */
export function orphanSweeper(deps: CleanupDeps, dir: string | undefined) {
  let seen = new Set<string>()
  return async (): Promise<number> => {
    const candidates = new Set(await chunkOrphans(deps.db))
    if (dir) {
      const names = await readdir(dir).catch(() => [] as string[])
      const ids = names.filter((n) => !n.endsWith('.tmp'))
      const rows = await existingFiles(deps.db, ids)
      for (const id of ids) if (!rows.has(id)) candidates.add(id)
      // A temporary file older than an hour belongs to a write that died.
      for (const n of names.filter((n) => n.endsWith('.tmp'))) {
        const info = await stat(join(dir, n)).catch(() => undefined)
        if (info && Date.now() - info.mtimeMs > 3_600_000) candidates.add(n)
      }
    }
    let removed = 0
    for (const id of candidates) {
      if (!seen.has(id)) continue
      if (dir) await deps.files.discard(id, 'disk')
      if (!id.endsWith('.tmp')) await deps.files.discard(id, 'db')
      removed++
    }
    seen = candidates
    return removed
  }
}

export type UploadCleanup = { runOnce(): Promise<number>; stop(): Promise<void> }

/**
 * Runs the clean-up every `intervalMs` (first after `firstDelayMs`). With `exclusive` one process
 * of the distributed layout runs it at a time: a session advisory lock on a connection of its
 * own (PGlite, one process with one connection, needs none).
 */
export function startUploadCleanup(
  deps: CleanupDeps & {
    log: Logger
    now: () => Date
    ttlMs: number
    exclusive: boolean
    dir?: string | undefined
    intervalMs?: number
    firstDelayMs?: number
  },
): UploadCleanup {
  const sweepOrphans = orphanSweeper(deps, deps.dir)
  const pass = async () => {
    const removed = await removeUnusedUploads(deps, deps.now(), deps.ttlMs)
    await sweepOrphans()
    return removed
  }
  const runOnce = async (): Promise<number> => {
    if (!deps.exclusive) return pass()
    return deps.db.connection().execute(async (conn) => {
      const { rows } = await sql<{ ok: boolean }>`
        SELECT pg_try_advisory_lock(hashtext('shop.upload-cleanup')) AS ok`.execute(conn)
      if (!rows[0]?.ok) return 0
      try {
        return await pass()
      } finally {
        await sql`SELECT pg_advisory_unlock(hashtext('shop.upload-cleanup'))`.execute(conn)
      }
    })
  }
  let running: Promise<unknown> = Promise.resolve()
  let stopped = false
  const tick = () => {
    if (stopped) return
    running = runOnce()
      .then((n) => {
        if (n > 0) deps.log.info({ removed: n }, 'unused uploads removed')
      })
      .catch((err) => deps.log.warn({ err }, 'upload clean-up failed'))
      .finally(() => {
        if (!stopped) timer = setTimeout(tick, deps.intervalMs ?? 3_600_000).unref()
      })
  }
  let timer = setTimeout(tick, deps.firstDelayMs ?? 60_000).unref()
  return {
    runOnce,
    async stop() {
      stopped = true
      clearTimeout(timer)
      await running
    },
  }
}
