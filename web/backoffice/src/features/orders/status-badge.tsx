import type { OrderStatus } from '@shop/shared/domain/ordering'
import type { Translate } from '../../lib/i18n.tsx'
import { statusTone } from './order-view.ts'

/** An order's status as a badge: its text and a tone (not colour alone). */
export function StatusBadge({ status, t }: { status: OrderStatus; t: Translate }) {
  const tone = statusTone(status)
  return (
    <span className={`ui-badge bo-status${tone === 'info' ? '' : ` ui-badge--${tone}`}`} data-status={status}>
      {t(`ordering:status.${status}`)}
    </span>
  )
}
