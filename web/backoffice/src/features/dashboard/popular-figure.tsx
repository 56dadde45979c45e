import { useId, useMemo, useState } from 'react'
import { ChartFigure } from './chart-figure.tsx'
import { rankingOption } from './chart-options.ts'
import { type CsvValue, csvFileName, csvMoney, toCsv } from './dashboard-model.ts'
import { DataTable } from './data-table.tsx'
import type { ChartPart } from './figure-props.ts'
import { RankingChart } from './ranking-chart.tsx'

export function PopularFigure({ t, data, f, colors }: ChartPart) {
  const groups = data.popular.byUnit
  const [chosen, setChosen] = useState<string | null>(null)
  // Pieces first when there are any (a weight's grams would outnumber every count).
  const group = groups.find((g) => g.unit === chosen) ?? groups.find((g) => g.unit === 'piece') ?? groups[0]
  const title = t('charts.popular.title')
  const unitName = (unit: string) => {
    const text = t(`unit.${unit}`)
    return text.endsWith(`unit.${unit}`) ? unit : text
  }
  const items = group?.items ?? []
  const integer = items.every((i) => Number.isInteger(i.quantity))
  const option = useMemo(
    () =>
      rankingOption(colors, {
        names: items.map((i) => i.name),
        values: items.map((i) => i.quantity),
        name: t('column.quantity'),
        color: colors.accent,
        format: f.quantity,
        integer,
      }),
    [colors, items, f, t, integer],
  )
  const top = items[0]
  const summary =
    group && top
      ? t('charts.popular.summary', {
          unit: unitName(group.unit),
          name: top.name,
          quantity: f.quantity(top.quantity),
        })
      : t('charts.popular.none')
  const head = [
    t('column.product'),
    t('column.unit'),
    t('column.quantity'),
    t('column.lines'),
    t('column.gross'),
  ]
  const id = useId()
  const controls =
    groups.length > 1 ? (
      <div className="bo-dash__unit">
        <label className="ui-field__label" htmlFor={id}>
          {t('charts.popular.unit')}
        </label>
        <select
          id={id}
          className="ui-select"
          value={group?.unit ?? ''}
          onChange={(e) => setChosen(e.target.value)}
        >
          {groups.map((g) => (
            <option key={g.unit} value={g.unit}>
              {unitName(g.unit)}
            </option>
          ))}
        </select>
      </div>
    ) : null
  return (
    <ChartFigure
      name="popular"
      title={group ? `${title} (${unitName(group.unit)})` : title}
      summary={summary}
      basis={t('charts.popular.basis')}
      controls={controls}
      chart={<RankingChart option={option} entries={items.length} description={`${title}. ${summary}`} />}
      table={
        <DataTable
          title={title}
          head={head}
          numeric={[2, 3, 4]}
          rows={groups.flatMap((g) =>
            g.items.map((i) => [
              i.name,
              unitName(g.unit),
              f.quantity(i.quantity),
              f.count(i.lines),
              f.money(i.gross),
            ]),
          )}
        />
      }
      csv={{
        fileName: csvFileName(t('charts.popular.file'), data.range),
        label: title,
        build: () =>
          toCsv(
            head,
            groups.flatMap((g) =>
              g.items.map((i): CsvValue[] => [i.name, g.unit, i.quantity, i.lines, csvMoney(i.gross)]),
            ),
          ),
      }}
    />
  )
}
