import { DEFAULT_REJECTION_REASONS } from '@shop/shared/contracts'
import type { StaffAction } from '@shop/shared/domain/ordering'
import { Button, buttonClass, Notice, type NoticeTone, Spinner } from '@shop/ui'
import { paths } from '@shop/ui/routes'
import { useCallback, useEffect, useState } from 'react'
import { Link, useParams } from 'react-router'
import { ApiError, apiGet, apiSend, messageOf } from '../../lib/api.ts'
import { useT } from '../../lib/i18n.tsx'
import { CancelDialog, CounterDialog, RejectDialog } from '../../lib/order-dialogs.tsx'
import { Fact, Section } from './detail-blocks.tsx'
import { ItemEditor } from './item-editor.tsx'
import { ItemRemoval } from './item-removal.tsx'
import { Timeline } from './order-events-timeline.tsx'
import { Customer, OrderFacts } from './order-facts.tsx'
import { Items } from './order-items.tsx'
import { Pricing } from './order-pricing.tsx'
import { Refunds } from './order-refunds.tsx'
import type { OrderEventEntry } from './order-timeline.ts'
import {
  dueOf,
  formatDateTime,
  isOnlinePayment,
  mayEditItems,
  money,
  paymentMethodText,
  type StaffOrder,
  ticketLabel,
} from './order-view.ts'
import { branchNameOf, type Load, timeZoneOf, useOrdersContext } from './orders-data.ts'
import { StatusActions } from './status-actions.tsx'
import { StatusBadge } from './status-badge.tsx'
import './orders.css'
import { staffActionLabelKey } from '@shop/shared/domain/ordering/order-actions.ts'

type Message = { tone: NoticeTone; text: string; detail?: string }
type Dialogs = 'reject' | 'cancel' | 'counter-appointment' | null

/** A refusal's headline (spec §8's fallback) and, when the server said more, its first message. */
function failure(error: unknown, fallback: string): Message {
  const server = messageOf(error, '')
  return { tone: 'danger', text: fallback, ...(server && server !== fallback ? { detail: server } : {}) }
}

/** Focuses an element once React has drawn it (a heading gets tabindex -1 for it). */
function focusSoon(selector: string) {
  requestAnimationFrame(() => {
    const element = document.querySelector<HTMLElement>(selector)
    if (!element) return
    if (element.tabIndex < 0 && !element.hasAttribute('tabindex')) element.tabIndex = -1
    element.focus()
  })
}

/**
 * The order detail (back-office): everything of the board view, the full event timeline, the
 * status actions (with the order's version: a 409 shows the server's message and reloads),
 * item edit, payment re-check, print and resending the confirmation.
 */
