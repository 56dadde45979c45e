import { DEFAULT_REJECTION_REASONS } from '@shop/shared/contracts'
import { Button, Icon, Notice, Spinner } from '@shop/ui'
import { type ComponentType, Suspense, useCallback, useEffect, useId, useMemo, useRef, useState } from 'react'
import { ApiError, redirectToLogin } from '../../lib/api.ts'
import { useT } from '../../lib/i18n.tsx'
import { type BoardAccess, type BoardBranch, boardApi, loadBranch, loadConfig } from './board-api.ts'
import {
  type BoardOrder,
  CLOCK_TICK_MS,
  DEFAULT_MISSED_ORDER_MINUTES,
  isMissed,
  LANES,
  type Lane,
  lanesOf,
  orderKindOf,
  readSwitch,
  SWITCH_KEYS,
} from './board-model.ts'
import { type CardEnv, CardEnvContext, createCardMessages, type UndoOffer } from './card-env.ts'
import { initialKitchenView, KITCHEN_VIEW_KEY } from './kitchen-model.ts'
import { KitchenView } from './kitchen-view.tsx'
import { OrderCard } from './order-card.tsx'
import { PrinterStatus } from './printer-status.tsx'
import { useBoardAlerts } from './use-alerts.ts'
import { useLiveBoard } from './use-live-board.ts'
import './frontdesk.css'

const LANE_ICONS = { new: 'clock', confirmed: 'check', ready: 'bag', done: 'star' } as const

function useSwitch(key: string): [boolean, (on: boolean) => void] {
  const [on, setOn] = useState(() => readSwitch(globalThis.localStorage, key))
  useEffect(() => {
    const onStorage = (e: StorageEvent) => {
      if (e.key === key) setOn(e.newValue !== '0')
    }
    addEventListener('storage', onStorage)
    return () => removeEventListener('storage', onStorage)
  }, [key])
  const set = useCallback(
    (next: boolean) => {
      setOn(next)
      try {
        localStorage.setItem(key, next ? '1' : '0')
      } catch {
        // private mode: the switch holds for this page
      }
    },
    [key],
  )
  return [on, set]
}

/**
 * The kitchen view (issue 21 point 4): on or off per device (localStorage), `?view=kitchen` in the
 * address opens it (and `?view=board` the lanes) without changing what the device remembers.
 */
function useKitchenView(): [boolean, (on: boolean) => void] {
  const [on, setOn] = useState(() => initialKitchenView(location.search, globalThis.localStorage))
  const set = useCallback((next: boolean) => {
    setOn(next)
    try {
      localStorage.setItem(KITCHEN_VIEW_KEY, next ? '1' : '0')
    } catch {
      // private mode: the mode holds for this page
    }
  }, [])
  return [on, set]
}

/** The clock the board runs on, re-read every 15 s (missed flags, the done lane's 18 h). */
function useNow(): number {
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), CLOCK_TICK_MS)
    return () => clearInterval(timer)
  }, [])
  return now
}

/** What the board shows of the branch's operations in its header (the app passes it in). */
export type BoardOperations = ComponentType<{ access: BoardAccess }>

/**
 * The live order board of one branch (issue 6 point 2): four lanes, memoised cards, the new-order
 * alert, the offline banner, the missed flags and the spec §3 switches. `access` decides whether
 * it runs on the branch's api key (the counter tablet) or on the staff session. `operations` is
 * the branch's "Betrieb" entry (sold out, busy mode; lib/branch-ops), given by the app.
 */
