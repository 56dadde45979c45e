import { createTransport } from 'nodemailer'
import { describe, expect, it } from 'vitest'
import { backoffMs, nextRetryMs } from './backoff.ts'
import { parseMail } from './testing/mime.ts'
import { fromAddress, messageIdFor } from './transports/mail.ts'
import { normalizePhone } from './transports/sms.ts'

describe('retry back-off', () => {
  const policy = { baseMs: 5_000, capMs: 15 * 60_000, maxAttempts: 12 }
  it('doubles from the base and stops at the cap', () => {
    expect([1, 2, 3, 4].map((a) => backoffMs(a, policy))).toEqual([5_000, 10_000, 20_000, 40_000])
    expect(backoffMs(9, policy)).toBe(15 * 60_000)
    expect(backoffMs(500, policy)).toBe(15 * 60_000)
  })
  it('gives up after the last attempt, and at once on a permanent error', () => {
    expect(nextRetryMs(11, false, policy)).toBe(15 * 60_000)
    expect(nextRetryMs(12, false, policy)).toBeNull()
    expect(nextRetryMs(1, true, policy)).toBeNull()
  })
})

describe('addresses and ids', () => {
  it('reads MAIL_FROM with or without a display name', () => {
    expect(fromAddress('Bäckerei <shop@example.ch>')).toEqual({
      name: 'Bäckerei',
      address: 'shop@example.ch',
    })
    expect(fromAddress('"Huber & Beck" <info@huber.example>')).toEqual({
      name: 'Huber & Beck',
      address: 'info@huber.example',
    })
    expect(fromAddress('shop@example.ch')).toEqual({ name: null, address: 'shop@example.ch' })
  })
  it('derives the Message-ID from the job id and the sender domain', () => {
    expect(messageIdFor('1b2c', 'Shop <shop@example.ch>')).toBe('<notification-1b2c@example.ch>')
    expect(messageIdFor('1b2c', 'nobody')).toBe('<notification-1b2c@shop.invalid>')
  })
  it('normalises phone numbers to E.164 as typed by customers', () => {
    expect(normalizePhone('+41 79 123 45 67')).toBe('+41791234567')
    expect(normalizePhone('0041 (79) 123-45-67')).toBe('+41791234567')
    expect(normalizePhone('079 123 45 67')).toBe('0791234567')
  })
})

describe('the test MIME reader', () => {
  // nodemailer composes in memory (stream transport, no network).
  const compose = async (textEncoding: 'base64' | 'quoted-printable') => {
    const t = createTransport({ streamTransport: true, buffer: true })
    const info = await t.sendMail({
      from: { name: 'Testbäckerei', address: 'shop@example.ch' },
      to: 'anna@example.com',
      replyTo: 'filiale@example.org',
      subject: 'Ihre Bestellung bei Zürich-Öst ist bestätigt – danke! '.repeat(3).trim(),
      text: `Grüezi Anna\n\n4 Stk. Gipfeli: CHF 7.20\n${'Lange Zeile mit Umlauten äöü '.repeat(10)}\n`,
      html: '<p>Grüezi <b>Anna</b></p>',
      messageId: '<notification-x@example.ch>',
      textEncoding,
    })
    return (info.message as Buffer).toString('utf8')
  }
  it.each(['base64', 'quoted-printable'] as const)(
    'decodes headers, text and html (%s)',
    async (encoding) => {
      const mail = parseMail(await compose(encoding))
      expect(mail.subject).toBe('Ihre Bestellung bei Zürich-Öst ist bestätigt – danke! '.repeat(3).trim())
      expect(mail.from).toBe('Testbäckerei <shop@example.ch>')
      expect(mail.replyTo).toBe('filiale@example.org')
      expect(mail.messageId).toBe('<notification-x@example.ch>')
      expect(mail.text).toContain('Grüezi Anna\n\n4 Stk. Gipfeli: CHF 7.20\n')
      expect(mail.text).toContain('Lange Zeile mit Umlauten äöü '.repeat(10).trim())
      expect(mail.html).toBe('<p>Grüezi <b>Anna</b></p>')
    },
  )
})
