import './texts.ts'
import {
  type Cart,
  cartSummary,
  cashRoundingFor,
  deliveryAreaKey,
  type OrderType,
  orderTypeOf,
  withOrderType,
} from '@shop/shared/domain/catalogue'
import { soldOutUntil } from '@shop/shared/domain/operations'
import { branchOpenState, localDateOf, nextOrderingStart } from '@shop/shared/domain/scheduling'
import { Button, buttonClass, Icon, Notice } from '@shop/ui'
import { shopPaths } from '@shop/ui/routes'
import { type FormEvent, useCallback, useEffect, useMemo, useReducer, useRef } from 'react'
import { Link, useLocation, useNavigate, useParams } from 'react-router'
import { moneyLocale } from '../../lib/amount-format.ts'
import { track } from '../../lib/analytics.ts'
import { ApiError, apiSend, newIdempotencyKey } from '../../lib/api.ts'
import { ClosedBranchNotice, useReopeningText } from '../../lib/branch-hours.tsx'
import { closedForOrders } from '../../lib/branch-hours-view.ts'
import { BusyNotice, useBranchOperations } from '../../lib/branch-operations.tsx'
import { useHead } from '../../lib/head.ts'
import { useLocale, useT } from '../../lib/i18n.tsx'
import { LazyItemOverlay, useItemOverlay } from '../../lib/item-overlay/use-item-overlay.tsx'
import { useLiveShopData } from '../../lib/live-catalogue.ts'
import { localName } from '../../lib/product-text.ts'
import { readSession, removeSession, sessionKey, writeSession } from '../../lib/session.ts'
import { useBranch, useShop } from '../../lib/shop-data.tsx'
import { useToast } from '../../lib/toast.tsx'
import { useCart } from '../../lib/use-cart.ts'
import { useNow } from '../../lib/use-now.ts'
import { AddressSection } from './address-section.tsx'
import { AppointmentSection } from './appointment-section.tsx'
import { CartSection } from './cart-section.tsx'
import { CheckoutAlerts } from './checkout-alerts.tsx'
import { type CheckoutFields, CheckoutFieldsProvider } from './checkout-fields.tsx'
import {
  attemptKey,
  branchCountry,
  type CheckoutForm,
  checkForm,
  deliveryAreaChoice,
  deliveryZipCode,
  effectiveOrderType,
  enabledOrderTypes,
  firstProblemField,
  isSubmitBlocked,
  needsAddress,
  orderBody,
  paymentMethods,
  presetPaymentMethod,
  requiredFields,
  submitMode,
  toCheckoutBranch,
} from './checkout-model.ts'
import { CheckoutOverlays } from './checkout-overlays.tsx'
import { checkoutReducer, fieldErrorOf, initialCheckoutState, problemCount } from './checkout-state.ts'
import { CommentSection } from './comment-section.tsx'
import { ContactSection } from './contact-section.tsx'
import { DonationSection } from './donation-section.tsx'
import { LegalSection } from './legal-section.tsx'
import { OrderSection } from './order-section.tsx'
import { PaymentSection } from './payment-section.tsx'
import { dateOf } from './picker-model.ts'
import { useAvailability } from './use-availability.ts'
import './checkout.css'

type OrderAnswer = { uid: string; hash: string; paymentRedirectUrl: string | null; totalGross: number }

/** /store/{id}/checkout, /store/{id}/checkout/error and /kiosk/{id}/checkout (spec §2 "Checkout"). */
export function CheckoutPage({ paymentFailed = false }: { paymentFailed?: boolean }) {
  const { branchIdentifier = '' } = useParams()
  const branch = useBranch(branchIdentifier)
  const t = useT('sf-checkout')
  const { config } = useShop()
  const shopTitle = String(config.title || config.shopName || '')
  useHead({ title: t('title', { shop: shopTitle }) })
  if (!branch) {
    return (
      <main id="main" className="ui-container checkout">
        <h1 className="checkout__title">{t('heading')}</h1>
        <Notice tone="danger" live="assertive">
          <p>{t('branchNotFound')}</p>
        </Notice>
      </main>
    )
  }
  return <Checkout key={branch.id} branchIdentifier={branchIdentifier} paymentFailed={paymentFailed} />
}

