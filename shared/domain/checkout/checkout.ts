/**
 * The checkout (spec §5): every rule an order has to pass before it is stored, and its price
 * from the catalogue. Pure: the caller loads the branch, the active menu's products and the
 * lookups (tables, donatee, uploads, payment method) and passes the clock. The storefront can
 * run the same function to show the same errors before it sends anything.
 *
 * Every problem is collected (not only the first), each with the form field it belongs to and
 * a catalogue message key, so the answer is the spec's `{ errors: [{ field, message }] }`.
 */
import type {
  OrderAddress,
  OrderItem,
  OrderItemPart,
  OrderPricing,
} from '../../contracts/events/order.events.ts'
import type { CreateOrderBody, CreateOrderItemPart } from '../../contracts/http/orders.http.ts'
import type { Category, DeliveryArea, Product, Upload } from '../catalogue/catalogue.types.ts'
import {
  type DeliveryTerms,
  deliveryAreaServes,
  deliveryTermsOf,
  findDeliveryArea,
  hasZipCodes,
} from '../catalogue/delivery-areas.ts'
import { type Menu, productOrderability } from '../catalogue/menu.ts'
import {
  type CashRoundingSteps,
  deliveryFee,
  itemPricingModel,
  maximumOrderStatus,
  minimumOrderStatus,
  priceForAmount,
  priceLines,
  taxRateFor,
  unitPrice,
  withCashRounding,
} from '../catalogue/pricing.ts'
import { acceptedAmount, isUnit, quantityRulesFor, type Unit } from '../catalogue/units.ts'
import { type Cents, formatMoney } from '../common/money.ts'
import { normalisePhone, PHONE_EXAMPLES, phoneCountryOf } from '../common/phone.ts'
import { type OrderType, orderTypeOf } from '../common/vocabulary.ts'
import { type ActiveOperations, busyModeOf, soldOutUntil } from '../operations/branch-operations.ts'
import {
  type BranchHours,
  branchAvailability,
  checkAppointment,
  DAY_MS,
  isDeliveryOpenAt,
  isOpenForOrderingAt,
  type LeadTime,
  SLOT_HORIZON_DAYS,
  slotMessageKey,
  wallClockOf,
} from '../scheduling/index.ts'

export type { OrderType }

export type ContactRequirements = { email: boolean; phone: boolean; address: boolean }

/** The branch fields the checkout reads (spec §3 branch). */
export type CheckoutBranch = BranchHours & {
  id: string
  identifier: string
  isTakeawayEnabled: boolean
  isDeliveryEnabled: boolean
  isDineInEnabled: boolean
  isTableSelectionEnabled: boolean
  isPreorderEnabled: boolean
  isAppointmentRequired: boolean
  isQuotationRequired: boolean
  deliveryAreas: readonly DeliveryArea[]
  requirements: Readonly<Record<OrderType, ContactRequirements>>
  /** Where a customer asks for a quote beyond the order-total cap (checkout.maximumOrder). */
  phone?: string | null
  email?: string | null
  /**
   * The branch's country (DE, LI, AT, CH): national phone numbers are read in it. Absent or
   * null: the config's defaultCountry.
   */
  country?: string | null
}

export type CheckoutConfig = {
  currency: string
  enablePluginDonations: boolean
  /** The shop asks every order for an e-mail address / a phone number (spec §3, config). */
  isContactEmailRequired?: boolean
  isContactPhoneRequired?: boolean
  /** The largest order total in cents taken without a quotation; absent: the default. */
  maximumOrderValue?: number | null
  /** Cash rounding steps per currency (the config's `cashRounding`); absent: the defaults. */
  cashRounding?: CashRoundingSteps | null
  /** The shop's country (config.defaultCountry): a branch without one of its own is there. */
  defaultCountry?: string | null
}

/** The branch's active menu with its categories and the products the cart names (by uid). */
export type CheckoutCatalogue = {
  menu: Pick<Menu, 'catalog'> | null
  categories: readonly Category[]
  products: readonly Product[]
}

export type PaymentCheck =
  | { ok: true; online: boolean }
  | { ok: false; reason: 'unknown' | 'disabled' | 'not-configured' }

