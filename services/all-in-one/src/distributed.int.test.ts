import { openSocket, orderBody, post, runLifecycleScenario, seedTestCatalogue } from '@shop/api/testing'
import {
  createTestDatabase,
  type ServiceProcess,
  serviceEnv,
  spawnServices,
  type TestDatabase,
} from '@shop/kit/testing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

const branch = { id: 'b1', name: 'Filiale 1', apiKey: 'k-distributed-test-key', timeZone: 'Europe/Zurich' }
let t: TestDatabase
const procs: Record<string, ServiceProcess> = {}

beforeAll(async () => {
  t = await createTestDatabase({ max: 2 })
  await seedTestCatalogue({ db: t.db, bus: { notifyAppended() {} } }, [branch])
  Object.assign(
    procs,
    await spawnServices(
      {
        api1: 'services/api/src/main.ts',
        api2: 'services/api/src/main.ts',
        gateway1: 'services/gateway/src/main.ts',
        gateway2: 'services/gateway/src/main.ts',
        publisher: 'services/publisher/src/main.ts',
        projector: 'services/projector/src/main.ts',
      },
      serviceEnv(t.url, [branch]),
    ),
  )
}, 120_000)

afterAll(async () => {
  await Promise.all(Object.values(procs).map((p) => p.kill('SIGTERM')))
  await t?.drop()
})

describe('distributed: separate processes on the real PostgreSQL and NATS', () => {
  it('a command sent to API process 1 reaches a socket held by gateway process 2', async () => {
    const created = await post(`${procs.api1!.url}/api/orders`, orderBody(branch.id))
    expect(created.status).toBe(201)
    const order = created.body.data
    const socket = await openSocket(`${procs.gateway2!.url.replace('http', 'ws')}/ws`)
    try {
      socket.send({ type: 'subscribe', topic: 'order', uid: order.uid, hash: order.hash })
      await socket.next((m) => m.type === 'snapshot')
      const confirmed = await post(
        `${procs.api1!.url}/api/orders/${order.id}/status/confirm`,
        { version: 1 },
        { 'x-api-key': branch.apiKey },
      )
      expect(confirmed.status).toBe(200)
      const update = await socket.next<{ version: number; data: { status: string } }>(
        (m) => m.type === 'update' && m.version === 2,
      )
      expect(update.data.status).toBe('confirmed')
    } finally {
      await socket.close()
    }
  })

  it('runs the whole lifecycle across API 2 and gateway 1', async () => {
    await runLifecycleScenario({
      apiUrl: procs.api2!.url,
      gatewayUrl: procs.gateway1!.url,
      branchId: branch.id,
      apiKey: branch.apiKey,
    })
  })

  it('every process answers /healthz, /readyz and /metrics', async () => {
    for (const p of Object.values(procs)) {
      expect((await fetch(`${p.url}/healthz`)).status).toBe(200)
      const ready = await fetch(`${p.url}/readyz`)
      expect(ready.status).toBe(200)
      const report = (await ready.json()) as {
        status: string
        waitingFor: string[]
        checks: Record<string, { ok: boolean }>
      }
      expect(report).toMatchObject({ status: 'ready', waitingFor: [] })
      expect(report.checks.database?.ok).toBe(true)
      expect(report.checks.nats?.ok).toBe(true)
      const metrics = await (await fetch(`${p.url}/metrics`)).text()
      expect(metrics).toContain('shop_')
    }
    const apiMetrics = await (await fetch(`${procs.api1!.url}/metrics`)).text()
    expect(apiMetrics).toMatch(/shop_commands_total\{command="ConfirmOrder",outcome="ok"\} [1-9]/)
    // The readers say how far they are behind the store.
    const projector = (await (await fetch(`${procs.projector!.url}/readyz`)).json()) as {
      checks: Record<string, { lagSeconds: number; behind: boolean }>
    }
    expect(projector.checks['projection orders']).toMatchObject({ ok: true, behind: false, lagSeconds: 0 })
    expect(projector.checks['projection statistics']?.lagSeconds).toBeTypeOf('number')
    const publisher = (await (await fetch(`${procs.publisher!.url}/readyz`)).json()) as {
      checks: Record<string, { lagSeconds: number }>
    }
    expect(publisher.checks.checkpoint?.lagSeconds).toBeTypeOf('number')
    const pubMetrics = await (await fetch(`${procs.publisher!.url}/metrics`)).text()
    expect(pubMetrics).toMatch(/shop_published_events_total [1-9]/)
  })
})
