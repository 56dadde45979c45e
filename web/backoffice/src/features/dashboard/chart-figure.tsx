import { Button } from '@shop/ui'
import type { ReactNode } from 'react'
import { useT } from '../../lib/i18n.tsx'
import { downloadText } from './download-text.ts'

// Charts: a figure with its caption, the chart, the summary sentence and the data as a table.

export function ChartFigure({
  name,
  title,
  summary,
  chart,
  table,
  controls,
  csv,
  basis,
}: {
  name: string
  title: string
  summary: string
  chart: ReactNode
  table: ReactNode
  controls?: ReactNode
  /** Which orders the figure counts (docs/statistics.md "Which orders count"). */
  basis?: string
  /** The file's content, its name and what the button names (the title by default). */
  csv?: { fileName: string; build: () => string; label?: string }
}) {
  const t = useT('bo-dashboard')
  return (
    <figure className="bo-dash__figure" data-chart={name}>
      <figcaption className="bo-dash__caption">{title}</figcaption>
      {controls}
      {chart}
      <p className="bo-dash__summary">{summary}</p>
      {basis ? <p className="bo-dash__basis">{basis}</p> : null}
      <details className="bo-dash__details">
        <summary>{t('charts.table')}</summary>
        {table}
      </details>
      {csv ? (
        <div className="bo-dash__actions">
          <Button
            small
            variant="secondary"
            icon="download"
            aria-label={t('charts.csvLabel', { title: csv.label ?? title })}
            onClick={() => downloadText(csv.fileName, csv.build())}
          >
            {t('charts.csv')}
          </Button>
        </div>
      ) : null}
    </figure>
  )
}
