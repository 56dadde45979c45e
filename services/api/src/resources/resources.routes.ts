import { type Bus, type Db, HttpError, msg } from '@shop/kit'
import { findResource, listResources, menusOfBranch, resourceLog, resourceLogEntry } from '@shop/read-models'
import { dataOf, logQuerySchema, resourceItemSchema, resourceLogEntrySchema } from '@shop/shared/contracts'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { z } from 'zod'
import { ROLE_ADMIN, requireRole, requireStaff } from '../auth/guard.ts'
import { parseBody } from '../http-helpers.ts'
import {
  beforeValidation,
  bodyCheckedByHandler,
  errorAnswers,
  idempotencyHeaders,
  idParams,
  typed,
} from '../http-schemas.ts'
import { idempotentWrite } from '../idempotency.ts'
import { mediaUsageRoutes } from './media-usage.routes.ts'
import { resourceHistoryRoutes } from './resource-history.routes.ts'
import { type Access, newApiKey, RESOURCE_TYPES, RESOURCES } from './resource-registry.ts'
import { createResource, deleteResource, RESOURCE_NOT_FOUND, updateResource } from './resource-store.ts'
import { serverMadeFields, withoutEchoedFields, writableFields } from './round-trip.ts'
import { actorOf, commandOf, present, withReferences } from './write-steps.ts'

export { present }

export type ResourceSchemas = { create: z.ZodType; update: z.ZodType }

export type ResourceRouteDeps = {
  db: Db
  bus: Bus
  /** The write schemas by resource type. */
  schemas: (type: string) => ResourceSchemas
  /** Work after a delete's commit (a file's bytes on disk, which no transaction can undo). */
  afterDelete?: (type: string, id: string) => Promise<void>
  /** Checks of a config body beyond its schema (the fonts it names exist): throws HttpError. */
  checkConfig?: (data: Record<string, unknown>) => Promise<void>
}

export const CONFIG_ID = 'config'

const regenerateBodySchema = z.strictObject({ version: z.int().min(1) })
const branchDef = RESOURCES.find((r) => r.type === 'branch')!

function checkRead(req: FastifyRequest, access: Access): void {
  if (access === 'staff') requireStaff(req)
  if (access === 'admin') requireRole(req, ROLE_ADMIN)
}

function versionOf(req: FastifyRequest): number | undefined {
  const q = (req.query as Record<string, unknown> | undefined)?.version
  if (q === undefined) return undefined
  const n = Number(q)
  if (!Number.isInteger(n) || n < 1) throw new HttpError(400, msg('positiveInteger'), 'version')
  return n
}

/** A request schema under its name in the document's components (`CreateBranch`, …). */
function named<S extends z.ZodType>(schema: S, id: string): S {
  if (!z.globalRegistry.has(schema)) z.globalRegistry.add(schema, { id })
  return schema
}

const pascal = (s: string) =>
  s
    .split('-')
    .map((p) => p.charAt(0).toUpperCase() + p.slice(1))
    .join('')

const versionQuery = z.object({
  version: z.string().optional().describe('The version the caller saw (409 when it is no longer current)'),
})

