import { Readable } from 'node:stream'
import { type Bus, type Db, HttpError, type Limits, msg } from '@shop/kit'
import type { Actor } from '@shop/shared/contracts'
import { dataOf, resourceItemSchema, uploadAnswerSchema } from '@shop/shared/contracts'
import { IMAGE_SIZES, isImageSize } from '@shop/shared/contracts/http/images.ts'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import sharp from 'sharp'
import { z } from 'zod'
import { ROLE_ADMIN, requireRole } from '../auth/guard.ts'
import { parseBody } from '../http-helpers.ts'
import {
  bodyCheckedByHandler,
  bytesSchema,
  errorAnswers,
  idempotencyHeaders,
  typed,
} from '../http-schemas.ts'
import { idempotentRoute } from '../idempotency.ts'
import { rateLimit } from '../limits/rate-limit.ts'
import { createFileBytes, type FileBytes } from './file-bytes.ts'
import { type FileMeta, type FileRow, findFile, storeFile } from './file-store.ts'
import { IMAGE_TYPES } from './sniff.ts'
import { bytesUsed, chargeBudget, refundBudget, secondsUntilRenewal } from './upload-budget.ts'
import {
  BodyAbortedError,
  BodyTooLargeError,
  type DecodeAnswer,
  readBody,
  UploadDecoder,
  type UploadJob,
} from './upload-decoder.ts'

// Uploads (anyone, for configurable parts such as a photo on a cake) and images (admins, for
// the catalogue) arrive as data URLs in a JSON body (spec §7); their type is decided by their
// bytes. Nothing big runs on the event loop (docs/security.md "Uploads"):
// - a preParsing hook refuses by the caller's cap (anonymous or staff) and the caller's daily
//   budget before a byte is read where the Content-Length tells, reads the raw body into one
//   buffer (refused as soon as it outgrows the cap) and has a worker thread parse the JSON,
//   decode the data URL, sniff its type and check an image; the worker keeps the bytes, and
//   Fastify parses a small summary of the body (`data` becomes `sha256:<hex>` of the bytes),
//   so the usual validation and hooks see it;
// - once the route accepts the file, the worker writes the bytes to disk (embedded) or in
//   256 KB chunks to the database (file-bytes.ts); the metadata become a resource, and
//   downloads are streamed.

/** The body of a data URL of `bytes` bytes: base64 plus room for the prefix, name and alt. */
export const wireLimit = (bytes: number) => Math.ceil(bytes / 3) * 4 + 16 * 1024

const fileBodySchema = z
  .strictObject({
    data: z.string().min(1).describe('The file as a data URL (data:<type>;base64,…)'),
    name: z.string().trim().max(255).optional(),
    alt: z.string().trim().max(255).optional(),
  })
  .meta({ id: 'FileUpload' })

const refusal = (name: unknown) =>
  msg('fileRefused', { file: typeof name === 'string' && name ? name : 'Datei' })

