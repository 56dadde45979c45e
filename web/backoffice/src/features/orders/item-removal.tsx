import type { OrderItemRemoval } from '@shop/shared/contracts'
import { Button, Dialog, Notice, Spinner } from '@shop/ui'
import { useEffect, useState } from 'react'
import { apiGet, apiSend, messageOf } from '../../lib/api.ts'
import { useT } from '../../lib/i18n.tsx'
import type { OrderItem } from './item-edit.ts'
import { amountText } from './order-items.tsx'
import { money, type StaffOrder } from './order-view.ts'
import type { OrdersContext } from './orders-data.ts'

const itemPath = (order: StaffOrder, item: OrderItem) =>
  `/orders/${encodeURIComponent(order.id)}/items/${encodeURIComponent(item.itemId)}`

/**
 * Removing an item (DELETE /api/orders/{id}/items/{itemId}, docs/payments.md "Refunds"): the
 * dialog first asks the server what the removal would do (GET …/removal: the order repriced
 * without the item, delivery fee and cash rounding included) and says the new total and, for an
 * order paid online, the amount that goes back to the customer. Confirming removes it with the
 * version that answer was computed on, so a change in between is refused (409) and shown.
 */
export function ItemRemoval({
  order,
  item,
  context,
  onClose,
  onRemoved,
}: {
  order: StaffOrder
  item: OrderItem
  context: OrdersContext
  onClose: () => void
  onRemoved: (order: StaffOrder, refundAmount: number) => void | Promise<void>
}) {
  const t = useT('bo-orders')
  const [preview, setPreview] = useState<
    | { status: 'loading' }
    | { status: 'ready'; value: OrderItemRemoval }
    | { status: 'failed'; detail: string }
  >({ status: 'loading' })
  const [saving, setSaving] = useState(false)
  const [error, setError] = useState<{ text: string; detail?: string } | null>(null)
  // One key per dialog: a double click or a retried request removes the item once.
  const [idempotencyKey] = useState(() => crypto.randomUUID())

  const path = itemPath(order, item)
  const { version } = order
  useEffect(() => {
    let stopped = false
    // Asked again when the order changed (its version) while the dialog is open.
    void version
    apiGet<OrderItemRemoval>(`${path}/removal`)
      .then((value) => {
        if (!stopped) setPreview({ status: 'ready', value })
      })
      .catch((e: unknown) => {
        if (!stopped) setPreview({ status: 'failed', detail: messageOf(e, '') })
      })
    return () => {
      stopped = true
    }
  }, [path, version])

  const remove = async (seen: number) => {
    setSaving(true)
    setError(null)
    try {
      const fresh = await apiSend<StaffOrder>('DELETE', `${path}?version=${seen}`, undefined, {
        headers: { 'Idempotency-Key': idempotencyKey },
      })
      await onRemoved(fresh, preview.status === 'ready' ? preview.value.refundAmount : 0)
    } catch (e) {
      const server = messageOf(e, '')
      setError({ text: t('error.remove'), ...(server ? { detail: server } : {}) })
      setSaving(false)
    }
  }

  const label = `${amountText(item.amount, item.unit, t)} ${item.name}`
  const ready = preview.status === 'ready' ? preview.value : null

  return (
    <Dialog
      open
      title={t('remove.title', { name: item.name })}
      onClose={onClose}
      closeLabel={t('bo-dialogs:close')}
      className="bo-remove"
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {t('bo-dialogs:dismiss')}
          </Button>
          <Button
            variant="danger"
            disabled={saving || !ready}
            onClick={() => ready && void remove(ready.version)}
          >
            {saving ? t('remove.removing') : t('remove.confirm')}
          </Button>
        </>
      }
    >
      <p>{t('remove.question', { item: label })}</p>
      {error ? (
        <Notice tone="danger" live="assertive">
          <p>{error.text}</p>
          {error.detail ? <p>{error.detail}</p> : null}
        </Notice>
      ) : null}
      <div aria-live="polite">
        {preview.status === 'loading' ? <Spinner label={t('remove.loading')} /> : null}
        {preview.status === 'failed' ? (
          <Notice tone="danger">
            <p>{t('remove.previewFailed')}</p>
            {preview.detail ? <p>{preview.detail}</p> : null}
          </Notice>
        ) : null}
        {ready ? (
          <dl className="bo-sums" data-testid="removal-preview">
            <div>
              <dt>{t('remove.newTotal')}</dt>
              <dd data-testid="removal-total">{money(ready.totalGross, context.currency)}</dd>
            </div>
            {ready.refundAmount > 0 ? (
              <div>
                <dt>{t('remove.refund')}</dt>
                <dd data-testid="removal-refund">{money(ready.refundAmount, context.currency)}</dd>
              </div>
            ) : null}
          </dl>
        ) : null}
        {ready && ready.refundAmount > 0 ? <p className="bo-orders__sub">{t('remove.refundNote')}</p> : null}
      </div>
    </Dialog>
  )
}
