import { describe, expect, it } from 'vitest'
import deCh from '../../i18n/locales/de-CH/ordering.json' with { type: 'json' }
import en from '../../i18n/locales/en/ordering.json' with { type: 'json' }
import frFr from '../../i18n/locales/fr-FR/ordering.json' with { type: 'json' }
import { ORDER_COMMAND_RULES } from './order.decider.ts'
import {
  CUSTOMER_ACTIONS,
  customerActionEvent,
  ORDER_ACTIONS,
  STAFF_ACTIONS,
  STATUS_ROUTE_ACTIONS,
  staffActionEvent,
  staffActionLabelKey,
  statusRouteCommand,
} from './order-actions.ts'

// The order-action table and what is derived from it: the same lists, events and names the
// hand-written maps had before (decider rules, staff and customer actions, the status route).

describe('the order-action table', () => {
  it('gives the staff and customer action lists and the status route their names, in order', () => {
    expect(STAFF_ACTIONS).toEqual([
      'cancel',
      'confirm',
      'reject',
      'in-delivery',
      'completed',
      'delivered',
      'counter-appointment',
    ])
    expect(CUSTOMER_ACTIONS).toEqual([
      'confirm-counter-appointment',
      'reject-counter-appointment',
      'questionnaire',
    ])
    expect(STATUS_ROUTE_ACTIONS).toEqual([
      'cancel',
      'confirm',
      'reject',
      'in-delivery',
      'completed',
      'delivered',
    ])
  })

  it('maps each action to its machine event and each status call to its command and body', () => {
    expect(STAFF_ACTIONS.map(staffActionEvent)).toEqual([
      'CANCEL',
      'CONFIRM',
      'REJECT',
      'IN_DELIVERY',
      'COMPLETE',
      'DELIVERED',
      'PROPOSE_COUNTER_APPOINTMENT',
    ])
    expect(CUSTOMER_ACTIONS.map(customerActionEvent)).toEqual([
      'ACCEPT_COUNTER_APPOINTMENT',
      'REJECT_COUNTER_APPOINTMENT',
      'ANSWER_QUESTIONNAIRE',
    ])
    expect(STATUS_ROUTE_ACTIONS.map((a) => statusRouteCommand(a))).toEqual([
      { command: 'CancelOrder', body: 'cancel' },
      { command: 'ConfirmOrder', body: 'plain' },
      { command: 'RejectOrder', body: 'reject' },
      { command: 'MarkInDelivery', body: 'plain' },
      { command: 'CompleteOrder', body: 'plain' },
      { command: 'MarkDelivered', body: 'plain' },
    ])
    // Not a status call: the route's 404.
    expect(statusRouteCommand('counter-appointment')).toBeUndefined()
    expect(statusRouteCommand('questionnaire')).toBeUndefined()
    expect(statusRouteCommand('toString')).toBeUndefined()
  })

  it('is the decider rules: one row per lifecycle command, each event yielded by one command', () => {
    expect(ORDER_COMMAND_RULES).toBe(ORDER_ACTIONS)
    const events = Object.values(ORDER_ACTIONS).map((r) => r.eventType)
    expect(new Set(events).size).toBe(events.length)
  })

  it('every action has its label in every catalogue (a new row names the keys it needs)', () => {
    const keys = [...new Set([...Object.values(ORDER_ACTIONS).map((r) => r.action), 'markReady'])]
    for (const [locale, catalogue] of Object.entries({ 'de-CH': deCh, en, 'fr-FR': frFr })) {
      const actions = (catalogue as { action: Record<string, string> }).action
      const missing = keys.filter((k) => typeof actions[k] !== 'string' || actions[k].length === 0)
      expect(missing, `ordering:action.* missing in ${locale}`).toEqual([])
    }
    expect(staffActionLabelKey('in-delivery', { isDelivery: true })).toBe('ordering:action.markInDelivery')
    expect(staffActionLabelKey('in-delivery', { isDelivery: false })).toBe('ordering:action.markReady')
    expect(staffActionLabelKey('counter-appointment', { isDelivery: false })).toBe(
      'ordering:action.proposeCounterAppointment',
    )
  })
})
