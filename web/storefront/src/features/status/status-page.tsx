import './texts.ts'
import type { LiveStatus } from '@shop/live'
import { Button, buttonClass, Icon, type IconName, Notice, Spinner } from '@shop/ui'
import { paths } from '@shop/ui/routes'
import { useId } from 'react'
import { Link, useParams } from 'react-router'
import { useHead } from '../../lib/head.ts'
import { useT } from '../../lib/i18n.tsx'
import { useCanInstall } from '../../lib/pwa-install.ts'
import { type Branch, useShop } from '../../lib/shop-data.tsx'
import { CounterAppointment } from './counter-appointment.tsx'
import { OrderInfo } from './order-info.tsx'
import { Questionnaire, QuestionnaireSent } from './questionnaire.tsx'
import {
  displayStatus,
  formatDateTime,
  formatTime,
  isCancelled,
  isSettled,
  payNowUrl,
  questionnaireState,
  type StatusOrder,
  type StepState,
  showsCounterAppointment,
  timelineOf,
} from './status.view.ts'
import { useLiveOrder } from './use-live-order.ts'
import './status.css'

/** Spec §2 "Order status" (/status/{uid}/{hash}, and the kiosk's own status route). */
export function StatusPage() {
  const t = useT('sf-status')
  const { uid = '', hash = '', branchIdentifier } = useParams()
  const { config } = useShop()
  const { state, live, apply, reload, retry } = useLiveOrder(uid, hash)
  useHead({ title: `${t('title')} - ${String(config.title ?? config.shopName ?? '')}` })

  if (state.kind === 'loading') {
    return (
      <main id="main" className="ui-container status">
        <Spinner label={t('loading')} />
      </main>
    )
  }
  if (state.kind === 'notFound') {
    return (
      <main id="main" className="ui-container status">
        <div className="status-card status-empty">
          <Icon name="search" className="ui-icon status-empty__icon" />
          <h1>{t('notFound.title')}</h1>
          <p>{t('notFound.text')}</p>
          <Link
            className={buttonClass('primary')}
            to={branchIdentifier ? paths.kiosk.store(branchIdentifier) : paths.home()}
          >
            {t('notFound.home')}
          </Link>
        </div>
      </main>
    )
  }
  if (state.kind === 'error') {
    return (
      <main id="main" className="ui-container status">
        <h1 className="ui-visually-hidden">{t('title')}</h1>
        <Notice tone="danger" live="assertive">
          <p>{t('loadFailed')}</p>
          <Button small variant="secondary" onClick={retry}>
            {t('retry')}
          </Button>
        </Notice>
      </main>
    )
  }
  return (
    <OrderStatus order={state.order} live={live} apply={apply} reload={reload} kiosk={branchIdentifier} />
  )
}

function OrderStatus({
  order,
  live,
  apply,
  reload,
  kiosk,
}: {
  order: StatusOrder
  live: LiveStatus
  apply: (order: StatusOrder) => void
  reload: () => Promise<void>
  kiosk: string | undefined
}) {
  const t = useT('sf-status')
  const { branches, config } = useShop()
  const branch = branches.find((b) => b.id === order.branch.id)
  const timeZone = branch?.timeZone ?? 'Europe/Zurich'
  const cancelled = isCancelled(order)
  const status = displayStatus(order.status)
  const placed = formatDateTime(order.createdAt, timeZone)
  const questionnaire = questionnaireState(order, config.enablePluginOrderReviews === true)
  const payUrl = payNowUrl(order)
  const headingId = useId()

  return (
    <main id="main" className="ui-container status">
      <header className={`status-hero${cancelled ? ' status-hero--cancelled' : ''}`}>
        <span className="status-hero__icon" aria-hidden="true">
          <Icon name={cancelled ? 'close' : 'check'} />
        </span>
        <div>
          <h1 className="status-hero__title">
            {cancelled
              ? t('headline.cancelled')
              : order.isQuotation
                ? t('headline.thanksQuotation')
                : t('headline.thanks')}
          </h1>
          <p className="status-hero__placed">{t('placedAt', { ...placed, branch: branch?.name ?? '' })}</p>
        </div>
        {isSettled(order) ? null : <LiveIndicator live={live} />}
      </header>

      <div className="status-grid">
        <div className="status-main">
          <section className="status-card status-now" aria-labelledby={headingId}>
            <h2 id={headingId} className="ui-visually-hidden">
              {t('statusLabel')}
            </h2>
            {order.ticketNumber !== null ? (
              <div className="status-ticket">
                <span className="status-ticket__label">{t('ticket')}</span>
                <span className="status-ticket__number">{order.ticketNumber}</span>
                {!order.isDelivery && !order.isDineIn && !isSettled(order) ? (
                  <span className="status-ticket__hint">{t('ticketHint')}</span>
                ) : null}
              </div>
            ) : null}
            <div className="status-now__text" role="status" aria-live="polite" aria-atomic="true">
              <p
                className={`status-badge status-badge--${cancelled ? 'cancelled' : order.isCompleted ? 'done' : 'open'}`}
              >
                <Icon name={cancelled ? 'close' : order.isCompleted ? 'check' : 'clock'} />
                <span>
                  <span className="ui-visually-hidden">{t('statusLabel')}: </span>
                  {t(`ordering:status.${status}`)}
                </span>
              </p>
              <p className="status-now__detail">{t(`statusDetail.${status}`)}</p>
            </div>
            {order.isRejected && order.rejectionMessage ? (
              <Notice tone="danger" className="status-rejection">
                <p className="status-rejection__label">{t('rejectionMessage')}</p>
                <p className="status-rejection__message">{order.rejectionMessage}</p>
              </Notice>
            ) : null}
            {order.isCanceled && order.cancelReason ? (
              <Notice tone="danger" className="status-rejection">
                <p className="status-rejection__label">{t('cancelReason')}</p>
                <p className="status-rejection__message" data-cancel-reason>
                  {order.cancelReason}
                </p>
              </Notice>
            ) : null}
            {order.isPreorder && !cancelled && !order.isConfirmed ? (
              <p className="status-muted">{t('preorder')}</p>
            ) : null}
            {order.isQuotation && !cancelled && !order.isConfirmed ? (
              <p className="status-muted">{t('quotation')}</p>
            ) : null}
            {payUrl ? (
              <div className="status-pay">
                <p>{t('payNow.text')}</p>
                <a className={buttonClass('primary', { block: true })} href={payUrl}>
                  <Icon name="external" />
                  {t('payNow.link')}
                </a>
              </div>
            ) : null}
          </section>

          {showsCounterAppointment(order) ? (
            <CounterAppointment order={order} timeZone={timeZone} onAnswered={apply} onReload={reload} />
          ) : null}

          {questionnaire === 'open' ? <Questionnaire order={order} onSent={apply} /> : null}
          {questionnaire === 'answered' ? <QuestionnaireSent order={order} /> : null}

          <Timeline order={order} timeZone={timeZone} />
        </div>

        <div className="status-side">
          <OrderInfo order={order} branch={branch} currency={String(config.currency ?? 'EUR')} />
          {kiosk || config.enablePluginPWA !== true ? null : <InstallHint />}
          <BackLink branch={branch} kiosk={kiosk} />
        </div>
      </div>
    </main>
  )
}

