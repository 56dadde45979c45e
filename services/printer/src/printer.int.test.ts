import { startTestStack, type TestStack } from '@shop/all-in-one/testing'
import { call, login, orderBody, post } from '@shop/api/testing'
import { resourceBranchDirectory } from '@shop/read-models'
import { orderStatesAfter } from '@shop/read-models/notifications'
import {
  encodeCp858,
  encodeEscPos,
  kitchenTicketOf,
  layoutReceipt,
  loadPrintData,
  receiptOf,
  sendToPrinter,
} from '@shop/read-models/print'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createUser } from '../../api/src/resources/users.ts'
import { type PrinterService, type PrinterServiceOptions, startPrinterService } from './printer.ts'
import { type FakePrinter, startFakePrinter } from './testing/fake-printer.ts'

// Issue 21 (docs/devices.md "Print jobs"): order events become print jobs exactly once per
// (event, printer, purpose), sent over TCP to a fake printer (a TCP server on 127.0.0.1 that
// records the bytes); a printer that is down gets the job again with exponential back-off (on a
// clock the test moves: no real 30 s wait); a service stopped mid-job sends it again after its
// lease, and a restart after success or a replay of the events prints nothing again.

let s: TestStack
let admin: Record<string, string>
let offset = 0
const now = () => new Date(Date.now() + offset)
const staff = { 'x-api-key': 'k-test-0123456789abcdef' }
const services: PrinterService[] = []
const printers: FakePrinter[] = []

beforeAll(async () => {
  s = await startTestStack({
    printer: false,
    limits: { orders: { perAddress: { max: 1000 }, perContact: { max: 1000 }, openPerContact: 1000 } },
  })
  await createUser(
    { db: s.db.db },
    { username: 'chefin', password: 'chefin-passwort-1', displayName: 'Chefin', roles: ['ROLE_ADMIN'] },
  )
  admin = (await login(s.url, 'chefin', 'chefin-passwort-1')).headers
}, 60_000)
afterAll(async () => {
  await Promise.all(services.map((p) => p.stop()))
  await Promise.all(printers.map((p) => p.close()))
  await s?.close()
})

function startService(overrides: Partial<PrinterServiceOptions> = {}): PrinterService {
  const svc = startPrinterService({
    db: s.db.db,
    bus: s.bus,
    log: silent,
    branches: resourceBranchDirectory(s.db.db, []),
    now,
    probeMs: 0,
    // The loops sleep long: the test drives them (catchUp, sendDue) besides the bus's wake-ups.
    pollMs: 60_000,
    leaseMs: 60_000,
    ...overrides,
  })
  services.push(svc)
  return svc
}
const silent = {
  info() {},
  warn() {},
  error() {},
  debug() {},
  trace() {},
  fatal() {},
  child() {
    return silent
  },
} as never

async function fakePrinter(listening = true) {
  const p = await startFakePrinter({ listening })
  printers.push(p)
  return p
}

async function createPrinter(body: Record<string, unknown>): Promise<string> {
  const res = await call(s.url, 'POST', '/api/devices', {
    headers: admin,
    body: { kind: 'printer', host: '127.0.0.1', ...body },
  })
  expect(res.status, JSON.stringify(res.body)).toBe(201)
  return res.body.data.id as string
}

/** A new order at b1, confirmed by the frontdesk: its id. */
async function confirmedOrder(firstName: string): Promise<string> {
  const created = await post(`${s.url}/api/orders`, orderBody(s.branch.id, { firstName }))
  expect(created.status, JSON.stringify(created.body)).toBe(201)
  const id = created.body.data.id as string
  const confirmed = await post(`${s.url}/api/orders/${id}/status/confirm`, { version: 1 }, staff)
  expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200)
  return id
}

type JobRow = {
  job_id: string
  device_id: string
  purpose: string
  status: string
  attempts: number
  due_at: Date
  lease_until: Date | null
  last_error: string | null
  bytes: Buffer
}
async function jobsOf(orderId: string, deviceId?: string): Promise<JobRow[]> {
  let q = s.db.db.selectFrom('print_jobs').selectAll().where('order_id', '=', orderId)
  if (deviceId) q = q.where('device_id', '=', deviceId)
  return (await q.orderBy('job_id').execute()) as JobRow[]
}

