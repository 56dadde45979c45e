import { subjectMatches, type Unsubscribe } from './types.ts'

type LiveHandler = { pattern: string; fn: (subject: string, json: string) => void }
type EventsHandler = { streamTypes: ReadonlySet<string>; fn: (subject: string) => void }

/**
 * The handlers of one process, called directly for whatever this process publishes itself:
 * the embedded bus is nothing else, and the NATS bus (which does not echo a connection's own
 * messages) uses it so its own signals and rows never take the detour through the server.
 * Handlers run in a microtask, never inside the publisher's call.
 */
export class LocalHandlers {
  readonly #appended = new Set<() => void>()
  readonly #published = new Set<() => void>()
  readonly #events = new Set<EventsHandler>()
  readonly #live = new Set<LiveHandler>()

  onAppended(fn: () => void): Unsubscribe {
    this.#appended.add(fn)
    return () => this.#appended.delete(fn)
  }

  onPublished(fn: () => void): Unsubscribe {
    this.#published.add(fn)
    return () => this.#published.delete(fn)
  }

  onEvents(streamTypes: readonly string[], fn: (subject: string) => void): Unsubscribe {
    const h = { streamTypes: new Set(streamTypes), fn }
    this.#events.add(h)
    return () => this.#events.delete(h)
  }

  subscribeLive(pattern: string, fn: (subject: string, json: string) => void): Unsubscribe {
    const h = { pattern, fn }
    this.#live.add(h)
    return () => this.#live.delete(h)
  }

  get hasAppended(): boolean {
    return this.#appended.size > 0
  }

  appended(): void {
    for (const h of this.#appended) queueMicrotask(h)
  }

  published(): void {
    for (const h of this.#published) queueMicrotask(h)
  }

  /** `subjects` with the stream type of each: `<root>.<streamType>.…`. */
  events(published: readonly { subject: string; streamType: string }[]): void {
    if (this.#events.size === 0) return
    for (const { subject, streamType } of published) {
      for (const h of this.#events) if (h.streamTypes.has(streamType)) queueMicrotask(() => h.fn(subject))
    }
  }

  live(subject: string, json: string): void {
    for (const h of this.#live)
      if (subjectMatches(h.pattern, subject)) queueMicrotask(() => h.fn(subject, json))
  }

  clear(): void {
    this.#appended.clear()
    this.#published.clear()
    this.#events.clear()
    this.#live.clear()
  }
}
