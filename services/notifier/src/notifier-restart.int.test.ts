import { startTestStack, type TestStack } from '@shop/all-in-one/testing'
import { orderBody, post } from '@shop/api/testing'
import { type ServiceProcess, spawnService, testNatsUrl } from '@shop/kit/testing'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type ReceivedMail, type SmtpSink, startSmtpSink } from './testing/smtp-sink.ts'

// The notifier as its own process (services/notifier/src/main.ts) beside the shop, stopped and
// killed mid-way and started again on the same database: no mail twice, none lost.

const PUBLIC_URL = 'https://shop.example.ch'
const LEASE_MS = 2000
let s: TestStack
let sink: SmtpSink
let env: Record<string, string>
const procs: ServiceProcess[] = []

beforeAll(async () => {
  sink = await startSmtpSink()
  // Orders from one address with one contact, all left open: the order limits are lifted here
  // (services/api/src/limits/rate-limits.int.test.ts proves them).
  s = await startTestStack({
    notifier: false,
    limits: { orders: { perAddress: { max: 1000 }, perContact: { max: 1000 }, openPerContact: 1000 } },
  })
  env = {
    DATABASE_URL: s.db.url,
    NATS_URL: testNatsUrl(),
    NATS_SUBJECT_ROOT: s.bus.root,
    PG_POOL_MAX: '3',
    SMTP_URL: sink.url,
    MAIL_FROM: 'bestellungen@testbaeckerei.example',
    PUBLIC_URL,
    NOTIFY_RETRY_BASE_MS: '100',
    NOTIFY_RETRY_CAP_MS: '400',
    NOTIFY_LEASE_MS: String(LEASE_MS),
    NOTIFY_POLL_MS: '100',
    // Two messages under way at once (plus two claimed by the sender loop): a stop finds some
    // on the wire and some still waiting.
    NOTIFY_SEND_CONCURRENCY: '2',
  }
}, 60_000)
afterAll(async () => {
  sink?.release()
  await Promise.all(procs.map((p) => p.kill('SIGKILL')))
  await s?.close()
  await sink?.stop()
})

async function startNotifierProcess(name: string): Promise<ServiceProcess> {
  const p = await spawnService(name, 'services/notifier/src/main.ts', env, 60_000)
  procs.push(p)
  return p
}

/** The one place orders are made (the checkout body may change: swap it here). */
async function createOrder(firstName: string) {
  const res = await post(`${s.url}/api/orders`, orderBody(s.branch.id, { firstName }))
  expect(res.status, JSON.stringify(res.body)).toBe(201)
  return res.body.data as { id: string; uid: string; hash: string }
}

const mailsOf = (o: { uid: string; hash: string }, mails: ReceivedMail[] = sink.mails) =>
  mails.filter((m) => m.text.includes(`${PUBLIC_URL}/status/${o.uid}/${o.hash}`))

async function jobRows(orderIds: string[]) {
  const { rows } = await sql<{ id: string; order_id: string; status: string; attempts: number }>`
    SELECT id::text AS id, order_id, status, attempts FROM notification_jobs
     WHERE order_id = ANY(${orderIds}::text[]) ORDER BY created_at`.execute(s.db.db)
  return rows
}

async function until(what: string, probe: () => boolean | Promise<boolean>, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs
  while (!(await probe())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
    await new Promise((r) => setTimeout(r, 50))
  }
}

/** Each job's mail arrived exactly once (Message-IDs name the jobs). */
function expectOncePerJob(jobs: { id: string }[]) {
  const ids = sink.mails.map((m) => m.messageId)
  for (const job of jobs) {
    expect(
      ids.filter((id) => id === `<notification-${job.id}@testbaeckerei.example>`),
      job.id,
    ).toHaveLength(1)
  }
}