async function until(what: string, probe: () => boolean | Promise<boolean>, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs
  while (!(await probe())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
    await new Promise((r) => setTimeout(r, 25))
  }
}

/** What the shop's receipt renderer makes of the order as it stood after this event. */
async function expectedBytes(orderId: string, eventType: string, width: 42 | 32, kitchen = false) {
  const events = await s.db.db
    .selectFrom('es_events')
    .selectAll()
    .where('stream_id', '=', `order-${orderId}`)
    .orderBy('stream_position')
    .execute()
  const event = events.find((e) => e.event_type === eventType)!
  const states = await orderStatesAfter(s.db.db, [
    {
      streamId: event.stream_id,
      streamPosition: event.stream_position,
      eventId: event.event_id,
      data: event.data,
    },
  ])
  const state = states.get(event.event_id)!
  const data = await loadPrintData(s.db.db, resourceBranchDirectory(s.db.db, []), state)
  const receipt = receiptOf(state, {
    ...data,
    locale: 'de-CH',
    printedAt: new Date(event.created_at).toISOString(),
  })
  return Buffer.from(encodeEscPos(layoutReceipt(kitchen ? kitchenTicketOf(receipt) : receipt, width)))
}

const statusOf = async (id: string) => {
  const res = await call(s.url, 'GET', '/api/devices/status?branch=b1', { headers: admin })
  expect(res.status).toBe(200)
  return res.body.data.find((d: { id: string }) => d.id === id)
}

let counter: FakePrinter
let counterId: string
let svc: PrinterService

