import type { StaffAction } from '@shop/shared/domain/ordering'
import { staffActionLabelKey } from '@shop/shared/domain/ordering/order-actions.ts'
import { Button } from '@shop/ui'
import type { Translate } from '../../lib/i18n.tsx'
import { type StaffOrder, statusActions } from './order-view.ts'

/** The status buttons the order allows now (the lifecycle machine's staff actions). */
export function StatusActions({
  order,
  t,
  busy,
  onAction,
}: {
  order: StaffOrder
  t: Translate
  busy: string | null
  onAction: (action: StaffAction) => void
}) {
  const actions = statusActions(order)
  if (actions.length === 0) return <p>{t('detail.noActions')}</p>
  return (
    <div className="bo-order__buttons">
      {actions.map((action) => (
        <Button
          key={action}
          small
          variant={
            action === 'reject' || action === 'cancel'
              ? 'danger'
              : action === 'confirm'
                ? 'primary'
                : 'secondary'
          }
          disabled={busy !== null}
          aria-busy={busy === action || undefined}
          onClick={() => onAction(action)}
        >
          {t(staffActionLabelKey(action, order))}
        </Button>
      ))}
    </div>
  )
}
