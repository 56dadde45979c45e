/**
 * The manager's statistics dashboard (/backend/dashboard, spec §2, issue 7; docs/statistics.md):
 * a range with presets in the shop's local days, branch and order-type filters (all in the URL
 * query), headline figures with the change against the previous period, charts with a caption,
 * a summary sentence and the data as a table, and CSV downloads.
 */
import type { OrderType } from '@shop/shared/domain/common'
import { formatMoney, ORDER_TYPES } from '@shop/shared/domain/common'
import {
  formatLocalDate,
  isLocalDate,
  type LocalDate,
  localDateOf,
} from '@shop/shared/domain/scheduling/zoned-time.ts'
import { Button, Field, Icon, Notice, Spinner } from '@shop/ui'
import { type ReactNode, useCallback, useId, useMemo, useState } from 'react'
import { useSearchParams } from 'react-router'
import { boardBranches, isAdmin } from '../../lib/auth-model.ts'
import { type Translate, useLocale, useT } from '../../lib/i18n.tsx'
import { useSession } from '../../lib/session.tsx'
import {
  heatOption,
  rankingOption,
  revenueOption,
  timesOption,
  typesOption,
  visitsOption,
} from './chart-options.ts'
import {
  type CsvValue,
  csvFileName,
  csvMoney,
  type DashboardFilters,
  type DateRange,
  dayPoints,
  directionOf,
  durationParts,
  filtersFromSearch,
  filtersToSearch,
  type HeatMap,
  heatMap,
  isCompleteRange,
  isEstimate,
  optionLabel,
  PRESETS,
  type Preset,
  pointsChange,
  rangeOf,
  relativeChange,
  toCsv,
  visitDayPoints,
} from './dashboard-model.ts'
import { type ChartColors, EChart, useChartColors } from './echart.tsx'
import { type DashboardData, queryKey, useDashboardData } from './use-dashboard-data.ts'
import './dashboard.css'

const DEFAULT_TIME_ZONE = 'Europe/Zurich'

type Formats = {
  money: (cents: number) => string
  count: (n: number) => string
  quantity: (n: number) => string
  signed: (n: number) => string
  /** A fraction as a percentage with one decimal (0.125 → "12,5 %"). */
  percent: (fraction: number) => string
  minutes: (m: number) => string
  duration: (seconds: number | null) => string
  date: (d: LocalDate) => string
  shortDate: (d: LocalDate) => string
}

function useFormats(t: Translate, currency: string): Formats {
  const { locale } = useLocale()
  return useMemo(() => {
    const count = new Intl.NumberFormat(locale, { maximumFractionDigits: 0 })
    const quantity = new Intl.NumberFormat(locale, { maximumFractionDigits: 3 })
    const signed = new Intl.NumberFormat(locale, { maximumFractionDigits: 1, signDisplay: 'exceptZero' })
    const oneDecimal = new Intl.NumberFormat(locale, { maximumFractionDigits: 1 })
    return {
      // Money always in the Swiss format with two decimals, whatever the UI language (spec §9).
      money: (cents) => formatMoney(Math.round(cents), currency, 'de-CH'),
      count: (n) => count.format(n),
      quantity: (n) => quantity.format(n),
      signed: (n) => signed.format(n),
      percent: (fraction) => t('percent', { value: oneDecimal.format(fraction * 100) }),
      minutes: (m) => t('minutes', { value: oneDecimal.format(m) }),
      duration: (seconds) => {
        if (seconds === null) return t('duration.none')
        const d = durationParts(seconds)
        if (d.hours > 0) return t('duration.hours', d)
        if (d.minutes > 0) return t('duration.minutes', d)
        return t('duration.seconds', d)
      },
      date: (d) => formatLocalDate(d),
      shortDate: (d) => formatLocalDate(d).slice(0, 6),
    }
  }, [locale, currency, t])
}

