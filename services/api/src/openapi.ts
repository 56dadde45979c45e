import swaggerUi from '@fastify/swagger-ui'
import type { FastifyInstance } from 'fastify'
import { z } from 'zod'

// /api/docs: the OpenAPI document made by @fastify/swagger from the registered routes and their
// zod schemas (installRouteSchemas in the kit), so it lists every route the process serves as it
// serves it; /api/docs/ui shows it with Swagger UI. openapi.int.test.ts fails when a served
// route is missing from it.

export const API_DESCRIPTION =
  'Success bodies are { "data": … }, errors { "errors": [{ "field", "message" }] } with German messages (English or French by Accept-Language). Staff calls use the session cookie plus the X-XSRF-TOKEN header, or X-Api-Key for a branch. Live updates: WebSocket /ws (docs/api.md).'

/** Where the document's browser view is served. */
export const DOCS_UI_PREFIX = '/api/docs/ui'

export async function openApiRoutes(app: FastifyInstance): Promise<void> {
  await app.register(swaggerUi, {
    routePrefix: DOCS_UI_PREFIX,
    // The UI's page with a policy of its own: only its own scripts, as every page of the shop.
    staticCSP: true,
    uiConfig: { docExpansion: 'list', deepLinking: true },
  })
  let doc: unknown
  app.get(
    '/api/docs',
    {
      schema: {
        summary:
          'This document (OpenAPI 3.1), made from the registered routes; its browser view: /api/docs/ui',
        tags: ['documentation'],
        response: { 200: z.looseObject({ openapi: z.string() }) },
      },
    },
    async (_req, reply) => {
      doc ??= app.swagger()
      return reply.header('cache-control', 'public, max-age=300').send(doc)
    },
  )
}
