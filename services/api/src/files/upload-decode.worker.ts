import { createHash } from 'node:crypto'
import { parentPort, workerData } from 'node:worker_threads'
import { guardPool } from '@shop/kit/db'
import pg from 'pg'
import sharp from 'sharp'
import { CHUNK_BYTES, type WorkerTarget, writeToDir } from './file-bytes.ts'
import { parseDataUrl, sniff } from './sniff.ts'

// The work on an upload's bytes, off the API's event loop: a 10 MB file is a 13.4 MB JSON body
// whose JSON.parse, base64 decoding and type check each take tens of milliseconds, and whose
// bytes cost the loop again on their way to the store (40 socket writes of 256 KB to
// PostgreSQL, their buffers and the garbage collection they cause). The main thread sends the
// raw body's network chunks as they arrive (transferred, not copied); the worker decodes it, checks an image with sharp, keeps
// the bytes and answers with the body's small fields; when the route has decided (budget,
// validation), it writes them to the store itself (`store`), or hands them over (`take`, when it
// cannot reach the store), or forgets them (`drop`; bytes nobody asks for go after a minute).

export type DecodeRequest = { id: number; chunks: ArrayBuffer[]; length: number; maxBytes: number }

export type WorkerRequest =
  | { type: 'chunks'; id: number; chunks: ArrayBuffer[] }
  | ({ type: 'decode' } & Omit<DecodeRequest, 'chunks'>)
  | { type: 'store'; id: number; fileId: string }
  | { type: 'take'; id: number }
  | { type: 'drop'; id: number }

/** What the main thread learns of a decoded body: never the bytes themselves. */
export type DecodeAnswer =
  | Exclude<DecodeResult, { outcome: 'file' }>
  | (Omit<Extract<DecodeResult, { outcome: 'file' }>, 'bytes'> & {
      size: number
      width: number | null
      height: number | null
    })

export type WorkerAnswer =
  | ({ type: 'decoded' } & DecodeAnswer)
  | { type: 'stored'; id: number }
  | { type: 'bytes'; id: number; bytes: ArrayBuffer }
  | { type: 'failed'; id: number; message: string }

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
    const raw = Buffer.concat(
      req.chunks.map((c) => new Uint8Array(c)),
      req.length,
    )
    body = JSON.parse(raw.toString('utf8'))
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

/** An image must also decode, and not be a decompression bomb. */
async function imageSize(bytes: ArrayBuffer): Promise<{ width: number; height: number } | undefined> {
  try {
    const meta = await sharp(new Uint8Array(bytes), { limitInputPixels: 50_000_000 }).metadata()
    return meta.width && meta.height ? { width: meta.width, height: meta.height } : undefined
  } catch {
    return undefined
  }
}

const target = (workerData as { target?: WorkerTarget } | null)?.target
const pool =
  target && 'databaseUrl' in target
    ? guardPool(
        new pg.Pool({ connectionString: target.databaseUrl, max: 2, application_name: 'shop-upload-writer' }),
      )
    : undefined

/** The chunks of file_chunks (migration 0012), each its own short statement. */
async function writeChunks(db: pg.Pool, fileId: string, bytes: Uint8Array): Promise<void> {
  const count = Math.max(1, Math.ceil(bytes.length / CHUNK_BYTES))
  for (let seq = 0; seq < count; seq++) {
    const chunk = bytes.subarray(seq * CHUNK_BYTES, (seq + 1) * CHUNK_BYTES)
    await db.query('INSERT INTO file_chunks (file_id, seq, data) VALUES ($1, $2, $3)', [
      fileId,
      seq,
      Buffer.from(chunk.buffer, chunk.byteOffset, chunk.length),
    ])
  }
}

const HELD_MS = 60_000
const held = new Map<number, { bytes: ArrayBuffer; at: number }>()
/** Bodies still arriving, with when their last chunks came (a stream never ended is dropped too). */
const arriving = new Map<number, { chunks: ArrayBuffer[]; at: number }>()
setInterval(() => {
  for (const map of [held, arriving])
    for (const [id, h] of map) if (Date.now() - h.at > HELD_MS) map.delete(id)
}, HELD_MS).unref()

const answer = (a: WorkerAnswer, transfer: ArrayBuffer[] = []) => parentPort?.postMessage(a, transfer)

async function handle(req: WorkerRequest): Promise<void> {
  if (req.type === 'chunks') {
    const body = arriving.get(req.id)
    if (body) {
      body.chunks.push(...req.chunks)
      body.at = Date.now()
    } else arriving.set(req.id, { chunks: req.chunks, at: Date.now() })
    return
  }
  if (req.type === 'decode') {
    const chunks = arriving.get(req.id)?.chunks ?? []
    arriving.delete(req.id)
    let out: DecodeResult
    try {
      out = decodeBody({ ...req, chunks }).result
    } catch {
      out = { id: req.id, outcome: 'json' }
    }
    if (out.outcome !== 'file') return answer({ type: 'decoded', ...out })
    const { bytes, ...rest } = out
    const size = out.isImage ? await imageSize(bytes) : undefined
    if (out.isImage && !size)
      return answer({ type: 'decoded', id: req.id, outcome: 'refused', fields: out.fields })
    held.set(req.id, { bytes, at: Date.now() })
    return answer({
      type: 'decoded',
      ...rest,
      size: bytes.byteLength,
      width: size?.width ?? null,
      height: size?.height ?? null,
    })
  }
  const h = held.get(req.id)
  held.delete(req.id)
  arriving.delete(req.id)
  if (req.type === 'drop') return
  if (!h) return answer({ type: 'failed', id: req.id, message: 'no such upload' })
  if (req.type === 'take') return answer({ type: 'bytes', id: req.id, bytes: h.bytes }, [h.bytes])
  try {
    if (target && 'dir' in target) await writeToDir(target.dir, req.fileId, new Uint8Array(h.bytes))
    else if (pool) await writeChunks(pool, req.fileId, new Uint8Array(h.bytes))
    else throw new Error('no store to write to')
    answer({ type: 'stored', id: req.id })
  } catch (err) {
    answer({ type: 'failed', id: req.id, message: err instanceof Error ? err.message : String(err) })
  }
}

parentPort?.on('message', (req: WorkerRequest) => {
  void handle(req)
})
