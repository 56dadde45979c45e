import { Button, Icon, Notice } from '@shop/ui'
import { useId, useState } from 'react'
import { ApiError, apiSend } from '../../lib/api.ts'
import { useT } from '../../lib/i18n.tsx'
import { formatDateTime, type StatusOrder } from './status.view.ts'

type Answer = 'confirm-counter-appointment' | 'reject-counter-appointment'

/**
 * Spec §4 "Counter-appointment": the shop proposed another time; the customer accepts it
 * (the order is confirmed) or declines it (the order is canceled). Each answer carries the
 * version the customer saw; afterwards the order is reloaded.
 */
export function CounterAppointment({
  order,
  timeZone,
  onAnswered,
  onReload,
}: {
  order: StatusOrder
  timeZone: string
  onAnswered: (order: StatusOrder) => void
  onReload: () => Promise<void>
}) {
  const t = useT('sf-status')
  const id = useId()
  const [busy, setBusy] = useState<Answer | undefined>()
  const [error, setError] = useState<string | null | undefined>()
  if (!order.counterAppointment) return null
  const when = formatDateTime(order.counterAppointment, timeZone)

  const answer = async (action: Answer) => {
    setBusy(action)
    setError(undefined)
    try {
      const next = await apiSend<StatusOrder>(
        'POST',
        `/orders/public/${encodeURIComponent(order.uid)}/${encodeURIComponent(order.hash)}/${action}`,
        { version: order.version },
      )
      onAnswered(next)
    } catch (e) {
      setError(e instanceof ApiError ? (e.errors[0]?.message ?? null) : null)
    }
    // Also after a refusal (a stale version, the shop acted first): the reloaded order tells
    // what is left to do.
    await onReload()
    setBusy(undefined)
  }

  return (
    <section className="status-card status-counter" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} className="status-counter__heading">
        <Icon name="calendar" />
        {t('counter.heading')}
      </h2>
      <p>{t('counter.text')}</p>
      <p className="status-counter__when">{t('counter.when', when)}</p>
      {error !== undefined ? (
        <Notice tone="danger" live="assertive">
          <p>{t('counter.failed')}</p>
          {error ? <p>{error}</p> : null}
        </Notice>
      ) : null}
      <div className="status-counter__actions">
        <Button
          icon="check"
          disabled={busy !== undefined}
          onClick={() => void answer('confirm-counter-appointment')}
        >
          {t('ordering:action.acceptCounterAppointment')}
        </Button>
        <Button
          variant="secondary"
          icon="close"
          disabled={busy !== undefined}
          aria-describedby={`${id}-decline`}
          onClick={() => void answer('reject-counter-appointment')}
        >
          {t('ordering:action.rejectCounterAppointment')}
        </Button>
      </div>
      <p id={`${id}-decline`} className="status-muted status-counter__hint">
        {t('counter.declineHint')}
      </p>
    </section>
  )
}
