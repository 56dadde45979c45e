import type { Unsubscribe } from '../bus/types.ts'
import type { Logger } from '../log.ts'
import { WakeSignal } from '../signal.ts'

// The one loop that tails a committed feed (the event store, the analytics log) from a
// checkpoint: the publisher, the projector and the notifier each run it with their own round.

/** Subscribes a wake-up (the bus's "appended" or "published" signal); answers its unsubscribe. */
export type WakeSource = (wake: () => void) => Unsubscribe

export type BackoffPolicy = {
  /** The pause after the first failure (ms); it doubles with each further one. */
  baseMs: number
  /** The longest pause (ms). */
  capMs: number
  /** Doublings counted at most (so the pauses stop growing even before the cap). */
  maxDoublings: number
}

/** 100 ms, 200 ms, … up to 5 s between failed rounds. */
export const TAIL_BACKOFF: BackoffPolicy = { baseMs: 100, capMs: 5000, maxDoublings: 6 }

/** The pause after `failures` failures before this one (0: the first). */
export function backoffDelay(failures: number, policy: BackoffPolicy = TAIL_BACKOFF): number {
  return Math.min(policy.capMs, policy.baseMs * 2 ** Math.min(failures, policy.maxDoublings))
}

/**
 * Reads after a wake-up that found nothing new. Positions are taken before commit and a reader
 * sees only what committed before every transaction still running: a commit that woke the reader
 * may still sit behind an older running transaction for a few milliseconds. These short re-reads
 * catch it without waiting for the idle poll.
 */
export const FOLLOW_UP_DELAYS_MS: readonly number[] = [1, 3, 8, 20, 50]

/** What a round may ask of its tailer. */
export type TailState = {
  /** True once `stop()` was called: a long round ends after the batch in flight. */
  readonly stopping: boolean
}

export type TailerOptions = {
  log: Logger
  /**
   * One round: reads from the checkpoint until caught up (or stopping) and answers how many
   * items it read. Nothing read: the tailer waits (follow-up reads, then the idle poll); more
   * read: it reads again at once.
   */
  round(tail: TailState): Promise<number>
  /**
   * Logs a failure of `prepare` or of a round (the tailer pauses and tries again); default: an
   * error `failed`. `failures`: how many came right before this one.
   */
  onFailure?: (err: unknown, failures: number, phase: 'prepare' | 'round') => void
  /** The message of the default failure log. */
  failed?: string
  /** What wakes the tailer before the idle poll would (the bus's signals). */
  wakeOn?: readonly WakeSource[]
  /** The longest sleep when nothing wakes the tailer (ms); default 1000. */
  idlePollMs?: number
  followUpDelaysMs?: readonly number[]
  backoff?: BackoffPolicy
  /**
   * Work before the first round (a projection's version check), tried again with the same
   * pauses until it succeeds; `onFailure` logs its failures too.
   */
  prepare?: (tail: TailState) => Promise<void>
  /**
   * What the rounds need held for as long as they run (the publisher's leader lock on a
   * connection of its own). It calls `rounds` once it holds it, or returns without (another
   * process holds it: tried again after `sessionRetryMs` or a wake-up). A failed round ends the
   * session (its connection may be the one that broke) after the pause, and a new one is opened.
   */
  session?: (rounds: () => Promise<void>) => Promise<void>
  /** Logged when opening or closing a session fails (tried again after `sessionRetryMs`). */
  sessionFailed?: string
  sessionRetryMs?: number
}

export type Tailer = {
  /** Wakes the tailer now (as a bus signal would). */
  kick(): void
  /** Stops: the round in flight finishes its batch, then the tailer ends; resolves when it has. */
  stop(): Promise<void>
}

/**
 * Runs `round` again and again: at once while it reads something, after the follow-up delays and
 * then every `idlePollMs` while it reads nothing, sooner when a wake source fires; after a failed
 * round it pauses (backoff, capped) and logs. Stopping waits for the round in flight.
 */
export function startTailer(opts: TailerOptions): Tailer {
  const signal = new WakeSignal()
  // Pauses after failures end early only for a stop, never for a wake-up (a failing database
  // with a busy shop would otherwise be retried on every commit).
  const pauses = new WakeSignal()
  const state = { stopping: false }
  const idlePollMs = opts.idlePollMs ?? 1000
  const followUpDelays = opts.followUpDelaysMs ?? FOLLOW_UP_DELAYS_MS
  const backoff = opts.backoff ?? TAIL_BACKOFF
  const unsubscribes = (opts.wakeOn ?? []).map((on) => on(() => signal.notify()))
  let failures = 0

  const logFailure =
    opts.onFailure ?? ((err: unknown) => opts.log.error({ err }, opts.failed ?? 'tailer round failed'))
  const failed = async (err: unknown, phase: 'prepare' | 'round') => {
    if (state.stopping) return
    logFailure(err, failures, phase)
    await pauses.wait(backoffDelay(failures++, backoff))
  }

  /** Rounds until stopped; in a session, also until a round fails. */
  const rounds = async (inSession: boolean) => {
    let followUps = 0
    while (!state.stopping) {
      let read: number
      try {
        read = await opts.round(state)
        failures = 0
      } catch (err) {
        await failed(err, 'round')
        if (inSession) return
        continue
      }
      if (read > 0) {
        followUps = 0
        continue
      }
      const delay = followUpDelays[followUps]
      if (delay !== undefined) {
        followUps++
        if (await signal.wait(delay)) followUps = 0
      } else if (await signal.wait(idlePollMs)) {
        followUps = 0
      }
    }
  }

  const run = async () => {
    while (opts.prepare && !state.stopping) {
      try {
        await opts.prepare(state)
        failures = 0
        break
      } catch (err) {
        await failed(err, 'prepare')
      }
    }
    const session = opts.session
    if (!session) return rounds(false)
    while (!state.stopping) {
      let entered = false
      let broke = false
      try {
        await session(async () => {
          entered = true
          await rounds(true)
        })
      } catch (err) {
        broke = true
        if (!state.stopping) opts.log.error({ err }, opts.sessionFailed ?? 'tailer session failed')
      }
      if (!state.stopping && (!entered || broke)) await signal.wait(opts.sessionRetryMs ?? 1000)
    }
  }

  const done = run()
  return {
    kick: () => signal.notify(),
    async stop() {
      state.stopping = true
      for (const unsubscribe of unsubscribes) unsubscribe()
      signal.notify()
      pauses.notify()
      await done
    },
  }
}