describe('notifier restarts on the same database', () => {
  it('a new notifier starts at the committed head: orders from before it send nothing', async () => {
    const before = await createOrder('Vorher')
    const first = await startNotifierProcess('notifier-1')
    const after = await createOrder('Nachher')
    await sink.waitFor((m) => mailsOf(after, m).length === 2)
    expect(mailsOf(before)).toHaveLength(0)
    expect(await jobRows([before.id])).toEqual([])
    await first.kill('SIGTERM')
  })

  it('stopped (SIGTERM) while sending, a new process sends the rest: every mail once', async () => {
    sink.hold()
    const a = await startNotifierProcess('notifier-a')
    const orders = [await createOrder('Anton'), await createOrder('Berta'), await createOrder('Cäsar')]
    // Mid-way: some messages are on the wire, held by the server, others still wait.
    await until('messages on the wire', () => sink.waiting >= 1)
    const stopping = a.kill('SIGTERM')
    // A graceful stop lets the sends on the wire finish.
    await new Promise((r) => setTimeout(r, 200))
    sink.release()
    await stopping
    const ids = orders.map((o) => o.id)
    const jobs = await jobRows(ids)
    expect(jobs).toHaveLength(6) // customer + branch per order
    // A stopped with work left: what it had on the wire went out, the rest waits.
    expect(jobs.filter((j) => j.status === 'pending').length).toBeGreaterThan(0)
    expect(jobs.filter((j) => j.status === 'sent').length).toBeGreaterThan(0)
    // More orders while no notifier runs.
    const later = await createOrder('Dora')
    await startNotifierProcess('notifier-b')
    await sink.waitFor((m) => [...orders, later].every((o) => mailsOf(o, m).length === 2))
    await until('all jobs sent', async () =>
      (await jobRows([...ids, later.id])).every((j) => j.status === 'sent'),
    )
    const all = await jobRows([...ids, later.id])
    expectOncePerJob(all)
    for (const o of [...orders, later]) expect(mailsOf(o)).toHaveLength(2)
  })

  it('killed (SIGKILL) before the server’s answer: after the lease another process sends it, once', async () => {
    const b = procs.at(-1)!
    sink.hold()
    const order = await createOrder('Emil')
    await until('both messages on the wire', () => sink.waiting === 2)
    const abandonedBefore = sink.abandoned
    await b.kill('SIGKILL')
    // The server never answered: the dead sender did not hand the messages over.
    await until('the server to see the sender gone', () => sink.abandoned === abandonedBefore + 2)
    sink.release()
    expect(mailsOf(order)).toHaveLength(0)
    const claimed = await jobRows([order.id])
    expect(claimed.map((j) => [j.status, j.attempts])).toEqual([
      ['pending', 1],
      ['pending', 1],
    ])
    await startNotifierProcess('notifier-c')
    await sink.waitFor((m) => mailsOf(order, m).length === 2)
    await until('both jobs sent', async () => (await jobRows([order.id])).every((j) => j.status === 'sent'))
    const jobs = await jobRows([order.id])
    expect(jobs.map((j) => j.attempts)).toEqual([2, 2])
    expectOncePerJob(jobs)
    // And nothing more arrives later.
    await new Promise((r) => setTimeout(r, LEASE_MS + 500))
    expect(mailsOf(order)).toHaveLength(2)
  })

  it('two notifiers side by side split the work: every mail once, even when a send outlasts the lease', async () => {
    // notifier-c still runs; notifier-d joins it on the same checkpoint and jobs.
    await startNotifierProcess('notifier-d')
    const orders: Awaited<ReturnType<typeof createOrder>>[] = []
    for (const name of ['Fritz', 'Gina', 'Hans', 'Ida', 'Jon']) orders.push(await createOrder(name))
    await sink.waitFor((m) => orders.every((o) => mailsOf(o, m).length === 2))
    await until('all sent', async () =>
      (await jobRows(orders.map((o) => o.id))).every((j) => j.status === 'sent'),
    )
    expectOncePerJob(await jobRows(orders.map((o) => o.id)))

    // A slow server: the answer takes longer than two leases. The sender renews its claim while
    // it waits, so the other notifier never takes the job over.
    sink.hold()
    const slow = await createOrder('Kurt')
    await until('both messages on the wire', () => sink.waiting === 2)
    await new Promise((r) => setTimeout(r, LEASE_MS * 2.5))
    expect(sink.waiting).toBe(2)
    sink.release()
    await until('both jobs sent', async () => (await jobRows([slow.id])).every((j) => j.status === 'sent'))
    const slowJobs = await jobRows([slow.id])
    expect(slowJobs.map((j) => j.attempts)).toEqual([1, 1])
    expectOncePerJob(slowJobs)
    await new Promise((r) => setTimeout(r, 500))
    for (const o of [...orders, slow]) expect(mailsOf(o)).toHaveLength(2)
  })
})
