// Event store append throughput: two-event appends to NEW streams (an order created + its
// payment) with
//   (a) a hand-written node-postgres transaction on our schema (BEGIN; 2 INSERTs; COMMIT),
//   (b) our appendToStream (concurrent appends batched into es_append_batch: group commit),
//   (c) Emmett's PostgreSQL event store (BEGIN; SELECT emt_append_to_stream(...); COMMIT).
// Each variant has its own fresh database and a pool of size = concurrency. The variants never
// run at the same time: they take turns in short slices (rotating order), each slice on a fresh
// pool, after a lead-in and a CHECKPOINT. Interleaving keeps background load on the machine from
// landing on whichever variant happened to run at the time.
//
// Run: npx node scripts/bench/event-store.bench.ts
// Env: DATABASE_URL (admin URL), BENCH_DURATION_MS (measured time per variant and concurrency,
//      default 5000), BENCH_WARMUP_MS (default 1000), BENCH_CONCURRENCY (default "8,32").
import { randomBytes, randomUUID } from 'node:crypto'
import { performance } from 'node:perf_hooks'
import { STREAM_DOES_NOT_EXIST } from '@event-driven-io/emmett'
import { getPostgreSQLEventStore } from '@event-driven-io/emmett-postgresql'
import { appendToStream, connectPostgres, type EventMetadata, migrateToLatest } from '@shop/kit'
import { Kysely, PostgresDialect } from 'kysely'
import pg from 'pg'

export const DEFAULT_ADMIN_URL = 'postgres://postgres@127.0.0.1:5432/postgres'
export const TARGET_OURS_VS_BASELINE = 0.85
export const TARGET_OURS_VS_EMMETT = 1.3

export const VARIANTS = ['baseline', 'ours', 'emmett'] as const
export type VariantId = (typeof VARIANTS)[number]

export const VARIANT_LABELS: Record<VariantId, string> = {
  baseline: '(a) pg baseline',
  ours: '(b) ours',
  emmett: '(c) emmett',
}

export type VariantResult = {
  variant: VariantId
  concurrency: number
  /** Appends completed inside the measured slices. */
  appends: number
  appendsPerSec: number
  eventsPerSec: number
  /** appends/s of each round's slice, in round order. */
  roundRates: number[]
  /** Per-append latency of the appends counted above. */
  latencyMs: { p50: number; p95: number; p99: number; max: number }
  /** Measured time in total (the sum of the slices). */
  durationMs: number
  /** Event rows found in the store afterwards (warm-up and measured appends): 2 per append. */
  storedEvents: number
}

export type Result = {
  concurrency: number
  baseline: VariantResult
  ours: VariantResult
  emmett: VariantResult
  /** (b)/(a) appends per second. */
  oursVsBaseline: number
  /** (b)/(c) appends per second. */
  oursVsEmmett: number
  pass: { oursVsBaseline: boolean; oursVsEmmett: boolean }
}

export type BenchEventStoreOptions = {
  adminUrl: string
  /** Measured time per variant and concurrency; default BENCH_DURATION_MS or 5000. */
  durationMs?: number
  /** Unmeasured warm-up per variant and concurrency; default BENCH_WARMUP_MS or 1000. */
  warmupMs?: number
  concurrency: number[]
  /** Progress and table output; default console.log. */
  log?: (line: string) => void
}

const MIN_ROUNDS = 5
const MAX_SLICE_MS = 2000
/** Unmeasured lead-in of every slice after the first: opens the pool's connections. */
const LEAD_IN_MS = 300

