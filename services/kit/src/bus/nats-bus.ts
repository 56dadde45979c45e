import { type JetStreamClient, type JetStreamManager, jetstream, jetstreamManager } from '@nats-io/jetstream'
import { connect, type NatsConnection, type Subscription } from '@nats-io/transport-node'
import {
  allEventsSubject,
  appendedSubject,
  eventSubject,
  jetStreamName,
} from '@shop/shared/contracts/subjects'
import streamTemplate from '../../../../infra/nats/events.stream.json' with { type: 'json' }
import type { StoredEvent } from '../event-store/types.ts'
import type { Bus, Unsubscribe } from './types.ts'

const encoder = new TextEncoder()
const decoder = new TextDecoder()

export type NatsBusOptions = {
  url: string
  root?: string
  name?: string
  /** Time to wait for each JetStream ack before the publish counts as failed (ms). */
  ackTimeoutMs?: number
  /** Events in flight at once while publishing a batch. */
  maxInFlight?: number
}

/** Creates or updates the events stream from infra/nats/events.stream.json. */
export async function ensureEventStream(jsm: JetStreamManager, root: string): Promise<void> {
  const { $comment: _comment, ...template } = streamTemplate as Record<string, unknown>
  const config = { ...template, name: jetStreamName(root), subjects: [allEventsSubject(root)] }
  try {
    await jsm.streams.info(config.name)
    await jsm.streams.update(config.name, config as never)
  } catch (err) {
    if (!String((err as Error).message).includes('stream not found')) throw err
    await jsm.streams.add(config as never)
  }
}

export class NatsBus implements Bus {
  readonly kind = 'nats' as const
  readonly root: string
  readonly nc: NatsConnection
  readonly js: JetStreamClient
  readonly #ackTimeoutMs: number
  readonly #maxInFlight: number
  readonly #subs = new Set<Subscription>()

  constructor(nc: NatsConnection, root: string, opts: { ackTimeoutMs?: number; maxInFlight?: number } = {}) {
    this.nc = nc
    this.root = root
    this.js = jetstream(nc)
    this.#ackTimeoutMs = opts.ackTimeoutMs ?? 2000
    this.#maxInFlight = opts.maxInFlight ?? 256
  }

  async publishEvents(events: readonly StoredEvent[]): Promise<void> {
    for (let i = 0; i < events.length; i += this.#maxInFlight) {
      const chunk = events.slice(i, i + this.#maxInFlight)
      await Promise.all(
        chunk.map((e) =>
          // The event id is the message id: a republished event is dropped by JetStream.
          this.js.publish(eventSubject(this.root, e), encoder.encode(JSON.stringify(e)), {
            msgID: e.eventId,
            timeout: this.#ackTimeoutMs,
          }),
        ),
      )
    }
  }

  onEvent(handler: (subject: string) => void): Unsubscribe {
    return this.#subscribe(allEventsSubject(this.root), (subject) => handler(subject))
  }

  notifyAppended(): void {
    if (!this.nc.isClosed()) this.nc.publish(appendedSubject(this.root))
  }

  onAppended(handler: () => void): Unsubscribe {
    return this.#subscribe(appendedSubject(this.root), () => handler())
  }

  publishLive(subject: string, payload: unknown): void {
    if (!this.nc.isClosed()) this.nc.publish(subject, encoder.encode(JSON.stringify(payload)))
  }

  subscribeLive(subject: string, handler: (subject: string, payload: unknown) => void): Unsubscribe {
    return this.#subscribe(subject, (s, data) => {
      let payload: unknown
      try {
        payload = JSON.parse(decoder.decode(data))
      } catch {
        return
      }
      handler(s, payload)
    })
  }

  #subscribe(subject: string, fn: (subject: string, data: Uint8Array) => void): Unsubscribe {
    const sub = this.nc.subscribe(subject, {
      callback: (err, msg) => {
        if (!err) fn(msg.subject, msg.data)
      },
    })
    this.#subs.add(sub)
    return () => {
      this.#subs.delete(sub)
      sub.unsubscribe()
    }
  }

  async flush(): Promise<void> {
    if (!this.nc.isClosed()) await this.nc.flush()
  }

  async close(): Promise<void> {
    if (this.nc.isClosed()) return
    await this.nc.drain().catch(() => this.nc.close())
  }
}

export async function connectNatsBus(opts: NatsBusOptions): Promise<NatsBus> {
  const root = opts.root ?? 'shop'
  const nc = await connect({
    servers: opts.url,
    name: opts.name ?? 'shop',
    maxReconnectAttempts: -1,
    reconnectTimeWait: 250,
    pingInterval: 10_000,
  })
  await ensureEventStream(await jetstreamManager(nc), root)
  const busOpts: { ackTimeoutMs?: number; maxInFlight?: number } = {}
  if (opts.ackTimeoutMs !== undefined) busOpts.ackTimeoutMs = opts.ackTimeoutMs
  if (opts.maxInFlight !== undefined) busOpts.maxInFlight = opts.maxInFlight
  return new NatsBus(nc, root, busOpts)
}