export type CheckoutLookups = {
  /** This branch's table identifiers; empty when it has none (then the table is free text). */
  tables: readonly string[]
  /** null: no donatee chosen. */
  donatee: 'found' | 'missing' | null
  uploads: ReadonlyMap<string, Upload>
  payment: PaymentCheck
}

export type CheckoutInput = {
  form: CreateOrderBody
  branch: CheckoutBranch
  config: CheckoutConfig
  catalogue: CheckoutCatalogue
  lookups: CheckoutLookups
  now: Date
  /**
   * The branch's operations in force at `now` (shared/domain/operations `activeOperations`):
   * sold-out products and busy mode. Absent: none.
   */
  operations?: ActiveOperations | null
  /** Makes the item ids of the order; the caller's generator (UUIDs on the server). */
  itemId: () => string
}

/** `key` is a full catalogue key (namespace:key); the caller translates it per request. */
export type CheckoutError = { field: string; key: string; params?: Record<string, string | number> }

export type CheckedCustomer = {
  firstName: string
  lastName: string
  email: string | null
  phone: string | null
  isCompany: boolean
  companyName: string | null
  vatNo: string | null
  address: OrderAddress | null
}

/** What the order is made of once every rule passed. */
export type CheckedOrder = {
  orderType: OrderType
  isDelivery: boolean
  isDineIn: boolean
  tableIdentifier: string | null
  customer: CheckedCustomer
  deliveryAddress: OrderAddress | null
  /** The area's name at order time (what people read). */
  deliveryArea: string | null
  /** The area's id and fee terms at order time: what a later repricing uses. */
  deliveryTerms: DeliveryTerms | null
  items: OrderItem[]
  pricing: OrderPricing
  /** The time the customer chose (ISO), or null for as soon as possible. */
  appointment: string | null
  /** The instant the order is due: the chosen time or the first available slot. */
  dueAt: string
  isPreorder: boolean
  isQuotation: boolean
  paymentMethod: string
  isOnlinePayment: boolean
  comment: string | null
  donateeId: string | null
}

export type CheckoutResult = { ok: true; order: CheckedOrder } | { ok: false; errors: CheckoutError[] }

const NS = 'checkout:checkout'
const key = (name: string) => `${NS}.${name}`
const NOT_BLANK = 'validation.notBlank'

const ENABLED: Record<OrderType, keyof CheckoutBranch> = {
  takeaway: 'isTakeawayEnabled',
  delivery: 'isDeliveryEnabled',
  dineIn: 'isDineInEnabled',
}

// The phone rule lives in common/phone.ts (the storefront runs the same); named here as before.
export { normalisePhone, PHONE_EXAMPLES }

export function orderTypeOfForm(form: Pick<CreateOrderBody, 'isDelivery' | 'isDineIn'>): OrderType {
  return orderTypeOf(form)
}

const blank = (value: string | null | undefined): boolean =>
  value === null || value === undefined || value.trim() === ''
const textOrNull = (value: string | null | undefined): string | null => (blank(value) ? null : value!.trim())

