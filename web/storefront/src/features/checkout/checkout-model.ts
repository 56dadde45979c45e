import type { CreateOrderBody, CreateOrderBodyInput } from '@shop/shared/contracts/http/orders.http.ts'
import {
  type Cart,
  type CartItem,
  type CartSummary,
  type DeliveryArea,
  deliveryAreaForZipCode,
  deliveryAreaKey,
  deliveryAreaServes,
  type OrderType,
  selectedDeliveryArea,
  unitPrice,
} from '@shop/shared/domain/catalogue'
import {
  type CheckoutBranch,
  type CheckoutConfig,
  checkCheckout,
  enabledPaymentMethods,
} from '@shop/shared/domain/checkout'
import {
  DEFAULT_PHONE_COUNTRY,
  isPhoneCountry,
  normalisePhone,
  PHONE_COUNTRIES,
  PHONE_EXAMPLES,
  type PhoneCountry,
  phoneCountryOf,
} from '@shop/shared/domain/common'
import type { BranchOpenState } from '@shop/shared/domain/scheduling'
import type { Branch, Config } from '../../lib/shop-data.tsx'

// The checkout page's pure parts: the stored form, the order types and payment methods the
// branch offers, which submit button shows, the request body and the field checks run before
// sending (the shared checkout rules, limited to what the customer types).

/** Spec §5: the countries offered (shared/domain/common, as the order contract takes them). */
export const COUNTRIES = PHONE_COUNTRIES
export type Country = PhoneCountry
/** Spec §3 order form: country default AT. */
export const DEFAULT_COUNTRY: Country = DEFAULT_PHONE_COUNTRY

/** What the customer types; kept in session storage so a reload or the payment-failed return keeps it. */
export type CheckoutForm = {
  /** Spec §3: ordering for a company (its name and the VAT number go on the receipt). */
  isCompany: boolean
  companyName: string
  vatNo: string
  firstName: string
  lastName: string
  email: string
  phone: string
  street: string
  floor: string
  stairway: string
  door: string
  zipCode: string
  city: string
  country: Country
  /** Delivery only: the goods go to another address than the orderer's. */
  isDeliveryAddressDifferent: boolean
  isDeliveryCompany: boolean
  deliveryCompanyName: string
  deliveryFirstName: string
  deliveryLastName: string
  deliveryStreet: string
  deliveryFloor: string
  deliveryStairway: string
  deliveryDoor: string
  deliveryZipCode: string
  deliveryCity: string
  deliveryCountry: Country
  table: string
  paymentMethod: string
  donatee: string | null
  legalInstructions: boolean
  privacyPolicy: boolean
}

/** A new form; the address country is the config's default country (spec §3: AT). */
export function emptyForm(country: Country = DEFAULT_COUNTRY): CheckoutForm {
  return {
    isCompany: false,
    companyName: '',
    vatNo: '',
    firstName: '',
    lastName: '',
    email: '',
    phone: '',
    street: '',
    floor: '',
    stairway: '',
    door: '',
    zipCode: '',
    city: '',
    country,
    isDeliveryAddressDifferent: false,
    isDeliveryCompany: false,
    deliveryCompanyName: '',
    deliveryFirstName: '',
    deliveryLastName: '',
    deliveryStreet: '',
    deliveryFloor: '',
    deliveryStairway: '',
    deliveryDoor: '',
    deliveryZipCode: '',
    deliveryCity: '',
    deliveryCountry: country,
    table: '',
    paymentMethod: '',
    donatee: null,
    legalInstructions: false,
    privacyPolicy: false,
  }
}

/** A stored form merged over the defaults: only known keys of the right type survive. */
export function restoreForm(stored: unknown, defaultCountry: unknown = DEFAULT_COUNTRY): CheckoutForm {
  const country = asCountry(defaultCountry) ?? DEFAULT_COUNTRY
  const form = emptyForm(country)
  if (typeof stored !== 'object' || stored === null) return form
  const source = stored as Record<string, unknown>
  const target = form as Record<string, unknown>
  for (const [key, value] of Object.entries(form)) {
    const candidate = source[key]
    if (key === 'donatee') {
      if (typeof candidate === 'string' || candidate === null) target[key] = candidate
    } else if (typeof candidate === typeof value) target[key] = candidate
  }
  if (asCountry(form.country) === null) form.country = country
  if (asCountry(form.deliveryCountry) === null) form.deliveryCountry = form.country
  return form
}

/** One of the countries offered, or null (a config or stored value from elsewhere). */
export function asCountry(value: unknown): Country | null {
  return isPhoneCountry(value) ? value : null
}