/** Spec §2: the status page's install hint, where the browser can install the app. */
function InstallHint() {
  const t = useT('sf-status')
  const [can, install] = useCanInstall()
  if (!can) return null
  return (
    <section className="status-card status-install" aria-label={t('install.title')}>
      <p>{t('install.text')}</p>
      <Button variant="secondary" icon="download" onClick={() => void install()}>
        {t('install.button')}
      </Button>
    </section>
  )
}

const LIVE_TEXT: Record<LiveStatus, string> = {
  live: 'live.live',
  polling: 'live.polling',
  connecting: 'live.connecting',
  stopped: 'live.polling',
}

/** Whether changes arrive instantly (socket) or every 10 s (polling). Text, not colour alone. */
function LiveIndicator({ live }: { live: LiveStatus }) {
  const t = useT('sf-status')
  if (live === 'stopped') return null
  return (
    <p
      className={`status-live status-live--${live}`}
      title={live === 'live' ? t('live.liveHint') : undefined}
    >
      <span className="status-live__dot" aria-hidden="true" />
      <span>{t(LIVE_TEXT[live])}</span>
      {live === 'live' ? <span className="ui-visually-hidden">: {t('live.liveHint')}</span> : null}
    </p>
  )
}

const STEP_ICONS: Record<StepState, IconName | null> = {
  done: 'check',
  current: 'clock',
  upcoming: null,
  ended: 'close',
}

function Timeline({ order, timeZone }: { order: StatusOrder; timeZone: string }) {
  const t = useT('sf-status')
  const id = useId()
  const steps = timelineOf(order)
  return (
    <section className="status-card status-timeline" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>{t('timeline.heading')}</h2>
      <ol className="status-steps">
        {steps.map((step) => {
          const icon = STEP_ICONS[step.state]
          return (
            <li
              key={step.status}
              className={`status-step status-step--${step.state}`}
              aria-current={step.state === 'current' ? 'step' : undefined}
            >
              <span className="status-step__marker" aria-hidden="true">
                {icon ? <Icon name={icon} /> : null}
              </span>
              <span className="status-step__body">
                <span className="status-step__label">{t(`ordering:status.${step.status}`)}</span>
                <span className="status-step__state">
                  {t(`timeline.${step.state}`)}
                  {step.at ? ` · ${t('timeline.at', { time: formatTime(step.at, timeZone) })}` : null}
                </span>
              </span>
            </li>
          )
        })}
      </ol>
    </section>
  )
}

function BackLink({ branch, kiosk }: { branch: Branch | undefined; kiosk: string | undefined }) {
  const t = useT('sf-status')
  if (kiosk) {
    return (
      <Link className={buttonClass('primary', { block: true })} to={paths.kiosk.store(kiosk)}>
        <Icon name="plus" />
        {t('newOrder')}
      </Link>
    )
  }
  if (!branch) return null
  return (
    <Link
      className={`${buttonClass('ghost', { block: true })} status-back`}
      to={paths.store(branch.identifier)}
    >
      <Icon name="chevronLeft" />
      {t('backToBranch', { branch: branch.name })}
    </Link>
  )
}