export async function benchEventStore(opts: BenchEventStoreOptions): Promise<Result[]> {
  const durationMs = opts.durationMs ?? envInt('BENCH_DURATION_MS', 5000)
  const warmupMs = opts.warmupMs ?? envInt('BENCH_WARMUP_MS', 1000)
  const log = opts.log ?? ((line: string) => console.log(line))
  const rounds = Math.max(MIN_ROUNDS, Math.ceil(durationMs / MAX_SLICE_MS))
  const sliceMs = durationMs / rounds
  const runId = randomBytes(4).toString('hex')
  const sample = orderAppend()

  const admin = new pg.Client({ connectionString: opts.adminUrl, application_name: 'bench-admin' })
  await admin.connect()
  try {
    await checkFreeConnections(admin, Math.max(...opts.concurrency) + 2)
    const { rows } = await admin.query<{ v: string }>(`SELECT current_setting('server_version') AS v`)
    log(
      `event store appends: 2 events per append, each a new stream; event data ` +
        `${sample.events.map((e) => JSON.stringify(e.data).length).join(' + ')} B, metadata ` +
        `${JSON.stringify(sample.events[0]?.metadata).length} B; PostgreSQL ${rows[0]?.v}`,
    )
    log(
      `per variant and concurrency: ${rounds} measured slices of ${Math.round(sliceMs)} ms, each after a ` +
        `CHECKPOINT; warm-up ${warmupMs} ms before the first slice, ${Math.min(warmupMs, LEAD_IN_MS)} ms before ` +
        `the others; variants take turns (rotating order), never run together; databases shop_bench_${runId}_*`,
    )
    const results: Result[] = []
    for (const concurrency of opts.concurrency) {
      const byVariant = await benchConcurrency({
        admin,
        adminUrl: opts.adminUrl,
        runId,
        concurrency,
        warmupMs,
        sliceMs,
        rounds,
      })
      for (const variant of VARIANTS) {
        const r = byVariant[variant]
        log(
          `  c=${String(concurrency).padStart(3)} ${VARIANT_LABELS[variant].padEnd(16)}` +
            `${fmtRate(r.appendsPerSec).padStart(7)} appends/s (slices ${fmtRate(Math.min(...r.roundRates))}` +
            `-${fmtRate(Math.max(...r.roundRates))})  p50 ${r.latencyMs.p50.toFixed(1)} ms  ` +
            `p99 ${r.latencyMs.p99.toFixed(1)} ms  ${r.storedEvents} events stored`,
        )
      }
      const { baseline, ours, emmett } = byVariant
      const oursVsBaseline = ours.appendsPerSec / baseline.appendsPerSec
      const oursVsEmmett = ours.appendsPerSec / emmett.appendsPerSec
      results.push({
        concurrency,
        baseline,
        ours,
        emmett,
        oursVsBaseline,
        oursVsEmmett,
        pass: {
          oursVsBaseline: oursVsBaseline >= TARGET_OURS_VS_BASELINE,
          oursVsEmmett: oursVsEmmett >= TARGET_OURS_VS_EMMETT,
        },
      })
    }
    log('')
    log(formatTable(results))
    return results
  } finally {
    await admin.end()
  }
}

type ConcurrencyRun = {
  admin: pg.Client
  adminUrl: string
  runId: string
  concurrency: number
  warmupMs: number
  sliceMs: number
  rounds: number
}