/**
 * The branch's country (issue 18): its own, else the config's defaultCountry, else AT. National
 * phone numbers are read in it, the phone hint's example and the address country follow it.
 */
export function branchCountry(
  branch: Pick<Branch, 'country'>,
  config: Pick<Config, 'defaultCountry'>,
): Country {
  return phoneCountryOf(branch.country, config.defaultCountry)
}

// --- phone (spec §5, issue 18) -----------------------------------------------------------------

/** While typing: only digits, plus and spaces stay. */
export function typedPhone(value: string): string {
  return value.replace(/[^0-9+ ]/g, '')
}

/**
 * On change (leaving the field): only digits and plus, a leading 00 becomes +, and a national
 * number of the branch's country becomes E.164 (079 123 45 67 → +41791234567 in CH). What is
 * no number stays as typed (digits and plus) for the customer to correct.
 */
export function changedPhone(value: string, country?: PhoneCountry | null): string {
  return value.trim() === '' ? '' : normalisePhone(value, country ?? null).phone
}

/** The format hint shows while a number is there that cannot be read in the branch's country. */
export function needsPhoneHint(value: string, country: PhoneCountry): boolean {
  return value.trim() !== '' && !normalisePhone(value, country).ok
}

/** The hint's example number: the branch country's. */
export function phoneExample(country: PhoneCountry): string {
  return PHONE_EXAMPLES[country]
}

// --- the branch as the checkout rules read it --------------------------------------------------

export function toCheckoutBranch(branch: Branch): CheckoutBranch {
  return {
    id: branch.id,
    identifier: branch.identifier,
    timeZone: branch.timeZone,
    openingHours: branch.openingHours,
    deliveryHours: branch.deliveryHours,
    isDeliveryHoursEnabled: branch.isDeliveryHoursEnabled,
    orderableFrom: branch.orderableFrom,
    closedMessage: branch.closedMessage ?? null,
    isTakeawayEnabled: branch.isTakeawayEnabled,
    isDeliveryEnabled: branch.isDeliveryEnabled,
    isDineInEnabled: branch.isDineInEnabled,
    isTableSelectionEnabled: branch.isTableSelectionEnabled,
    isPreorderEnabled: branch.isPreorderEnabled,
    isAppointmentRequired: branch.isAppointmentRequired,
    isQuotationRequired: branch.isQuotationRequired,
    deliveryAreas: branch.deliveryAreas,
    phone: branch.phone ?? null,
    email: branch.email ?? null,
    country: branch.country ?? null,
    requirements: {
      delivery: {
        email: branch.isDeliveryEmailRequired,
        phone: branch.isDeliveryPhoneRequired,
        address: branch.isDeliveryAddressRequired,
      },
      dineIn: {
        email: branch.isDineInEmailRequired,
        phone: branch.isDineInPhoneRequired,
        address: branch.isDineInAddressRequired,
      },
      takeaway: {
        email: branch.isTakeawayEmailRequired,
        phone: branch.isTakeawayPhoneRequired,
        address: branch.isTakeawayAddressRequired,
      },
    },
  }
}

export function toCheckoutConfig(config: Config): CheckoutConfig {
  return {
    currency: typeof config.currency === 'string' && config.currency ? config.currency : 'EUR',
    enablePluginDonations: config.enablePluginDonations === true,
    isContactEmailRequired: config.isContactEmailRequired === true,
    isContactPhoneRequired: config.isContactPhoneRequired === true,
    maximumOrderValue: typeof config.maximumOrderValue === 'number' ? config.maximumOrderValue : null,
    defaultCountry: typeof config.defaultCountry === 'string' ? config.defaultCountry : null,
  }
}

/** Which contact fields are required for this order type (branch and shop, spec §3 and §5). */
export function requiredFields(branch: Branch, config: Config, orderType: OrderType) {
  const req = toCheckoutBranch(branch).requirements[orderType]
  return {
    email: req.email || config.isContactEmailRequired === true,
    phone: req.phone || config.isContactPhoneRequired === true,
    address: req.address,
    table: orderType === 'dineIn',
    deliveryArea: orderType === 'delivery',
  }
}

/**
 * Whether the checkout asks for an address at all (spec §5): a delivery always goes to one;
 * takeaway and dine-in only when the branch requires it for that type (the requirements the
 * shared checkout rules judge by). Otherwise the address section is not shown and not sent.
 */
export function needsAddress(branch: Branch, orderType: OrderType): boolean {
  return orderType === 'delivery' || toCheckoutBranch(branch).requirements[orderType].address
}

