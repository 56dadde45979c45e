import {
  IdempotencyInProgressError,
  IdempotencyKeyOtherCallerError,
  IdempotencyKeyReusedError,
  storedAnswerFor,
} from '@shop/kit'
import type { FastifyRequest } from 'fastify'
import { describe, expect, it } from 'vitest'
import { canonicalJson, idempotencyOf, requestHash } from './idempotency.ts'

/** The parts of a request idempotencyOf reads. */
function request(over: {
  key?: string
  apiKey?: string
  user?: string
  ip?: string
  body?: unknown
  url?: string
  method?: string
  query?: unknown
}): FastifyRequest {
  return {
    headers: {
      ...(over.key === undefined ? {} : { 'idempotency-key': over.key }),
      ...(over.apiKey === undefined ? {} : { 'x-api-key': over.apiKey }),
    },
    principal: over.user ? { user: { id: over.user } } : null,
    ip: over.ip ?? '198.51.100.7',
    method: over.method ?? 'POST',
    url: over.url ?? '/api/orders',
    query: over.query ?? {},
    body: over.body ?? { a: 1 },
  } as unknown as FastifyRequest
}

describe('canonical JSON', () => {
  it('one text whatever the order of the keys, at every depth; arrays keep their order', () => {
    const a = { b: 1, a: { d: [3, { z: 1, y: 2 }], c: 'x' } }
    const b = { a: { c: 'x', d: [3, { y: 2, z: 1 }] }, b: 1 }
    expect(canonicalJson(a)).toBe(canonicalJson(b))
    expect(canonicalJson(a)).toBe('{"a":{"c":"x","d":[3,{"y":2,"z":1}]},"b":1}')
    expect(canonicalJson([1, 2])).not.toBe(canonicalJson([2, 1]))
  })

  it('values as JSON writes them: undefined fields left out, strings escaped', () => {
    expect(canonicalJson({ a: undefined, b: null, c: 'ä"\n' })).toBe('{"b":null,"c":"ä\\"\\n"}')
    expect(canonicalJson(1.5)).toBe('1.5')
    expect(canonicalJson(undefined)).toBe('null')
  })
})

describe('the request a key stands for', () => {
  it('reordered keys are the same request; another body, path, method or query is another', () => {
    const base = requestHash('POST', '/api/tags', {}, { name: 'a', image: null })
    expect(requestHash('POST', '/api/tags', {}, { image: null, name: 'a' })).toBe(base)
    expect(requestHash('POST', '/api/tags', {}, { name: 'b', image: null })).not.toBe(base)
    expect(requestHash('POST', '/api/tag', {}, { name: 'a', image: null })).not.toBe(base)
    expect(requestHash('PUT', '/api/tags', {}, { name: 'a', image: null })).not.toBe(base)
    expect(requestHash('POST', '/api/tags', { version: '2' }, { name: 'a', image: null })).not.toBe(base)
    // No body and an empty object are the same request (the routes read them alike).
    expect(requestHash('POST', '/x', {}, undefined)).toBe(requestHash('POST', '/x', {}, {}))
  })
})

describe('keys scoped to the caller', () => {
  it('none without the header; 400 for a malformed one', () => {
    expect(idempotencyOf(request({}))).toBeUndefined()
    expect(() => idempotencyOf(request({ key: 'mit leerzeichen' }))).toThrow()
    expect(() => idempotencyOf(request({ key: 'x'.repeat(201) }))).toThrow()
  })

  it('the same key of two staff users, of a branch key and of customers are four keys', () => {
    const ids = [
      idempotencyOf(request({ key: 'k1', user: 'u1' })),
      idempotencyOf(request({ key: 'k1', user: 'u2' })),
      idempotencyOf(request({ key: 'k1', apiKey: 'branch-key' })),
      idempotencyOf(request({ key: 'k1' })),
    ].map((i) => i?.key)
    expect(new Set(ids).size).toBe(4)
    // The bare key is never stored: a key stored before scoping cannot be met.
    for (const id of ids) expect(id).not.toBe('k1')
    // The api key decides over a session (as for access).
    expect(idempotencyOf(request({ key: 'k1', apiKey: 'branch-key', user: 'u1' }))?.key).toBe(ids[2])
  })

  it('customers share one scope; the address is the owner of the answer, staff have none', () => {
    const phone = idempotencyOf(request({ key: 'k', ip: '198.51.100.7' }))!
    const moved = idempotencyOf(request({ key: 'k', ip: '203.0.113.9' }))!
    expect(moved.key).toBe(phone.key)
    expect(moved.owner).not.toBe(phone.owner)
    expect(phone.owner).not.toContain('198.51.100.7')
    expect(idempotencyOf(request({ key: 'k', user: 'u1' }))!.owner).toBeNull()
  })
})

describe('what a retry gets', () => {
  const first = { key: 'id', requestHash: 'h', owner: 'address:a' }
  const stored = { result: { result: { ok: 1 }, status: 201, owner: 'address:a' }, requestHash: 'h' }

  it('the first answer for the same request of the same caller', () => {
    expect(storedAnswerFor(stored, first)).toEqual({ result: { ok: 1 }, status: 201, owner: 'address:a' })
  })

  it('another owner: refused before anything about the request is said', () => {
    expect(() => storedAnswerFor(stored, { ...first, owner: 'address:b' })).toThrow(
      IdempotencyKeyOtherCallerError,
    )
    expect(() => storedAnswerFor(stored, { ...first, owner: 'address:b', requestHash: 'x' })).toThrow(
      IdempotencyKeyOtherCallerError,
    )
  })

  it('another request: 422; a reservation still running: in progress', () => {
    expect(() => storedAnswerFor(stored, { ...first, requestHash: 'x' })).toThrow(IdempotencyKeyReusedError)
    expect(() =>
      storedAnswerFor({ result: { pending: true, owner: 'address:a' }, requestHash: 'h' }, first),
    ).toThrow(IdempotencyInProgressError)
  })

  it('answers stored without an owner (staff, payments, before scoping) have no owner check', () => {
    expect(storedAnswerFor({ result: { result: 1, version: 2 }, requestHash: 'h' }, first)).toEqual({
      result: 1,
      version: 2,
    })
  })
})
