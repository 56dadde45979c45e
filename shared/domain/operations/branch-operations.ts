/**
 * A branch's operations (issue 17): products sold out ("86") at one branch until a time, online
 * orders paused, extra preparation time. Event-sourced like an order: `decide(command, state)`
 * gives the events, `evolve(state, event)` folds them. Nothing here runs on a clock of its own:
 * the state stores until when each thing lasts, and every read compares with the time it is
 * given (`activeOperations`), so an expired mark ends by itself, without a job.
 *
 * The checkout (shared/domain/checkout) and the availability (shared/domain/scheduling) read the
 * same active state, in the browser and on the server.
 */
import type {
  BranchOperationsEvent,
  ProductSoldOut,
} from '../../contracts/events/branch-operations.events.ts'
import type { Actor } from '../../contracts/events/order.events.ts'
import type { BranchHours } from '../scheduling/branch-hours.ts'
import { endOfBusinessDay } from '../scheduling/business-day.ts'
import type { BusyMode } from '../scheduling/time-slots.ts'
import { MINUTE_MS } from '../scheduling/zoned-time.ts'

/** The pauses staff can choose (minutes); the rest of the day is the other choice. */
export const PAUSE_MINUTES = [15, 30, 60] as const
/** The extra preparation times the back-office offers (minutes); the API takes any 5-minute step. */
export const EXTRA_MINUTES_CHOICES = [15, 30, 45] as const
/** The most extra preparation time one mark may add (minutes). */
export const MAX_EXTRA_MINUTES = 240
/** A sold-out mark lasts at most this many days (it is for the day's stock, not a disable). */
export const SOLD_OUT_MAX_DAYS = 30

export type SoldOutMark = { until: string; at: string }

export type BranchOperationsState = {
  /** By product id (a uid can be renamed; the id stays). Entries expired at the last event are gone. */
  soldOut: Readonly<Record<string, SoldOutMark>>
  pause: { until: string; at: string } | null
  preparation: { extraMinutes: number; until: string; at: string } | null
}

export function initialOperationsState(): BranchOperationsState {
  return { soldOut: {}, pause: null, preparation: null }
}

type CommandBase = { branchId: string; at: string; actor: Actor }
export type BranchOperationsCommand = CommandBase &
  (
    | { type: 'MarkSoldOut'; productId: string; until: string }
    | { type: 'MarkBackInStock'; productId: string }
    | { type: 'PauseOrders'; until: string }
    | { type: 'ResumeOrders' }
    | { type: 'ExtendPreparationTime'; extraMinutes: number; until: string }
    | { type: 'ResetPreparationTime' }
  )

/** A command the rules refuse: the field it concerns and the catalogue key of the reason. */
export class OperationsRuleError extends Error {
  readonly field: string
  readonly key: string
  readonly params: Record<string, string | number> | undefined
  constructor(field: string, key: string, params?: Record<string, string | number>) {
    super(key)
    this.name = 'OperationsRuleError'
    this.field = field
    this.key = key
    this.params = params
  }
}

const UNTIL_PAST = 'errors:errors.operationsUntilPast'
const ms = (iso: string) => Date.parse(iso)

function requireFuture(until: string, at: string): void {
  if (!(ms(until) > ms(at))) throw new OperationsRuleError('until', UNTIL_PAST)
}

/**
 * The events of a command. Putting back what is not marked (any more), resuming what is not
 * paused and resetting what was not extended change nothing: no event.
 */
export function decideOperations(
  command: BranchOperationsCommand,
  state: BranchOperationsState,
): BranchOperationsEvent[] {
  const base = { branchId: command.branchId, at: command.at, actor: command.actor }
  const active = activeOperations(state, ms(command.at))
  switch (command.type) {
    case 'MarkSoldOut':
      requireFuture(command.until, command.at)
      return [{ type: 'ProductSoldOut', ...base, productId: command.productId, until: command.until }]
    case 'MarkBackInStock':
      return active.soldOut.has(command.productId)
        ? [{ type: 'ProductBackInStock', ...base, productId: command.productId }]
        : []
    case 'PauseOrders':
      requireFuture(command.until, command.at)
      return [{ type: 'OrdersPaused', ...base, until: command.until }]
    case 'ResumeOrders':
      return active.pausedUntil === null ? [] : [{ type: 'OrdersResumed', ...base }]
    case 'ExtendPreparationTime':
      if (
        !Number.isInteger(command.extraMinutes) ||
        command.extraMinutes < 5 ||
        command.extraMinutes % 5 !== 0 ||
        command.extraMinutes > MAX_EXTRA_MINUTES
      )
        throw new OperationsRuleError('extraMinutes', 'errors:errors.operationsExtraMinutes', {
          max: MAX_EXTRA_MINUTES,
        })
      requireFuture(command.until, command.at)
      return [
        {
          type: 'PreparationTimeExtended',
          ...base,
          extraMinutes: command.extraMinutes,
          until: command.until,
        },
      ]
    case 'ResetPreparationTime':
      return active.preparation === null ? [] : [{ type: 'PreparationTimeReset', ...base }]
  }
}

