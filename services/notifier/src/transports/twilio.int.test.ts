import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTwilioStub, TWILIO_TEST_ACCOUNT, type TwilioStub } from '../testing/twilio-stub.ts'
import { DeliveryError } from './delivery-error.ts'
import { createTwilioSmsSender } from './twilio.ts'

// The Twilio adapter against a local HTTP server answering with Twilio's recorded responses.
let stub: TwilioStub
beforeAll(async () => {
  stub = await startTwilioStub()
})
afterAll(async () => {
  await stub?.close()
})

const sender = (over: Partial<Parameters<typeof createTwilioSmsSender>[0]> = {}) =>
  createTwilioSmsSender({ ...TWILIO_TEST_ACCOUNT, apiUrl: stub.url, ...over })

describe('Twilio Messages API adapter', () => {
  it('posts the form with basic auth and keeps the message sid', async () => {
    const before = stub.requests.length
    const sent = await sender().send('+41 79 123 45 67', 'Testbäckerei: Danke! https://x.example/status/u/h')
    expect(sent.id).toMatch(/^SM[0-9a-f]{32}$/)
    const req = stub.requests[before]!
    expect(req.method).toBe('POST')
    expect(req.path).toBe(`/2010-04-01/Accounts/${TWILIO_TEST_ACCOUNT.accountSid}/Messages.json`)
    expect(req.contentType).toBe('application/x-www-form-urlencoded')
    expect(req.authorization).toBe(
      `Basic ${Buffer.from(`${TWILIO_TEST_ACCOUNT.accountSid}:${TWILIO_TEST_ACCOUNT.authToken}`).toString('base64')}`,
    )
    expect(req.form).toEqual({
      To: '+41791234567',
      Body: 'Testbäckerei: Danke! https://x.example/status/u/h',
      From: TWILIO_TEST_ACCOUNT.from,
    })
  })

  it('sends through a messaging service when one is configured', async () => {
    const before = stub.requests.length
    await sender({ from: undefined, messagingServiceSid: 'MG0123456789abcdef0123456789abcdef' }).send(
      '0041791234567',
      'Hallo',
    )
    expect(stub.requests[before]!.form).toEqual({
      To: '+41791234567',
      Body: 'Hallo',
      MessagingServiceSid: 'MG0123456789abcdef0123456789abcdef',
    })
  })

  it('a number Twilio refuses (400, 21211) is a permanent failure with Twilio’s message', async () => {
    const err = await sender()
      .send('+41 79', 'Hallo')
      .catch((e: unknown) => e)
    expect(err).toBeInstanceOf(DeliveryError)
    expect((err as DeliveryError).permanent).toBe(true)
    expect((err as DeliveryError).message).toBe(
      "Twilio 400 (21211): The 'To' number +4179 is not a valid phone number.",
    )
  })

  it('wrong credentials (401, 20003) and throttling (429) are worth another try', async () => {
    const auth = await sender({ authToken: 'wrong' })
      .send('+41791234567', 'Hallo')
      .catch((e: unknown) => e)
    expect((auth as DeliveryError).message).toBe('Twilio 401 (20003): Authenticate')
    expect((auth as DeliveryError).permanent).toBe(false)
    stub.throttleNext(1)
    const throttled = await sender()
      .send('+41791234567', 'Hallo')
      .catch((e: unknown) => e)
    expect((throttled as DeliveryError).message).toBe('Twilio 429 (20429): Too Many Requests')
    expect((throttled as DeliveryError).permanent).toBe(false)
    // The next one goes through.
    expect((await sender().send('+41791234567', 'Hallo')).id).toMatch(/^SM/)
  })

  it('an unreachable gateway is a temporary failure', async () => {
    const err = await sender({ apiUrl: 'http://127.0.0.1:9' })
      .send('+41791234567', 'Hallo')
      .catch((e: unknown) => e)
    expect(err).toBeInstanceOf(DeliveryError)
    expect((err as DeliveryError).permanent).toBe(false)
    expect((err as DeliveryError).message).toMatch(/^Twilio unreachable/)
  })

  it('needs a sender number or a messaging service', () => {
    expect(() => sender({ from: undefined })).toThrow(/TWILIO_FROM/)
  })
})
