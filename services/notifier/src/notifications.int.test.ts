import { randomUUID } from 'node:crypto'
import { startTestStack, type TestStack } from '@shop/all-in-one/testing'
import { createUser } from '@shop/api/resources'
import { call, get, login, orderBody, post } from '@shop/api/testing'
import { formatDateTime } from '@shop/read-models/notifications'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type ReceivedMail, type SmtpSink, startSmtpSink } from './testing/smtp-sink.ts'
import { startTwilioStub, TWILIO_TEST_ACCOUNT, type TwilioStub } from './testing/twilio-stub.ts'

// The whole shop in this process (PostgreSQL + NATS) with its notifier sending to a real SMTP
// server in this process and to a local stand-in of Twilio's API.

const PUBLIC_URL = 'https://shop.example.ch'
const CUSTOMER = 'anna@example.com'
const BRANCH_MAIL = 'filiale-b1@example.org'

let s: TestStack
let sink: SmtpSink
let twilio: TwilioStub
let admin: Record<string, string>
const staff = () => ({ 'x-api-key': s.branch.apiKey })

beforeAll(async () => {
  sink = await startSmtpSink()
  twilio = await startTwilioStub()
  s = await startTestStack({
    notifier: {
      smtpUrl: sink.url,
      mailFrom: 'bestellungen@testbaeckerei.example',
      publicUrl: PUBLIC_URL,
      sms: { gateway: 'twilio', ...TWILIO_TEST_ACCOUNT, apiUrl: twilio.url },
      retry: { baseMs: 200, capMs: 800, maxAttempts: 100 },
      pollMs: 100,
      leaseMs: 10_000,
    },
    // Orders from one address with one contact, several left open: the order limits are lifted
    // here (services/api/src/limits/rate-limits.int.test.ts proves them).
    limits: { orders: { perAddress: { max: 1000 }, perContact: { max: 1000 }, openPerContact: 1000 } },
  })
  await createUser(
    { db: s.db.db },
    { username: 'admin', password: 'admin-passwort-1', roles: ['ROLE_ADMIN'] },
  )
  admin = (await login(s.url, 'admin', 'admin-passwort-1')).headers
  await setSms(true)
})
afterAll(async () => {
  await s?.close()
  await sink?.stop()
  await twilio?.close()
})

/** The one place orders are made (the checkout body may change: swap it here). */
async function createOrder(extra: Record<string, unknown> = {}) {
  const res = await post(`${s.url}/api/orders`, orderBody(s.branch.id, extra))
  expect(res.status, JSON.stringify(res.body)).toBe(201)
  return res.body.data as { id: string; uid: string; hash: string; version: number }
}

async function staffAction(orderId: string, path: string, body: Record<string, unknown> = {}) {
  const res = await post(`${s.url}/api/orders/${orderId}/${path}`, body, staff())
  expect(res.status, JSON.stringify(res.body)).toBe(200)
  return res.body.data
}

async function setSms(enabled: boolean) {
  const current = await call(s.url, 'GET', '/api/config', { headers: admin })
  const { id: _id, version, createdAt: _c, updatedAt: _u, ...fields } = current.body.data
  const res = await call(s.url, 'POST', '/api/config', {
    headers: admin,
    body: { ...fields, enablePluginSMS: enabled, version },
  })
  expect(res.status, JSON.stringify(res.body)).toBe(200)
}

const link = (o: { uid: string; hash: string }) => `${PUBLIC_URL}/status/${o.uid}/${o.hash}`
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ')
const mailsOf = (o: { uid: string; hash: string }, mails: ReceivedMail[] = sink.mails) =>
  mails.filter((m) => m.text.includes(link(o)))
const bySubject = (mails: ReceivedMail[], subject: string) => mails.filter((m) => m.subject === subject)

async function jobs(orderId: string) {
  const res = await get(`${s.url}/api/orders/${orderId}/notifications`, staff())
  expect(res.status).toBe(200)
  return res.body.data as Array<Record<string, any>>
}

async function until<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const value = await probe()
    if (value !== undefined) return value
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
    await new Promise((r) => setTimeout(r, 50))
  }
}