/** What is still in force at `at` (marks that ended before are dropped, so the state stays small). */
function withoutExpired(state: BranchOperationsState, at: number): BranchOperationsState {
  const soldOut: Record<string, SoldOutMark> = {}
  for (const [productId, mark] of Object.entries(state.soldOut))
    if (ms(mark.until) > at) soldOut[productId] = mark
  return {
    soldOut,
    pause: state.pause !== null && ms(state.pause.until) > at ? state.pause : null,
    preparation: state.preparation !== null && ms(state.preparation.until) > at ? state.preparation : null,
  }
}

export function evolveOperations(
  state: BranchOperationsState,
  event: BranchOperationsEvent,
): BranchOperationsState {
  const next = withoutExpired(state, ms(event.at))
  switch (event.type) {
    case 'ProductSoldOut':
      return { ...next, soldOut: { ...next.soldOut, [event.productId]: markOf(event) } }
    case 'ProductBackInStock': {
      const { [event.productId]: _gone, ...soldOut } = next.soldOut
      return { ...next, soldOut }
    }
    case 'OrdersPaused':
      return { ...next, pause: { until: event.until, at: event.at } }
    case 'OrdersResumed':
      return { ...next, pause: null }
    case 'PreparationTimeExtended':
      return { ...next, preparation: { extraMinutes: event.extraMinutes, until: event.until, at: event.at } }
    case 'PreparationTimeReset':
      return { ...next, preparation: null }
  }
}

function markOf(event: ProductSoldOut): SoldOutMark {
  return { until: event.until, at: event.at }
}

/** The operations in force at one moment (epoch ms everywhere). */
export type ActiveOperations = {
  /** Product id → until when it is sold out. */
  soldOut: ReadonlyMap<string, number>
  pausedUntil: number | null
  preparation: { extraMinutes: number; until: number } | null
}

export const NO_OPERATIONS: ActiveOperations = { soldOut: new Map(), pausedUntil: null, preparation: null }

/** What of the state is in force at `now`: a mark whose time has come is over. */
export function activeOperations(
  state: BranchOperationsState | null | undefined,
  now: number,
): ActiveOperations {
  if (!state) return NO_OPERATIONS
  const soldOut = new Map<string, number>()
  for (const [productId, mark] of Object.entries(state.soldOut)) {
    const until = ms(mark.until)
    if (until > now) soldOut.set(productId, until)
  }
  const pauseUntil = state.pause === null ? null : ms(state.pause.until)
  const preparationUntil = state.preparation === null ? null : ms(state.preparation.until)
  return {
    soldOut,
    pausedUntil: pauseUntil !== null && pauseUntil > now ? pauseUntil : null,
    preparation:
      state.preparation !== null && preparationUntil !== null && preparationUntil > now
        ? { extraMinutes: state.preparation.extraMinutes, until: preparationUntil }
        : null,
  }
}

/**
 * Until when a product is sold out for an order due at `at` (epoch ms), or null when it can be
 * had then: a mark holds for what would be served before it ends.
 */
export function soldOutUntil(active: ActiveOperations, productId: string, at: number): number | null {
  const until = active.soldOut.get(productId)
  return until !== undefined && at < until ? until : null
}

/**
 * The busy mode the scheduling rules apply (shared/domain/scheduling `BusyMode`): while paused a
 * branch that takes pre-orders or quotation requests still takes a later time.
 */
export function busyModeOf(
  active: ActiveOperations,
  branch: { isPreorderEnabled?: boolean | null; isQuotationRequired?: boolean | null },
): BusyMode {
  return {
    pausedUntil: active.pausedUntil,
    laterTimes: branch.isPreorderEnabled === true || branch.isQuotationRequired === true,
    extraMinutes: active.preparation?.extraMinutes ?? 0,
    extraUntil: active.preparation?.until ?? null,
  }
}

/**
 * The instant a staff choice ends (epoch ms): so many minutes from now, or the end of the
 * branch's business day (shared/domain/scheduling `endOfBusinessDay`).
 */
export function operationEnd(
  choice: { minutes: number } | { untilEndOfDay: true },
  branch: BranchHours,
  now: number,
): number {
  return 'minutes' in choice ? now + choice.minutes * MINUTE_MS : endOfBusinessDay(branch, now)
}