// Only one variant holds connections at a time (its pool lives for one slice), so a run needs
// concurrency + 2 connections, not three pools' worth.
async function benchConcurrency(run: ConcurrencyRun): Promise<Record<VariantId, VariantResult>> {
  const { admin, concurrency } = run
  const urls = {} as Record<VariantId, string>
  const databases: string[] = []
  try {
    for (const variant of VARIANTS) {
      const name = `shop_bench_${run.runId}_${variant}_c${concurrency}`
      await createDatabase(admin, name)
      databases.push(name)
      urls[variant] = databaseUrl(run.adminUrl, name)
      await VARIANT_IMPLS[variant].setup(urls[variant])
    }

    const slices: Record<VariantId, Slice[]> = { baseline: [], ours: [], emmett: [] }
    const appended: Record<VariantId, number> = { baseline: 0, ours: 0, emmett: 0 }
    for (let round = 0; round < run.rounds; round++) {
      for (let i = 0; i < VARIANTS.length; i++) {
        const variant = VARIANTS[(round + i) % VARIANTS.length] as VariantId
        const session = await VARIANT_IMPLS[variant].open(urls[variant], concurrency)
        try {
          const leadIn = await drive(
            session,
            concurrency,
            round === 0 ? run.warmupMs : Math.min(run.warmupMs, LEAD_IN_MS),
          )
          // Every slice starts from the same state: no dirty buffers left by the one before.
          await admin.query('CHECKPOINT').catch(() => {})
          const slice = await drive(session, concurrency, run.sliceMs)
          appended[variant] += leadIn.completed + slice.completed
          slices[variant].push(slice)
        } finally {
          await session.close()
        }
      }
    }

    const result = {} as Record<VariantId, VariantResult>
    for (const variant of VARIANTS) {
      const stored = await countRows(urls[variant], VARIANT_IMPLS[variant].eventTable)
      if (stored !== appended[variant] * 2) {
        throw new Error(`${variant}: ${appended[variant]} appends succeeded but ${stored} events are stored`)
      }
      result[variant] = summarize(variant, concurrency, slices[variant], stored)
    }
    return result
  } finally {
    await dropAll(admin, databases)
  }
}

// ---------------------------------------------------------------------------------------------
// Variants

type Session = { append(): Promise<void>; close(): Promise<void> }

type VariantImpl = {
  /** Prepares the fresh database (schema). */
  setup(url: string): Promise<void>
  /** A connection pool of `concurrency` and the append to measure. */
  open(url: string, concurrency: number): Promise<Session>
  eventTable: 'es_events' | 'emt_messages'
}

const INSERT_STREAM_SQL = `INSERT INTO es_streams (stream_id, stream_type, version, last_xid)
  VALUES ($1, $2, 2, pg_current_xact_id())`
const INSERT_EVENTS_SQL = `INSERT INTO es_events (stream_id, stream_type, stream_position, event_id, event_type, data, metadata)
  VALUES ($1, $2, 1, $3, $4, $5, $6), ($1, $2, 2, $7, $8, $9, $10)
  RETURNING global_position`

// (a) The rows es_append writes for expectedVersion 0, by hand: four round trips.
const baselineImpl: VariantImpl = {
  setup: migrate,
  async open(url, concurrency) {
    const pool = newPool(url, concurrency, 'bench-baseline')
    return {
      async append() {
        const { streamId, streamType, events } = orderAppend()
        const [e1, e2] = events as [BenchEvent, BenchEvent]
        const client = await pool.connect()
        try {
          await client.query('BEGIN')
          await client.query(INSERT_STREAM_SQL, [streamId, streamType])
          await client.query(INSERT_EVENTS_SQL, [
            streamId,
            streamType,
            randomUUID(),
            e1.type,
            JSON.stringify(e1.data),
            JSON.stringify(e1.metadata),
            randomUUID(),
            e2.type,
            JSON.stringify(e2.data),
            JSON.stringify(e2.metadata),
          ])
          await client.query('COMMIT')
          client.release()
        } catch (err) {
          await client.query('ROLLBACK').catch(() => {})
          client.release(true)
          throw err
        }
      },
      close: () => pool.end(),
    }
  },
  eventTable: 'es_events',
}

// (b) Ours: one statement, es_append in its implicit transaction.
const oursImpl: VariantImpl = {
  setup: migrate,
  async open(url, concurrency) {
    const { db, close } = connectPostgres({ url, max: concurrency, applicationName: 'bench-ours' })
    return {
      async append() {
        const { streamId, streamType, events } = orderAppend()
        await appendToStream(db, { streamId, streamType, expectedVersion: 0, events })
      },
      close,
    }
  },
  eventTable: 'es_events',
}

