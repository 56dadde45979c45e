import { randomUUID } from 'node:crypto'
import type { Database } from '@shop/kit'
import {
  type NOTIFICATION_AUDIENCES,
  type NOTIFICATION_CHANNELS,
  NOTIFICATION_JOB_KINDS,
  type NOTIFICATION_JOB_STATUSES,
  type NotificationJob,
} from '@shop/shared/contracts'
import { type Kysely, sql, type Transaction } from 'kysely'

type Executor = Kysely<Database> | Transaction<Database>

/** The jobs' vocabulary is the API contract's (shared/contracts/http/notifications.http.ts). */
export const NOTIFICATION_KINDS = NOTIFICATION_JOB_KINDS
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number]
export type Channel = (typeof NOTIFICATION_CHANNELS)[number]
export type Audience = (typeof NOTIFICATION_AUDIENCES)[number]
export type JobStatus = (typeof NOTIFICATION_JOB_STATUSES)[number]

/**
 * A message to send to one recipient about one order. The message describes the order at
 * `orderVersion`: it is rendered when the job is made and sent from memory right away; a retry
 * renders it again from the order at that version. Only the subject is kept, for the log.
 */
export type JobSpec = {
  orderId: string
  branchId: string
  /** The event id, or `resend:<id>`: with kind, channel and audience the job's unique key. */
  sourceId: string
  sourceType: string
  kind: NotificationKind
  channel: Channel
  audience: Audience
  recipient: string
  locale: string
  /** The order version the message describes (null: a job made before versions were kept). */
  orderVersion: number | null
  subject: string | null
  /** Made as failed (e.g. the message could not be rendered): kept visible, never sent. */
  failedWith?: string
}

/** The rendered message: what a transport sends. */
export type Message = {
  fromName: string | null
  replyTo: string | null
  subject: string | null
  body: string
  html: string | null
}

/** A stored job: its spec (minus the failure it may have been made with) and its delivery state. */
export type Job = Omit<JobSpec, 'failedWith'> & {
  id: string
  status: JobStatus
  attempts: number
  nextAttemptAt: string
  lastError: string | null
  transportId: string | null
  createdAt: string
  updatedAt: string
  sentAt: string | null
  /** The text a job made before versions were kept was stored with (else null: render it). */
  stored: Message | null
}

type JobRow = {
  id: string
  order_id: string
  branch_id: string
  source_id: string
  source_type: string
  kind: NotificationKind
  channel: Channel
  audience: Audience
  recipient: string
  locale: string
  order_version: number | null
  from_name: string | null
  reply_to: string | null
  subject: string | null
  body: string | null
  html: string | null
  status: JobStatus
  attempts: number
  next_attempt_at: Date | string
  last_error: string | null
  transport_id: string | null
  created_at: Date | string
  updated_at: Date | string
  sent_at: Date | string | null
}

const iso = (v: Date | string) => new Date(v).toISOString()

function toJob(r: JobRow): Job {
  return {
    id: r.id,
    orderId: r.order_id,
    branchId: r.branch_id,
    sourceId: r.source_id,
    sourceType: r.source_type,
    kind: r.kind,
    channel: r.channel,
    audience: r.audience,
    recipient: r.recipient,
    locale: r.locale,
    orderVersion: r.order_version,
    subject: r.subject,
    status: r.status,
    attempts: r.attempts,
    nextAttemptAt: iso(r.next_attempt_at),
    lastError: r.last_error,
    transportId: r.transport_id,
    createdAt: iso(r.created_at),
    updatedAt: iso(r.updated_at),
    sentAt: r.sent_at === null ? null : iso(r.sent_at),
    stored:
      r.body === null
        ? null
        : { fromName: r.from_name, replyTo: r.reply_to, subject: r.subject, body: r.body, html: r.html },
  }
}

const COLUMNS = sql.raw(`id::text AS id, order_id, branch_id, source_id, source_type, kind, channel, audience,
  recipient, locale, order_version, from_name, reply_to, subject, body, html, status, attempts,
  next_attempt_at, last_error, transport_id, created_at, updated_at, sent_at`)

/**
 * Inserts jobs; one whose key (source, kind, channel, audience) exists already is skipped, so a
 * replayed event inserts nothing. Returns the jobs inserted now. With `claim`, the first
 * `claim.count` of them are inserted already claimed (attempt 1, leased) by a caller that sends
 * them itself right after its commit: no separate claim is written for them.
 */