describe('print jobs from order events', () => {
  it('makes exactly one job per matching printer, with the receipt renderer’s ESC/POS bytes', async () => {
    counter = await fakePrinter()
    const fresh = await fakePrinter()
    const kitchen = await fakePrinter()
    const other = await fakePrinter()
    counterId = await createPrinter({
      name: 'Theke',
      branch: { id: 'b1' },
      port: counter.port,
      purposes: ['confirmedOrder'],
    })
    const freshId = await createPrinter({
      name: 'Eingang',
      branch: { id: 'b1' },
      port: fresh.port,
      purposes: ['newOrder'],
    })
    const kitchenId = await createPrinter({
      name: 'Backstube',
      branch: { id: 'b1' },
      port: kitchen.port,
      paperWidth: 58,
      purposes: ['kitchenTicket'],
    })
    const otherId = await createPrinter({
      name: 'Andere Filiale',
      branch: { id: 'b2' },
      port: other.port,
      purposes: ['newOrder', 'confirmedOrder', 'kitchenTicket'],
    })
    svc = startService()

    const orderId = await confirmedOrder('Anna')
    await svc.catchUp()
    await until('three printed jobs', async () => {
      const jobs = await jobsOf(orderId)
      return jobs.length === 3 && jobs.every((j) => j.status === 'printed')
    })
    const jobs = await jobsOf(orderId)
    expect(jobs.map((j) => [j.device_id, j.purpose, j.status]).sort()).toEqual(
      [
        [counterId, 'confirmedOrder', 'printed'],
        [freshId, 'newOrder', 'printed'],
        [kitchenId, 'kitchenTicket', 'printed'],
      ].sort(),
    )
    expect(jobs.some((j) => j.device_id === otherId)).toBe(false)
    expect(other.jobs).toHaveLength(0)

    const receipt = await expectedBytes(orderId, 'OrderConfirmed', 42)
    expect(counter.jobs).toHaveLength(1)
    expect(counter.jobs[0]!.equals(receipt)).toBe(true)
    expect(counter.jobs[0]!.subarray(0, 2)).toEqual(Buffer.from([0x1b, 0x40]))
    expect(fresh.jobs).toHaveLength(1)
    expect(fresh.jobs[0]!.equals(await expectedBytes(orderId, 'OrderCreated', 42))).toBe(true)
    expect(kitchen.jobs).toHaveLength(1)
    const ticket = await expectedBytes(orderId, 'OrderConfirmed', 32, true)
    expect(kitchen.jobs[0]!.equals(ticket)).toBe(true)
    // The kitchen ticket has no prices: no currency on it, the receipt has.
    expect(
      counter.jobs[0]!.includes(Buffer.from('CHF')) || counter.jobs[0]!.includes(Buffer.from('EUR')),
    ).toBe(true)
    expect(kitchen.jobs[0]!.includes(Buffer.from('CHF'))).toBe(false)
    expect(kitchen.jobs[0]!.includes(Buffer.from('EUR'))).toBe(false)

    // Read again: no second job, nothing printed again.
    await svc.catchUp()
    await svc.sendDue()
    expect(await jobsOf(orderId)).toHaveLength(3)
    expect(counter.jobs).toHaveLength(1)

    const status = await statusOf(counterId)
    expect(status).toMatchObject({
      kind: 'printer',
      paired: false,
      online: true,
      lastError: null,
      failedJobs: 0,
    })

    const list = await call(s.url, 'GET', `/api/devices/${counterId}/jobs`, { headers: admin })
    expect(list.status).toBe(200)
    expect(list.body.data[0]).toMatchObject({
      orderId,
      purpose: 'confirmedOrder',
      status: 'printed',
      attempts: 1,
    })
    const printedRetry = await call(
      s.url,
      'POST',
      `/api/print-jobs/${encodeURIComponent(list.body.data[0].id)}/retry`,
      {
        headers: admin,
      },
    )
    expect(printedRetry.status).toBe(409)
  })

  it('retries a printer that is down with exponential back-off and prints once when it is back', async () => {
    const down = await fakePrinter(false)
    const downId = await createPrinter({
      name: 'Aus',
      branch: { id: 'b1' },
      port: down.port,
      purposes: ['confirmedOrder'],
    })
    const orderId = await confirmedOrder('Beat')
    await svc.catchUp()
    await until(
      'the first failed attempt',
      async () => (await jobsOf(orderId, downId))[0]?.last_error != null,
    )
    // 30 s down: every attempt refused, each wait twice the last (1 s, 2 s, 4 s, 8 s, 16 s).
    const waits: number[] = []
    for (let attempt = 1; attempt <= 5; attempt++) {
      // The test's sendDue or the service's own loop (woken by the last send) makes the attempt
      // once the clock says it is due: wait until it is over, whichever made it.
      await until(`attempt ${attempt} over`, async () => {
        const [current] = await jobsOf(orderId, downId)
        return current?.attempts === attempt && current.lease_until === null
      })
      const [job] = await jobsOf(orderId, downId)
      expect(job).toMatchObject({ status: 'pending', attempts: attempt, lease_until: null })
      expect(job!.last_error).toMatch(/keine Verbindung/)
      const wait = new Date(job!.due_at).getTime() - now().getTime()
      waits.push(Math.round(wait / 1000))
      offset += wait + 10
      if (attempt < 5) await svc.sendDue()
    }
    expect(waits).toEqual([1, 2, 4, 8, 16])
    const offline = await statusOf(downId)
    expect(offline).toMatchObject({ online: false, failedJobs: 1 })
    expect(offline.lastError).toMatch(/keine Verbindung/)
    expect(down.jobs).toHaveLength(0)

    await down.up()
    await svc.sendDue()
    await until('printed', async () => (await jobsOf(orderId, downId))[0]?.status === 'printed')
    const [printed] = await jobsOf(orderId, downId)
    expect(printed).toMatchObject({ status: 'printed', attempts: 6, last_error: null })
    expect(down.jobs).toHaveLength(1)
    expect(down.jobs[0]!.equals(await expectedBytes(orderId, 'OrderConfirmed', 42))).toBe(true)
    expect(await statusOf(downId)).toMatchObject({ online: true, lastError: null, failedJobs: 0 })
    await svc.sendDue()
    expect(down.jobs).toHaveLength(1)
  })

  it('gives a job up after its maximum age, and prints it again on retry', async () => {
    const off = await fakePrinter(false)
    const offId = await createPrinter({
      name: 'Alt',
      branch: { id: 'b1' },
      port: off.port,
      purposes: ['confirmedOrder'],
    })
    await svc.stop()
    const impatient = startService({ retry: { maxAgeMs: 0 } })
    const orderId = await confirmedOrder('Cora')
    await impatient.catchUp()
    await until('the job given up', async () => (await jobsOf(orderId, offId))[0]?.status === 'failed')
    expect((await statusOf(offId)).failedJobs).toBe(1)
    await off.up()
    const [job] = await jobsOf(orderId, offId)
    const retry = await call(s.url, 'POST', `/api/print-jobs/${encodeURIComponent(job!.job_id)}/retry`, {
      headers: admin,
    })
    expect(retry.status, JSON.stringify(retry.body)).toBe(200)
    expect(retry.body.data).toMatchObject({ status: 'pending' })
    await impatient.sendDue()
    expect((await jobsOf(orderId, offId))[0]!.status).toBe('printed')
    expect(off.jobs).toHaveLength(1)
    await impatient.stop()
    await off.down()
    svc = startService()
  })
})

