import { COUNTABLE_UNITS, UNIT_SYMBOLS } from '@shop/shared/domain/catalogue'
import { formatMoney } from '@shop/shared/domain/common'
import { formatLocalDate, localDateOf, wallClockOf } from '@shop/shared/domain/scheduling'
import { Button, Icon, IconButton, type IconName, Notice } from '@shop/ui'
import {
  createContext,
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
import type { Translate } from '../../lib/i18n.tsx'
import { useT } from '../../lib/i18n.tsx'
import { CounterDialog, RejectDialog } from '../../lib/order-dialogs.tsx'
import type { BoardApi } from './board-api.ts'
import {
  type BoardOrder,
  type CardAction,
  cardActions,
  diffOrders,
  type OrderChange,
  orderKindOf,
} from './board-model.ts'

/** What every card shares; a stable object, so it never re-renders the cards by itself. */
export type CardEnv = {
  api: BoardApi
  timeZone: string
  currency: string
  /** Applies a fresh copy (after a command or a conflict) to the board. */
  put(order: BoardOrder): void
  /** The clock the board runs on (ms). */
  now(): number
  /** The cards' answers (kept outside the card: a card that changes lanes is mounted anew). */
  messages: CardMessages
  /**
   * The card that held the keyboard focus when it was acted on or left its lane: the card takes
   * the focus back once it shows its new state (in its new lane: a card there is mounted anew).
   */
  focus: { pending?: string }
}

export type CardMessage = { failure?: Failure; notice?: string }

export type CardMessages = {
  get(orderId: string): CardMessage | undefined
  set(orderId: string, message: CardMessage | undefined): void
  subscribe(orderId: string, listener: () => void): () => void
}

export function createCardMessages(): CardMessages {
  const messages = new Map<string, CardMessage>()
  const listeners = new Map<string, Set<() => void>>()
  return {
    get: (id) => messages.get(id),
    set(id, message) {
      if (message) messages.set(id, message)
      else messages.delete(id)
      for (const l of listeners.get(id) ?? []) l()
    },
    subscribe(id, listener) {
      const set = listeners.get(id) ?? new Set<() => void>()
      listeners.set(id, set)
      set.add(listener)
      return () => {
        set.delete(listener)
        if (set.size === 0) listeners.delete(id)
      }
    },
  }
}

const noop = () => () => {}

export const CardEnvContext = createContext<CardEnv | undefined>(undefined)

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

export type Failure =
  | { kind: 'conflict'; message: string; changes: OrderChange[] }
  | { kind: 'error'; message: string; retry: () => void }

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
  const [dialog, setDialog] = useState<'reject' | 'counter-appointment' | undefined>()
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

  const command = (action: CardAction, extra?: Record<string, unknown>) =>
    run(action, () => api.command(order.id, action, latest.current.version, extra), t('error.status'))

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
              if (action === 'reject' || action === 'counter-appointment') setDialog(action)
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

      {dialog === 'reject' ? (
        <RejectDialog
          ticket={String(ticket)}
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

function actionLabel(action: CardAction, kind: string, t: Translate): string {
  switch (action) {
    case 'confirm':
      return t('ordering:action.confirmOrder')
    case 'reject':
      return t('ordering:action.rejectOrder')
    case 'counter-appointment':
      return t('action.counterAppointment')
    case 'in-delivery':
      return kind === 'delivery' ? t('action.inDelivery') : t('action.ready')
    case 'completed':
      return t('action.completed')
    case 'delivered':
      return t('action.delivered')
  }
}

/** 'heute 15:00' or '27.11.2026 15:00' in the branch's zone (spec §9). */
export function when(iso: string, timeZone: string, now: number, t: Translate): string {
  const clock = wallClockOf(Date.parse(iso), timeZone)
  const today = localDateOf(now, timeZone)
  return clock.date === today
    ? t('card.today', { time: clock.time })
    : `${formatLocalDate(clock.date)} ${clock.time}`
}

const COUNTABLE: ReadonlySet<string> = new Set(COUNTABLE_UNITS)

/** '2 Stück', '500 g', '1,5 kg' (the storefront's naming of units). */
function amountText(t: Translate, amount: number, unit: string): string {
  const symbol = (UNIT_SYMBOLS as Readonly<Record<string, string>>)[unit]
  const name = symbol ?? (COUNTABLE.has(unit) ? t(`unit.${unit}`, { count: amount === 1 ? 1 : 2 }) : unit)
  return `${String(amount).replace('.', ',')}\u00a0${name}`
}

function addressText(a: NonNullable<BoardOrder['deliveryAddress']>): string {
  const name = [a.companyName, [a.firstName, a.lastName].filter(Boolean).join(' ')].filter(Boolean).join(', ')
  const street = [a.street, a.floor, a.stairway, a.door].filter(Boolean).join(' ')
  const city = [a.zipCode, a.city].filter(Boolean).join(' ')
  return [name, street, city].filter(Boolean).join(', ')
}

function changeText(c: OrderChange, t: Translate, timeZone: string, currency: string, now: number): string {
  switch (c.field) {
    case 'status':
      return t('conflict.status', { from: t(`ordering:status.${c.from}`), to: t(`ordering:status.${c.to}`) })
    case 'appointment':
      return t('conflict.appointment', {
        from: c.from ? when(c.from, timeZone, now, t) : t('card.asap'),
        to: c.to ? when(c.to, timeZone, now, t) : t('card.asap'),
      })
    case 'items':
      return t('conflict.items', {
        list: [
          ...c.added.map((i) => `+ ${i}`),
          ...c.removed.map((i) => `− ${i}`),
          ...c.changed.map((i) => `~ ${i}`),
        ].join('; '),
      })
    case 'paymentStatus':
      return t('conflict.payment', {
        from: t(`ordering:paymentStatus.${c.from}`),
        to: t(`ordering:paymentStatus.${c.to}`),
      })
    case 'total':
      return t('conflict.total', { from: formatMoney(c.from, currency), to: formatMoney(c.to, currency) })
  }
}
