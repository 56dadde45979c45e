import { branchCard, type LocalInterval } from '@shop/shared/domain/scheduling'
import { Icon, type IconName } from '@shop/ui'
import { paths } from '@shop/ui/routes'
import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { useLocale, useT } from '../../lib/i18n.tsx'
import type { Branch } from '../../lib/shop-data.tsx'
import { useNow } from '../../lib/use-now.ts'
import { StatusBadge } from './branch-card.tsx'
import { BranchMap } from './branch-map.tsx'
import { addressLine, branchHours, routeHref, telHref, type WeekRow, weekRows } from './home.view.ts'
import { HomeIntro } from './home-intro.tsx'

/**
 * The single-branch home page (spec §1): three teasers (order online, call, route), the
 * week's opening and delivery hours, the contact data and, with the maps plugin and consent,
 * a map (branch-map.tsx).
 */
export function TeaserHome({ branch }: { branch: Branch }) {
  const t = useT('sf-home')
  const { locale } = useLocale()
  const now = useNow()
  const card = branchCard(branchHours(branch), now, { locale })
  const route = routeHref(branch)
  const address = addressLine(branch)
  return (
    <>
      <HomeIntro>
        <div className="home-hero__status" role="status">
          <StatusBadge card={card} />
          <span>{card.hours.key === 'scheduling:card.closed' ? null : card.hours.text}</span>
          {card.pickup ? <span className="home-hero__pickup">{card.pickup.text}</span> : null}
        </div>
      </HomeIntro>

      <section className="ui-container home-teasers" aria-labelledby="home-teasers-title">
        <h2 className="ui-visually-hidden" id="home-teasers-title">
          {t('teaser.heading')}
        </h2>
        <ul className="home-teasers__list">
          <Teaser
            icon="bag"
            title={t('teaser.order.title')}
            text={t('teaser.order.text')}
            cta={t('teaser.order.cta')}
            primary
            link={(label) => (
              <Link className="home-teaser__link" to={paths.store(branch.identifier)}>
                {label}
              </Link>
            )}
          />
          {branch.phone ? (
            <Teaser
              icon="phone"
              title={t('teaser.call.title')}
              text={t('teaser.call.text')}
              cta={branch.phone}
              link={(label) => (
                <a className="home-teaser__link" href={telHref(branch.phone ?? '')}>
                  {label}
                </a>
              )}
            />
          ) : null}
          {route ? (
            <Teaser
              icon="pin"
              title={t('teaser.route.title')}
              text={address}
              cta={t('teaser.route.cta')}
              link={(label) => (
                <a className="home-teaser__link" href={route} target="_blank" rel="noopener noreferrer">
                  {label}
                  <span className="ui-visually-hidden"> {t('newTab')}</span>
                </a>
              )}
            />
          ) : null}
        </ul>
      </section>

      <div className="ui-container home-info">
        <HoursTable branch={branch} now={now} />
        <Contact branch={branch} address={address} />
      </div>
      <BranchMap branch={branch} />
    </>
  )
}

function Teaser({
  icon,
  title,
  text,
  cta,
  primary,
  link,
}: {
  icon: IconName
  title: string
  text: string
  cta: string
  primary?: boolean
  link: (label: string) => ReactNode
}) {
  return (
    <li className={primary ? 'home-teaser home-teaser--primary' : 'home-teaser'}>
      <span className="home-teaser__icon">
        <Icon name={icon} />
      </span>
      <h3 className="home-teaser__title">{link(title)}</h3>
      {text ? <p className="home-teaser__text">{text}</p> : null}
      <span className="home-teaser__cta">
        {cta}
        <Icon name="chevronRight" />
      </span>
    </li>
  )
}

function Intervals({ intervals, closed }: { intervals: readonly LocalInterval[]; closed: string }) {
  const t = useT('sf-home')
  if (intervals.length === 0) return <span className="home-hours__closed">{closed}</span>
  return (
    <>
      {intervals.map((interval) => (
        <span className="home-hours__interval" key={`${interval.from}-${interval.to}`}>
          {t('hours.interval', { from: interval.from, to: interval.to })}
        </span>
      ))}
    </>
  )
}

function HoursTable({ branch, now }: { branch: Branch; now: Date }) {
  const t = useT('sf-home')
  const rows = weekRows(branch, now)
  const withDelivery = rows.some((row) => row.delivery !== null)
  return (
    <section className="ui-card home-panel home-hours" aria-labelledby="home-hours-title">
      <h2 className="home-panel__title" id="home-hours-title">
        <Icon name="clock" />
        {withDelivery ? t('hours.titleWithDelivery') : t('hours.title')}
      </h2>
      <div className="home-hours__tables">
        <WeekTable
          caption={t('hours.opening')}
          rows={rows.map((row) => ({ ...row, intervals: row.opening }))}
          closed={t('hours.closed')}
        />
        {withDelivery ? (
          <WeekTable
            caption={t('hours.delivery')}
            rows={rows.map((row) => ({ ...row, intervals: row.delivery ?? [] }))}
            closed={t('hours.noDelivery')}
          />
        ) : null}
      </div>
    </section>
  )
}

/** One kind of hours, Monday to Sunday: a weekday row header and its intervals; today marked. */
function WeekTable({
  caption,
  rows,
  closed,
}: {
  caption: string
  rows: readonly (WeekRow & { intervals: readonly LocalInterval[] })[]
  closed: string
}) {
  const t = useT('sf-home')
  return (
    <table className="home-hours__table">
      <caption>{caption}</caption>
      <tbody>
        {rows.map((row) => (
          <tr
            key={row.date}
            className={row.isToday ? 'home-hours__today' : undefined}
            aria-current={row.isToday ? 'date' : undefined}
          >
            <th scope="row">
              {t(`scheduling:weekday.${row.weekday}`)}
              {row.isToday ? <span className="home-hours__badge">{t('hours.today')}</span> : null}
            </th>
            <td>
              <Intervals intervals={row.intervals} closed={closed} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}

function Contact({ branch, address }: { branch: Branch; address: string }) {
  const t = useT('sf-home')
  const description = branch.description?.trim() ?? ''
  return (
    <section className="ui-card home-panel home-contact" aria-labelledby="home-contact-title">
      <h2 className="home-panel__title" id="home-contact-title">
        <Icon name="info" />
        {t('contact.title')}
      </h2>
      <p className="home-contact__name">{branch.name}</p>
      {description ? <p className="home-contact__description">{description}</p> : null}
      <address className="home-contact__list">
        <dl>
          {address ? (
            <div className="home-contact__row">
              <dt>
                <Icon name="pin" />
                <span className="ui-visually-hidden">{t('contact.address')}</span>
              </dt>
              <dd>
                {branch.street ? <span>{branch.street}</span> : null}
                <span>{[branch.zipCode, branch.city].filter(Boolean).join(' ')}</span>
              </dd>
            </div>
          ) : null}
          {branch.phone ? (
            <div className="home-contact__row">
              <dt>
                <Icon name="phone" />
                <span className="ui-visually-hidden">{t('contact.phone')}</span>
              </dt>
              <dd>
                <a href={telHref(branch.phone)}>{branch.phone}</a>
              </dd>
            </div>
          ) : null}
          {branch.email ? (
            <div className="home-contact__row">
              <dt>
                <Icon name="mail" />
                <span className="ui-visually-hidden">{t('contact.email')}</span>
              </dt>
              <dd>
                <a href={`mailto:${branch.email}`}>{branch.email}</a>
              </dd>
            </div>
          ) : null}
        </dl>
      </address>
    </section>
  )
}
