import {
  changeOrderItemBodySchema,
  counterAppointmentAnswerBodySchema,
  counterAppointmentProposalBodySchema,
  createOrderBodySchema,
  errorBodySchema,
  orderStatusCommandBodySchema,
  questionnaireBodySchema,
  RESOURCE_SCHEMAS,
  rejectOrderBodySchema,
} from '@shop/shared/contracts'
import { STATUS_ROUTE_ACTIONS } from '@shop/shared/domain/ordering'
import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import { printBodySchema } from './print/print.http.ts'
import { RESOURCES } from './resources/resource-registry.ts'

// The OpenAPI document, generated from the same zod schemas that validate the requests, so
// it cannot drift from what the server accepts.

type Json = Record<string, unknown>

const schema = (s: z.ZodType): Json => {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(s, { io: 'input', unrepresentable: 'any' }) as Json
  return rest
}

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` })
const json = (s: Json) => ({ content: { 'application/json': { schema: s } } })
const dataOf = (s: Json) => json({ type: 'object', properties: { data: s }, required: ['data'] })
const errors = (...codes: number[]) =>
  Object.fromEntries(
    codes.map((c) => [String(c), { description: ERROR_TEXT[c] ?? 'Error', ...json(ref('ErrorBody')) }]),
  )
const ERROR_TEXT: Record<number, string> = {
  400: 'Invalid input: one item per field',
  401: 'No session or credential',
  403: 'Not allowed for this caller',
  404: 'Not found',
  409: 'Illegal transition or stale version',
  413: 'The body or file is larger than the caller may send',
  422: 'Idempotency-Key reused for another request',
  429: 'Too many failed login attempts',
}
const idParam = { name: 'id', in: 'path', required: true, schema: { type: 'string' } }
const idempotencyHeader = {
  name: 'Idempotency-Key',
  in: 'header',
  required: false,
  description: 'A retried request with the same key and body returns the first answer and changes nothing.',
  schema: { type: 'string', maxLength: 200 },
}
const pascal = (s: string) =>
  s
    .split('-')
    .map((p) => p.charAt(0).toUpperCase() + p.slice(1))
    .join('')

export function buildOpenApi(): Json {
  const components: Record<string, Json> = {
    ErrorBody: schema(errorBodySchema),
    CreateOrder: schema(createOrderBodySchema),
    OrderStatusCommand: schema(orderStatusCommandBodySchema),
    RejectOrder: schema(rejectOrderBodySchema),
    ChangeOrderItem: schema(changeOrderItemBodySchema),
    PrintOrder: schema(printBodySchema),
    CounterAppointmentProposal: schema(counterAppointmentProposalBodySchema),
    CounterAppointmentAnswer: schema(counterAppointmentAnswerBodySchema),
    Questionnaire: schema(questionnaireBodySchema),
    OrderEventEntry: {
      type: 'object',
      description: 'One event of the order (details per type: docs/api.md)',
      properties: {
        position: { type: 'integer', minimum: 1 },
        type: { type: 'string' },
        at: { type: 'string', format: 'date-time' },
        actor: {
          type: 'object',
          properties: {
            kind: { enum: ['customer', 'staff', 'system'] },
            id: { type: 'string' },
            name: { type: 'string' },
          },
          required: ['kind'],
        },
        details: { type: 'object' },
      },
      required: ['position', 'type', 'at', 'actor', 'details'],
    },
    PrintLines: {
      type: 'object',
      properties: {
        width: { enum: [32, 42, 48] },
        lines: {
          type: 'array',
          items: {
            type: 'object',
            properties: { text: { type: 'string' }, bold: { type: 'boolean' }, double: { type: 'boolean' } },
            required: ['text'],
          },
        },
      },
      required: ['width', 'lines'],
    },
    Login: {
      type: 'object',
      properties: { username: { type: 'string' }, password: { type: 'string' } },
      required: ['username', 'password'],
    },
  }
  const order = { type: 'object', description: 'The public order view with its version (see docs/api.md)' }
  const paths: Record<string, Json> = {
    '/api/orders': {
      post: {
        summary: 'Place an order',
        parameters: [idempotencyHeader],
        requestBody: json(ref('CreateOrder')),
        responses: { '201': { description: 'The order', ...dataOf(order) }, ...errors(400, 422) },
      },
    },
    '/api/orders/{id}': {
      get: {
        summary:
          'One order for staff (session of the branch or X-Api-Key): the board view with ticket number and version',
        parameters: [idParam],
        responses: { '200': { description: 'The order', ...dataOf(order) }, ...errors(401, 403, 404) },
      },
    },
    '/api/orders/{id}/events': {
      get: {
        summary: "The order's timeline from the event store, oldest first: who did what, when (staff)",
        parameters: [idParam],
        responses: {
          '200': {
            description: 'The events',
            ...dataOf({ type: 'array', items: ref('OrderEventEntry') }),
          },
          ...errors(401, 403, 404),
        },
      },
    },
    '/api/orders/{id}/status/{action}': {
      post: {
        summary: `Staff status action: ${STATUS_ROUTE_ACTIONS.join(', ')} (reject: message required)`,
        parameters: [
          idParam,
          {
            name: 'action',
            in: 'path',
            required: true,
            schema: { enum: [...STATUS_ROUTE_ACTIONS] },
          },
          idempotencyHeader,
        ],
        requestBody: json({ oneOf: [ref('OrderStatusCommand'), ref('RejectOrder')] }),
        responses: {
          '200': { description: 'The order', ...dataOf(order) },
          ...errors(400, 401, 403, 404, 409),
        },
      },
    },
    '/api/orders/{id}/counter-appointment': {
      post: {
        summary: 'Propose another time (staff)',
        parameters: [idParam, idempotencyHeader],
        requestBody: json(ref('CounterAppointmentProposal')),
        responses: {
          '200': { description: 'The order', ...dataOf(order) },
          ...errors(400, 401, 403, 404, 409),
        },
      },
    },
    '/api/orders/{id}/items/{itemId}': {
      put: {
        summary: 'Change an item (staff); the item and the order are repriced from the catalogue',
        parameters: [
          idParam,
          { name: 'itemId', in: 'path', required: true, schema: { type: 'string' } },
          idempotencyHeader,
        ],
        requestBody: json(ref('ChangeOrderItem')),
        responses: {
          '200': { description: 'The order', ...dataOf(order) },
          ...errors(400, 401, 403, 404, 409),
        },
      },
    },
    '/api/orders/{id}/print': {
      post: {
        summary:
          'The receipt (staff): PDF, ESC/POS bytes for thermal printers, or its thermal layout as text or JSON lines',
        parameters: [idParam],
        requestBody: json(ref('PrintOrder')),
        responses: {
          '200': {
            description: 'The receipt',
            content: {
              'application/pdf': { schema: { type: 'string', format: 'binary' } },
              'application/vnd.escpos': { schema: { type: 'string', format: 'binary' } },
              'text/plain': { schema: { type: 'string' } },
              'application/json': {
                schema: { type: 'object', properties: { data: ref('PrintLines') }, required: ['data'] },
              },
            },
          },
          ...errors(400, 401, 403, 404),
        },
      },
    },
    '/api/orders/{id}/update-payment-status': {
      post: {
        summary: 'Ask the payment provider again and record its answer (staff)',
        parameters: [idParam],
        responses: {
          '200': { description: 'The order', ...dataOf(order) },
          ...errors(401, 403, 404, 409, 502, 503),
        },
      },
    },
    '/api/payments/webhook/{provider}': {
      post: {
        summary: "A payment provider's signed notification (stripe, test); repeats change nothing",
        parameters: [{ name: 'provider', in: 'path', required: true, schema: { type: 'string' } }],
        responses: { '200': { description: 'Accepted (also for repeats)' }, ...errors(400, 404) },
      },
    },
    '/api/orders/{id}/notifications': {
      get: {
        summary: "The order's notifications (staff): e-mails and SMS with status, attempts and last error",
        parameters: [idParam],
        responses: {
          '200': { description: 'The jobs', ...dataOf({ type: 'array' }) },
          ...errors(401, 403, 404),
        },
      },
    },
    '/api/orders/{id}/resend-new-order-email': {
      post: {
        summary: 'Send the new-order e-mail again (staff)',
        parameters: [idParam, idempotencyHeader],
        responses: { '202': { description: 'The queued job' }, ...errors(401, 403, 404, 409) },
      },
    },
    '/api/orders/{id}/resend-new-order-sms': {
      post: {
        summary: 'Send the new-order SMS again (staff)',
        parameters: [idParam, idempotencyHeader],
        responses: { '202': { description: 'The queued job' }, ...errors(401, 403, 404, 409) },
      },
    },
    '/api/orders/public/{uid}/{hash}': {
      get: {
        summary: 'The public order view (status page)',
        responses: { '200': { description: 'The order', ...dataOf(order) }, ...errors(404) },
      },
    },
    '/api/orders/public/{uid}/{hash}/confirm-counter-appointment': {
      post: {
        summary: 'Accept the proposed time',
        requestBody: json(ref('CounterAppointmentAnswer')),
        responses: errors(404, 409),
      },
    },
    '/api/orders/public/{uid}/{hash}/reject-counter-appointment': {
      post: {
        summary: 'Decline the proposed time (cancels the order)',
        requestBody: json(ref('CounterAppointmentAnswer')),
        responses: errors(404, 409),
      },
    },
    '/api/orders/public/{uid}/{hash}/questionnaire': {
      post: {
        summary: 'Rate the order once',
        requestBody: json(ref('Questionnaire')),
        responses: errors(400, 404, 409),
      },
    },
    '/api/orders/frontdesk/{branchId}/{apiKey}': {
      get: {
        summary: 'The frontdesk board: open and recently finished orders of a branch',
        responses: { '200': { description: 'The orders', ...dataOf({ type: 'array' }) }, ...errors(403) },
      },
    },
    '/api/orders/board/{branchId}': {
      get: {
        summary:
          'The same board for a staff session: an admin, or an employee of the branch (no api key needed)',
        parameters: [{ name: 'branchId', in: 'path', required: true, schema: { type: 'string' } }],
        responses: {
          '200': { description: 'The orders', ...dataOf({ type: 'array' }) },
          ...errors(401, 403, 404),
        },
      },
    },
    '/api/login': {
      post: {
        summary: 'Staff login (sets the session and XSRF-TOKEN cookies)',
        requestBody: json(ref('Login')),
        responses: errors(400, 401, 429),
      },
    },
    '/api/logout': {
      post: { summary: 'End the session', responses: { '200': { description: 'Logged out' } } },
    },
    '/api/users/me': { get: { summary: 'The me record: roles and user', responses: errors(401) } },
    '/api/init': {
      get: {
        summary: 'Everything a client needs to start, as [{ url, data }], with an ETag',
        responses: { '304': { description: 'Unchanged' } },
      },
    },
    '/api/config': {
      get: { summary: 'The shop configuration' },
      post: {
        summary: 'Create (first time) or update (with version) the configuration',
        requestBody: json(ref('UpdateConfig')),
        responses: errors(400, 401, 403, 409),
      },
    },
    '/api/logs': {
      get: { summary: 'Who changed which resource when (admins)', responses: errors(401, 403) },
    },
  }
  components.CreateConfig = schema(RESOURCE_SCHEMAS.config.create)
  components.UpdateConfig = schema(RESOURCE_SCHEMAS.config.update)
  for (const def of RESOURCES) {
    const key = def.path as keyof typeof RESOURCE_SCHEMAS
    const schemas = RESOURCE_SCHEMAS[key]
    if (!schemas) continue
    const name = pascal(def.type)
    components[`Create${name}`] = schema(schemas.create)
    components[`Update${name}`] = schema(schemas.update)
    const item = { type: 'object', description: `A ${def.type} with id and version` }
    paths[`/api/${def.path}`] = {
      get: {
        summary: `List ${def.path} (read: ${def.read})`,
        responses: {
          '200': { description: 'The list', ...dataOf({ type: 'array', items: item }) },
          ...errors(401, 403),
        },
      },
      post:
        def.create === false
          ? {
              summary:
                def.type === 'upload'
                  ? 'Upload a file as a data URL (anyone): { data, name? }; the type is decided by the bytes; at most 5 MB without a staff session, 10 MB with one (413), and a daily byte budget per client address (429)'
                  : 'Add an image as a data URL (admins): { data, name?, alt? }; jpg, png or gif by content; at most 10 MB (413)',
              responses: {
                '201': { description: 'Created', ...dataOf(item) },
                ...errors(400, 401, 403, 413, ...(def.type === 'upload' ? [429] : [])),
              },
            }
          : {
              summary: `Create a ${def.type} (admins)`,
              requestBody: json(ref(`Create${name}`)),
              responses: { '201': { description: 'Created', ...dataOf(item) }, ...errors(400, 401, 403) },
            },
    }
    paths[`/api/${def.path}/{id}`] = {
      get: {
        summary: `One ${def.type}`,
        parameters: [idParam],
        responses: { '200': { description: 'Found', ...dataOf(item) }, ...errors(401, 403, 404) },
      },
      put: {
        summary: `Replace a ${def.type} (admins; body carries the version)`,
        parameters: [idParam],
        requestBody: json(ref(`Update${name}`)),
        responses: { '200': { description: 'Updated', ...dataOf(item) }, ...errors(400, 401, 403, 404, 409) },
      },
      delete: {
        summary: `Delete a ${def.type} (admins; refused while referred to)`,
        parameters: [idParam, { name: 'version', in: 'query', required: false, schema: { type: 'integer' } }],
        responses: errors(401, 403, 404, 409),
      },
    }
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Shop API',
      version: '0.1.0',
      description:
        'Success bodies are { "data": … }, errors { "errors": [{ "field", "message" }] } with German messages. Staff calls use the session cookie plus the X-XSRF-TOKEN header, or X-Api-Key for a branch. Live updates: WebSocket /ws (see docs/api.md).',
    },
    paths,
    components: { schemas: components },
  }
}

export async function openApiRoutes(app: FastifyInstance): Promise<void> {
  let doc: Json | undefined
  app.get('/api/docs', async (_req, reply) => {
    doc ??= buildOpenApi()
    return reply.header('cache-control', 'public, max-age=300').send(doc)
  })
}