// --- delivery area by postcode (spec §5; the server checks the same) ---------------------------

/** The postcode the goods go to: the different delivery address's when one is given. */
export function deliveryZipCode(
  form: Pick<CheckoutForm, 'isDeliveryAddressDifferent' | 'zipCode' | 'deliveryZipCode'>,
): string {
  return (form.isDeliveryAddressDifferent ? form.deliveryZipCode : form.zipCode).trim()
}

/**
 * The area in effect and the areas offered for a postcode: once a postcode is typed, only the
 * areas serving it are offered (all of them when none does, so the server's answer names the
 * problem), and the chosen area moves to one that serves it.
 */
export function deliveryAreaChoice(
  areas: readonly DeliveryArea[],
  chosen: string | null,
  zipCode: string,
): { area: DeliveryArea | null; options: readonly DeliveryArea[] } {
  const selected = selectedDeliveryArea(areas, chosen)
  if (zipCode === '') return { area: selected, options: areas }
  const serving = areas.filter((area) => deliveryAreaServes(area, zipCode))
  return {
    area: deliveryAreaForZipCode(areas, selected, zipCode),
    options: serving.length > 0 ? serving : areas,
  }
}

// --- order types ------------------------------------------------------------------------------

const TYPES: readonly {
  type: OrderType
  flag: 'isTakeawayEnabled' | 'isDeliveryEnabled' | 'isDineInEnabled'
}[] = [
  { type: 'takeaway', flag: 'isTakeawayEnabled' },
  { type: 'delivery', flag: 'isDeliveryEnabled' },
  { type: 'dineIn', flag: 'isDineInEnabled' },
]

/** Spec §2: each type only if the branch enables it. */
export function enabledOrderTypes(branch: Pick<Branch, (typeof TYPES)[number]['flag']>): OrderType[] {
  return TYPES.filter(({ flag }) => branch[flag] === true).map(({ type }) => type)
}

/**
 * The order type in effect: the cart's when the branch offers it, else the configured default
 * (spec §4 defaultDeliveryMethod) when offered, else the first offered one.
 */
export function effectiveOrderType(
  current: OrderType,
  enabled: readonly OrderType[],
  configDefault: unknown,
): OrderType | null {
  if (enabled.includes(current)) return current
  if (typeof configDefault === 'string' && enabled.includes(configDefault as OrderType))
    return configDefault as OrderType
  return enabled[0] ?? null
}

// --- payment methods (spec §4, docs/payments.md) ----------------------------------------------

export type PaymentMethod = { value: string; online: boolean }

/**
 * The methods enabled by the shop's config and the branch (the server's rule). A quotation
 * request is never paid online (the price is not final), so online methods are left out for it.
 */
export function paymentMethods(config: Config, branch: Branch, isQuotation: boolean): PaymentMethod[] {
  return enabledPaymentMethods(config, branch as unknown as Record<string, unknown>).filter(
    (method) => !(isQuotation && method.online),
  )
}

/** Spec §4: cash if offered, else the first online provider, else whatever is offered first. */
export function presetPaymentMethod(methods: readonly PaymentMethod[], current: string): string {
  if (methods.some((method) => method.value === current)) return current
  if (methods.some((method) => method.value === 'cash')) return 'cash'
  return (methods.find((method) => method.online) ?? methods[0])?.value ?? ''
}

// --- which button (spec §5 "Submit buttons") ----------------------------------------------------

export type SubmitMode = 'quotation' | 'order' | 'preorder'

/**
 * Quotation request when the branch requires quotations; order while open (for delivery: the
 * delivery hours); pre-order while closed when the branch takes pre-orders; otherwise none.
 */
export function submitMode(
  branch: Pick<Branch, 'isQuotationRequired' | 'isPreorderEnabled'>,
  open: Pick<BranchOpenState, 'isOpenForOrdering' | 'isDeliveryOpen'>,
  orderType: OrderType,
): SubmitMode | null {
  if (branch.isQuotationRequired) return 'quotation'
  const isOpen = orderType === 'delivery' ? open.isDeliveryOpen : open.isOpenForOrdering
  if (isOpen) return 'order'
  if (branch.isPreorderEnabled) return 'preorder'
  return null
}

/** The button is disabled with an empty cart or below the delivery minimum (spec §5). */
export function isSubmitBlocked(summary: Pick<CartSummary, 'blockReason'>): boolean {
  return summary.blockReason !== null
}

// --- the request ------------------------------------------------------------------------------