/** Starts a download of a text file (a Blob URL and an <a download>). */
function downloadText(fileName: string, text: string, type = 'text/csv;charset=utf-8'): void {
  const url = URL.createObjectURL(new Blob([text], { type }))
  const a = document.createElement('a')
  a.href = url
  a.download = fileName
  a.style.display = 'none'
  document.body.append(a)
  a.click()
  a.remove()
  setTimeout(() => URL.revokeObjectURL(url), 10_000)
}

export function DashboardPage() {
  const t = useT('bo-dashboard')
  const { me, branches } = useSession()
  const admin = isAdmin(me)
  const own = admin ? branches : boardBranches(me, branches)
  // An employee of one branch reads that branch; several: all of theirs or one.
  const single = !admin && own.length === 1 ? own[0]?.id : undefined
  const [params, setParams] = useSearchParams()
  const zoneOf = (id: string) =>
    (branches.find((b) => b.id === id) as { timeZone?: string } | undefined)?.timeZone
  const requested = params.get('branch') ?? ''
  const branch = single ?? (own.some((b) => b.id === requested) ? requested : '')
  const timeZone = zoneOf(branch) || zoneOf(own[0]?.id ?? '') || DEFAULT_TIME_ZONE
  const today = localDateOf(Date.now(), timeZone)
  const filters = { ...filtersFromSearch(params, today), branch }
  const range = rangeOf(filters, today)
  const complete = isCompleteRange(range)
  const fallback = t('bo-shell:error.statisticsLoad')
  const { data, loading, error, reload, live } = useDashboardData(range, filters, `${fallback}.`, complete)
  const current = data?.key === queryKey({ range, filters })

  const setFilters = useCallback(
    (next: Partial<DashboardFilters>) => {
      const merged = { ...filtersFromSearch(params, today), ...next }
      setParams(filtersToSearch(merged), { replace: true })
    },
    [params, today, setParams],
  )

  return (
    <main id="main" className="bo-page bo-dash" data-loading={loading}>
      <h1>{t('title')}</h1>
      <p className="bo-dash__intro">{t('intro')}</p>
      <RangePicker
        t={t}
        filters={filters}
        range={range}
        admin={admin}
        branches={own}
        single={single !== undefined}
        onChange={setFilters}
      />
      <div className="bo-dash__status">
        {/* Text and icon, not colour alone: live, or reconnecting. */}
        <span
          className={`bo-dash__live bo-dash__live--${live}`}
          data-testid="dashboard-live"
          data-live={live}
        >
          <Icon name={live === 'live' ? 'check' : live === 'refused' ? 'error' : 'wifiOff'} />
          {t(`live.${live}`)}
        </span>
        {loading ? <Spinner label={data ? t('updating') : t('loading')} /> : null}
      </div>
      {error ? (
        <Notice tone="danger" live="assertive">
          <p>{error}</p>
          <Button small variant="secondary" onClick={() => void reload()}>
            {t('retry')}
          </Button>
        </Notice>
      ) : null}
      {data && (current || loading) && !(error && !current) ? (
        <Figures t={t} data={data} stale={!current} />
      ) : null}
    </main>
  )
}

