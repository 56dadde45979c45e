import { createHash } from 'node:crypto'
import {
  type Db,
  findCommandResult,
  HttpError,
  type Idempotency,
  IdempotencyInProgressError,
  msg,
  type StoredAnswer,
  storedAnswerFor,
} from '@shop/kit'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { deviceCredentialOf } from './http-helpers.ts'
import { completeReservation, releaseReservation, reserveCommand } from './idempotency-store.ts'

// Idempotency-Key on every write that accepts it (docs/security.md "Idempotency"). A key is
// scoped to its caller: the store keeps `sha256(scope + key)`, never the bare header, so two
// callers who pick the same key never meet, and a key learnt from someone else opens nothing.
//
// - a branch api key (X-Api-Key decides, as for access): scope `key:<sha256 of the key>`;
// - a staff session: scope `user:<user id>`;
// - anyone else (customers): one anonymous scope, and the stored answer carries an owner, a
//   hash of the client address. A retry from the same address gets the first answer; one from
//   another address (a phone that moved from Wi-Fi to mobile data, or someone who learnt the
//   key) gets 409 and neither the answer (an order's status link) nor a second write.
//
// The request is named by method, path, query and the canonical JSON of its body (object keys
// sorted), so a retry that orders its keys differently is the same request; another request
// under the same key is 422.

const IDEMPOTENCY_KEY = /^[\x21-\x7e]{1,200}$/
// Raw keys are visible ASCII without spaces: a scoped id can never equal a key stored before
// keys were scoped (those simply never match again and lie unused).
const SCOPED_PREFIX = 'scoped '

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex')

/** JSON with every object's keys in code-unit order: one text per value, whatever the key order. */
export function canonicalJson(value: unknown): string {
  if (value === null || value === undefined) return 'null'
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`
  if (typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`
  }
  return JSON.stringify(value) ?? 'null'
}

/** The request a key stands for; an absent body and `{}` are the same request (parseBody's rule). */
export function requestHash(method: string, path: string, query: unknown, body: unknown): string {
  return sha256(`${method} ${path}\n${canonicalJson(query ?? {})}\n${canonicalJson(body ?? {})}`)
}

export type Caller = { scope: string; owner: string | null }

/** Who sends the request, as far as idempotency goes (see above). */
export function callerOf(req: FastifyRequest): Caller {
  const raw = req.headers['x-api-key']
  const apiKey = Array.isArray(raw) ? raw[0] : raw
  if (apiKey) return { scope: `key:${sha256(apiKey)}`, owner: null }
  // A paired device (the board tablet): its credential, as a key.
  const credential = deviceCredentialOf(req)
  if (credential) return { scope: `device:${sha256(credential)}`, owner: null }
  if (req.principal) return { scope: `user:${req.principal.user.id}`, owner: null }
  return { scope: 'anonymous', owner: `address:${sha256(req.ip)}` }
}

/**
 * The request's Idempotency-Key scoped to its caller, or undefined without one; 400 when
 * malformed. `caller` overrides who the caller is (the time-tracking terminal: its user, known by
 * access token and username, not by a session).
 */
export function idempotencyOf(req: FastifyRequest, caller: Caller = callerOf(req)): Idempotency | undefined {
  const raw = req.headers['idempotency-key']
  if (raw === undefined) return undefined
  const key = Array.isArray(raw) ? raw[0] : raw
  if (!key || !IDEMPOTENCY_KEY.test(key)) {
    throw new HttpError(400, msg('idempotencyKeyInvalid'), 'Idempotency-Key')
  }
  const { scope, owner } = caller
  const path = req.url.split('?')[0] ?? req.url
  return {
    key: `${SCOPED_PREFIX}${sha256(`${scope}\n${key}`)}`,
    requestHash: requestHash(req.method, path, req.query, req.body),
    owner,
  }
}

/** The first answer again. */
export function sendReplay(reply: FastifyReply, stored: StoredAnswer): FastifyReply {
  return reply
    .status(stored.status ?? 200)
    .header('idempotent-replayed', 'true')
    .send({ data: stored.result ?? null })
}

/** What a write stores with its idempotency key, in its own transaction. */
export type IdempotentSlot = {
  id: string
  requestHash: string
  /** The stored answer for the data the write answers. */
  stored: (data: unknown) => StoredAnswer
}

/**
 * A write with its answer kept under the request's Idempotency-Key: a retry answers what the
 * first attempt answered and writes nothing. `write` gets the slot to store in its transaction
 * (the resource store passes it to the append, so the answer commits with the write or not at
 * all) and returns the data it answers with `status`.
 */
export async function idempotentWrite(
  req: FastifyRequest,
  reply: FastifyReply,
  db: Db,
  status: number,
  write: (slot: IdempotentSlot | undefined) => Promise<unknown>,
  caller?: Caller,
): Promise<FastifyReply> {
  const idempotency = idempotencyOf(req, caller)
  if (!idempotency) return reply.status(status).send({ data: await write(undefined) })
  const earlier = await findCommandResult(db, idempotency.key)
  if (earlier) return sendReplay(reply, storedAnswerFor(earlier, idempotency))
  const owner = idempotency.owner ? { owner: idempotency.owner } : {}
  try {
    const data = await write({
      id: idempotency.key,
      requestHash: idempotency.requestHash,
      stored: (result) => ({ result, status, ...owner }),
    })
    return reply.status(status).send({ data })
  } catch (err) {
    // The same request may have won a race (in this or another process): answer as it answered.
    const raced = await findCommandResult(db, idempotency.key)
    if (raced) return sendReplay(reply, storedAnswerFor(raced, idempotency))
    throw err
  }
}

/**
 * Idempotency for a route whose write is not ours to put in a transaction (uploads and images:
 * their bytes go to disk first). The key is reserved before the handler runs (a concurrent
 * duplicate gets 409 "in progress", a later retry the answer), the answer is kept when the
 * handler succeeded, and the reservation is dropped when it failed. A process that dies in
 * between leaves a reservation that counts as abandoned after a minute; the retry then uploads
 * again, and the first upload, used by no order, is cleaned up like any unused one.
 */
export function idempotentRoute(db: Db, streamType: string) {
  const reserved = new WeakMap<FastifyRequest, Idempotency>()
  return {
    async preHandler(req: FastifyRequest, reply: FastifyReply): Promise<FastifyReply | undefined> {
      const idempotency = idempotencyOf(req)
      if (!idempotency) return undefined
      // Twice: a reservation released between our insert and our read is free again.
      for (let attempt = 0; attempt < 2; attempt++) {
        if (await reserveCommand(db, idempotency, streamType)) {
          reserved.set(req, idempotency)
          return undefined
        }
        const earlier = await findCommandResult(db, idempotency.key)
        if (earlier) return sendReplay(reply, storedAnswerFor(earlier, idempotency))
      }
      throw new IdempotencyInProgressError()
    },
    async onSend(req: FastifyRequest, reply: FastifyReply, payload: unknown): Promise<unknown> {
      const idempotency = reserved.get(req)
      if (!idempotency) return payload
      reserved.delete(req)
      if (reply.statusCode >= 200 && reply.statusCode < 300 && typeof payload === 'string') {
        const data = (JSON.parse(payload) as { data?: unknown }).data ?? null
        const id = (data as { id?: unknown } | null)?.id
        await completeReservation(db, idempotency, typeof id === 'string' ? `${streamType}-${id}` : null, {
          result: data,
          status: reply.statusCode,
          ...(idempotency.owner ? { owner: idempotency.owner } : {}),
        })
      } else {
        await releaseReservation(db, idempotency.key)
      }
      return payload
    },
  }
}
