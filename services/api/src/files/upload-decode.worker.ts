import { createHash } from 'node:crypto'
import { parentPort } from 'node:worker_threads'
import { parseDataUrl, sniff } from './sniff.ts'

// The synchronous work on an upload's body, off the API's event loop: a 10 MB file is a 13.4 MB
// JSON body whose JSON.parse, base64 decoding and type check each take tens of milliseconds.
// The main thread sends the raw body (transferred, not copied) and gets back the decoded bytes
// (transferred too) with the body's small fields. Keep this file free of package imports: it
// runs as a plain worker thread.

export type DecodeRequest = { id: number; body: ArrayBuffer; length: number; maxBytes: number }

/** The body without its data URL: its other fields, each cut to a size zod can refuse cheaply. */
export type BodyFields = Record<string, unknown>

export type DecodeResult =
  | { id: number; outcome: 'json' }
  | { id: number; outcome: 'fields'; fields: BodyFields }
  | { id: number; outcome: 'refused'; fields: BodyFields }
  | { id: number; outcome: 'tooLarge'; fields: BodyFields }
  | {
      id: number
      outcome: 'file'
      fields: BodyFields
      bytes: ArrayBuffer
      mimeType: string
      extension: string
      isImage: boolean
      sha256: string
    }

const MAX_FIELDS = 20
const POISON = new Set(['__proto__', 'constructor'])
const MAX_FIELD_CHARS = 1024

/** A field as the main thread may see it: never big (a 13 MB name would be parsed again there). */
function small(value: unknown): unknown {
  if (typeof value === 'string')
    return value.length > MAX_FIELD_CHARS ? value.slice(0, MAX_FIELD_CHARS) : value
  if (value === null || typeof value !== 'object') return value
  return JSON.stringify(value).length > MAX_FIELD_CHARS ? null : value
}

export function decodeBody(req: DecodeRequest): { result: DecodeResult; transfer: ArrayBuffer[] } {
  const { id } = req
  let body: unknown
  try {
    body = JSON.parse(Buffer.from(req.body, 0, req.length).toString('utf8'))
  } catch {
    return { result: { id, outcome: 'json' }, transfer: [] }
  }
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    return { result: { id, outcome: 'fields', fields: { data: null } }, transfer: [] }
  }
  const fields: BodyFields = {}
  let data: unknown
  for (const [key, value] of Object.entries(body).slice(0, MAX_FIELDS)) {
    // Refused like Fastify's own JSON parser refuses prototype poisoning.
    if (
      POISON.has(key) ||
      (typeof value === 'object' && value !== null && /"(__proto__|constructor)"/.test(JSON.stringify(value)))
    ) {
      return { result: { id, outcome: 'json' }, transfer: [] }
    }
    if (key === 'data') data = value
    else fields[key] = small(value)
  }
  if (typeof data !== 'string') {
    // zod answers for a missing or mistyped data field as for any other.
    if (data !== undefined) fields.data = small(data) ?? null
    return { result: { id, outcome: 'fields', fields }, transfer: [] }
  }
  const parsed = parseDataUrl(data)
  if (!parsed || parsed.bytes.length === 0)
    return { result: { id, outcome: 'refused', fields }, transfer: [] }
  if (parsed.bytes.length > req.maxBytes) return { result: { id, outcome: 'tooLarge', fields }, transfer: [] }
  const type = sniff(parsed.bytes, typeof fields.name === 'string' ? fields.name : '')
  if (!type) return { result: { id, outcome: 'refused', fields }, transfer: [] }
  // A buffer of its own, so it can be handed over whole (a small one may sit in Node's pool).
  const own =
    parsed.bytes.byteOffset === 0 && parsed.bytes.buffer.byteLength === parsed.bytes.length
      ? (parsed.bytes.buffer as ArrayBuffer)
      : new Uint8Array(parsed.bytes).buffer
  const sha256 = createHash('sha256').update(parsed.bytes).digest('hex')
  return {
    result: {
      id,
      outcome: 'file',
      fields,
      bytes: own,
      mimeType: type.mimeType,
      extension: type.extension,
      isImage: type.isImage,
      sha256,
    },
    transfer: [own],
  }
}

parentPort?.on('message', (req: DecodeRequest) => {
  let out: { result: DecodeResult; transfer: ArrayBuffer[] }
  try {
    out = decodeBody(req)
  } catch {
    out = { result: { id: req.id, outcome: 'json' }, transfer: [] }
  }
  parentPort?.postMessage(out.result, out.transfer)
})