/** A small cache of resized images: the same few sizes are asked for again and again. */
class VariantCache {
  readonly #map = new Map<string, Buffer>()
  #bytes = 0
  readonly maxBytes: number
  constructor(maxBytes: number) {
    this.maxBytes = maxBytes
  }
  get(key: string): Buffer | undefined {
    const v = this.#map.get(key)
    if (v) {
      this.#map.delete(key)
      this.#map.set(key, v)
    }
    return v
  }
  set(key: string, value: Buffer): void {
    this.#map.set(key, value)
    this.#bytes += value.length
    for (const [k, v] of this.#map) {
      if (this.#bytes <= this.maxBytes) break
      this.#map.delete(k)
      this.#bytes -= v.length
    }
  }
}

const FILE_NAME = /^(.+)-(\d{1,9})\.([a-z0-9]{1,8})$/

export type FileRouteDeps = {
  db: Db
  bus: Bus
  limits: Limits
  now: () => Date
  /** Where the bytes live; default the database. */
  files?: FileBytes
  /** Decodes upload bodies; default a pool of its own, closed with the app. */
  decoder?: UploadDecoder
}

function contentLengthOf(req: FastifyRequest): number | undefined {
  const raw = req.headers['content-length']
  if (raw === undefined) return undefined
  const n = Number(raw)
  return Number.isSafeInteger(n) && n >= 0 ? n : undefined
}

const isJson = (type: string | undefined) => /^application\/json\s*(;|$)/i.test(type ?? '')

export async function fileRoutes(app: FastifyInstance, deps: FileRouteDeps): Promise<void> {
  const cache = new VariantCache(64 * 1024 * 1024)
  const files = deps.files ?? createFileBytes(deps.db)
  const decoder = deps.decoder ?? new UploadDecoder({ target: files.workerTarget })
  if (!deps.decoder) app.addHook('onClose', () => decoder.close())
  const { uploads } = deps.limits
  // Fastify's own check of the Content-Length against the route's limit comes after the hook;
  // the hook's per-caller cap is the real one.
  const bodyLimit = wireLimit(Math.max(uploads.maxStaffBytes, uploads.maxAnonymousBytes))
  const decodedOf = new WeakMap<FastifyRequest, { answer: DecodeAnswer; job: UploadJob }>()
  // Bytes a request decoded but did not store (refused, or failed) are forgotten at its end.
  app.addHook('onResponse', async (req) => {
    const decoded = decodedOf.get(req)
    if (decoded) {
      decodedOf.delete(req)
      decoder.drop(decoded.job)
    }
  })

  const overBudget = (reply: FastifyReply, now: Date) => {
    reply.header('retry-after', String(secondsUntilRenewal(now)))
    return new HttpError(429, msg('uploadBudgetExceeded'))
  }

  /** The raw body, off the loop, into a decoded file; Fastify parses the small summary instead. */
  const readUpload = async (req: FastifyRequest, reply: FastifyReply, payload: Readable) => {
    // Images are for admins: refused before a byte is read.
    if (req.routeOptions.url === '/api/images') requireRole(req, ROLE_ADMIN)
    // Fastify answers an unsupported type (415) itself.
    if (!isJson(req.headers['content-type'])) return payload
    const maxBytes = req.principal ? uploads.maxStaffBytes : uploads.maxAnonymousBytes
    const declared = contentLengthOf(req)
    if (declared !== undefined && declared > wireLimit(maxBytes))
      throw new HttpError(413, refusal(undefined), 'data')
    if (!req.principal && declared !== undefined) {
      const now = deps.now()
      const estimate = Math.max(0, Math.floor(((declared - 16 * 1024) * 3) / 4))
      if ((await bytesUsed(deps.db, req.ip, now)) + estimate > uploads.bytesPerAddressPerDay) {
        throw overBudget(reply, now)
      }
    }
    const upload = decoder.begin()
    let length: number
    try {
      length = await readBody(payload, declared, wireLimit(maxBytes), upload.push)
    } catch (err) {
      upload.abort()
      if (err instanceof BodyTooLargeError) throw new HttpError(413, refusal(undefined), 'data')
      // Nobody reads this answer; it keeps a client's hang-up out of the shop's error log.
      if (err instanceof BodyAbortedError) throw new HttpError(400, msg('badRequest'))
      throw err
    }
    if (length === 0) {
      upload.abort()
      throw new HttpError(400, msg('emptyBody'))
    }
    const decoded = await upload.decode(length, maxBytes)
    const result = decoded.answer
    if (result.outcome === 'json') throw new HttpError(400, msg('invalidJson'))
    decodedOf.set(req, decoded)
    const summary = {
      ...result.fields,
      ...(result.outcome === 'file' ? { data: `sha256:${result.sha256}` } : {}),
      ...(result.outcome === 'refused' || result.outcome === 'tooLarge' ? { data: 'data:' } : {}),
    }
    const out = Readable.from([Buffer.from(JSON.stringify(summary))]) as Readable & {
      receivedEncodedLength: number
    }
    // What Fastify compares with the Content-Length and the route's limit: the bytes read.
    out.receivedEncodedLength = length
    return out
  }

  /** The checked body and its decoded file (400 or 413 with the spec's message otherwise). */
  const decodeFile = (req: FastifyRequest, imagesOnly: boolean) => {
    const body = parseBody(fileBodySchema, req.body, req.locale)
    const decoded = decodedOf.get(req)
    const result = decoded?.answer
    if (result?.outcome === 'tooLarge') throw new HttpError(413, refusal(body.name), 'data')
    if (!decoded || result?.outcome !== 'file') throw new HttpError(400, refusal(body.name), 'data')
    if (imagesOnly && !IMAGE_TYPES.has(result.mimeType)) throw new HttpError(400, refusal(body.name), 'data')
    const meta: FileMeta = {
      mimeType: result.mimeType,
      extension: result.extension,
      isImage: result.isImage,
      size: result.size,
      width: result.width,
      height: result.height,
    }
    const { job } = decoded
    // Once asked for, the bytes are the store's: nothing is left to forget at the end.
    const writeBytes = async (id: string) => {
      decodedOf.delete(req)
      if (decoder.writesItself) await decoder.store(job, id)
      else await files.write(id, await decoder.take(job))
    }
    return { body, meta, writeBytes }
  }

  // Idempotency-Key: the key is reserved before the file is stored (idempotency.ts).
  const uploadKey = idempotentRoute(deps.db, 'upload')
  const api = typed(app)
  api.post(
    '/api/uploads',
    {
      bodyLimit,
      config: rateLimit('uploads'),
      preParsing: readUpload,
      ...uploadKey,
      // The bytes are decoded off the event loop before Fastify sees a body; decodeFile checks it.
      validatorCompiler: bodyCheckedByHandler,
      schema: {
        summary:
          'Upload a file as a data URL (anyone): { data, name? }; the type is decided by the bytes; at most 5 MB without a staff session, 10 MB with one (413), and a daily byte budget per client address (429)',
        tags: ['files'],
        headers: idempotencyHeaders,
        body: fileBodySchema,
        response: { 201: dataOf(uploadAnswerSchema), ...errorAnswers(400, 409, 413, 422, 429) },
      },
    },
    async (req, reply) => {
      const { body, meta, writeBytes } = decodeFile(req, false)
      const now = deps.now()
      const actor: Actor = req.principal
        ? { kind: 'staff', id: req.principal.user.id, name: req.principal.user.displayName }
        : { kind: 'customer' }
      // A customer's bytes count against their address's day (staff are known by name).
      const charged = req.principal ? 0 : meta.size
      if (
        charged > 0 &&
        !(await chargeBudget(deps.db, req.ip, now, charged, uploads.bytesPerAddressPerDay))
      ) {
        throw overBudget(reply, now)
      }
      let row: Awaited<ReturnType<typeof storeFile>>
      try {
        row = await storeFile({ db: deps.db, bus: deps.bus, files, now }, 'upload', meta, writeBytes, actor, {
          name: body.name ?? null,
        })
      } catch (err) {
        if (charged > 0) await refundBudget(deps.db, req.ip, now, charged).catch(() => {})
        throw err
      }
      const d = row.data as { extension: string; publicHash: string; mimeType: string }
      return reply.status(201).send({
        data: {
          id: row.id,
          version: row.version,
          extension: d.extension,
          publicHash: d.publicHash,
          mimeType: d.mimeType,
        },
      })
    },
  )

  const imageKey = idempotentRoute(deps.db, 'image')
  api.post(
    '/api/images',
    {
      bodyLimit,
      config: rateLimit('uploads'),
      preParsing: readUpload,
      ...imageKey,
      validatorCompiler: bodyCheckedByHandler,
      schema: {
        summary:
          'Add an image as a data URL (admins): { data, name?, alt? }; jpg, png or gif by content; at most 10 MB (413)',
        tags: ['files'],
        headers: idempotencyHeaders,
        body: fileBodySchema,
        response: { 201: dataOf(resourceItemSchema('image')), ...errorAnswers(400, 401, 403, 409, 413, 422) },
      },
    },
    async (req, reply) => {
      const p = requireRole(req, ROLE_ADMIN)
      const { body, meta, writeBytes } = decodeFile(req, true)
      const row = await storeFile(
        { db: deps.db, bus: deps.bus, files, now: deps.now() },
        'image',
        meta,
        writeBytes,
        { kind: 'staff', id: p.user.id, name: p.user.displayName },
        { alt: body.alt ?? null },
      )
      return reply.status(201).send({ data: { ...row.data, id: row.id, version: row.version } })
    },
  )

  // The URL names the version: a changed file gets a new URL.
  const IMMUTABLE = 'public, max-age=31536000, immutable'

  const sendBytes = (reply: FastifyReply, type: string, bytes: Buffer) =>
    reply
      .header('content-type', type)
      .header('cache-control', IMMUTABLE)
      .header('x-content-type-options', 'nosniff')
      .send(bytes)

  /** The original, streamed chunk by chunk from disk or the database. */
  const sendFile = (reply: FastifyReply, row: FileRow) => {
    reply
      .header('content-type', row.mime_type)
      .header('content-length', String(row.size))
      .header('cache-control', IMMUTABLE)
      .header('x-content-type-options', 'nosniff')
    if (!IMAGE_TYPES.has(row.mime_type)) {
      // Anything but an image is a download, never a page of the shop's origin.
      reply
        .header('content-disposition', `attachment; filename="${row.id}.${row.extension}"`)
        .header('content-security-policy', "default-src 'none'; sandbox")
    }
    return reply.send(files.stream(row))
  }

  const notFound = () => new HttpError(404, msg('fileNotFound'))

  const serveImage = async (reply: FastifyReply, file: string, width: number | undefined) => {
    const m = FILE_NAME.exec(file)
    if (!m) throw notFound()
    const row = await findFile(deps.db, m[1]!)
    if (row?.kind !== 'image' || row.extension !== m[3]) throw notFound()
    if (width === undefined) return sendFile(reply, row)
    const key = `${m[1]}:${m[2]}:${width}`
    let bytes = cache.get(key)
    if (!bytes) {
      bytes = await sharp(await files.read(row), { animated: row.extension === 'gif' })
        .resize({ width, withoutEnlargement: true })
        .toBuffer()
      cache.set(key, bytes)
    }
    return sendBytes(reply, row.mime_type, bytes)
  }

  const bytes = (what: string) => ({
    200: {
      description: what,
      content: { 'application/octet-stream': { schema: bytesSchema(what) } },
    },
    ...errorAnswers(404),
  })
  api.get(
    '/image/:file',
    {
      schema: {
        summary:
          'An image as uploaded (<id>-<version>.<extension>); cached for good (the URL names the version)',
        tags: ['files'],
        params: z.object({ file: z.string() }),
        response: bytes('The image'),
      },
    },
    (req, reply) => serveImage(reply, req.params.file, undefined),
  )
  api.get(
    '/image/:scope/:file',
    {
      schema: {
        summary: `An image in a size of spec §7 (${Object.keys(IMAGE_SIZES).join(', ')}), or as uploaded (product, category)`,
        tags: ['files'],
        params: z.object({ scope: z.string(), file: z.string() }),
        response: bytes('The image'),
      },
    },
    (req, reply) => {
      const { scope, file } = req.params
      // /image/product/… and /image/category/… are the original; a size name resizes.
      if (scope === 'product' || scope === 'category') return serveImage(reply, file, undefined)
      // Own keys only: /image/constructor/… is a 404, not Object's constructor.
      if (!isImageSize(scope)) throw notFound()
      return serveImage(reply, file, IMAGE_SIZES[scope])
    },
  )

  const serveUpload = async (reply: FastifyReply, hash: string, file: string, preview: boolean) => {
    const m = FILE_NAME.exec(file)
    if (!m) throw notFound()
    const row = await findFile(deps.db, m[1]!)
    if (row?.kind !== 'upload' || row.public_hash !== hash) throw notFound()
    if (!preview) {
      if (row.extension !== m[3]) throw notFound()
      return sendFile(reply, row)
    }
    if (m[3] !== 'jpg' || !IMAGE_TYPES.has(row.mime_type)) throw notFound()
    const key = `preview:${m[1]}`
    let bytes = cache.get(key)
    if (!bytes) {
      bytes = await sharp(await files.read(row))
        .resize({ width: 640, withoutEnlargement: true })
        .flatten({ background: '#ffffff' })
        .jpeg()
        .toBuffer()
      cache.set(key, bytes)
    }
    return sendBytes(reply, 'image/jpeg', bytes)
  }

  const hashFile = z.object({ hash: z.string(), file: z.string() })
  api.get(
    '/upload/:hash/:file',
    {
      schema: {
        summary: "A customer's upload by its public hash (images inline, anything else as a download)",
        tags: ['files'],
        params: hashFile,
        response: bytes('The file'),
      },
    },
    (req, reply) => serveUpload(reply, req.params.hash, req.params.file, false),
  )
  api.get(
    '/upload/:hash/preview/:file',
    {
      schema: {
        summary: "An uploaded image's preview: JPEG, 640 px wide at most",
        tags: ['files'],
        params: hashFile,
        response: bytes('The preview'),
      },
    },
    (req, reply) => serveUpload(reply, req.params.hash, req.params.file, true),
  )
}