/** Gives the notifier time to do anything it still would (it must not): a full round of both loops. */
async function settle() {
  await s.notifier!.catchUp()
  await s.notifier!.sendDue()
  await new Promise((r) => setTimeout(r, 300))
}

describe('notifications from order events', () => {
  it('a new order mails the customer and the branch and texts the customer, once each; confirm mails once', async () => {
    const smsBefore = twilio.requests.length
    const order = await createOrder()
    await sink.waitFor((m) => mailsOf(order, m).length >= 2)

    const [toCustomer] = bySubject(mailsOf(order), 'Ihre Bestellung bei Testfiliale ist eingegangen')
    expect(toCustomer?.envelopeTo).toEqual([CUSTOMER])
    expect(toCustomer!.from).toBe('Testbäckerei <bestellungen@testbaeckerei.example>')
    expect(toCustomer!.replyTo).toBe(BRANCH_MAIL)
    expect(toCustomer!.messageId).toMatch(/^<notification-[0-9a-f-]{36}@testbaeckerei\.example>$/)
    const text = plain(toCustomer!.text)
    expect(text).toContain('Guten Tag Anna Muster,')
    expect(text).toContain('vielen Dank für Ihre Bestellung bei Testfiliale.')
    expect(text).toContain('Art: Lieferung')
    expect(text).toContain('Termin: so bald wie möglich')
    expect(text).toContain('Kommentar: Bitte klingeln')
    expect(text).toContain('1 Stk. Zopf 500 g: CHF 6.90')
    expect(text).toContain('4 Stk. Gipfeli: CHF 7.20')
    expect(text).toContain('Total: CHF 14.10')
    expect(text).toContain(`Den Stand Ihrer Bestellung sehen Sie jederzeit hier: ${link(order)}`)
    expect(text).toMatch(/Freundliche Grüsse\nTestbäckerei\nTestfiliale\nMarktgasse 1, 8001 Zürich/)
    expect(toCustomer!.html).toContain(`<a href="${link(order)}">`)

    const [toBranch] = bySubject(mailsOf(order), 'Neue Bestellung von Anna Muster')
    expect(toBranch?.envelopeTo).toEqual([BRANCH_MAIL])
    expect(toBranch!.replyTo).toBe(CUSTOMER)
    // The checkout stores the number as E.164.
    expect(plain(toBranch!.text)).toContain('Telefon: +41791234567')
    expect(plain(toBranch!.text)).toContain('4 Stk. Gipfeli: CHF 7.20')

    const sms = await until('the SMS', async () =>
      twilio.requests.slice(smsBefore).find((r) => r.form.Body?.includes(link(order))),
    )
    expect(sms.form.To).toBe('+41791234567')
    expect(sms.form.Body).toBe(
      `Testbäckerei: Danke für Ihre Bestellung bei Testfiliale. Status: ${link(order)}`,
    )

    await staffAction(order.id, 'status/confirm', { version: 1 })
    await sink.waitFor((m) => mailsOf(order, m).length >= 3)
    const [confirmed] = bySubject(mailsOf(order), 'Ihre Bestellung bei Testfiliale ist bestätigt')
    expect(confirmed?.envelopeTo).toEqual([CUSTOMER])
    expect(plain(confirmed!.text)).toContain('Wir bereiten sie jetzt vor.')

    await settle()
    expect(
      mailsOf(order)
        .map((m) => m.subject)
        .sort(),
    ).toEqual([
      'Ihre Bestellung bei Testfiliale ist bestätigt',
      'Ihre Bestellung bei Testfiliale ist eingegangen',
      'Neue Bestellung von Anna Muster',
    ])
    expect(twilio.requests.filter((r) => r.form.Body?.includes(link(order)))).toHaveLength(1)

    // The order's log: every job sent once, with the transport's id.
    const log = await jobs(order.id)
    expect(
      log.map((j) => `${j.kind}/${j.channel}/${j.audience}/${j.recipient}/${j.status}/${j.attempts}`).sort(),
    ).toEqual([
      'confirmed/email/customer/anna@example.com/sent/1',
      'new-order/email/branch/filiale-b1@example.org/sent/1',
      'new-order/email/customer/anna@example.com/sent/1',
      'new-order/sms/customer/+41791234567/sent/1',
    ])
    for (const j of log) {
      expect(j.sentAt).toBeTruthy()
      expect(j.nextAttemptAt).toBeNull()
      expect(j.lastError).toBeNull()
      expect(j.trigger).toBe('event')
    }
    expect(log.find((j) => j.channel === 'sms')!.transportId).toMatch(/^SM[0-9a-f]{32}$/)
    const customerJob = log.find(
      (j) => j.kind === 'new-order' && j.audience === 'customer' && j.channel === 'email',
    )!
    expect(toCustomer!.messageId).toBe(`<notification-${customerJob.id}@testbaeckerei.example>`)
  })

  it('an order placed in French is mailed to the customer in French; the branch still reads German', async () => {
    // The owner has translated the plait's name (the menu's translations, issue 18 item 8).
    const products = await call(s.url, 'GET', '/api/products', { headers: admin })
    const zopf = (products.body.data as Array<Record<string, unknown>>).find((p) => p.uid === 'zopf')!
    const { id, createdAt: _c, updatedAt: _u, ...fields } = zopf
    const saved = await call(s.url, 'PUT', `/api/products/${id}`, {
      headers: admin,
      body: { ...fields, translations: { 'fr-FR': { name: 'Tresse 500 g' } } },
    })
    expect(saved.status, JSON.stringify(saved.body)).toBe(200)
    const res = await post(`${s.url}/api/orders`, orderBody(s.branch.id, { firstName: 'Chloé' }), {
      'accept-language': 'fr-CH,fr;q=0.9,de;q=0.5',
    })
    expect(res.status, JSON.stringify(res.body)).toBe(201)
    const order = res.body.data as { uid: string; hash: string }
    await sink.waitFor((m) => mailsOf(order, m).length >= 2)
    const [toCustomer] = bySubject(mailsOf(order), 'Votre commande chez Testfiliale a bien été reçue')
    expect(toCustomer?.envelopeTo).toEqual([CUSTOMER])
    expect(plain(toCustomer!.text)).toContain('Bonjour Chloé Muster,')
    // Its lines in French where the menu has a translation, German where it has none.
    expect(plain(toCustomer!.text)).toContain('Tresse 500 g')
    expect(plain(toCustomer!.text)).not.toContain('Zopf 500 g')
    expect(plain(toCustomer!.text)).toContain('Gipfeli')
    const [toBranch] = bySubject(mailsOf(order), 'Neue Bestellung von Chloé Muster')
    expect(toBranch?.envelopeTo).toEqual([BRANCH_MAIL])
    expect(plain(toBranch!.text)).toContain('Zopf 500 g')
  })

  it('a rejection mails the customer with the shop’s message', async () => {
    const order = await createOrder({ firstName: 'Beat' })
    await staffAction(order.id, 'status/reject', { version: 1, message: 'Heute leider ausverkauft' })
    await sink.waitFor(
      (m) => bySubject(mailsOf(order, m), 'Ihre Bestellung bei Testfiliale wurde abgelehnt').length > 0,
    )
    const [rejected] = bySubject(mailsOf(order), 'Ihre Bestellung bei Testfiliale wurde abgelehnt')
    expect(rejected!.envelopeTo).toEqual([CUSTOMER])
    expect(rejected!.text).toContain('Guten Tag Beat Muster,')
    expect(rejected!.text).toContain('leider können wir Ihre Bestellung bei Testfiliale nicht annehmen.')
    expect(rejected!.text).toContain('Begründung: Heute leider ausverkauft')
    await settle()
    expect(bySubject(mailsOf(order), 'Ihre Bestellung bei Testfiliale wurde abgelehnt')).toHaveLength(1)
  })

  it('a counter-appointment mails the proposed time in the branch’s zone and the link to answer', async () => {
    const order = await createOrder()
    // Tomorrow 09:15 UTC, whatever that is on the branch's wall clock.
    const day = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10)
    const proposed = `${day}T09:15:00.000Z`
    await staffAction(order.id, 'counter-appointment', { appointmentDate: proposed, version: 1 })
    const subject = 'Neuer Terminvorschlag für Ihre Bestellung bei Testfiliale'
    await sink.waitFor((m) => bySubject(mailsOf(order, m), subject).length > 0)
    const [mail] = bySubject(mailsOf(order), subject)
    expect(mail!.envelopeTo).toEqual([CUSTOMER])
    const local = formatDateTime(proposed, 'Europe/Zurich')
    expect(local).toMatch(/^\d\d\.\d\d\.\d{4} 1[01]:15$/)
    expect(mail!.text).toContain(`Wir schlagen Ihnen diesen Termin vor: ${local}`)
    expect(mail!.text).toContain(
      `Bitte nehmen Sie den Vorschlag hier an oder lehnen Sie ihn ab: ${link(order)}`,
    )
  })

  it('in delivery: "on its way" for a delivery, "ready for pickup" otherwise', async () => {
    const delivery = await createOrder()
    const pickup = await createOrder({ isDelivery: false, deliveryArea: undefined, firstName: 'Carla' })
    for (const o of [delivery, pickup]) {
      await staffAction(o.id, 'status/confirm', { version: 1 })
      await staffAction(o.id, 'status/in-delivery', { version: 2 })
    }
    await sink.waitFor(
      (m) =>
        bySubject(mailsOf(delivery, m), 'Ihre Bestellung von Testfiliale ist unterwegs').length > 0 &&
        bySubject(mailsOf(pickup, m), 'Ihre Bestellung bei Testfiliale ist abholbereit').length > 0,
    )
    const [ready] = bySubject(mailsOf(pickup), 'Ihre Bestellung bei Testfiliale ist abholbereit')
    expect(ready!.text).toContain('Ihre Bestellung ist bereit und kann bei Testfiliale abgeholt werden.')
    expect(ready!.text).toContain('Art: Takeaway')
    await settle()
    expect(mailsOf(delivery)).toHaveLength(4) // new order ×2, confirmed, on its way
    expect(mailsOf(pickup)).toHaveLength(4)
    expect(bySubject(mailsOf(delivery), 'Ihre Bestellung bei Testfiliale ist abholbereit')).toHaveLength(0)
  })

  it('an undone confirmation or "ready" mails a correction; an undone completion mails nothing', async () => {
    const undo = (o: { id: string }, version: number) => staffAction(o.id, 'undo', { version })
    const confirmed = await createOrder({ firstName: 'Dora' })
    await staffAction(confirmed.id, 'status/confirm', { version: 1 })
    await undo(confirmed, 2)
    const ready = await createOrder({ isDelivery: false, deliveryArea: undefined, firstName: 'Emil' })
    await staffAction(ready.id, 'status/confirm', { version: 1 })
    await staffAction(ready.id, 'status/in-delivery', { version: 2 })
    await undo(ready, 3)
    const correction = 'Korrektur zu Ihrer Bestellung bei Testfiliale'
    await sink.waitFor(
      (m) =>
        bySubject(mailsOf(confirmed, m), correction).length > 0 &&
        bySubject(mailsOf(ready, m), correction).length > 0,
    )
    const [notConfirmed] = bySubject(mailsOf(confirmed), correction)
    expect(notConfirmed!.envelopeTo).toEqual([CUSTOMER])
    expect(plain(notConfirmed!.text)).toContain(
      'unsere letzte Nachricht war ein Versehen: Ihre Bestellung bei Testfiliale ist noch nicht bestätigt.',
    )
    const [notReady] = bySubject(mailsOf(ready), correction)
    expect(plain(notReady!.text)).toContain('Ihre Bestellung ist noch nicht abholbereit.')

    // Completion sends no message, so taking it back sends none either.
    const completed = await createOrder({ isDelivery: false, deliveryArea: undefined, firstName: 'Fritz' })
    await staffAction(completed.id, 'status/confirm', { version: 1 })
    await staffAction(completed.id, 'status/completed', { version: 2 })
    await undo(completed, 3)
    await settle()
    expect(bySubject(mailsOf(completed), correction)).toHaveLength(0)
    expect(bySubject(mailsOf(confirmed), correction)).toHaveLength(1)
    expect((await jobs(confirmed.id)).filter((j) => j.kind === 'corrected')).toHaveLength(1)
  })

  it('SMTP down during a confirm: the log shows attempts and the error; back up, the mail goes out once', async () => {
    const order = await createOrder({ firstName: 'Dora' })
    await sink.waitFor((m) => mailsOf(order, m).length >= 2)
    await sink.stop()
    try {
      await staffAction(order.id, 'status/confirm', { version: 1 })
      // Two attempts failed and recorded: waiting for the back-off (under a second), not claimed
      // for a send under way (a 10 s lease), so the one that succeeds is the third or later.
      const failing = await until('two failed attempts in the log', async () => {
        const j = (await jobs(order.id)).find((x) => x.kind === 'confirmed')
        const waiting = j && Date.parse(j.nextAttemptAt) - Date.now() < 5_000
        return j && j.attempts >= 2 && j.lastError && waiting ? j : undefined
      })
      expect(failing.status).toBe('pending')
      expect(failing.lastError).toMatch(/ECONNREFUSED/)
      expect(Date.parse(failing.nextAttemptAt)).toBeGreaterThan(Date.parse(failing.createdAt))
      expect(failing.sentAt).toBeNull()
    } finally {
      await sink.start()
    }
    const subject = 'Ihre Bestellung bei Testfiliale ist bestätigt'
    await sink.waitFor((m) => bySubject(mailsOf(order, m), subject).length > 0)
    await settle()
    expect(bySubject(mailsOf(order), subject)).toHaveLength(1)
    const sent = (await jobs(order.id)).find((x) => x.kind === 'confirmed')!
    expect(sent.status).toBe('sent')
    expect(sent.attempts).toBeGreaterThanOrEqual(3)
    // The log keeps what went wrong before it went out.
    expect(sent.lastError).toMatch(/ECONNREFUSED/)
  })

  it('a number the SMS gateway refuses fails at once, visibly, with the gateway’s reason', async () => {
    // Good enough for the checkout (6 to 15 digits), too short for a Swiss mobile number.
    const order = await createOrder({ phone: '+41 791 23' })
    const sms = await until('the failed SMS job', async () => {
      const j = (await jobs(order.id)).find((x) => x.channel === 'sms')
      return j?.status === 'failed' ? j : undefined
    })
    expect(sms.attempts).toBe(1)
    expect(sms.lastError).toBe("Twilio 400 (21211): The 'To' number +4179123 is not a valid phone number.")
    expect(sms.nextAttemptAt).toBeNull()
  })
})