function RangePicker({
  t,
  filters,
  range,
  admin,
  branches,
  single,
  onChange,
}: {
  t: Translate
  filters: DashboardFilters
  range: DateRange
  admin: boolean
  branches: { id: string; name: string }[]
  single: boolean
  onChange: (next: Partial<DashboardFilters>) => void
}) {
  const id = useId()
  const choose = (preset: Preset) => {
    if (preset === 'custom') onChange({ preset, from: range.from, to: range.to })
    else onChange({ preset, from: '', to: '' })
  }
  return (
    <search className="bo-dash__filters" aria-label={t('filter.label')}>
      <fieldset className="bo-dash__presets">
        <legend className="ui-field__label">{t('filter.range')}</legend>
        <div className="bo-dash__preset-list">
          {PRESETS.map((preset) => (
            <button
              key={preset}
              type="button"
              className="bo-dash__preset"
              aria-pressed={filters.preset === preset}
              onClick={() => choose(preset)}
            >
              {t(`preset.${preset}`)}
            </button>
          ))}
        </div>
      </fieldset>
      <div className="bo-dash__selects">
        {filters.preset === 'custom' ? (
          <>
            <DateInput
              label={t('filter.from')}
              value={filters.from}
              onCommit={(from) => onChange({ from })}
            />
            <DateInput label={t('filter.to')} value={filters.to} onCommit={(to) => onChange({ to })} />
          </>
        ) : null}
        <Field label={t('filter.branch')}>
          <select
            id={`${id}-branch`}
            className="ui-select"
            value={filters.branch}
            onChange={(e) => onChange({ branch: e.target.value })}
          >
            {single ? null : (
              <option value="">{admin ? t('filter.allBranches') : t('filter.ownBranches')}</option>
            )}
            {branches.map((b) => (
              <option key={b.id} value={b.id}>
                {b.name}
              </option>
            ))}
          </select>
        </Field>
        <Field label={t('filter.orderType')}>
          <select
            id={`${id}-type`}
            className="ui-select"
            value={filters.orderType}
            onChange={(e) => onChange({ orderType: e.target.value as OrderType | '' })}
          >
            <option value="">{t('filter.allOrderTypes')}</option>
            {ORDER_TYPES.map((type) => (
              <option key={type} value={type}>
                {t(`ordering:orderType.${type}`)}
              </option>
            ))}
          </select>
        </Field>
      </div>
    </search>
  )
}

/** A date field that changes the URL only with a whole date (not while one is being typed). */
function DateInput({ label, value, onCommit }: { label: string; value: string; onCommit(v: string): void }) {
  const [text, setText] = useState(value)
  const [shown, setShown] = useState(value)
  if (shown !== value) {
    setShown(value)
    setText(value)
  }
  return (
    <Field label={label}>
      <input
        className="ui-input"
        type="date"
        value={text}
        onChange={(e) => {
          setText(e.target.value)
          if (isLocalDate(e.target.value)) onCommit(e.target.value)
        }}
      />
    </Field>
  )
}

// ---------------------------------------------------------------------------------------------

function Figures({ t, data, stale }: { t: Translate; data: DashboardData; stale: boolean }) {
  const f = useFormats(t, data.currency)
  const colors = useChartColors()
  const hasOrders = data.orders.total.orders > 0
  const orderHeat = useMemo(() => heatMap(data.orderTimes.cells, 'orders'), [data.orderTimes])
  const range = `${f.date(data.range.from)} – ${f.date(data.range.to)}`
  const previous = `${f.date(data.previousRange.from)} – ${f.date(data.previousRange.to)}`
  return (
    <div
      className={`bo-dash__figures${stale ? ' bo-dash__figures--stale' : ''}`}
      aria-busy={stale}
      data-range={`${data.range.from}_${data.range.to}`}
    >
      <p className="bo-dash__period" data-testid="dashboard-period">
        {t('period', { range, previous })}
      </p>
      <Headline t={t} data={data} f={f} />
      {hasOrders ? (
        <section className="bo-dash__charts" aria-labelledby="bo-dash-charts">
          <h2 id="bo-dash-charts" className="ui-visually-hidden">
            {t('charts.heading')}
          </h2>
          <RevenueFigure t={t} data={data} f={f} colors={colors} />
          <HeatFigure t={t} f={f} colors={colors} name="heat" map={orderHeat} />
          <PopularFigure t={t} data={data} f={f} colors={colors} />
          <OptionsFigure t={t} data={data} f={f} colors={colors} />
          <TypesFigure t={t} data={data} f={f} colors={colors} />
          <ReasonsFigure t={t} data={data} f={f} colors={colors} />
          <TimesFigure t={t} data={data} f={f} colors={colors} />
        </section>
      ) : (
        <Notice>
          <p>{t('empty')}</p>
        </Notice>
      )}
      <VisitorSection t={t} data={data} f={f} colors={colors} />
    </div>
  )
}

