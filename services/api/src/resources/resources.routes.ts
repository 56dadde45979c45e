import { type Bus, type Database, type Db, HttpError, msg } from '@shop/kit'
import { findResource, listResources, menusOfBranch, resourceLog, resourceLogEntry } from '@shop/read-models'
import type { Actor } from '@shop/shared/contracts'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { Transaction } from 'kysely'
import { z } from 'zod'
import { type Principal, ROLE_ADMIN, requireRole, requireStaff } from '../auth/guard.ts'
import { parseBody } from '../http-helpers.ts'
import { type IdempotentSlot, idempotentWrite } from '../idempotency.ts'
import {
  type Access,
  checkReferences,
  newApiKey,
  RESOURCE_TYPES,
  RESOURCES,
  type ResourceDef,
} from './resource-registry.ts'
import {
  createResource,
  deleteResource,
  RESOURCE_NOT_FOUND,
  type ResourceCommand,
  type ResourceRow,
  updateResource,
} from './resource-store.ts'
import { serverMadeFields, withoutEchoedFields, writableFields } from './round-trip.ts'

export type ResourceSchemas = { create: z.ZodType; update: z.ZodType }

type Alongside = (trx: Transaction<Database>, id: string) => Promise<void>

/** The write's extra work in its transaction: every reference must exist (and stay). */
function withReferences(
  def: ResourceDef,
  data: Record<string, unknown>,
  alongside: Alongside | undefined,
): Alongside {
  return async (trx, id) => {
    const missing = await checkReferences(trx, def.references?.(data) ?? [])
    if (missing.length > 0) {
      throw new HttpError(
        400,
        missing.map((r) => ({ field: r.field, message: msg('referenceMissing') })),
      )
    }
    await alongside?.(trx, id)
  }
}

export type ResourceRouteDeps = {
  db: Db
  bus: Bus
  /** The write schemas by resource type. */
  schemas: (type: string) => ResourceSchemas
  /** Work after a delete's commit (a file's bytes on disk, which no transaction can undo). */
  afterDelete?: (type: string, id: string) => Promise<void>
}

export const CONFIG_ID = 'config'

const regenerateBodySchema = z.strictObject({ version: z.int().min(1) })
const branchDef = RESOURCES.find((r) => r.type === 'branch')!

function checkRead(req: FastifyRequest, access: Access): void {
  if (access === 'staff') requireStaff(req)
  if (access === 'admin') requireRole(req, ROLE_ADMIN)
}

const actorOf = (p: Principal): Actor => ({ kind: 'staff', id: p.user.id, name: p.user.displayName })

export function present(
  def: Pick<ResourceDef, 'present'>,
  row: Pick<ResourceRow, 'id' | 'version' | 'data'>,
  principal: Principal | null,
) {
  const data = def.present ? def.present(row.data, principal) : row.data
  return { ...data, id: row.id, version: row.version }
}

/** The resource store's half of an idempotent write: the answer it stores with the append. */
function commandOf(
  slot: IdempotentSlot | undefined,
  answer: (row: Pick<ResourceRow, 'id' | 'version' | 'data'> | null) => unknown,
): ResourceCommand | undefined {
  if (!slot) return undefined
  return { id: slot.id, requestHash: slot.requestHash, answer: (row) => slot.stored(answer(row)) }
}

function versionOf(req: FastifyRequest): number | undefined {
  const q = (req.query as Record<string, unknown> | undefined)?.version
  if (q === undefined) return undefined
  const n = Number(q)
  if (!Number.isInteger(n) || n < 1) throw new HttpError(400, msg('positiveInteger'), 'version')
  return n
}

