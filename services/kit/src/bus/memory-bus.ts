import { eventSubject } from '@shop/shared/contracts/subjects'
import type { EventEnvelope } from '../event-store/types.ts'
import { LocalHandlers } from './local-handlers.ts'
import type { Bus, Unsubscribe } from './types.ts'

/** The embedded mode's bus: the same port, in one process, nothing to install. */
export class MemoryBus implements Bus {
  readonly kind = 'memory' as const
  readonly root: string
  readonly #local = new LocalHandlers()

  constructor(root = 'shop') {
    this.root = root
  }

  async publishEvents(events: readonly EventEnvelope[]): Promise<void> {
    this.#local.events(events.map((e) => ({ subject: eventSubject(this.root, e), streamType: e.streamType })))
    if (events.length > 0) this.#local.published()
  }

  onPublished(handler: () => void): Unsubscribe {
    return this.#local.onPublished(handler)
  }

  onEvents(streamTypes: readonly string[], handler: (subject: string) => void): Unsubscribe {
    return this.#local.onEvents(streamTypes, handler)
  }

  notifyAppended(): void {
    this.#local.appended()
  }

  onAppended(handler: () => void): Unsubscribe {
    return this.#local.onAppended(handler)
  }

  publishLive(subject: string, json: string): void {
    this.#local.live(subject, json)
  }

  subscribeLive(pattern: string, handler: (subject: string, json: string) => void): Unsubscribe {
    return this.#local.subscribeLive(pattern, handler)
  }

  onReconnect(_handler: () => void): Unsubscribe {
    return () => {}
  }

  get connected(): boolean {
    return true
  }

  async flush(): Promise<void> {}

  async close(): Promise<void> {
    this.#local.clear()
  }
}
