import type { StoredEvent } from '../event-store/types.ts'

export type Unsubscribe = () => void

/**
 * The event bus port: a durable channel for committed events (JetStream, or in-process in the
 * embedded mode) plus fire-and-forget signals (wake-ups and live read-model rows).
 */
export interface Bus {
  readonly kind: 'nats' | 'memory'
  readonly root: string
  /** Publishes committed events and resolves once every one is acknowledged. */
  publishEvents(events: readonly StoredEvent[]): Promise<void>
  /** Called for every event that reaches the bus (a wake-up; the store stays the truth). */
  onEvent(handler: (subject: string) => void): Unsubscribe
  /** Tells the publisher that new events were committed. */
  notifyAppended(): void
  onAppended(handler: () => void): Unsubscribe
  publishLive(subject: string, payload: unknown): void
  subscribeLive(subject: string, handler: (subject: string, payload: unknown) => void): Unsubscribe
  /** Flushes buffered core messages (tests and latency-sensitive callers). */
  flush(): Promise<void>
  close(): Promise<void>
}

/** NATS-style wildcard matching: `*` one token, `>` the rest. */
export function subjectMatches(pattern: string, subject: string): boolean {
  const p = pattern.split('.')
  const s = subject.split('.')
  for (let i = 0; i < p.length; i++) {
    if (p[i] === '>') return s.length > i
    if (i >= s.length) return false
    if (p[i] !== '*' && p[i] !== s[i]) return false
  }
  return p.length === s.length
}
