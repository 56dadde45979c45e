import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { type AppConfig, silentLogger } from '@shop/kit'
import { createTestDatabase, testNatsUrl, uniqueSubjectRoot } from '@shop/kit/testing'
import { afterAll, describe, expect, it } from 'vitest'
import { startShop } from './embedded.ts'

// Who takes pretend payments (docs/payments.md "Test mode"): the embedded demo does, unless
// NODE_ENV=production or PAYMENTS_TEST_PROVIDER=0; an all-in-one on DATABASE_URL does only when
// PAYMENTS_TEST_PROVIDER=1 asks for it.

const dirs: string[] = []
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true })
})

function embedded(): AppConfig {
  const dataDir = mkdtempSync(join(tmpdir(), 'shop-test-payments-'))
  dirs.push(dataDir)
  return {
    port: 0,
    host: '127.0.0.1',
    dataDir,
    databaseUrl: undefined,
    natsUrl: undefined,
    subjectRoot: 'shop',
    branches: [],
  }
}

async function testModeOf(config: AppConfig, env: Record<string, string>) {
  const shop = await startShop(config, silentLogger, { demo: false, notifier: false, payments: { env } })
  try {
    const res = await fetch(`${shop.url.replace('0.0.0.0', '127.0.0.1')}/api/payments`)
    const { data } = (await res.json()) as { data: { testMode: boolean } }
    // The banner's flag and what the storefront is told agree.
    expect(data.testMode).toBe(shop.testPayments)
    return shop.testPayments
  } finally {
    await shop.close()
  }
}

describe('test payments by mode (the whole rule: test-mode.unit.test.ts)', () => {
  it('embedded with NODE_ENV=production: no pretend payments unless asked for', async () => {
    expect(await testModeOf(embedded(), { NODE_ENV: 'production' })).toBe(false)
  })

  it('on DATABASE_URL: none without PAYMENTS_TEST_PROVIDER=1', async () => {
    const db = await createTestDatabase({ max: 3 })
    try {
      const config: AppConfig = {
        ...embedded(),
        databaseUrl: db.url,
        natsUrl: testNatsUrl(),
        subjectRoot: uniqueSubjectRoot(),
      }
      expect(await testModeOf(config, {})).toBe(false)
    } finally {
      await db.drop()
    }
  })
})
