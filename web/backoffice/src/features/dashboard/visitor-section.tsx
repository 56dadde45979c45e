import { Icon, Notice } from '@shop/ui'
import { useMemo } from 'react'
import { heatMap } from './dashboard-model.ts'
import { EventsTable } from './events-table.tsx'
import type { ChartPart } from './figure-props.ts'
import { HeatFigure } from './heat-figure.tsx'
import { PagesFigure } from './pages-figure.tsx'
import { VisitsFigure } from './visits-figure.tsx'

// Visitors: the consented analytics log (no order type: the order-type filter does not apply).

export function VisitorSection({ t, data, f, colors }: ChartPart) {
  const visitorHeat = useMemo(() => heatMap(data.visitorTimes.cells, 'views'), [data.visitorTimes])
  const empty = data.pageViews.total === 0 && data.events.length === 0
  return (
    <section
      className="bo-dash__visitors"
      aria-labelledby="bo-dash-visitors"
      data-testid="dashboard-visitors"
    >
      <h2 id="bo-dash-visitors" className="bo-dash__heading">
        {t('visitors.heading')}
      </h2>
      {data.filters.orderType ? (
        <p className="bo-dash__note" data-testid="visitors-all-order-types">
          <Icon name="info" />
          {t('visitors.allOrderTypes')}
        </p>
      ) : null}
      {empty ? (
        <Notice>
          <p>{t('visitors.empty')}</p>
        </Notice>
      ) : (
        <div className="bo-dash__charts">
          <VisitsFigure t={t} data={data} f={f} colors={colors} />
          <HeatFigure t={t} f={f} colors={colors} name="visitorHeat" map={visitorHeat} />
          <PagesFigure t={t} data={data} f={f} colors={colors} />
          <EventsTable t={t} data={data} f={f} />
        </div>
      )}
    </section>
  )
}
