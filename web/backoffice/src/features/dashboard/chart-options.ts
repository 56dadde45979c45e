/**
 * The ECharts options of the dashboard's charts, built from the theme's colours and the texts
 * already translated. Every bar and cell carries its number as a label, so the colour is never
 * the only way to read a value; series that differ only by colour also get a pattern (decal).
 */
import type { EChartsCoreOption } from 'echarts/core'
import type { ChartColors } from './echart.tsx'

type Fmt = (value: number) => string

function axisStyle(c: ChartColors) {
  return {
    axisLine: { lineStyle: { color: c.border } },
    axisTick: { lineStyle: { color: c.border } },
    axisLabel: { color: c.muted },
    splitLine: { lineStyle: { color: c.border } },
    nameTextStyle: { color: c.muted },
  }
}

function base(c: ChartColors) {
  return {
    textStyle: { color: c.text, fontFamily: c.font },
    tooltip: {
      backgroundColor: c.surface,
      borderColor: c.border,
      textStyle: { color: c.text, fontFamily: c.font },
    },
  }
}

const grid = (extra: Record<string, unknown> = {}) => ({
  left: 8,
  right: 16,
  top: 40,
  bottom: 8,
  containLabel: true,
  ...extra,
})

type DaySeries = { name: string; values: number[]; format: Fmt }

/**
 * Per day: one series as bars, one as a dashed line with dots (shape, not only colour). With
 * `axes` the line has its own axis on the right (another unit); without, both share one axis of
 * whole numbers.
 */
export function barLineOption(
  c: ChartColors,
  p: {
    labels: string[]
    bars: DaySeries
    line: DaySeries
    /** The axes' names and their labels' format (two units); without it one shared count axis. */
    axes?: { bars: string; line: string; format: Fmt }
  },
): EChartsCoreOption {
  const axisLabel = (format: Fmt) => ({ color: c.muted, formatter: (v: number) => format(v) })
  return {
    ...base(c),
    tooltip: { ...base(c).tooltip, trigger: 'axis' },
    legend: { top: 0, textStyle: { color: c.text }, data: [p.bars.name, p.line.name] },
    grid: grid(),
    xAxis: { type: 'category', data: p.labels, ...axisStyle(c) },
    yAxis: p.axes
      ? [
          { type: 'value', name: p.axes.bars, ...axisStyle(c), axisLabel: axisLabel(p.axes.format) },
          {
            type: 'value',
            name: p.axes.line,
            minInterval: 1,
            ...axisStyle(c),
            axisLabel: axisLabel(p.axes.format),
            splitLine: { show: false },
          },
        ]
      : [{ type: 'value', minInterval: 1, ...axisStyle(c), axisLabel: axisLabel(p.line.format) }],
    series: [
      {
        type: 'bar',
        name: p.bars.name,
        data: p.bars.values,
        itemStyle: { color: c.accent, borderRadius: [3, 3, 0, 0] },
        tooltip: { valueFormatter: (v: number) => p.bars.format(v) },
      },
      {
        type: 'line',
        name: p.line.name,
        yAxisIndex: p.axes ? 1 : 0,
        data: p.line.values,
        symbol: 'circle',
        symbolSize: 7,
        itemStyle: { color: c.info },
        lineStyle: { color: c.info, width: 2, type: 'dashed' },
        tooltip: { valueFormatter: (v: number) => p.line.format(v) },
      },
    ],
  }
}

/** Revenue per day (bars, left axis, in the currency) and orders per day (line, right axis). */
export function revenueOption(
  c: ChartColors,
  p: {
    labels: string[]
    gross: number[]
    orders: number[]
    revenueName: string
    ordersName: string
    currency: string
    money: Fmt
    count: Fmt
  },
): EChartsCoreOption {
  return barLineOption(c, {
    labels: p.labels,
    bars: { name: p.revenueName, values: p.gross, format: (v) => p.money(Math.round(v * 100)) },
    line: { name: p.ordersName, values: p.orders, format: p.count },
    axes: { bars: p.currency, line: p.ordersName, format: p.count },
  })
}

/** Page views per day (bars) and unique visitors per day (line), on one axis of counts. */
export function visitsOption(
  c: ChartColors,
  p: {
    labels: string[]
    views: number[]
    visitors: number[]
    viewsName: string
    visitorsName: string
    count: Fmt
  },
): EChartsCoreOption {
  return barLineOption(c, {
    labels: p.labels,
    bars: { name: p.viewsName, values: p.views, format: p.count },
    line: { name: p.visitorsName, values: p.visitors, format: p.count },
  })
}

/**
 * Orders or page views by weekday (rows, Monday on top) and hour (columns), the count written in
 * each cell.
 */
