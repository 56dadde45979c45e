import type { Translate } from '../../lib/i18n.tsx'
import { Section } from './detail-blocks.tsx'
import { money, type StaffOrder, taxLines } from './order-view.ts'

/** The totals: items, delivery, net, taxes by rate, cash rounding and what the customer pays. */
export function Pricing({ order, t, currency }: { order: StaffOrder; t: Translate; currency: string }) {
  const p = order.pricing
  const hasDelivery = typeof p.deliveryGross === 'number' && p.deliveryGross > 0
  return (
    <Section title={t('detail.pricing')}>
      <dl className="bo-sums">
        {typeof p.gross === 'number' && hasDelivery ? (
          <div>
            <dt>{t('detail.items')}</dt>
            <dd>{money(p.gross, currency)}</dd>
          </div>
        ) : null}
        {hasDelivery ? (
          <div>
            <dt>{t('detail.delivery')}</dt>
            <dd>{money(p.deliveryGross, currency)}</dd>
          </div>
        ) : null}
        {typeof p.totalNet === 'number' ? (
          <div>
            <dt>{t('detail.net')}</dt>
            <dd>{money(p.totalNet, currency)}</dd>
          </div>
        ) : null}
        {taxLines(p).map(([rate, cents]) => (
          <div key={rate}>
            <dt>{t('detail.tax', { rate })}</dt>
            <dd>{money(cents, currency)}</dd>
          </div>
        ))}
        {p.cashRounding ? (
          <div>
            <dt>{t('detail.cashRounding')}</dt>
            <dd data-testid="order-cash-rounding">{money(p.cashRounding, currency)}</dd>
          </div>
        ) : null}
        <div className="bo-sums__total">
          <dt>{t('detail.total')}</dt>
          {/* What the customer pays: a cash order's total rounded to the smallest coin. */}
          <dd data-testid="order-total">{money(order.totalPayable ?? order.totalGross, currency)}</dd>
        </div>
      </dl>
    </Section>
  )
}
