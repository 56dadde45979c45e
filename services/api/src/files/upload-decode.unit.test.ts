import { Readable } from 'node:stream'
import { describe, expect, it } from 'vitest'
import { decodeBody } from './upload-decode.worker.ts'
import { BodyAbortedError, BodyTooLargeError, readBody, UploadDecoder } from './upload-decoder.ts'

// What the decode worker does with an upload's raw body (it runs the same function in its
// thread), and the raw body reader's cap.

const req = (body: unknown, maxBytes = 1000) => {
  const bytes = Buffer.from(typeof body === 'string' ? body : JSON.stringify(body))
  // Split as the network would deliver it: the worker joins the pieces (a character may straddle).
  const cut = Math.floor(bytes.length / 2)
  const chunks = [new Uint8Array(bytes.subarray(0, cut)).buffer, new Uint8Array(bytes.subarray(cut)).buffer]
  return { id: 7, chunks, length: bytes.length, maxBytes }
}
const pdf = Buffer.from('%PDF-1.4 eine Karte')
const url = (b: Buffer) => `data:application/octet-stream;base64,${b.toString('base64')}`

describe('decodeBody (upload-decode.worker.ts)', () => {
  it('decodes the data URL, sniffs the type from the bytes and hands over a buffer of its own', () => {
    const { result, transfer } = decodeBody(req({ data: url(pdf), name: 'karte.png' }))
    expect(result).toMatchObject({ id: 7, outcome: 'file', fields: { name: 'karte.png' } })
    if (result.outcome !== 'file') throw new Error('no file')
    expect(result).toMatchObject({ mimeType: 'application/pdf', extension: 'pdf', isImage: false })
    expect(Buffer.from(result.bytes).equals(pdf)).toBe(true)
    expect(transfer).toEqual([result.bytes])
    expect(result.sha256).toMatch(/^[0-9a-f]{64}$/)
  })

  it('refuses what is not JSON, not a data URL, of no known type, or above the cap', () => {
    expect(decodeBody(req('{"data": ')).result.outcome).toBe('json')
    expect(decodeBody(req({ data: 'kein data URL' })).result.outcome).toBe('refused')
    expect(decodeBody(req({ data: url(Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0])) })).result.outcome).toBe(
      'refused',
    )
    expect(decodeBody(req({ data: url(pdf) }, pdf.length - 1)).result.outcome).toBe('tooLarge')
    expect(decodeBody(req({ data: url(pdf) }, pdf.length)).result.outcome).toBe('file')
    // Prototype poisoning is refused as Fastify's JSON parser refuses it.
    expect(decodeBody(req(`{"__proto__": {"x": 1}, "data": "${url(pdf)}"}`)).result.outcome).toBe('json')
    expect(decodeBody(req({ data: url(pdf), alt: { constructor: { prototype: {} } } })).result.outcome).toBe(
      'json',
    )
  })

  it('passes the other fields on small, and a missing or mistyped data URL for zod to name', () => {
    const long = 'x'.repeat(100_000)
    const { result } = decodeBody(req({ data: url(pdf), name: long, extra: { deep: long } }))
    expect(result.outcome).toBe('file')
    if (result.outcome === 'json') throw new Error('json')
    expect((result.fields.name as string).length).toBe(1024)
    expect(result.fields.extra).toBeNull()
    expect(decodeBody(req({ name: 'a' })).result).toEqual({ id: 7, outcome: 'fields', fields: { name: 'a' } })
    expect(decodeBody(req({ data: 5 })).result).toEqual({ id: 7, outcome: 'fields', fields: { data: 5 } })
    expect(decodeBody(req([1, 2])).result).toEqual({ id: 7, outcome: 'fields', fields: { data: null } })
  })
})

