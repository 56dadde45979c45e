import { isEstimate, pointsChange, relativeChange } from './dashboard-model.ts'
import type { Part } from './figure-props.ts'
import { Change } from './kpi-change.tsx'

export function Headline({ t, data, f }: Part) {
  const cur = data
  const prev = data.previous
  const percent = (v: number | null) => (v === null ? '—' : f.percent(v))
  const cards: {
    key: string
    label: string
    value: string
    previous: string
    change: number | null
    kind: 'relative' | 'points'
    /** The value is an estimate (unique visitors over many visitor-days). */
    estimate?: boolean
    /** Which orders the figure counts (docs/statistics.md "Which orders count"). */
    hint?: string
  }[] = [
    {
      key: 'revenue',
      label: t('kpi.revenue'),
      value: f.money(cur.revenue.total.gross),
      previous: f.money(prev.revenue.total.gross),
      change: relativeChange(cur.revenue.total.gross, prev.revenue.total.gross),
      kind: 'relative',
      hint: t('kpi.hint.revenue'),
    },
    {
      key: 'orders',
      label: t('kpi.orders'),
      value: f.count(cur.orders.total.orders),
      previous: f.count(prev.orders.total.orders),
      change: relativeChange(cur.orders.total.orders, prev.orders.total.orders),
      kind: 'relative',
      hint: t('kpi.hint.orders'),
    },
    {
      key: 'averageOrder',
      label: t('kpi.averageOrder'),
      value: cur.revenue.total.averageGross === null ? '—' : f.money(cur.revenue.total.averageGross),
      previous: prev.revenue.total.averageGross === null ? '—' : f.money(prev.revenue.total.averageGross),
      change: relativeChange(cur.revenue.total.averageGross, prev.revenue.total.averageGross),
      kind: 'relative',
      hint: t('kpi.hint.averageOrder'),
    },
    {
      key: 'lostShare',
      label: t('kpi.lostShare'),
      value: percent(cur.canceled.total.share),
      previous: percent(prev.canceled.total.share),
      change: pointsChange(cur.canceled.total.share, prev.canceled.total.share),
      kind: 'points',
    },
    {
      key: 'visitors',
      label: t('kpi.visitors'),
      value: f.count(cur.visitors.total),
      previous: `${isEstimate(prev.visitors) ? '≈ ' : ''}${f.count(prev.visitors.total)}`,
      change: relativeChange(cur.visitors.total, prev.visitors.total),
      kind: 'relative',
      estimate: isEstimate(cur.visitors),
    },
    {
      key: 'confirmTime',
      label: t('kpi.confirmTime'),
      value: f.duration(cur.orders.total.averageConfirmSeconds),
      previous: f.duration(prev.orders.total.averageConfirmSeconds),
      change: relativeChange(cur.orders.total.averageConfirmSeconds, prev.orders.total.averageConfirmSeconds),
      kind: 'relative',
    },
    {
      key: 'completeTime',
      label: t('kpi.completeTime'),
      value: f.duration(cur.orders.total.averageCompleteSeconds),
      previous: f.duration(prev.orders.total.averageCompleteSeconds),
      change: relativeChange(
        cur.orders.total.averageCompleteSeconds,
        prev.orders.total.averageCompleteSeconds,
      ),
      kind: 'relative',
    },
  ]
  return (
    <section className="bo-dash__kpis" aria-labelledby="bo-dash-kpis">
      <h2 id="bo-dash-kpis" className="ui-visually-hidden">
        {t('kpi.heading')}
      </h2>
      <ul className="bo-dash__kpi-list">
        {cards.map((card) => (
          <li
            key={card.key}
            className="bo-kpi"
            data-kpi={card.key}
            data-estimate={card.estimate || undefined}
          >
            <h3 className="bo-kpi__label">{card.label}</h3>
            <p
              className="bo-kpi__value"
              data-testid={`kpi-${card.key}`}
              title={card.estimate ? t('kpi.estimate') : undefined}
            >
              {/* "≈" for the eye, the words for a screen reader (and the tooltip). */}
              {card.estimate ? <span aria-hidden="true">≈ </span> : null}
              {card.value}
              {card.estimate ? <span className="ui-visually-hidden"> ({t('kpi.estimate')})</span> : null}
            </p>
            <Change t={t} f={f} change={card.change} kind={card.kind} />
            <p className="bo-kpi__previous">{t('kpi.previous', { value: card.previous })}</p>
            {card.hint ? (
              <p className="bo-kpi__hint" data-testid={`kpi-hint-${card.key}`}>
                {card.hint}
              </p>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  )
}
