import { createReadStream } from 'node:fs'
import { type Bus, type Db, HttpError, msg } from '@shop/kit'
import { findResource } from '@shop/read-models'
import { dataOf, FONT_VARIANT_PATTERN, resourceItemSchema } from '@shop/shared/contracts'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { z } from 'zod'
import { ROLE_ADMIN, requireRole } from '../auth/guard.ts'
import type { FileBytes } from '../files/file-bytes.ts'
import { bodyCheckedByHandler, bytesSchema, errorAnswers, idParams, typed } from '../http-schemas.ts'
import { RESOURCE_NOT_FOUND } from '../resources/resource-store.ts'
import { actorOf, present } from '../resources/write-steps.ts'
import { bundledFilePath, facesOf, findFamily } from './font-catalog.ts'
import { fontFaceCss } from './font-css.ts'
import { FONT_MIME, sniffFont } from './font-formats.ts'
import { findFontFile, storeFontFile } from './font-store.ts'

// The fonts of spec §7 beyond the generic list (GET /api/fonts, resources.routes.ts, with the
// bundled families first):
// - GET /api/fonts/google/{family}/style-{variant}.embed.css: @font-face rules whose URLs are
//   the shop's own (the name keeps Google's, nothing is asked of Google);
// - GET /api/fonts/files/bundled/{package}/{version}/{file} and /files/upload/{id}.{format}:
//   the font files, cached for good (the URL changes with the bytes);
// - PUT /api/fonts/{id}/files/{variant}: an uploaded file for a variant (admins), its type
//   decided by its bytes (woff2, woff, ttf, otf).

export type FontRouteDeps = { db: Db; bus: Bus; files: FileBytes; now: () => Date }

/** Largest font file accepted (a full OpenType family member is rarely over 1 MB). */
export const MAX_FONT_BYTES = 5 * 1024 * 1024

const IMMUTABLE = 'public, max-age=31536000, immutable'
/** The CSS names files by URL only; a new upload changes it within the hour. */
const CSS_CACHE = 'public, max-age=3600'

const FONT_TYPES = [
  'font/woff2',
  'font/woff',
  'font/ttf',
  'font/otf',
  'font/sfnt',
  'application/font-woff',
  'application/x-font-ttf',
  'application/x-font-otf',
  'application/vnd.ms-opentype',
  'application/octet-stream',
]

const notFound = () => new HttpError(404, msg('fontNotFound'))

