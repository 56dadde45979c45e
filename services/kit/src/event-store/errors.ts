// Errors the event store raises; the HTTP layer maps them to statuses.
export class WrongExpectedVersionError extends Error {
  readonly streamId: string
  readonly expected: number | null
  readonly current: number
  constructor(streamId: string, expected: number | null, current: number) {
    super(`wrong expected version for ${streamId}: expected ${expected}, current ${current}`)
    this.name = 'WrongExpectedVersionError'
    this.streamId = streamId
    this.expected = expected
    this.current = current
  }
}

/** An append guarded by a generation (see `generations.ts`) found it moved: nothing was written. */
export class GenerationMovedError extends Error {
  readonly generation: string
  readonly expected: string
  readonly current: string
  constructor(generation: string, expected: string, current: string) {
    super(`generation ${generation} moved: expected ${expected}, current ${current}`)
    this.name = 'GenerationMovedError'
    this.generation = generation
    this.expected = expected
    this.current = current
  }
}

export class IdempotencyKeyReusedError extends Error {
  constructor() {
    super('idempotency key reused for a different request')
    this.name = 'IdempotencyKeyReusedError'
  }
}

/**
 * The key's first request came from another anonymous caller (another client address): its
 * answer is not shown here, and nothing is written again.
 */
export class IdempotencyKeyOtherCallerError extends Error {
  constructor() {
    super('idempotency key used by another caller')
    this.name = 'IdempotencyKeyOtherCallerError'
  }
}

/** The key's first request is still being processed (an upload reserves its key before it stores). */
export class IdempotencyInProgressError extends Error {
  constructor() {
    super('idempotent request still in progress')
    this.name = 'IdempotencyInProgressError'
  }
}

type PgError = { code?: string; detail?: string }

export function pgCode(err: unknown): string | undefined {
  return typeof err === 'object' && err !== null ? (err as PgError).code : undefined
}

export function isSerializationFailure(err: unknown): boolean {
  const code = pgCode(err)
  return code === '40001' || code === '40P01'
}
