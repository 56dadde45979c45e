import { eventSubject } from '@shop/shared/contracts/subjects'
import type { StoredEvent } from '../event-store/types.ts'
import { type Bus, subjectMatches, type Unsubscribe } from './types.ts'

type LiveHandler = { pattern: string; fn: (subject: string, payload: unknown) => void }

/** The embedded mode's bus: the same port, in one process, nothing to install. */
export class MemoryBus implements Bus {
  readonly kind = 'memory' as const
  readonly root: string
  readonly #eventHandlers = new Set<(subject: string) => void>()
  readonly #appendedHandlers = new Set<() => void>()
  readonly #live = new Set<LiveHandler>()

  constructor(root = 'shop') {
    this.root = root
  }

  async publishEvents(events: readonly StoredEvent[]): Promise<void> {
    for (const e of events) {
      const subject = eventSubject(this.root, e)
      for (const h of this.#eventHandlers) queueMicrotask(() => h(subject))
    }
  }

  onEvent(handler: (subject: string) => void): Unsubscribe {
    this.#eventHandlers.add(handler)
    return () => this.#eventHandlers.delete(handler)
  }

  notifyAppended(): void {
    for (const h of this.#appendedHandlers) queueMicrotask(h)
  }

  onAppended(handler: () => void): Unsubscribe {
    this.#appendedHandlers.add(handler)
    return () => this.#appendedHandlers.delete(handler)
  }

  publishLive(subject: string, payload: unknown): void {
    for (const h of this.#live)
      if (subjectMatches(h.pattern, subject)) queueMicrotask(() => h.fn(subject, payload))
  }

  subscribeLive(pattern: string, fn: (subject: string, payload: unknown) => void): Unsubscribe {
    const h = { pattern, fn }
    this.#live.add(h)
    return () => this.#live.delete(h)
  }

  async flush(): Promise<void> {}

  async close(): Promise<void> {
    this.#eventHandlers.clear()
    this.#appendedHandlers.clear()
    this.#live.clear()
  }
}