export function Board({
  access,
  operations: Operations,
}: {
  access: BoardAccess
  operations?: BoardOperations
}) {
  const t = useT('bo-frontdesk')
  const live = useLiveBoard(access)
  const now = useNow()
  const [branch, setBranch] = useState<BoardBranch | undefined>()
  const [currency, setCurrency] = useState('CHF')
  const [reasons, setReasons] = useState<readonly string[]>(DEFAULT_REJECTION_REASONS)
  const [undo, setUndo] = useState<UndoOffer | undefined>()
  const clearUndo = useCallback(() => setUndo(undefined), [])
  const [showCustomer, setShowCustomer] = useSwitch(SWITCH_KEYS.customer)
  const [showProduct, setShowProduct] = useSwitch(SWITCH_KEYS.product)
  const [kitchen, setKitchen] = useKitchenView()
  const boardRef = useRef<HTMLDivElement>(null)
  const headingId = useId()

  useEffect(() => {
    let stopped = false
    loadBranch(access.branchId)
      .then((b) => {
        if (!stopped) setBranch(b)
      })
      .catch(() => {})
    loadConfig().then((c) => {
      if (stopped) return
      setCurrency(c.currency)
      setReasons(c.rejectionReasons)
    })
    return () => {
      stopped = true
    }
  }, [access.branchId])

  useEffect(() => {
    if (live.refusal?.code === 'unauthorized' && access.kind === 'session') redirectToLogin()
  }, [live.refusal, access.kind])

  const timeZone = branch?.timeZone ?? 'Europe/Zurich'
  const missedMinutes = branch?.missedOrderMinutes ?? DEFAULT_MISSED_ORDER_MINUTES
  const { put } = live
  // The cards' shared environment: stable unless the branch facts change.
  const api = useMemo(() => boardApi(access), [access])
  const [messages] = useState(createCardMessages)
  const [focus] = useState<CardEnv['focus']>(() => ({}))
  const alerts = useBoardAlerts(live.orders, boardRef, (o: BoardOrder) => ({
    title: t('notification.title', { number: o.ticketNumber ?? '' }),
    body: t('notification.body', { name: o.customerName, kind: t(`ordering:orderType.${orderKindOf(o)}`) }),
  }))
  const { acknowledge } = alerts
  const env = useMemo<CardEnv>(
    () => ({
      api,
      timeZone,
      currency,
      put,
      now: () => Date.now(),
      messages,
      focus,
      reasons,
      acknowledge: (id: string) => acknowledge([id]),
      offerUndo: setUndo,
    }),
    [api, timeZone, currency, put, messages, focus, reasons, acknowledge],
  )

  // The orders still announced lead the new lane, newest first: seen without scrolling.
  const pendingKey = alerts.pending.join(',')
  // biome-ignore lint/correctness/useExhaustiveDependencies: pendingKey stands for alerts.pending
  const lanes = useMemo(() => lanesOf(live.orders, now, alerts.pending), [live.orders, now, pendingKey])
  const missedCount = useMemo(
    () => lanes.new.filter((o) => isMissed(o, now, missedMinutes)).length,
    [lanes, now, missedMinutes],
  )

  if (live.refusal && live.refusal.code !== 'unauthorized') {
    return <Refusal access={access} message={live.refusal.message} />
  }

  const offline = live.loaded && live.status !== 'live' && live.status !== 'stopped'
  const title = branch ? t('title', { branch: branch.name }) : t('titleShort')
  const newest = live.orders.find((o) => o.id === alerts.pending[0])
  /** The banner's jump: the order's card comes into view and takes the focus; it counts as seen. */
  const show = (order: BoardOrder) => {
    acknowledge([order.id])
    const card = boardRef.current?.querySelector<HTMLElement>(
      `article[data-order-id="${CSS.escape(order.id)}"]`,
    )
    card?.scrollIntoView({ block: 'nearest' })
    card?.focus({ preventScroll: true })
  }

  return (
    <div
      ref={boardRef}
      className={`fd-board${offline ? ' fd-board--offline' : ''}${kitchen ? ' fd-board--kitchen' : ''}`}
      data-view={kitchen ? 'kitchen' : 'board'}
      data-live={live.status}
      data-alerting={alerts.alerting ? 'true' : 'false'}
      data-sound={alerts.soundOn ? 'on' : 'off'}
      // Any touch or key unlocks the sound; it acknowledges no order (that silenced the alarm for
      // good: issue 18 point 9). Click, not pointerdown, for the browsers' user-gesture rules.
      onClickCapture={alerts.unlock}
      onKeyDownCapture={alerts.unlock}
    >
      <header className="fd-header">
        <h1 id={headingId} className="fd-header__title">
          {title}
        </h1>
        <p className="fd-header__counts">
          <span className="fd-count">
            <Icon name="clock" />
            {t('count.new', { count: lanes.new.length })}
          </span>
          <span className={`fd-count${missedCount > 0 ? ' fd-count--missed' : ''}`} data-missed={missedCount}>
            <Icon name="warning" />
            {t('count.missed', { count: missedCount })}
          </span>
          <span className={`fd-live fd-live--${offline ? 'offline' : live.status}`}>
            <Icon name={offline ? 'wifiOff' : 'check'} />
            {t(offline ? 'live.offline' : live.status === 'live' ? 'live.live' : 'live.connecting')}
          </span>
        </p>
        <PrinterStatus access={access} />
        <div className="fd-header__switches">
          {Operations ? (
            <Suspense fallback={null}>
              <Operations access={access} />
            </Suspense>
          ) : null}
          <label className="fd-switch">
            <input
              type="checkbox"
              role="switch"
              aria-checked={kitchen}
              checked={kitchen}
              onChange={(e) => setKitchen(e.target.checked)}
            />
            {t('switch.kitchen')}
          </label>
          <label className="fd-switch">
            <input
              type="checkbox"
              role="switch"
              aria-checked={showCustomer}
              checked={showCustomer}
              onChange={(e) => setShowCustomer(e.target.checked)}
            />
            {t('switch.customer')}
          </label>
          <label className="fd-switch">
            <input
              type="checkbox"
              role="switch"
              aria-checked={showProduct}
              checked={showProduct}
              onChange={(e) => setShowProduct(e.target.checked)}
            />
            {t('switch.product')}
          </label>
          {alerts.notifications === 'default' ? (
            <Button small variant="secondary" onClick={() => void alerts.askNotifications()}>
              {t('notification.ask')}
            </Button>
          ) : null}
        </div>
      </header>

      {offline ? (
        <div className="fd-offline" role="alert">
          <Icon name="wifiOff" />
          <strong>{t('offline')}</strong>
        </div>
      ) : null}
      {!alerts.soundOn ? (
        <button type="button" className="fd-sound" onClick={alerts.unlock}>
          <Icon name="info" />
          {t('sound.enable')}
        </button>
      ) : null}
      <div
        className={alerts.alerting ? 'fd-alert' : 'fd-alert fd-alert--quiet'}
        data-pending={alerts.pendingCount}
      >
        <p role="status" className="fd-alert__text">
          {alerts.alerting ? (
            <>
              <Icon name="warning" />
              {t('alert.new', { count: alerts.pendingCount })}
              {newest ? (
                <span className="fd-alert__newest">
                  {' '}
                  {t('alert.newest', { number: newest.ticketNumber ?? '—', name: newest.customerName })}
                </span>
              ) : null}
            </>
          ) : null}
        </p>
        {alerts.alerting ? (
          <span className="fd-alert__actions">
            {newest ? (
              <Button small variant="secondary" onClick={() => show(newest)}>
                {t('alert.show', { number: newest.ticketNumber ?? '—' })}
              </Button>
            ) : null}
            <Button small variant="secondary" onClick={() => acknowledge(alerts.pending)}>
              {t('alert.seen', { count: alerts.pendingCount })}
            </Button>
          </span>
        ) : null}
      </div>

      {!live.loaded ? (
        <Spinner label={t('loading')} />
      ) : kitchen ? (
        <KitchenView orders={live.orders} timeZone={timeZone} now={now} />
      ) : (
        <CardEnvContext.Provider value={env}>
          <div className="fd-lanes" aria-busy={offline ? true : undefined}>
            {LANES.map((lane) => (
              <LaneColumn
                key={lane}
                lane={lane}
                orders={lanes[lane]}
                now={now}
                missedMinutes={missedMinutes}
                showCustomer={showCustomer}
                showProduct={showProduct}
              />
            ))}
          </div>
        </CardEnvContext.Provider>
      )}
      <UndoToast offer={undo} api={api} put={put} onDone={clearUndo} />
    </div>
  )
}

