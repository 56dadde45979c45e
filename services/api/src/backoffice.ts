import { existsSync, readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import fastifyStatic from '@fastify/static'
import { errorBody, msg } from '@shop/kit'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { inlineHashes, withPagePolicy } from './security-headers.ts'
import { PAGE } from './web-page.ts'

/** The built back-office (`npm run build:web`), beside the API in the repository. */
export const DEFAULT_BACKOFFICE_ROOT = join(
  dirname(fileURLToPath(import.meta.url)),
  '..',
  '..',
  '..',
  'web',
  'backoffice',
  'dist',
)

/** The back-office's URL prefix (spec §2): its own app, same origin as /api and /ws. */
export const BACKOFFICE_PREFIX = '/backend'

/**
 * The back-office app from the API process (docs/backoffice.md): `/backend/assets/*` (content
 * hashed) for a year, its other files as they are, and its index.html (no-cache) for
 * `/backend`, `/backend/` and every other path under it (the client routes them). The build's
 * .br and .gz copies are sent to browsers that accept them. A missing file that looks like a
 * file (an extension, /assets/) keeps the JSON 404. False when the back-office was not built
 * (nothing registered).
 */
export async function backofficeRoutes(
  app: FastifyInstance,
  deps: { root?: string | undefined } = {},
): Promise<boolean> {
  const root = deps.root ?? DEFAULT_BACKOFFICE_ROOT
  // Not built: nothing under /backend (the storefront leaves it alone too).
  if (!existsSync(join(root, 'index.html'))) return false
  // The page's inline theme script, allowed by its hash (security-headers.ts).
  const inline = inlineHashes(readFileSync(join(root, 'index.html'), 'utf8'))
  await app.register(
    async (scope) => {
      const sendIndex = (reply: FastifyReply) =>
        withPagePolicy(reply, inline)
          .header('cache-control', 'no-cache')
          .type('text/html; charset=utf-8')
          .send(readFileSync(join(root, 'index.html')))
      // Its own scope: the storefront's static root keeps `reply.sendFile`.
      await scope.register(fastifyStatic, {
        root,
        preCompressed: true,
        decorateReply: false,
        index: false,
        redirect: false,
        cacheControl: false,
        setHeaders(reply, path) {
          reply.header(
            'cache-control',
            path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
          )
        },
      })
      scope.get('/', PAGE, (_req, reply) => sendIndex(reply))
      scope.setNotFoundHandler((req, reply) => {
        const path = (req.url.split('?')[0] ?? '').slice(BACKOFFICE_PREFIX.length)
        if (req.method !== 'GET' && req.method !== 'HEAD') return notFound(req, reply)
        if (path.startsWith('/assets/') || /\/[^/]+\.[a-z0-9]+$/i.test(path)) return notFound(req, reply)
        return sendIndex(reply)
      })
    },
    { prefix: BACKOFFICE_PREFIX },
  )
  return true
}

function notFound(req: FastifyRequest, reply: FastifyReply) {
  const locale = (req as { locale?: string }).locale
  return reply.status(404).send(errorBody([{ field: '', message: msg('routeNotFound') }], locale))
}
