/**
 * A send that did not go out. `permanent`: trying again cannot help (a refused address, a
 * number the gateway rejects), so the job fails at once instead of retrying.
 */
export class DeliveryError extends Error {
  readonly permanent: boolean
  constructor(message: string, opts: { permanent?: boolean; cause?: unknown } = {}) {
    super(message, opts.cause === undefined ? undefined : { cause: opts.cause })
    this.name = 'DeliveryError'
    this.permanent = opts.permanent ?? false
  }
}

export function isPermanent(err: unknown): boolean {
  return err instanceof DeliveryError && err.permanent
}

/** One line for the order's log: what went wrong, without stack or secrets. */
export function describeError(err: unknown): string {
  if (err instanceof Error) {
    const code = (err as { code?: unknown }).code
    const text =
      typeof code === 'string' && !err.message.includes(code) ? `${code}: ${err.message}` : err.message
    return text.slice(0, 1000)
  }
  return String(err).slice(0, 1000)
}
