import { Button, Notice, Spinner } from '@shop/ui'
import type { Translate } from '../../lib/i18n.tsx'
import { amountText } from './order-items.tsx'
import { actorText, type OrderEventEntry, type TimelineRow, timelineRows } from './order-timeline.ts'
import { formatDateTime, money, paymentMethodText, type StaffOrder } from './order-view.ts'
import type { Load } from './orders-data.ts'

/** The order's history from its events (GET /api/orders/{id}/events). */
export function Timeline({
  state,
  order,
  t,
  zone,
  currency,
  reload,
}: {
  state: Load<OrderEventEntry[]>
  order: StaffOrder
  t: Translate
  zone: string
  currency: string
  reload: () => Promise<void>
}) {
  if (state.status === 'loading') return <Spinner label={t('loading')} />
  if (state.status === 'failed')
    return (
      <Notice tone="danger">
        <p>{t('error.events')}</p>
        <Button small variant="secondary" onClick={() => void reload()}>
          {t('retry')}
        </Button>
      </Notice>
    )
  const rows = timelineRows(state.value, order)
  if (rows.length === 0) return <p>{t('detail.timelineEmpty')}</p>
  return (
    <ol className="bo-timeline" data-testid="timeline">
      {rows.map((row) => (
        <TimelineItem key={row.key} row={row} t={t} zone={zone} currency={currency} />
      ))}
    </ol>
  )
}

/** One step of the history: what happened, when and by whom, with the changed values. */
function TimelineItem({
  row,
  t,
  zone,
  currency,
}: {
  row: TimelineRow
  t: Translate
  zone: string
  currency: string
}) {
  const label = row.labelKey ? t(row.labelKey) : t('event.unknown', { type: row.type })
  return (
    <li className="bo-timeline__item" data-event={row.type}>
      <p className="bo-timeline__head">
        <time dateTime={row.at}>{formatDateTime(row.at, zone)}</time>
        <span className="bo-timeline__label">{label}</span>
        <span className="bo-timeline__actor">{actorText(row.actor, t)}</span>
      </p>
      {row.details.length > 0 ? (
        <dl className="bo-timeline__details">
          {row.details.map((d) => (
            <div key={d.key}>
              <dt>{t(d.labelKey)}</dt>
              <dd>
                {d.kind === 'money'
                  ? money(d.value, currency)
                  : d.kind === 'dateTime'
                    ? formatDateTime(d.value, zone)
                    : d.kind === 'rating'
                      ? `${d.value} / 5`
                      : d.kind === 'paymentMethod'
                        ? paymentMethodText(d.value, t)
                        : d.kind === 'refundReason'
                          ? t(`refund.reason.${d.value}`)
                          : d.kind === 'amount'
                            ? amountText(d.value.amount, d.value.unit, t)
                            : d.kind === 'items'
                              ? d.value
                                  .map((i) => `${amountText(i.amount, i.unit, t)} ${i.name ?? ''}`.trim())
                                  .join(', ')
                              : d.value}
              </dd>
            </div>
          ))}
        </dl>
      ) : null}
    </li>
  )
}
