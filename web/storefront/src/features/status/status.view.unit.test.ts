import { describe, expect, it } from 'vitest'
import {
  displayStatus,
  formatDateTime,
  isCancelled,
  isSettled,
  newerOrder,
  payNowUrl,
  questionnaireState,
  type StatusOrder,
  showsCounterAppointment,
  timelineOf,
} from './status.view.ts'

function order(over: Partial<StatusOrder> = {}): StatusOrder {
  return {
    id: 'o1',
    uid: 'u1',
    hash: 'h1',
    ticketNumber: 7,
    isConfirmed: false,
    isRejected: false,
    isCompleted: false,
    isCanceled: false,
    isFailed: false,
    isInDelivery: false,
    isDelivered: false,
    isDelivery: false,
    isDineIn: false,
    tableIdentifier: null,
    isPaid: false,
    isRefunded: false,
    refund: null,
    paymentMethod: 'cash',
    appointment: false,
    appointmentDate: null,
    counterAppointment: null,
    rejectionMessage: null,
    cancelReason: null,
    questionnaireRating: null,
    branch: { id: 'b1' },
    paymentRedirectUrl: null,
    status: 'awaitingConfirmation',
    paymentStatus: 'notRequired',
    items: [],
    totalGross: 1000,
    totalPayable: 1000,
    pricing: { totalGross: 1000 },
    isPreorder: false,
    isQuotation: false,
    createdAt: '2026-11-24T09:00:00.000Z',
    timeline: [{ status: 'awaitingConfirmation', at: '2026-11-24T09:00:00.000Z' }],
    allowedActions: [],
    version: 1,
    ...over,
  }
}

const states = (o: StatusOrder) => timelineOf(o).map((s) => `${s.status}:${s.state}`)

