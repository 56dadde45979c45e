import type { Page } from 'playwright-core'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { adminHeaders, type Stage, seriousViolations, startStage } from './support.ts'

// The checkout (spec §2 "Checkout", §5 "Checkout form", §8) against the whole shop at the pinned
// Tuesday 10:00 in Zürich: Zürich Altstadt is open (delivery from 11:00, no pre-orders),
// Winterthur is open and delivering (appointment required, minimum order CHF 50.00).

let stage: Stage
let products: Record<string, unknown>[]

beforeAll(async () => {
  stage = await startStage()
  const init = (await (await fetch(`${stage.url}/api/init`)).json()) as {
    data: { url: string; data: unknown }[]
  }
  products = init.data.find((entry) => entry.url === '/api/products')?.data as Record<string, unknown>[]
})

// Each test opens its own pages: closed after it (support.ts closePages).
afterEach(async () => {
  await stage?.closePages()
})

afterAll(async () => {
  await stage?.close()
})

/** Waits for the page (loading, rendering, the API) without depending on its speed. */
function poll<T>(fn: () => T | Promise<T>) {
  return expect.poll(fn, { timeout: 15_000, interval: 100 })
}

type Seed = {
  branch: string
  uid?: string
  amount?: number
  /** The unit the cart holds (default the product's). */
  unit?: string
  isDelivery?: boolean
  isDineIn?: boolean
  appointment?: string
  form?: Record<string, unknown>
}

/** A customer whose cart (as the menu page stores it) holds a real demo product. */
async function customer(seed: Seed, opts: { desktop?: boolean } = {}): Promise<Page> {
  const product = products.find((p) => p.uid === (seed.uid ?? 'butterzopf-500g'))
  expect(product).toBeDefined()
  const cart = {
    items: [{ product, amount: seed.amount ?? 2, unit: seed.unit ?? product?.unit, parts: [] }],
    isDelivery: seed.isDelivery ?? false,
    isDineIn: seed.isDineIn ?? false,
    deliveryArea: null,
    order: { appointment: seed.appointment ?? null, comment: '' },
  }
  const page = await stage.newPage(opts.desktop ? { viewport: { width: 1280, height: 900 } } : {})
  // Once per tab: later navigations (the payment page and back) keep what the shop stored.
  await page.addInitScript(
    ({ key, value, formKey, form }) => {
      if (sessionStorage.getItem('e2e-seeded')) return
      sessionStorage.setItem('e2e-seeded', '1')
      sessionStorage.setItem(key, value)
      if (form) sessionStorage.setItem(formKey, form)
    },
    {
      key: `asp-cart-${seed.branch}`,
      value: JSON.stringify(cart),
      formKey: `asp-checkout-${seed.branch}`,
      form: seed.form ? JSON.stringify(seed.form) : null,
    },
  )
  return page
}

/** Every POST /api/orders the page sends. */
function orderPosts(page: Page): { count: number } {
  const counter = { count: 0 }
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/orders') counter.count++
  })
  return counter
}

async function fillContact(page: Page, c: { first: string; last: string; phone?: string; email?: string }) {
  await page.getByLabel('Vorname').fill(c.first)
  await page.getByLabel('Nachname').fill(c.last)
  if (c.email) await page.getByLabel('E-Mail').fill(c.email)
  if (c.phone) await page.getByLabel('Telefon').fill(c.phone)
}

/** The delivery area the select shows (its value is the area's id). */
function chosenArea(page: Page): Promise<string | undefined> {
  return page
    .getByLabel('Liefergebiet')
    .evaluate((el) => (el as HTMLSelectElement).selectedOptions[0]?.textContent ?? undefined)
}

/** The delivery areas the select offers. */
function offeredAreas(page: Page): Promise<string[]> {
  return page.getByLabel('Liefergebiet').locator('option').allTextContents()
}

async function accept(page: Page) {
  await page.getByLabel('Ich akzeptiere die Allgemeinen Geschäftsbedingungen.').check()
  await page.getByLabel('Ich habe die Datenschutzerklärung gelesen und akzeptiere sie.').check()
}