describe('a job made before messages were rendered when sent', () => {
  it('goes out with the text it was stored with', async () => {
    const order = await createOrder({ firstName: 'Olga' })
    await sink.waitFor((m) => mailsOf(order, m).length >= 2)
    const id = randomUUID()
    await sql`
      INSERT INTO notification_jobs (id, order_id, branch_id, source_id, source_type, kind, channel, audience,
                                     recipient, locale, from_name, reply_to, subject, body, html)
      VALUES (${id}::uuid, ${order.id}, ${s.branch.id}, ${`legacy:${id}`}, 'resend', 'new-order', 'email',
              'customer', ${CUSTOMER}, 'de-CH', 'Alte Bäckerei', ${BRANCH_MAIL}, 'Gespeicherter Betreff',
              ${`Gespeicherter Text ${link(order)}`}, '<p>Gespeichert</p>')`.execute(s.db.db)
    s.notifier!.kick()
    await sink.waitFor((m) => bySubject(mailsOf(order, m), 'Gespeicherter Betreff').length > 0)
    const [mail] = bySubject(mailsOf(order), 'Gespeicherter Betreff')
    expect(mail!.from).toBe('Alte Bäckerei <bestellungen@testbaeckerei.example>')
    expect(plain(mail!.text).trim()).toBe(`Gespeicherter Text ${link(order)}`)
    expect(mail!.html?.trim()).toBe('<p>Gespeichert</p>')
    const job = await until('the job sent', async () => {
      const j = (await jobs(order.id)).find((x) => x.id === id)
      return j?.status === 'sent' ? j : undefined
    })
    expect(job.attempts).toBe(1)
  })
})

