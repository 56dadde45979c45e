import type { BranchDirectory, Db, Logger } from '@shop/kit'
import { findDevice, markDeviceError, markDeviceSeen } from '@shop/read-models'
import { PrinterError } from '@shop/read-models/print'
import { sql } from 'kysely'
import { renderJob } from './print-jobs.projection.ts'

/** How a failed job is tried again: base · 2^(attempt−1) up to `capMs`, until it is older than `maxAgeMs`. */
export type PrintRetryPolicy = { baseMs: number; capMs: number; maxAgeMs: number }

export const DEFAULT_PRINT_RETRY: PrintRetryPolicy = { baseMs: 1000, capMs: 30_000, maxAgeMs: 24 * 3600_000 }

export function printBackoffMs(attempt: number, policy: Pick<PrintRetryPolicy, 'baseMs' | 'capMs'>): number {
  return Math.min(policy.capMs, policy.baseMs * 2 ** Math.max(0, Math.min(attempt - 1, 30)))
}

/** Sends bytes to host:port; resolves once written and closed cleanly (read-models/print/tcp.ts). */
export type PrinterTransport = (host: string, port: number, bytes: Uint8Array) => Promise<void>

export type SenderOptions = {
  db: Db
  log: Logger
  now: () => Date
  transport: PrinterTransport
  retry: PrintRetryPolicy
  /** How long a claimed job is this sender's; after that (a crash) another may send it again. */
  leaseMs: number
  batchSize: number
  branches: Pick<BranchDirectory, 'get'>
  /** How long after its event a job waits for the order's ticket number before it prints without. */
  ticketWaitMs: number
}

type ClaimedJob = {
  job_id: string
  device_id: string
  source_id: string | null
  purpose: string
  bytes: Buffer | null
  attempts: number
  created_at: Date
}

/**
 * Claims the due jobs (pending, due, not leased by a living sender) with SKIP LOCKED, so several
 * printer services split them; each claim counts an attempt and leases the job. The jobs of the
 * printers in `busy` (this sender is printing on them) wait: a printer's jobs go one at a time.
 */
export async function claimDueJobs(opts: SenderOptions, busy: readonly string[] = []): Promise<ClaimedJob[]> {
  const now = opts.now()
  const leaseUntil = new Date(now.getTime() + opts.leaseMs)
  const { rows } = await sql<ClaimedJob>`
    UPDATE print_jobs SET lease_until = ${leaseUntil}, attempts = attempts + 1
     WHERE job_id IN (
       SELECT job_id FROM print_jobs
        WHERE status = 'pending' AND due_at <= ${now} AND (lease_until IS NULL OR lease_until <= ${now})
          AND NOT (device_id = ANY(${[...busy]}::text[]))
        ORDER BY due_at, job_id
        LIMIT ${opts.batchSize}
        FOR UPDATE SKIP LOCKED)
    RETURNING job_id, device_id, source_id, purpose, bytes, attempts, created_at`.execute(opts.db)
  return rows
}

/**
 * Sends claimed jobs: the jobs of one printer one after another in their order (a receipt
 * printer takes one connection at a time), printers side by side. A job is marked printed only
 * after its bytes were written and the connection closed cleanly; a failure schedules the next
 * attempt (or gives up after `maxAgeMs`) and records the printer's error for the status.
 */
export async function sendJobs(opts: SenderOptions, jobs: readonly ClaimedJob[]): Promise<void> {
  const byDevice = new Map<string, ClaimedJob[]>()
  for (const job of jobs) {
    const list = byDevice.get(job.device_id)
    if (list) list.push(job)
    else byDevice.set(job.device_id, [job])
  }
  await Promise.all(
    [...byDevice].map(async ([deviceId, list]) => {
      const printer = await findDevice(opts.db, deviceId)
      let unreachable: string | undefined
      for (const job of list) {
        // After one refusal the printer's other jobs wait with it (no burst of connections).
        if (unreachable !== undefined) {
          await failed(opts, job, unreachable)
          continue
        }
        if (printer?.kind !== 'printer' || printer.host === null) {
          await failed(opts, job, 'Der Drucker wurde gelöscht oder hat keine Adresse.', true)
          continue
        }
        let bytes = job.bytes
        if (bytes === null) {
          const rendered = await renderJob(
            opts.db,
            opts.branches,
            job,
            printer,
            opts.now(),
            opts.ticketWaitMs,
          )
          if ('wait' in rendered) {
            // Not an attempt: back in a moment, when the order should have its ticket number.
            await opts.db
              .updateTable('print_jobs')
              .set((eb) => ({
                due_at: new Date(opts.now().getTime() + 250),
                lease_until: null,
                attempts: eb('attempts', '-', 1),
              }))
              .where('job_id', '=', job.job_id)
              .execute()
            continue
          }
          if ('error' in rendered) {
            await failed(opts, job, rendered.error, true)
            continue
          }
          bytes = Buffer.from(rendered.bytes)
          // Kept: a retry prints the same receipt.
          await opts.db.updateTable('print_jobs').set({ bytes }).where('job_id', '=', job.job_id).execute()
        }
        try {
          await opts.transport(printer.host, printer.port, bytes)
        } catch (err) {
          unreachable = err instanceof PrinterError ? err.message : String(err)
          opts.log.warn({ jobId: job.job_id, deviceId, err: unreachable }, 'print job not sent')
          await failed(opts, job, unreachable)
          await markDeviceError(opts.db, deviceId, unreachable, opts.now())
          continue
        }
        await opts.db
          .updateTable('print_jobs')
          .set({ status: 'printed', printed_at: opts.now(), lease_until: null, last_error: null })
          .where('job_id', '=', job.job_id)
          .execute()
        await markDeviceSeen(opts.db, deviceId, opts.now())
      }
    }),
  )
}

async function failed(opts: SenderOptions, job: ClaimedJob, error: string, permanent = false): Promise<void> {
  const now = opts.now()
  // At its maximum age a job is given up (measured on the service's clock, which made it).
  const tooOld = now.getTime() - new Date(job.created_at).getTime() >= opts.retry.maxAgeMs
  await opts.db
    .updateTable('print_jobs')
    .set(
      permanent || tooOld
        ? { status: 'failed', lease_until: null, last_error: error }
        : {
            due_at: new Date(now.getTime() + printBackoffMs(job.attempts, opts.retry)),
            lease_until: null,
            last_error: error,
          },
    )
    .where('job_id', '=', job.job_id)
    // A sender that comes back after another printed the job (its lease had ended) changes nothing.
    .where('status', '=', 'pending')
    .execute()
}

/** When the next pending job is due (ms from now), or undefined when none waits. */
/** Jobs of the `busy` printers are left out: the end of their send wakes the loop. */
export async function msUntilNextJob(
  db: Db,
  now: Date,
  busy: readonly string[] = [],
): Promise<number | undefined> {
  // A leased job is not due before its lease ends (its sender died, or still sends it).
  const { rows } = await sql<{ due: Date | null }>`
    SELECT min(GREATEST(due_at, COALESCE(lease_until, due_at))) AS due FROM print_jobs
     WHERE status = 'pending' AND NOT (device_id = ANY(${[...busy]}::text[]))`.execute(db)
  const due = rows[0]?.due
  return due ? new Date(due).getTime() - now.getTime() : undefined
}
