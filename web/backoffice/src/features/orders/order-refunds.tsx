import { Button } from '@shop/ui'
import type { Translate } from '../../lib/i18n.tsx'
import { Fact } from './detail-blocks.tsx'
import { formatDateTime, money, type StaffOrder } from './order-view.ts'

type Refund = StaffOrder['refunds'][number]

/**
 * The order's refunds (issue 18 item 6, docs/payments.md "Refunds"): how much went back, what is
 * on its way, and each failed one with the provider's words and "Rückerstattung erneut versuchen".
 */
export function Refunds({
  order,
  t,
  zone,
  currency,
  busy,
  onRetry,
}: {
  order: StaffOrder
  t: Translate
  zone: string
  currency: string
  busy: string | null
  onRetry: (refund: Refund) => void
}) {
  const summary = order.refund
  if (!summary) return null
  return (
    <div className="bo-refunds" data-testid="order-refunds">
      <dl className="bo-facts">
        <Fact label={t('refund.status')}>{t(`refund.summary.${summary.status}`)}</Fact>
        <Fact label={t('refund.refunded')}>
          {t('refund.ofPaid', {
            refunded: money(summary.refundedAmount, currency),
            paid: money(summary.paidAmount, currency),
          })}
        </Fact>
      </dl>
      <ul className="bo-refunds__list">
        {order.refunds.map((refund) => (
          <li key={refund.refundNumber} className={`bo-refunds__item bo-refunds__item--${refund.status}`}>
            <p>
              <strong>
                {t('refund.line', {
                  number: refund.refundNumber,
                  amount: money(refund.amount, currency),
                  reason: t(`refund.reason.${refund.reason}`),
                })}
              </strong>
              {' · '}
              {t(`refund.state.${refund.status}`)}
              {refund.settledAt ? ` · ${formatDateTime(refund.settledAt, zone)}` : null}
            </p>
            {refund.attempt > 1 ? <p>{t('refund.attempt', { attempt: refund.attempt })}</p> : null}
            {refund.reference ? <p className="bo-refunds__reference">{refund.reference}</p> : null}
            {refund.status === 'failed' ? (
              <>
                <p role="alert">{t('refund.failedBecause', { reason: refund.failureReason ?? '' })}</p>
                <Button variant="primary" small disabled={busy !== null} onClick={() => onRetry(refund)}>
                  {t('refund.retry')}
                </Button>
              </>
            ) : null}
          </li>
        ))}
      </ul>
    </div>
  )
}