export function checkCheckout(input: CheckoutInput): CheckoutResult {
  const { form, branch, config, catalogue, lookups, now } = input
  const errors: CheckoutError[] = []
  const fail = (field: string, k: string, params?: CheckoutError['params']) =>
    errors.push({ field, key: k, ...(params ? { params } : {}) })
  const orderType = orderTypeOfForm(form)
  const money = (cents: Cents) => formatMoney(cents, config.currency)

  // --- order type, table, delivery area ---------------------------------------------------
  if (branch[ENABLED[orderType]] !== true)
    fail(form.isDelivery ? 'isDelivery' : 'isDineIn', key('orderTypeDisabled'))
  let tableIdentifier: string | null = null
  if (orderType === 'dineIn') {
    tableIdentifier = textOrNull(form.table)
    if (tableIdentifier === null) fail('table', NOT_BLANK)
    else if (
      (lookups.tables.length > 0 || branch.isTableSelectionEnabled) &&
      !lookups.tables.includes(tableIdentifier)
    )
      fail('table', key('tableUnknown'))
  }
  let area: DeliveryArea | null = null
  if (orderType === 'delivery') {
    const wanted = textOrNull(form.deliveryArea)
    if (wanted === null) fail('deliveryArea', key('deliveryAreaRequired'))
    else {
      // The area's id, or its name in any case (clients from before areas had ids).
      area = findDeliveryArea(branch.deliveryAreas, wanted)
      if (area === null) fail('deliveryArea', key('deliveryAreaUnknown'))
    }
  }

  // --- contact ----------------------------------------------------------------------------
  const required = branch.requirements[orderType]
  const email = textOrNull(form.email)
  if ((required.email || config.isContactEmailRequired === true) && email === null) fail('email', NOT_BLANK)
  let phone: string | null = null
  if (!blank(form.phone)) {
    // A national number ('079 123 45 67') is read in the branch's country and stored as E.164.
    const phoneCountry = phoneCountryOf(branch.country, config.defaultCountry)
    const normalised = normalisePhone(form.phone!, phoneCountry)
    if (normalised.ok) phone = normalised.phone
    else fail('phone', key('phoneFormat'), { phone: PHONE_EXAMPLES[phoneCountry] })
  } else if (required.phone || config.isContactPhoneRequired === true) fail('phone', NOT_BLANK)
  const address: OrderAddress = {
    companyName: form.isCompany ? textOrNull(form.companyName ?? form.company) : null,
    firstName: form.firstName,
    lastName: form.lastName,
    street: textOrNull(form.street),
    floor: textOrNull(form.floor),
    stairway: textOrNull(form.stairway),
    door: textOrNull(form.door),
    zipCode: textOrNull(form.zipCode),
    city: textOrNull(form.city),
    country: form.country,
  }
  if (form.isCompany && address.companyName === null) fail('companyName', NOT_BLANK)
  let deliveryAddress: OrderAddress | null = null
  if (orderType === 'delivery' && form.isDeliveryAddressDifferent) {
    deliveryAddress = {
      companyName: form.isDeliveryCompany ? textOrNull(form.deliveryCompanyName) : null,
      firstName: textOrNull(form.deliveryFirstName),
      lastName: textOrNull(form.deliveryLastName),
      street: textOrNull(form.deliveryStreet),
      floor: textOrNull(form.deliveryFloor),
      stairway: textOrNull(form.deliveryStairway),
      door: textOrNull(form.deliveryDoor),
      zipCode: textOrNull(form.deliveryZipCode),
      city: textOrNull(form.deliveryCity),
      country: form.deliveryCountry ?? form.country,
    }
    for (const field of ['firstName', 'lastName', 'street', 'zipCode', 'city'] as const) {
      if (deliveryAddress[field] === null)
        fail(`delivery${field[0]!.toUpperCase()}${field.slice(1)}`, NOT_BLANK)
    }
    if (form.isDeliveryCompany && deliveryAddress.companyName === null) fail('deliveryCompanyName', NOT_BLANK)
  }
  if (required.address) {
    for (const field of ['street', 'zipCode', 'city'] as const) {
      if (address[field] === null) fail(field, NOT_BLANK)
    }
  }
  const hasAddress = address.street !== null || address.zipCode !== null || address.city !== null
  // The area must serve the address the goods go to: the different delivery address when
  // given, else the orderer's. Otherwise a customer could pick a cheaper area than theirs.
  if (area !== null && hasZipCodes(area)) {
    const zipField = deliveryAddress !== null ? 'deliveryZipCode' : 'zipCode'
    const zipCode = (deliveryAddress ?? address).zipCode
    if (zipCode === null) {
      if (!errors.some((e) => e.field === zipField)) fail(zipField, NOT_BLANK)
    } else if (!deliveryAreaServes(area, zipCode)) {
      const serving = branch.deliveryAreas.find((a) => a !== area && deliveryAreaServes(a, zipCode))
      if (serving)
        fail('deliveryArea', key('deliveryAreaZipCodeOther'), {
          zipCode,
          area: area.area,
          other: serving.area,
        })
      else fail('deliveryArea', key('deliveryAreaZipCode'), { zipCode, area: area.area })
    }
  }

  // --- legal, donatee, payment ----------------------------------------------------------------
  if (!form.legalInstructions) fail('legalInstructions', key('termsRequired'))
  if (!form.privacyPolicy) fail('privacyPolicy', key('privacyRequired'))
  if (lookups.donatee !== null) {
    if (!config.enablePluginDonations) fail('donatee', key('donationsDisabled'))
    else if (lookups.donatee === 'missing') fail('donatee', key('donateeUnknown'))
  }
  const isQuotation = branch.isQuotationRequired
  const payment = lookups.payment
  if (!payment.ok) {
    fail(
      'paymentMethod',
      key(
        payment.reason === 'unknown'
          ? 'paymentUnknown'
          : payment.reason === 'disabled'
            ? 'paymentDisabled'
            : 'paymentNotConfigured',
      ),
    )
  } else if (payment.online && isQuotation) fail('paymentMethod', key('paymentQuotation'))

  // --- when: open now, pre-order, appointment ------------------------------------------------
  // A paused branch (busy mode) takes orders as if closed: a later time only, and only where it
  // takes pre-orders; the appointment check below answers with the pause.
  const operations = input.operations ?? null
  const busy = operations === null ? null : busyModeOf(operations, branch)
  const paused = busy !== null && busy.pausedUntil !== null && busy.pausedUntil > now.getTime()
  const openNow =
    !paused && (orderType === 'delivery' ? isDeliveryOpenAt(branch, now) : isOpenForOrderingAt(branch, now))
  const isPreorder = !openNow && !isQuotation && branch.isPreorderEnabled
  if (!openNow && !paused && !isQuotation && !branch.isPreorderEnabled) {
    fail(
      'appointmentDate',
      orderType === 'delivery' ? 'scheduling:notice.noDelivery' : 'scheduling:notice.closed',
    )
  }

  // --- items ------------------------------------------------------------------------------------
  const productsByUid = new Map(catalogue.products.map((product) => [product.uid, product]))
  // Index-aligned with form.items; undefined where the item is unusable.
  const resolved: (
    | { product: Product; unit: Unit; amount: number; parts: CreateOrderItemPart[] }
    | undefined
  )[] = []
  if (catalogue.menu === null) fail('items', key('noMenu'))
  form.items.forEach((item, index) => {
    const field = (name: string) => `items.${index}.${name}`
    const product = productsByUid.get(item.product)
    if (product === undefined) {
      fail(field('product'), key('productUnknown'), { product: item.product })
      return
    }
    const { problems, amount } = checkItemShape(product, item, lookups.uploads)
    for (const problem of problems) fail(field(problem.field), problem.key, problem.params)
    if (problems.length === 0)
      resolved[index] = {
        product,
        unit: (item.unit ?? product.unit) as Unit,
        amount,
        parts: item.parts,
      }
  })

  const leadTimes: LeadTime[] = resolved
    .flatMap((entry) => (entry ? [entry.product] : []))
    .map((product) => ({
      isLeadTimeEnabled: product.isLeadTimeEnabled,
      leadTimeType: product.leadTimeType ?? 'minutes',
      leadTimeValue: product.leadTimeValue ?? 0,
    }))
  // The full 180-day answer costs about a millisecond; an order needs the days up to its time.
  // Only a refusal is answered from the whole horizon, so its message names the true first slot.
  // The same availability GET /api/branches/{id}/availability answers with, busy mode included.
  const availabilityFor = (horizonDays: number) =>
    branchAvailability(branch, orderType, now, { leadTimes, horizonDays, busy })
  const appointmentMs = form.appointmentDate ? Date.parse(form.appointmentDate) : null
  const check = (horizonDays: number) => {
    const availability = availabilityFor(horizonDays)
    const slot = checkAppointment(availability, appointmentMs, {
      isAppointmentRequired: branch.isAppointmentRequired,
    })
    return { availability, slot }
  }
  const nearDays =
    appointmentMs === null
      ? QUICK_HORIZON_DAYS
      : Math.min(SLOT_HORIZON_DAYS, Math.max(1, Math.ceil((appointmentMs - now.getTime()) / DAY_MS) + 2))
  let { availability, slot } = check(nearDays)
  if (!slot.isAvailable && nearDays < SLOT_HORIZON_DAYS) ({ availability, slot } = check(SLOT_HORIZON_DAYS))
  let dueAt: number | null = null
  if (slot.isAvailable) dueAt = slot.slot
  // Closed without pre-orders: the availability offers nothing, for the reason said above.
  else if (slot.reason !== 'closed-now')
    fail('appointmentDate', slotMessageKey(slot.reason, availability), slot.params)

  // Products are checked at the time they are served: a lunch dish for 12:00 ordered at 9:00.
  const at = wallClockOf(dueAt ?? now.getTime(), branch.timeZone)
  form.items.forEach((item, index) => {
    const product = productsByUid.get(item.product)
    if (product === undefined || catalogue.menu === null) return
    const orderable = productOrderability(
      product.id,
      catalogue.menu,
      catalogue.categories,
      catalogue.products,
      at,
    )
    if (!orderable.orderable)
      fail(
        `items.${index}.product`,
        key(orderable.reason === 'not-in-menu' ? 'productNotInMenu' : 'productUnavailable'),
        {
          name: product.name,
        },
      )
    // Sold out at this branch ("86") for what would be served before the mark ends.
    else if (operations !== null && soldOutUntil(operations, product.id, dueAt ?? now.getTime()) !== null)
      fail(`items.${index}.product`, key('productSoldOut'), { name: product.name })
  })

  // --- prices -----------------------------------------------------------------------------------
  const items: OrderItem[] = []
  form.items.forEach((item, index) => {
    const entry = resolved[index]
    if (entry === undefined) return
    const priced = priceOrderItem(entry.product, entry, orderType, lookups.uploads, input.itemId())
    if (item.price !== undefined && !entry.product.isPriceHidden && item.price !== priced.unitPrice) {
      fail(`items.${index}.price`, key('priceChanged'), {
        name: entry.product.name,
        price: money(priced.unitPrice),
      })
    }
    items.push(priced)
  })
  const lines = items.map((item) => ({ gross: item.total, taxRate: item.taxRate ?? 0 }))
  const itemsGross = lines.reduce((sum, line) => sum + line.gross, 0)
  const fee = deliveryFee(area, itemsGross, orderType)
  const pricing = priceLines(
    lines,
    orderType === 'delivery' && area !== null ? { gross: fee, taxRate: area.tax } : null,
  )
  if (area !== null) {
    const minimum = minimumOrderStatus(area, itemsGross, orderType)
    if (minimum !== null && !minimum.reached) {
      fail('deliveryArea', key('minimumOrder'), {
        amount: money(minimum.minimum),
        rest: money(minimum.missing),
      })
    }
  }
  // Beyond the shop's cap an order is a quotation request where the branch takes those, and
  // refused elsewhere with where to ask for a quote (spec §5's wording for the minimum).
  const maximum = maximumOrderStatus(pricing.totalGross, config.maximumOrderValue)
  if (maximum.exceeded && !isQuotation) {
    const contact = [textOrNull(branch.phone), textOrNull(branch.email)].filter((c) => c !== null)
    fail(
      'items',
      key(contact.length > 0 ? 'maximumOrder' : 'maximumOrderNoContact'),
      contact.length > 0
        ? { amount: money(maximum.maximum), contact: contact.join(', ') }
        : { amount: money(maximum.maximum) },
    )
  }

  if (errors.length > 0) return { ok: false, errors }
  const { rateGroups: _groups, ...orderPricing } = pricing
  return {
    ok: true,
    order: {
      orderType,
      isDelivery: orderType === 'delivery',
      isDineIn: orderType === 'dineIn',
      tableIdentifier,
      customer: {
        firstName: form.firstName,
        lastName: form.lastName,
        email,
        phone,
        isCompany: form.isCompany,
        companyName: address.companyName,
        vatNo: textOrNull(form.vatNo),
        address: hasAddress ? address : null,
      },
      deliveryAddress,
      deliveryArea: area?.area ?? null,
      deliveryTerms: area === null ? null : deliveryTermsOf(area),
      items,
      // Paid in cash, the total is rounded to the smallest coin (CHF: 5 Rappen), VAT untouched.
      pricing: withCashRounding(orderPricing, form.paymentMethod, config.currency, config.cashRounding),
      appointment: form.appointmentDate ? new Date(form.appointmentDate).toISOString() : null,
      dueAt: new Date(dueAt!).toISOString(),
      isPreorder,
      isQuotation,
      paymentMethod: form.paymentMethod,
      isOnlinePayment: payment.ok && payment.online,
      comment: textOrNull(form.comment),
      donateeId: lookups.donatee === 'found' ? textOrNull(form.donatee) : null,
    },
  }
}

