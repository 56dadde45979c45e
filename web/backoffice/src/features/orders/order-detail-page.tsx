import type { StaffAction } from '@shop/shared/domain/ordering'
import { Button, buttonClass, Notice, type NoticeTone, Spinner } from '@shop/ui'
import { type ReactNode, useCallback, useEffect, useState } from 'react'
import { Link, useParams } from 'react-router'
import { ApiError, apiGet, apiSend, messageOf } from '../../lib/api.ts'
import { type Translate, useT } from '../../lib/i18n.tsx'
import { CancelDialog, CounterDialog, RejectDialog } from '../../lib/order-dialogs.tsx'
import { ItemEditor } from './item-editor.tsx'
import { StatusBadge } from './order-list-page.tsx'
import { actorText, type OrderEventEntry, type TimelineRow, timelineRows } from './order-timeline.ts'
import {
  actionLabelKey,
  addressLines,
  customerLabel,
  dueOf,
  formatDateTime,
  isOnlinePayment,
  mayEditItems,
  money,
  orderKindOf,
  paymentMethodText,
  type StaffOrder,
  statusActions,
  taxLines,
  ticketLabel,
} from './order-view.ts'
import { branchNameOf, type OrdersContext, timeZoneOf, useOrdersContext } from './orders-data.ts'
import './orders.css'

type Load<T> = { status: 'loading' } | { status: 'failed'; notFound: boolean } | { status: 'ready'; value: T }
type Message = { tone: NoticeTone; text: string; detail?: string }
type Dialogs = 'reject' | 'cancel' | 'counter-appointment' | null

/** A refusal's headline (spec §8's fallback) and, when the server said more, its first message. */
function failure(error: unknown, fallback: string): Message {
  const server = messageOf(error, '')
  return { tone: 'danger', text: fallback, ...(server && server !== fallback ? { detail: server } : {}) }
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
        <Link to="/orders">{t('detail.back')}</Link>
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
    const label = t(actionLabelKey(action, o))
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

  return (
    <main id="main" className="bo-page bo-order">
      <p className="bo-order__back">
        <Link to="/orders">← {t('detail.back')}</Link>
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
          <Link className={buttonClass('secondary', { small: true })} to={`/orders/${o.id}/receipt`}>
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

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="ui-card bo-order__section" aria-label={title}>
      <h2>{title}</h2>
      {children}
    </section>
  )
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  if (children === null || children === undefined || children === '') return null
  return (
    <div>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  )
}

function StatusActions({
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
          {t(actionLabelKey(action, order))}
        </Button>
      ))}
    </div>
  )
}

function Customer({ order, t }: { order: StaffOrder; t: Translate }) {
  const c = order.customer
  const billing = addressLines(c.address ?? null)
  const delivery = addressLines(order.deliveryAddress)
  return (
    <Section title={t('detail.customer')}>
      <dl className="bo-facts">
        <Fact label={t('detail.name')}>
          {[c.firstName, c.lastName].filter(Boolean).join(' ') || customerLabel(order)}
        </Fact>
        <Fact label={t('detail.company')}>{c.isCompany || c.companyName ? c.companyName : null}</Fact>
        <Fact label={t('detail.vatNo')}>{c.vatNo}</Fact>
        <Fact label={t('detail.email')}>{c.email ? <a href={`mailto:${c.email}`}>{c.email}</a> : null}</Fact>
        <Fact label={t('detail.phone')}>
          {c.phone ? <a href={`tel:${c.phone.replace(/\s/g, '')}`}>{c.phone}</a> : null}
        </Fact>
        <Fact label={t('detail.billingAddress')}>{billing.length ? <Lines lines={billing} /> : null}</Fact>
        <Fact label={t('detail.deliveryAddress')}>{delivery.length ? <Lines lines={delivery} /> : null}</Fact>
        <Fact label={t('detail.deliveryArea')}>{order.deliveryArea}</Fact>
      </dl>
    </Section>
  )
}

function Lines({ lines }: { lines: string[] }) {
  return (
    <span className="bo-lines">
      {lines.map((line, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: address lines have no identity
        <span key={i}>{line}</span>
      ))}
    </span>
  )
}