// (c) Emmett 0.42 on a pool of ours: BEGIN; SELECT emt_append_to_stream(...); COMMIT.
// STREAM_DOES_NOT_EXIST is what a new stream asks for (0.42 turns it into "no check").
const emmettImpl: VariantImpl = {
  async setup(url) {
    const pool = newPool(url, 1, 'bench-emmett-setup')
    try {
      await withDefaultTypeParsers(() =>
        getPostgreSQLEventStore(url, { connectionOptions: { pool } }),
      ).schema.migrate()
    } finally {
      await pool.end()
    }
  },
  async open(url, concurrency) {
    const pool = newPool(url, concurrency, 'bench-emmett')
    // The schema exists: skip the per-store migration check on the first append.
    const store = withDefaultTypeParsers(() =>
      getPostgreSQLEventStore(url, { schema: { autoMigration: 'None' }, connectionOptions: { pool } }),
    )
    return {
      async append() {
        const { streamId, events } = orderAppend()
        await store.appendToStream(streamId, events, { expectedStreamVersion: STREAM_DOES_NOT_EXIST })
      },
      async close() {
        await store.close()
        await pool.end()
      },
    }
  },
  eventTable: 'emt_messages',
}

const VARIANT_IMPLS: Record<VariantId, VariantImpl> = {
  baseline: baselineImpl,
  ours: oursImpl,
  emmett: emmettImpl,
}

// ---------------------------------------------------------------------------------------------
// Driving and measuring

type Slice = { completed: number; appends: number; ms: number; latencies: number[] }

/** `concurrency` writers append in a loop for `ms`; counts the appends that finish in time. */
async function drive(session: Session, concurrency: number, ms: number): Promise<Slice> {
  const start = performance.now()
  const end = start + ms
  const latencies: number[] = []
  let completed = 0
  let failure: { error: unknown } | undefined
  const writer = async () => {
    while (!failure) {
      const t0 = performance.now()
      if (t0 >= end) return
      try {
        await session.append()
      } catch (error) {
        failure ??= { error }
        return
      }
      const t1 = performance.now()
      completed++
      if (t1 <= end) latencies.push(t1 - t0)
    }
  }
  await Promise.all(Array.from({ length: concurrency }, writer))
  if (failure) throw failure.error
  return { completed, appends: latencies.length, ms, latencies }
}

function summarize(
  variant: VariantId,
  concurrency: number,
  slices: Slice[],
  storedEvents: number,
): VariantResult {
  const appends = slices.reduce((n, s) => n + s.appends, 0)
  const durationMs = slices.reduce((n, s) => n + s.ms, 0)
  const sorted = Float64Array.from(slices.flatMap((s) => s.latencies)).sort()
  const pct = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0
  const appendsPerSec = (appends * 1000) / durationMs
  return {
    variant,
    concurrency,
    appends,
    appendsPerSec,
    eventsPerSec: appendsPerSec * 2,
    roundRates: slices.map((s) => (s.appends * 1000) / s.ms),
    latencyMs: { p50: pct(50), p95: pct(95), p99: pct(99), max: sorted.at(-1) ?? 0 },
    durationMs,
    storedEvents,
  }
}

// ---------------------------------------------------------------------------------------------
// Workload: an order created + its payment, ~300 bytes of JSON data each, small metadata.

type BenchEvent = { type: string; data: Record<string, unknown>; metadata: EventMetadata }
type BenchAppend = { streamId: string; streamType: string; events: BenchEvent[] }

const BRANCH_ID = 'br_7f3a9c2e'

