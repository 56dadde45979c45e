import { startTestStack, TEST_BRANCH, type TestStack } from '@shop/all-in-one/testing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createUser } from '../../resources/users.ts'
import { testOrderBody } from '../../testing/catalogue.ts'
import { post } from '../../testing/lifecycle.scenario.ts'
import { call, login } from '../../testing/staff-session.ts'

// Cash rounding through the real checkout (issue 14, item 18): a cash order in CHF is charged
// its total rounded to 0.05, the difference stored as pricing.cashRounding beside unchanged VAT
// figures; other methods pay the exact amount; the receipt prints the rounding as its own line.

let s: TestStack
let admin: Record<string, string>
const frontdesk = { 'x-api-key': TEST_BRANCH.apiKey }

beforeAll(async () => {
  s = await startTestStack({ notifier: false, limits: { rateLimits: false } })
  await createUser(
    { db: s.db.db },
    { username: 'admin', password: 'admin-passwort-1', roles: ['ROLE_ADMIN'] },
  )
  admin = (await login(s.url, 'admin', 'admin-passwort-1')).headers
  // A price that does not end in 0 or 5: 6.93 (the test catalogue's prices all do).
  const zopf = (await call(s.url, 'GET', '/api/products', { headers: admin })).body.data.find(
    (p: { uid: string }) => p.uid === 'zopf',
  )
  const put = await call(s.url, 'PUT', `/api/products/${zopf.id}`, {
    headers: admin,
    body: { ...zopf, price: 693 },
  })
  expect(put.status).toBe(200)
})
afterAll(async () => {
  await s?.close()
})

const zopf = (amount: number) => [{ product: 'zopf', amount, price: 693 }]

async function order(paymentMethod: string, amount = 1) {
  const res = await post(
    `${s.url}/api/orders`,
    testOrderBody('b1', { isDelivery: false, deliveryArea: null, items: zopf(amount), paymentMethod }),
  )
  expect(res.status, JSON.stringify(res.body)).toBe(201)
  return res.body.data
}

describe('POST /api/orders: cash in CHF', () => {
  it('charges the total rounded to 0.05, the difference its own tax-free amount', async () => {
    const o = await order('cash')
    expect(o.totalGross).toBe(693)
    expect(o.pricing.cashRounding).toBe(2)
    expect(o.totalPayable).toBe(695)
    // The VAT figures are those of the exact total.
    expect(o.pricing.totalNet + o.pricing.totalTax).toBe(693)
    expect(o.pricing.taxes).toEqual({ '2.6': o.pricing.totalTax })
    // The status link reads the same.
    const view = (await call(s.url, 'GET', `/api/orders/public/${o.uid}/${o.hash}`)).body.data
    expect(view).toMatchObject({ totalGross: 693, totalPayable: 695, pricing: { cashRounding: 2 } })
  })

  it('a card or an online payment pays the exact amount', async () => {
    const card = await order('atm-card')
    expect(card.pricing.cashRounding).toBeUndefined()
    expect(card.totalPayable).toBe(693)
    const online = await order('stripe')
    expect(online.pricing.cashRounding).toBeUndefined()
    expect(online.totalPayable).toBe(693)
  })

  it('the receipt prints the rounding line and the rounded total; the VAT stays on the exact amount', async () => {
    const o = await order('cash')
    const res = await call(s.url, 'POST', `/api/orders/${o.id}/print`, {
      headers: frontdesk,
      body: { format: 'lines', width: 42 },
    })
    expect(res.status).toBe(200)
    const texts = (res.body.data.lines as { text: string }[]).map((l) => l.text.replace(/\u00a0/g, ' '))
    const rounding = texts.findIndex((t) => t.startsWith('Rundung (Barzahlung)'))
    expect(texts[rounding]).toMatch(/CHF 0\.02$/)
    expect(texts[rounding + 1]).toMatch(/^Total\s+CHF 6\.95$/)
    expect(texts.some((t) => /^MwSt\. 2\.6 % auf CHF 6\.93\s+CHF 0\.18$/.test(t))).toBe(true)
  })

  it('a staff item edit rounds the new total again', async () => {
    const o = await order('cash')
    const itemId = o.items[0].itemId
    const edit = await call(s.url, 'PUT', `/api/orders/${o.id}/items/${itemId}`, {
      headers: frontdesk,
      body: { amount: 2 },
    })
    expect(edit.status, JSON.stringify(edit.body)).toBe(200)
    // 2 × 6.93 = 13.86 → 13.85.
    expect(edit.body.data).toMatchObject({
      totalGross: 1386,
      totalPayable: 1385,
      pricing: { cashRounding: -1 },
    })
  })
})