const orNull = (value: string) => (value.trim() === '' ? null : value.trim())

/** One cart item as POST /api/orders takes it, with the unit price the customer saw. */
export function orderItemOf(item: CartItem): CreateOrderBody['items'][number] {
  const parts = (item.product.config?.parts ?? []).map((_, index) => {
    const part = item.parts[index]
    return {
      options: [...(part?.options ?? [])],
      text: part && part.text.trim() !== '' ? part.text : null,
      uploads: (part?.uploads ?? []).map((upload) => ({ id: upload.id })),
    }
  })
  return {
    product: item.product.uid,
    amount: item.amount,
    unit: item.unit,
    parts,
    ...(item.product.isPriceHidden ? {} : { price: unitPrice(item.product, item.parts) }),
  }
}

/** The body of POST /api/orders (docs/api.md "The checkout"). */
export function orderBody(input: {
  branch: Pick<Branch, 'id'>
  cart: Cart
  orderType: OrderType
  deliveryArea: DeliveryArea | null
  form: CheckoutForm
  /** False when the order type asks for no address (needsAddress): the stored one stays unsent. */
  withAddress?: boolean
  /**
   * The branch's country (branchCountry): a national phone number is sent as E.164. Without
   * it the number goes as typed (digits and +), for the server to read in the branch's country.
   */
  country?: PhoneCountry
}): CreateOrderBodyInput {
  const { branch, cart, orderType, deliveryArea, form } = input
  const phone = changedPhone(form.phone, input.country)
  const address = (value: string) => (input.withAddress === false ? null : orNull(value))
  const body: CreateOrderBodyInput = {
    branch: branch.id,
    isDelivery: orderType === 'delivery',
    isDineIn: orderType === 'dineIn',
    firstName: form.firstName.trim(),
    lastName: form.lastName.trim(),
    email: orNull(form.email),
    phone: phone === '' ? null : phone,
    street: address(form.street),
    floor: address(form.floor),
    stairway: address(form.stairway),
    door: address(form.door),
    zipCode: address(form.zipCode),
    city: address(form.city),
    country: form.country,
    isCompany: form.isCompany,
    companyName: form.isCompany ? orNull(form.companyName) : null,
    vatNo: form.isCompany ? orNull(form.vatNo) : null,
    items: cart.items.map(orderItemOf),
    comment: orNull(cart.order.comment),
    paymentMethod: form.paymentMethod || 'cash',
    legalInstructions: form.legalInstructions,
    privacyPolicy: form.privacyPolicy,
  }
  if (orderType === 'dineIn') body.table = orNull(form.table)
  if (orderType === 'delivery') {
    // The area's id (its name for an area without one): a rename in between keeps the choice.
    body.deliveryArea = deliveryArea ? deliveryAreaKey(deliveryArea) : null
    if (form.isDeliveryAddressDifferent) {
      body.isDeliveryAddressDifferent = true
      body.isDeliveryCompany = form.isDeliveryCompany
      body.deliveryCompanyName = form.isDeliveryCompany ? orNull(form.deliveryCompanyName) : null
      body.deliveryFirstName = orNull(form.deliveryFirstName)
      body.deliveryLastName = orNull(form.deliveryLastName)
      body.deliveryStreet = orNull(form.deliveryStreet)
      body.deliveryFloor = orNull(form.deliveryFloor)
      body.deliveryStairway = orNull(form.deliveryStairway)
      body.deliveryDoor = orNull(form.deliveryDoor)
      body.deliveryZipCode = orNull(form.deliveryZipCode)
      body.deliveryCity = orNull(form.deliveryCity)
      body.deliveryCountry = form.deliveryCountry
    }
  }
  if (cart.order.appointment) body.appointmentDate = cart.order.appointment
  if (form.donatee) body.donatee = form.donatee
  return body
}

// --- checks before sending --------------------------------------------------------------------

/** A message key (full, `namespace:key`) and its parameters, per form field. */
export type FieldProblem = { key: string; params?: Record<string, string | number> }
export type FieldProblems = Partial<Record<string, FieldProblem>>

/**
 * The fields the customer fills in. The shared checkout rules also judge items, prices, the
 * clock and payment providers; those are the server's to answer (it has the catalogue and the
 * clock that count), so only these fields are checked here.
 */
/** The different delivery address's fields, in the order they appear. */
const DELIVERY_ADDRESS_FIELDS = [
  'deliveryCompanyName',
  'deliveryFirstName',
  'deliveryLastName',
  'deliveryStreet',
  'deliveryZipCode',
  'deliveryCity',
  'deliveryCountry',
] as const