function OrderFacts({ order, t, zone }: { order: StaffOrder; t: Translate; zone: string }) {
  const type = t(`ordering:orderType.${orderKindOf(order)}`)
  const due = dueOf(order)
  return (
    <Section title={t('detail.order')}>
      <dl className="bo-facts">
        <Fact label={t('detail.orderType')}>{type}</Fact>
        <Fact label={t('detail.table')}>{order.isDineIn ? order.tableIdentifier : null}</Fact>
        <Fact label={t('detail.appointment')}>
          {order.appointmentDate ? formatDateTime(order.appointmentDate, zone) : t('asap')}
        </Fact>
        <Fact label={t('detail.dueAt')}>{due ? formatDateTime(due, zone) : t('asap')}</Fact>
        <Fact label={t('detail.counterAppointment')}>
          {order.counterAppointmentStatus !== 'none'
            ? `${t(`ordering:counterAppointmentStatus.${order.counterAppointmentStatus}`)}${
                order.counterAppointment ? ` (${formatDateTime(order.counterAppointment, zone)})` : ''
              }`
            : null}
        </Fact>
        <Fact label={t('detail.preorder')}>{order.isPreorder ? t('detail.yes') : null}</Fact>
        <Fact label={t('detail.quotation')}>{order.isQuotation ? t('detail.yes') : null}</Fact>
        <Fact label={t('detail.comment')}>
          {order.comment ? <q className="bo-order__comment">{order.comment}</q> : null}
        </Fact>
        <Fact label={t('detail.rejectionMessage')}>{order.rejectionMessage}</Fact>
        <Fact label={t('detail.cancelReason')}>{order.cancelReason}</Fact>
        <Fact label={t('detail.failureReason')}>{order.failureReason}</Fact>
      </dl>
    </Section>
  )
}

export function amountText(amount: number, unit: string, t: Translate): string {
  const number = new Intl.NumberFormat('de-CH', { maximumFractionDigits: 3 }).format(amount)
  const countable = ['piece', 'serving', 'pair', 'person', 'package']
  return countable.includes(unit) ? `${number} ${t(`unit.${unit}`, { count: amount })}` : `${number} ${unit}`
}

function Items({
  order,
  t,
  context,
  onEdit,
}: {
  order: StaffOrder
  t: Translate
  context: OrdersContext
  onEdit: ((itemId: string) => void) | null
}) {
  return (
    <Section title={t('detail.items')}>
      <ul className="bo-items">
        {order.items.map((item) => (
          <li key={item.itemId} className="bo-items__row" data-item-id={item.itemId}>
            <div className="bo-items__main">
              <p className="bo-items__name">
                <span className="bo-items__amount">{amountText(item.amount, item.unit, t)}</span> {item.name}
              </p>
              {(item.parts ?? []).some((p) => p.options.length || p.text || p.uploads.length) ? (
                <ul className="bo-items__parts">
                  {(item.parts ?? []).map((part) =>
                    part.options.length || part.text || part.uploads.length ? (
                      <li key={part.name}>
                        <span className="bo-items__part-name">{part.name}:</span>{' '}
                        {[...part.options, ...(part.text ? [`„${part.text}“`] : [])].join(', ')}
                        {part.uploads.map((u) => (
                          <a
                            key={u.id}
                            className="bo-items__upload"
                            href={`/upload/${u.publicHash}/${u.id}-${u.version}.${u.extension}`}
                            target="_blank"
                            rel="noreferrer"
                          >
                            {`${u.id}.${u.extension}`}
                          </a>
                        ))}
                      </li>
                    ) : null,
                  )}
                </ul>
              ) : null}
            </div>
            <div className="bo-items__price">
              <span className="bo-num" data-testid="item-total">
                {item.isPriceHidden ? t('detail.priceHidden') : money(item.total, context.currency)}
              </span>
              {!item.isPriceHidden && item.amount !== 1 ? (
                <span className="bo-orders__sub bo-num">
                  {t('detail.unitPrice')} {money(item.unitPrice, context.currency)}
                </span>
              ) : null}
            </div>
            {onEdit ? (
              <Button
                variant="ghost"
                small
                aria-label={t('detail.editItemLabel', { name: item.name })}
                onClick={() => onEdit(item.itemId)}
              >
                {t('detail.editItem')}
              </Button>
            ) : null}
          </li>
        ))}
      </ul>
    </Section>
  )
}

