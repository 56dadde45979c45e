import { brotliCompressSync, gzipSync, constants as zlib } from 'node:zlib'
import { type Db, readGeneration } from '@shop/kit'
import { listResourcesOfTypes } from '@shop/read-models'
import { dataOf, type InitAnswer, initAnswerSchema, paymentsInfoSchema } from '@shop/shared/contracts'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { z } from 'zod'
import { meRecord } from '../auth/auth.routes.ts'
import { typed } from '../http-schemas.ts'
import { type Payments, paymentsInfo } from '../payments/index.ts'
import { INIT_GENERATION, INIT_PARTS } from './generations.ts'
import { RESOURCES, type ResourceDef } from './resource-registry.ts'
import { CONFIG_ID, present } from './resources.routes.ts'

// GET /api/init: everything a client needs to start, in one answer (spec §4), from the
// resources read model. The ETag is the 'init' generation (moved by every write of these
// resources) plus who asks, so a client revalidates with one lookup and gets 304 when nothing
// changed.

const TYPES = INIT_PARTS.map(([type]) => type)
const DEFS = new Map(RESOURCES.map((d) => [d.type, d]))

export async function initRoutes(
  app: FastifyInstance,
  deps: { db: Db; payments?: Payments | undefined },
): Promise<void> {
  // Fixed for the process's life: its providers are made at start.
  const payments = paymentsInfo(deps.payments)
  // In the ETag: a restart that switches the test mode or a provider changes the answer.
  const paymentsTag = `${payments.testMode ? 't' : 'l'}${payments.onlineMethods.join('.')}`
  const api = typed(app)
  api.get(
    '/api/payments',
    {
      schema: {
        summary: 'What this process offers for online payments (test mode, online methods)',
        tags: ['storefront'],
        response: { 200: dataOf(paymentsInfoSchema) },
      },
    },
    async () => ({ data: payments }),
  )

  // The anonymous answer is the same for every visitor until a resource changes: built once
  // per 'init' generation (moved by every write of these resources, in commit order), it is then
  // served from memory. The rows are read after the generation, so a body is never older than
  // the generation it is kept under.
  let anonymous: CachedBody | undefined
  api.get(
    '/api/init',
    {
      schema: {
        summary: 'Everything a client needs to start, as [{ url, data }], with an ETag (If-None-Match: 304)',
        tags: ['storefront'],
        response: { 200: dataOf(initAnswerSchema), 304: z.undefined().describe('Unchanged') },
      },
    },
    async (req, reply) => {
      const generation = await readGeneration(deps.db, INIT_GENERATION)
      const who = req.principal
        ? `${req.principal.user.id}.${req.principal.session.tokenHash.slice(0, 8)}`
        : 'anon'
      const etag = `W/"${generation}-${who}-${paymentsTag}"`
      reply.header('etag', etag)
      // Personal when logged in (users/me, secrets for admins); always revalidated.
      reply.header('cache-control', req.principal ? 'private, no-cache' : 'public, no-cache')
      reply.header('vary', 'Cookie, Accept-Encoding')
      if (req.headers['if-none-match'] === etag) return reply.status(304).send()
      const position = generation
      if (!req.principal && anonymous?.position === position) return sendCompressed(req, reply, anonymous)

      const rows = await listResourcesOfTypes(deps.db, TYPES)
      const byType = new Map<string, ReturnType<typeof present>[]>()
      for (const r of rows) {
        const def: Partial<ResourceDef> = DEFS.get(r.type) ?? {}
        // A draft site is left out for anonymous visitors (resource-registry `shownTo`).
        if (def.shownTo && !def.shownTo(r.data, req.principal)) continue
        const item = present(def, r, req.principal)
        const list = byType.get(r.type)
        if (list) list.push(item)
        else byType.set(r.type, [item])
      }
      const data = INIT_PARTS.map(([type, url]) => ({
        url,
        data:
          type === 'config'
            ? (byType.get('config')?.find((c) => c.id === CONFIG_ID) ?? null)
            : (byType.get(type) ?? []),
      }))
      data.splice(1, 0, {
        url: '/api/users/me',
        data: req.principal ? meRecord(req.principal.user) : null,
      } as never)
      // Not a resource: what this process offers, e.g. that online payments are only simulated.
      data.push({ url: '/api/payments', data: payments } as never)
      // The parts are made per resource type from the registry: the list as a whole is the answer.
      if (req.principal) return { data: data as InitAnswer }
      anonymous = { position, body: JSON.stringify({ data }) }
      return sendCompressed(req, reply, anonymous)
    },
  )
}

type CachedBody = { position: string; body: string; br?: Buffer; gzip?: Buffer }

/**
 * The anonymous answer, compressed once per generation (it is the storefront's first and
 * largest request: ~120 KB of JSON for the demo, ~15 KB as brotli).
 */
function sendCompressed(req: FastifyRequest, reply: FastifyReply, cached: CachedBody) {
  const accepts = String(req.headers['accept-encoding'] ?? '')
  reply.type('application/json; charset=utf-8')
  if (/\bbr\b/.test(accepts)) {
    cached.br ??= brotliCompressSync(cached.body, {
      params: { [zlib.BROTLI_PARAM_QUALITY]: 9, [zlib.BROTLI_PARAM_SIZE_HINT]: cached.body.length },
    })
    return reply.header('content-encoding', 'br').send(cached.br)
  }
  if (/\bgzip\b/.test(accepts)) {
    cached.gzip ??= gzipSync(cached.body, { level: 9 })
    return reply.header('content-encoding', 'gzip').send(cached.gzip)
  }
  return reply.send(cached.body)
}