describe('restarts', () => {
  it('a service stopped after the claim and before the write: the job is sent once, by the next one', async () => {
    await svc.stop()
    const hung: ((err: Error) => void)[] = []
    // The process dies in the middle of the counter printer's job (the other printers' go on).
    const crashing = startService({
      transport: (host, port, bytes) =>
        port === counter.port
          ? new Promise<void>((_resolve, reject) => void hung.push(reject))
          : sendToPrinter(host, port, bytes),
    })
    const before = counter.jobs.length
    const orderId = await confirmedOrder('Dora')
    await crashing.catchUp()
    await until('the job claimed', async () => (await jobsOf(orderId, counterId))[0]?.lease_until != null)
    expect((await jobsOf(orderId, counterId))[0]).toMatchObject({ status: 'pending', attempts: 1 })
    // The process dies here (its sends never finish); its stop is not awaited.
    const stopping = crashing.stop()

    const next = startService()
    await next.sendDue()
    // Still leased by the dead one: not sent before the lease ends.
    expect(counter.jobs.length).toBe(before)
    offset += 61_000
    await next.sendDue()
    expect((await jobsOf(orderId, counterId))[0]).toMatchObject({ status: 'printed', attempts: 2 })
    expect(counter.jobs.length).toBe(before + 1)
    expect(counter.jobs.at(-1)!.equals(await expectedBytes(orderId, 'OrderConfirmed', 42))).toBe(true)

    // The dead one's send fails late: the printed job stays printed.
    for (const reject of hung) reject(new Error('connection lost'))
    await stopping
    expect((await jobsOf(orderId, counterId))[0]!.status).toBe('printed')

    // A restart after success prints nothing again; neither does reading the events again
    // (the checkpoint set back, as after a publisher or projector restart that replays them).
    await next.stop()
    await sql`UPDATE es_checkpoints SET last_position = 0, last_xid = '0' WHERE subscription_id = 'printer'`.execute(
      s.db.db,
    )
    const again = startService()
    await again.catchUp()
    await again.sendDue()
    offset += 61_000
    await again.sendDue()
    expect(await jobsOf(orderId, counterId)).toHaveLength(1)
    expect(counter.jobs.length).toBe(before + 1)
    svc = again
  })

  it('a service stopped after the write and before the mark: printed twice at most (the documented edge)', async () => {
    await svc.stop()
    const hung: ((err: Error) => void)[] = []
    const crashing = startService({
      transport: async (host, port, bytes) => {
        await sendToPrinter(host, port, bytes)
        // Written and closed; the process dies before it marks the job.
        if (port === counter.port) await new Promise<void>((_resolve, reject) => void hung.push(reject))
      },
    })
    const before = counter.jobs.length
    const orderId = await confirmedOrder('Emil')
    await crashing.catchUp()
    await until('the bytes written', () => counter.jobs.length === before + 1)
    const stopping = crashing.stop()
    const next = startService()
    offset += 61_000
    await next.sendDue()
    expect((await jobsOf(orderId, counterId))[0]).toMatchObject({ status: 'printed' })
    expect(counter.jobs.length).toBe(before + 2)
    for (const reject of hung) reject(new Error('connection lost'))
    await stopping
    await next.stop()
    const again = startService()
    await again.catchUp()
    offset += 61_000
    await again.sendDue()
    expect(counter.jobs.length).toBe(before + 2)
    svc = again
  })
})

