import {
  type Cart,
  cartSummary,
  cashRoundingFor,
  deliveryAreaKey,
  itemPriceLabel,
  type OrderType,
  orderTypeOf,
  withOrderType,
} from '@shop/shared/domain/catalogue'
import { PHONE_EXAMPLES } from '@shop/shared/domain/checkout'
import { branchOpenState, type LocalDate, localDateOf } from '@shop/shared/domain/scheduling'
import { Button, buttonClass, Dialog, Field, Icon, Notice, Spinner } from '@shop/ui'
import {
  type FormEvent,
  type InputHTMLAttributes,
  type ReactNode,
  type Ref,
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react'
import { Link, useLocation, useNavigate, useParams } from 'react-router'
import { track } from '../../lib/analytics.ts'
import { ApiError, apiSend, type FieldError, newIdempotencyKey } from '../../lib/api.ts'
import { useCart } from '../../lib/cart-store.ts'
import { useHead } from '../../lib/head.ts'
import { useLocale, useT } from '../../lib/i18n.tsx'
import { readSession, removeSession, sessionKey, writeSession } from '../../lib/session.ts'
import { useBranch, useShop } from '../../lib/shop-data.tsx'
import { useToast } from '../../lib/toast.tsx'
import { useNow } from '../../lib/use-now.ts'
import { amountLabel, keepUnitsTogether } from '../menu/product-text.ts'
import { formatDay, formatWhen, money, partsLabel } from './checkout-format.ts'
import {
  attemptKey,
  type CheckoutForm,
  COUNTRIES,
  type Country,
  changedPhone,
  checkForm,
  deliveryAreaChoice,
  deliveryZipCode,
  effectiveOrderType,
  enabledOrderTypes,
  type FieldProblems,
  firstProblemField,
  isSubmitBlocked,
  needsAddress,
  needsPhoneHint,
  orderBody,
  paymentMethods,
  presetPaymentMethod,
  requiredFields,
  restoreForm,
  submitMode,
  toCheckoutBranch,
  typedPhone,
} from './checkout-model.ts'
import { DatePicker } from './date-picker.tsx'
import { DonateeDialog } from './donatee-dialog.tsx'
import { dateOf, instantAt, isInWindows, timeOf } from './picker-model.ts'
import { TimePicker } from './time-picker.tsx'
import { useAvailability } from './use-availability.ts'
import './checkout.css'

type OrderAnswer = { uid: string; hash: string; paymentRedirectUrl: string | null; totalGross: number }
type Overlay = 'date' | 'time' | 'donatee' | 'terms' | 'privacy' | null

/** Spec §9: a donation amount is shown as 0.07 in the currency. */
const DONATION_CENTS = 7

/** /store/{id}/checkout, /store/{id}/checkout/error and /kiosk/{id}/checkout (spec §2 "Checkout"). */
/** The form's plain text fields. */
type TextKey = Exclude<
  { [K in keyof CheckoutForm]: CheckoutForm[K] extends string ? K : never }[keyof CheckoutForm],
  'country' | 'deliveryCountry' | 'paymentMethod'
>
/** The form's yes / no switches (the legal checks have their own component). */
type CheckKey = 'isCompany' | 'isDeliveryAddressDifferent' | 'isDeliveryCompany'

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

function Checkout({ branchIdentifier, paymentFailed }: { branchIdentifier: string; paymentFailed: boolean }) {
  const t = useT('sf-checkout')
  const tx = useT('ordering')
  const { locale } = useLocale()
  const shop = useShop()
  const { config, donatees } = shop
  const branch = useBranch(branchIdentifier)!
  const navigate = useNavigate()
  const toast = useToast()
  const isKiosk = useLocation().pathname.startsWith('/kiosk/')
  const basePath = `/${isKiosk ? 'kiosk' : 'store'}/${encodeURIComponent(branchIdentifier)}`
  const currency = typeof config.currency === 'string' && config.currency ? config.currency : 'EUR'
  // The open / closed notices follow the clock.
  const now = useNow(30_000)
  const { cart, update, remove, clear } = useCart(branchIdentifier)

  // --- the form, kept in session storage (a reload or the payment-failed return keeps it) ---
  const formKey = sessionKey('checkout', branchIdentifier)
  const backupKey = sessionKey('checkout-cart', branchIdentifier)
  const [form, setForm] = useState<CheckoutForm>(() => restoreForm(readSession(formKey)))
  useEffect(() => writeSession(formKey, form), [formKey, form])
  const [problems, setProblems] = useState<FieldProblems>({})
  const [serverErrors, setServerErrors] = useState<FieldError[] | null>(null)
  const [failure, setFailure] = useState<'unknown' | 'offline' | null>(null)
  const [sending, setSending] = useState(false)
  const [overlay, setOverlay] = useState<Overlay>(null)
  const [timeDate, setTimeDate] = useState<LocalDate | null>(null)
  const [showComment, setShowComment] = useState(() => cart.order.comment.trim() !== '')
  const sendingRef = useRef(false)
  const attempt = useRef<{ key: string; body: string } | null>(null)
  const topRef = useRef<HTMLDivElement>(null)
  const cartHeading = useRef<HTMLHeadingElement>(null)

  const setField = useCallback(<K extends keyof CheckoutForm>(key: K, value: CheckoutForm[K]) => {
    setForm((f) => ({ ...f, [key]: value }))
    setProblems((p) => (p[key] ? { ...p, [key]: undefined } : p))
    setServerErrors((errors) => errors?.filter((e) => e.field !== key) ?? null)
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
      update((c) => ({ ...c, deliveryArea: deliveryAreaKey(area) }))
  }, [area, cart.deliveryArea, update])

  const summary = cartSummary(cart, branch.deliveryAreas)
  const checkoutBranch = useMemo(() => toCheckoutBranch(branch), [branch])
  const open = branchOpenState(checkoutBranch, now)
  const mode = orderType ? submitMode(branch, open, orderType) : null
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
    if (paymentMethod !== form.paymentMethod) setForm((f) => ({ ...f, paymentMethod }))
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
  const days = availability.data?.days ?? []
  const appointment = cart.order.appointment
  const appointmentDate = appointment ? dateOf(appointment, timeZone) : null
  const appointmentDay = appointmentDate ? days.find((d) => d.date === appointmentDate) : undefined
  const appointmentOutside =
    appointment !== null &&
    availability.data !== undefined &&
    appointmentDate !== null &&
    !isInWindows(
      appointmentDate,
      Number(timeOf(appointment, timeZone).slice(0, 2)) * 60 + Number(timeOf(appointment, timeZone).slice(3)),
      appointmentDay,
      timeZone,
      availability.data.stepMinutes,
    )

  const setAppointment = (iso: string | null) => {
    update((c) => ({ ...c, order: { ...c.order, appointment: iso } }))
    setProblems((p) => ({ ...p, appointmentDate: undefined }))
    setServerErrors((errors) => errors?.filter((e) => e.field !== 'appointmentDate') ?? null)
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
  const serverByField = useMemo(() => {
    const map = new Map<string, string>()
    for (const error of serverErrors ?? []) if (!map.has(error.field)) map.set(error.field, error.message)
    return map
  }, [serverErrors])
  const errorOf = (field: string): string | undefined => {
    const problem = problems[field]
    if (problem) return t(problem.key, problem.params)
    return serverByField.get(field)
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
    })
    const found = checkForm({ body, branch, config, tables, now: new Date() })
    setProblems(found)
    setServerErrors(null)
    setFailure(null)
    const first = firstProblemField(found)
    if (first) {
      focusField(first)
      return
    }
    attempt.current = attemptKey(attempt.current, JSON.stringify(body), newIdempotencyKey)
    sendingRef.current = true
    setSending(true)
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
      const status = `/status/${encodeURIComponent(order.uid)}/${encodeURIComponent(order.hash)}`
      navigate(isKiosk ? `${basePath}${status}` : status)
    } catch (error) {
      sendingRef.current = false
      setSending(false)
      const apiError = error instanceof ApiError ? error : new ApiError(0, [])
      // A refusal is final for this body; a lost answer (offline, 5xx) is retried with the same key.
      if (apiError.status >= 400 && apiError.status < 500) attempt.current = null
      if (apiError.errors.length > 0) setServerErrors(apiError.errors)
      else setFailure(apiError.status === 0 ? 'offline' : 'unknown')
      showTop()
    }
  }

  const problemCount = Object.values(problems).filter(Boolean).length
  const fieldProps = (field: string) => ({ 'data-field': field })
  /** A text input of the form: label, error and the data-field anchor wired the same way. */
  const textField = (
    key: TextKey,
    label: string,
    opts: {
      required?: boolean
      className?: string
      hint?: string | undefined
      input?: InputHTMLAttributes<HTMLInputElement>
    } = {},
  ) => (
    <Field
      className={opts.className}
      label={label}
      required={opts.required}
      hint={opts.hint}
      error={errorOf(key)}
    >
      <input
        className="ui-input"
        {...fieldProps(key)}
        value={form[key]}
        onChange={(e) => setField(key, e.target.value)}
        {...opts.input}
      />
    </Field>
  )
  /** A yes / no switch of the form; switching it off clears the errors of what it showed. */
  const checkField = (key: CheckKey, label: string) => (
    <div className="ui-check checkout__switch">
      <input
        id={`checkout-${key}`}
        type="checkbox"
        {...fieldProps(key)}
        checked={form[key]}
        onChange={(e) => setField(key, e.target.checked)}
      />
      <label htmlFor={`checkout-${key}`}>{label}</label>
    </div>
  )
  const countryField = (key: 'country' | 'deliveryCountry') => (
    <Field className="checkout__span-2" label={t('address.country')} required error={errorOf(key)}>
      <select
        className="ui-select"
        {...fieldProps(key)}
        autoComplete={key === 'country' ? 'country' : 'shipping country'}
        value={form[key]}
        onChange={(e) => setField(key, e.target.value as Country)}
      >
        {COUNTRIES.map((country) => (
          <option key={country} value={country}>
            {t(`address.countries.${country}`)}
          </option>
        ))}
      </select>
    </Field>
  )
  const phoneHint = needsPhoneHint(form.phone)
    ? t('checkout:checkout.phoneFormat', { phone: PHONE_EXAMPLES[form.country] ?? PHONE_EXAMPLES.CH ?? '' })
    : undefined
  const minimum = summary.minimumOrder
  const minimumMissing = minimum !== null && !minimum.reached
  const freeDeliveryFrom =
    orderType === 'delivery' && area && !area.free && (area.freeFromOrderValue ?? 0) > 0
      ? area.freeFromOrderValue
      : null
  const blocked = isSubmitBlocked(summary)
  const totalPrefix = summary.totalPrefix ? `${summary.totalPrefix} ` : ''

  return (
    <main id="main" className="ui-container checkout">
      <div className="checkout__head">
        <h1 className="checkout__title">{t('heading')}</h1>
        <p className="checkout__branch">
          <Icon name="pin" /> {branch.name}
        </p>
      </div>

      <div ref={topRef} tabIndex={-1} className="checkout__alerts">
        {paymentFailed ? (
          <Notice tone="danger" live="assertive">
            <p>{t('paymentFailed')}</p>
          </Notice>
        ) : null}
        {serverErrors && serverErrors.length > 0 ? (
          <Notice tone="danger" live="assertive">
            <p>
              <strong>{t('serverErrors')}</strong>
            </p>
            <ul className="checkout__error-list">
              {serverErrors.map((error) => (
                <li key={`${error.field}:${error.message}`}>{error.message}</li>
              ))}
            </ul>
          </Notice>
        ) : null}
        {failure ? (
          <Notice tone="danger" live="assertive">
            <p>{failure === 'offline' ? t('offline') : t('unknownError')}</p>
          </Notice>
        ) : null}
        <div className="ui-visually-hidden" role="alert">
          {problemCount > 0 ? t('checkFields') : ''}
        </div>
      </div>

      <form className="checkout__layout" noValidate onSubmit={submit}>
        <div className="checkout__main">
          {/* Bestellung */}
          <Section id="checkout-order" title={t('order.heading')} icon="bag">
            {types.length > 1 ? (
              <Field label={t('order.type')} error={errorOf('isDelivery') ?? errorOf('isDineIn')}>
                <select
                  className="ui-select"
                  {...fieldProps('isDelivery')}
                  value={orderType ?? ''}
                  onChange={(e) => {
                    update((c) => withOrderType(c, e.target.value as OrderType))
                    setProblems((p) => ({
                      ...p,
                      isDelivery: undefined,
                      isDineIn: undefined,
                      table: undefined,
                    }))
                  }}
                >
                  {types.map((type) => (
                    <option key={type} value={type}>
                      {tx(`orderType.${type}`)}
                    </option>
                  ))}
                </select>
              </Field>
            ) : orderType ? (
              <p className="checkout__fixed-type">
                <span>{t('order.type')}:</span> <strong>{tx(`orderType.${orderType}`)}</strong>
              </p>
            ) : null}
            {orderType === 'dineIn' ? (
              branch.isTableSelectionEnabled && tables.length > 0 ? (
                <Field label={t('order.tableSelect')} required error={errorOf('table')}>
                  <select
                    className="ui-select"
                    {...fieldProps('table')}
                    value={form.table}
                    onChange={(e) => setField('table', e.target.value)}
                  >
                    <option value="">{t('order.tableChoose')}</option>
                    {tables.map((table) => (
                      <option key={table} value={table}>
                        {t('order.tableOption', { table })}
                      </option>
                    ))}
                  </select>
                </Field>
              ) : (
                textField('table', t('order.table'), { required: true, input: { inputMode: 'numeric' } })
              )
            ) : null}
            <OpenNotices branch={branch} open={open} orderType={orderType} types={types} />
          </Section>

          {/* Kontaktdetails */}
          <Section id="checkout-contact" title={t('contact.heading')} icon="mail">
            <p className="checkout__note">{t('requiredNote')}</p>
            {checkField('isCompany', t('contact.isCompany'))}
            <div className="checkout__grid">
              {form.isCompany ? (
                <>
                  {textField('companyName', t('contact.companyName'), {
                    required: true,
                    input: { autoComplete: 'organization' },
                  })}
                  {textField('vatNo', t('contact.vatNo'), { hint: t('contact.vatNoHint') })}
                </>
              ) : null}
              {textField('firstName', t('contact.firstName'), {
                required: true,
                input: { autoComplete: 'given-name' },
              })}
              {textField('lastName', t('contact.lastName'), {
                required: true,
                input: { autoComplete: 'family-name' },
              })}
              {textField('email', t('contact.email'), {
                required: required.email,
                input: { type: 'email', autoComplete: 'email' },
              })}
              {textField('phone', t('contact.phone'), {
                required: required.phone,
                hint: phoneHint,
                input: {
                  type: 'tel',
                  autoComplete: 'tel',
                  onChange: (e) => setField('phone', typedPhone(e.target.value)),
                  onBlur: (e) => {
                    const next = changedPhone(e.target.value)
                    if (next !== form.phone) setField('phone', next)
                  },
                },
              })}
            </div>
          </Section>

          {/* Adresse: only when the order type asks for one */}
          {withAddress ? (
            <Section
              id="checkout-address"
              title={
                orderType === 'delivery' && !form.isDeliveryAddressDifferent
                  ? t('address.headingDelivery')
                  : t('address.heading')
              }
              icon="pin"
            >
              <div className="checkout__grid">
                {orderType === 'delivery' ? (
                  <Field
                    className="checkout__span-2"
                    label={t('address.deliveryArea')}
                    required
                    error={errorOf('deliveryArea')}
                  >
                    <select
                      className="ui-select"
                      {...fieldProps('deliveryArea')}
                      value={area ? deliveryAreaKey(area) : ''}
                      onChange={(e) => {
                        update((c) => ({ ...c, deliveryArea: e.target.value }))
                        setProblems((p) => ({ ...p, deliveryArea: undefined }))
                        setServerErrors((errors) => errors?.filter((x) => x.field !== 'deliveryArea') ?? null)
                      }}
                    >
                      {areaChoice.options.map((a) => (
                        <option key={deliveryAreaKey(a)} value={deliveryAreaKey(a)}>
                          {a.area}
                        </option>
                      ))}
                    </select>
                  </Field>
                ) : null}
                {textField('street', t('address.street'), {
                  className: 'checkout__span-2',
                  required: required.address,
                  input: { autoComplete: 'address-line1' },
                })}
                <div className="checkout__grid-3 checkout__span-2">
                  {textField('floor', t('address.floor'))}
                  {textField('stairway', t('address.stairway'))}
                  {textField('door', t('address.door'))}
                </div>
                {textField('zipCode', t('address.zipCode'), {
                  required: required.address,
                  input: { autoComplete: 'postal-code', inputMode: 'numeric' },
                })}
                {textField('city', t('address.city'), {
                  required: required.address,
                  input: { autoComplete: 'address-level2' },
                })}
                {countryField('country')}
              </div>
              {orderType === 'delivery' ? (
                <>
                  {checkField('isDeliveryAddressDifferent', t('address.different'))}
                  {form.isDeliveryAddressDifferent ? (
                    <fieldset className="checkout__fieldset">
                      <legend className="checkout__legend">{t('address.differentHeading')}</legend>
                      {checkField('isDeliveryCompany', t('address.deliveryCompany'))}
                      <div className="checkout__grid">
                        {form.isDeliveryCompany
                          ? textField('deliveryCompanyName', t('contact.companyName'), {
                              className: 'checkout__span-2',
                              required: true,
                              input: { autoComplete: 'shipping organization' },
                            })
                          : null}
                        {textField('deliveryFirstName', t('contact.firstName'), {
                          required: true,
                          input: { autoComplete: 'shipping given-name' },
                        })}
                        {textField('deliveryLastName', t('contact.lastName'), {
                          required: true,
                          input: { autoComplete: 'shipping family-name' },
                        })}
                        {textField('deliveryStreet', t('address.street'), {
                          className: 'checkout__span-2',
                          required: true,
                          input: { autoComplete: 'shipping address-line1' },
                        })}
                        <div className="checkout__grid-3 checkout__span-2">
                          {textField('deliveryFloor', t('address.floor'))}
                          {textField('deliveryStairway', t('address.stairway'))}
                          {textField('deliveryDoor', t('address.door'))}
                        </div>
                        {textField('deliveryZipCode', t('address.zipCode'), {
                          required: true,
                          input: { autoComplete: 'shipping postal-code', inputMode: 'numeric' },
                        })}
                        {textField('deliveryCity', t('address.city'), {
                          required: true,
                          input: { autoComplete: 'shipping address-level2' },
                        })}
                        {countryField('deliveryCountry')}
                      </div>
                    </fieldset>
                  ) : null}
                </>
              ) : null}
            </Section>
          ) : null}

          {/* Gewünschter Termin */}
          <Section id="checkout-when" title={t('appointment.heading')} icon="calendar">
            <div className="checkout-when" {...fieldProps('appointmentDate')} tabIndex={-1}>
              <div className="checkout-when__pickers">
                <button
                  type="button"
                  className="checkout-when__button"
                  aria-describedby="checkout-when-status"
                  disabled={!availability.data}
                  onClick={() => {
                    availability.reload()
                    setOverlay('date')
                  }}
                >
                  <Icon name="calendar" />
                  <span>
                    <span className="checkout-when__label">{t('appointment.date')}</span>
                    <span className="checkout-when__value">
                      {appointmentDate
                        ? formatDay(appointmentDate, t)
                        : branch.isAppointmentRequired
                          ? t('appointment.choose')
                          : t('appointment.asap')}
                    </span>
                  </span>
                </button>
                <button
                  type="button"
                  className="checkout-when__button"
                  aria-describedby="checkout-when-status"
                  disabled={!availability.data}
                  onClick={() => {
                    availability.reload()
                    const firstSlot = availability.data?.firstSlot
                    setTimeDate(appointmentDate ?? (firstSlot ? dateOf(firstSlot, timeZone) : today))
                    setOverlay('time')
                  }}
                >
                  <Icon name="clock" />
                  <span>
                    <span className="checkout-when__label">{t('appointment.time')}</span>
                    <span className="checkout-when__value">
                      {appointment
                        ? t('appointment.timeValue', { time: timeOf(appointment, timeZone) })
                        : branch.isAppointmentRequired
                          ? t('appointment.choose')
                          : t('appointment.asapTime')}
                    </span>
                  </span>
                </button>
              </div>
              <div id="checkout-when-status" className="checkout-when__status" aria-live="polite">
                {availability.error && !availability.data ? (
                  <Notice tone="warning">
                    <p>{t('appointment.loadFailed')}</p>
                    <Button small variant="secondary" onClick={availability.reload}>
                      {t('appointment.retry')}
                    </Button>
                  </Notice>
                ) : !availability.data ? (
                  <Spinner label={t('appointment.loading')} />
                ) : appointment ? (
                  <p>{t('appointment.chosen', { when: formatWhen(appointment, timeZone, today, t) })}</p>
                ) : branch.isAppointmentRequired ? (
                  <p>{t('appointment.requiredHint')}</p>
                ) : availability.data.firstSlot ? (
                  <p>
                    {t('appointment.asapHint', {
                      when: formatWhen(availability.data.firstSlot, timeZone, today, t),
                    })}
                  </p>
                ) : (
                  <p>{t('appointment.noSlots')}</p>
                )}
                {appointmentOutside ? (
                  <p className="checkout__warning">
                    <Icon name="warning" /> {t('scheduling:unavailable.outsideHours')}
                  </p>
                ) : null}
              </div>
              {appointment && !branch.isAppointmentRequired ? (
                <Button small variant="ghost" icon="close" onClick={() => setAppointment(null)}>
                  {t('appointment.reset')}
                </Button>
              ) : null}
              {errorOf('appointmentDate') ? (
                <p className="ui-field__error" role="alert">
                  {errorOf('appointmentDate')}
                </p>
              ) : null}
            </div>
          </Section>

          {/* Kommentar hinzufügen */}
          <Section id="checkout-comment" title={t('comment.heading')} icon="info">
            {showComment ? (
              <Field label={t('comment.label')} hint={t('comment.hint')} error={errorOf('comment')}>
                <textarea
                  className="ui-textarea"
                  {...fieldProps('comment')}
                  maxLength={2000}
                  value={cart.order.comment}
                  onChange={(e) => {
                    const comment = e.target.value
                    update((c) => ({ ...c, order: { ...c.order, comment } }))
                  }}
                />
              </Field>
            ) : (
              <Button
                variant="secondary"
                icon="plus"
                aria-expanded={false}
                onClick={() => setShowComment(true)}
              >
                {t('comment.heading')}
              </Button>
            )}
          </Section>
        </div>

        <div className="checkout__side">
          {/* Warenkorb */}
          <Section id="checkout-cart" title={t('cart.heading')} icon="cart" headingRef={cartHeading}>
            {cart.items.length === 0 ? (
              <div className="checkout-cart__empty">
                <p>{t('cart.empty')}</p>
                <Link className={buttonClass('secondary', { small: true })} to={basePath}>
                  {t('cart.backToMenu')}
                </Link>
              </div>
            ) : (
              <ul className="checkout-cart__items">
                {cart.items.map((item, index) => {
                  const price = itemPriceLabel(item, { currency })
                  const details = partsLabel(item)
                  return (
                    // biome-ignore lint/suspicious/noArrayIndexKey: cart items have no id; removal is by index
                    <li key={`${item.product.id}-${index}`} className="checkout-cart__item">
                      <span className="checkout-cart__name">
                        {keepUnitsTogether(item.product.name)}
                        <span className="checkout-cart__amount">
                          {amountLabel(t, item.amount, item.unit, locale)}
                        </span>
                        {details ? <span className="checkout-cart__details">{details}</span> : null}
                      </span>
                      <span className="checkout-cart__price">{price ?? t('cart.priceHidden')}</span>
                      <button
                        type="button"
                        className="checkout-cart__remove"
                        aria-label={t('cart.remove', { name: item.product.name })}
                        title={t('cart.remove', { name: item.product.name })}
                        onClick={() => {
                          remove(index)
                          toast(t('cart.removed', { name: item.product.name }))
                          cartHeading.current?.focus()
                        }}
                      >
                        <Icon name="trash" />
                      </button>
                    </li>
                  )
                })}
              </ul>
            )}
            {cart.items.length > 0 ? (
              <dl className="checkout-cart__totals">
                <div>
                  <dt>{t('cart.subtotal')}</dt>
                  <dd>
                    {totalPrefix}
                    {money(summary.pricing.gross, currency)}
                  </dd>
                </div>
                {orderType === 'delivery' ? (
                  <div>
                    <dt>{t('cart.delivery')}</dt>
                    <dd>
                      {summary.pricing.deliveryGross === 0
                        ? t('cart.free')
                        : money(summary.pricing.deliveryGross, currency)}
                    </dd>
                  </div>
                ) : null}
                {cashRounding !== 0 ? (
                  <div data-testid="checkout-cash-rounding">
                    <dt>{t('cart.cashRounding')}</dt>
                    <dd>{money(cashRounding, currency)}</dd>
                  </div>
                ) : null}
                <div className="checkout-cart__total">
                  <dt>{t('cart.total')}</dt>
                  <dd data-testid="checkout-total">
                    {totalPrefix}
                    {money(summary.pricing.totalGross + cashRounding, currency)}
                  </dd>
                </div>
                <div className="checkout-cart__tax">
                  <dt className="ui-visually-hidden">{t('cart.total')}</dt>
                  <dd>{t('cart.taxIncluded', { amount: money(summary.pricing.totalTax, currency) })}</dd>
                </div>
              </dl>
            ) : null}
            {summary.hasHiddenPrices ? (
              <Notice>
                <p>{t('cart.hiddenPrices')}</p>
              </Notice>
            ) : null}
            <div id="checkout-minimum" className="checkout-live" aria-live="polite">
              {minimumMissing && minimum ? (
                <Notice tone="warning">
                  <p>{t('cart.minimumValue', { amount: money(minimum.minimum, currency) })}</p>
                  <p>{t('cart.minimumRest', { rest: money(minimum.missing, currency) })}</p>
                </Notice>
              ) : null}
            </div>
            {freeDeliveryFrom !== null && !minimumMissing ? (
              <p className="checkout-cart__free">
                <Icon name="bike" /> {t('cart.freeDelivery', { amount: money(freeDeliveryFrom, currency) })}
              </p>
            ) : null}
          </Section>

          {/* Spendenempfänger */}
          {donationsOn ? (
            <Section id="checkout-donation" title={t('donation.heading')} icon="star">
              <p className="checkout__note">
                {t('donation.intro', { amount: money(DONATION_CENTS, currency) })}
              </p>
              <div className="checkout-donation" {...fieldProps('donatee')} tabIndex={-1}>
                <p className="checkout-donation__current">
                  {donatee ? <strong>{donatee.name}</strong> : <span>{t('donation.none')}</span>}
                </p>
                <Button small variant="secondary" onClick={() => setOverlay('donatee')}>
                  {donatee ? t('donation.change') : t('donation.choose')}
                </Button>
              </div>
              {errorOf('donatee') ? <p className="ui-field__error">{errorOf('donatee')}</p> : null}
            </Section>
          ) : null}

          {/* Zahlungsart */}
          <Section id="checkout-payment" title={t('payment.heading')} icon="check">
            {shop.payments.testMode && methods.some((method) => method.online) ? (
              <Notice tone="warning">
                <p data-testid="payment-test-mode">{t('payment.testMode')}</p>
              </Notice>
            ) : null}
            {methods.length === 0 ? (
              <Notice tone="warning">
                <p>{t('payment.noneAvailable')}</p>
              </Notice>
            ) : (
              <fieldset className="checkout-payment" aria-describedby="checkout-payment-error">
                <legend className="ui-visually-hidden">{t('payment.heading')}</legend>
                {methods.map((method) => (
                  <label
                    key={method.value}
                    className={[
                      'checkout-payment__option',
                      method.value === paymentMethod ? 'is-selected' : '',
                    ].join(' ')}
                  >
                    <input
                      type="radio"
                      name="paymentMethod"
                      value={method.value}
                      {...(method.value === paymentMethod ? fieldProps('paymentMethod') : {})}
                      checked={method.value === paymentMethod}
                      onChange={() => setField('paymentMethod', method.value)}
                    />
                    <span>
                      <strong>{t(`payment.methods.${method.value}`)}</strong>
                      <span className="checkout-payment__hint">{t(`payment.hints.${method.value}`)}</span>
                    </span>
                  </label>
                ))}
              </fieldset>
            )}
            {errorOf('paymentMethod') ? (
              <p id="checkout-payment-error" className="ui-field__error">
                {errorOf('paymentMethod')}
              </p>
            ) : null}
          </Section>

          {/* AGB und Datenschutz */}
          <Section id="checkout-legal" title={t('legal.heading')} icon="info">
            <LegalCheck
              field="legalInstructions"
              checked={form.legalInstructions}
              onChange={(value) => setField('legalInstructions', value)}
              label={t('legal.terms')}
              error={errorOf('legalInstructions')}
              text={config.termsAndConditionsText}
              url={config.termsAndConditions}
              showLabel={t('legal.showTerms')}
              onShow={() => setOverlay('terms')}
            />
            <LegalCheck
              field="privacyPolicy"
              checked={form.privacyPolicy}
              onChange={(value) => setField('privacyPolicy', value)}
              label={t('legal.privacy')}
              error={errorOf('privacyPolicy')}
              text={config.privacyPolicyText}
              url={config.privacyPolicy}
              showLabel={t('legal.showPrivacy')}
              onShow={() => setOverlay('privacy')}
            />
          </Section>

          <div className="checkout__actions">
            {mode ? (
              <Button
                type="submit"
                block
                disabled={blocked || sending}
                aria-describedby={minimumMissing ? 'checkout-minimum' : undefined}
                className="checkout__submit"
              >
                {sending ? t('submit.sending') : t(`submit.${mode}`)}
              </Button>
            ) : null}
            <Link className={buttonClass('ghost', { block: true })} to={basePath}>
              <Icon name="chevronLeft" /> {t('submit.back')}
            </Link>
          </div>
        </div>
      </form>

      {overlay === 'date' ? (
        <DatePicker
          days={days}
          today={today}
          value={appointmentDate}
          onClose={() => setOverlay(null)}
          onClear={() => {
            setAppointment(null)
            setOverlay(null)
          }}
          onSave={(date) => {
            setTimeDate(date)
            setOverlay('time')
          }}
        />
      ) : null}
      {overlay === 'time' && timeDate && availability.data ? (
        <TimePicker
          date={timeDate}
          day={days.find((d) => d.date === timeDate)}
          timeZone={timeZone}
          step={availability.data.stepMinutes}
          appointment={appointment}
          onClose={() => setOverlay(null)}
          onSave={(minutes) => {
            setAppointment(new Date(instantAt(timeDate, minutes, timeZone)).toISOString())
            setOverlay(null)
          }}
        />
      ) : null}
      {overlay === 'donatee' ? (
        <DonateeDialog
          donatees={donatees}
          value={form.donatee}
          onChange={(id) => setField('donatee', id)}
          onClose={() => setOverlay(null)}
        />
      ) : null}
      <Dialog
        open={overlay === 'terms' || overlay === 'privacy'}
        title={overlay === 'privacy' ? t('legal.privacyTitle') : t('legal.termsTitle')}
        onClose={() => setOverlay(null)}
        closeLabel={t('close')}
        footer={<Button onClick={() => setOverlay(null)}>{t('close')}</Button>}
      >
        <div className="checkout-legal__text">
          {String((overlay === 'privacy' ? config.privacyPolicyText : config.termsAndConditionsText) ?? '')}
        </div>
      </Dialog>
    </main>
  )
}

