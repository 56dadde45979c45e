import { startTestStack, type TestStack } from '@shop/all-in-one/testing'
import { call, login, orderBody, post } from '@shop/api/testing'
import { type ServiceProcess, spawnService, testNatsUrl } from '@shop/kit/testing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createUser } from '../../api/src/resources/users.ts'
import { type FakePrinter, startFakePrinter } from './testing/fake-printer.ts'

// The printer service as its own process (services/printer/src/main.ts, the distributed layout)
// beside the shop: it prints a confirmed order, is killed and started again on the same database,
// and prints nothing twice.

let s: TestStack
let printer: FakePrinter
let env: Record<string, string>
const procs: ServiceProcess[] = []
const staff = { 'x-api-key': 'k-test-0123456789abcdef' }

beforeAll(async () => {
  printer = await startFakePrinter()
  s = await startTestStack({
    printer: false,
    limits: { orders: { perAddress: { max: 1000 }, perContact: { max: 1000 }, openPerContact: 1000 } },
  })
  env = { DATABASE_URL: s.db.url, NATS_URL: testNatsUrl(), NATS_SUBJECT_ROOT: s.bus.root, PG_POOL_MAX: '3' }
  await createUser(
    { db: s.db.db },
    { username: 'chefin', password: 'chefin-passwort-1', displayName: 'Chefin', roles: ['ROLE_ADMIN'] },
  )
  const admin = (await login(s.url, 'chefin', 'chefin-passwort-1')).headers
  const created = await call(s.url, 'POST', '/api/devices', {
    headers: admin,
    body: {
      name: 'Theke',
      kind: 'printer',
      branch: { id: 'b1' },
      host: '127.0.0.1',
      port: printer.port,
      purposes: ['confirmedOrder'],
    },
  })
  expect(created.status, JSON.stringify(created.body)).toBe(201)
}, 60_000)
afterAll(async () => {
  await Promise.all(procs.map((p) => p.kill('SIGKILL')))
  await s?.close()
  await printer?.close()
})

async function startPrinterProcess(): Promise<ServiceProcess> {
  const p = await spawnService('printer', 'services/printer/src/main.ts', env, 60_000)
  procs.push(p)
  return p
}

async function confirmedOrder(firstName: string): Promise<string> {
  const created = await post(`${s.url}/api/orders`, orderBody(s.branch.id, { firstName }))
  expect(created.status, JSON.stringify(created.body)).toBe(201)
  const id = created.body.data.id as string
  const confirmed = await post(`${s.url}/api/orders/${id}/status/confirm`, { version: 1 }, staff)
  expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200)
  return id
}

async function until(what: string, probe: () => boolean | Promise<boolean>, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs
  while (!(await probe())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
    await new Promise((r) => setTimeout(r, 50))
  }
}

const printedJobs = async () =>
  (await s.db.db.selectFrom('print_jobs').select('job_id').where('status', '=', 'printed').execute()).length

describe('the printer process', () => {
  it('prints, is killed and started again, and prints nothing twice', async () => {
    const first = await startPrinterProcess()
    await confirmedOrder('Anna')
    await until('the receipt printed', async () => printer.jobs.length === 1 && (await printedJobs()) === 1)

    await first.kill('SIGKILL')
    // A confirmed order while no printer process runs: printed once it is back.
    await confirmedOrder('Beat')
    await startPrinterProcess()
    await until(
      'the second receipt printed',
      async () => printer.jobs.length === 2 && (await printedJobs()) === 2,
    )
    // One more order, one more receipt: the earlier orders' jobs were neither made nor sent again.
    await confirmedOrder('Cora')
    await until(
      'the third receipt printed',
      async () => printer.jobs.length === 3 && (await printedJobs()) === 3,
    )
    expect(printer.jobs).toHaveLength(3)
    const jobs = await s.db.db.selectFrom('print_jobs').select(['order_id', 'attempts']).execute()
    expect(jobs).toHaveLength(3)
    expect(jobs.every((j) => j.attempts === 1)).toBe(true)
  })
})
