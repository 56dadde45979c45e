import {
  branchCard,
  branchOpenState,
  formatLocalDate,
  type NextOpening,
  WEEKDAY_NAMES,
} from '@shop/shared/domain/scheduling'
import { Icon, Notice } from '@shop/ui'
import { BranchWeekDetails, ClosedBranchNotice } from '../../lib/branch-hours.tsx'
import { closedForOrders } from '../../lib/branch-hours-view.ts'
import { type Translate, useLocale, useT } from '../../lib/i18n.tsx'
import { type Branch, imageUrl } from '../../lib/shop-data.tsx'
import { branchHours, enabledOrderTypes } from './menu-model.ts'

/** The branch's header on its menu: logo, name, address and today's hours. */
export function BranchHero({ branch, now }: { branch: Branch; now: number }) {
  const t = useT('sf-menu')
  const { locale } = useLocale()
  const card = branchCard(branchHours(branch), now, { locale })
  const address = [branch.street, [branch.zipCode, branch.city].filter(Boolean).join(' ')]
    .filter(Boolean)
    .join(', ')
  const logo = branch.logo
  return (
    <header className="menu-hero">
      <div className="ui-container menu-hero__inner">
        {logo ? (
          <img
            className="menu-hero__logo"
            src={imageUrl(logo, 'thumbnail')}
            alt=""
            width={64}
            height={64}
            decoding="async"
          />
        ) : null}
        <div className="menu-hero__text">
          <h1>{branch.name}</h1>
          <p className="menu-hero__meta">
            {address ? (
              <span>
                <Icon name="pin" />
                {address}
              </span>
            ) : null}
            <span>
              <Icon name="clock" />
              <span className={`ui-badge menu-hero__status menu-hero__status--${card.status}`}>
                {t(`scheduling:status.${card.status}`)}
              </span>
              {card.hours.text}
            </span>
          </p>
          {/* Issue 18: the week's opening and delivery hours, today's exceptions, the phone. */}
          <BranchWeekDetails
            className="menu-hero__hours branch-week-details"
            branch={branch}
            now={now}
            id="menu-week-title"
            heading="h2"
          />
        </div>
      </div>
    </header>
  )
}

/** When the branch (or its delivery) opens next: today at a time, or a day and a time. */
function nextText(t: Translate, next: NextOpening, todayKey: string, otherKey: string) {
  if (next.isToday) return t(todayKey, { time: next.time })
  const day = t(`scheduling:weekday.${WEEKDAY_NAMES[next.isoWeekday - 1]}`)
  return t(otherKey, { day, date: formatLocalDate(next.date), time: next.time })
}

/** Spec §2 intro notice: closed / delivery closed with the next time, and the pre-order hint. */
export function IntroNotice({ branch, now }: { branch: Branch; now: number }) {
  const t = useT('sf-menu')
  const state = branchOpenState(branchHours(branch), now)
  const preorder = branch.isPreorderEnabled ? <p>{t('intro.preorder')}</p> : null
  // Issue 18: a branch that takes no order now says so, when it does again, and where to order.
  if (closedForOrders(branch, now) !== null)
    return <ClosedBranchNotice branch={branch} now={now} className="menu-intro" />
  if (!state.isOpenForOrdering) {
    const next = state.opening.nextOpening
    const closedMessage = branch.closedMessage?.trim()
    return (
      <Notice tone="warning" className="menu-intro">
        <p>
          <strong>{t('scheduling:notice.closed')}</strong>{' '}
          {next ? nextText(t, next, 'intro.nextOpeningToday', 'intro.nextOpening') : (closedMessage ?? '')}
        </p>
        {preorder}
      </Notice>
    )
  }
  if (branch.isDeliveryEnabled && !state.isDeliveryOpen) {
    const next = state.delivery.nextOpening
    const others = enabledOrderTypes(branch).filter((type) => type !== 'delivery')
    const names = others.map((type) => t(`ordering:orderType.${type}`))
    const list =
      names.length > 1 ? `${names.slice(0, -1).join(', ')} ${t('intro.and')} ${names.at(-1)}` : names[0]
    return (
      <Notice tone="info" className="menu-intro">
        <p>
          <strong>{t('scheduling:notice.noDelivery')}</strong>{' '}
          {next ? nextText(t, next, 'intro.nextDeliveryToday', 'intro.nextDelivery') : null}
        </p>
        {list ? <p>{t('intro.stillAvailable', { count: names.length, types: list })}</p> : null}
        {preorder}
      </Notice>
    )
  }
  return null
}