describe('status page view', () => {
  it('keeps the newer copy: a stale message never overwrites', () => {
    const v1 = order({ version: 1 })
    const v2 = order({ version: 2, status: 'confirmed' })
    expect(newerOrder(undefined, v1)).toBe(v1)
    expect(newerOrder(v1, v2)).toBe(v2)
    expect(newerOrder(v2, v1)).toBe(v2)
    expect(newerOrder(v2, order({ version: 2 }))).toBe(v2)
  })

  it('keeps the ticket number through a newer copy made without it (issue 18)', () => {
    const shown = order({ version: 3, ticketNumber: 12, counterAppointment: '2026-11-24T12:30:00.000Z' })
    // The answer to 'Terminvorschlag annehmen' or to the rating, written without the number.
    const answer = order({ version: 4, ticketNumber: null, status: 'confirmed', isConfirmed: true })
    const next = newerOrder(shown, answer)
    expect(next).toMatchObject({ version: 4, ticketNumber: 12, status: 'confirmed', isConfirmed: true })
    // The reload or live message of the same version, with the number: kept either way.
    expect(newerOrder(next, order({ version: 4, ticketNumber: 12, status: 'confirmed' })).ticketNumber).toBe(
      12,
    )
    // A copy without a number yet gets it from one of the same version that has it.
    const unnumbered = order({ version: 1, ticketNumber: null })
    expect(newerOrder(unnumbered, order({ version: 1, ticketNumber: 5 })).ticketNumber).toBe(5)
  })

  it('shows a rejected order as cancelled', () => {
    const rejected = order({ status: 'rejected', isRejected: true })
    expect(isCancelled(rejected)).toBe(true)
    expect(isSettled(rejected)).toBe(true)
    expect(displayStatus('rejected')).toBe('canceled')
    expect(isCancelled(order())).toBe(false)
    expect(isSettled(order({ isCompleted: true }))).toBe(true)
  })

  it('timeline of a takeaway order: done, current, upcoming', () => {
    expect(states(order())).toEqual([
      'awaitingConfirmation:current',
      'confirmed:upcoming',
      'ready:upcoming',
      'completed:upcoming',
    ])
    const confirmed = order({
      status: 'confirmed',
      timeline: [
        { status: 'awaitingConfirmation', at: '2026-11-24T09:00:00.000Z' },
        { status: 'confirmed', at: '2026-11-24T09:05:00.000Z' },
      ],
    })
    expect(states(confirmed)).toEqual([
      'awaitingConfirmation:done',
      'confirmed:current',
      'ready:upcoming',
      'completed:upcoming',
    ])
    expect(timelineOf(confirmed)[1]?.at).toBe('2026-11-24T09:05:00.000Z')
  })

  it('timeline of a delivery: in delivery, then delivered; a skipped step is left out', () => {
    const delivered = order({
      isDelivery: true,
      status: 'delivered',
      timeline: [
        { status: 'awaitingConfirmation', at: 'a' },
        { status: 'confirmed', at: 'b' },
        { status: 'inDelivery', at: 'c' },
        { status: 'delivered', at: 'd' },
      ],
    })
    expect(states(delivered)).toEqual([
      'awaitingConfirmation:done',
      'confirmed:done',
      'inDelivery:done',
      'delivered:done',
    ])
    const completedDirectly = order({
      status: 'completed',
      timeline: [
        { status: 'awaitingConfirmation', at: 'a' },
        { status: 'confirmed', at: 'b' },
        { status: 'completed', at: 'c' },
      ],
    })
    expect(states(completedDirectly)).toEqual([
      'awaitingConfirmation:done',
      'confirmed:done',
      'completed:done',
    ])
  })

  it('timeline of an order that ended early: what happened, then the end (rejected reads canceled)', () => {
    const rejected = order({
      status: 'rejected',
      isRejected: true,
      timeline: [
        { status: 'awaitingConfirmation', at: 'a' },
        { status: 'rejected', at: 'b' },
      ],
    })
    expect(timelineOf(rejected)).toEqual([
      { status: 'awaitingConfirmation', state: 'done', at: 'a' },
      { status: 'canceled', state: 'ended', at: 'b' },
    ])
  })

  it('counter-appointment prompt only while the customer may answer it', () => {
    const proposed = order({
      counterAppointment: '2026-11-24T11:30:00.000Z',
      allowedActions: ['confirm-counter-appointment', 'reject-counter-appointment'],
    })
    expect(showsCounterAppointment(proposed)).toBe(true)
    expect(showsCounterAppointment({ ...proposed, isConfirmed: true })).toBe(false)
    expect(showsCounterAppointment({ ...proposed, isRejected: true })).toBe(false)
    expect(showsCounterAppointment({ ...proposed, allowedActions: [] })).toBe(false)
    expect(showsCounterAppointment(order())).toBe(false)
  })

  it('questionnaire: open for a completed unrated order with the plugin on, then answered', () => {
    const completed = order({ status: 'completed', isCompleted: true, allowedActions: ['questionnaire'] })
    expect(questionnaireState(completed, true)).toBe('open')
    expect(questionnaireState(completed, false)).toBe('hidden')
    expect(questionnaireState(order({ allowedActions: ['questionnaire'] }), true)).toBe('hidden')
    expect(questionnaireState({ ...completed, questionnaireRating: 4, allowedActions: [] }, true)).toBe(
      'answered',
    )
  })

  it('pay-now link only while the online payment is awaited', () => {
    expect(payNowUrl(order({ paymentStatus: 'awaiting', paymentRedirectUrl: 'https://pay' }))).toBe(
      'https://pay',
    )
    expect(payNowUrl(order({ paymentStatus: 'paid', paymentRedirectUrl: 'https://pay' }))).toBeNull()
    expect(payNowUrl(order({ paymentStatus: 'awaiting' }))).toBeNull()
  })

  it('formats dates in the branch zone', () => {
    expect(formatDateTime('2026-11-24T11:30:00.000Z', 'Europe/Zurich')).toEqual({
      date: '24.11.2026',
      time: '12:30',
    })
    expect(formatDateTime('2026-07-01T22:15:00.000Z', 'Europe/Zurich')).toEqual({
      date: '02.07.2026',
      time: '00:15',
    })
  })
})
