import { useMemo } from 'react'
import { ChartFigure } from './chart-figure.tsx'
import { timesOption } from './chart-options.ts'
import { DataTable } from './data-table.tsx'
import { EChart } from './echart.tsx'
import type { ChartPart } from './figure-props.ts'

/** Seconds as minutes with one decimal, for the times chart. */
const minutes = (s: number | null) => (s === null ? null : Math.round((s / 60) * 10) / 10)

export function TimesFigure({ t, data, f, colors }: ChartPart) {
  const title = t('charts.times.title')
  const cur = data.orders.total
  const prev = data.previous.orders.total
  const option = useMemo(
    () =>
      timesOption(colors, {
        categories: [t('charts.times.confirm'), t('charts.times.complete')],
        current: [minutes(cur.averageConfirmSeconds), minutes(cur.averageCompleteSeconds)],
        previous: [minutes(prev.averageConfirmSeconds), minutes(prev.averageCompleteSeconds)],
        currentName: t('charts.times.current'),
        previousName: t('charts.times.previous'),
        minutes: f.minutes,
        unit: t('minutesUnit'),
      }),
    [colors, cur, prev, t, f],
  )
  const summary = t('charts.times.summary', {
    confirm: f.duration(cur.averageConfirmSeconds),
    complete: f.duration(cur.averageCompleteSeconds),
    previousConfirm: f.duration(prev.averageConfirmSeconds),
    previousComplete: f.duration(prev.averageCompleteSeconds),
  })
  return (
    <ChartFigure
      name="times"
      title={title}
      summary={summary}
      chart={<EChart option={option} description={`${title}. ${summary}`} height={260} />}
      table={
        <DataTable
          title={title}
          head={[t('column.measure'), t('column.current'), t('column.previous')]}
          numeric={[1, 2]}
          rows={[
            [
              t('charts.times.confirm'),
              f.duration(cur.averageConfirmSeconds),
              f.duration(prev.averageConfirmSeconds),
            ],
            [
              t('charts.times.complete'),
              f.duration(cur.averageCompleteSeconds),
              f.duration(prev.averageCompleteSeconds),
            ],
          ]}
        />
      }
    />
  )
}
