import { localOrderedLine } from '@shop/shared/domain/catalogue'
import { formatPrice, payableTotal } from '@shop/shared/domain/catalogue/pricing.ts'
import { Icon, type IconName } from '@shop/ui'
import { useId } from 'react'
import { moneyLocale } from '../../lib/amount-format.ts'
import { useLocale, useT } from '../../lib/i18n.tsx'
import { amountLabel, keepUnitsTogether } from '../../lib/product-text.ts'
import { type Branch, useShop } from '../../lib/shop-data.tsx'
import { formatDateTime, orderKindOf, type StatusOrder, showsCounterAppointment } from './status.view.ts'

const KIND_ICONS: Record<string, IconName> = { takeaway: 'bag', delivery: 'bike', dineIn: 'table' }

/** Spec §2 "order info block": type, table, time, branch, items, totals, payment. */
export function OrderInfo({
  order,
  branch,
  currency,
}: {
  order: StatusOrder
  branch: Branch | undefined
  currency: string
}) {
  const t = useT('sf-status')
  const { locale } = useLocale()
  const { products } = useShop()
  const id = useId()
  const timeZone = branch?.timeZone ?? 'Europe/Zurich'
  const kind = orderKindOf(order)
  const money = (cents: number, model: 'fixed' | 'approximate' | 'minimum' = 'fixed') =>
    formatPrice(cents, model, { currency, locale: moneyLocale(locale) })
  const when = (iso: string) => t('counter.when', formatDateTime(iso, timeZone))
  const approximate = order.items.some((item) => (item.pricingModel ?? 'fixed') !== 'fixed')
  const pendingProposal = showsCounterAppointment(order)
  const { pricing } = order
  const taxes = Object.entries(pricing.taxes ?? {}).filter(([, cents]) => cents > 0)
  const payment = order.paymentStatus

  return (
    <section className="status-card status-info" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>{t('info.heading')}</h2>
      <dl className="status-info__facts">
        <div>
          <dt>{t('info.type')}</dt>
          <dd>
            <Icon name={KIND_ICONS[kind] ?? 'bag'} />
            {t(`ordering:orderType.${kind}`)}
          </dd>
        </div>
        {order.isDineIn && order.tableIdentifier ? (
          <div>
            <dt>{t('info.table')}</dt>
            <dd>{order.tableIdentifier}</dd>
          </div>
        ) : null}
        <div>
          <dt>{t('info.appointment')}</dt>
          <dd>
            <Icon name="clock" />
            {order.appointmentDate ? when(order.appointmentDate) : t('info.asap')}
          </dd>
        </div>
        {order.counterAppointment ? (
          <div>
            <dt>{t('info.newAppointment')}</dt>
            <dd>
              <Icon name="calendar" />
              {when(order.counterAppointment)}
              {pendingProposal ? ` (${t('info.proposed')})` : null}
            </dd>
          </div>
        ) : null}
        {branch ? (
          <div>
            <dt>{t('info.branch')}</dt>
            <dd className="status-info__branch">
              <Icon name="pin" />
              <span>
                <strong>{branch.name}</strong>
                <br />
                {branch.street}
                <br />
                {branch.zipCode} {branch.city}
                {branch.phone ? (
                  <>
                    <br />
                    <a href={`tel:${branch.phone.replace(/\s/g, '')}`}>{branch.phone}</a>
                  </>
                ) : null}
              </span>
            </dd>
          </div>
        ) : null}
      </dl>

      <h3 className="status-info__subheading">{t('info.items')}</h3>
      <ul className="status-info__items">
        {order.items.map((item) => {
          // In the customer's language from the menu's translations; as ordered where the menu changed.
          const line = localOrderedLine(
            item,
            products.find((p) => p.uid === item.productUid),
            locale,
          )
          return (
            <li key={item.itemId} className="status-item">
              <span className="status-item__amount">{amountLabel(t, item.amount, item.unit, locale)}</span>
              <span className="status-item__name">
                {keepUnitsTogether(line.name)}
                {line.parts
                  .map((part, index) => ({
                    key: `${index}`,
                    name: part.name,
                    value: [...part.options, ...(part.text ? [part.text] : [])].join(', '),
                  }))
                  .filter((part) => part.value)
                  .map((part) => (
                    <span key={part.key} className="status-item__part">
                      {part.name}: {part.value}
                    </span>
                  ))}
              </span>
              <span className="status-item__price">
                {item.isPriceHidden ? t('info.priceHidden') : money(item.total, item.pricingModel ?? 'fixed')}
              </span>
            </li>
          )
        })}
      </ul>

      <dl className="status-info__totals">
        {order.isDelivery && pricing.gross !== undefined ? (
          <>
            <div>
              <dt>{t('info.subtotal')}</dt>
              <dd>{money(pricing.gross, approximate ? 'approximate' : 'fixed')}</dd>
            </div>
            <div>
              <dt>{t('info.delivery')}</dt>
              <dd>{pricing.deliveryGross ? money(pricing.deliveryGross) : t('info.deliveryFree')}</dd>
            </div>
          </>
        ) : null}
        {pricing.cashRounding ? (
          <div>
            <dt>{t('info.cashRounding')}</dt>
            <dd>{money(pricing.cashRounding)}</dd>
          </div>
        ) : null}
        <div className="status-info__total">
          <dt>{t('info.total')}</dt>
          {/* What is paid: a cash order's total rounded to the smallest coin. */}
          <dd>{money(payableTotal(pricing), approximate ? 'approximate' : 'fixed')}</dd>
        </div>
        {taxes.map(([rate, cents]) => (
          <div key={rate} className="status-info__tax">
            <dt>{t('info.tax', { rate })}</dt>
            <dd>{money(cents)}</dd>
          </div>
        ))}
      </dl>

      <dl className="status-info__facts status-info__payment">
        <div>
          <dt>{t('info.payment')}</dt>
          <dd>{t(`paymentMethod.${order.paymentMethod}`)}</dd>
        </div>
        <div>
          <dt>{t('info.paymentState')}</dt>
          <dd>
            <span className={`ui-badge status-payment status-payment--${payment}`}>
              <Icon
                name={
                  payment === 'paid'
                    ? 'check'
                    : payment === 'awaiting'
                      ? 'clock'
                      : payment === 'failed'
                        ? 'error'
                        : 'info'
                }
              />
              {payment === 'notRequired' ? t('info.paymentOnSite') : t(`ordering:paymentStatus.${payment}`)}
            </span>
          </dd>
        </div>
        {order.refund ? <RefundFact refund={order.refund} money={money} /> : null}
      </dl>
    </section>
  )
}