function Pricing({ order, t, currency }: { order: StaffOrder; t: Translate; currency: string }) {
  const p = order.pricing
  const hasDelivery = typeof p.deliveryGross === 'number' && p.deliveryGross > 0
  return (
    <Section title={t('detail.pricing')}>
      <dl className="bo-sums">
        {typeof p.gross === 'number' && hasDelivery ? (
          <div>
            <dt>{t('detail.items')}</dt>
            <dd>{money(p.gross, currency)}</dd>
          </div>
        ) : null}
        {hasDelivery ? (
          <div>
            <dt>{t('detail.delivery')}</dt>
            <dd>{money(p.deliveryGross, currency)}</dd>
          </div>
        ) : null}
        {typeof p.totalNet === 'number' ? (
          <div>
            <dt>{t('detail.net')}</dt>
            <dd>{money(p.totalNet, currency)}</dd>
          </div>
        ) : null}
        {taxLines(p).map(([rate, cents]) => (
          <div key={rate}>
            <dt>{t('detail.tax', { rate })}</dt>
            <dd>{money(cents, currency)}</dd>
          </div>
        ))}
        {p.cashRounding ? (
          <div>
            <dt>{t('detail.cashRounding')}</dt>
            <dd data-testid="order-cash-rounding">{money(p.cashRounding, currency)}</dd>
          </div>
        ) : null}
        <div className="bo-sums__total">
          <dt>{t('detail.total')}</dt>
          {/* What the customer pays: a cash order's total rounded to the smallest coin. */}
          <dd data-testid="order-total">{money(order.totalPayable ?? order.totalGross, currency)}</dd>
        </div>
      </dl>
    </Section>
  )
}

function Timeline({
  state,
  order,
  t,
  zone,
  currency,
  reload,
}: {
  state: Load<OrderEventEntry[]>
  order: StaffOrder
  t: Translate
  zone: string
  currency: string
  reload: () => Promise<void>
}) {
  if (state.status === 'loading') return <Spinner label={t('loading')} />
  if (state.status === 'failed')
    return (
      <Notice tone="danger">
        <p>{t('error.events')}</p>
        <Button small variant="secondary" onClick={() => void reload()}>
          {t('retry')}
        </Button>
      </Notice>
    )
  const rows = timelineRows(state.value, order)
  if (rows.length === 0) return <p>{t('detail.timelineEmpty')}</p>
  return (
    <ol className="bo-timeline" data-testid="timeline">
      {rows.map((row) => (
        <TimelineItem key={row.key} row={row} t={t} zone={zone} currency={currency} />
      ))}
    </ol>
  )
}

function TimelineItem({
  row,
  t,
  zone,
  currency,
}: {
  row: TimelineRow
  t: Translate
  zone: string
  currency: string
}) {
  const label = row.labelKey ? t(row.labelKey) : t('event.unknown', { type: row.type })
  return (
    <li className="bo-timeline__item" data-event={row.type}>
      <p className="bo-timeline__head">
        <time dateTime={row.at}>{formatDateTime(row.at, zone)}</time>
        <span className="bo-timeline__label">{label}</span>
        <span className="bo-timeline__actor">{actorText(row.actor, t)}</span>
      </p>
      {row.details.length > 0 ? (
        <dl className="bo-timeline__details">
          {row.details.map((d) => (
            <div key={d.key}>
              <dt>{t(d.labelKey)}</dt>
              <dd>
                {d.kind === 'money'
                  ? money(d.value, currency)
                  : d.kind === 'dateTime'
                    ? formatDateTime(d.value, zone)
                    : d.kind === 'rating'
                      ? `${d.value} / 5`
                      : d.kind === 'paymentMethod'
                        ? paymentMethodText(d.value, t)
                        : d.kind === 'amount'
                          ? amountText(d.value.amount, d.value.unit, t)
                          : d.kind === 'items'
                            ? d.value
                                .map((i) => `${amountText(i.amount, i.unit, t)} ${i.name ?? ''}`.trim())
                                .join(', ')
                            : d.value}
              </dd>
            </div>
          ))}
        </dl>
      ) : null}
    </li>
  )
}