describe('resend (POST /api/orders/{id}/resend-new-order-email and -sms)', () => {
  it('resending the e-mail makes a second new-order mail to the customer', async () => {
    const order = await createOrder({ firstName: 'Emil' })
    const subject = 'Ihre Bestellung bei Testfiliale ist eingegangen'
    await sink.waitFor((m) => bySubject(mailsOf(order, m), subject).length === 1)
    const res = await post(`${s.url}/api/orders/${order.id}/resend-new-order-email`, {}, staff())
    expect(res.status, JSON.stringify(res.body)).toBe(202)
    expect(res.body.data).toMatchObject({
      kind: 'new-order',
      channel: 'email',
      audience: 'customer',
      recipient: CUSTOMER,
      trigger: 'resend',
      attempts: 0,
    })
    await sink.waitFor((m) => bySubject(mailsOf(order, m), subject).length === 2)
    await settle()
    const resent = bySubject(mailsOf(order), subject)
    expect(resent).toHaveLength(2)
    expect(resent[1]!.envelopeTo).toEqual([CUSTOMER])
    expect(resent[1]!.messageId).toBe(`<notification-${res.body.data.id}@testbaeckerei.example>`)
    expect(plain(resent[1]!.text)).toContain('Guten Tag Emil Muster,')
    // The branch is not mailed again.
    expect(bySubject(mailsOf(order), 'Neue Bestellung von Emil Muster')).toHaveLength(1)
    const log = await jobs(order.id)
    expect(log.filter((j) => j.trigger === 'resend').map((j) => j.status)).toEqual(['sent'])
  })

  it('with an Idempotency-Key a repeated call answers the same job and sends once', async () => {
    const order = await createOrder({ firstName: 'Fritz' })
    const headers = { ...staff(), 'idempotency-key': randomUUID() }
    const first = await post(`${s.url}/api/orders/${order.id}/resend-new-order-email`, {}, headers)
    const again = await post(`${s.url}/api/orders/${order.id}/resend-new-order-email`, {}, headers)
    expect([first.status, again.status]).toEqual([202, 202])
    expect(again.body.data.id).toBe(first.body.data.id)
    const subject = 'Ihre Bestellung bei Testfiliale ist eingegangen'
    await sink.waitFor((m) => bySubject(mailsOf(order, m), subject).length === 2)
    await settle()
    expect(bySubject(mailsOf(order), subject)).toHaveLength(2)
  })

  it('resending the SMS goes through the gateway again', async () => {
    const order = await createOrder({ firstName: 'Gina' })
    const mine = () => twilio.requests.filter((r) => r.form.Body?.includes(link(order)))
    await until('the first SMS', async () => (mine().length === 1 ? true : undefined))
    const res = await post(`${s.url}/api/orders/${order.id}/resend-new-order-sms`, {}, staff())
    expect(res.status, JSON.stringify(res.body)).toBe(202)
    expect(res.body.data).toMatchObject({ kind: 'new-order', channel: 'sms', recipient: '+41791234567' })
    await until('the second SMS', async () => (mine().length === 2 ? true : undefined))
    const job = await until('the resend job sent', async () => {
      const j = (await jobs(order.id)).find((x) => x.id === res.body.data.id)
      return j?.status === 'sent' ? j : undefined
    })
    expect(job.transportId).toMatch(/^SM[0-9a-f]{32}$/)
    await settle()
    expect(mine()).toHaveLength(2)
  })

  it('refuses: anonymous 401, another branch 403, unknown order 404, no e-mail / phone 409', async () => {
    const order = await createOrder()
    for (const path of ['resend-new-order-email', 'resend-new-order-sms', 'notifications']) {
      const url = `${s.url}/api/orders/${order.id}/${path}`
      const send = (h: Record<string, string>) => (path === 'notifications' ? get(url, h) : post(url, {}, h))
      expect((await send({})).status).toBe(401)
      expect((await send({ 'x-api-key': 'k-other-branch-key' })).status).toBe(403)
      const unknown = `${s.url}/api/orders/${randomUUID()}/${path}`
      const res = path === 'notifications' ? await get(unknown, staff()) : await post(unknown, {}, staff())
      expect(res.status).toBe(404)
      expect(res.body.errors[0].message).toBe('Bestellung nicht gefunden.')
    }
    // A takeaway order without e-mail and phone.
    const bare = await createOrder({
      isDelivery: false,
      deliveryArea: undefined,
      email: undefined,
      phone: undefined,
      firstName: 'Hans',
    })
    await settle()
    const before = (await jobs(bare.id)).length
    expect(before).toBe(1) // only the branch's new-order mail
    const noMail = await post(`${s.url}/api/orders/${bare.id}/resend-new-order-email`, {}, staff())
    expect(noMail.status).toBe(409)
    expect(noMail.body.errors).toEqual([
      {
        field: 'email',
        message:
          'Die Bestellung hat keine E-Mail-Adresse; die Bestätigung kann nicht per E-Mail versendet werden.',
      },
    ])
    const noPhone = await post(`${s.url}/api/orders/${bare.id}/resend-new-order-sms`, {}, staff())
    expect(noPhone.status).toBe(409)
    expect(noPhone.body.errors[0].field).toBe('phone')
    expect((await jobs(bare.id)).length).toBe(before)
    // In English on request.
    const en = await post(
      `${s.url}/api/orders/${bare.id}/resend-new-order-email`,
      {},
      {
        ...staff(),
        'accept-language': 'en',
      },
    )
    expect(en.body.errors[0].message).toBe(
      'The order has no e-mail address; the confirmation cannot be sent by e-mail.',
    )
  })

  it('with SMS switched off in the configuration, the SMS resend is refused (409) and a new order sends none', async () => {
    await setSms(false)
    try {
      const order = await createOrder({ firstName: 'Ida' })
      await sink.waitFor((m) => mailsOf(order, m).length >= 2)
      const res = await post(`${s.url}/api/orders/${order.id}/resend-new-order-sms`, {}, staff())
      expect(res.status).toBe(409)
      expect(res.body.errors).toEqual([
        { field: 'enablePluginSMS', message: 'Der SMS-Versand ist nicht aktiviert (Konfiguration „SMS“).' },
      ])
      await settle()
      expect(twilio.requests.filter((r) => r.form.Body?.includes(link(order)))).toEqual([])
      expect((await jobs(order.id)).some((j) => j.channel === 'sms')).toBe(false)
    } finally {
      await setSms(true)
    }
  })
})