const REFUND_LOOK = {
  refunded: { badge: 'refunded', icon: 'check' },
  partial: { badge: 'refunded', icon: 'info' },
  pending: { badge: 'awaiting', icon: 'clock' },
  failed: { badge: 'failed', icon: 'error' },
} as const satisfies Record<NonNullable<StatusOrder['refund']>['status'], { badge: string; icon: IconName }>

/**
 * Issue 18 item 6: money paid back, in words: all of it, part of it (with how much of what), on its
 * way, or delayed (the shop retries; the provider's words are for staff).
 */
function RefundFact({
  refund,
  money,
}: {
  refund: NonNullable<StatusOrder['refund']>
  money: (cents: number) => string
}) {
  const t = useT('sf-status')
  const look = REFUND_LOOK[refund.status]
  const open = refund.status === 'failed' ? refund.failedAmount : refund.pendingAmount
  return (
    <div>
      <dt>{t('refund.label')}</dt>
      <dd>
        <span className={`ui-badge status-payment status-payment--${look.badge}`} data-refund={refund.status}>
          <Icon name={look.icon} />
          {t(`refund.${refund.status}`, {
            amount: money(
              refund.status === 'refunded' || refund.status === 'partial' ? refund.refundedAmount : open,
            ),
            refunded: money(refund.refundedAmount),
            paid: money(refund.paidAmount),
          })}
        </span>
      </dd>
    </div>
  )
}