export async function resourceRoutes(app: FastifyInstance, deps: ResourceRouteDeps): Promise<void> {
  for (const def of RESOURCES) {
    const base = `/api/${def.path}`
    const schemas = deps.schemas(def.type)

    app.get(base, async (req) => {
      checkRead(req, def.read)
      let rows = await listResources(deps.db, def.type)
      if (def.visible) {
        const visible = await def.visible(
          deps.db,
          req.principal,
          rows.map((r) => r.id),
        )
        rows = rows.filter((r) => visible.has(r.id))
      }
      return { data: rows.map((r) => present(def, r, req.principal)) }
    })

    app.get<{ Params: { id: string } }>(`${base}/:id`, async (req) => {
      checkRead(req, def.read)
      const row = await findResource(deps.db, def.type, req.params.id)
      if (!row) throw new HttpError(404, RESOURCE_NOT_FOUND)
      if (def.visible && !(await def.visible(deps.db, req.principal, [row.id])).has(row.id)) {
        throw new HttpError(404, RESOURCE_NOT_FOUND)
      }
      return { data: present(def, row, req.principal) }
    })

    if (def.create !== false)
      app.post(base, async (req, reply) => {
        const p = requireRole(req, ROLE_ADMIN)
        return idempotentWrite(req, reply, deps.db, 201, async (slot) => {
          const body = parseBody(schemas.create, req.body, req.locale) as Record<string, unknown>
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
      })

    const writable = writableFields(schemas.update)
    app.put<{ Params: { id: string } }>(`${base}/:id`, async (req, reply) => {
      const p = requireRole(req, ROLE_ADMIN)
      return idempotentWrite(req, reply, deps.db, 200, async (slot) => {
        const existing = await findResource(deps.db, def.type, req.params.id)
        if (!existing) throw new HttpError(404, RESOURCE_NOT_FOUND)
        // What GET answered is a valid PUT body: its id and the server-made fields come back as they are.
        const input = withoutEchoedFields(req.body, req.params.id, existing.data, writable)
        const { version, ...body } = parseBody(schemas.update, input, req.locale) as Record<
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
    })

    app.delete<{ Params: { id: string } }>(`${base}/:id`, async (req, reply) => {
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
    })
  }

  app.get<{ Params: { id: string } }>('/api/branches/:id/menus', async (req) => {
    const branch = await findResource(deps.db, 'branch', req.params.id)
    if (!branch) throw new HttpError(404, RESOURCE_NOT_FOUND)
    const menus = await menusOfBranch(deps.db, req.params.id)
    return { data: menus.map((m) => present({}, m, req.principal)) }
  })

  app.post<{ Params: { id: string } }>('/api/branches/:id/regenerate-api-key', async (req, reply) => {
    const p = requireRole(req, ROLE_ADMIN)
    return idempotentWrite(req, reply, deps.db, 200, async (slot) => {
      const { version } = parseBody(regenerateBodySchema, req.body, req.locale)
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
  })

  const configSchemas = deps.schemas('config')
  const configWritable = writableFields(configSchemas.update)
  app.get('/api/config', async (req) => {
    const row = await findResource(deps.db, 'config', CONFIG_ID)
    return { data: row ? present({}, row, req.principal) : null }
  })
  app.post('/api/config', async (req, reply) => {
    const p = requireRole(req, ROLE_ADMIN)
    return idempotentWrite(req, reply, deps.db, 200, async (slot) => {
      const command = commandOf(slot, (r) => present({}, r!, p))
      const existing = await findResource(deps.db, 'config', CONFIG_ID)
      if (!existing) {
        const data = parseBody(configSchemas.create, req.body, req.locale) as Record<string, unknown>
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
      const { version, ...data } = parseBody(configSchemas.update, input, req.locale) as Record<
        string,
        unknown
      > & {
        version: number
      }
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
  })

  // Who changed what, from the resources' own events.
  const logTypes = [...RESOURCE_TYPES, 'config']
  app.get('/api/logs', async (req) => {
    requireRole(req, ROLE_ADMIN)
    const q = (req.query ?? {}) as Record<string, string | undefined>
    const limit = Math.min(500, Math.max(1, Number.parseInt(q.limit ?? '100', 10) || 100))
    const before = q.before && /^\d{1,19}$/.test(q.before) ? q.before : undefined
    return { data: await resourceLog(deps.db, logTypes, { limit, before }) }
  })
  app.get<{ Params: { id: string } }>('/api/logs/:id', async (req) => {
    requireRole(req, ROLE_ADMIN)
    if (!/^\d{1,19}$/.test(req.params.id)) throw new HttpError(404, RESOURCE_NOT_FOUND)
    const entry = await resourceLogEntry(deps.db, logTypes, req.params.id)
    if (!entry) throw new HttpError(404, RESOURCE_NOT_FOUND)
    return { data: entry }
  })
}