describe('test print', () => {
  it('prints the test receipt, and answers honestly when the printer is off', async () => {
    const before = counter.jobs.length
    const ok = await call(s.url, 'POST', `/api/devices/${counterId}/test/print`, { headers: admin })
    expect(ok.status, JSON.stringify(ok.body)).toBe(200)
    expect(ok.body.data).toEqual({ ok: true })
    expect(counter.jobs.length).toBe(before + 1)
    const bytes = counter.jobs.at(-1)!
    expect(bytes.includes(Buffer.from(encodeCp858('äöü àéè €')))).toBe(true)
    expect(bytes.includes(Buffer.from('Drucker: Theke'))).toBe(true)
    expect(bytes.includes(Buffer.from('Testdruck'))).toBe(true)

    const off = await fakePrinter(false)
    const offId = await createPrinter({ name: 'Aus 2', branch: { id: 'b1' }, port: off.port, purposes: [] })
    const failed = await call(s.url, 'POST', `/api/devices/${offId}/test/print`, { headers: admin })
    expect(failed.status).toBe(502)
    expect(failed.body.errors).toHaveLength(1)
    expect(failed.body.errors[0].field).toBe('')
    expect(failed.body.errors[0].message).toMatch(
      /^Test nicht erfolgreich\. Der Drucker 127\.0\.0\.1:\d+ nimmt keine Verbindung an/,
    )
    expect((await statusOf(offId)).online).toBe(false)

    const board = await call(s.url, 'POST', '/api/devices', {
      headers: admin,
      body: { name: 'Board', kind: 'board' },
    })
    const notPrinter = await call(s.url, 'POST', `/api/devices/${board.body.data.id}/test/print`, {
      headers: admin,
    })
    expect(notPrinter.status).toBe(409)

    const logs = await call(s.url, 'POST', `/api/devices/${counterId}/request-device-logs`, {
      headers: admin,
    })
    expect(logs.status).toBe(200)
    expect(logs.body.data.lines.length).toBeGreaterThan(0)
    expect(logs.body.data.lines[0]).toMatch(/confirmedOrder .* printed attempts=/)
  })
})

describe("the service's clock", () => {
  it('prints on a clock days behind the one that stamped the events (a stage’s pinned clock)', async () => {
    // The jobs were due at the event's time, which the event store stamps with the real clock:
    // a service whose clock is behind it (the e2e stage's) never found one due.
    await svc.stop()
    const behind = startService({ now: () => new Date(Date.now() - 3 * 86_400_000) })
    const before = counter.jobs.length
    const orderId = await confirmedOrder('Dora')
    await behind.catchUp()
    await behind.sendDue()
    await until('printed', async () => (await jobsOf(orderId, counterId))[0]?.status === 'printed')
    expect(counter.jobs.length).toBe(before + 1)
    await behind.stop()
    svc = startService()
  })
})

describe('in the all-in-one process', () => {
  it('runs the printer service: a confirmed order prints without anything else started', async () => {
    const embedded = await startTestStack({ printer: { pollMs: 100 } })
    try {
      const p = await fakePrinter()
      const adminHeaders = await (async () => {
        await createUser(
          { db: embedded.db.db },
          { username: 'chefin', password: 'chefin-passwort-1', roles: ['ROLE_ADMIN'] },
        )
        return (await login(embedded.url, 'chefin', 'chefin-passwort-1')).headers
      })()
      const created = await call(embedded.url, 'POST', '/api/devices', {
        headers: adminHeaders,
        body: {
          name: 'Theke',
          kind: 'printer',
          branch: { id: 'b1' },
          host: '127.0.0.1',
          port: p.port,
          purposes: ['confirmedOrder'],
        },
      })
      expect(created.status).toBe(201)
      const order = await post(`${embedded.url}/api/orders`, orderBody('b1', { firstName: 'Fritz' }))
      expect(order.status).toBe(201)
      const confirmed = await post(
        `${embedded.url}/api/orders/${order.body.data.id}/status/confirm`,
        { version: 1 },
        staff,
      )
      expect(confirmed.status).toBe(200)
      await until('the receipt printed', () => p.jobs.length === 1)
      expect(embedded.printer).toBeDefined()
    } finally {
      await embedded.close()
    }
  })
})
