import { EChart } from './echart.tsx'

/** A horizontal ranking: one bar row per entry (34 px each), nothing when there is none. */
export function RankingChart({
  option,
  entries,
  description,
  minHeight = 160,
}: {
  option: Parameters<typeof EChart>[0]['option']
  entries: number
  description: string
  minHeight?: number
}) {
  if (entries === 0) return null
  return <EChart option={option} description={description} height={Math.max(minHeight, entries * 34 + 40)} />
}
