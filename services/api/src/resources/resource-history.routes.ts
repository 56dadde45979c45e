import { type Bus, type Db, errorBody, HttpError, msg, readStream } from '@shop/kit'
import { findResource, resourcesById } from '@shop/read-models'
import {
  dataOf,
  historyEntrySchema,
  historyQuerySchema,
  type RestoreBody,
  resourceItemSchema,
  restoreBodySchema,
} from '@shop/shared/contracts'
import { t } from '@shop/shared/i18n'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { z } from 'zod'
import { type Principal, ROLE_ADMIN, requireRole } from '../auth/guard.ts'
import { parseBody } from '../http-helpers.ts'
import { beforeValidation, errorAnswers, idempotencyHeaders, idParams, typed } from '../http-schemas.ts'
import { idempotentWrite } from '../idempotency.ts'
import { actorIds, resourceHistory, stateAt } from './resource-history.ts'
import { RESOURCES, type ResourceDef } from './resource-registry.ts'
import { RESOURCE_NOT_FOUND, recreateResource, resourceStreamId, updateResource } from './resource-store.ts'
import { serverMadeFields, writableFields } from './round-trip.ts'
import { actorOf, commandOf, present, withReferences } from './write-steps.ts'

// A resource's history and its restore (docs/api.md "History and restore"): GET …/history lists
// the stream's events newest first with their changes; POST …/restore appends one new event that
// makes an older version's state current again (never a rewrite of the stream). A restore is
// taken like a PUT of that state: the write schema of today, unique values, references, and the
// fields the server made kept as they are now. Admins only, like the log: a history shows who
// changed what, and states the public never saw.

export type HistoryRouteDeps = {
  db: Db
  bus: Bus
  /** The update (PUT) schema by resource type. */
  updateSchema: (type: string) => z.ZodType
  /** The configuration's id (one object, /api/config). */
  configId: string
}

type Target = {
  def: Pick<ResourceDef, 'type' | 'prepare' | 'present' | 'references' | 'create'>
  update: z.ZodType
  writable: ReadonlySet<string>
}

const pageQuery = historyQuerySchema

function pageOf(query: z.infer<typeof pageQuery>): { limit: number; before: number | undefined } {
  // Lenient like the log's: a limit that is no number takes the default.
  const limit = Math.min(500, Math.max(1, Number.parseInt(query.limit ?? '100', 10) || 100))
  const before = Number.parseInt(query.before ?? '', 10)
  return { limit, before: Number.isSafeInteger(before) && before > 0 ? before : undefined }
}

/** A restored state that today's rules or data refuse: 409, the reasons after a sentence that says so. */
function noLongerValid(from: number, refused: HttpError): HttpError {
  const summary = (locale?: string) => {
    const reasons = errorBody(refused.errors, locale)
      .errors.map((e) => (e.field ? `${e.field}: ${e.message}` : e.message))
      .join(' ')
    return t('errors:errors.restoreInvalid', { version: from, reasons }, locale)
  }
  return new HttpError(409, [{ field: 'from', message: summary }, ...refused.errors])
}