export function orderAppend(): BenchAppend {
  const orderId = randomUUID()
  const uid = randomBytes(6).toString('hex')
  const at = new Date().toISOString()
  const actor = { kind: 'customer' }
  const correlationId = randomUUID()
  const metadata = (commandId: string): EventMetadata => ({
    correlationId,
    commandId,
    actor,
    branchId: BRANCH_ID,
    orderUid: uid,
  })
  return {
    streamId: `order-${orderId}`,
    streamType: 'order',
    events: [
      {
        type: 'OrderCreated',
        data: {
          orderId,
          at,
          actor,
          uid,
          branchId: BRANCH_ID,
          customer: { firstName: 'Ada', lastName: 'Lovelace' },
          items: [{ productUid: 'p_margherita', name: 'Margherita', amount: 2, total: 1900 }],
          paymentMethod: 'card',
        },
        metadata: metadata(randomUUID()),
      },
      {
        type: 'OrderPaid',
        data: {
          orderId,
          at,
          actor: { kind: 'system', id: 'payments' },
          reference: `pi_${randomBytes(12).toString('hex')}`,
          provider: 'stripe',
          method: 'card',
          amount: 1900,
          currency: 'EUR',
          card: { brand: 'visa', last4: '4242' },
          capturedAt: at,
        },
        metadata: metadata(randomUUID()),
      },
    ],
  }
}

// ---------------------------------------------------------------------------------------------
// Databases

/** Databases this process created and has not dropped yet (for an interrupted run). */
const liveDatabases = new Set<string>()

async function createDatabase(admin: pg.Client, name: string): Promise<void> {
  await admin.query(`CREATE DATABASE ${pg.escapeIdentifier(name)}`)
  liveDatabases.add(name)
}

async function dropDatabase(admin: pg.Client, name: string): Promise<void> {
  await admin.query(`DROP DATABASE IF EXISTS ${pg.escapeIdentifier(name)} WITH (FORCE)`)
  liveDatabases.delete(name)
}

/** Tries every drop even if one fails; throws the first failure. */
async function dropAll(admin: pg.Client, names: readonly string[]): Promise<void> {
  let failure: { error: unknown } | undefined
  for (const name of names) {
    await dropDatabase(admin, name).catch((error: unknown) => {
      failure ??= { error }
    })
  }
  if (failure) throw failure.error
}

/** Drops the databases of an interrupted run; safe to call more than once. */
export async function dropLiveDatabases(adminUrl: string): Promise<void> {
  if (liveDatabases.size === 0) return
  const admin = new pg.Client({ connectionString: adminUrl, application_name: 'bench-cleanup' })
  await admin.connect()
  try {
    await dropAll(admin, [...liveDatabases])
  } finally {
    await admin.end()
  }
}

function databaseUrl(adminUrl: string, name: string): string {
  const url = new URL(adminUrl)
  url.pathname = `/${name}`
  return url.toString()
}

function newPool(url: string, max: number, applicationName: string): pg.Pool {
  const pool = new pg.Pool({ connectionString: url, max, application_name: applicationName })
  pool.on('error', () => {})
  return pool
}

async function migrate(url: string): Promise<void> {
  const db = new Kysely<unknown>({ dialect: new PostgresDialect({ pool: newPool(url, 1, 'bench-migrate') }) })
  try {
    await migrateToLatest(db)
  } finally {
    await db.destroy()
  }
}

async function countRows(url: string, table: VariantImpl['eventTable']): Promise<number> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    const { rows } = await client.query<{ n: string }>(`SELECT count(*)::text AS n FROM ${table}`)
    return Number(rows[0]?.n ?? 0)
  } finally {
    await client.end()
  }
}

async function checkFreeConnections(admin: pg.Client, needed: number): Promise<void> {
  const { rows } = await admin.query<{ free: number }>(
    `SELECT current_setting('max_connections')::int - current_setting('superuser_reserved_connections')::int
            - (SELECT count(*) FROM pg_stat_activity WHERE backend_type = 'client backend')::int AS free`,
  )
  const free = rows[0]?.free ?? 0
  if (free < needed) {
    throw new Error(`the bench needs ${needed} free connections, PostgreSQL has ${free} (max_connections)`)
  }
}

// Emmett's driver (dumbo) installs process-wide node-postgres type parsers (int8 as BigInt, its
// own JSON parser) when its first store is created. Undo that, so (a) and (b), and later benches
// in the same process, keep the defaults. Emmett's append does not depend on them: it BigInt()s
// the returned positions itself.
const DUMBO_PARSED_OIDS = [20, 114, 3802] as const // int8, json, jsonb

