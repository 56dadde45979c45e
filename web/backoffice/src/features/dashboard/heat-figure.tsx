import { useMemo } from 'react'
import { ChartFigure } from './chart-figure.tsx'
import { heatOption } from './chart-options.ts'
import type { HeatMap } from './dashboard-model.ts'
import { DataTable } from './data-table.tsx'
import { EChart } from './echart.tsx'
import type { ChartPart } from './figure-props.ts'

/**
 * A weekday × hour heat map with its table: orders (`name` 'heat', order-times) or page views
 * ('visitorHeat', visitor-times); the texts are `charts.<name>.*`.
 */
export function HeatFigure({
  t,
  f,
  colors,
  name,
  map,
}: Omit<ChartPart, 'data'> & { name: 'heat' | 'visitorHeat'; map: HeatMap }) {
  const title = t(`charts.${name}.title`)
  const hours = map.hours.map((h) => String(h).padStart(2, '0'))
  const option = useMemo(
    () =>
      heatOption(colors, {
        cells: map.cells,
        hours: map.hours.map((h) => String(h).padStart(2, '0')),
        weekdays: [1, 2, 3, 4, 5, 6, 7].map((d) => t(`weekday.${d}`)),
        max: map.max,
        hourName: t('charts.heat.hour'),
        count: f.count,
      }),
    [colors, map, f, t],
  )
  const summary = map.busiest
    ? t(`charts.${name}.summary`, {
        count: map.total,
        n: f.count(map.total),
        weekday: t(`weekdayLong.${map.busiest.weekday}`),
        hour: String(map.busiest.hour).padStart(2, '0'),
        next: String(map.busiest.hour + 1).padStart(2, '0'),
        value: f.count(map.busiest.value),
      })
    : t(`charts.${name}.none`)
  return (
    <ChartFigure
      name={name}
      title={title}
      summary={summary}
      {...(name === 'heat' ? { basis: t('charts.heat.basis') } : {})}
      chart={<EChart option={option} description={`${title}. ${summary}`} height={340} />}
      table={
        <DataTable
          title={title}
          head={[t('column.weekday'), ...hours]}
          numeric={hours.map((_, i) => i + 1)}
          rows={map.matrix.map((row, w) => [t(`weekdayLong.${w + 1}`), ...row.map((v) => f.count(v))])}
        />
      }
    />
  )
}
