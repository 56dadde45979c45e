/**
 * Apache ECharts for the dashboard, only the parts it draws (bars, a line, a heat map; SVG
 * renderer), so the chunk stays small. <EChart> renders one chart: the colours come from the
 * design tokens of @shop/ui and follow the theme (data-theme on <html>), the chart follows its
 * container's size and is disposed with the component. ECharts' `aria` gives the chart role
 * "img" and the summary sentence as its label; the figure around it holds the caption and the
 * data table (dashboard-page.tsx).
 */
import { BarChart, HeatmapChart, LineChart } from 'echarts/charts'
import {
  AriaComponent,
  GridComponent,
  LegendComponent,
  TooltipComponent,
  VisualMapContinuousComponent,
} from 'echarts/components'
import { type EChartsCoreOption, type EChartsType, init, use } from 'echarts/core'
import { SVGRenderer } from 'echarts/renderers'
import { useEffect, useRef, useState } from 'react'

use([
  BarChart,
  LineChart,
  HeatmapChart,
  AriaComponent,
  GridComponent,
  LegendComponent,
  TooltipComponent,
  VisualMapContinuousComponent,
  SVGRenderer,
])

/** The design tokens the charts draw with. */
export type ChartColors = {
  text: string
  muted: string
  border: string
  surface: string
  surface2: string
  accent: string
  accentSoft: string
  accentContrast: string
  info: string
  success: string
  warning: string
  danger: string
  font: string
}

const TOKENS: Record<keyof ChartColors, string> = {
  text: '--text',
  muted: '--text-muted',
  border: '--border',
  surface: '--surface',
  surface2: '--surface-2',
  accent: '--accent',
  accentSoft: '--accent-soft',
  accentContrast: '--accent-contrast',
  info: '--info',
  success: '--success',
  warning: '--warning',
  danger: '--danger',
  font: '--font-sans',
}

function readColors(): ChartColors {
  const style = getComputedStyle(document.documentElement)
  return Object.fromEntries(
    Object.entries(TOKENS).map(([name, token]) => [name, style.getPropertyValue(token).trim() || '#777']),
  ) as ChartColors
}

/** The tokens now, read again whenever the theme (data-theme on <html>) changes. */
export function useChartColors(): ChartColors {
  const [colors, setColors] = useState(readColors)
  useEffect(() => {
    const observer = new MutationObserver(() => setColors(readColors()))
    observer.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme', 'style'] })
    return () => observer.disconnect()
  }, [])
  return colors
}

const reducedMotion = () => matchMedia('(prefers-reduced-motion: reduce)').matches

/**
 * One chart. `option` is built by the caller from the colours; `description` is the sentence a
 * screen reader hears for the chart (ECharts' aria label).
 */
export function EChart({
  option,
  description,
  height = 320,
  className,
}: {
  option: EChartsCoreOption
  description: string
  height?: number
  className?: string
}) {
  const ref = useRef<HTMLDivElement>(null)
  const chart = useRef<EChartsType | null>(null)

  useEffect(() => {
    const el = ref.current
    if (!el) return
    const instance = init(el, undefined, { renderer: 'svg' })
    chart.current = instance
    const resize = new ResizeObserver(() => instance.resize())
    resize.observe(el)
    return () => {
      resize.disconnect()
      instance.dispose()
      chart.current = null
    }
  }, [])

  useEffect(() => {
    chart.current?.setOption(
      {
        animation: !reducedMotion(),
        ...option,
        aria: { enabled: true, label: { enabled: true, description } },
      },
      { notMerge: true },
    )
  }, [option, description])

  return <div ref={ref} className={['bo-chart', className].filter(Boolean).join(' ')} style={{ height }} />
}
