import { useMemo } from 'react'
import { ChartFigure } from './chart-figure.tsx'
import { rankingOption } from './chart-options.ts'
import { csvFileName, optionLabel, toCsv } from './dashboard-model.ts'
import { DataTable } from './data-table.tsx'
import type { ChartPart } from './figure-props.ts'
import { RankingChart } from './ranking-chart.tsx'

/** The most chosen options of configured products (popular-items `options`), by order lines. */
export function OptionsFigure({ t, data, f, colors }: ChartPart) {
  const options = data.popular.options
  const title = t('charts.options.title')
  const option = useMemo(
    () =>
      rankingOption(colors, {
        names: options.map(optionLabel),
        values: options.map((o) => o.lines),
        name: t('column.lines'),
        color: colors.success,
        format: f.count,
        integer: true,
      }),
    [colors, options, f, t],
  )
  const top = options[0]
  const summary = top
    ? t('charts.options.summary', { count: top.lines, n: f.count(top.lines), label: optionLabel(top) })
    : t('charts.options.none')
  const head = [
    t('column.product'),
    t('column.part'),
    t('column.option'),
    t('column.lines'),
    t('column.quantity'),
  ]
  return (
    <ChartFigure
      name="options"
      title={title}
      summary={summary}
      basis={t('charts.popular.basis')}
      chart={<RankingChart option={option} entries={options.length} description={`${title}. ${summary}`} />}
      table={
        <DataTable
          title={title}
          head={head}
          numeric={[3, 4]}
          rows={options.map((o) => [o.name, o.part, o.option, f.count(o.lines), f.quantity(o.quantity)])}
        />
      }
      csv={{
        fileName: csvFileName(t('charts.options.file'), data.range),
        build: () =>
          toCsv(
            head,
            options.map((o) => [o.name, o.part, o.option, o.lines, o.quantity]),
          ),
      }}
    />
  )
}
