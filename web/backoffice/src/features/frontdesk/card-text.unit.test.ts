import { describe, expect, it } from 'vitest'
import type { Translate } from '../../lib/i18n.tsx'
import { refundBadge } from './card-text.ts'

// Issue 18 item 6: the board card's refund badge says how much went back, or what is wrong.
const t: Translate = (key, params) => `${key} ${String(params?.amount ?? '')}`.trim()
const plain = (text: string | undefined) => text?.replace(/[\u00a0\u202f]/g, ' ')
const summary = { paidAmount: 3650, refundedAmount: 0, pendingAmount: 0, failedAmount: 0 }

describe('the refund badge of a board card', () => {
  it('is absent while no refund was asked for', () => {
    expect(refundBadge(null, t, 'CHF')).toBeNull()
  })

  it('names the amount and the tone of each state', () => {
    const refunded = refundBadge({ ...summary, status: 'refunded', refundedAmount: 3650 }, t, 'CHF')
    expect(refunded?.tone).toBe('success')
    expect(plain(refunded?.text)).toMatch(/^refund\.refunded .*36\.50/)
    const pending = refundBadge({ ...summary, status: 'pending', pendingAmount: 1450 }, t, 'CHF')
    expect(pending?.tone).toBe('warning')
    expect(plain(pending?.text)).toMatch(/^refund\.pending .*14\.50/)
    const failed = refundBadge({ ...summary, status: 'failed', failedAmount: 3650 }, t, 'CHF')
    expect(failed?.tone).toBe('danger')
    expect(plain(failed?.text)).toMatch(/^refund\.failed .*36\.50/)
    expect(refundBadge({ ...summary, status: 'partial', refundedAmount: 1450 }, t, 'CHF')?.text).toMatch(
      /^refund\.partial /,
    )
  })
})