/**
 * Today and tomorrow hold the ASAP slot of a shop that opens on one of them; the whole horizon
 * is searched only when they do not (the answer is the same, found with less work).
 */
const QUICK_HORIZON_DAYS = 2

export type ItemShape = { amount: number; unit?: string | undefined; parts: readonly CreateOrderItemPart[] }
export type ItemProblem = { field: string; key: string; params?: Record<string, string | number> }
/** The problems of an item, and its amount as the order keeps it (snapped off binary noise). */
export type ItemCheck = { problems: ItemProblem[]; amount: number }

const UPLOAD_PARTS = new Set(['file', 'files', 'image', 'images'])
const TEXT_PARTS = new Set(['text', 'textarea'])
const CHOICE_PARTS = new Set(['select', 'multiselect'])

/**
 * One cart item against its product: the unit is offered, the amount lies on the unit's
 * minimum/maximum/step grid (spec §5: the client snaps, so anything off it was not typed into
 * our form; a product without a maximum has its family's default line maximum, units.ts), and
 * every part is filled as its type requires with options and uploads that exist. An amount on
 * the grid but for binary noise (0.30000000000000004 for 0.3) is taken as its grid point.
 * Fields are relative to the item (`amount`, `parts.1.options`).
 */
export function checkItemShape(
  product: Product,
  item: ItemShape,
  uploads: ReadonlyMap<string, Upload>,
): ItemCheck {
  const problems: ItemProblem[] = []
  const name = product.name
  const unit = item.unit ?? product.unit
  const rules = isUnit(unit) ? quantityRulesFor(product, unit) : null
  const accepted = rules === null ? null : acceptedAmount(item.amount, rules)
  if (rules === null) {
    problems.push({ field: 'unit', key: key('unitNotOffered'), params: { name, unit } })
  } else if (accepted === null) {
    const params = {
      name,
      min: rules.min ?? 0,
      max: rules.max ?? '',
      step: rules.step ?? 1,
    }
    // Without a maximum of its own the unit has the default line maximum: named only when the
    // amount is above it, so an amount off the step reads as it did.
    const ownMaximum =
      (unit === product.unit ? product : product.alternativeUnits.find((a) => a.unit === unit))
        ?.maximumQuantity ?? null
    const above = rules.max !== null && Number.isFinite(item.amount) && item.amount > rules.max
    problems.push({
      field: 'amount',
      key: key(above ? 'amountAboveMaximum' : ownMaximum === null ? 'amountOffStepMin' : 'amountOffStep'),
      params,
    })
  }
  const parts = product.config?.parts ?? []
  if (item.parts.length > parts.length) {
    problems.push({ field: 'parts', key: key('partsTooMany'), params: { name, count: parts.length } })
  }
  parts.forEach((part, index) => {
    const entry = item.parts[index]
    const field = (f: string) => `parts.${index}.${f}`
    const partParams = { part: part.name, name }
    const options = entry?.options ?? []
    const text = entry?.text?.trim() ?? ''
    const refs = entry?.uploads ?? []
    if (CHOICE_PARTS.has(part.type)) {
      for (const option of options) {
        if (!part.options.some((o) => o.name === option))
          problems.push({
            field: field('options'),
            key: key('optionUnknown'),
            params: { ...partParams, option },
          })
      }
      if (new Set(options).size !== options.length)
        problems.push({ field: field('options'), key: key('optionTwice'), params: partParams })
      if (part.type === 'select' && options.length > 1)
        problems.push({ field: field('options'), key: key('singleChoice'), params: partParams })
      if (!part.optional && options.length === 0)
        problems.push({ field: field('options'), key: key('choiceRequired'), params: partParams })
    } else if (options.length > 0) {
      problems.push({ field: field('options'), key: key('partUnexpected'), params: partParams })
    }
    if (TEXT_PARTS.has(part.type)) {
      if (!part.optional && text === '')
        problems.push({ field: field('text'), key: key('textRequired'), params: partParams })
    } else if (text !== '') {
      problems.push({ field: field('text'), key: key('partUnexpected'), params: partParams })
    }
    if (UPLOAD_PARTS.has(part.type)) {
      if (!part.optional && refs.length === 0)
        problems.push({ field: field('uploads'), key: key('uploadRequired'), params: partParams })
      if ((part.type === 'file' || part.type === 'image') && refs.length > 1)
        problems.push({ field: field('uploads'), key: key('singleUpload'), params: partParams })
      for (const ref of refs) {
        const upload = uploads.get(ref.id)
        if (upload === undefined)
          problems.push({ field: field('uploads'), key: key('uploadUnknown'), params: partParams })
        else if (part.type.startsWith('image') && !upload.mimeType.startsWith('image/'))
          problems.push({ field: field('uploads'), key: key('uploadNotImage'), params: partParams })
      }
    } else if (refs.length > 0) {
      problems.push({ field: field('uploads'), key: key('partUnexpected'), params: partParams })
    }
  })
  return { problems, amount: accepted ?? item.amount }
}