export async function fontRoutes(parent: FastifyInstance, deps: FontRouteDeps): Promise<void> {
  // Its own scope: the raw-bytes body parser is for the upload route only.
  await parent.register(async (app) => {
    app.addContentTypeParser(
      FONT_TYPES,
      { parseAs: 'buffer', bodyLimit: MAX_FONT_BYTES },
      (_req, body, done) => done(null, body),
    )
    const api = typed(app)

    api.get(
      '/api/fonts/google/:family/:style',
      {
        schema: {
          summary:
            "The @font-face rules of a family's variant (style-regular.embed.css, style-700italic.embed.css; family by name, '+' or '-' for spaces), pointing at the shop's own files (anyone)",
          tags: ['fonts'],
          params: z.object({ family: z.string(), style: z.string() }),
          response: {
            200: { description: 'CSS', content: { 'text/css': { schema: z.string() } } },
            ...errorAnswers(404),
          },
        },
      },
      async (req, reply) => {
        const m = /^style-([a-z0-9]{1,16})\.embed\.css$/.exec(req.params.style)
        if (!m || !FONT_VARIANT_PATTERN.test(m[1]!)) throw notFound()
        const entry = await findFamily(deps.db, req.params.family)
        if (!entry) throw notFound()
        const faces = facesOf(entry, m[1]!)
        if (faces.length === 0) throw notFound()
        return reply
          .header('content-type', 'text/css; charset=utf-8')
          .header('cache-control', CSS_CACHE)
          .header('x-content-type-options', 'nosniff')
          .header('access-control-allow-origin', '*')
          .send(fontFaceCss(entry.family, faces))
      },
    )

    const fontFile = {
      200: {
        description: 'The font file',
        content: { 'font/woff2': { schema: bytesSchema('The font file') } },
      },
      ...errorAnswers(404),
    }
    const sendFont = (reply: FastifyReply, type: string, size: number | undefined) => {
      reply
        .header('content-type', type)
        .header('cache-control', IMMUTABLE)
        .header('x-content-type-options', 'nosniff')
        // Fonts are fetched in CORS mode: any origin of the shop (a custom domain) may use them.
        .header('access-control-allow-origin', '*')
      if (size !== undefined) reply.header('content-length', String(size))
    }

    api.get(
      '/api/fonts/files/bundled/:pkg/:version/:file',
      {
        schema: {
          summary: 'A file of a bundled family (Fontsource), cached for good (anyone)',
          tags: ['fonts'],
          params: z.object({ pkg: z.string(), version: z.string(), file: z.string() }),
          response: fontFile,
        },
      },
      async (req, reply) => {
        const { pkg, version, file } = req.params
        // Only names the packages hold: nothing of the URL becomes a path by itself.
        const path = bundledFilePath(pkg, version, file)
        if (!path) throw notFound()
        sendFont(reply, file.endsWith('.woff2') ? FONT_MIME.woff2 : FONT_MIME.woff, undefined)
        return reply.send(createReadStream(path))
      },
    )

    api.get(
      '/api/fonts/files/upload/:file',
      {
        schema: {
          summary: 'An uploaded font file (<id>.<format>), cached for good (anyone)',
          tags: ['fonts'],
          params: z.object({ file: z.string() }),
          response: fontFile,
        },
      },
      async (req, reply) => {
        const m = /^([0-9a-f-]{36})\.(woff2|woff|ttf|otf)$/.exec(req.params.file)
        if (!m) throw notFound()
        const row = await findFontFile(deps.db, m[1]!)
        if (!row || row.extension !== m[2]) throw notFound()
        sendFont(reply, row.mime_type, row.size)
        return reply.send(deps.files.stream(row))
      },
    )

    api.put(
      '/api/fonts/:id/files/:variant',
      {
        bodyLimit: MAX_FONT_BYTES,
        validatorCompiler: bodyCheckedByHandler,
        preValidation: async (req: FastifyRequest) => {
          requireRole(req, ROLE_ADMIN)
        },
        schema: {
          summary: `The file of an uploaded font's variant (admins): the raw bytes (Content-Type font/woff2, font/woff, font/ttf, font/otf or application/octet-stream), woff2, woff, ttf or otf by content, at most ${MAX_FONT_BYTES / 1024 / 1024} MB; adds the variant; ?version= the font's version (409 when stale)`,
          tags: ['fonts'],
          params: idParams.extend({ variant: z.string() }),
          querystring: z.object({ version: z.string().optional() }),
          response: {
            200: dataOf(resourceItemSchema('font')),
            ...errorAnswers(400, 401, 403, 404, 409, 413),
          },
        },
      },
      async (req, reply) => {
        const p = requireRole(req, ROLE_ADMIN)
        const { variant } = req.params
        if (!FONT_VARIANT_PATTERN.test(variant))
          throw new HttpError(400, msg('ordering:validation.invalid'), 'variant')
        const bytes = req.body
        if (!Buffer.isBuffer(bytes) || bytes.length === 0)
          throw new HttpError(400, msg('fontRefused'), 'data')
        const format = sniffFont(bytes)
        if (!format) throw new HttpError(400, msg('fontRefused'), 'data')
        const font = await findResource(deps.db, 'font', req.params.id)
        if (!font) throw new HttpError(404, RESOURCE_NOT_FOUND)
        const given = req.query.version === undefined ? font.version : Number(req.query.version)
        if (!Number.isInteger(given) || given < 1) throw new HttpError(400, msg('positiveInteger'), 'version')
        const row = await storeFontFile(
          { db: deps.db, bus: deps.bus, files: deps.files, now: deps.now() },
          { id: font.id, version: given },
          variant,
          format,
          bytes,
          actorOf(p),
        )
        return reply.status(200).send({ data: present({}, row, p) })
      },
    )
  })
}
