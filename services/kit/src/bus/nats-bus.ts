import { type JetStreamClient, type JetStreamManager, jetstream, jetstreamManager } from '@nats-io/jetstream'
import { connect, type NatsConnection, type Subscription } from '@nats-io/transport-node'
import {
  allEventsSubject,
  appendedSubject,
  eventSubject,
  jetStreamName,
  publishedSubject,
  token,
} from '@shop/shared/contracts/subjects'
import streamTemplate from '../../../../infra/nats/events.stream.json' with { type: 'json' }
import type { EventEnvelope } from '../event-store/types.ts'
import { LocalHandlers } from './local-handlers.ts'
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
  /**
   * Copies of the events stream in a NATS cluster (`NATS_STREAM_REPLICAS`, default 1; 3 for the
   * three-node cluster of infra/nats/cluster.conf: any one node may go).
   */
  replicas?: number
}

/** Creates or updates the events stream from infra/nats/events.stream.json. */
export async function ensureEventStream(
  jsm: JetStreamManager,
  root: string,
  replicas?: number,
): Promise<void> {
  const { $comment: _comment, ...template } = streamTemplate as Record<string, unknown>
  const config = {
    ...template,
    name: jetStreamName(root),
    subjects: [allEventsSubject(root)],
    ...(replicas ? { num_replicas: replicas } : {}),
  }
  try {
    await jsm.streams.info(config.name)
    await jsm.streams.update(config.name, config as never)
  } catch (err) {
    if (!String((err as Error).message).includes('stream not found')) throw err
    await jsm.streams.add(config as never)
  }
}

/**
 * The distributed bus. The connection does not echo its own messages: what this process
 * publishes reaches its own handlers directly (LocalHandlers), and NATS carries it only to the
 * other processes. Wake-up signals carry no payload and are coalesced to one per turn of the
 * event loop; each subject is subscribed once per process, whatever the number of handlers.
 */
export class NatsBus implements Bus {
  readonly kind = 'nats' as const
  readonly root: string
  readonly nc: NatsConnection
  readonly js: JetStreamClient
  readonly #ackTimeoutMs: number
  readonly #maxInFlight: number
  readonly #subs = new Set<Subscription>()
  readonly #local = new LocalHandlers()
  readonly #signals = new Map<string, Subscription>()
  readonly #scheduled = new Set<string>()
  readonly #reconnected = new Set<() => void>()
  #connected = true

  constructor(nc: NatsConnection, root: string, opts: { ackTimeoutMs?: number; maxInFlight?: number } = {}) {
    this.nc = nc
    this.root = root
    this.js = jetstream(nc)
    this.#ackTimeoutMs = opts.ackTimeoutMs ?? 2000
    this.#maxInFlight = opts.maxInFlight ?? 256
    this.#watchStatus().catch(() => {})
  }

  /** Follows the connection: lost, and back (then the reconnect handlers run). */
  async #watchStatus(): Promise<void> {
    for await (const s of this.nc.status()) {
      if (s.type === 'disconnect') this.#connected = false
      else if (s.type === 'reconnect') {
        this.#connected = true
        for (const handler of [...this.#reconnected]) handler()
      }
    }
  }

  get connected(): boolean {
    return this.#connected && !this.nc.isClosed()
  }

  onReconnect(handler: () => void): Unsubscribe {
    this.#reconnected.add(handler)
    return () => this.#reconnected.delete(handler)
  }

  async publishEvents(events: readonly EventEnvelope[]): Promise<void> {
    const subjects = events.map((e) => ({ subject: eventSubject(this.root, e), streamType: e.streamType }))
    for (let i = 0; i < events.length; i += this.#maxInFlight) {
      await Promise.all(
        events.slice(i, i + this.#maxInFlight).map((e, j) =>
          // The event id is the message id: a republished event is dropped by JetStream.
          this.js.publish(subjects[i + j]!.subject, encoder.encode(e.json), {
            msgID: e.eventId,
            timeout: this.#ackTimeoutMs,
          }),
        ),
      )
    }
    if (events.length === 0) return
    this.#local.events(subjects)
    this.#local.published()
    this.#signal(publishedSubject(this.root))
  }

  onPublished(handler: () => void): Unsubscribe {
    this.#listen(publishedSubject(this.root), () => this.#local.published())
    return this.#local.onPublished(handler)
  }

  onEvents(streamTypes: readonly string[], handler: (subject: string) => void): Unsubscribe {
    const unsubscribes = streamTypes.map((type) =>
      this.#subscribe(`${this.root}.${token(type)}.>`, (subject) => handler(subject)),
    )
    const local = this.#local.onEvents(streamTypes, handler)
    return () => {
      local()
      for (const u of unsubscribes) u()
    }
  }

  notifyAppended(): void {
    this.#local.appended()
    this.#signal(appendedSubject(this.root))
  }

  onAppended(handler: () => void): Unsubscribe {
    this.#listen(appendedSubject(this.root), () => this.#local.appended())
    return this.#local.onAppended(handler)
  }

  publishLive(subject: string, json: string): void {
    this.#local.live(subject, json)
    if (!this.nc.isClosed()) this.nc.publish(subject, encoder.encode(json))
  }

  subscribeLive(subject: string, handler: (subject: string, json: string) => void): Unsubscribe {
    const remote = this.#subscribe(subject, (s, data) => handler(s, decoder.decode(data)))
    const local = this.#local.subscribeLive(subject, handler)
    return () => {
      local()
      remote()
    }
  }

  /** One payload-less message per subject and turn of the event loop, however many asked. */
  #signal(subject: string): void {
    if (this.#scheduled.has(subject)) return
    this.#scheduled.add(subject)
    setImmediate(() => {
      this.#scheduled.delete(subject)
      if (!this.nc.isClosed()) this.nc.publish(subject)
    })
  }

  /** One subscription per signal subject, fanned out to this process's handlers. */
  #listen(subject: string, fanOut: () => void): void {
    if (this.#signals.has(subject)) return
    const sub = this.nc.subscribe(subject, {
      callback: (err) => {
        if (!err) fanOut()
      },
    })
    this.#signals.set(subject, sub)
    this.#subs.add(sub)
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
    this.#local.clear()
    this.#reconnected.clear()
    if (this.nc.isClosed()) return
    await this.nc.drain().catch(() => this.nc.close())
  }
}

export async function connectNatsBus(opts: NatsBusOptions): Promise<NatsBus> {
  const root = opts.root ?? 'shop'
  const nc = await connect({
    // One URL, or the cluster's nodes separated by commas: the client moves to another when one goes.
    servers: opts.url.split(',').map((u) => u.trim()),
    name: opts.name ?? 'shop',
    // Our own messages reach our own handlers directly (LocalHandlers), not through the server.
    noEcho: true,
    maxReconnectAttempts: -1,
    reconnectTimeWait: 250,
    pingInterval: 10_000,
  })
  try {
    const replicas = opts.replicas ?? 1
    await ensureEventStream(await jetstreamManager(nc), root, replicas)
  } catch (err) {
    // A caller that tries again (a service waiting for NATS at start) must not leak connections.
    await nc.close().catch(() => {})
    throw err
  }
  const busOpts: { ackTimeoutMs?: number; maxInFlight?: number } = {}
  if (opts.ackTimeoutMs !== undefined) busOpts.ackTimeoutMs = opts.ackTimeoutMs
  if (opts.maxInFlight !== undefined) busOpts.maxInFlight = opts.maxInFlight
  return new NatsBus(nc, root, busOpts)
}
