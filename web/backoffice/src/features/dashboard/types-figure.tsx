import { ORDER_TYPES } from '@shop/shared/domain/common'
import { useMemo } from 'react'
import { ChartFigure } from './chart-figure.tsx'
import { typesOption } from './chart-options.ts'
import { DataTable } from './data-table.tsx'
import { EChart } from './echart.tsx'
import type { ChartPart } from './figure-props.ts'

export function TypesFigure({ t, data, f, colors }: ChartPart) {
  const title = t('charts.types.title')
  const names = ORDER_TYPES.map((type) => t(`ordering:orderType.${type}`))
  const values = ORDER_TYPES.map((type) => data.orders.total.byType[type] ?? 0)
  const option = useMemo(
    () =>
      typesOption(colors, {
        names: ORDER_TYPES.map((type) => t(`ordering:orderType.${type}`)),
        values: ORDER_TYPES.map((type) => data.orders.total.byType[type] ?? 0),
        name: t('column.orders'),
        count: f.count,
      }),
    [colors, data, f, t],
  )
  const summary = t('charts.types.summary', {
    list: names.map((n, i) => `${n} ${f.count(values[i] ?? 0)}`).join(', '),
  })
  const gross = (type: string) => data.revenue.byType.find((r) => r.orderType === type)?.gross ?? 0
  return (
    <ChartFigure
      name="types"
      title={title}
      summary={summary}
      chart={<EChart option={option} description={`${title}. ${summary}`} height={260} />}
      table={
        <DataTable
          title={title}
          head={[t('column.orderType'), t('column.orders'), t('column.gross')]}
          numeric={[1, 2]}
          rows={ORDER_TYPES.map((type, i) => [names[i], f.count(values[i] ?? 0), f.money(gross(type))])}
        />
      }
    />
  )
}