export async function insertJobs(
  db: Executor,
  specs: readonly JobSpec[],
  claim?: { count: number; leaseMs: number },
): Promise<Job[]> {
  const inserted: Job[] = []
  const claimCount = claim?.count ?? 0
  const lease = claim?.leaseMs ?? 0
  // One statement per chunk (14 parameters a job stay far below PostgreSQL's 65,535).
  for (let i = 0; i < specs.length; i += INSERT_CHUNK) {
    const values = specs.slice(i, i + INSERT_CHUNK).map((s, j) => {
      const failed = s.failedWith !== undefined
      const claimed = !failed && i + j < claimCount
      return sql`(${randomUUID()}::uuid, ${s.orderId}, ${s.branchId}, ${s.sourceId}, ${s.sourceType}, ${s.kind},
              ${s.channel}, ${s.audience}, ${s.recipient}, ${s.locale}, ${s.orderVersion}::integer, ${s.subject},
              ${failed ? 'failed' : 'pending'}, ${s.failedWith ?? null}, ${claimed ? 1 : 0}::integer,
              now() + ${claimed ? lease : 0}::float8 * interval '1 millisecond')`
    })
    const { rows } = await sql<JobRow>`
      INSERT INTO notification_jobs (id, order_id, branch_id, source_id, source_type, kind, channel, audience,
                                     recipient, locale, order_version, subject, status, last_error, attempts,
                                     next_attempt_at)
      VALUES ${sql.join(values)}
      ON CONFLICT ON CONSTRAINT notification_jobs_source_key DO NOTHING
      RETURNING ${COLUMNS}`.execute(db)
    inserted.push(...rows.map(toJob))
  }
  return inserted
}

/** The key a job is unique by (its source names its order), to find a spec's stored job. */
export const jobKey = (j: Pick<JobSpec, 'sourceId' | 'kind' | 'channel' | 'audience'>): string =>
  `${j.sourceId}\u0000${j.kind}\u0000${j.channel}\u0000${j.audience}`

const INSERT_CHUNK = 1000

export async function findJobBySource(
  db: Executor,
  key: Pick<JobSpec, 'orderId' | 'sourceId' | 'kind' | 'channel' | 'audience'>,
): Promise<Job | undefined> {
  const { rows } = await sql<JobRow>`
    SELECT ${COLUMNS} FROM notification_jobs
     WHERE order_id = ${key.orderId} AND source_id = ${key.sourceId} AND kind = ${key.kind}
       AND channel = ${key.channel} AND audience = ${key.audience}`.execute(db)
  return rows[0] ? toJob(rows[0]) : undefined
}

/** An order's notifications, oldest first: its notification log. */
export async function listOrderJobs(db: Executor, orderId: string): Promise<Job[]> {
  const { rows } = await sql<JobRow>`
    SELECT ${COLUMNS} FROM notification_jobs WHERE order_id = ${orderId}
     ORDER BY created_at, kind, channel, audience`.execute(db)
  return rows.map(toJob)
}

/**
 * Claims up to `limit` due jobs for one sender: each one's attempt is counted and its due time
 * pushed out by the lease, in one short statement. Rows another sender is claiming right now
 * are skipped (SKIP LOCKED). No transaction stays open while sending: it would hold back the
 * xid horizon every event reader waits for. A sender that dies mid-send leaves the job to be
 * claimed again when the lease is over.
 */
export async function claimDueJobs(db: Executor, limit: number, leaseMs: number): Promise<Job[]> {
  const { rows } = await sql<JobRow>`
    UPDATE notification_jobs
       SET attempts = attempts + 1,
           next_attempt_at = now() + ${leaseMs}::float8 * interval '1 millisecond',
           updated_at = now()
     WHERE id IN (SELECT id FROM notification_jobs
                   WHERE status = 'pending' AND next_attempt_at <= now()
                   ORDER BY next_attempt_at
                   LIMIT ${limit}
                   FOR UPDATE SKIP LOCKED)
     RETURNING ${COLUMNS}`.execute(db)
  return rows.map(toJob)
}

/**
 * Records the successful attempt `job.attempts` of several jobs in one statement (a sent job
 * keeps the error of an earlier attempt: the log shows it went out after trouble), each only
 * while it is still in that claim (a sender whose lease ran out does not overwrite a newer
 * attempt's outcome). Returns the ids recorded.
 */