export async function resourceHistoryRoutes(app: FastifyInstance, deps: HistoryRouteDeps): Promise<void> {
  const api = typed(app)
  const admin = beforeValidation((req: FastifyRequest) => requireRole(req, ROLE_ADMIN))

  const targetOf = (def: Target['def']): Target => {
    const update = deps.updateSchema(def.type)
    return { def, update, writable: writableFields(update) }
  }

  async function history(target: Target, id: string, query: z.infer<typeof pageQuery>) {
    const stream = await readStream(deps.db, resourceStreamId(target.def.type, id))
    if (stream.version === 0) throw new HttpError(404, RESOURCE_NOT_FOUND)
    const users = await resourcesById(deps.db, 'user', actorIds(stream.events))
    const usernames = new Map(
      users.flatMap((u) => (typeof u.data.username === 'string' ? [[u.id, u.data.username] as const] : [])),
    )
    const { limit, before } = pageOf(query)
    const entries = resourceHistory(stream.events, { writable: target.writable, usernames })
    return { data: entries.filter((e) => before === undefined || e.version < before).slice(0, limit) }
  }

  async function restore(
    target: Target,
    id: string,
    body: RestoreBody,
    req: FastifyRequest,
    reply: FastifyReply,
    p: Principal,
  ) {
    const { def, update, writable } = target
    return idempotentWrite(req, reply, deps.db, 200, async (slot) => {
      const stream = await readStream(deps.db, resourceStreamId(def.type, id))
      if (stream.version === 0) throw new HttpError(404, RESOURCE_NOT_FOUND)
      if (body.version !== stream.version) {
        throw new HttpError(
          409,
          msg('staleVersion', { current: stream.version, given: body.version }),
          'version',
        )
      }
      if (body.from > stream.version)
        throw new HttpError(400, msg('versionUnknown', { version: body.from }), 'from')
      if (body.from === stream.version) throw new HttpError(400, msg('restoreCurrent'), 'from')
      const old = stateAt(stream.events, body.from)
      if (!old) throw new HttpError(400, msg('restoreDeletion'), 'from')
      const existing = await findResource(deps.db, def.type, id)
      // A file's bytes go with its deletion: its metadata alone would name nothing.
      if (!existing && def.create === false) throw new HttpError(409, msg('restoreFileDeleted'), 'from')
      const command = commandOf(slot, (r) => present(def, r!, p))
      try {
        // The old state as a PUT body of today: what a write takes of it, with today's version.
        const input = Object.fromEntries(Object.entries(old).filter(([field]) => writable.has(field)))
        const { version: _version, ...parsed } = parseBody(
          update,
          { ...input, version: body.version },
          req.locale,
        ) as {
          version: number
        } & Record<string, unknown>
        const { data, alongside } = def.prepare
          ? await def.prepare(parsed, existing?.data)
          : { data: parsed, alongside: undefined }
        const write = {
          db: deps.db,
          bus: deps.bus,
          type: def.type,
          actor: actorOf(p),
          id,
          version: body.version,
          restoredFrom: body.from,
          alongside: withReferences(def, data, alongside),
          command,
        }
        const row = existing
          ? await updateResource({
              ...write,
              // What the server made stays as it is now (a file's type, a branch's api key).
              data: (current: Record<string, unknown>) => ({
                ...serverMadeFields(current, writable),
                ...data,
              }),
            })
          : await recreateResource({ ...write, data: { ...serverMadeFields(old, writable), ...data } })
        return present(def, row, p)
      } catch (err) {
        if (err instanceof HttpError && err.status === 400) throw noLongerValid(body.from, err)
        throw err
      }
    })
  }

  const historyAnswers = { 200: dataOf(z.array(historyEntrySchema)), ...errorAnswers(401, 403, 404) }
  const restoreAnswers = (type: string) => ({
    200: dataOf(resourceItemSchema(type)),
    ...errorAnswers(400, 401, 403, 404, 409, 422),
  })

  for (const def of RESOURCES) {
    const base = `/api/${def.path}/:id`
    const target = targetOf(def)
    const tags = ['resources']
    api.get(
      `${base}/history`,
      {
        preValidation: admin.preValidation,
        schema: {
          summary: `The ${def.type}'s changes, newest first (admins): who, when, which fields`,
          tags,
          params: idParams,
          querystring: pageQuery,
          response: historyAnswers,
        },
      },
      (req) => history(target, req.params.id, req.query),
    )
    api.post(
      `${base}/restore`,
      {
        preValidation: admin.preValidation,
        schema: {
          summary: `Make an older version of the ${def.type} current again, as a new event (admins; checked like a PUT)`,
          tags,
          params: idParams,
          headers: idempotencyHeaders,
          body: restoreBodySchema,
          response: restoreAnswers(def.type),
        },
      },
      (req, reply) => restore(target, req.params.id, req.body, req, reply, admin.of(req)),
    )
  }

  const config = targetOf({ type: 'config' })
  api.get(
    '/api/config/history',
    {
      preValidation: admin.preValidation,
      schema: {
        summary: "The configuration's changes, newest first (admins)",
        tags: ['resources'],
        querystring: pageQuery,
        response: historyAnswers,
      },
    },
    (req) => history(config, deps.configId, req.query),
  )
  api.post(
    '/api/config/restore',
    {
      preValidation: admin.preValidation,
      schema: {
        summary: 'Make an older version of the configuration current again, as a new event (admins)',
        tags: ['resources'],
        headers: idempotencyHeaders,
        body: restoreBodySchema,
        response: restoreAnswers('config'),
      },
    },
    (req, reply) => restore(config, deps.configId, req.body, req, reply, admin.of(req)),
  )
}
