import { createContext } from 'react'
import type { BoardApi } from './board-api.ts'
import type { BoardOrder, OrderChange } from './board-model.ts'

/** What every card shares; a stable object, so it never re-renders the cards by itself. */
export type CardEnv = {
  api: BoardApi
  timeZone: string
  currency: string
  /** Applies a fresh copy (after a command or a conflict) to the board. */
  put(order: BoardOrder): void
  /** The clock the board runs on (ms). */
  now(): number
  /** The cards' answers (kept outside the card: a card that changes lanes is mounted anew). */
  messages: CardMessages
  /**
   * The card that held the keyboard focus when it was acted on or left its lane: the card takes
   * the focus back once it shows its new state (in its new lane: a card there is mounted anew).
   */
  focus: { pending?: string }
  /** The shop's preset reasons for reject and cancel (the dialogs offer them as one tap). */
  reasons: readonly string[]
  /** The order counts as seen by the new-order alarm (it was acted on from its card). */
  acknowledge(orderId: string): void
  /** A status change made from a card: the board offers to undo it for 10 s. */
  offerUndo(offer: UndoOffer): void
}

/** What the board's undo toast needs of a status change just made. */
export type UndoOffer = {
  orderId: string
  /** The order's version after the change (the undo is refused if anything happened since). */
  version: number
  ticket: string
  /** What was done, e.g. "Bestätigen". */
  label: string
  /** Until when (ms, the board's clock) the undo is offered. */
  until: number
}

export type CardMessage = { failure?: Failure; notice?: string }

export type CardMessages = {
  get(orderId: string): CardMessage | undefined
  set(orderId: string, message: CardMessage | undefined): void
  subscribe(orderId: string, listener: () => void): () => void
}

/** The cards' messages, one per order, each card listening to its own. */
export function createCardMessages(): CardMessages {
  const messages = new Map<string, CardMessage>()
  const listeners = new Map<string, Set<() => void>>()
  return {
    get: (id) => messages.get(id),
    set(id, message) {
      if (message) messages.set(id, message)
      else messages.delete(id)
      for (const l of listeners.get(id) ?? []) l()
    },
    subscribe(id, listener) {
      const set = listeners.get(id) ?? new Set<() => void>()
      listeners.set(id, set)
      set.add(listener)
      return () => {
        set.delete(listener)
        if (set.size === 0) listeners.delete(id)
      }
    },
  }
}
/** The board provides its CardEnv to every card. */
export const CardEnvContext = createContext<CardEnv | undefined>(undefined)
/** A card's failed action: a conflict (what changed meanwhile) or an error with a retry. */
export type Failure =
  | { kind: 'conflict'; message: string; changes: OrderChange[] }
  | { kind: 'error'; message: string; retry: () => void }