export async function markSentMany(
  db: Executor,
  sent: readonly { job: Job; transportId: string | null }[],
): Promise<Set<string>> {
  if (sent.length === 0) return new Set()
  const { rows } = await sql<{ id: string }>`
    UPDATE notification_jobs j
       SET status = 'sent', sent_at = now(), updated_at = now(), transport_id = v.transport_id
      FROM unnest(${sent.map((s) => s.job.id)}::uuid[], ${sent.map((s) => s.job.attempts)}::integer[],
                  ${sent.map((s) => s.transportId)}::text[]) AS v(id, attempts, transport_id)
     WHERE j.id = v.id AND j.status = 'pending' AND j.attempts = v.attempts
    RETURNING j.id::text AS id`.execute(db)
  return new Set(rows.map((r) => r.id))
}

/**
 * Gives claims back unused (a notifier stopping with jobs it had not started yet): they are due
 * again at once for any notifier, and the attempt that never happened is not counted.
 */
export async function releaseClaims(
  db: Executor,
  jobs: readonly Pick<Job, 'id' | 'attempts'>[],
): Promise<void> {
  if (jobs.length === 0) return
  await sql`
    UPDATE notification_jobs j
       SET attempts = j.attempts - 1, next_attempt_at = now(), updated_at = now()
      FROM unnest(${jobs.map((j) => j.id)}::uuid[], ${jobs.map((j) => j.attempts)}::integer[]) AS v(id, attempts)
     WHERE j.id = v.id AND j.status = 'pending' AND j.attempts = v.attempts`.execute(db)
}

/**
 * Keeps a claim while its send runs (the sender renews it every third of the lease): only a
 * sender that died or lost the database lets its lease run out. False: the claim is gone.
 */
export async function renewClaim(db: Executor, job: Job, leaseMs: number): Promise<boolean> {
  const result = await sql`
    UPDATE notification_jobs
       SET next_attempt_at = now() + ${leaseMs}::float8 * interval '1 millisecond'
     WHERE id = ${job.id}::uuid AND status = 'pending' AND attempts = ${job.attempts}`.execute(db)
  return Number(result.numAffectedRows ?? 0) > 0
}

export async function markAttemptFailed(
  db: Executor,
  job: Job,
  outcome: { error: string; retryInMs: number | null },
): Promise<boolean> {
  const result =
    outcome.retryInMs === null
      ? await sql`
          UPDATE notification_jobs SET status = 'failed', last_error = ${outcome.error}, updated_at = now()
           WHERE id = ${job.id}::uuid AND status = 'pending' AND attempts = ${job.attempts}`.execute(db)
      : await sql`
          UPDATE notification_jobs
             SET last_error = ${outcome.error}, updated_at = now(),
                 next_attempt_at = now() + ${outcome.retryInMs}::float8 * interval '1 millisecond'
           WHERE id = ${job.id}::uuid AND status = 'pending' AND attempts = ${job.attempts}`.execute(db)
  return Number(result.numAffectedRows ?? 0) > 0
}

/** When the next pending job is due (ms from now, ≥ 0), or undefined when none is pending. */
export async function msUntilNextDue(db: Executor): Promise<number | undefined> {
  // Clamped here, not with greatest(): GREATEST skips NULLs, so "none pending" came back as 0
  // ("due now") and the sender woke every 10 ms for nothing.
  const { rows } = await sql<{ ms: string | number | null }>`
    SELECT extract(epoch FROM min(next_attempt_at) - now()) * 1000 AS ms
      FROM notification_jobs WHERE status = 'pending'`.execute(db)
  const ms = rows[0]?.ms
  return ms === null || ms === undefined ? undefined : Math.max(0, Math.ceil(Number(ms)))
}

/** The order's view of a job (GET /api/orders/{id}/notifications). */
export function jobView(job: Job): NotificationJob {
  return {
    id: job.id,
    kind: job.kind,
    channel: job.channel,
    audience: job.audience,
    recipient: job.recipient,
    subject: job.subject,
    trigger: job.sourceType === 'resend' ? 'resend' : 'event',
    sourceType: job.sourceType,
    status: job.status,
    attempts: job.attempts,
    lastError: job.lastError,
    nextAttemptAt: job.status === 'pending' ? job.nextAttemptAt : null,
    sentAt: job.sentAt,
    transportId: job.transportId,
    createdAt: job.createdAt,
  }
}
export type JobView = NotificationJob