export async function resourceRoutes(app: FastifyInstance, deps: ResourceRouteDeps): Promise<void> {
  const api = typed(app)
  const admin = beforeValidation((req: FastifyRequest) => requireRole(req, ROLE_ADMIN))
  for (const def of RESOURCES) {
    const base = `/api/${def.path}`
    const schemas = deps.schemas(def.type)
    const name = pascal(def.type)
    const createSchema = named(schemas.create, `Create${name}`)
    const updateSchema = named(schemas.update, `Update${name}`)
    const item = resourceItemSchema(def.type)
    const tags = ['resources']

    api.get(
      base,
      {
        schema: {
          summary: `List ${def.path} (read: ${def.read}${def.listQuery ? '; filtered by the query' : ''})`,
          tags,
          ...(def.listQuery ? { querystring: def.listQuery.schema } : {}),
          response: { 200: dataOf(z.array(item)), ...errorAnswers(400, 401, 403) },
        },
      },
      async (req) => {
        checkRead(req, def.read)
        let rows = await listResources(deps.db, def.type)
        if (def.listQuery) {
          const query = req.query as Record<string, string | undefined>
          rows = rows.filter((r) => def.listQuery!.matches(r.data, query))
        }
        if (def.visible) {
          const visible = await def.visible(
            deps.db,
            req.principal,
            rows.map((r) => r.id),
          )
          rows = rows.filter((r) => visible.has(r.id))
        }
        if (def.shownTo) rows = rows.filter((r) => def.shownTo!(r.data, req.principal))
        return { data: [...(def.extraItems?.() ?? []), ...rows.map((r) => present(def, r, req.principal))] }
      },
    )

    api.get(
      `${base}/:id`,
      {
        schema: {
          summary: `One ${def.type} (read: ${def.read})`,
          tags,
          params: idParams,
          response: { 200: dataOf(item), ...errorAnswers(401, 403, 404) },
        },
      },
      async (req) => {
        checkRead(req, def.read)
        const row = await findResource(deps.db, def.type, req.params.id)
        if (!row) throw new HttpError(404, RESOURCE_NOT_FOUND)
        if (def.shownTo && !def.shownTo(row.data, req.principal)) throw new HttpError(404, RESOURCE_NOT_FOUND)
        if (def.visible && !(await def.visible(deps.db, req.principal, [row.id])).has(row.id)) {
          throw new HttpError(404, RESOURCE_NOT_FOUND)
        }
        return { data: present(def, row, req.principal) }
      },
    )

    if (def.create !== false)
      api.post(
        base,
        {
          preValidation: admin.preValidation,
          schema: {
            summary: `Create a ${def.type} (admins)`,
            tags,
            headers: idempotencyHeaders,
            body: createSchema,
            response: { 201: dataOf(item), ...errorAnswers(400, 401, 403, 409, 422) },
          },
        },
        async (req, reply) => {
          const p = admin.of(req)
          return idempotentWrite(req, reply, deps.db, 201, async (slot) => {
            const body = req.body as Record<string, unknown>
            const { data, alongside } = def.prepare
              ? await def.prepare(body, undefined)
              : { data: body, alongside: undefined }
            const row = await createResource({
              db: deps.db,
              bus: deps.bus,
              type: def.type,
              actor: actorOf(p),
              data,
              alongside: withReferences(def, data, alongside),
              command: commandOf(slot, (r) => present(def, r!, p)),
            })
            return present(def, row, p)
          })
        },
      )

    const writable = writableFields(schemas.update)
    api.put(
      `${base}/:id`,
      {
        preValidation: admin.preValidation,
        validatorCompiler: bodyCheckedByHandler,
        schema: {
          summary: `Replace a ${def.type} (admins; the body carries the version; what GET answered is a valid body)`,
          tags,
          params: idParams,
          headers: idempotencyHeaders,
          body: updateSchema,
          response: { 200: dataOf(item), ...errorAnswers(400, 401, 403, 404, 409, 422) },
        },
      },
      async (req, reply) => {
        const p = admin.of(req)
        return idempotentWrite(req, reply, deps.db, 200, async (slot) => {
          const existing = await findResource(deps.db, def.type, req.params.id)
          if (!existing) throw new HttpError(404, RESOURCE_NOT_FOUND)
          // What GET answered is a valid PUT body: its id and the server-made fields come back as they are.
          const input = withoutEchoedFields(req.body, req.params.id, existing.data, writable)
          const { version, ...body } = parseBody(updateSchema, input, req.locale) as Record<
            string,
            unknown
          > & {
            version: number
          }
          const { data, alongside } = def.prepare
            ? await def.prepare(body, existing.data)
            : { data: body, alongside: undefined }
          const row = await updateResource({
            alongside: withReferences(def, data, alongside),
            db: deps.db,
            bus: deps.bus,
            type: def.type,
            actor: actorOf(p),
            id: req.params.id,
            version,
            // A body replaces what a client may write; what the server made (a file's type) stays.
            data: (current: Record<string, unknown>) => ({ ...serverMadeFields(current, writable), ...data }),
            command: commandOf(slot, (r) => present(def, r!, p)),
          })
          return present(def, row, p)
        })
      },
    )

    api.delete(
      `${base}/:id`,
      {
        schema: {
          summary: `Delete a ${def.type} (admins; refused while referred to)`,
          tags,
          params: idParams,
          querystring: versionQuery,
          headers: idempotencyHeaders,
          response: { 200: dataOf(z.null()), ...errorAnswers(400, 401, 403, 404, 409, 422) },
        },
      },
      async (req, reply) => {
        const p = requireRole(req, ROLE_ADMIN)
        return idempotentWrite(req, reply, deps.db, 200, async (slot) => {
          await deleteResource({
            db: deps.db,
            bus: deps.bus,
            type: def.type,
            actor: actorOf(p),
            id: req.params.id,
            version: versionOf(req),
            ...(def.refuseDelete ? { refuse: (trx) => def.refuseDelete!(trx, req.params.id) } : {}),
            ...(def.onDelete ? { alongside: def.onDelete } : {}),
            command: commandOf(slot, () => null),
          })
          await deps.afterDelete?.(def.type, req.params.id)
          return null
        })
      },
    )
  }

  api.get(
    '/api/branches/:id/menus',
    {
      schema: {
        summary: "A branch's menus (anyone)",
        tags: ['resources'],
        params: idParams,
        response: { 200: dataOf(z.array(resourceItemSchema('menu'))), ...errorAnswers(404) },
      },
    },
    async (req) => {
      const branch = await findResource(deps.db, 'branch', req.params.id)
      if (!branch) throw new HttpError(404, RESOURCE_NOT_FOUND)
      const menus = await menusOfBranch(deps.db, req.params.id)
      return { data: menus.map((m) => present({}, m, req.principal)) }
    },
  )

  api.post(
    '/api/branches/:id/regenerate-api-key',
    {
      preValidation: admin.preValidation,
      schema: {
        summary: "A new api key for the branch's frontdesk (admins); the old one stops working",
        tags: ['resources'],
        params: idParams,
        headers: idempotencyHeaders,
        body: regenerateBodySchema,
        response: {
          200: dataOf(resourceItemSchema('branch')),
          ...errorAnswers(400, 401, 403, 404, 409, 422),
        },
      },
    },
    async (req, reply) => {
      const p = admin.of(req)
      return idempotentWrite(req, reply, deps.db, 200, async (slot) => {
        const { version } = req.body
        const row = await updateResource({
          db: deps.db,
          bus: deps.bus,
          type: 'branch',
          actor: actorOf(p),
          id: req.params.id,
          version,
          data: (current: Record<string, unknown>) => ({ ...current, apiKey: newApiKey() }),
          command: commandOf(slot, (r) => present(branchDef, r!, p)),
        })
        return present(branchDef, row, p)
      })
    },
  )

  const configSchemas = deps.schemas('config')
  const configCreate = named(configSchemas.create, 'CreateConfig')
  const configUpdate = named(configSchemas.update, 'UpdateConfig')
  const configWritable = writableFields(configSchemas.update)
  const configItem = resourceItemSchema('config')
  api.get(
    '/api/config',
    {
      schema: {
        summary: "The shop's configuration (null before it is made)",
        tags: ['resources'],
        response: { 200: dataOf(configItem.nullable()) },
      },
    },
    async (req) => {
      const row = await findResource(deps.db, 'config', CONFIG_ID)
      return { data: row ? present({}, row, req.principal) : null }
    },
  )
  api.post(
    '/api/config',
    {
      preValidation: admin.preValidation,
      // Create or update is decided by what is stored: the handler checks the body.
      validatorCompiler: bodyCheckedByHandler,
      schema: {
        summary: 'Create (the first time) or update (with version) the configuration (admins)',
        tags: ['resources'],
        headers: idempotencyHeaders,
        body: z.union([configCreate, configUpdate]),
        response: { 200: dataOf(configItem), ...errorAnswers(400, 401, 403, 409, 422) },
      },
    },
    async (req, reply) => {
      const p = admin.of(req)
      return idempotentWrite(req, reply, deps.db, 200, async (slot) => {
        const command = commandOf(slot, (r) => present({}, r!, p))
        const existing = await findResource(deps.db, 'config', CONFIG_ID)
        if (!existing) {
          const data = parseBody(configCreate, req.body, req.locale) as Record<string, unknown>
          await deps.checkConfig?.(data)
          const row = await createResource({
            db: deps.db,
            bus: deps.bus,
            type: 'config',
            id: CONFIG_ID,
            actor: actorOf(p),
            data,
            command,
          })
          return present({}, row, p)
        }
        const input = withoutEchoedFields(req.body, CONFIG_ID, existing.data, configWritable)
        const { version, ...data } = parseBody(configUpdate, input, req.locale) as Record<string, unknown> & {
          version: number
        }
        await deps.checkConfig?.(data)
        const row = await updateResource({
          db: deps.db,
          bus: deps.bus,
          type: 'config',
          actor: actorOf(p),
          id: CONFIG_ID,
          version,
          data: (current: Record<string, unknown>) => ({
            ...serverMadeFields(current, configWritable),
            ...data,
          }),
          command,
        })
        return present({}, row, p)
      })
    },
  )

  // Who changed what, from the resources' own events.
  const logTypes = [...RESOURCE_TYPES, 'config']
  api.get(
    '/api/logs',
    {
      preValidation: admin.preValidation,
      schema: {
        summary:
          'Who changed which resource when, newest first (admins; limit 1–500, default 100; before: an entry id; filters: resource type, user id, from/to, words of the name)',
        tags: ['resources'],
        querystring: logQuerySchema,
        response: { 200: dataOf(z.array(resourceLogEntrySchema)), ...errorAnswers(400, 401, 403) },
      },
    },
    async (req) => {
      const { query } = req
      // Lenient as it always was: a limit that is no number takes the default.
      const limit = Math.min(500, Math.max(1, Number.parseInt(query.limit ?? '100', 10) || 100))
      const before = query.before && /^\d{1,19}$/.test(query.before) ? query.before : undefined
      const instant = (value: string | undefined) => (value === undefined ? undefined : new Date(value))
      return {
        data: await resourceLog(deps.db, logTypes, {
          limit,
          before,
          resource: query.resource,
          user: query.user,
          from: instant(query.from),
          to: instant(query.to),
          q: query.q,
        }),
      }
    },
  )
  api.get(
    '/api/logs/:id',
    {
      schema: {
        summary: 'One change with the data before and after (admins)',
        tags: ['resources'],
        params: idParams,
        response: { 200: dataOf(resourceLogEntrySchema), ...errorAnswers(401, 403, 404) },
      },
    },
    async (req) => {
      requireRole(req, ROLE_ADMIN)
      if (!/^\d{1,19}$/.test(req.params.id)) throw new HttpError(404, RESOURCE_NOT_FOUND)
      const entry = await resourceLogEntry(deps.db, logTypes, req.params.id)
      if (!entry) throw new HttpError(404, RESOURCE_NOT_FOUND)
      return { data: entry }
    },
  )

  await resourceHistoryRoutes(app, {
    db: deps.db,
    bus: deps.bus,
    updateSchema: (type) => deps.schemas(type).update,
    configId: CONFIG_ID,
  })
  await mediaUsageRoutes(app, { db: deps.db })
}
