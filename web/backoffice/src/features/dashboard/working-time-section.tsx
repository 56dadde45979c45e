import { Icon, Notice } from '@shop/ui'
import { paths } from '@shop/ui/routes'
import { useMemo } from 'react'
import { Link } from 'react-router'
import { ChartFigure } from './chart-figure.tsx'
import { barLineOption, timesOption } from './chart-options.ts'
import { csvFileName, csvMoney, toCsv } from './dashboard-model.ts'
import { DataTable } from './data-table.tsx'
import { EChart } from './echart.tsx'
import type { ChartPart } from './figure-props.ts'
import { hoursOf, laborDays, rateCoverage } from './working-time-model.ts'

// "Arbeitszeit" (issue 20; docs/statistics.md "Working time"): planned against worked hours per
// employee, overtime and breaks, and the labour cost share per day beside the revenue, from GET
// /api/statistics/working-activities for the same range and branch as the rest of the dashboard.

export function WorkingTimeSection({ t, data, f, colors, admin }: ChartPart & { admin: boolean }) {
  const working = data.working
  const hours = (seconds: number) => t('work.hoursValue', { value: f.quantity(hoursOf(seconds)) })
  const signedHours = (seconds: number) => t('work.hoursValue', { value: f.signed(hoursOf(seconds)) })
  const people = working?.byUser ?? []
  const days = useMemo(() => (working ? laborDays(working) : []), [working])
  const coverage = working ? rateCoverage(working) : 'all'

  const hoursTitle = t('work.hours.title')
  const hoursChart = useMemo(
    () =>
      timesOption(colors, {
        categories: people.map((p) => p.name),
        current: people.map((p) => hoursOf(p.workedSeconds)),
        previous: people.map((p) => hoursOf(p.plannedSeconds)),
        currentName: t('work.worked'),
        previousName: t('work.planned'),
        minutes: (v) => t('work.hoursValue', { value: f.quantity(v) }),
        unit: t('work.hoursUnit'),
      }),
    [colors, people, t, f],
  )
  const costTitle = t('work.cost.title')
  const costChart = useMemo(
    () =>
      barLineOption(colors, {
        labels: days.map((d) => f.shortDate(d.date)),
        bars: {
          name: t('work.cost.revenue'),
          values: days.map((d) => d.revenueNet / 100),
          format: (v) => f.money(Math.round(v * 100)),
        },
        line: {
          name: t('work.cost.share'),
          values: days.map((d) => (d.share === null ? Number.NaN : Math.round(d.share * 1000) / 10)),
          format: (v) => (Number.isNaN(v) ? '—' : t('percent', { value: f.quantity(v) })),
        },
        axes: { bars: data.currency, line: '%', format: f.count },
      }),
    [colors, days, t, f, data.currency],
  )

  if (!working) {
    return (
      <section className="bo-dash__visitors" aria-labelledby="bo-dash-work" data-testid="dashboard-work">
        <h2 id="bo-dash-work" className="bo-dash__heading">
          {t('work.heading')}
        </h2>
        <Notice tone="warning">
          <p>{t('work.failed')}</p>
        </Notice>
      </section>
    )
  }
  const total = working.total
  const empty = total.workedSeconds === 0 && total.plannedSeconds === 0
  const hoursHead = [
    t('work.column.name'),
    t('work.planned'),
    t('work.worked'),
    t('work.overtime'),
    t('work.breaks'),
    t('work.column.laborCost'),
  ]
  const costHead = [
    t('column.date'),
    t('work.worked'),
    t('work.column.unrated'),
    t('work.column.laborCost'),
    t('work.cost.revenue'),
    t('work.cost.share'),
  ]
  const share = (v: number | null) => (v === null ? '—' : f.percent(v))
  const hoursSummary = t('work.hours.summary', {
    worked: hours(total.workedSeconds),
    planned: hours(total.plannedSeconds),
    overtime: signedHours(total.overtimeSeconds),
    breaks: hours(total.breakSeconds),
  })
  const costSummary = t('work.cost.summary', {
    cost: f.money(total.laborCost),
    revenue: f.money(total.revenueNet),
    share: share(total.share),
  })
  const kpis = [
    { key: 'worked', label: t('work.worked'), value: hours(total.workedSeconds) },
    { key: 'planned', label: t('work.planned'), value: hours(total.plannedSeconds) },
    { key: 'overtime', label: t('work.overtime'), value: signedHours(total.overtimeSeconds) },
    { key: 'breaks', label: t('work.breaks'), value: hours(total.breakSeconds) },
    ...(coverage === 'none'
      ? []
      : [{ key: 'laborShare', label: t('work.cost.share'), value: share(total.share) }]),
  ]
  return (
    <section className="bo-dash__visitors" aria-labelledby="bo-dash-work" data-testid="dashboard-work">
      <h2 id="bo-dash-work" className="bo-dash__heading">
        {t('work.heading')}
      </h2>
      {empty ? (
        <Notice>
          <p>{t('work.empty')}</p>
        </Notice>
      ) : (
        <>
          <ul className="bo-dash__kpi-list">
            {kpis.map((k) => (
              <li key={k.key} className="bo-kpi" data-kpi={k.key}>
                <h3 className="bo-kpi__label">{k.label}</h3>
                <p className="bo-kpi__value" data-testid={`work-${k.key}`}>
                  {k.value}
                </p>
              </li>
            ))}
          </ul>
          <p className="bo-dash__basis">{t('work.basis')}</p>
          {coverage !== 'all' ? (
            <p className="bo-dash__note" data-testid="work-rates-missing">
              <Icon name="info" />
              <span>
                {t(coverage === 'none' ? 'work.rates.none' : 'work.rates.some', {
                  hours: hours(total.unratedSeconds),
                })}{' '}
                {admin ? <Link to={paths.backend.resources('users')}>{t('work.rates.link')}</Link> : null}
              </span>
            </p>
          ) : null}
          <div className="bo-dash__charts">
            <ChartFigure
              name="workHours"
              title={hoursTitle}
              summary={hoursSummary}
              chart={<EChart option={hoursChart} description={`${hoursTitle}. ${hoursSummary}`} />}
              table={
                <DataTable
                  title={hoursTitle}
                  head={hoursHead}
                  numeric={[1, 2, 3, 4, 5]}
                  rows={people.map((p) => [
                    p.name,
                    hours(p.plannedSeconds),
                    hours(p.workedSeconds),
                    signedHours(p.overtimeSeconds),
                    hours(p.breakSeconds),
                    p.laborCost === null ? t('work.noRate') : f.money(p.laborCost),
                  ])}
                />
              }
              csv={{
                fileName: csvFileName(t('work.hours.file'), data.range),
                build: () =>
                  toCsv(
                    hoursHead,
                    people.map((p) => [
                      p.name,
                      hoursOf(p.plannedSeconds),
                      hoursOf(p.workedSeconds),
                      hoursOf(p.overtimeSeconds),
                      hoursOf(p.breakSeconds),
                      p.laborCost === null ? '' : csvMoney(p.laborCost),
                    ]),
                  ),
              }}
            />
            {coverage === 'none' ? null : (
              <ChartFigure
                name="laborShare"
                title={costTitle}
                summary={costSummary}
                basis={t('work.cost.basis')}
                chart={<EChart option={costChart} description={`${costTitle}. ${costSummary}`} />}
                table={
                  <DataTable
                    title={costTitle}
                    head={costHead}
                    numeric={[1, 2, 3, 4, 5]}
                    rows={days.map((d) => [
                      f.date(d.date),
                      hours(d.workedSeconds),
                      hours(d.unratedSeconds),
                      f.money(d.laborCost),
                      f.money(d.revenueNet),
                      share(d.share),
                    ])}
                  />
                }
                csv={{
                  fileName: csvFileName(t('work.cost.file'), data.range),
                  build: () =>
                    toCsv(
                      costHead,
                      days.map((d) => [
                        d.date,
                        hoursOf(d.workedSeconds),
                        hoursOf(d.unratedSeconds),
                        csvMoney(d.laborCost),
                        csvMoney(d.revenueNet),
                        d.share === null ? '' : Math.round(d.share * 10_000) / 10_000,
                      ]),
                    ),
                }}
              />
            )}
          </div>
        </>
      )}
    </section>
  )
}
