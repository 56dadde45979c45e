import type { Db } from '@shop/kit'
import type { PrintJob } from '@shop/shared/contracts'

// A printer's print jobs as the back-office sees them (issue 21, docs/devices.md). The printer
// service makes and sends them (services/printer); here they are listed and sent again.

const JOB_COLUMNS = [
  'job_id',
  'device_id',
  'order_id',
  'purpose',
  'status',
  'attempts',
  'last_error',
  'created_at',
  'due_at',
  'printed_at',
] as const

type JobRow = {
  job_id: string
  device_id: string
  order_id: string | null
  purpose: string
  status: string
  attempts: number
  last_error: string | null
  created_at: Date
  due_at: Date
  printed_at: Date | null
}

const jobView = (r: JobRow): PrintJob => ({
  id: r.job_id,
  deviceId: r.device_id,
  orderId: r.order_id,
  purpose: r.purpose as PrintJob['purpose'],
  status: r.status as PrintJob['status'],
  attempts: r.attempts,
  lastError: r.last_error,
  createdAt: new Date(r.created_at).toISOString(),
  nextAttemptAt: r.status === 'pending' ? new Date(r.due_at).toISOString() : null,
  printedAt: r.printed_at ? new Date(r.printed_at).toISOString() : null,
})

/** A printer's last `limit` print jobs, newest first. */
export async function listPrintJobs(db: Db, deviceId: string, limit: number): Promise<PrintJob[]> {
  const rows = await db
    .selectFrom('print_jobs')
    .select(JOB_COLUMNS)
    .where('device_id', '=', deviceId)
    .orderBy('created_at', 'desc')
    .orderBy('job_id')
    .limit(limit)
    .execute()
  return rows.map(jobView)
}

/**
 * Sends a job again: pending and due at `now` (a failed or waiting job). A printed job is not
 * printed twice: 'printed'; an unknown job: 'notFound'.
 */
export async function retryPrintJob(
  db: Db,
  jobId: string,
  now: Date,
): Promise<PrintJob | 'notFound' | 'printed'> {
  const row = await db
    .updateTable('print_jobs')
    .set({ status: 'pending', due_at: now })
    .where('job_id', '=', jobId)
    .where('status', '!=', 'printed')
    .returning(JOB_COLUMNS)
    .executeTakeFirst()
  if (row) return jobView(row)
  const exists = await db
    .selectFrom('print_jobs')
    .select('job_id')
    .where('job_id', '=', jobId)
    .executeTakeFirst()
  return exists ? 'printed' : 'notFound'
}