/**
 * The checkout form: its own state is `checkoutReducer` (checkout-state.ts); the order type,
 * delivery area, appointment and comment live in the cart. This component derives what the
 * branch offers, runs the submission and composes the sections (one file each).
 */
function Checkout({ branchIdentifier, paymentFailed }: { branchIdentifier: string; paymentFailed: boolean }) {
  const t = useT('sf-checkout')
  const { locale } = useLocale()
  const shop = useShop()
  const { config, donatees } = shop
  const branch = useBranch(branchIdentifier)!
  const navigate = useNavigate()
  const toast = useToast()
  const isKiosk = useLocation().pathname.startsWith('/kiosk/')
  const shopPath = shopPaths(isKiosk)
  const menuPath = shopPath.store(branchIdentifier)
  const currency = typeof config.currency === 'string' && config.currency ? config.currency : 'EUR'
  // The open / closed notices follow the clock.
  const now = useNow(30_000)
  const { cart, update, edit, remove, step, replace, clear } = useCart(branchIdentifier)

  // --- the form, kept in session storage (a reload or the payment-failed return keeps it) ---
  const formKey = sessionKey('checkout', branchIdentifier)
  const backupKey = sessionKey('checkout-cart', branchIdentifier)
  // The branch's country (its own, else the shop's): the address default and how phone
  // numbers are read (issue 18).
  const country = branchCountry(branch, config)
  const [state, dispatch] = useReducer(checkoutReducer, undefined, () =>
    initialCheckoutState(readSession(formKey), cart.order.comment, country),
  )
  const { form, overlay } = state
  useEffect(() => writeSession(formKey, form), [formKey, form])
  const sendingRef = useRef(false)
  const attempt = useRef<{ key: string; body: string } | null>(null)
  const topRef = useRef<HTMLDivElement>(null)
  const cartHeading = useRef<HTMLHeadingElement>(null)

  const setField = useCallback(<K extends keyof CheckoutForm>(key: K, value: CheckoutForm[K]) => {
    dispatch({ type: 'field', key, value })
  }, [])

  // The payment-failed return: the cart was cleared when the order was placed; bring it back.
  useEffect(() => {
    if (!paymentFailed) return
    const backup = readSession<Cart>(backupKey)
    if (backup && cart.items.length === 0 && backup.items.length > 0) update(() => backup)
    removeSession(backupKey)
  }, [paymentFailed, backupKey, cart.items.length, update])

  // --- order type and delivery area (spec §4) ---
  const types = enabledOrderTypes(branch)
  const orderType = effectiveOrderType(orderTypeOf(cart), types, config.defaultDeliveryMethod)
  useEffect(() => {
    if (orderType !== null && orderType !== orderTypeOf(cart)) update((c) => withOrderType(c, orderType))
  }, [orderType, cart, update])
  // By the delivery postcode: only the areas serving it are offered, and the choice follows it.
  const areaChoice = deliveryAreaChoice(branch.deliveryAreas, cart.deliveryArea, deliveryZipCode(form))
  const area = orderType === 'delivery' ? areaChoice.area : null
  useEffect(() => {
    if (area && deliveryAreaKey(area) !== cart.deliveryArea)
      edit((c) => {
        c.deliveryArea = deliveryAreaKey(area)
      })
  }, [area, cart.deliveryArea, edit])

  const summary = cartSummary(cart, branch.deliveryAreas)
  const checkoutBranch = useMemo(() => toCheckoutBranch(branch), [branch])
  const open = branchOpenState(checkoutBranch, now)
  const mode = orderType ? submitMode(branch, open, orderType) : null
  // Issue 18: a branch that takes no order now says so at the top and asks for nothing more;
  // without a button, the reason stands where the button would be.
  const closedNow = closedForOrders(branch, now.getTime())
  const reopening = useReopeningText()
  const noSubmitReason =
    mode === null && orderType
      ? [
          t(orderType === 'delivery' ? 'scheduling:notice.noDelivery' : 'scheduling:notice.closed'),
          reopening(nextOrderingStart(checkoutBranch, orderType, now), now.getTime(), branch.timeZone),
        ]
          .filter(Boolean)
          .join(' ')
      : null
  const required = requiredFields(branch, config, orderType ?? 'takeaway')
  const withAddress = needsAddress(branch, orderType ?? 'takeaway')
  const tables = useMemo(
    () =>
      shop.tables
        .filter((table) => table.branch.id === branch.id)
        .map((table) => table.identifier)
        .sort((a, b) => a.localeCompare(b, undefined, { numeric: true })),
    [shop.tables, branch.id],
  )

  // --- payment (spec §4: preset cash, else the first online provider) ---
  const methods = paymentMethods(config, branch, branch.isQuotationRequired)
  const paymentMethod = presetPaymentMethod(methods, form.paymentMethod)
  useEffect(() => {
    if (paymentMethod !== form.paymentMethod) dispatch({ type: 'paymentPreset', method: paymentMethod })
  }, [paymentMethod, form.paymentMethod])
  // Paid in cash, the total is rounded to the smallest coin (CHF 0.05), as the server will.
  const cashRounding =
    cashRoundingFor(summary.pricing.totalGross, paymentMethod, currency, config.cashRounding) ?? 0

  const donationsOn = config.enablePluginDonations === true && donatees.length > 0
  const donatee = donatees.find((d) => d.id === form.donatee) ?? null

  // --- availability for the pickers ---
  const uids = cart.items.map((item) => item.product.uid)
  const availability = useAvailability(branch.id, orderType, uids)
  const timeZone = availability.data?.timeZone ?? branch.timeZone
  const today = availability.data?.days[0]?.date ?? localDateOf(now, timeZone)
  const appointment = cart.order.appointment
  const appointmentDate = appointment ? dateOf(appointment, timeZone) : null

  // --- sold out at this branch and busy mode, re-read while the page is open (issue 17) ---
  const operations = useBranchOperations(branch.id, now.getTime())
  // A catalogue change (a new price, a product disabled) reloads the shop data at once.
  useLiveShopData()
  // The times on offer change with the busy mode: ask for them again when it changed.
  const reloadAvailability = availability.reload
  const operationsVersion = useRef<number | null>(null)
  useEffect(() => {
    if (operations.version === null) return
    if (operationsVersion.current !== null && operationsVersion.current !== operations.version)
      reloadAvailability()
    operationsVersion.current = operations.version
  }, [operations.version, reloadAvailability])
  // What the server will refuse at its line: a product sold out for the time it would be served.
  const dueAt = appointment ? Date.parse(appointment) : now.getTime()
  const soldOutNames = [
    ...new Set(
      cart.items
        .filter((item) => soldOutUntil(operations.active, item.product.id, dueAt) !== null)
        .map((item) => localName(item.product, locale)),
    ),
  ]

  // --- a configured line opened again in the item overlay (issue 18), as in the menu's cart ---
  // Saved into its place (merged with an equal line); totals, minimum order and the times on
  // offer follow the cart. Only a product sold out for the time it would be served cannot be
  // saved; whether it is on the menu at that time is the submission's check (spec §4).
  const itemOverlay = useItemOverlay('.checkout-cart__items', replace)
  const display = useMemo(() => ({ currency, locale: moneyLocale(locale) }), [currency, locale])
  const editLine = (index: number) => {
    const item = cart.items[index]
    if (!item) return
    const soldOut = soldOutUntil(operations.active, item.product.id, dueAt) !== null
    itemOverlay.show({
      product: item.product,
      orderable: !soldOut,
      reason: soldOut ? 'soldOut' : null,
      line: { index, item },
    })
  }

  const setAppointment = (iso: string | null) => {
    edit((c) => {
      c.order.appointment = iso
    })
    dispatch({ type: 'cleared', field: 'appointmentDate' })
  }

  // --- analytics: begin checkout once when the page opens with items ---
  const began = useRef(false)
  useEffect(() => {
    if (began.current || cart.items.length === 0) return
    began.current = true
    track('commerce', 'begin-checkout', 'checkout', {
      branch: branchIdentifier,
      items: cart.items.length,
      value: summary.pricing.totalGross,
      currency,
    })
  }, [cart.items.length, branchIdentifier, summary.pricing.totalGross, currency])

  // --- errors at the fields: the client's checks, else the server's answer ---
  const fields: CheckoutFields = {
    form,
    setField,
    errorOf: (field) => fieldErrorOf(state, field, t),
  }

  const focusField = (field: string) => {
    const el = document.querySelector<HTMLElement>(`[data-field="${field}"]`)
    el?.scrollIntoView({ block: 'center' })
    el?.focus({ preventScroll: true })
  }

  const showTop = () => {
    window.scrollTo({ top: 0 })
    topRef.current?.focus({ preventScroll: true })
  }

  async function submit(event: FormEvent) {
    event.preventDefault()
    if (sendingRef.current || !orderType || mode === null || isSubmitBlocked(summary)) return
    const body = orderBody({
      branch,
      cart,
      orderType,
      deliveryArea: area,
      form: { ...form, paymentMethod },
      withAddress,
      country,
    })
    const found = checkForm({ body, branch, config, tables, now: new Date() })
    dispatch({ type: 'checked', problems: found })
    const first = firstProblemField(found)
    if (first) {
      focusField(first)
      return
    }
    attempt.current = attemptKey(attempt.current, JSON.stringify(body), newIdempotencyKey)
    sendingRef.current = true
    dispatch({ type: 'sending' })
    try {
      const order = await apiSend<OrderAnswer>('POST', '/orders', body, {
        idempotencyKey: attempt.current.key,
      })
      // Spec §4 "After submission": the cart is cleared; the kiosk also forgets the order data.
      if (order.paymentRedirectUrl) writeSession(backupKey, cart)
      else removeSession(backupKey)
      clear()
      if (isKiosk) removeSession(formKey)
      track('commerce', 'purchase', 'checkout', {
        branch: branchIdentifier,
        order: order.uid,
        value: order.totalGross,
        currency,
      })
      if (order.paymentRedirectUrl) {
        window.location.assign(order.paymentRedirectUrl)
        return
      }
      navigate(shopPath.status(branchIdentifier, order.uid, order.hash))
    } catch (error) {
      sendingRef.current = false
      const apiError = error instanceof ApiError ? error : new ApiError(0, [])
      // A refusal is final for this body; a lost answer (offline, 5xx) is retried with the same key.
      if (apiError.status >= 400 && apiError.status < 500) attempt.current = null
      dispatch({ type: 'failed', status: apiError.status, errors: apiError.errors })
      showTop()
    }
  }

  const minimum = summary.minimumOrder
  const minimumMissing = minimum !== null && !minimum.reached
  const blocked = isSubmitBlocked(summary)

  return (
    <main id="main" className="ui-container checkout">
      <div className="checkout__head">
        <h1 className="checkout__title">{t('heading')}</h1>
        <p className="checkout__branch">
          <Icon name="pin" /> {branch.name}
        </p>
      </div>

      <ClosedBranchNotice branch={branch} now={now.getTime()} className="checkout__closed" />
      {orderType ? (
        <BusyNotice
          branch={branch}
          active={operations.active}
          orderType={orderType}
          now={now.getTime()}
          className="checkout__busy"
        />
      ) : null}
      {soldOutNames.length > 0 ? (
        <Notice tone="warning" live="polite" className="checkout__sold-out">
          {soldOutNames.map((name) => (
            <p key={name}>{t('checkout:checkout.productSoldOut', { name })}</p>
          ))}
        </Notice>
      ) : null}
      <CheckoutAlerts
        ref={topRef}
        paymentFailed={paymentFailed}
        serverErrors={state.serverErrors}
        failure={state.failure}
        problemCount={problemCount(state)}
      />

      <CheckoutFieldsProvider value={fields}>
        <form className="checkout__layout" noValidate onSubmit={submit}>
          <div className="checkout__main">
            <OrderSection
              branch={branch}
              types={types}
              orderType={orderType}
              tables={tables}
              open={open}
              onOrderType={(type: OrderType) => {
                update((c) => withOrderType(c, type))
                dispatch({ type: 'orderTypeChosen' })
              }}
            />
            {closedNow ? null : <ContactSection required={required} country={country} />}
            {withAddress && !closedNow ? (
              <AddressSection
                orderType={orderType}
                area={area}
                areaOptions={areaChoice.options}
                required={required}
                onArea={(key) => {
                  edit((c) => {
                    c.deliveryArea = key
                  })
                  dispatch({ type: 'cleared', field: 'deliveryArea' })
                }}
              />
            ) : null}
            {closedNow ? null : (
              <AppointmentSection
                branch={branch}
                availability={availability}
                appointment={appointment}
                timeZone={timeZone}
                today={today}
                onDate={() => {
                  availability.reload()
                  dispatch({ type: 'open', overlay: 'date' })
                }}
                onTime={() => {
                  availability.reload()
                  const firstSlot = availability.data?.firstSlot
                  dispatch({
                    type: 'openTime',
                    date: appointmentDate ?? (firstSlot ? dateOf(firstSlot, timeZone) : today),
                  })
                }}
                onReset={() => setAppointment(null)}
              />
            )}
            {closedNow ? null : (
              <CommentSection
                open={state.showComment}
                comment={cart.order.comment}
                onOpen={() => dispatch({ type: 'showComment' })}
                onComment={(comment) =>
                  edit((c) => {
                    c.order.comment = comment
                  })
                }
              />
            )}
          </div>

          <div className="checkout__side">
            <CartSection
              cart={cart}
              summary={summary}
              currency={currency}
              orderType={orderType}
              area={area}
              cashRounding={cashRounding}
              menuPath={menuPath}
              headingRef={cartHeading}
              onStep={step}
              onEdit={editLine}
              onRemove={(index, name) => {
                remove(index)
                toast(t('cart.removed', { name }))
                cartHeading.current?.focus()
              }}
            />
            {donationsOn && !closedNow ? (
              <DonationSection
                donatee={donatee}
                currency={currency}
                onChoose={() => dispatch({ type: 'open', overlay: 'donatee' })}
              />
            ) : null}
            {closedNow ? null : (
              <>
                <PaymentSection
                  methods={methods}
                  paymentMethod={paymentMethod}
                  testMode={shop.payments.testMode}
                />
                <LegalSection
                  config={config}
                  onShow={(which) => dispatch({ type: 'open', overlay: which })}
                />
              </>
            )}

            <div className="checkout__actions">
              {mode ? (
                <Button
                  type="submit"
                  block
                  disabled={blocked || state.sending}
                  aria-describedby={minimumMissing ? 'checkout-minimum' : undefined}
                  className="checkout__submit"
                >
                  {state.sending ? t('submit.sending') : t(`submit.${mode}`)}
                </Button>
              ) : noSubmitReason ? (
                <p className="checkout__no-submit">{noSubmitReason}</p>
              ) : null}
              <Link className={buttonClass('ghost', { block: true })} to={menuPath}>
                <Icon name="chevronLeft" /> {t('submit.back')}
              </Link>
            </div>
          </div>
        </form>
      </CheckoutFieldsProvider>

      <CheckoutOverlays
        overlay={overlay}
        availability={availability.data}
        today={today}
        timeZone={timeZone}
        timeDate={state.timeDate}
        appointment={appointment}
        appointmentDate={appointmentDate}
        donatees={donatees}
        donatee={form.donatee}
        config={config}
        onAppointment={setAppointment}
        onTimeOf={(date) => dispatch({ type: 'openTime', date })}
        onDonatee={(id) => setField('donatee', id)}
        onClose={() => dispatch({ type: 'close' })}
      />
      {itemOverlay.target ? (
        <LazyItemOverlay
          product={itemOverlay.target.product}
          orderable={itemOverlay.target.orderable}
          reason={itemOverlay.target.reason}
          initial={itemOverlay.target.line?.item}
          display={display}
          branchTimeZone={branch.timeZone}
          onClose={() => itemOverlay.close()}
          onAdd={(item) => {
            const line = itemOverlay.target?.line
            if (line) itemOverlay.saveLine(line.index, item)
            else itemOverlay.close()
          }}
        />
      ) : null}
    </main>
  )
}
