import { useMemo } from 'react'
import { ChartFigure } from './chart-figure.tsx'
import { revenueOption } from './chart-options.ts'
import { csvFileName, csvMoney, dayPoints, toCsv } from './dashboard-model.ts'
import { DataTable } from './data-table.tsx'
import { EChart } from './echart.tsx'
import type { ChartPart } from './figure-props.ts'

export function RevenueFigure({ t, data, f, colors }: ChartPart) {
  const points = useMemo(() => dayPoints(data.range, data.revenue, data.orders), [data])
  const title = t('charts.revenue.title')
  const option = useMemo(
    () =>
      revenueOption(colors, {
        labels: points.map((p) => f.shortDate(p.date)),
        gross: points.map((p) => p.gross / 100),
        orders: points.map((p) => p.orders),
        revenueName: t('charts.revenue.revenue'),
        ordersName: t('charts.revenue.orders'),
        currency: data.currency,
        money: f.money,
        count: f.count,
      }),
    [colors, points, f, t, data.currency],
  )
  const best = points.reduce<(typeof points)[number] | null>(
    (a, p) => (!a || p.gross > a.gross ? p : a),
    null,
  )
  // The revenue's orders: the confirmed ones (the line counts every order due that day).
  const summary = t('charts.revenue.summary', {
    gross: f.money(data.revenue.total.gross),
    count: data.revenue.total.orders,
    n: f.count(data.revenue.total.orders),
    date: best ? f.date(best.date) : '—',
    best: best ? f.money(best.gross) : '—',
  })
  const head = [t('column.date'), t('column.orders'), t('column.net'), t('column.tax'), t('column.gross')]
  return (
    <ChartFigure
      name="revenue"
      title={title}
      summary={summary}
      basis={t('charts.revenue.basis')}
      chart={<EChart option={option} description={`${title}. ${summary}`} />}
      table={
        <DataTable
          title={title}
          head={head}
          numeric={[1, 2, 3, 4]}
          rows={points.map((p) => [
            f.date(p.date),
            f.count(p.orders),
            f.money(p.net),
            f.money(p.tax),
            f.money(p.gross),
          ])}
        />
      }
      csv={{
        fileName: csvFileName(t('charts.revenue.file'), data.range),
        build: () =>
          toCsv(
            head,
            points.map((p) => [p.date, p.orders, csvMoney(p.net), csvMoney(p.tax), csvMoney(p.gross)]),
          ),
      }}
    />
  )
}
