import { branchWeek, type LocalInterval, type WeekHours } from '@shop/shared/domain/scheduling'
import { Icon } from '@shop/ui'
import { type HoursBranch, intervalClock, telLink, weekdayName } from './branch-hours-view.ts'
import { useLocale, useT } from './i18n.tsx'

// The branch's week (issue 18), loaded when a customer opens "Öffnungszeiten und Telefon"
// (BranchWeekDetails in branch-hours.tsx): the menu page's first load stays within its budget.

export type WeekBranch = HoursBranch & { phone?: string | null }

function Intervals({ hours, closed }: { hours: WeekHours; closed: string }) {
  const t = useT('sf-shell')
  const { locale } = useLocale()
  if (hours.intervals.length === 0) return <span className="branch-week__closed">{closed}</span>
  return (
    <>
      {hours.intervals.map((interval: LocalInterval) => (
        <span className="branch-week__interval" key={`${interval.from}-${interval.to}`}>
          {t('branchWeek.interval', intervalClock(interval, locale))}
        </span>
      ))}
    </>
  )
}

/**
 * The week's opening and delivery hours, Monday to Sunday (today marked, this week's exceptions
 * flagged and today's said first), and the phone number. `id` names the heading.
 */
export function BranchWeekView({
  branch,
  now,
  id,
  heading = 'h2',
}: {
  branch: WeekBranch
  now: number
  id: string
  heading?: 'h2' | 'h3' | 'h4'
}) {
  const t = useT('sf-shell')
  const { locale } = useLocale()
  const week = branchWeek(branch, now)
  const withDelivery = week.days.some((day) => day.delivery !== null)
  const today = week.todayHours
  const Heading = heading
  const todayExceptions = [
    today.opening.isException ? today.opening : null,
    today.delivery?.isException ? today.delivery : null,
  ]
  const phone = branch.phone?.trim() ?? ''
  const intervalsText = (hours: WeekHours) =>
    hours.intervals.map((interval) => t('branchWeek.interval', intervalClock(interval, locale))).join(', ')
  return (
    <section className="branch-week" aria-labelledby={id}>
      <Heading className="branch-week__title" id={id}>
        {withDelivery ? t('branchWeek.titleWithDelivery') : t('branchWeek.title')}
      </Heading>
      {todayExceptions.map((hours, index) =>
        hours === null ? null : (
          <p className="branch-week__today" key={index === 0 ? 'opening' : 'delivery'}>
            <Icon name="info" />
            <span>
              {hours.intervals.length === 0
                ? t(index === 0 ? 'branchWeek.todayClosed' : 'branchWeek.todayNoDelivery')
                : t(index === 0 ? 'branchWeek.todayOpening' : 'branchWeek.todayDelivery', {
                    hours: intervalsText(hours),
                  })}
            </span>
          </p>
        ),
      )}
      <table className="branch-week__table">
        <thead>
          <tr>
            <th scope="col">{t('branchWeek.day')}</th>
            <th scope="col">{t('branchWeek.opening')}</th>
            {withDelivery ? <th scope="col">{t('branchWeek.delivery')}</th> : null}
          </tr>
        </thead>
        <tbody>
          {week.days.map((day) => (
            <tr
              key={day.date}
              className={day.isToday ? 'branch-week__row branch-week__row--today' : 'branch-week__row'}
              aria-current={day.isToday ? 'date' : undefined}
            >
              <th scope="row">
                {weekdayName(day.date, locale)}
                {day.isToday ? <span className="branch-week__badge">{t('branchWeek.today')}</span> : null}
              </th>
              <td>
                <Intervals hours={day.opening} closed={t('branchWeek.closed')} />
                {day.opening.isException ? (
                  <span className="branch-week__exception">{t('branchWeek.exception')}</span>
                ) : null}
              </td>
              {withDelivery ? (
                <td>
                  {day.delivery ? (
                    <Intervals hours={day.delivery} closed={t('branchWeek.noDelivery')} />
                  ) : null}
                  {day.delivery?.isException ? (
                    <span className="branch-week__exception">{t('branchWeek.exception')}</span>
                  ) : null}
                </td>
              ) : null}
            </tr>
          ))}
        </tbody>
      </table>
      {phone ? (
        <p className="branch-week__phone">
          <Icon name="phone" />
          <span>
            {t('branchWeek.phone')}: <a href={telLink(phone)}>{phone}</a>
          </span>
        </p>
      ) : null}
    </section>
  )
}