/**
 * The undo of a status change just made on a card (issue 18 point 10): "Rückgängig" for 10 s, then
 * it leaves; the server decides by its events' times and says why when it is too late.
 */
function UndoToast({
  offer,
  api,
  put,
  onDone,
}: {
  offer: UndoOffer | undefined
  api: CardEnv['api']
  put: CardEnv['put']
  onDone: () => void
}) {
  const t = useT('bo-frontdesk')
  const [busy, setBusy] = useState(false)
  const [result, setResult] = useState<{ tone: 'success' | 'danger'; text: string } | undefined>()
  // A new offer replaces the last one and its answer.
  useEffect(() => {
    if (!offer) return
    setResult(undefined)
    const timer = setTimeout(onDone, Math.max(0, offer.until - Date.now()))
    return () => clearTimeout(timer)
  }, [offer, onDone])
  // An answer stays a moment (an error until it is closed).
  useEffect(() => {
    if (result?.tone !== 'success') return
    const timer = setTimeout(() => setResult(undefined), 5_000)
    return () => clearTimeout(timer)
  }, [result])

  const undo = async () => {
    if (!offer) return
    setBusy(true)
    try {
      const order = await api.undo(offer.orderId, offer.version)
      put(order)
      onDone()
      setResult({ tone: 'success', text: t('undo.done', { number: offer.ticket }) })
    } catch (error) {
      const server = error instanceof ApiError ? error.errors[0]?.message : undefined
      onDone()
      setResult({ tone: 'danger', text: server ?? t('undo.failed') })
    } finally {
      setBusy(false)
    }
  }

  return (
    <div className="fd-undo" data-undo={offer ? offer.orderId : undefined}>
      <p role="status" className="fd-undo__text">
        {offer ? t('undo.offer', { number: offer.ticket, action: offer.label }) : null}
        {!offer && result?.tone === 'success' ? result.text : null}
      </p>
      {offer ? (
        <Button small variant="primary" disabled={busy} onClick={() => void undo()}>
          {t('undo.button')}
        </Button>
      ) : null}
      {result?.tone === 'danger' ? (
        <Notice tone="danger" live="assertive" className="fd-undo__error">
          <p>{result.text}</p>
          <Button small variant="ghost" onClick={() => setResult(undefined)}>
            {t('dismiss')}
          </Button>
        </Notice>
      ) : null}
    </div>
  )
}

