import type { HolidayBalance } from '@shop/shared/contracts/http/time-tracking.http.ts'
import { useSearchParams } from 'react-router'
import { apiGet } from '../../lib/api.ts'
import { SelectFilter } from '../../lib/filters.tsx'
import { useLocale, useT } from '../../lib/i18n.tsx'
import { ListFailed, ListLoading } from '../../lib/list-states.tsx'
import { useLoad } from '../../lib/resources.ts'
import './time-tracking.css'

/** The years offered: two back, this one and the next. */
export function yearChoices(thisYear: number): number[] {
  return [thisYear - 2, thisYear - 1, thisYear, thisYear + 1]
}

/**
 * Holiday balances (issue 20; docs/backoffice.md "Ferien"): per employee of the chosen year the
 * entitlement (the user's "Ferientage pro Jahr"), the holiday days taken (before today) and
 * planned (from today on; absences are entered in the week plan) and what is left; a negative
 * balance is marked.
 */
export function HolidayBalancesPage() {
  const t = useT('bo-time-tracking')
  const { locale } = useLocale()
  const [params, setParams] = useSearchParams()
  const thisYear = new Date().getFullYear()
  const asked = Number(params.get('year'))
  const year = Number.isInteger(asked) && asked >= 2000 && asked <= 2100 ? asked : thisYear
  const [state, reload] = useLoad(
    () => apiGet<HolidayBalance[]>(`/time-sheets/holiday-balances?year=${year}`),
    String(year),
  )
  const days = new Intl.NumberFormat(locale, { maximumFractionDigits: 1 })
  const show = (value: number | null) => (value === null ? '—' : days.format(value))
  const years = yearChoices(thisYear).includes(year)
    ? yearChoices(thisYear)
    : [year, ...yearChoices(thisYear)]
  return (
    <main id="main" className="bo-page bo-tt">
      <h1>{t('balances.title')}</h1>
      <p className="bo-tt__intro">{t('balances.intro')}</p>
      <div className="bo-tt__tools">
        <SelectFilter
          id="bo-tt-year"
          label={t('balances.year')}
          value={String(year)}
          options={years.map((y) => ({ value: String(y), label: String(y) }))}
          onChange={(value) => setParams({ year: value }, { replace: true })}
        />
      </div>
      {state.status === 'loading' ? <ListLoading /> : null}
      {state.status === 'failed' ? <ListFailed text={t('error.loadBalances')} retry={reload} /> : null}
      {state.status === 'ready' ? (
        state.value.length === 0 ? (
          <p className="bo-tt__empty">{t('balances.empty')}</p>
        ) : (
          <div className="bo-tt-table__wrap">
            <table className="bo-tt-table">
              <caption className="ui-visually-hidden">{t('balances.caption', { year })}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('field.employee')}</th>
                  <th scope="col">{t('balances.entitlement')}</th>
                  <th scope="col">{t('balances.taken')}</th>
                  <th scope="col">{t('balances.planned')}</th>
                  <th scope="col">{t('balances.balance')}</th>
                </tr>
              </thead>
              <tbody>
                {[...state.value]
                  .sort((a, b) => a.displayName.localeCompare(b.displayName))
                  .map((b) => (
                    <tr key={b.userId} data-user={b.userId}>
                      <th scope="row">{b.displayName}</th>
                      <td className="bo-tt-num">{show(b.entitlementDays)}</td>
                      <td className="bo-tt-num" data-col="taken">
                        {show(b.takenDays)}
                      </td>
                      <td className="bo-tt-num" data-col="planned">
                        {show(b.plannedDays)}
                      </td>
                      <td className="bo-tt-num" data-col="balance">
                        {b.balanceDays !== null && b.balanceDays < 0 ? (
                          <span className="bo-tt-negative">
                            {show(b.balanceDays)}{' '}
                            <span className="ui-visually-hidden">({t('balances.negative')})</span>
                            <span aria-hidden="true"> ⚠</span>
                          </span>
                        ) : (
                          show(b.balanceDays)
                        )}
                      </td>
                    </tr>
                  ))}
              </tbody>
            </table>
          </div>
        )
      ) : null}
    </main>
  )
}
