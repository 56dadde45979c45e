import { Notice } from '@shop/ui'
import { useMemo } from 'react'
import type { Translate } from '../../lib/i18n.tsx'
import { heatMap } from './dashboard-model.ts'
import { useChartColors } from './echart.tsx'
import { Headline } from './headline.tsx'
import { HeatFigure } from './heat-figure.tsx'
import { OptionsFigure } from './options-figure.tsx'
import { PopularFigure } from './popular-figure.tsx'
import { ReasonsFigure } from './reasons-figure.tsx'
import { RevenueFigure } from './revenue-figure.tsx'
import { TimesFigure } from './times-figure.tsx'
import { TypesFigure } from './types-figure.tsx'
import type { DashboardData } from './use-dashboard-data.ts'
import { useFormats } from './use-formats.ts'
import { VisitorSection } from './visitor-section.tsx'
import { WorkingTimeSection } from './working-time-section.tsx'

export function Figures({
  t,
  data,
  stale,
  admin = false,
}: {
  t: Translate
  data: DashboardData
  stale: boolean
  /** Admins get the link to the users (hourly rates). */
  admin?: boolean
}) {
  const f = useFormats(t, data.currency)
  const colors = useChartColors()
  const hasOrders = data.orders.total.orders > 0
  const orderHeat = useMemo(() => heatMap(data.orderTimes.cells, 'orders'), [data.orderTimes])
  const range = `${f.date(data.range.from)} – ${f.date(data.range.to)}`
  const previous = `${f.date(data.previousRange.from)} – ${f.date(data.previousRange.to)}`
  return (
    <div
      className={`bo-dash__figures${stale ? ' bo-dash__figures--stale' : ''}`}
      aria-busy={stale}
      data-range={`${data.range.from}_${data.range.to}`}
    >
      <p className="bo-dash__period" data-testid="dashboard-period">
        {t('period', { range, previous })}
      </p>
      <Headline t={t} data={data} f={f} />
      {hasOrders ? (
        <section className="bo-dash__charts" aria-labelledby="bo-dash-charts">
          <h2 id="bo-dash-charts" className="ui-visually-hidden">
            {t('charts.heading')}
          </h2>
          <RevenueFigure t={t} data={data} f={f} colors={colors} />
          <HeatFigure t={t} f={f} colors={colors} name="heat" map={orderHeat} />
          <PopularFigure t={t} data={data} f={f} colors={colors} />
          <OptionsFigure t={t} data={data} f={f} colors={colors} />
          <TypesFigure t={t} data={data} f={f} colors={colors} />
          <ReasonsFigure t={t} data={data} f={f} colors={colors} />
          <TimesFigure t={t} data={data} f={f} colors={colors} />
        </section>
      ) : (
        <Notice>
          <p>{t('empty')}</p>
        </Notice>
      )}
      <WorkingTimeSection t={t} data={data} f={f} colors={colors} admin={admin} />
      <VisitorSection t={t} data={data} f={f} colors={colors} />
    </div>
  )
}