function LaneColumn({
  lane,
  orders,
  now,
  missedMinutes,
  showCustomer,
  showProduct,
}: {
  lane: Lane
  orders: BoardOrder[]
  now: number
  missedMinutes: number
  showCustomer: boolean
  showProduct: boolean
}) {
  const t = useT('bo-frontdesk')
  const id = useId()
  return (
    <section className={`fd-lane fd-lane--${lane}`} aria-labelledby={id} data-lane={lane}>
      <h2 id={id} className="fd-lane__title">
        <Icon name={LANE_ICONS[lane]} />
        {t(`lane.${lane}`)} <span className="fd-lane__count">({orders.length})</span>
      </h2>
      {orders.length === 0 ? (
        <p className="fd-lane__empty">{t('lane.empty')}</p>
      ) : (
        <ul className="fd-lane__cards">
          {orders.map((order) => (
            <li key={order.id}>
              <OrderCard
                order={order}
                showCustomer={showCustomer}
                showProduct={showProduct}
                missed={lane === 'new' && isMissed(order, now, missedMinutes)}
              />
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}

function Refusal({ access, message }: { access: BoardAccess; message?: string }) {
  const t = useT('bo-frontdesk')
  return (
    <div className="fd-refusal">
      <h1>{t('refused.title')}</h1>
      <Notice tone="danger" live="assertive">
        <p>{message ?? t('refused.generic')}</p>
        <p>
          {t(
            access.kind === 'session'
              ? 'refused.session'
              : access.kind === 'key'
                ? 'refused.key'
                : 'refused.device',
          )}
        </p>
      </Notice>
    </div>
  )
}
