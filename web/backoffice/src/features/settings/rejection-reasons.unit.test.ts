import {
  createConfigBodySchema,
  DEFAULT_REJECTION_REASONS,
  MAX_REJECTION_REASONS,
  parseWithErrors,
} from '@shop/shared/contracts'
import { describe, expect, it } from 'vitest'
import { reasonsToBody, reasonsToForm } from './rejection-reasons.tsx'
import { settingsToBody, settingsToForm } from './settings-page.tsx'

describe('the frontdesk preset reasons in the settings', () => {
  it('a config stored before the list existed shows the three defaults; a saved list is kept (also empty)', () => {
    const stored = { shopName: 'Bäckerei', currency: 'CHF', id: 'config', version: 3 }
    expect(settingsToForm(stored).rejectionReasons.map((r) => r.text)).toEqual([
      'Heute ausverkauft',
      'Zu viel los',
      'Ausserhalb des Liefergebiets',
    ])
    expect(reasonsToForm(['Regen'], DEFAULT_REJECTION_REASONS)).toEqual([{ text: 'Regen' }])
    expect(reasonsToForm([], DEFAULT_REJECTION_REASONS)).toEqual([])
  })

  it('saves the edited list trimmed, without blank lines, and the contract takes it', () => {
    const stored = {
      ...createConfigBodySchema.parse({ shopName: 'Bäckerei', currency: 'CHF' }),
      id: 'config',
      version: 2,
    }
    const form = settingsToForm(stored)
    const edited = {
      ...form,
      rejectionReasons: [{ text: '  Ofen defekt ' }, { text: '' }, { text: 'Zu viel los' }],
    }
    const body = settingsToBody(edited, stored)
    expect(body.rejectionReasons).toEqual(['Ofen defekt', 'Zu viel los'])
    expect(createConfigBodySchema.parse(body).rejectionReasons).toEqual(['Ofen defekt', 'Zu viel los'])
    expect(reasonsToBody([{ text: ' ' }])).toEqual([])
  })

  it('the contract: defaults when left out, at most 20, each at most 200 characters', () => {
    expect(createConfigBodySchema.parse({ shopName: 'S', currency: 'CHF' }).rejectionReasons).toEqual([
      ...DEFAULT_REJECTION_REASONS,
    ])
    const many = Array.from({ length: MAX_REJECTION_REASONS + 1 }, (_, i) => `Grund ${i}`)
    const tooMany = parseWithErrors(createConfigBodySchema, {
      shopName: 'S',
      currency: 'CHF',
      rejectionReasons: many,
    })
    expect(tooMany.success).toBe(false)
    const tooLong = parseWithErrors(createConfigBodySchema, {
      shopName: 'S',
      currency: 'CHF',
      rejectionReasons: ['x'.repeat(201)],
    })
    expect(tooLong.success).toBe(false)
    if (!tooLong.success) expect(tooLong.errors[0]?.field).toBe('rejectionReasons.0')
  })
})