export function heatOption(
  c: ChartColors,
  p: {
    cells: [number, number, number][]
    hours: string[]
    weekdays: string[]
    max: number
    hourName: string
    count: Fmt
  },
): EChartsCoreOption {
  const max = Math.max(1, p.max)
  return {
    ...base(c),
    tooltip: {
      ...base(c).tooltip,
      formatter: (item: { value: [number, number, number] }) =>
        `${p.weekdays[item.value[1]] ?? ''} ${p.hours[item.value[0]] ?? ''}: ${p.count(item.value[2])}`,
    },
    grid: grid({ top: 8, bottom: 56 }),
    xAxis: { type: 'category', data: p.hours, name: p.hourName, ...axisStyle(c), splitArea: { show: false } },
    yAxis: { type: 'category', data: p.weekdays, inverse: true, ...axisStyle(c) },
    visualMap: {
      type: 'continuous',
      min: 0,
      max,
      orient: 'horizontal',
      left: 'center',
      bottom: 0,
      itemHeight: 160,
      text: [p.count(max), p.count(0)],
      inRange: { color: [c.surface2, c.accent] },
      textStyle: { color: c.text },
      calculable: false,
    },
    series: [
      {
        type: 'heatmap',
        data: p.cells.map(([h, w, v]) => ({
          value: [h, w, v],
          label: { color: v > max / 2 ? c.accentContrast : c.text },
        })),
        label: {
          show: true,
          formatter: (item: { value: [number, number, number] }) =>
            item.value[2] ? String(item.value[2]) : '',
        },
        itemStyle: { borderColor: c.surface, borderWidth: 2 },
      },
    ],
  }
}

/**
 * A horizontal ranking (popular items and options, cancellation reasons, pages): the first entry
 * on top.
 */
export function rankingOption(
  c: ChartColors,
  p: { names: string[]; values: number[]; name: string; color: string; format: Fmt; integer: boolean },
): EChartsCoreOption {
  return {
    ...base(c),
    tooltip: { ...base(c).tooltip, trigger: 'axis', axisPointer: { type: 'shadow' } },
    grid: grid({ top: 8, right: 48 }),
    xAxis: {
      type: 'value',
      ...(p.integer ? { minInterval: 1 } : {}),
      ...axisStyle(c),
      // A narrow figure: thousands would run into each other, so overlapping labels are left out.
      axisLabel: { color: c.muted, formatter: (v: number) => p.format(v), hideOverlap: true },
    },
    yAxis: {
      type: 'category',
      data: p.names,
      inverse: true,
      ...axisStyle(c),
      axisLabel: { color: c.text, width: 180, overflow: 'truncate' },
    },
    series: [
      {
        type: 'bar',
        name: p.name,
        data: p.values,
        itemStyle: { color: p.color, borderRadius: [0, 3, 3, 0] },
        label: {
          show: true,
          position: 'right',
          color: c.text,
          formatter: (item: { value: number }) => p.format(item.value),
        },
        tooltip: { valueFormatter: (v: number) => p.format(v) },
      },
    ],
  }
}

/** Orders by order type: one bar each, named on the axis and with its count. */
export function typesOption(
  c: ChartColors,
  p: { names: string[]; values: number[]; name: string; count: Fmt },
): EChartsCoreOption {
  const colors = [c.accent, c.info, c.success]
  return {
    ...base(c),
    tooltip: { ...base(c).tooltip, trigger: 'axis', axisPointer: { type: 'shadow' } },
    grid: grid({ top: 24 }),
    xAxis: { type: 'category', data: p.names, ...axisStyle(c), axisLabel: { color: c.text } },
    yAxis: {
      type: 'value',
      minInterval: 1,
      ...axisStyle(c),
      axisLabel: { color: c.muted, formatter: (v: number) => p.count(v) },
    },
    series: [
      {
        type: 'bar',
        name: p.name,
        data: p.values.map((value, i) => ({ value, itemStyle: { color: colors[i % colors.length] } })),
        barMaxWidth: 72,
        label: {
          show: true,
          position: 'top',
          color: c.text,
          formatter: (item: { value: number }) => p.count(item.value),
        },
        tooltip: { valueFormatter: (v: number) => p.count(v) },
      },
    ],
  }
}

/** Average minutes to confirmation and to completion, this period beside the previous one. */
export function timesOption(
  c: ChartColors,
  p: {
    categories: string[]
    current: (number | null)[]
    previous: (number | null)[]
    currentName: string
    previousName: string
    minutes: Fmt
    unit: string
  },
): EChartsCoreOption {
  const label = (color: string) => ({
    show: true,
    position: 'top',
    color,
    formatter: (item: { value: number | null }) => (item.value === null ? '—' : p.minutes(item.value)),
  })
  return {
    ...base(c),
    tooltip: { ...base(c).tooltip, trigger: 'axis', axisPointer: { type: 'shadow' } },
    legend: { top: 0, textStyle: { color: c.text }, data: [p.currentName, p.previousName] },
    grid: grid(),
    xAxis: { type: 'category', data: p.categories, ...axisStyle(c), axisLabel: { color: c.text } },
    yAxis: { type: 'value', name: p.unit, ...axisStyle(c) },
    series: [
      {
        type: 'bar',
        name: p.currentName,
        data: p.current,
        barMaxWidth: 56,
        itemStyle: { color: c.accent },
        label: label(c.text),
        tooltip: { valueFormatter: (v: number | null) => (v === null ? '—' : p.minutes(v)) },
      },
      {
        type: 'bar',
        name: p.previousName,
        data: p.previous,
        barMaxWidth: 56,
        // The previous period: lighter and hatched, not only another colour.
        itemStyle: {
          color: c.surface2,
          borderColor: c.muted,
          borderWidth: 1,
          decal: {
            symbol: 'rect',
            symbolSize: 1,
            dashArrayX: [1, 0],
            dashArrayY: [2, 4],
            rotation: Math.PI / 4,
            color: c.muted,
          },
        },
        label: label(c.muted),
        tooltip: { valueFormatter: (v: number | null) => (v === null ? '—' : p.minutes(v)) },
      },
    ],
  }
}
