import { useMemo } from 'react'
import { ChartFigure } from './chart-figure.tsx'
import { visitsOption } from './chart-options.ts'
import { isEstimate, visitDayPoints } from './dashboard-model.ts'
import { DataTable } from './data-table.tsx'
import { EChart } from './echart.tsx'
import type { ChartPart } from './figure-props.ts'

/** Unique visitors (line) and page views (bars) per day, every day of the range. */
export function VisitsFigure({ t, data, f, colors }: ChartPart) {
  const points = useMemo(() => visitDayPoints(data.range, data.visitors, data.pageViews), [data])
  const title = t('charts.visitors.title')
  const option = useMemo(
    () =>
      visitsOption(colors, {
        labels: points.map((p) => f.shortDate(p.date)),
        views: points.map((p) => p.views),
        visitors: points.map((p) => p.visitors),
        viewsName: t('charts.visitors.views'),
        visitorsName: t('charts.visitors.visitors'),
        count: f.count,
      }),
    [colors, points, f, t],
  )
  const best = points.reduce<(typeof points)[number] | null>(
    (a, p) => (p.views > 0 && (!a || p.views > a.views) ? p : a),
    null,
  )
  const estimate = isEstimate(data.visitors)
  const totals = t('charts.visitors.summary', {
    visitors: `${estimate ? '≈ ' : ''}${f.count(data.visitors.total)}`,
    views: f.count(data.pageViews.total),
  })
  const busiest = best
    ? t('charts.visitors.best', { date: f.date(best.date), views: f.count(best.views) })
    : ''
  const summary = [totals, busiest, estimate ? t('charts.visitors.estimate') : ''].filter(Boolean).join(' ')
  const head = [t('column.date'), t('column.visitors'), t('column.views')]
  return (
    <ChartFigure
      name="visitors"
      title={title}
      summary={summary}
      chart={<EChart option={option} description={`${title}. ${summary}`} />}
      table={
        <DataTable
          title={title}
          head={head}
          numeric={[1, 2]}
          rows={points.map((p) => [f.date(p.date), f.count(p.visitors), f.count(p.views)])}
        />
      }
    />
  )
}
