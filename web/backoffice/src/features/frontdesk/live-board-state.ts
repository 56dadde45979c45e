import type { LiveRefusal, LiveStatus } from '@shop/live'
import { produce } from 'immer'

// The frontdesk board's connection state as a reducer (immer): what the live client said last,
// whether the board was ever live and has a first copy, and a refusal. Pure: unit tested. The
// orders themselves stay the live client's Map (its entries must not be frozen), outside this.

export type LiveBoardState = {
  status: LiveStatus
  /** Whether the board was live at least once (before that, "connecting" is not "offline"). */
  wasLive: boolean
  /** Whether a first copy (socket snapshot or HTTP poll) has arrived. */
  loaded: boolean
  refusal: LiveRefusal | undefined
}

export type LiveBoardEvent =
  /** A new subscription (another branch or key): nothing loaded, nothing refused yet. */
  | { type: 'watch' }
  /** A copy of the board arrived. */
  | { type: 'changed' }
  | { type: 'status'; status: LiveStatus }
  | { type: 'refused'; refusal: LiveRefusal }

export const INITIAL_LIVE_BOARD: LiveBoardState = {
  status: 'connecting',
  wasLive: false,
  loaded: false,
  refusal: undefined,
}

export const liveBoardReducer = produce((draft: LiveBoardState, event: LiveBoardEvent): void => {
  switch (event.type) {
    case 'watch':
      // The status stays: the new subscription reports its own as it starts.
      draft.wasLive = false
      draft.loaded = false
      draft.refusal = undefined
      return
    case 'changed':
      draft.loaded = true
      return
    case 'status':
      draft.status = event.status
      // Live means the snapshot is there.
      if (event.status === 'live') {
        draft.wasLive = true
        draft.loaded = true
      }
      return
    case 'refused':
      draft.refusal = event.refusal
      return
  }
})
