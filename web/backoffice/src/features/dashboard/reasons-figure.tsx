import { useMemo } from 'react'
import { ChartFigure } from './chart-figure.tsx'
import { rankingOption } from './chart-options.ts'
import { csvFileName, toCsv } from './dashboard-model.ts'
import { DataTable } from './data-table.tsx'
import type { ChartPart } from './figure-props.ts'
import { RankingChart } from './ranking-chart.tsx'

export function ReasonsFigure({ t, data, f, colors }: ChartPart) {
  const title = t('charts.reasons.title')
  const { total, reasons } = data.canceled
  const lost = total.rejected + total.canceled + total.failed
  const option = useMemo(
    () =>
      rankingOption(colors, {
        names: reasons.map((r) => `${t(`outcome.${r.outcome}`)}: ${r.reason}`),
        values: reasons.map((r) => r.orders),
        name: t('column.orders'),
        color: colors.danger,
        format: f.count,
        integer: true,
      }),
    [colors, reasons, f, t],
  )
  const top = reasons[0]
  const summary =
    lost === 0
      ? t('charts.reasons.none')
      : top
        ? t('charts.reasons.summary', {
            count: lost,
            n: f.count(lost),
            reason: top.reason,
            orders: f.count(top.orders),
          })
        : t('charts.reasons.summaryNoReason', { count: lost, n: f.count(lost) })
  const head = [t('column.reason'), t('column.outcome'), t('column.orders')]
  return (
    <ChartFigure
      name="reasons"
      title={title}
      summary={`${summary} ${t('charts.reasons.totals', {
        rejected: f.count(total.rejected),
        canceled: f.count(total.canceled),
        failed: f.count(total.failed),
      })}`}
      chart={
        <RankingChart
          option={option}
          entries={reasons.length}
          description={`${title}. ${summary}`}
          minHeight={140}
        />
      }
      table={
        <DataTable
          title={title}
          head={head}
          numeric={[2]}
          rows={reasons.map((r) => [r.reason, t(`outcome.${r.outcome}`), f.count(r.orders)])}
        />
      }
      csv={{
        fileName: csvFileName(t('charts.reasons.file'), data.range),
        build: () =>
          toCsv(
            head,
            reasons.map((r) => [r.reason, r.outcome, r.orders]),
          ),
      }}
    />
  )
}
