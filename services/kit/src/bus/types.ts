import type { EventEnvelope } from '../event-store/types.ts'

export type Unsubscribe = () => void

/**
 * The event bus port: a durable channel for committed events (JetStream, or in-process in the
 * embedded mode) plus fire-and-forget signals (wake-ups and live read-model rows).
 */
export interface Bus {
  readonly kind: 'nats' | 'memory'
  readonly root: string
  /** Publishes committed events and resolves once every one is acknowledged. */
  publishEvents(events: readonly EventEnvelope[]): Promise<void>
  /** Called after a batch of events reached the bus (a wake-up; the store stays the truth). */
  onPublished(handler: () => void): Unsubscribe
  /** Called with the subject of every event of these stream types that reaches the bus. */
  onEvents(streamTypes: readonly string[], handler: (subject: string) => void): Unsubscribe
  /** Tells the readers of the store that new events were committed (coalesced per turn). */
  notifyAppended(): void
  onAppended(handler: () => void): Unsubscribe
  /** A new read-model row for the live rooms, as JSON text (serialised once, by its maker). */
  publishLive(subject: string, json: string): void
  /** The rows of matching subjects, as the JSON text that was published. */
  subscribeLive(subject: string, handler: (subject: string, json: string) => void): Unsubscribe
  /**
   * Called each time the bus's connection came back after it was lost: core messages (wake-ups,
   * live rows) sent meanwhile may never have arrived. The in-process bus loses nothing and never
   * calls it.
   */
  onReconnect(handler: () => void): Unsubscribe
  /** Whether the bus can carry messages now (false while NATS is away). */
  readonly connected: boolean
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
