/**
 * The manager's statistics dashboard (/backend/dashboard, spec §2, issue 7; docs/statistics.md):
 * a range with presets in the shop's local days, branch and order-type filters (all in the URL
 * query), headline figures with the change against the previous period, charts with a caption,
 * a summary sentence and the data as a table, and CSV downloads. The panels are one component
 * per file in this folder (figures.tsx composes them).
 */
import { localDateOf } from '@shop/shared/domain/scheduling/zoned-time.ts'
import { Button, Icon, Notice, Spinner } from '@shop/ui'
import { useCallback } from 'react'
import { useSearchParams } from 'react-router'
import { boardBranches, isAdmin } from '../../lib/auth-model.ts'
import { useT } from '../../lib/i18n.tsx'
import { useSession } from '../../lib/session.tsx'
import {
  type DashboardFilters,
  filtersFromSearch,
  filtersToSearch,
  isCompleteRange,
  rangeOf,
} from './dashboard-model.ts'
import { Figures } from './figures.tsx'
import { RangePicker } from './range-picker.tsx'
import { queryKey, useDashboardData } from './use-dashboard-data.ts'
import './dashboard.css'

const DEFAULT_TIME_ZONE = 'Europe/Zurich'

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
        <Figures t={t} data={data} stale={!current} admin={admin} />
      ) : null}
    </main>
  )
}