export const FORM_FIELDS = [
  'isDelivery',
  'isDineIn',
  'table',
  'companyName',
  'vatNo',
  'firstName',
  'lastName',
  'email',
  'phone',
  'street',
  'zipCode',
  'city',
  'country',
  'deliveryArea',
  ...DELIVERY_ADDRESS_FIELDS,
  'appointmentDate',
  'legalInstructions',
  'privacyPolicy',
] as const

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/
const full = (key: string) => (key.includes(':') ? key : `ordering:${key}`)

/**
 * The spec §5 field rules (via the shared checkCheckout) plus the contract's: names are
 * required, an e-mail must look like one, an appointment the branch requires must be chosen.
 */
export function checkForm(input: {
  body: CreateOrderBodyInput
  branch: Branch
  config: Config
  tables: readonly string[]
  now: Date
}): FieldProblems {
  const { body, branch, config, tables, now } = input
  const problems: FieldProblems = {}
  const add = (field: string, problem: FieldProblem) => {
    problems[field] ??= problem
  }
  if (!body.firstName.trim()) add('firstName', { key: full('validation.notBlank') })
  if (!body.lastName.trim()) add('lastName', { key: full('validation.notBlank') })
  if (body.email && !EMAIL.test(body.email)) add('email', { key: full('validation.email') })
  if (branch.isAppointmentRequired && !body.appointmentDate)
    add('appointmentDate', { key: 'scheduling:unavailable.appointmentRequired' })
  const form = {
    isCompany: false,
    country: DEFAULT_COUNTRY,
    paymentMethod: 'cash',
    legalInstructions: false,
    privacyPolicy: false,
    isDeliveryAddressDifferent: false,
    isDeliveryCompany: false,
    ...body,
    items: [],
  } as unknown as CreateOrderBody
  const result = checkCheckout({
    form,
    branch: toCheckoutBranch(branch),
    config: toCheckoutConfig(config),
    catalogue: { menu: null, categories: [], products: [] },
    lookups: {
      tables,
      donatee: body.donatee ? 'found' : null,
      uploads: new Map(),
      payment: { ok: true, online: false },
    },
    now,
    itemId: () => '',
  })
  if (!result.ok) {
    for (const error of result.errors) {
      // The clock-dependent answers (closed now, slot taken) stay with the server; the minimum
      // order is the cart summary's (it blocks the button), these checks run without the items.
      if (error.field === 'appointmentDate' || error.key.endsWith('.minimumOrder')) continue
      if ((FORM_FIELDS as readonly string[]).includes(error.field))
        add(error.field, { key: full(error.key), ...(error.params ? { params: error.params } : {}) })
    }
  }
  return problems
}

/** The order the fields appear on the page, to focus the first problem. */
export const FIELD_ORDER = [
  'isDelivery',
  'isDineIn',
  'table',
  'companyName',
  'vatNo',
  'firstName',
  'lastName',
  'email',
  'phone',
  'deliveryArea',
  'street',
  'zipCode',
  'city',
  'country',
  ...DELIVERY_ADDRESS_FIELDS,
  'appointmentDate',
  'comment',
  'donatee',
  'paymentMethod',
  'legalInstructions',
  'privacyPolicy',
] as const

export function firstProblemField(problems: FieldProblems): string | undefined {
  return FIELD_ORDER.find((field) => problems[field] !== undefined) ?? Object.keys(problems)[0]
}

// --- donatees (spec §5 "Donatee search") --------------------------------------------------------

export function filterDonatees<T extends { name: string; description?: string | null | undefined }>(
  donatees: readonly T[],
  term: string,
): T[] {
  const needle = term.trim().toLowerCase()
  if (needle === '') return [...donatees]
  return donatees.filter(
    (d) => d.name.toLowerCase().includes(needle) || (d.description ?? '').toLowerCase().includes(needle),
  )
}

/** Tapping the selected organisation deselects it. */
export function toggleDonatee(current: string | null, id: string): string | null {
  return current === id ? null : id
}

// --- idempotency --------------------------------------------------------------------------------

/**
 * One Idempotency-Key per checkout attempt: the same body again (a double click, a retry after
 * a lost answer) keeps its key, so the server answers the first order instead of making a
 * second; a changed body is a new attempt with a new key.
 */
export function attemptKey(
  previous: { key: string; body: string } | null,
  body: string,
  newKey: () => string,
): { key: string; body: string } {
  return previous !== null && previous.body === body ? previous : { key: newKey(), body }
}
