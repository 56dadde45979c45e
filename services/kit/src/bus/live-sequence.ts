// Live messages go out once, on core NATS, after the projection's commit: one lost (NATS away,
// the client library dropping what it queued while reconnecting, a projector that died between
// its commit and its publish) would leave every room that shows the row stale, silently. So each
// projection numbers its live messages (the numbers are taken in the transaction that moves its
// checkpoint, es_checkpoints.live_seq), says its last number every LIVE_TICK_MS, and a gateway
// that finds a number skipped reads its rooms again (docs/architecture.md "Live updates and gaps").

/** How often a projector says each projection's last live message number. */
export const LIVE_TICK_MS = 2000

/** The tick's body: the projection and the number of the last live message it sent. */
export type LiveTick = { of: string; seq: number }

const STAMP = /^\{"seq":(\d+),"of":"([A-Za-z0-9_-]+)"[,}]/

/**
 * The message with its number in front: `{"seq":N,"of":"<projection>", …the object's fields}`.
 * Text is put together, not serialised again, and read back by `liveStamp` without parsing
 * the message (most messages reach a gateway that has nobody in their rooms).
 */
export function stampLive(json: string, of: string, seq: number): string {
  if (!json.startsWith('{')) throw new Error('a live message is a JSON object')
  const rest = json.slice(1)
  return `{"seq":${seq},"of":${JSON.stringify(of)}${rest === '}' ? '' : ','}${rest}`
}

/** The number and projection of a stamped message, or undefined for one without (an old sender). */
export function liveStamp(json: string): LiveTick | undefined {
  const m = STAMP.exec(json)
  return m ? { seq: Number(m[1]), of: m[2]! } : undefined
}

/**
 * What a gateway has seen of each projection's numbers. `see` answers whether numbers were
 * skipped: the gateway then reads its rooms again. The first number seen sets the start (the
 * gateway's rooms were read after it subscribed). Lower numbers than seen (a second projector
 * instance's late message, a tick of an instance that started earlier) change nothing.
 */
export class LiveGaps {
  readonly #seen = new Map<string, number>()

  /** A message numbered `seq`: true when some before it never arrived. */
  message(of: string, seq: number): boolean {
    const before = this.#advance(of, seq)
    return before !== undefined && seq > before + 1
  }

  /** A tick: true when the projection sent messages up to `seq` that never arrived. */
  tick(of: string, seq: number): boolean {
    return this.#advance(of, seq) !== undefined
  }

  /** Moves to `seq` when it is ahead: answers the number seen before (undefined: not ahead, or the first). */
  #advance(of: string, seq: number): number | undefined {
    const seen = this.#seen.get(of)
    if (seen === undefined) this.#seen.set(of, seq)
    if (seen === undefined || seq <= seen) return undefined
    this.#seen.set(of, seq)
    return seen
  }

  /** The rooms were read again after these numbers committed: they count as seen. */
  caughtUp(of: string, seq: number): void {
    const seen = this.#seen.get(of)
    if (seen === undefined || seq > seen) this.#seen.set(of, seq)
  }

  last(of: string): number | undefined {
    return this.#seen.get(of)
  }
}
