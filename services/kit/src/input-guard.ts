import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { HttpError, msg } from './http.ts'

// One filter in front of every route (docs/security.md "Input"): characters no text of the shop
// ever needs are refused before validation, so they can neither reach PostgreSQL (which refuses
// NUL in text and lone surrogates in JSON, and answered 500) nor be printed on a board, a
// receipt or a cake (bidi overrides reorder what staff read). Tab, line feed and carriage
// return stay allowed; so do emoji (zero-width joiners) and the bidi marks LRM and RLM.

/** C0 controls but tab, LF, CR; DEL and C1; bidi embeddings, overrides and isolates; lone surrogates. */
const FORBIDDEN =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/

/** Deeper than any body of the API (typed content: sections → columns → items → fields …). */
export const MAX_INPUT_DEPTH = 32

export type InputProblem = { field: string; problem: 'characters' | 'depth' }

export function hasForbiddenCharacters(text: string): boolean {
  return FORBIDDEN.test(text)
}

/**
 * The first problem of a parsed JSON value: a string or key with forbidden characters, or nesting
 * deeper than `maxDepth`. Walks with its own stack: a hostile body cannot overflow the call stack.
 */
export function inspectInput(value: unknown, maxDepth = MAX_INPUT_DEPTH): InputProblem | undefined {
  const stack: Array<{ v: unknown; path: string; depth: number }> = [{ v: value, path: '', depth: 0 }]
  while (stack.length > 0) {
    const { v, path, depth } = stack.pop()!
    if (typeof v === 'string') {
      if (FORBIDDEN.test(v)) return { field: path, problem: 'characters' }
      continue
    }
    if (typeof v !== 'object' || v === null) continue
    if (depth >= maxDepth) return { field: path, problem: 'depth' }
    const entries: Array<[string, unknown]> = Array.isArray(v)
      ? v.map((item, i) => [String(i), item])
      : Object.entries(v)
    for (let i = entries.length - 1; i >= 0; i--) {
      const [key, item] = entries[i]!
      const childPath = path ? `${path}.${key}` : key
      if (!Array.isArray(v) && FORBIDDEN.test(key)) return { field: childPath, problem: 'characters' }
      stack.push({ v: item, path: childPath, depth: depth + 1 })
    }
  }
  return undefined
}

export function inputProblemError(problem: InputProblem): HttpError {
  return new HttpError(
    400,
    msg(problem.problem === 'depth' ? 'nestedTooDeep' : 'forbiddenCharacters'),
    problem.field,
  )
}

/**
 * The path and query with their percent-escapes decoded, as the routes will see them. A broken
 * UTF-8 run stays as it is but for its ASCII escapes (every forbidden C0 character is one).
 */
export function decodedUrl(url: string): string {
  return url.replace(/(?:%[0-9a-fA-F]{2})+/g, (run) => {
    try {
      return decodeURIComponent(run)
    } catch {
      return run.replace(/%([0-7][0-9a-fA-F])/g, (_m, hex: string) =>
        String.fromCharCode(Number.parseInt(hex, 16)),
      )
    }
  })
}

/**
 * Installs the filter on an instance before its routes: the URL (path and query, decoded) in
 * `onRequest`, JSON bodies in the JSON parser (Fastify's own, with prototype poisoning refused).
 */
export function installInputGuards(app: FastifyInstance): void {
  app.addHook('onRequest', async (req: FastifyRequest, _reply: FastifyReply) => {
    if (FORBIDDEN.test(decodedUrl(req.url))) throw new HttpError(400, msg('forbiddenCharacters'))
  })
  const parseJson = app.getDefaultJsonParser('error', 'error')
  app.removeContentTypeParser('application/json')
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    parseJson(req, body as string, (err, value) => {
      if (err) return done(err, undefined)
      const problem = inspectInput(value)
      if (problem) return done(inputProblemError(problem), undefined)
      done(null, value)
    })
  })
}
