import type { Translate } from '../../lib/i18n.tsx'
import type { ChartColors } from './echart.tsx'
import type { DashboardData } from './use-dashboard-data.ts'
import type { Formats } from './use-formats.ts'

export type Part = { t: Translate; data: DashboardData; f: Formats }
export type ChartPart = Part & { colors: ChartColors }
