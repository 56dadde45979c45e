import { type Db, HttpError } from '@shop/kit'
import {
  findResource,
  listResources,
  ordersUsingUploads,
  resourcesUsingFile,
  resourcesUsingFiles,
} from '@shop/read-models'
import {
  dataOf,
  type MediaUse,
  mediaUsageMapSchema,
  mediaUsageQuerySchema,
  mediaUseSchema,
} from '@shop/shared/contracts'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { z } from 'zod'
import { hasRole, type Principal, ROLE_ADMIN, requireRole, requireStaff } from '../auth/guard.ts'
import { beforeValidation, errorAnswers, idParams, typed } from '../http-schemas.ts'
import { RESOURCES } from './resource-registry.ts'
import { RESOURCE_NOT_FOUND } from './resource-store.ts'

// What refers to an image or an upload (docs/api.md "Files"): the resources whose state names it
// (products, categories, branches' images and logos, tags, content of sites, blocks and scenes),
// and for an upload the orders that carry it. The media library shows it; a delete of a file still
// in use is refused (resource-registry.ts, the same queries).

const uploadDef = RESOURCES.find((r) => r.type === 'upload')!

/** The branches whose orders a caller may see: all for an admin (undefined), an employee's own. */
const orderBranchesOf = (p: Principal) =>
  hasRole(p.user, ROLE_ADMIN) ? undefined : p.user.branches.map((b) => b.id)

export async function mediaUsageRoutes(app: FastifyInstance, deps: { db: Db }): Promise<void> {
  const api = typed(app)
  const staff = beforeValidation((req: FastifyRequest) => requireStaff(req))
  const admin = beforeValidation((req: FastifyRequest) => requireRole(req, ROLE_ADMIN))
  const answers = { 200: dataOf(z.array(mediaUseSchema)), ...errorAnswers(401, 403, 404) }

  api.get(
    '/api/images/:id/usage',
    {
      preValidation: staff.preValidation,
      schema: {
        summary: 'What refers to the image: [{ type, id, name }] (staff)',
        tags: ['files'],
        params: idParams,
        response: answers,
      },
    },
    async (req) => {
      if (!(await findResource(deps.db, 'image', req.params.id))) throw new HttpError(404, RESOURCE_NOT_FOUND)
      return { data: await resourcesUsingFile(deps.db, req.params.id) }
    },
  )

  api.get(
    '/api/uploads/:id/usage',
    {
      preValidation: staff.preValidation,
      schema: {
        summary:
          "What refers to the upload: resources and orders, [{ type, id, name }] (staff; an employee only an upload of their branches' orders, and those orders)",
        tags: ['files'],
        params: idParams,
        response: answers,
      },
    },
    async (req) => {
      const p = staff.of(req)
      const { id } = req.params
      const found = await findResource(deps.db, 'upload', id)
      if (!found || !(await uploadDef.visible!(deps.db, p, [id])).has(id)) {
        throw new HttpError(404, RESOURCE_NOT_FOUND)
      }
      const orders = await ordersUsingUploads(deps.db, [id], orderBranchesOf(p))
      const uses: MediaUse[] = [...(await resourcesUsingFile(deps.db, id)), ...(orders.get(id) ?? [])]
      return { data: uses }
    },
  )

  api.get(
    '/api/media/usage',
    {
      preValidation: admin.preValidation,
      schema: {
        summary:
          'The uses of every image (kind=images) or upload (kind=uploads) in use, by its id (admins; the media library)',
        tags: ['files'],
        querystring: mediaUsageQuerySchema,
        response: { 200: dataOf(mediaUsageMapSchema), ...errorAnswers(400, 401, 403) },
      },
    },
    async (req) => {
      const type = req.query.kind === 'images' ? 'image' : 'upload'
      const ids = (await listResources(deps.db, type)).map((r) => r.id)
      const byResources = await resourcesUsingFiles(deps.db, ids)
      const byOrders =
        type === 'upload' ? await ordersUsingUploads(deps.db, ids) : new Map<string, MediaUse[]>()
      const data: Record<string, MediaUse[]> = {}
      for (const id of ids) {
        const uses = [...(byResources.get(id) ?? []), ...(byOrders.get(id) ?? [])]
        if (uses.length > 0) data[id] = uses
      }
      return { data }
    },
  )
}
