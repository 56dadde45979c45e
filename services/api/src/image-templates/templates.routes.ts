import { type Bus, type Db, HttpError } from '@shop/kit'
import { findResource } from '@shop/read-models'
import {
  dataOf,
  type ImageTemplateLayer,
  imageTemplateDraftSchema,
  imageTemplateLayerSchema,
  renderTemplateBodySchema,
  resourceItemSchema,
} from '@shop/shared/contracts'
import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import { ROLE_ADMIN, requireRole, requireStaff } from '../auth/guard.ts'
import type { FileBytes } from '../files/file-bytes.ts'
import { storeImage } from '../files/file-store.ts'
import { bytesSchema, errorAnswers, idParams, typed } from '../http-schemas.ts'
import { RESOURCE_NOT_FOUND } from '../resources/resource-store.ts'
import { actorOf } from '../resources/write-steps.ts'
import { renderTemplate } from './render.ts'
import { refuseUnknownFonts } from './template-checks.ts'

// Image templates beyond their CRUD (spec §7): the layers of one, a preview of a template as
// the editor holds it, and the stored template made into a new image of the media library
// (which products and the SEO social image can use).

export type TemplateRouteDeps = { db: Db; bus: Bus; files: FileBytes; now: () => Date }

type StoredTemplate = { name: string; width: number; height: number; layers: ImageTemplateLayer[] }

const MIME = { png: 'image/png', jpeg: 'image/jpeg' } as const

export async function imageTemplateRoutes(app: FastifyInstance, deps: TemplateRouteDeps): Promise<void> {
  const api = typed(app)
  const render = { db: deps.db, files: deps.files }

  api.get(
    '/api/image-templates/:id/layers',
    {
      schema: {
        summary: "A template's layers, bottom first (staff)",
        tags: ['resources'],
        params: idParams,
        response: { 200: dataOf(z.array(imageTemplateLayerSchema)), ...errorAnswers(401, 403, 404) },
      },
    },
    async (req) => {
      requireStaff(req)
      const row = await findResource<StoredTemplate>(deps.db, 'image-template', req.params.id)
      if (!row) throw new HttpError(404, RESOURCE_NOT_FOUND)
      return { data: row.data.layers ?? [] }
    },
  )

  api.post(
    '/api/image-templates/preview',
    {
      schema: {
        summary:
          'Draws a template as sent ({ width, height, layers, format }) without storing anything (staff): the PNG or JPEG',
        tags: ['resources'],
        body: imageTemplateDraftSchema,
        response: {
          200: { description: 'The image', content: { 'image/png': { schema: bytesSchema('The image') } } },
          ...errorAnswers(400, 401, 403),
        },
      },
    },
    async (req, reply) => {
      requireStaff(req)
      const draft = req.body
      await refuseUnknownFonts(deps.db, draft.layers)
      const bytes = await renderTemplate(render, draft, draft.format)
      return reply
        .header('content-type', MIME[draft.format])
        .header('cache-control', 'no-store')
        .header('x-content-type-options', 'nosniff')
        .send(bytes)
    },
  )

  api.post(
    '/api/image-templates/:id/images',
    {
      schema: {
        summary:
          'Draws the stored template and adds the result to the media library as a new image (admins): { format: png | jpeg, alt? }',
        tags: ['resources'],
        params: idParams,
        body: renderTemplateBodySchema,
        response: { 201: dataOf(resourceItemSchema('image')), ...errorAnswers(400, 401, 403, 404) },
      },
    },
    async (req, reply) => {
      const p = requireRole(req, ROLE_ADMIN)
      const row = await findResource<StoredTemplate>(deps.db, 'image-template', req.params.id)
      if (!row) throw new HttpError(404, RESOURCE_NOT_FOUND)
      const bytes = await renderTemplate(render, row.data, req.body.format)
      const image = await storeImage(
        { db: deps.db, bus: deps.bus, files: deps.files, now: deps.now() },
        bytes,
        actorOf(p),
        req.body.alt ?? row.data.name,
      )
      return reply.status(201).send({ data: { ...image.data, id: image.id, version: image.version } })
    },
  )
}
