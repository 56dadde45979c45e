import { Notice } from '@shop/ui'
import { shopPaths } from '@shop/ui/routes'
import { lazy, Suspense, useState } from 'react'
import { Link, useLocation } from 'react-router'
import {
  branchesTakingOrders,
  closedForOrders,
  type HoursBranch,
  reopeningText,
} from './branch-hours-view.ts'
import type { WeekBranch } from './branch-week-view.tsx'
import { useLocale, useT } from './i18n.tsx'
import { useShop } from './shop-data.tsx'
import './branch-hours.css'

const BranchWeekView = lazy(() =>
  import('./branch-week-view.tsx').then((module) => ({ default: module.BranchWeekView })),
)

/**
 * "Öffnungszeiten und Telefon": the branch's week folded under a summary line; the week's code
 * loads when it is opened (the menu page's JS budget). `id` names the week's heading.
 */
export function BranchWeekDetails({
  branch,
  now,
  id,
  heading,
  className,
}: {
  branch: WeekBranch
  now: number
  id: string
  heading: 'h2' | 'h3' | 'h4'
  className?: string
}) {
  const t = useT('sf-shell')
  const [open, setOpen] = useState(false)
  return (
    <details className={className} onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary>{t('branchWeek.details')}</summary>
      {open ? (
        <Suspense fallback={null}>
          <BranchWeekView branch={branch} now={now} id={id} heading={heading} />
        </Suspense>
      ) : null}
    </details>
  )
}

// Shown on the home page's branch cards, the menu page and the checkout (issue 18): the
// branch's week with today's exceptions and its phone number, and the notice of a branch that
// takes no order now with when it does again and the branches that take orders meanwhile.

/** 'Bestellungen nehmen wir wieder ab Montag, 30. November, 06:30 an.' (or today's time). */
export function useReopeningText(): (opensAt: number | null, now: number, timeZone: string) => string | null {
  const t = useT('sf-shell')
  const { locale } = useLocale()
  return (opensAt, now, timeZone) => {
    if (opensAt === null) return null
    const text = reopeningText(opensAt, now, timeZone, locale)
    return text.today
      ? t('branchClosed.opensToday', { time: text.time })
      : t('branchClosed.opensOn', { when: text.when })
  }
}

/**
 * A branch that takes no order now (closed, no pre-orders): says so, when it takes orders
 * again (else its closed message), and links the menus of the branches that take orders now.
 * Nothing while it takes orders.
 */
export function ClosedBranchNotice({
  branch,
  now,
  className,
}: {
  branch: HoursBranch & { closedMessage?: string | null }
  now: number
  className?: string
}) {
  const t = useT('sf-shell')
  const { branches } = useShop()
  const isKiosk = useLocation().pathname.startsWith('/kiosk/')
  const reopening = useReopeningText()
  const closed = closedForOrders(branch, now)
  if (closed === null) return null
  const others = branchesTakingOrders(branches, branch.id, now)
  const again = reopening(closed.opensAt, now, branch.timeZone)
  const message = branch.closedMessage?.trim() ?? ''
  return (
    <Notice tone="warning" live="polite" className={['branch-closed', className].filter(Boolean).join(' ')}>
      <p>
        <strong>{t('scheduling:notice.closed')}</strong> {t('branchClosed.title', { branch: branch.name })}
      </p>
      {again ? <p className="branch-closed__again">{again}</p> : message ? <p>{message}</p> : null}
      {others.length > 0 ? (
        <>
          <p>{t('branchClosed.others')}</p>
          <ul className="branch-closed__others">
            {others.map((other) => (
              <li key={other.id}>
                <Link to={shopPaths(isKiosk).store(other.identifier)}>{other.name}</Link>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </Notice>
  )
}
