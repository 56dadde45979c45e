import { useMemo } from 'react'
import { ChartFigure } from './chart-figure.tsx'
import { rankingOption } from './chart-options.ts'
import { csvFileName, toCsv } from './dashboard-model.ts'
import { DataTable } from './data-table.tsx'
import type { ChartPart } from './figure-props.ts'
import { RankingChart } from './ranking-chart.tsx'

/** The most viewed paths: a ranking chart and the table (with CSV). */
export function PagesFigure({ t, data, f, colors }: ChartPart) {
  const title = t('charts.pages.title')
  const pages = data.pages
  const option = useMemo(
    () =>
      rankingOption(colors, {
        names: pages.map((p) => p.path),
        values: pages.map((p) => p.views),
        name: t('column.views'),
        color: colors.info,
        format: f.count,
        integer: true,
      }),
    [colors, pages, f, t],
  )
  const top = pages[0]
  const summary = top
    ? t('charts.pages.summary', { count: top.views, n: f.count(top.views), path: top.path })
    : t('charts.pages.none')
  const head = [t('column.path'), t('column.views')]
  return (
    <ChartFigure
      name="pages"
      title={title}
      summary={summary}
      chart={<RankingChart option={option} entries={pages.length} description={`${title}. ${summary}`} />}
      table={
        <DataTable
          title={title}
          head={head}
          numeric={[1]}
          rows={pages.map((p) => [p.path, f.count(p.views)])}
        />
      }
      csv={{
        fileName: csvFileName(t('charts.pages.file'), data.range),
        build: () =>
          toCsv(
            head,
            pages.map((p) => [p.path, p.views]),
          ),
      }}
    />
  )
}
