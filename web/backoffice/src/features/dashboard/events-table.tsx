import { Button } from '@shop/ui'
import { csvFileName, toCsv } from './dashboard-model.ts'
import { DataTable } from './data-table.tsx'
import { downloadText } from './download-text.ts'
import type { Part } from './figure-props.ts'

/** The analytics log's other entries (commerce and interface events): a table with CSV. */
export function EventsTable({ t, data, f }: Part) {
  const title = t('charts.events.title')
  const events = data.events
  const total = events.reduce((sum, e) => sum + e.events, 0)
  const typeName = (type: string) => {
    const text = t(`eventType.${type}`)
    return text.endsWith(`eventType.${type}`) ? type : text
  }
  const top = events[0]
  const summary = top
    ? t('charts.events.summary', {
        count: total,
        n: f.count(total),
        action: top.action,
        events: f.count(top.events),
      })
    : t('charts.events.none')
  const head = [t('column.type'), t('column.category'), t('column.action'), t('column.events')]
  return (
    <section className="bo-dash__figure" aria-labelledby="bo-dash-events" data-chart="events">
      <h3 id="bo-dash-events" className="bo-dash__caption">
        {title}
      </h3>
      <p className="bo-dash__summary">{summary}</p>
      {events.length > 0 ? (
        <>
          <DataTable
            title={title}
            head={head}
            numeric={[3]}
            rows={events.map((e) => [typeName(e.type), e.category || '—', e.action, f.count(e.events)])}
          />
          <div className="bo-dash__actions">
            <Button
              small
              variant="secondary"
              icon="download"
              aria-label={t('charts.csvLabel', { title })}
              onClick={() =>
                downloadText(
                  csvFileName(t('charts.events.file'), data.range),
                  toCsv(
                    head,
                    events.map((e) => [e.type, e.category, e.action, e.events]),
                  ),
                )
              }
            >
              {t('charts.csv')}
            </Button>
          </div>
        </>
      ) : null}
    </section>
  )
}