type Part = { t: Translate; data: DashboardData; f: Formats }
type ChartPart = Part & { colors: ChartColors }

function Headline({ t, data, f }: Part) {
  const cur = data
  const prev = data.previous
  const percent = (v: number | null) => (v === null ? '—' : f.percent(v))
  const cards: {
    key: string
    label: string
    value: string
    previous: string
    change: number | null
    kind: 'relative' | 'points'
    /** The value is an estimate (unique visitors over many visitor-days). */
    estimate?: boolean
    /** Which orders the figure counts (docs/statistics.md "Which orders count"). */
    hint?: string
  }[] = [
    {
      key: 'revenue',
      label: t('kpi.revenue'),
      value: f.money(cur.revenue.total.gross),
      previous: f.money(prev.revenue.total.gross),
      change: relativeChange(cur.revenue.total.gross, prev.revenue.total.gross),
      kind: 'relative',
      hint: t('kpi.hint.revenue'),
    },
    {
      key: 'orders',
      label: t('kpi.orders'),
      value: f.count(cur.orders.total.orders),
      previous: f.count(prev.orders.total.orders),
      change: relativeChange(cur.orders.total.orders, prev.orders.total.orders),
      kind: 'relative',
      hint: t('kpi.hint.orders'),
    },
    {
      key: 'averageOrder',
      label: t('kpi.averageOrder'),
      value: cur.revenue.total.averageGross === null ? '—' : f.money(cur.revenue.total.averageGross),
      previous: prev.revenue.total.averageGross === null ? '—' : f.money(prev.revenue.total.averageGross),
      change: relativeChange(cur.revenue.total.averageGross, prev.revenue.total.averageGross),
      kind: 'relative',
      hint: t('kpi.hint.averageOrder'),
    },
    {
      key: 'lostShare',
      label: t('kpi.lostShare'),
      value: percent(cur.canceled.total.share),
      previous: percent(prev.canceled.total.share),
      change: pointsChange(cur.canceled.total.share, prev.canceled.total.share),
      kind: 'points',
    },
    {
      key: 'visitors',
      label: t('kpi.visitors'),
      value: f.count(cur.visitors.total),
      previous: `${isEstimate(prev.visitors) ? '≈ ' : ''}${f.count(prev.visitors.total)}`,
      change: relativeChange(cur.visitors.total, prev.visitors.total),
      kind: 'relative',
      estimate: isEstimate(cur.visitors),
    },
    {
      key: 'confirmTime',
      label: t('kpi.confirmTime'),
      value: f.duration(cur.orders.total.averageConfirmSeconds),
      previous: f.duration(prev.orders.total.averageConfirmSeconds),
      change: relativeChange(cur.orders.total.averageConfirmSeconds, prev.orders.total.averageConfirmSeconds),
      kind: 'relative',
    },
    {
      key: 'completeTime',
      label: t('kpi.completeTime'),
      value: f.duration(cur.orders.total.averageCompleteSeconds),
      previous: f.duration(prev.orders.total.averageCompleteSeconds),
      change: relativeChange(
        cur.orders.total.averageCompleteSeconds,
        prev.orders.total.averageCompleteSeconds,
      ),
      kind: 'relative',
    },
  ]
  return (
    <section className="bo-dash__kpis" aria-labelledby="bo-dash-kpis">
      <h2 id="bo-dash-kpis" className="ui-visually-hidden">
        {t('kpi.heading')}
      </h2>
      <ul className="bo-dash__kpi-list">
        {cards.map((card) => (
          <li
            key={card.key}
            className="bo-kpi"
            data-kpi={card.key}
            data-estimate={card.estimate || undefined}
          >
            <h3 className="bo-kpi__label">{card.label}</h3>
            <p
              className="bo-kpi__value"
              data-testid={`kpi-${card.key}`}
              title={card.estimate ? t('kpi.estimate') : undefined}
            >
              {/* "≈" for the eye, the words for a screen reader (and the tooltip). */}
              {card.estimate ? <span aria-hidden="true">≈ </span> : null}
              {card.value}
              {card.estimate ? <span className="ui-visually-hidden"> ({t('kpi.estimate')})</span> : null}
            </p>
            <Change t={t} f={f} change={card.change} kind={card.kind} />
            <p className="bo-kpi__previous">{t('kpi.previous', { value: card.previous })}</p>
            {card.hint ? (
              <p className="bo-kpi__hint" data-testid={`kpi-hint-${card.key}`}>
                {card.hint}
              </p>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  )
}

const ARROWS = {
  up: 'M12 19V5M5 12l7-7 7 7',
  down: 'M12 5v14M19 12l-7 7-7-7',
  same: 'M5 12h14M13 5l7 7-7 7',
} as const

function Change({
  t,
  f,
  change,
  kind,
}: {
  t: Translate
  f: Formats
  change: number | null
  kind: 'relative' | 'points'
}) {
  // As displayed: whole percent, or percentage points with one decimal.
  const value =
    change === null ? null : kind === 'relative' ? Math.round(change * 100) : Math.round(change * 10) / 10
  const direction = directionOf(value)
  if (value === null || direction === null)
    return <p className="bo-kpi__change bo-kpi__change--none">{t('change.none')}</p>
  return (
    <p className={`bo-kpi__change bo-kpi__change--${direction}`}>
      <svg
        className="ui-icon bo-kpi__arrow"
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth={2.5}
        strokeLinecap="round"
        strokeLinejoin="round"
        aria-hidden="true"
        focusable="false"
      >
        <path d={ARROWS[direction]} />
      </svg>
      <span className="ui-visually-hidden">{t(`change.${direction}`)}: </span>
      {kind === 'relative'
        ? t('change.relative', { value: f.signed(value) })
        : t('change.points', { value: f.signed(value) })}
    </p>
  )
}

// ---------------------------------------------------------------------------------------------
// Charts: a figure with its caption, the chart, the summary sentence and the data as a table.

function ChartFigure({
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

/** A horizontal ranking: one bar row per entry (34 px each), nothing when there is none. */
function RankingChart({
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

/** A data table in a scrollable region that the keyboard can reach. */
function DataTable({
  title,
  head,
  rows,
  numeric,
}: {
  title: string
  head: string[]
  rows: ReactNode[][]
  /** Which columns hold numbers (right-aligned). */
  numeric: number[]
}) {
  const t = useT('bo-dashboard')
  return (
    <section
      className="bo-dash__table-wrap"
      aria-label={t('charts.tableRegion', { title })}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard
      tabIndex={0}
    >
      <table className="bo-dash__table">
        <caption className="ui-visually-hidden">{title}</caption>
        <thead>
          <tr>
            {head.map((h, i) => (
              <th key={h} scope="col" className={numeric.includes(i) ? 'bo-num' : undefined}>
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, r) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: rows of a table redrawn as a whole
            <tr key={r}>
              {row.map((cell, i) =>
                i === 0 ? (
                  // biome-ignore lint/suspicious/noArrayIndexKey: fixed columns
                  <th key={i} scope="row">
                    {cell}
                  </th>
                ) : (
                  // biome-ignore lint/suspicious/noArrayIndexKey: fixed columns
                  <td key={i} className={numeric.includes(i) ? 'bo-num' : undefined}>
                    {cell}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  )
}

function RevenueFigure({ t, data, f, colors }: ChartPart) {
  const points = useMemo(() => dayPoints(data.range, data.revenue, data.orders), [data])
  const title = t('charts.revenue.title')
  const option = useMemo(
    () =>
      revenueOption(colors, {
        labels: points.map((p) => f.shortDate(p.date)),
        gross: points.map((p) => p.gross / 100),
        orders: points.map((p) => p.orders),
        revenueName: t('charts.revenue.revenue'),
        ordersName: t('charts.revenue.orders'),
        currency: data.currency,
        money: f.money,
        count: f.count,
      }),
    [colors, points, f, t, data.currency],
  )
  const best = points.reduce<(typeof points)[number] | null>(
    (a, p) => (!a || p.gross > a.gross ? p : a),
    null,
  )
  // The revenue's orders: the confirmed ones (the line counts every order due that day).
  const summary = t('charts.revenue.summary', {
    gross: f.money(data.revenue.total.gross),
    count: data.revenue.total.orders,
    n: f.count(data.revenue.total.orders),
    date: best ? f.date(best.date) : '—',
    best: best ? f.money(best.gross) : '—',
  })
  const head = [t('column.date'), t('column.orders'), t('column.net'), t('column.tax'), t('column.gross')]
  return (
    <ChartFigure
      name="revenue"
      title={title}
      summary={summary}
      basis={t('charts.revenue.basis')}
      chart={<EChart option={option} description={`${title}. ${summary}`} />}
      table={
        <DataTable
          title={title}
          head={head}
          numeric={[1, 2, 3, 4]}
          rows={points.map((p) => [
            f.date(p.date),
            f.count(p.orders),
            f.money(p.net),
            f.money(p.tax),
            f.money(p.gross),
          ])}
        />
      }
      csv={{
        fileName: csvFileName(t('charts.revenue.file'), data.range),
        build: () =>
          toCsv(
            head,
            points.map((p) => [p.date, p.orders, csvMoney(p.net), csvMoney(p.tax), csvMoney(p.gross)]),
          ),
      }}
    />
  )
}

/**
 * A weekday × hour heat map with its table: orders (`name` 'heat', order-times) or page views
 * ('visitorHeat', visitor-times); the texts are `charts.<name>.*`.
 */
function HeatFigure({
  t,
  f,
  colors,
  name,
  map,
}: Omit<ChartPart, 'data'> & { name: 'heat' | 'visitorHeat'; map: HeatMap }) {
  const title = t(`charts.${name}.title`)
  const hours = map.hours.map((h) => String(h).padStart(2, '0'))
  const option = useMemo(
    () =>
      heatOption(colors, {
        cells: map.cells,
        hours: map.hours.map((h) => String(h).padStart(2, '0')),
        weekdays: [1, 2, 3, 4, 5, 6, 7].map((d) => t(`weekday.${d}`)),
        max: map.max,
        hourName: t('charts.heat.hour'),
        count: f.count,
      }),
    [colors, map, f, t],
  )
  const summary = map.busiest
    ? t(`charts.${name}.summary`, {
        count: map.total,
        n: f.count(map.total),
        weekday: t(`weekdayLong.${map.busiest.weekday}`),
        hour: String(map.busiest.hour).padStart(2, '0'),
        next: String(map.busiest.hour + 1).padStart(2, '0'),
        value: f.count(map.busiest.value),
      })
    : t(`charts.${name}.none`)
  return (
    <ChartFigure
      name={name}
      title={title}
      summary={summary}
      {...(name === 'heat' ? { basis: t('charts.heat.basis') } : {})}
      chart={<EChart option={option} description={`${title}. ${summary}`} height={340} />}
      table={
        <DataTable
          title={title}
          head={[t('column.weekday'), ...hours]}
          numeric={hours.map((_, i) => i + 1)}
          rows={map.matrix.map((row, w) => [t(`weekdayLong.${w + 1}`), ...row.map((v) => f.count(v))])}
        />
      }
    />
  )
}

function PopularFigure({ t, data, f, colors }: ChartPart) {
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

/** The most chosen options of configured products (popular-items `options`), by order lines. */
function OptionsFigure({ t, data, f, colors }: ChartPart) {
  const options = data.popular.options
  const title = t('charts.options.title')
  const option = useMemo(
    () =>
      rankingOption(colors, {
        names: options.map(optionLabel),
        values: options.map((o) => o.lines),
        name: t('column.lines'),
        color: colors.success,
        format: f.count,
        integer: true,
      }),
    [colors, options, f, t],
  )
  const top = options[0]
  const summary = top
    ? t('charts.options.summary', { count: top.lines, n: f.count(top.lines), label: optionLabel(top) })
    : t('charts.options.none')
  const head = [
    t('column.product'),
    t('column.part'),
    t('column.option'),
    t('column.lines'),
    t('column.quantity'),
  ]
  return (
    <ChartFigure
      name="options"
      title={title}
      summary={summary}
      basis={t('charts.popular.basis')}
      chart={<RankingChart option={option} entries={options.length} description={`${title}. ${summary}`} />}
      table={
        <DataTable
          title={title}
          head={head}
          numeric={[3, 4]}
          rows={options.map((o) => [o.name, o.part, o.option, f.count(o.lines), f.quantity(o.quantity)])}
        />
      }
      csv={{
        fileName: csvFileName(t('charts.options.file'), data.range),
        build: () =>
          toCsv(
            head,
            options.map((o) => [o.name, o.part, o.option, o.lines, o.quantity]),
          ),
      }}
    />
  )
}

function TypesFigure({ t, data, f, colors }: ChartPart) {
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

function ReasonsFigure({ t, data, f, colors }: ChartPart) {
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

/** Seconds as minutes with one decimal, for the times chart. */
const minutes = (s: number | null) => (s === null ? null : Math.round((s / 60) * 10) / 10)

function TimesFigure({ t, data, f, colors }: ChartPart) {
  const title = t('charts.times.title')
  const cur = data.orders.total
  const prev = data.previous.orders.total
  const option = useMemo(
    () =>
      timesOption(colors, {
        categories: [t('charts.times.confirm'), t('charts.times.complete')],
        current: [minutes(cur.averageConfirmSeconds), minutes(cur.averageCompleteSeconds)],
        previous: [minutes(prev.averageConfirmSeconds), minutes(prev.averageCompleteSeconds)],
        currentName: t('charts.times.current'),
        previousName: t('charts.times.previous'),
        minutes: f.minutes,
        unit: t('minutesUnit'),
      }),
    [colors, cur, prev, t, f],
  )
  const summary = t('charts.times.summary', {
    confirm: f.duration(cur.averageConfirmSeconds),
    complete: f.duration(cur.averageCompleteSeconds),
    previousConfirm: f.duration(prev.averageConfirmSeconds),
    previousComplete: f.duration(prev.averageCompleteSeconds),
  })
  return (
    <ChartFigure
      name="times"
      title={title}
      summary={summary}
      chart={<EChart option={option} description={`${title}. ${summary}`} height={260} />}
      table={
        <DataTable
          title={title}
          head={[t('column.measure'), t('column.current'), t('column.previous')]}
          numeric={[1, 2]}
          rows={[
            [
              t('charts.times.confirm'),
              f.duration(cur.averageConfirmSeconds),
              f.duration(prev.averageConfirmSeconds),
            ],
            [
              t('charts.times.complete'),
              f.duration(cur.averageCompleteSeconds),
              f.duration(prev.averageCompleteSeconds),
            ],
          ]}
        />
      }
    />
  )
}

// ---------------------------------------------------------------------------------------------
// Visitors: the consented analytics log (no order type: the order-type filter does not apply).

function VisitorSection({ t, data, f, colors }: ChartPart) {
  const visitorHeat = useMemo(() => heatMap(data.visitorTimes.cells, 'views'), [data.visitorTimes])
  const empty = data.pageViews.total === 0 && data.events.length === 0
  return (
    <section
      className="bo-dash__visitors"
      aria-labelledby="bo-dash-visitors"
      data-testid="dashboard-visitors"
    >
      <h2 id="bo-dash-visitors" className="bo-dash__heading">
        {t('visitors.heading')}
      </h2>
      {data.filters.orderType ? (
        <p className="bo-dash__note" data-testid="visitors-all-order-types">
          <Icon name="info" />
          {t('visitors.allOrderTypes')}
        </p>
      ) : null}
      {empty ? (
        <Notice>
          <p>{t('visitors.empty')}</p>
        </Notice>
      ) : (
        <div className="bo-dash__charts">
          <VisitsFigure t={t} data={data} f={f} colors={colors} />
          <HeatFigure t={t} f={f} colors={colors} name="visitorHeat" map={visitorHeat} />
          <PagesFigure t={t} data={data} f={f} colors={colors} />
          <EventsTable t={t} data={data} f={f} />
        </div>
      )}
    </section>
  )
}

/** Unique visitors (line) and page views (bars) per day, every day of the range. */
function VisitsFigure({ t, data, f, colors }: ChartPart) {
  const points = useMemo(() => visitDayPoints(data.range, data.visitors, data.pageViews), [data])
  const title = t('charts.visitors.title')
  const option = useMemo(
    () =>
      visitsOption(colors, {
        labels: points.map((p) => f.shortDate(p.date)),
        views: points.map((p) => p.views),
        visitors: points.map((p) => p.visitors),
        viewsName: t('charts.visitors.views'),
        visitorsName: t('charts.visitors.visitors'),
        count: f.count,
      }),
    [colors, points, f, t],
  )
  const best = points.reduce<(typeof points)[number] | null>(
    (a, p) => (p.views > 0 && (!a || p.views > a.views) ? p : a),
    null,
  )
  const estimate = isEstimate(data.visitors)
  const totals = t('charts.visitors.summary', {
    visitors: `${estimate ? '≈ ' : ''}${f.count(data.visitors.total)}`,
    views: f.count(data.pageViews.total),
  })
  const busiest = best
    ? t('charts.visitors.best', { date: f.date(best.date), views: f.count(best.views) })
    : ''
  const summary = [totals, busiest, estimate ? t('charts.visitors.estimate') : ''].filter(Boolean).join(' ')
  const head = [t('column.date'), t('column.visitors'), t('column.views')]
  return (
    <ChartFigure
      name="visitors"
      title={title}
      summary={summary}
      chart={<EChart option={option} description={`${title}. ${summary}`} />}
      table={
        <DataTable
          title={title}
          head={head}
          numeric={[1, 2]}
          rows={points.map((p) => [f.date(p.date), f.count(p.visitors), f.count(p.views)])}
        />
      }
    />
  )
}

/** The most viewed paths: a ranking chart and the table (with CSV). */
function PagesFigure({ t, data, f, colors }: ChartPart) {
  const title = t('charts.pages.title')
  const pages = data.pages
  const option = useMemo(
    () =>
      rankingOption(colors, {
        names: pages.map((p) => p.path),
        values: pages.map((p) => p.views),
        name: t('column.views'),
        color: colors.info,
        format: f.count,
        integer: true,
      }),
    [colors, pages, f, t],
  )
  const top = pages[0]
  const summary = top
    ? t('charts.pages.summary', { count: top.views, n: f.count(top.views), path: top.path })
    : t('charts.pages.none')
  const head = [t('column.path'), t('column.views')]
  return (
    <ChartFigure
      name="pages"
      title={title}
      summary={summary}
      chart={<RankingChart option={option} entries={pages.length} description={`${title}. ${summary}`} />}
      table={
        <DataTable
          title={title}
          head={head}
          numeric={[1]}
          rows={pages.map((p) => [p.path, f.count(p.views)])}
        />
      }
      csv={{
        fileName: csvFileName(t('charts.pages.file'), data.range),
        build: () =>
          toCsv(
            head,
            pages.map((p) => [p.path, p.views]),
          ),
      }}
    />
  )
}

/** The analytics log's other entries (commerce and interface events): a table with CSV. */
function EventsTable({ t, data, f }: Part) {
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