const STATUS = /\/status\/([^/]+)\/([^/?#]+)$/

async function publicOrder(url: string) {
  const [, uid, hash] = STATUS.exec(new URL(url).pathname) ?? []
  const res = await fetch(`${stage.url}/api/orders/public/${uid}/${hash}`)
  expect(res.status).toBe(200)
  return ((await res.json()) as { data: Record<string, unknown> }).data
}

async function staffOrders(q: string): Promise<unknown[]> {
  const res = await fetch(`${stage.url}/api/orders?q=${encodeURIComponent(q)}`, {
    headers: await adminHeaders(stage.url),
  })
  expect(res.status).toBe(200)
  return ((await res.json()) as { data: unknown[] }).data
}

async function expectNoSeriousViolations(page: Page) {
  expect(await seriousViolations(page)).toEqual([])
}

describe('checkout', () => {
  it('places a takeaway order at the pinned time and lands on the status page', async () => {
    const page = await customer({ branch: 'zuerich-altstadt' })
    const posts = orderPosts(page)
    await page.goto('/store/zuerich-altstadt/checkout')
    await poll(() => page.title()).toMatch(/^Bestellvorgang - /)
    await poll(() => page.getByLabel('Art der Bestellung').inputValue()).toBe('takeaway')
    // The cart and its price (2 × 6.90).
    await poll(() => page.locator('.checkout-cart__item').count()).toBe(1)
    await poll(() => page.locator('.checkout-cart__total').textContent()).toContain('13.80')
    // The amount names its unit as the menu does; the name keeps its number and unit together.
    await poll(() => page.locator('.checkout-cart__amount').textContent()).toBe('2 Stück')
    expect(await page.locator('.checkout-cart__name').first().textContent()).toContain(
      'Butterzopf 500\u00a0g',
    )
    // ASAP by default, with the first slot named; date and time both say so.
    await poll(() => page.locator('#checkout-when-status').textContent()).toContain('so schnell wie möglich')
    expect(await page.getByRole('button', { name: /^Datum/ }).textContent()).toContain(
      'So schnell wie möglich',
    )
    expect(await page.getByRole('button', { name: /^Uhrzeit/ }).textContent()).toContain('Frühestmöglich')
    // Takeaway at Zürich needs no address: the section is not there at all.
    expect(await page.getByRole('heading', { name: /Adresse/ }).count()).toBe(0)
    expect(await page.getByLabel('Strasse und Hausnummer').count()).toBe(0)
    expect(await page.getByLabel('Land').count()).toBe(0)
    await fillContact(page, { first: 'Anna', last: 'Takeaway', phone: '0041 79 123 45 67' })
    await page.getByLabel('Vorname').focus()
    // Spec §5: on change only digits and plus stay, a leading 00 becomes +.
    await poll(() => page.getByLabel('Telefon').inputValue()).toBe('+41791234567')
    await accept(page)
    await page.getByRole('button', { name: 'Jetzt bestellen' }).click()
    await page.waitForURL(STATUS)
    expect(posts.count).toBe(1)
    const order = await publicOrder(page.url())
    expect(order).toMatchObject({
      isDelivery: false,
      isDineIn: false,
      paymentMethod: 'cash',
      appointmentDate: null,
    })
    // The cart is cleared after the order.
    const stored = await page.evaluate(() =>
      JSON.parse(sessionStorage.getItem('asp-cart-zuerich-altstadt') ?? '{}'),
    )
    expect(stored.items).toEqual([])
  })

  it('shows the no-delivery notice and no order button while Zürich does not deliver yet', async () => {
    const page = await customer({ branch: 'zuerich-altstadt', isDelivery: true, amount: 5 })
    await page.goto('/store/zuerich-altstadt/checkout')
    await poll(() => page.locator('#checkout-order-title ~ .checkout-section__body').textContent()).toContain(
      'Derzeit bieten wir leider keine Lieferung an.',
    )
    await poll(() => page.getByText('Wir liefern heute ab 11:00 Uhr wieder.').count()).toBe(1)
    expect(await page.getByRole('button', { name: 'Jetzt bestellen' }).count()).toBe(0)
  })

  it('delivers at a slot chosen with the date and time pickers', async () => {
    const page = await customer({ branch: 'winterthur', isDelivery: true, amount: 8 })
    await page.goto('/store/winterthur/checkout')
    await poll(() => chosenArea(page)).toBe('8400 Winterthur (Stadt)')
    // A delivery asks for the address.
    expect(await page.getByRole('heading', { name: 'Lieferadresse' }).count()).toBe(1)
    await fillContact(page, {
      first: 'Beat',
      last: 'Lieferung',
      phone: '+41 52 123 45 67',
      email: 'beat@example.ch',
    })
    await page.getByLabel('Strasse und Hausnummer').fill('Marktgasse 1')
    await page.getByLabel('PLZ').fill('8400')
    await page.getByLabel(/^Ort\b/).fill('Winterthur')
    // The demo shop's settings preselect Switzerland (config defaultCountry).
    expect(await page.getByLabel('Land').inputValue()).toBe('CH')
    // Date picker: Wednesday 25 November (KW 48), Sunday is closed.
    await page.getByRole('button', { name: /^Datum/ }).click()
    const dialog = page.getByRole('dialog', { name: 'Datum wählen' })
    await poll(() => dialog.getByRole('heading', { name: 'November 2026' }).count()).toBe(1)
    await poll(() => dialog.getByRole('rowheader', { name: /48/ }).count()).toBe(1)
    expect(
      await dialog
        .getByRole('button', { name: /Sonntag, 29\. November 2026, nicht verfügbar/ })
        .getAttribute('aria-disabled'),
    ).toBe('true')
    expect(
      await dialog.getByRole('button', { name: /Montag, 23\. November 2026/ }).getAttribute('aria-disabled'),
    ).toBe('true')
    await dialog.getByRole('button', { name: /^Mittwoch, 25\. November 2026/ }).click()
    await dialog.getByRole('button', { name: 'Speichern' }).click()
    // Time picker: starts at the day's first slot; move to 11:30 with the steppers.
    const time = page.getByRole('dialog', { name: 'Uhrzeit wählen' })
    await poll(() => time.getByText('Verfügbare Zeiten:').count()).toBe(1)
    await poll(() => time.locator('.checkout-stepper__value').allTextContents()).toEqual(['09', '00'])
    await time.getByRole('button', { name: 'Eine Stunde später' }).click()
    await time.getByRole('button', { name: 'Eine Stunde später' }).click()
    for (let i = 0; i < 6; i++) await time.getByRole('button', { name: '5 Minuten später' }).click()
    await poll(() => time.locator('.checkout-stepper__value').allTextContents()).toEqual(['11', '30'])
    await time.getByRole('button', { name: 'Speichern' }).click()
    await poll(() => page.locator('#checkout-when-status').textContent()).toContain(
      'Mittwoch, 25.11.2026, 11:30 Uhr',
    )
    await accept(page)
    await page.getByRole('button', { name: 'Jetzt bestellen' }).click()
    await page.waitForURL(STATUS)
    const order = await publicOrder(page.url())
    expect(order.isDelivery).toBe(true)
    expect(Date.parse(String(order.appointmentDate))).toBe(Date.parse('2026-11-25T10:30:00Z'))
  })

  it('offers the delivery areas of the postcode and moves the choice to the one serving it', async () => {
    const page = await customer({
      branch: 'winterthur',
      isDelivery: true,
      amount: 20,
      appointment: '2026-11-25T10:30:00.000Z',
    })
    await page.goto('/store/winterthur/checkout')
    await poll(() => chosenArea(page)).toBe('8400 Winterthur (Stadt)')
    expect((await offeredAreas(page)).length).toBeGreaterThan(1)
    // Oberwinterthur's postcode: only its area is offered, and it is chosen (with its fee).
    await page.getByLabel('PLZ').fill('8404')
    await poll(() => chosenArea(page)).toBe('8404 Winterthur (Oberwinterthur/Stadel)')
    await poll(() => offeredAreas(page)).toEqual(['8404 Winterthur (Oberwinterthur/Stadel)'])
    // A postcode no area serves: every area is offered again, and the order is held back with
    // the reason at the area field, before anything is sent.
    await fillContact(page, {
      first: 'Ida',
      last: 'Weit',
      phone: '+41 52 765 43 21',
      email: 'ida@example.ch',
    })
    await page.getByLabel('Strasse und Hausnummer').fill('Bundesplatz 3')
    await page.getByLabel('PLZ').fill('3000')
    await page.getByLabel(/^Ort\b/).fill('Bern')
    await poll(() => offeredAreas(page).then((areas) => areas.length)).toBeGreaterThan(1)
    await accept(page)
    const posts = orderPosts(page)
    await page.getByRole('button', { name: 'Jetzt bestellen' }).click()
    const select = page.getByLabel('Liefergebiet')
    await poll(() => select.getAttribute('aria-invalid')).toBe('true')
    const described = () =>
      select.evaluate((el) => document.getElementById(el.getAttribute('aria-describedby') ?? '')?.textContent)
    await poll(described).toMatch(
      /^Das Liefergebiet «8404 Winterthur \(Oberwinterthur\/Stadel\)» umfasst die Postleitzahl 3000 leider nicht\./,
    )
    expect(posts.count).toBe(0)
  })

  it('orders for a company and delivers to a different address', async () => {
    const page = await customer({
      branch: 'winterthur',
      isDelivery: true,
      amount: 8,
      appointment: '2026-11-25T10:30:00.000Z',
    })
    await page.goto('/store/winterthur/checkout')
    await poll(() => chosenArea(page)).toBe('8400 Winterthur (Stadt)')
    await page.getByLabel('Ich bestelle für eine Firma').check()
    await page.getByLabel(/^Firma/).fill('Huber Treuhand AG')
    await page.getByLabel('UID-Nummer').fill('CHE-123.456.789 MWST')
    await fillContact(page, {
      first: 'Rita',
      last: 'Huber',
      phone: '+41 52 222 33 44',
      email: 'rita@huber-treuhand.ch',
    })
    await page.getByLabel('Strasse und Hausnummer').fill('Technikumstrasse 9')
    await page.getByLabel('PLZ').fill('8400')
    await page.getByLabel(/^Ort\b/).fill('Winterthur')
    await page.getByLabel('An eine andere Adresse liefern').check()
    // The orderer's address is now the billing address; the goods go to the fieldset's.
    expect(await page.getByRole('heading', { name: 'Adresse', exact: true }).count()).toBe(1)
    const other = page.getByRole('group', { name: 'Lieferadresse' })
    await accept(page)
    // The other address's required fields are checked before anything is sent.
    const posts = orderPosts(page)
    await page.getByRole('button', { name: 'Jetzt bestellen' }).click()
    await poll(() => other.locator('.ui-field__error').count()).toBe(5)
    expect(posts.count).toBe(0)
    await other.getByLabel('Vorname').fill('Eva')
    await other.getByLabel('Nachname').fill('Meier')
    await other.getByLabel('Strasse und Hausnummer').fill('Stadthausstrasse 4')
    await other.getByLabel('PLZ').fill('8400')
    await other.getByLabel(/^Ort\b/).fill('Winterthur')
    await other.getByLabel('Land').selectOption('CH')
    await page.getByRole('button', { name: 'Jetzt bestellen' }).click()
    await page.waitForURL(STATUS)
    expect(posts.count).toBe(1)
    const { id } = await publicOrder(page.url())
    const res = await fetch(`${stage.url}/api/orders/${id}`, { headers: await adminHeaders(stage.url) })
    expect(res.status).toBe(200)
    const { data: order } = (await res.json()) as { data: Record<string, unknown> }
    expect(order).toMatchObject({
      customer: { isCompany: true, companyName: 'Huber Treuhand AG', vatNo: 'CHE-123.456.789 MWST' },
      deliveryAddress: {
        firstName: 'Eva',
        lastName: 'Meier',
        street: 'Stadthausstrasse 4',
        zipCode: '8400',
        city: 'Winterthur',
        country: 'CH',
      },
    })
  })

  it('disables saving a time outside the windows and a day without any', async () => {
    const page = await customer({ branch: 'winterthur', isDelivery: true, amount: 8 })
    await page.goto('/store/winterthur/checkout')
    await page.getByRole('button', { name: /^Uhrzeit/ }).click()
    const time = page.getByRole('dialog', { name: 'Uhrzeit wählen' })
    await poll(() => time.getByText('Verfügbare Zeiten:').count()).toBe(1)
    const save = time.getByRole('button', { name: 'Speichern' })
    expect(await save.isDisabled()).toBe(false)
    for (let i = 0; i < 10; i++) await time.getByRole('button', { name: 'Eine Stunde später' }).click()
    await poll(() => save.isDisabled()).toBe(true)
    await poll(() =>
      time.getByText('Zum ausgewählten Zeitpunkt haben wir leider geschlossen.', { exact: false }).count(),
    ).toBe(1)
    await time.getByRole('button', { name: 'Abbrechen' }).click()
    expect(await page.getByRole('dialog').count()).toBe(0)
  })

  it('takes a dine-in order for a table of the branch', async () => {
    const page = await customer({ branch: 'zuerich-altstadt', uid: 'espresso', amount: 2 })
    await page.goto('/store/zuerich-altstadt/checkout')
    await page.getByLabel('Art der Bestellung').selectOption('dineIn')
    await page.getByLabel(/^Tisch\b/).selectOption('5')
    await fillContact(page, { first: 'Clara', last: 'Tisch', phone: '+41 79 555 66 77' })
    await accept(page)
    await page.getByRole('button', { name: 'Jetzt bestellen' }).click()
    await page.waitForURL(STATUS)
    const order = await publicOrder(page.url())
    expect(order).toMatchObject({ isDineIn: true, tableIdentifier: '5' })
  })

  it('shows the field error for an empty required field and sends nothing', async () => {
    const page = await customer({ branch: 'zuerich-altstadt' })
    const posts = orderPosts(page)
    await page.goto('/store/zuerich-altstadt/checkout')
    await fillContact(page, { first: 'Dora', last: '', phone: '+41 79 123 45 67' })
    await page.getByRole('button', { name: 'Jetzt bestellen' }).click()
    const lastName = page.getByLabel('Nachname')
    await poll(() => lastName.getAttribute('aria-invalid')).toBe('true')
    await poll(() => page.getByText('Dieser Wert sollte nicht leer sein.').count()).toBe(1)
    await poll(() => page.locator('.checkout-legal.has-error').count()).toBe(2)
    await poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-field'))).toBe('lastName')
    // The phone hint for a number without +, with the example of the country preselected (CH).
    await page.getByLabel('Telefon').fill('079 123')
    await poll(() =>
      page.getByText('Bitte geben Sie eine gültige Nummer im Format +41 44 123 45 67 an.').count(),
    ).toBe(1)
    expect(posts.count).toBe(0)
    expect(page.url()).toContain('/checkout')
  })

  it('shows the minimum-order messages and disables the button for a small delivery cart', async () => {
    const page = await customer({ branch: 'winterthur', isDelivery: true, amount: 1 })
    await page.goto('/store/winterthur/checkout')
    // Intl puts a no-break space after the currency.
    const minimum = async () =>
      ((await page.locator('#checkout-minimum').textContent()) ?? '').replace(/\u00a0/g, ' ')
    await poll(minimum).toContain(
      'Sie haben den Mindestbestellwert in Höhe von CHF 50.00 leider noch nicht erreicht.',
    )
    expect(await minimum()).toContain(
      'Fügen Sie Waren im Wert von mindestens CHF 43.10 hinzu oder wählen Sie eine andere Art der Lieferung.',
    )
    expect(await page.getByRole('button', { name: 'Jetzt bestellen' }).isDisabled()).toBe(true)
    // Takeaway has no minimum: the button comes back.
    await page.getByLabel('Art der Bestellung').selectOption('takeaway')
    await poll(() => page.getByRole('button', { name: 'Jetzt bestellen' }).isDisabled()).toBe(false)
    expect(await page.locator('#checkout-minimum').textContent()).toBe('')
  })

  it('returns to the checkout error route after a failed online payment, with cart and data kept', async () => {
    const page = await customer({ branch: 'zuerich-altstadt' })
    await page.goto('/store/zuerich-altstadt/checkout')
    await fillContact(page, { first: 'Emil', last: 'Onlinezahlung', phone: '+41 79 000 11 22' })
    await page.getByLabel(/Online bezahlen/).check()
    await accept(page)
    await page.getByRole('button', { name: 'Jetzt bestellen' }).click()
    await page.waitForURL(/\/payments\/test\//)
    await page.getByRole('button', { name: 'Zahlung fehlschlagen lassen' }).click()
    await page.waitForURL(/\/store\/zuerich-altstadt\/checkout\/error$/)
    await poll(() =>
      page.getByRole('alert').filter({ hasText: 'Leider ist Ihre Zahlung fehlgeschlagen.' }).textContent(),
    ).toBe(
      'Leider ist Ihre Zahlung fehlgeschlagen. Bitte überprüfen Sie Ihre Daten und versuchen Sie es erneut.',
    )
    await poll(() => page.locator('.checkout-cart__item').count()).toBe(1)
    expect(await page.getByLabel('Vorname').inputValue()).toBe('Emil')
  })

  it('shows a cash total rounded to 0.05 with the rounding on its own line, a card the exact total', async () => {
    // One lamb cutlet by the piece: CHF 69.00 per kg × 80 g = CHF 5.52 (about: it is weighed).
    const page = await customer({
      branch: 'zuerich-altstadt',
      uid: 'lammkoteletts',
      unit: 'piece',
      amount: 1,
    })
    await page.goto('/store/zuerich-altstadt/checkout')
    const total = () => page.getByTestId('checkout-total').textContent()
    const plain = (text: string | null) => (text ?? '').replace(/\u00a0/g, ' ')
    await poll(async () => plain(await total())).toBe('ca. CHF 5.50')
    expect(plain(await page.getByTestId('checkout-cash-rounding').textContent())).toBe(
      'Rundung (Barzahlung)CHF-0.02',
    )
    // The VAT stays that of the exact amount.
    expect(plain(await page.locator('.checkout-cart__tax').textContent())).toContain('inkl. MwSt. CHF 0.14')
    await page.getByLabel(/Kartenzahlung vor Ort/).check()
    await poll(async () => plain(await total())).toBe('ca. CHF 5.52')
    expect(await page.getByTestId('checkout-cash-rounding').count()).toBe(0)
    // Back to cash and ordered: the status page shows the same.
    await page.getByLabel(/Barzahlung/).check()
    await fillContact(page, { first: 'Rita', last: 'Rappen', phone: '+41 79 000 55 66' })
    await accept(page)
    await page.getByRole('button', { name: 'Jetzt bestellen' }).click()
    await page.waitForURL(STATUS)
    await poll(async () => plain(await page.locator('.status-info__total').textContent())).toBe(
      'Totalca. CHF 5.50',
    )
    expect(plain(await page.locator('.status-info__totals').textContent())).toContain(
      'Rundung (Barzahlung)CHF-0.02',
    )
  })

  it('says at the payment section and on the payment page that online payments are only simulated', async () => {
    const TEST_MODE = 'Testmodus: Online-Zahlungen werden nur simuliert, es wird nichts belastet.'
    const page = await customer({ branch: 'zuerich-altstadt' })
    await page.goto('/store/zuerich-altstadt/checkout')
    const payment = page.getByRole('region', { name: 'Zahlungsart' })
    await poll(() => payment.getByText(TEST_MODE).isVisible()).toBe(true)
    await fillContact(page, { first: 'Tina', last: 'Testmodus', phone: '+41 79 000 22 33' })
    await page.getByLabel(/Online bezahlen/).check()
    await accept(page)
    await page.getByRole('button', { name: 'Jetzt bestellen' }).click()
    await page.waitForURL(/\/payments\/test\//)
    expect(await page.getByRole('note').textContent()).toBe(TEST_MODE)
    expect(await page.getByRole('note').isVisible()).toBe(true)
  })

  it('makes exactly one order from a double click on submit', async () => {
    const last = `Doppelklick${Date.now()}`
    const page = await customer({ branch: 'zuerich-altstadt' })
    const posts = orderPosts(page)
    await page.goto('/store/zuerich-altstadt/checkout')
    await fillContact(page, { first: 'Fritz', last, phone: '+41 79 222 33 44' })
    await accept(page)
    // Two clicks in the same task, before React can re-render the button as disabled.
    await page.getByRole('button', { name: 'Jetzt bestellen' }).evaluate((button: HTMLButtonElement) => {
      button.click()
      button.click()
    })
    await page.waitForURL(STATUS)
    expect(posts.count).toBe(1)
    await poll(async () => (await staffOrders(last)).length).toBe(1)
  })

  it('shows the server refusal above the form, or the unknown error without a body', async () => {
    const page = await customer({ branch: 'zuerich-altstadt' })
    // The cart remembers a price the shop no longer charges: the server refuses (docs/api.md).
    await page.addInitScript(() => {
      const key = 'asp-cart-zuerich-altstadt'
      const cart = JSON.parse(sessionStorage.getItem(key) ?? '{}')
      if (cart.items?.[0] && !sessionStorage.getItem('e2e-price')) {
        sessionStorage.setItem('e2e-price', '1')
        cart.items[0].product.price = 100
        sessionStorage.setItem(key, JSON.stringify(cart))
      }
    })
    await page.route('**/api/orders', (route) => route.fulfill({ status: 502, body: '' }))
    await page.goto('/store/zuerich-altstadt/checkout')
    await fillContact(page, { first: 'Hans', last: 'Preis', phone: '+41 79 444 55 66' })
    await accept(page)
    await page.getByRole('button', { name: 'Jetzt bestellen' }).click()
    await poll(() => page.locator('.checkout__alerts').textContent()).toContain(
      'Ein unbekannter Fehler ist aufgetreten.',
    )
    await page.unroute('**/api/orders')
    await page.getByRole('button', { name: 'Jetzt bestellen' }).click()
    await poll(() => page.locator('.checkout__alerts').textContent()).toContain(
      'Der Preis von «Butterzopf 500 g» hat sich geändert',
    )
    await poll(() => page.evaluate(() => window.scrollY)).toBe(0)
    expect(page.url()).toContain('/store/zuerich-altstadt/checkout')
  })

  it('chooses a donation recipient in the overlay with search', async () => {
    const page = await customer({ branch: 'zuerich-altstadt' })
    await page.goto('/store/zuerich-altstadt/checkout')
    await page.getByRole('button', { name: 'Organisation wählen' }).click()
    const dialog = page.getByRole('dialog', { name: 'Spendenempfänger wählen' })
    await dialog.getByLabel('Organisation suchen').fill('Gassenküche')
    await poll(() =>
      dialog.getByRole('button', { pressed: false }).filter({ hasText: 'Zürich' }).count(),
    ).toBe(1)
    expect(await dialog.getByText('Bergbauernhilfe').count()).toBe(0)
    await dialog.getByLabel('Organisation suchen').fill('nirgends')
    await poll(() => dialog.getByText('Keine passende Organisation gefunden.').count()).toBeGreaterThan(0)
    await dialog.getByLabel('Organisation suchen').fill('')
    const option = dialog.getByRole('button', { name: /Brotbrücke Zürich/ })
    await option.click()
    await poll(() => option.getAttribute('aria-pressed')).toBe('true')
    // Tapping the selected one deselects it (spec §5); choose it again and close.
    await option.click()
    await poll(() => option.getAttribute('aria-pressed')).toBe('false')
    await option.click()
    await dialog.getByRole('button', { name: 'Fertig' }).click()
    await poll(() => page.locator('.checkout-donation__current').textContent()).toBe('Brotbrücke Zürich')
    await fillContact(page, { first: 'Ida', last: 'Spende', phone: '+41 79 777 88 99' })
    await accept(page)
    const [request] = await Promise.all([
      page.waitForRequest((r) => r.method() === 'POST' && new URL(r.url()).pathname === '/api/orders'),
      page.getByRole('button', { name: 'Jetzt bestellen' }).click(),
    ])
    expect(request.headers()['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/)
    expect(request.postDataJSON().donatee).toMatch(/./)
    await page.waitForURL(STATUS)
  })

  it('orders from the kiosk to its own status route, with the commerce events after consent', async () => {
    const page = await customer({ branch: 'zuerich-altstadt' })
    await page.context().addCookies([{ name: 'asp-cookie-consent', value: 'given', url: stage.url }])
    const events: string[] = []
    const views: { path: string; branch?: string }[] = []
    page.on('request', (request) => {
      if (new URL(request.url()).pathname !== '/api/analytics-log') return
      const body = request.postDataJSON()
      events.push(body.action)
      if (body.type === 'pageview') views.push(body.data)
    })
    await page.goto('/kiosk/zuerich-altstadt/checkout')
    await poll(() => events).toContain('begin-checkout')
    await fillContact(page, { first: 'Kurt', last: 'Kiosk', phone: '+41 79 111 22 33' })
    await accept(page)
    await page.getByRole('button', { name: 'Jetzt bestellen' }).click()
    await page.waitForURL(/\/kiosk\/zuerich-altstadt\/status\/[^/]+\/[^/]+$/)
    await poll(() => events).toContain('purchase')
    // Page views name the branch and never the status link's uid and hash.
    await poll(() => views.map((v) => v.path)).toContain('/kiosk/zuerich-altstadt/status')
    expect(views.every((v) => !/\/status\/./.test(v.path) && typeof v.branch === 'string')).toBe(true)
    // The kiosk forgets the customer's data after the order (spec §4).
    expect(await page.evaluate(() => sessionStorage.getItem('asp-checkout-zuerich-altstadt'))).toBeNull()
  })

  it('runs in French after choosing the language in the header', async () => {
    const page = await customer({ branch: 'zuerich-altstadt' })
    await page.goto('/store/zuerich-altstadt/checkout')
    await page.locator('#shell-locale').selectOption('fr-FR')
    await poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Commande')
    await poll(() => page.title()).toMatch(/^Commande - /)
    await page.getByLabel('Prénom').fill('Gilles')
    await page.getByLabel(/^Nom\b/).fill('Français')
    await page.getByLabel('Téléphone').fill('+41 21 312 45 67')
    await page.getByLabel('J’accepte les conditions générales de vente.').check()
    await page.getByLabel('J’ai lu et j’accepte la politique de confidentialité.').check()
    expect(await page.getByRole('heading', { name: 'Mode de paiement' }).count()).toBe(1)
    await page.getByRole('button', { name: 'Commander maintenant' }).click()
    await page.waitForURL(STATUS)
  })

  it('opens the terms in a dialog and has no serious accessibility violation with the pickers open or closed', async () => {
    const page = await customer({ branch: 'winterthur', isDelivery: true, amount: 8 })
    await page.goto('/store/winterthur/checkout')
    await poll(() => page.locator('.checkout-cart__item').count()).toBe(1)
    await poll(() => page.getByRole('button', { name: /^Datum/ }).isDisabled()).toBe(false)
    await expectNoSeriousViolations(page)
    await page.getByRole('button', { name: 'Allgemeine Geschäftsbedingungen lesen' }).click()
    const terms = page.getByRole('dialog', { name: 'Allgemeine Geschäftsbedingungen' })
    await poll(() => terms.textContent()).toContain('Geltungsbereich')
    await terms.getByRole('button', { name: 'Schliessen' }).first().click()
    // The dialog and its backdrop gone (a fading backdrop over the footer dims its text for axe).
    await poll(() => terms.count()).toBe(0)
    // Dark mode keeps its contrast.
    await page.emulateMedia({ reducedMotion: 'reduce' })
    await page.evaluate(() => {
      document.documentElement.dataset.theme = 'dark'
    })
    await expectNoSeriousViolations(page)
    await page.evaluate(() => {
      document.documentElement.dataset.theme = 'light'
    })
    await page.getByRole('button', { name: /^Datum/ }).click()
    await poll(() => page.getByRole('dialog', { name: 'Datum wählen' }).count()).toBe(1)
    await expectNoSeriousViolations(page)
    await page
      .getByRole('dialog')
      .getByRole('button', { name: /^Mittwoch, 25\. November 2026/ })
      .click()
    await page.getByRole('dialog').getByRole('button', { name: 'Speichern' }).click()
    await poll(() => page.getByRole('dialog', { name: 'Uhrzeit wählen' }).count()).toBe(1)
    await expectNoSeriousViolations(page)
    // Five axe runs over the whole checkout: 9 s alone, up to a minute late in the full suite on
    // a loaded 2-core machine (57 s and 60 s seen), so more than the project's 60 s.
  }, 150_000)
})

describe('screenshots', () => {
  for (const [name, desktop] of [
    ['phone', false],
    ['desktop', true],
  ] as const) {
    it(`captures the ${name} checkout, date picker and time picker`, async () => {
      const page = await customer(
        {
          branch: 'winterthur',
          isDelivery: true,
          amount: 8,
          form: { firstName: 'Anna', lastName: 'Muster', phone: '+41791234567', street: 'Marktgasse 9' },
        },
        { desktop },
      )
      // No cookie banner over the form, no transitions half-way through a theme switch.
      await page.context().addCookies([{ name: 'asp-cookie-consent', value: 'declined', url: stage.url }])
      await page.emulateMedia({ reducedMotion: 'reduce' })
      await page.goto('/store/winterthur/checkout')
      await poll(() => page.getByRole('button', { name: /^Datum/ }).isDisabled()).toBe(false)
      expect(await page.getByRole('button', { name: 'Jetzt bestellen' }).isDisabled()).toBe(false)
      await page.screenshot({ path: `/tmp/checkout-${name}-form.png`, fullPage: true })
      await page.evaluate(() => {
        document.documentElement.dataset.theme = 'dark'
      })
      await page.screenshot({ path: `/tmp/checkout-${name}-form-dark.png`, fullPage: true })
      await page.evaluate(() => {
        document.documentElement.dataset.theme = 'light'
      })
      await page.getByRole('button', { name: /^Datum/ }).click()
      await page
        .getByRole('dialog')
        .getByRole('button', { name: /^Mittwoch, 25\. November 2026/ })
        .click()
      await page.screenshot({ path: `/tmp/checkout-${name}-date.png` })
      await page.getByRole('dialog').getByRole('button', { name: 'Speichern' }).click()
      await poll(() => page.getByRole('dialog', { name: 'Uhrzeit wählen' }).count()).toBe(1)
      await page.screenshot({ path: `/tmp/checkout-${name}-time.png` })
      await page.evaluate(() => {
        document.documentElement.dataset.theme = 'dark'
      })
      await page.screenshot({ path: `/tmp/checkout-${name}-time-dark.png` })
    })
  }
})