export function OrderDetailPage() {
  const t = useT('bo-orders')
  const { id = '' } = useParams()
  const context = useOrdersContext()
  const [order, setOrder] = useState<Load<StaffOrder>>({ status: 'loading' })
  const [events, setEvents] = useState<Load<OrderEventEntry[]>>({ status: 'loading' })
  const [message, setMessage] = useState<Message | null>(null)
  const [busy, setBusy] = useState<string | null>(null)
  const [dialog, setDialog] = useState<Dialogs>(null)
  const [editing, setEditing] = useState<string | null>(null)
  const [removing, setRemoving] = useState<string | null>(null)
  // The shop's preset reasons for reject and cancel (settings), as the board offers them.
  const [reasons, setReasons] = useState<readonly string[]>(DEFAULT_REJECTION_REASONS)
  useEffect(() => {
    let stopped = false
    apiGet<{ rejectionReasons?: string[] } | null>('/config')
      .then((config) => {
        if (!stopped && config?.rejectionReasons) setReasons(config.rejectionReasons)
      })
      .catch(() => {})
    return () => {
      stopped = true
    }
  }, [])

  const reload = useCallback(async () => {
    const [o, e] = await Promise.allSettled([
      apiGet<StaffOrder>(`/orders/${encodeURIComponent(id)}`),
      apiGet<OrderEventEntry[]>(`/orders/${encodeURIComponent(id)}/events`),
    ])
    if (o.status === 'fulfilled') setOrder({ status: 'ready', value: o.value })
    else
      setOrder((current) =>
        current.status === 'ready'
          ? current
          : { status: 'failed', notFound: o.reason instanceof ApiError && o.reason.status === 404 },
      )
    if (e.status === 'fulfilled') setEvents({ status: 'ready', value: e.value })
    else setEvents({ status: 'failed', notFound: false })
  }, [id])

  useEffect(() => {
    setOrder({ status: 'loading' })
    setEvents({ status: 'loading' })
    void reload()
  }, [reload])

  if (order.status === 'loading' || (order.status === 'ready' && !context.loaded)) {
    return (
      <main id="main" className="bo-page">
        <Spinner label={t('loading')} />
      </main>
    )
  }
  if (order.status === 'failed') {
    return (
      <main id="main" className="bo-page">
        <h1>{t('error.loadOne')}</h1>
        <Notice tone="danger" live="assertive">
          <p>{order.notFound ? t('error.notFound') : t('error.loadOne')}</p>
          <Button small variant="secondary" onClick={() => void reload()}>
            {t('retry')}
          </Button>
        </Notice>
        <Link to={paths.backend.orders()}>{t('detail.back')}</Link>
      </main>
    )
  }

  const o = order.value
  const zone = timeZoneOf(context, o.branch.id)
  const ticket = ticketLabel(o)
  // The dialogs say 'Nr. 12' (the board's wording), not 'Nr. #12'.
  const number = o.ticketNumber != null ? String(o.ticketNumber) : ticket

  /** Runs a call, shows its outcome and reloads the order (also after a refusal: it may have changed). */
  const run = async (key: string, call: () => Promise<unknown>, ok: string | null, fallback: string) => {
    setBusy(key)
    setMessage(null)
    try {
      await call()
      if (ok) setMessage({ tone: 'success', text: ok })
      return true
    } catch (error) {
      // A 409 (stale version, illegal now) carries the server's reason; the reload shows the new state.
      setMessage(
        error instanceof ApiError && error.status === 409 && !messageOf(error, '')
          ? { tone: 'danger', text: fallback, detail: t('error.conflict') }
          : failure(error, fallback),
      )
      return false
    } finally {
      await reload()
      setBusy(null)
    }
  }

  const statusCommand = (action: StaffAction, extra: Record<string, unknown> = {}) => {
    const label = t(staffActionLabelKey(action, o))
    const path =
      action === 'counter-appointment'
        ? `/orders/${o.id}/counter-appointment`
        : `/orders/${o.id}/status/${action}`
    return run(
      action,
      () => apiSend('POST', path, { version: o.version, ...extra }),
      t('detail.done', { action: label }),
      action === 'cancel' ? t('error.cancel') : t('error.status'),
    )
  }

  const onAction = (action: StaffAction) => {
    if (action === 'reject' || action === 'cancel' || action === 'counter-appointment') setDialog(action)
    else void statusCommand(action)
  }

  const editedItem = editing ? o.items.find((i) => i.itemId === editing) : undefined
  const removedItem = removing ? o.items.find((i) => i.itemId === removing) : undefined

  return (
    <main id="main" className="bo-page bo-order">
      <p className="bo-order__back">
        <Link to={paths.backend.orders()}>← {t('detail.back')}</Link>
      </p>
      <div className="bo-order__head">
        <div>
          <h1>
            {t('detail.title', { ticket })} <StatusBadge status={o.status} t={t} />
          </h1>
          <p className="bo-order__meta">
            {t('detail.createdAt', { date: formatDateTime(o.createdAt, zone) })}
            {branchNameOf(context, o.branch.id) ? ` · ${branchNameOf(context, o.branch.id)}` : ''}
          </p>
        </div>
        <div className="bo-order__head-actions">
          <Link className={buttonClass('secondary', { small: true })} to={paths.backend.receipt(o.id)}>
            {t('detail.print')}
          </Link>
          <Button variant="ghost" small disabled={busy !== null} onClick={() => void reload()}>
            {t('detail.reload')}
          </Button>
        </div>
      </div>

      <div aria-live="polite" className="bo-order__message">
        {message ? (
          <Notice tone={message.tone} live={message.tone === 'danger' ? 'assertive' : undefined}>
            <p>{message.text}</p>
            {message.detail ? <p>{message.detail}</p> : null}
          </Notice>
        ) : null}
      </div>

      <div className="bo-order__grid">
        <div className="bo-order__main">
          <Section title={t('detail.actions')}>
            <StatusActions order={o} t={t} busy={busy} onAction={onAction} />
          </Section>
          <Items
            order={o}
            t={t}
            context={context}
            onEdit={mayEditItems(o) ? (itemId) => setEditing(itemId) : null}
            onRemove={mayEditItems(o) ? (itemId) => setRemoving(itemId) : null}
          />
          <Pricing order={o} t={t} currency={context.currency} />
          <Section title={t('detail.timeline')}>
            <Timeline
              state={events}
              order={o}
              t={t}
              zone={zone}
              currency={context.currency}
              reload={reload}
            />
          </Section>
        </div>
        <div className="bo-order__side">
          <Customer order={o} t={t} />
          <OrderFacts order={o} t={t} zone={zone} />
          <Section title={t('detail.payment')}>
            <dl className="bo-facts">
              <Fact label={t('detail.paymentMethod')}>{paymentMethodText(o.paymentMethod, t)}</Fact>
              <Fact label={t('detail.paymentStatus')}>{t(`ordering:paymentStatus.${o.paymentStatus}`)}</Fact>
            </dl>
            <Refunds
              order={o}
              t={t}
              zone={zone}
              currency={context.currency}
              busy={busy}
              onRetry={(refund) => {
                void run(
                  `refund-${refund.refundNumber}`,
                  () =>
                    apiSend('POST', `/orders/${o.id}/refunds/${refund.refundNumber}/retry`, {
                      version: o.version,
                    }),
                  t('refund.retried'),
                  t('error.refund'),
                ).then((ok) => {
                  // The provider answers the refund process a moment later: look again then.
                  if (ok) for (const ms of [1500, 5000]) setTimeout(() => void reload(), ms)
                })
              }}
            />
            {isOnlinePayment(o.paymentMethod) ? (
              <Button
                variant="secondary"
                small
                disabled={busy !== null}
                onClick={async () => {
                  setBusy('payment')
                  setMessage(null)
                  try {
                    const fresh = await apiSend<StaffOrder>('POST', `/orders/${o.id}/update-payment-status`)
                    setMessage({
                      tone: 'success',
                      text: t('detail.paymentChecked', {
                        status: t(`ordering:paymentStatus.${fresh.paymentStatus}`),
                      }),
                    })
                  } catch (error) {
                    setMessage(failure(error, t('error.payment')))
                  } finally {
                    await reload()
                    setBusy(null)
                  }
                }}
              >
                {t('detail.checkPayment')}
              </Button>
            ) : null}
          </Section>
          <Section title={t('detail.notifications')}>
            <div className="bo-order__buttons">
              <Button
                variant="secondary"
                small
                icon="mail"
                disabled={busy !== null}
                onClick={() =>
                  void run(
                    'email',
                    () => apiSend('POST', `/orders/${o.id}/resend-new-order-email`),
                    t('detail.resent'),
                    t('error.resend'),
                  )
                }
              >
                {t('detail.resendEmail')}
              </Button>
              <Button
                variant="secondary"
                small
                icon="phone"
                disabled={busy !== null}
                onClick={() =>
                  void run(
                    'sms',
                    () => apiSend('POST', `/orders/${o.id}/resend-new-order-sms`),
                    t('detail.resent'),
                    t('error.resend'),
                  )
                }
              >
                {t('detail.resendSms')}
              </Button>
            </div>
          </Section>
        </div>
      </div>

      {dialog === 'reject' ? (
        <RejectDialog
          ticket={number}
          presets={reasons}
          onClose={() => setDialog(null)}
          onSubmit={(text) => {
            setDialog(null)
            void statusCommand('reject', { message: text })
          }}
        />
      ) : null}
      {dialog === 'cancel' ? (
        <CancelDialog
          ticket={number}
          presets={reasons}
          onClose={() => setDialog(null)}
          onSubmit={(reason) => {
            setDialog(null)
            void statusCommand('cancel', reason ? { message: reason } : {})
          }}
        />
      ) : null}
      {dialog === 'counter-appointment' ? (
        <CounterDialog
          ticket={ticket}
          timeZone={zone}
          due={dueOf(o)}
          now={Date.now()}
          onClose={() => setDialog(null)}
          onSubmit={(appointmentDate) => {
            setDialog(null)
            void statusCommand('counter-appointment', { appointmentDate })
          }}
        />
      ) : null}
      {removedItem ? (
        <ItemRemoval
          order={o}
          item={removedItem}
          context={context}
          onClose={() => {
            setRemoving(null)
            // Back to the button that opened the dialog.
            focusSoon(`[data-item-id="${CSS.escape(removedItem.itemId)}"] [data-action="remove-item"]`)
          }}
          onRemoved={async (fresh, refund) => {
            setRemoving(null)
            const total = money(fresh.totalGross, context.currency)
            setMessage({
              tone: 'success',
              text:
                refund > 0
                  ? t('remove.savedRefund', { total, refund: money(refund, context.currency) })
                  : t('remove.saved', { total }),
            })
            await reload()
            // The item is gone: the items' heading is where the reader goes on from.
            focusSoon('[data-testid="order-items"] h2')
            // The provider answers the refund process a moment later: look again then.
            if (refund > 0) for (const ms of [1500, 5000]) setTimeout(() => void reload(), ms)
          }}
        />
      ) : null}
      {editedItem ? (
        <ItemEditor
          order={o}
          item={editedItem}
          context={context}
          onClose={() => setEditing(null)}
          onSaved={async (fresh) => {
            setEditing(null)
            setMessage({
              tone: 'success',
              text: t('edit.saved', { total: money(fresh.totalGross, context.currency) }),
            })
            await reload()
          }}
        />
      ) : null}
    </main>
  )
}
