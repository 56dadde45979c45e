import { type Bus, type Db, HttpError, msg } from '@shop/kit'
import type { Actor } from '@shop/shared/contracts'
import { IMAGE_SIZES, isImageSize } from '@shop/shared/contracts/http/images.ts'
import type { FastifyInstance, FastifyReply } from 'fastify'
import sharp from 'sharp'
import { z } from 'zod'
import { ROLE_ADMIN, requireRole } from '../auth/guard.ts'
import { parseBody } from '../http-helpers.ts'
import { idempotentRoute } from '../idempotency.ts'
import { rateLimit } from '../limits/rate-limit.ts'
import { type Decoded, storeFile } from './file-store.ts'
import { IMAGE_TYPES, parseDataUrl, sniff } from './sniff.ts'

// Uploads (anyone, for configurable parts such as a photo on a cake) and images (admins, for
// the catalogue) arrive as data URLs; their type is decided by their bytes. Metadata become a
// resource (an event plus rm_resources), the bytes go to `files` in the same transaction.

export const MAX_FILE_BYTES = 10 * 1024 * 1024

const fileBodySchema = z.strictObject({
  data: z
    .string()
    .min(1)
    .max(Math.ceil((MAX_FILE_BYTES * 4) / 3) + 200),
  name: z.string().trim().max(255).optional(),
  alt: z.string().trim().max(255).optional(),
})

const refusal = (name: string | undefined) => msg('fileRefused', { file: name ?? 'Datei' })

async function decode(body: z.output<typeof fileBodySchema>, imagesOnly: boolean): Promise<Decoded> {
  const parsed = parseDataUrl(body.data)
  const fail = () => new HttpError(400, refusal(body.name), 'data')
  if (!parsed || parsed.bytes.length === 0 || parsed.bytes.length > MAX_FILE_BYTES) throw fail()
  const type = sniff(parsed.bytes, body.name)
  if (!type || (imagesOnly && !IMAGE_TYPES.has(type.mimeType))) throw fail()
  if (!type.isImage) return { ...type, bytes: parsed.bytes, width: null, height: null }
  // An image must also decode, and not be a decompression bomb.
  try {
    const meta = await sharp(parsed.bytes, { limitInputPixels: 50_000_000 }).metadata()
    if (!meta.width || !meta.height) throw fail()
    return { ...type, bytes: parsed.bytes, width: meta.width, height: meta.height }
  } catch {
    throw fail()
  }
}

type FileRow = { data: Buffer; mime_type: string; extension: string; public_hash: string; kind: string }

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

export async function fileRoutes(app: FastifyInstance, deps: { db: Db; bus: Bus }): Promise<void> {
  const cache = new VariantCache(64 * 1024 * 1024)
  const bodyLimit = Math.ceil((MAX_FILE_BYTES * 4) / 3) + 4096

  // Idempotency-Key: the key is reserved before the file is stored (idempotency.ts).
  const uploadKey = idempotentRoute(deps.db, 'upload')
  app.post('/api/uploads', { bodyLimit, config: rateLimit('uploads'), ...uploadKey }, async (req, reply) => {
    const body = parseBody(fileBodySchema, req.body, req.locale)
    const decoded = await decode(body, false)
    const actor: Actor = req.principal
      ? { kind: 'staff', id: req.principal.user.id, name: req.principal.user.displayName }
      : { kind: 'customer' }
    const row = await storeFile(deps, 'upload', decoded, actor, { name: body.name ?? null })
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
  })

  const imageKey = idempotentRoute(deps.db, 'image')
  app.post('/api/images', { bodyLimit, config: rateLimit('uploads'), ...imageKey }, async (req, reply) => {
    const p = requireRole(req, ROLE_ADMIN)
    const body = parseBody(fileBodySchema, req.body, req.locale)
    const decoded = await decode(body, true)
    const row = await storeFile(
      deps,
      'image',
      decoded,
      { kind: 'staff', id: p.user.id, name: p.user.displayName },
      {
        alt: body.alt ?? null,
      },
    )
    return reply.status(201).send({ data: { ...row.data, id: row.id, version: row.version } })
  })

  const load = async (id: string): Promise<FileRow | undefined> =>
    deps.db
      .selectFrom('files')
      .select(['data', 'mime_type', 'extension', 'public_hash', 'kind'])
      .where('id', '=', id)
      .executeTakeFirst()

  const send = (reply: FastifyReply, type: string, bytes: Buffer) =>
    reply
      .header('content-type', type)
      // The URL names the version: a changed file gets a new URL.
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('x-content-type-options', 'nosniff')
      .send(bytes)

  const notFound = () => new HttpError(404, msg('fileNotFound'))

  const serveImage = async (reply: FastifyReply, file: string, width: number | undefined) => {
    const m = FILE_NAME.exec(file)
    if (!m) throw notFound()
    const row = await load(m[1]!)
    if (row?.kind !== 'image' || row.extension !== m[3]) throw notFound()
    if (width === undefined) return send(reply, row.mime_type, row.data)
    const key = `${m[1]}:${m[2]}:${width}`
    let bytes = cache.get(key)
    if (!bytes) {
      bytes = await sharp(row.data, { animated: row.extension === 'gif' })
        .resize({ width, withoutEnlargement: true })
        .toBuffer()
      cache.set(key, bytes)
    }
    return send(reply, row.mime_type, bytes)
  }

  app.get<{ Params: { file: string } }>('/image/:file', (req, reply) =>
    serveImage(reply, req.params.file, undefined),
  )
  app.get<{ Params: { scope: string; file: string } }>('/image/:scope/:file', (req, reply) => {
    const { scope, file } = req.params
    // /image/product/… and /image/category/… are the original; a size name resizes.
    if (scope === 'product' || scope === 'category') return serveImage(reply, file, undefined)
    // Own keys only: /image/constructor/… is a 404, not Object's constructor.
    if (!isImageSize(scope)) throw notFound()
    return serveImage(reply, file, IMAGE_SIZES[scope])
  })

  const serveUpload = async (reply: FastifyReply, hash: string, file: string, preview: boolean) => {
    const m = FILE_NAME.exec(file)
    if (!m) throw notFound()
    const row = await load(m[1]!)
    if (row?.kind !== 'upload' || row.public_hash !== hash) throw notFound()
    if (!preview) {
      if (row.extension !== m[3]) throw notFound()
      return send(reply, row.mime_type, row.data)
    }
    if (m[3] !== 'jpg' || !IMAGE_TYPES.has(row.mime_type)) throw notFound()
    const key = `preview:${m[1]}`
    let bytes = cache.get(key)
    if (!bytes) {
      bytes = await sharp(row.data)
        .resize({ width: 640, withoutEnlargement: true })
        .flatten({ background: '#ffffff' })
        .jpeg()
        .toBuffer()
      cache.set(key, bytes)
    }
    return send(reply, 'image/jpeg', bytes)
  }

  app.get<{ Params: { hash: string; file: string } }>('/upload/:hash/:file', (req, reply) =>
    serveUpload(reply, req.params.hash, req.params.file, false),
  )
  app.get<{ Params: { hash: string; file: string } }>('/upload/:hash/preview/:file', (req, reply) =>
    serveUpload(reply, req.params.hash, req.params.file, true),
  )
}