describe('the refund mail (issue 18 item 6)', () => {
  it('a canceled paid order: the customer is mailed the refund once, after the provider paid it back', async () => {
    const order = (await createOrder({ paymentMethod: 'stripe' })) as {
      paymentRedirectUrl?: string
    } & Awaited<ReturnType<typeof createOrder>>
    // The customer pays on the test provider's page.
    const paid = await fetch(`${order.paymentRedirectUrl}/pay`, { method: 'POST', redirect: 'manual' })
    expect(paid.status).toBe(303)
    await staffAction(order.id, 'status/cancel', { message: 'Ofen defekt' })

    const subject = 'Rückerstattung Ihrer Bestellung bei Testfiliale'
    await sink.waitFor((m) => bySubject(mailsOf(order, m), subject).length >= 1)
    const [mail] = bySubject(mailsOf(order), subject)
    expect(mail?.envelopeTo).toEqual([CUSTOMER])
    const text = plain(mail!.text)
    expect(text).toContain('Guten Tag Anna Muster,')
    expect(text).toContain('wir haben Ihnen CHF 14.10 zurückerstattet.')
    expect(text).toContain('Damit ist der ganze bezahlte Betrag zurückerstattet.')
    expect(text).toContain(`Den Stand Ihrer Bestellung sehen Sie jederzeit hier: ${link(order)}`)

    await settle()
    expect(bySubject(mailsOf(order), subject)).toHaveLength(1)
    const refundJobs = (await jobs(order.id)).filter((j) => j.kind === 'refunded')
    expect(refundJobs.map((j) => `${j.audience}:${j.channel}:${j.status}`)).toEqual(['customer:email:sent'])
  })
})
