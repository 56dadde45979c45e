import {
  type Bus,
  type Db,
  HttpError,
  handleCommand,
  type Idempotency,
  msg,
  readStream,
  WrongExpectedVersionError,
} from '@shop/kit'
import { WORKING_TIME_STREAM_TYPE, type WorkingTimeEvent, workingTimeStreamId } from '@shop/shared/contracts'
import {
  type WorkingTimeCommand,
  WorkingTimeRuleError,
  type WorkingTimeState,
  workingTimeDecider,
} from '@shop/shared/domain/time-tracking'

// The write path of a user's working time (issue 20): load the user's stream, decide
// (shared/domain/time-tracking), append with the version read, as an order command does
// (kit's handleCommand). Two terminals acting for one user at once append with the same expected
// version; the second is decided again on the first's result and refused by the rules (409 with
// the spec's message), never a 500. An Idempotency-Key's answer is stored with the append.

export type WorkingTimeDeps = { db: Db; bus: Pick<Bus, 'notifyAppended'> }

/** Runs one command; `answer` makes the answer from the state after it (stored for retries). */
export async function runWorkingTimeCommand<R>(
  deps: WorkingTimeDeps,
  command: WorkingTimeCommand,
  answer: (state: WorkingTimeState, version: number) => R,
  idempotency?: Idempotency,
): Promise<R> {
  try {
    const out = await handleCommand({
      db: deps.db,
      streamId: workingTimeStreamId(command.userId),
      streamType: WORKING_TIME_STREAM_TYPE,
      decider: workingTimeDecider,
      command,
      commandName: command.type,
      ...(idempotency ? { idempotency } : {}),
      metadata: () => ({ actor: command.actor, userId: command.userId }),
      result: answer,
      maxRetries: 10,
    })
    if (out.eventCount > 0) deps.bus.notifyAppended()
    return out.result
  } catch (err) {
    // Ten writers in a row came first: say so with the action's message (nothing was written).
    if (err instanceof WrongExpectedVersionError) throw new HttpError(409, msg('activityBusy'))
    throw err
  }
}

/** The user's working time as the stream has it now. */
export async function loadWorkingTime(
  db: Db,
  userId: string,
): Promise<{ state: WorkingTimeState; version: number }> {
  const stream = await readStream(db, workingTimeStreamId(userId))
  let state = workingTimeDecider.initialState()
  for (const e of stream.events) state = workingTimeDecider.evolve(state, e.data as WorkingTimeEvent)
  return { state, version: stream.version }
}

/** The rules' refusals as HTTP answers: 409 (not now), 400 (bad input), 404 (no such activity). */
export function mapWorkingTimeError(err: unknown): HttpError | undefined {
  if (!(err instanceof WorkingTimeRuleError)) return undefined
  const status = { conflict: 409, invalid: 400, not_found: 404 }[err.kind]
  return new HttpError(status, err.render, err.field)
}
