import { localDateOf } from '@shop/shared/domain/scheduling/zoned-time.ts'
import { buttonClass, Icon } from '@shop/ui'
import { useSearchParams } from 'react-router'
import { apiGet } from '../../lib/api.ts'
import { isAdmin } from '../../lib/auth-model.ts'
import { SelectFilter } from '../../lib/filters.tsx'
import { useT } from '../../lib/i18n.tsx'
import { ListFailed, ListLoading } from '../../lib/list-states.tsx'
import { useLoad } from '../../lib/resources.ts'
import { useSession } from '../../lib/session.tsx'
import { isMonth, monthChoices, monthOf, timeSheetHref } from './time-sheets-model.ts'
import './time-sheets.css'

type Person = { id: string; name: string }

/**
 * Time sheets (issue 20 payroll export; docs/backoffice.md "Stundenzettel exportieren"): a month
 * and an employee (an employee: themselves), and the month's time sheet as CSV (for Excel) or
 * PDF. Month and employee are in the URL (`?month=2027-03&user=…`).
 */
export function TimeSheetsPage() {
  const t = useT('bo-time-sheets')
  const { me } = useSession()
  const admin = isAdmin(me)
  const [params, setParams] = useSearchParams()
  const thisMonth = monthOf(localDateOf(Date.now(), 'Europe/Zurich'))
  const months = monthChoices(thisMonth)
  const askedMonth = params.get('month')
  const month = isMonth(askedMonth) ? askedMonth : months[1]!
  const [state, reload] = useLoad(async (): Promise<Person[]> => {
    if (!admin) return me ? [{ id: me.user.id, name: me.user.displayName || me.user.username }] : []
    const users = await apiGet<{ id: string; displayName?: string; username?: string }[]>('/users')
    return users
      .map((u) => ({ id: u.id, name: u.displayName || u.username || u.id }))
      .sort((a, b) => a.name.localeCompare(b.name))
  }, String(admin))
  const people = state.status === 'ready' ? state.value : []
  const asked = params.get('user')
  const person = people.find((p) => p.id === asked) ?? people[0]
  const choose = (next: { month?: string; user?: string }) =>
    setParams({ month, ...(person ? { user: person.id } : {}), ...next }, { replace: true })
  const monthLabel = (m: string) =>
    new Intl.DateTimeFormat(undefined, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
      new Date(`${m}-01T12:00:00Z`),
    )
  return (
    <main id="main" className="bo-page bo-ts">
      <h1>{t('title')}</h1>
      <p className="bo-ts__intro">{t('intro')}</p>
      {state.status === 'loading' ? <ListLoading /> : null}
      {state.status === 'failed' ? <ListFailed text={t('loadFailed')} retry={reload} /> : null}
      <div className="bo-ts__tools">
        <SelectFilter
          id="bo-ts-month"
          label={t('month')}
          value={month}
          options={(months.includes(month) ? months : [month, ...months]).map((m) => ({
            value: m,
            label: monthLabel(m),
          }))}
          onChange={(value) => choose({ month: value })}
        />
        {admin ? (
          <SelectFilter
            id="bo-ts-user"
            label={t('employee')}
            value={person?.id ?? ''}
            disabled={people.length === 0}
            options={people.map((p) => ({ value: p.id, label: p.name }))}
            onChange={(user) => choose({ user })}
          />
        ) : null}
      </div>
      {person ? (
        <section className="bo-ts__downloads" aria-labelledby="bo-ts-downloads">
          <h2 id="bo-ts-downloads" className="bo-ts__heading">
            {t('downloads', { name: person.name, month: monthLabel(month) })}
          </h2>
          <ul className="bo-ts__links">
            <li>
              <a
                className={buttonClass('secondary')}
                href={timeSheetHref(person.id, month, 'csv')}
                download
                data-testid="time-sheet-csv"
              >
                <Icon name="download" />
                {t('csv')}
              </a>
              <span className="bo-ts__hint">{t('csvHint')}</span>
            </li>
            <li>
              <a
                className={buttonClass('secondary')}
                href={timeSheetHref(person.id, month, 'pdf')}
                download
                data-testid="time-sheet-pdf"
              >
                <Icon name="download" />
                {t('pdf')}
              </a>
              <span className="bo-ts__hint">{t('pdfHint')}</span>
            </li>
          </ul>
        </section>
      ) : state.status === 'ready' ? (
        <p>{t('noEmployees')}</p>
      ) : null}
    </main>
  )
}