/** The order line of a checked item, priced from the catalogue for the order type. */
export function priceOrderItem(
  product: Product,
  item: { amount: number; unit: Unit; parts: readonly CreateOrderItemPart[] },
  orderType: OrderType,
  uploads: ReadonlyMap<string, Upload>,
  itemId: string,
): OrderItem {
  const cartParts = item.parts.map((part) => ({
    options: part.options,
    text: part.text ?? '',
    uploads: part.uploads.flatMap((ref) => {
      const upload = uploads.get(ref.id)
      return upload ? [upload] : []
    }),
  }))
  const price = unitPrice(product, cartParts)
  const total = priceForAmount(product, price, item.amount, item.unit)
  const parts: OrderItemPart[] = (product.config?.parts ?? []).map((part, index) => ({
    name: part.name,
    type: part.type,
    options: [...(cartParts[index]?.options ?? [])],
    text: textOrNull(cartParts[index]?.text),
    uploads: (cartParts[index]?.uploads ?? []).map((u) => ({
      id: u.id,
      version: u.version,
      extension: u.extension,
      publicHash: u.publicHash,
      mimeType: u.mimeType,
    })),
  }))
  return {
    itemId,
    productUid: product.uid,
    productId: product.id,
    name: product.name,
    amount: item.amount,
    unit: item.unit,
    unitPrice: price,
    total,
    taxRate: taxRateFor(product, orderType),
    pricingModel: itemPricingModel({ unit: item.unit, product }),
    isPriceHidden: product.isPriceHidden,
    parts,
  }
}

/**
 * The order's pricing after its lines changed (staff item edit): same rules as the checkout,
 * with the delivery terms the order agreed to (never the area's current ones).
 */
export function repriceOrder(
  items: readonly Pick<OrderItem, 'total' | 'taxRate'>[],
  orderType: OrderType,
  area: Pick<DeliveryArea, 'price' | 'tax' | 'free' | 'freeFromOrderValue'> | null,
  /** How the order is paid: a cash order's new total is rounded again (withCashRounding). */
  payment?: { paymentMethod: string; currency: string; cashRounding?: CashRoundingSteps | null },
): OrderPricing {
  const lines = items.map((item) => ({ gross: item.total, taxRate: item.taxRate ?? 0 }))
  const itemsGross = lines.reduce((sum, line) => sum + line.gross, 0)
  const fee = deliveryFee(area, itemsGross, orderType)
  const { rateGroups: _groups, ...pricing } = priceLines(
    lines,
    orderType === 'delivery' && area !== null ? { gross: fee, taxRate: area.tax } : null,
  )
  if (!payment) return pricing
  return withCashRounding(pricing, payment.paymentMethod, payment.currency, payment.cashRounding)
}
