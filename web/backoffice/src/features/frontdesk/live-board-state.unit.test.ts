import { describe, expect, it } from 'vitest'
import { INITIAL_LIVE_BOARD, type LiveBoardEvent, liveBoardReducer } from './live-board-state.ts'

const run = (...events: LiveBoardEvent[]) => events.reduce(liveBoardReducer, INITIAL_LIVE_BOARD)

describe('the frontdesk board connection state', () => {
  it('starts connecting, never live, nothing loaded', () => {
    expect(INITIAL_LIVE_BOARD).toEqual({
      status: 'connecting',
      wasLive: false,
      loaded: false,
      refusal: undefined,
    })
  })

  it('is loaded with the first copy, before the socket is live (an HTTP poll)', () => {
    const state = run({ type: 'status', status: 'polling' }, { type: 'changed' })
    expect(state).toMatchObject({ status: 'polling', loaded: true, wasLive: false })
  })

  it('going live means loaded and once live', () => {
    const state = run({ type: 'status', status: 'live' })
    expect(state).toMatchObject({ status: 'live', loaded: true, wasLive: true })
    // Dropping the connection later keeps "was live" (so the board says offline, not connecting).
    expect(liveBoardReducer(state, { type: 'status', status: 'connecting' })).toMatchObject({
      status: 'connecting',
      wasLive: true,
      loaded: true,
    })
  })

  it('keeps a refusal', () => {
    const state = run({ type: 'refused', refusal: { code: 'forbidden', message: 'Kein Zugriff' } })
    expect(state.refusal).toEqual({ code: 'forbidden', message: 'Kein Zugriff' })
  })

  it('a new subscription forgets loaded, live and the refusal, but keeps the last status', () => {
    const before = run(
      { type: 'status', status: 'live' },
      { type: 'refused', refusal: { code: 'unauthorized' } },
    )
    const after = liveBoardReducer(before, { type: 'watch' })
    expect(after).toEqual({ status: 'live', wasLive: false, loaded: false, refusal: undefined })
    expect(before.loaded).toBe(true)
  })

  it('keeps the state object when nothing changes', () => {
    const state = run({ type: 'status', status: 'live' })
    expect(liveBoardReducer(state, { type: 'changed' })).toBe(state)
  })
})