function withDefaultTypeParsers<T>(fn: () => T): T {
  const saved = DUMBO_PARSED_OIDS.map((oid) => [oid, pg.types.getTypeParser(oid, 'text')] as const)
  try {
    return fn()
  } finally {
    for (const [oid, parser] of saved) pg.types.setTypeParser(oid, 'text', parser)
  }
}

// ---------------------------------------------------------------------------------------------
// Output

function verdict(ratio: number, target: number): string {
  return `${ratio.toFixed(2)} ${ratio >= target ? 'PASS' : 'FAIL'} (>= ${target})`
}

function fmtRate(n: number): string {
  return Math.round(n).toLocaleString('en-US')
}

/** A fixed-width table for the console. */
export function formatTable(results: Result[]): string {
  const header = ['concurrency', '(a) pg /s', '(b) ours /s', '(c) emmett /s', '(b)/(a)', '(b)/(c)']
  const rows = results.map((r) => [
    String(r.concurrency),
    fmtRate(r.baseline.appendsPerSec),
    fmtRate(r.ours.appendsPerSec),
    fmtRate(r.emmett.appendsPerSec),
    verdict(r.oursVsBaseline, TARGET_OURS_VS_BASELINE),
    verdict(r.oursVsEmmett, TARGET_OURS_VS_EMMETT),
  ])
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i]?.length ?? 0)))
  const line = (cells: string[]) =>
    cells.map((c, i) => (i === 0 ? c.padEnd(widths[i] ?? 0) : c.padStart(widths[i] ?? 0))).join('  ')
  return [line(header), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n')
}

/** The same table as Markdown, for docs/benchmarks.md. */
export function formatMarkdown(results: Result[]): string {
  const lines = [
    '| concurrency | (a) pg baseline appends/s | (b) ours appends/s | (c) Emmett appends/s | (b)/(a) | (b)/(c) |',
    '|---:|---:|---:|---:|---|---|',
  ]
  for (const r of results) {
    lines.push(
      `| ${r.concurrency} | ${fmtRate(r.baseline.appendsPerSec)} | ${fmtRate(r.ours.appendsPerSec)} | ` +
        `${fmtRate(r.emmett.appendsPerSec)} | ${verdict(r.oursVsBaseline, TARGET_OURS_VS_BASELINE)} | ` +
        `${verdict(r.oursVsEmmett, TARGET_OURS_VS_EMMETT)} |`,
    )
  }
  return lines.join('\n')
}

function envInt(name: string, fallback: number): number {
  const raw = process.env[name]
  if (raw === undefined || raw === '') return fallback
  const n = Number.parseInt(raw, 10)
  if (!Number.isFinite(n) || n <= 0) throw new Error(`${name} must be a positive integer, got ${raw}`)
  return n
}

if (import.meta.main) {
  const adminUrl = process.env.DATABASE_URL || DEFAULT_ADMIN_URL
  const concurrency = (process.env.BENCH_CONCURRENCY ?? '8,32').split(',').map((s) => {
    const n = Number.parseInt(s.trim(), 10)
    if (!Number.isFinite(n) || n <= 0) throw new Error(`BENCH_CONCURRENCY: bad value ${s}`)
    return n
  })
  const interrupted = (signal: NodeJS.Signals) => {
    console.error(`\n${signal}: dropping the benchmark databases`)
    // Dropping WITH (FORCE) kills the bench's own connections; their clients' errors must not
    // end the process before every database is gone.
    process.on('uncaughtException', () => {})
    dropLiveDatabases(adminUrl)
      .catch((err: unknown) => console.error('could not drop every benchmark database:', err))
      .finally(() => process.exit(130))
  }
  process.once('SIGINT', interrupted)
  process.once('SIGTERM', interrupted)
  try {
    await benchEventStore({ adminUrl, concurrency })
  } catch (err) {
    console.error(err)
    process.exitCode = 1
  }
}
