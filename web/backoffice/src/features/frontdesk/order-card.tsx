import { formatMoney } from '@shop/shared/domain/common'
import { UNDO_WINDOW_MS } from '@shop/shared/domain/ordering/order.undo.ts'
import { wallClockOf } from '@shop/shared/domain/scheduling'
import { Button, Icon, IconButton, type IconName, Notice } from '@shop/ui'
import {
  memo,
  useCallback,
  useContext,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react'
import { ApiError } from '../../lib/api.ts'
import { useT } from '../../lib/i18n.tsx'
import { CancelDialog, CounterDialog, RejectDialog } from '../../lib/order-dialogs.tsx'
import {
  type BoardOrder,
  type CardAction,
  cardActions,
  diffOrders,
  orderKindOf,
  UNDOABLE_ACTIONS,
} from './board-model.ts'
import { CardEnvContext, type Failure } from './card-env.ts'
import { actionLabel, addressText, amountText, changeText, refundBadge, when } from './card-text.ts'

const noop = () => () => {}

const KIND_ICONS: Record<string, IconName> = { takeaway: 'bag', delivery: 'bike', dineIn: 'table' }
const STATUS_ICONS: Record<string, IconName> = {
  awaitingConfirmation: 'clock',
  confirmed: 'check',
  ready: 'bag',
  inDelivery: 'bike',
  completed: 'check',
  delivered: 'check',
  rejected: 'close',
  canceled: 'close',
  failed: 'error',
}

/**
 * One order on the board. Memoised: it renders again only when its order (a new version from
 * the live client: a new object), a switch or its missed flag changes, never because another
 * order changed.
 */
export const OrderCard = memo(function OrderCard({
  order,
  showCustomer,
  showProduct,
  missed,
}: {
  order: BoardOrder
  showCustomer: boolean
  showProduct: boolean
  missed: boolean
}) {
  const env = useContext(CardEnvContext)
  const t = useT('bo-frontdesk')
  const titleId = useId()
  const [busy, setBusy] = useState<string | undefined>()
  const subscribe = useCallback(
    (listener: () => void) => env?.messages.subscribe(order.id, listener) ?? noop(),
    [env, order.id],
  )
  const message = useSyncExternalStore(subscribe, () => env?.messages.get(order.id))
  const failure = message?.failure
  const notice = message?.notice
  const setFailure = (f: Failure | undefined) => env?.messages.set(order.id, f ? { failure: f } : undefined)
  const setNotice = (n: string | undefined) => env?.messages.set(order.id, n ? { notice: n } : undefined)
  const [dialog, setDialog] = useState<'reject' | 'cancel' | 'counter-appointment' | undefined>()
  // The copy the user acted on (the card may update under a pending command).
  const latest = useRef(order)
  latest.current = order
  const cardRef = useRef<HTMLElement>(null)
  // A card leaving its lane is unmounted: remember that it had the focus (the DOM is still there
  // while layout effects are cleaned up) ...
  useLayoutEffect(() => {
    const card = cardRef.current
    return () => {
      if (env && card?.contains(document.activeElement)) env.focus.pending = order.id
    }
  }, [env, order.id])
  // ... and give it back once the card shows its new state, unless the focus went elsewhere.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs again for each new version of the order
  useEffect(() => {
    if (!env || busy || env.focus.pending !== order.id) return
    const card = cardRef.current
    if (!card) return
    env.focus.pending = undefined
    const active = document.activeElement
    if (active && active !== document.body) return
    const first = card.querySelector<HTMLElement>('.fd-card__actions button:not(:disabled)')
    ;(first ?? card).focus()
  }, [env, busy, order.id, order.version])
  if (!env) return null
  const { api, timeZone, currency } = env
  const kind = orderKindOf(order)
  const actions = cardActions(order)
  const ticket = order.ticketNumber ?? '—'

  const run = async (label: string, job: () => Promise<void>, fallback: string, reload = true) => {
    const acted = latest.current
    if (cardRef.current?.contains(document.activeElement)) env.focus.pending = acted.id
    setBusy(label)
    setFailure(undefined)
    setNotice(undefined)
    try {
      await job()
      if (reload) {
        const fresh = await api.get(acted.id).catch(() => undefined)
        if (fresh) env.put(fresh)
      }
      return true
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) {
        const message = error.errors[0]?.message ?? t('error.conflict')
        const fresh = await api.get(acted.id).catch(() => undefined)
        if (fresh) env.put(fresh)
        setFailure({ kind: 'conflict', message, changes: fresh ? diffOrders(acted, fresh) : [] })
      } else {
        const server = error instanceof ApiError && error.status !== 0 ? error.errors[0]?.message : undefined
        setFailure({
          kind: 'error',
          message: server ? `${fallback}: ${server}` : fallback,
          retry: () => void run(label, job, fallback, reload),
        })
      }
      return false
    } finally {
      setBusy(undefined)
    }
  }

  const command = (action: CardAction, extra?: Record<string, unknown>) => {
    // Acting on an order answers the new-order alarm for it.
    env.acknowledge(order.id)
    // The undo is offered for 10 s from the moment of the tap (the server counts from its event).
    const startedAt = env.now()
    return run(
      action,
      async () => {
        const after = await api.command(order.id, action, latest.current.version, extra)
        if (UNDOABLE_ACTIONS.has(action) && after) {
          env.offerUndo({
            orderId: order.id,
            version: after.version,
            ticket: String(ticket),
            label: actionLabel(action, kind, t),
            until: startedAt + UNDO_WINDOW_MS,
          })
        }
      },
      t('error.status'),
    )
  }

  const print = () => {
    // Opened inside the click (pop-up blockers), filled once the receipt is there.
    const win = window.open('', '_blank')
    void run(
      'print',
      async () => {
        const url = await api.receipt(order.id)
        if (win) win.location.href = url
        else window.location.assign(url)
      },
      t('error.print'),
      false,
    ).then((ok) => {
      if (!ok) win?.close()
    })
  }

  const resend = (channel: 'email' | 'sms') =>
    void run(channel, () => api.resend(order.id, channel), t('error.resend'), false).then((ok) => {
      if (ok) setNotice(t(channel === 'email' ? 'resent.email' : 'resent.sms'))
    })

  const statusIcon = STATUS_ICONS[order.status] ?? 'info'
  const customer = order.customer
  const address = order.deliveryAddress ?? customer.address ?? null
  return (
    <article
      ref={cardRef}
      tabIndex={-1}
      className={`fd-card fd-card--${order.status}${missed ? ' fd-card--missed' : ''}`}
      aria-labelledby={titleId}
      data-order-id={order.id}
      data-version={order.version}
      aria-busy={busy ? true : undefined}
    >
      <header className="fd-card__head">
        <h3 id={titleId} className="fd-card__title">
          <span className="fd-card__ticket">{t('card.ticket', { number: ticket })}</span>
          {showCustomer && order.customerName ? (
            <span className="fd-card__name">{order.customerName}</span>
          ) : null}
        </h3>
        <span className="fd-card__status">
          <Icon name={statusIcon} />
          {t(`ordering:status.${order.status}`)}
        </span>
        {missed ? (
          <span className="fd-card__missed">
            <Icon name="warning" />
            {t('card.missed')}
          </span>
        ) : null}
      </header>

      <p className="fd-card__meta">
        <span>
          <Icon name={KIND_ICONS[kind] ?? 'bag'} />
          {t(`ordering:orderType.${kind}`)}
        </span>
        {order.tableIdentifier ? <span>{t('card.table', { table: order.tableIdentifier })}</span> : null}
        <span>
          <Icon name="clock" />
          {order.dueAt ? when(order.dueAt, timeZone, env.now(), t) : t('card.asap')}
        </span>
        {order.isPreorder ? (
          <span className="fd-card__preorder">
            <Icon name="calendar" />
            {t('card.preorder')}
          </span>
        ) : null}
        {order.counterAppointmentStatus === 'proposed' && order.counterAppointment ? (
          <span>
            {t('card.counterProposed', { when: when(order.counterAppointment, timeZone, env.now(), t) })}
          </span>
        ) : null}
        <span className="fd-card__created">
          {t('card.created', { time: wallClockOf(Date.parse(order.createdAt), timeZone).time })}
        </span>
      </p>

      {showProduct ? (
        <ul className="fd-card__items" aria-label={t('card.items')}>
          {order.items.map((item) => (
            <li key={item.itemId}>
              <span className="fd-card__amount">{amountText(t, item.amount, item.unit)}</span>{' '}
              <span className="fd-card__item-name">{item.name}</span>
              {item.parts && item.parts.length > 0 ? (
                <ul className="fd-card__parts">
                  {item.parts.map((part, i) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: parts are positional and never reorder
                    <li key={i}>
                      <span className="fd-card__part-name">{part.name}:</span>{' '}
                      {[
                        ...part.options,
                        part.text ?? '',
                        part.uploads.length ? t('card.uploads', { count: part.uploads.length }) : '',
                      ]
                        .filter(Boolean)
                        .join(', ')}
                    </li>
                  ))}
                </ul>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}

      {showCustomer ? (
        <dl className="fd-card__customer">
          {customer.isCompany && customer.companyName ? (
            <div>
              <dt>{t('card.company')}</dt>
              <dd>{customer.companyName}</dd>
            </div>
          ) : null}
          {customer.phone ? (
            <div>
              <dt>{t('card.phone')}</dt>
              <dd>
                <a href={`tel:${customer.phone}`}>{customer.phone}</a>
              </dd>
            </div>
          ) : null}
          {customer.email ? (
            <div>
              <dt>{t('card.email')}</dt>
              <dd>
                <a href={`mailto:${customer.email}`}>{customer.email}</a>
              </dd>
            </div>
          ) : null}
          {address ? (
            <div>
              <dt>
                {t(order.deliveryAddress || order.isDelivery ? 'card.deliveryAddress' : 'card.address')}
              </dt>
              <dd>{addressText(address)}</dd>
            </div>
          ) : null}
        </dl>
      ) : null}

      {order.comment ? (
        <p className="fd-card__comment">
          <Icon name="info" />
          <span>
            <span className="ui-visually-hidden">{t('card.comment')}: </span>
            {order.comment}
          </span>
        </p>
      ) : null}

      <p className="fd-card__pay">
        <span>
          {t(`print:paymentMethod.${order.paymentMethod}`) || order.paymentMethod} ·{' '}
          {t(`ordering:paymentStatus.${order.paymentStatus}`)}
        </span>
        <strong className="fd-card__total">{formatMoney(order.totalPayable, currency)}</strong>
      </p>
      {(() => {
        const refund = refundBadge(order.refund, t, currency)
        return refund ? (
          <p className="fd-card__refund">
            <span className={`ui-badge ui-badge--${refund.tone}`} data-refund={order.refund?.status}>
              {refund.text}
            </span>
          </p>
        ) : null
      })()}

      {failure ? (
        <Notice
          tone={failure.kind === 'conflict' ? 'warning' : 'danger'}
          live="assertive"
          className="fd-card__failure"
        >
          <p>{failure.message}</p>
          {failure.kind === 'conflict' ? (
            failure.changes.length > 0 ? (
              <>
                <p>{t('conflict.changed')}</p>
                <ul className="fd-card__changes">
                  {failure.changes.map((c) => (
                    <li key={c.field}>{changeText(c, t, timeZone, currency, env.now())}</li>
                  ))}
                </ul>
              </>
            ) : (
              <p>{t('conflict.reloaded')}</p>
            )
          ) : null}
          <div className="fd-card__failure-actions">
            {failure.kind === 'error' ? (
              <Button small variant="secondary" onClick={failure.retry}>
                {t('retry')}
              </Button>
            ) : null}
            <Button small variant="ghost" onClick={() => setFailure(undefined)}>
              {t('dismiss')}
            </Button>
          </div>
        </Notice>
      ) : null}
      {notice ? (
        <Notice tone="success" live="polite">
          {notice}
        </Notice>
      ) : null}

      <div className="fd-card__actions">
        {actions.map((action) => (
          <Button
            key={action}
            small
            variant={action === 'reject' ? 'danger' : action === 'confirm' ? 'primary' : 'secondary'}
            disabled={busy !== undefined}
            aria-describedby={titleId}
            onClick={() => {
              if (action === 'reject' || action === 'cancel' || action === 'counter-appointment')
                setDialog(action)
              else void command(action)
            }}
          >
            {actionLabel(action, kind, t)}
          </Button>
        ))}
        <span className="fd-card__tools">
          <IconButton
            icon="printer"
            label={t('action.print')}
            disabled={busy !== undefined}
            aria-describedby={titleId}
            onClick={print}
          />
          {order.customer.email ? (
            <IconButton
              icon="mail"
              label={t('action.resendEmail')}
              disabled={busy !== undefined}
              aria-describedby={titleId}
              onClick={() => resend('email')}
            />
          ) : null}
          {order.customer.phone ? (
            <IconButton
              icon="phone"
              label={t('action.resendSms')}
              disabled={busy !== undefined}
              aria-describedby={titleId}
              onClick={() => resend('sms')}
            />
          ) : null}
        </span>
      </div>

      {dialog === 'cancel' ? (
        <CancelDialog
          ticket={String(ticket)}
          presets={env.reasons}
          onClose={() => setDialog(undefined)}
          onSubmit={(reason) => {
            setDialog(undefined)
            void command('cancel', reason ? { message: reason } : {})
          }}
        />
      ) : null}
      {dialog === 'reject' ? (
        <RejectDialog
          ticket={String(ticket)}
          presets={env.reasons}
          onClose={() => setDialog(undefined)}
          onSubmit={(message) => {
            setDialog(undefined)
            void command('reject', { message })
          }}
        />
      ) : null}
      {dialog === 'counter-appointment' ? (
        <CounterDialog
          ticket={String(ticket)}
          timeZone={timeZone}
          due={order.dueAt}
          now={env.now()}
          onClose={() => setDialog(undefined)}
          onSubmit={(appointmentDate) => {
            setDialog(undefined)
            void command('counter-appointment', { appointmentDate })
          }}
        />
      ) : null}
    </article>
  )
})