function Section({
  id,
  title,
  icon,
  children,
  headingRef,
}: {
  id: string
  title: string
  icon: Parameters<typeof Icon>[0]['name']
  children: ReactNode
  headingRef?: Ref<HTMLHeadingElement>
}) {
  return (
    <section className="checkout-section" aria-labelledby={`${id}-title`}>
      <h2
        id={`${id}-title`}
        className="checkout-section__title"
        ref={headingRef}
        tabIndex={headingRef ? -1 : undefined}
      >
        <span className="checkout-section__icon" aria-hidden="true">
          <Icon name={icon} />
        </span>
        {title}
      </h2>
      <div className="checkout-section__body">{children}</div>
    </section>
  )
}

function LegalCheck({
  field,
  checked,
  onChange,
  label,
  error,
  text,
  url,
  showLabel,
  onShow,
}: {
  field: string
  checked: boolean
  onChange: (value: boolean) => void
  label: string
  error: string | undefined
  text: unknown
  url: unknown
  showLabel: string
  onShow: () => void
}) {
  const id = `checkout-${field}`
  const hasText = typeof text === 'string' && text.trim() !== ''
  const link = typeof url === 'string' && url.trim() !== '' ? url : null
  return (
    <div className={['checkout-legal', error ? 'has-error' : ''].join(' ')}>
      <div className="ui-check">
        <input
          id={id}
          type="checkbox"
          data-field={field}
          checked={checked}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          aria-required
          onChange={(e) => onChange(e.target.checked)}
        />
        <label htmlFor={id}>
          {label}
          <span aria-hidden="true"> *</span>
        </label>
      </div>
      {hasText ? (
        <button type="button" className="checkout-legal__show" onClick={onShow}>
          {showLabel}
        </button>
      ) : link ? (
        <a className="checkout-legal__show" href={link} target="_blank" rel="noopener noreferrer">
          {showLabel} <Icon name="external" />
        </a>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="ui-field__error">
          {error}
        </p>
      ) : null}
    </div>
  )
}