describe('readBody', () => {
  const chunks = (n: number, size: number) =>
    Readable.from(Array.from({ length: n }, () => Buffer.alloc(size, 65)))
  const collect = () => {
    const got: ArrayBuffer[] = []
    return { got, sink: (c: ArrayBuffer) => void got.push(c) }
  }

  it('hands each chunk on as it comes, its own buffer, without copying it', async () => {
    const sent = Array.from({ length: 10 }, (_, i) => Buffer.alloc(50_000, 65 + i))
    const { got, sink } = collect()
    const stream = Readable.from(sent)
    let seenBeforeEnd = 0
    stream.on('end', () => {
      seenBeforeEnd = got.length
    })
    expect(await readBody(stream, undefined, 1_000_000, sink)).toBe(500_000)
    // All of them before the body ended: nothing waits in this thread for the end.
    expect(seenBeforeEnd).toBe(10)
    expect(got.map((c) => Buffer.from(c).toString('latin1').charAt(0))).toEqual([...'ABCDEFGHIJ'])
    // The network's own buffers, not copies.
    expect(got.every((c, i) => c === sent[i]!.buffer)).toBe(true)
  })

  it('copies a chunk that shares its buffer (a slice, a pooled or a string chunk)', async () => {
    const big = Buffer.alloc(100_000, 66)
    const sent = [big.subarray(0, 40_000), Buffer.from('kurz'), 'text']
    const { got, sink } = collect()
    expect(await readBody(Readable.from(sent), undefined, 1_000_000, sink)).toBe(40_008)
    expect(got.some((c) => c === big.buffer)).toBe(false)
    expect(Buffer.concat(got.map((c) => new Uint8Array(c))).toString('latin1')).toBe(
      `${'B'.repeat(40_000)}kurztext`,
    )
  })

  it('refuses a declared length above the cap without reading, and a body that outgrows it', async () => {
    const { got, sink } = collect()
    await expect(readBody(chunks(1, 10), 2000, 1000, sink)).rejects.toBeInstanceOf(BodyTooLargeError)
    expect(got).toEqual([])
    await expect(readBody(chunks(10, 300), undefined, 1000, sink)).rejects.toBeInstanceOf(BodyTooLargeError)
    expect(got.length).toBe(3)
  })

  it('refuses a body that ends before its end (the client went away)', async () => {
    const stream = new Readable({ read() {} })
    const read = readBody(stream, undefined, 1000, () => {})
    stream.push(Buffer.from('{"data":'))
    stream.destroy()
    await expect(read).rejects.toBeInstanceOf(BodyAbortedError)
    // A reset connection likewise (Node's IncomingMessage: "aborted", ECONNRESET).
    const reset = new Readable({ read() {} })
    const readReset = readBody(reset, undefined, 1000, () => {})
    reset.destroy(Object.assign(new Error('aborted'), { code: 'ECONNRESET' }))
    await expect(readReset).rejects.toBeInstanceOf(BodyAbortedError)
  })
})

describe('UploadDecoder', () => {
  const body = Buffer.from(JSON.stringify({ data: url(pdf), name: 'karte.pdf' }))
  const pieces = () =>
    [0, 10, 20, 30, body.length].slice(1).map((end, i, all) => {
      const start = i === 0 ? 0 : all[i - 1]!
      return new Uint8Array(body.subarray(start, end)).buffer
    })

  it('decodes in a worker thread: the chunks handed over as they come, joined, and the file described', async () => {
    const decoder = new UploadDecoder()
    try {
      const upload = decoder.begin()
      const chunks = pieces()
      for (const c of chunks) upload.push(c)
      const { answer } = await upload.decode(body.length, 1000)
      expect(answer).toMatchObject({
        outcome: 'file',
        mimeType: 'application/pdf',
        size: pdf.length,
        fields: { name: 'karte.pdf' },
      })
      // Handed over, not copied: this thread's views of them are detached.
      expect(chunks.every((c) => c.byteLength === 0)).toBe(true)
    } finally {
      await decoder.close()
    }
  })

  it('keeps uploads on one worker apart, and forgets an aborted one', async () => {
    const decoder = new UploadDecoder({ size: 1 })
    try {
      const a = decoder.begin()
      const b = decoder.begin()
      const dropped = decoder.begin()
      const [ca, cb] = [pieces(), pieces()]
      // Interleaved, as two clients' bodies arrive.
      for (let i = 0; i < ca.length; i++) {
        a.push(ca[i]!)
        dropped.push(new Uint8Array(Buffer.from('{"data": 1')).buffer)
        b.push(cb[i]!)
      }
      dropped.abort()
      const [ra, rb] = await Promise.all([a.decode(body.length, 1000), b.decode(body.length, 1000)])
      expect(ra.answer).toMatchObject({ outcome: 'file', size: pdf.length })
      expect(rb.answer).toMatchObject({ outcome: 'file', size: pdf.length })
      expect(ra.job.id).not.toBe(rb.job.id)
      // An aborted upload cannot be decoded any more.
      await expect(dropped.decode(10, 1000)).rejects.toThrow('closed')
    } finally {
      await decoder.close()
    }
  })
})
