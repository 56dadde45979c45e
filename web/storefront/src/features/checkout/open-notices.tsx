import type { OrderType } from '@shop/shared/domain/catalogue'
import type { branchOpenState } from '@shop/shared/domain/scheduling'
import { Notice } from '@shop/ui'
import { useT } from '../../lib/i18n.tsx'
import type { Branch } from '../../lib/shop-data.tsx'
import { formatDay } from './checkout-format.ts'

/**
 * Spec §2 "closed / no-delivery notices with pre-order hint": closed with the next opening;
 * delivery closed with the next delivery time and the types that remain.
 */
export function OpenNotices({
  branch,
  open,
  orderType,
  types,
}: {
  branch: Branch
  open: ReturnType<typeof branchOpenState>
  orderType: OrderType | null
  types: readonly OrderType[]
}) {
  const t = useT('sf-checkout')
  const tx = useT('ordering')
  const ts = useT('scheduling')
  const preorder = branch.isPreorderEnabled && !branch.isQuotationRequired
  const nextText = (
    next: ReturnType<typeof branchOpenState>['opening']['nextOpening'],
    delivery: boolean,
  ) => {
    if (!next) return null
    const prefix = delivery ? 'delivery' : 'opens'
    return next.isToday
      ? t(`notice.${delivery ? 'deliveryToday' : 'opensToday'}`, { time: next.time })
      : t(`notice.${prefix === 'delivery' ? 'deliveryOn' : 'opensOn'}`, {
          day: formatDay(next.date, t),
          time: next.time,
        })
  }
  // A branch that takes no order at all now: the notice at the top of the page says it, with
  // when it takes orders again and the branches that do (lib/branch-hours.tsx, issue 18).
  if (!open.isOpenForOrdering && !branch.isPreorderEnabled && !branch.isQuotationRequired) return null
  if (!open.isOpenForOrdering) {
    const next = nextText(open.opening.nextOpening, false)
    return (
      <Notice tone="warning" live="polite">
        <p>
          <strong>{ts('notice.closed')}</strong>
        </p>
        {next ? <p>{next}</p> : branch.closedMessage ? <p>{branch.closedMessage}</p> : null}
        {preorder ? <p>{t('notice.preorder')}</p> : null}
      </Notice>
    )
  }
  if (orderType === 'delivery' && !open.isDeliveryOpen) {
    const next = nextText(open.delivery.nextOpening, true)
    const others = types.filter((type) => type !== 'delivery').map((type) => tx(`orderType.${type}`))
    const joined =
      others.length > 1 ? `${others.slice(0, -1).join(', ')} ${t('notice.and')} ${others.at(-1)}` : others[0]
    return (
      <Notice tone="warning" live="polite">
        <p>
          <strong>{ts('notice.noDelivery')}</strong>
        </p>
        {next ? <p>{next}</p> : null}
        {joined ? (
          <p>{t(others.length > 1 ? 'notice.otherTypes' : 'notice.otherType', { types: joined })}</p>
        ) : null}
        {preorder ? <p>{t('notice.preorder')}</p> : null}
      </Notice>
    )
  }
  return null
}