/**
 * Spec §2 "closed / no-delivery notices with pre-order hint": closed with the next opening;
 * delivery closed with the next delivery time and the types that remain.
 */
function OpenNotices({
  branch,
  open,
  orderType,
  types,
}: {
  branch: ReturnType<typeof useBranch> & object
  open: ReturnType<typeof branchOpenState>
  orderType: OrderType | null
  types: readonly OrderType[]
}) {
  const t = useT('sf-checkout')
  const tx = useT('ordering')
  const ts = useT('scheduling')
  const preorder = branch.isPreorderEnabled && !branch.isQuotationRequired
  const nextText = (
    next: ReturnType<typeof branchOpenState>['opening']['nextOpening'],
    delivery: boolean,
  ) => {
    if (!next) return null
    const prefix = delivery ? 'delivery' : 'opens'
    return next.isToday
      ? t(`notice.${delivery ? 'deliveryToday' : 'opensToday'}`, { time: next.time })
      : t(`notice.${prefix === 'delivery' ? 'deliveryOn' : 'opensOn'}`, {
          day: formatDay(next.date, t),
          time: next.time,
        })
  }
  if (!open.isOpenForOrdering) {
    const next = nextText(open.opening.nextOpening, false)
    return (
      <Notice tone="warning" live="polite">
        <p>
          <strong>{ts('notice.closed')}</strong>
        </p>
        {next ? <p>{next}</p> : branch.closedMessage ? <p>{branch.closedMessage}</p> : null}
        {preorder ? <p>{t('notice.preorder')}</p> : null}
      </Notice>
    )
  }
  if (orderType === 'delivery' && !open.isDeliveryOpen) {
    const next = nextText(open.delivery.nextOpening, true)
    const others = types.filter((type) => type !== 'delivery').map((type) => tx(`orderType.${type}`))
    const joined =
      others.length > 1 ? `${others.slice(0, -1).join(', ')} ${t('notice.and')} ${others.at(-1)}` : others[0]
    return (
      <Notice tone="warning" live="polite">
        <p>
          <strong>{ts('notice.noDelivery')}</strong>
        </p>
        {next ? <p>{next}</p> : null}
        {joined ? (
          <p>{t(others.length > 1 ? 'notice.otherTypes' : 'notice.otherType', { types: joined })}</p>
        ) : null}
        {preorder ? <p>{t('notice.preorder')}</p> : null}
      </Notice>
    )
  }
  return null
}
