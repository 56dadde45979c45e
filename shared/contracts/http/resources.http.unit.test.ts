import { describe, expect, expectTypeOf, it } from 'vitest'
import type { z } from 'zod'
import { UNITS } from '../../domain/catalogue/index.ts'
import { hasTranslation, t } from '../../i18n/index.ts'
import { type ApiError, parseWithErrors } from './errors.http.ts'
import {
  type CreateBranchBody,
  type CreateProductBody,
  createBranchBodySchema,
  createConfigBodySchema,
  createUserBodySchema,
  isResourceType,
  MAX_NAVIGATION_DEPTH,
  type NavigationItem,
  openingHoursRuleSchema,
  PRODUCT_UNITS,
  RESOURCE_SCHEMAS,
  RESOURCE_TYPES,
  type ResourceType,
  type UpdateBranchBody,
  type UpdateUserBody,
  updateUserBodySchema,
} from './resources.http.ts'

const NOT_BLANK = 'Dieser Wert sollte nicht leer sein.'
const EXTRA = 'Dieses Feld wurde nicht erwartet.'
const CHOICE = 'Sie haben einen ungültigen Wert ausgewählt.'
const DATE_TIME = 'Dieser Wert entspricht keiner gültigen Datums- und Zeitangabe.'
const INT = 'Dieser Wert sollte vom Typ int sein.'
const min = (limit: number) => `Dieser Wert sollte ${limit} oder mehr sein.`
const max = (limit: number) => `Dieser Wert sollte ${limit} oder weniger sein.`
const greaterThan = (limit: number) => `Dieser Wert sollte grösser als ${limit} sein.`
const collectionMin = (limit: number) => `Diese Sammlung sollte ${limit} oder mehr Elemente enthalten.`
const collectionMax = (limit: number) => `Diese Sammlung sollte ${limit} oder weniger Elemente enthalten.`
const tooShort = (limit: number) =>
  `Diese Zeichenkette ist zu kurz. Sie sollte mindestens ${limit} Zeichen haben.`
const tooLong = (limit: number) =>
  `Diese Zeichenkette ist zu lang. Sie sollte höchstens ${limit} Zeichen haben.`
// Keys this file introduces may not be in the catalogue yet; until then the generic text shows.
const msg = (key: string) => (hasTranslation(key) ? t(key) : t('validation.invalid'))

const image = { id: 'img-1', version: 2, extension: 'jpg' }
const schedule = [
  {
    weekdays: ['saturday', 'sunday'],
    from: '08:00',
    to: '12:00',
    startDate: '2025-04-01',
    endDate: '2025-09-30',
  },
]
const rule = (type: string, extra: Record<string, unknown> = {}) => ({
  type,
  date: null,
  isClosed: false,
  from: '06:30',
  to: '18:30',
  ...extra,
})

const minimal: Record<ResourceType, Record<string, unknown>> = {
  config: { shopName: 'Bäckerei Muster' },
  users: { username: 'erika', roles: ['ROLE_EMPLOYEE'], password: 'correct horse' },
  divisions: { name: 'Bäckereien' },
  branches: { identifier: 'bahnhof', name: 'Filiale Bahnhof' },
  tags: { name: 'Vegan' },
  tables: { identifier: '12', branch: { id: 'b1' } },
  products: { uid: 'zopf', name: 'Zopf', price: 590, tax: 2.6, takeawayTax: 2.6, dineInTax: 8.1 },
  categories: { name: 'Brot' },
  menus: { name: 'Sommer', availableFrom: '2025-06-01T00:00:00+02:00' },
  donatees: { identifier: 'tafel', name: 'Tafel' },
  sites: { translations: { 'de-CH': { path: '/ueber-uns', name: 'Über uns' } } },
  navigations: { identifier: 'main' },
  blocks: { identifier: 'about', name: 'Über uns' },
  redirects: { path: '/alt', target: '/neu' },
  devices: { name: 'Theke', kind: 'board' },
  departments: { name: 'Küche' },
  images: {},
  uploads: {},
  'image-templates': { name: 'Etikett', width: 800, height: 600 },
  scenes: { path: '/screen', name: 'Schaufenster' },
  fonts: { family: 'Inter', variants: ['regular'] },
  'working-schedules': {
    kind: 'shift',
    userId: 'u1',
    branchId: 'b1',
    start: '2027-03-27T21:00:00.000Z',
    end: '2027-03-28T04:00:00.000Z',
  },
  projects: { name: 'Hochzeit Meier' },
  tasks: { projectId: 'p1', name: 'Apéro' },
  'digital-signage-segments': { name: 'Abholung', type: 'pickup', branch: { id: 'b1' } },
  'digital-signage-streams': { name: 'Schaufenster' },
  'digital-signage-devices': { name: 'TV Theke', branch: { id: 'b1' }, deviceId: 'd1' },
}

// Every field given, already in output form: parsing must return it unchanged.
const full: Record<ResourceType, Record<string, unknown>> = {
  config: {
    shopName: 'Bäckerei Muster',
    businessName: 'Muster AG',
    title: 'Frisch gebacken',
    description: 'Seit 1901.',
    seoTitle: 'Bäckerei Muster',
    seoDescription: 'Brot und Gebäck',
    website: 'https://example.org',
    termsAndConditions: '/agb',
    termsAndConditionsText: 'Ich akzeptiere die AGB.',
    privacyPolicy: 'https://example.org/datenschutz',
    privacyPolicyText: 'Datenschutz gelesen.',
    imprint: '/impressum',
    imprintText: 'Impressum',
    allergens: '/allergene',
    allergensText: 'Allergene',
    currency: 'CHF',
    defaultDeliveryMethod: 'delivery',
    defaultCountry: 'CH',
    enablePluginPWA: true,
    enablePluginToolbar: true,
    enablePluginMaps: true,
    mapZoom: 17.5,
    mapPitch: 40,
    mapBearing: 10,
    mapStyleUrl: 'https://tiles.example.org/style.json',
    enablePluginSMS: true,
    enablePluginDonations: true,
    enablePluginFrontdesk: true,
    enablePluginOrderReviews: true,
    disableTickets: true,
    enableCash: false,
    cashRounding: { CHF: 10, EUR: 5 },
    enableATMCard: true,
    enableVoucher: true,
    enablePluginStripe: true,
    enableStripe: true,
    enablePluginMollie: true,
    enableMollie: true,
    isContactEmailRequired: true,
    isContactPhoneRequired: true,
    maximumOrderValue: 2_500_000,
    rejectionReasons: ['Heute ausverkauft', 'Ofen defekt'],
    headingFont: 'Playfair Display',
    bodyFont: 'Inter',
  },
  users: {
    username: 'erika.muster@example.org',
    displayName: 'Erika Muster',
    roles: ['ROLE_ADMIN', 'ROLE_EMPLOYEE'],
    branches: [{ id: 'b1' }, { id: 'b2' }],
    isEnabled: false,
    holidayDaysPerYear: 25,
    hourlyRate: 3250,
    password: 'correct horse battery staple',
  },
  divisions: { name: 'Bäckereien', description: 'Alle Bäckereien', branches: [{ id: 'b1' }] },
  branches: {
    identifier: 'bahnhof',
    name: 'Filiale Bahnhof',
    description: 'Am Gleis 1',
    street: 'Bahnhofstrasse 1',
    zipCode: '8001',
    city: 'Zürich',
    country: 'CH',
    phone: '+41 44 000 00 00',
    email: 'bahnhof@example.org',
    latitude: 47.378,
    longitude: 8.54,
    keywords: 'brot, kaffee',
    tags: [{ id: 't1' }],
    images: [image],
    logo: { id: 'logo', version: 1, extension: 'png' },
    isPublic: true,
    openingHours: [
      rule('daily'),
      rule('sunday', { isClosed: true, from: null, to: null }),
      rule('once', { date: '2025-12-24', to: '24:00' }),
    ],
    deliveryHours: [rule('monday', { from: '11:00', to: '14:00' })],
    isDeliveryHoursEnabled: true,
    orderableFrom: '05:00',
    closedMessage: 'Heute geschlossen.',
    isTakeawayEnabled: true,
    isDeliveryEnabled: true,
    isDineInEnabled: true,
    isTableSelectionEnabled: true,
    isPreorderEnabled: true,
    isAppointmentRequired: true,
    isQuotationRequired: true,
    isCashEnabled: true,
    isATMCardEnabled: true,
    isVoucherEnabled: true,
    isStripeEnabled: true,
    isMollieEnabled: true,
    isDeliveryEmailRequired: true,
    isDeliveryPhoneRequired: true,
    isDeliveryAddressRequired: true,
    isDineInEmailRequired: true,
    isDineInPhoneRequired: true,
    isDineInAddressRequired: true,
    isTakeawayEmailRequired: true,
    isTakeawayPhoneRequired: true,
    isTakeawayAddressRequired: true,
    deliveryAreas: [
      {
        id: 'area-8001',
        area: '8001',
        price: 500,
        tax: 8.1,
        free: false,
        freeFromOrderValue: 5000,
        minimumOrderValue: 2000,
        zipCodes: ['8001', '8002'],
      },
      {
        id: 'area-8002',
        area: '8002',
        price: 0,
        tax: 8.1,
        free: true,
        freeFromOrderValue: null,
        minimumOrderValue: null,
        zipCodes: ['80*'],
      },
    ],
    timeZone: 'Europe/Vienna',
    missedOrderMinutes: 10,
  },
  tags: { name: 'Vegan', image },
  tables: { identifier: 't-12', branch: { id: 'b1' } },
  products: {
    uid: 'torte-nach-wunsch',
    name: 'Torte nach Wunsch',
    description: 'Mit Beschriftung',
    allergens: 'A, C, G',
    images: [image],
    type: 'configurable',
    price: 4500,
    tax: 2.6,
    takeawayTax: 2.6,
    dineInTax: 8.1,
    unit: 'kilogram',
    alternativeUnits: [
      {
        unit: 'piece',
        ratio: 1.5,
        calculationModel: 'approximate',
        minimumQuantity: 1,
        maximumQuantity: 3,
        quantityStepSize: 1,
      },
    ],
    minimumQuantity: 0.5,
    maximumQuantity: 5,
    quantityStepSize: 0.25,
    defaultQuantity: 1,
    defaultUnit: 'piece',
    calculationModel: 'minimum',
    isPriceHidden: true,
    isEnabled: false,
    schedule,
    isStepByStep: true,
    config: {
      parts: [
        { name: 'Beschriftung', description: 'max. 20 Zeichen', type: 'text', optional: true, options: [] },
        {
          name: 'Boden',
          description: null,
          type: 'select',
          optional: false,
          options: [
            { name: 'Biskuit', modifier: 'add', value: 0 },
            { name: 'Schokolade', modifier: 'add', value: 300 },
            { name: 'Aktion', modifier: 'overwrite', value: 3900 },
          ],
        },
      ],
    },
    isLeadTimeEnabled: true,
    leadTimeType: 'days',
    leadTimeValue: 2,
    translations: {
      'fr-FR': {
        name: 'Tarte',
        description: null,
        parts: [
          { name: 'Inscription', description: '20 caractères max.', options: [] },
          { name: 'Fond', description: null, options: ['Biscuit', null] },
        ],
      },
    },
  },
  categories: {
    name: 'Brot',
    image,
    isEnabled: false,
    schedule,
    isVisibleWhenUnavailable: true,
    translations: { 'fr-FR': { name: 'Pain' }, en: { name: 'Bread' } },
  },
  menus: {
    name: 'Sommer',
    availableFrom: '2025-06-01T00:00:00+02:00',
    branches: [{ id: 'b1' }],
    catalog: [
      { category: { id: 'c1' }, products: [{ id: 'p1' }, { id: 'p2' }] },
      { category: { id: 'c2' }, products: [] },
    ],
  },
  donatees: { identifier: 'tafel', name: 'Tafel', description: 'Lebensmittel für alle' },
  sites: {
    translations: {
      'de-CH': {
        path: '/ueber-uns',
        title: 'Über uns',
        name: 'Über uns',
        description: 'Wer wir sind',
        content: { sections: [{ type: 'text_section', text: '<p>Hallo</p>' }] },
      },
      'fr-FR': { path: '/a-propos', title: null, name: 'À propos', description: null, content: null },
    },
    isPublic: true,
    type: 'default',
  },
  navigations: {
    identifier: 'main',
    translations: { 'de-CH': { name: 'Hauptmenü' } },
    items: [
      { type: 'home', target: null, label: 'Start', isEnabled: true, children: [] },
      {
        type: 'site',
        target: 'site-1',
        label: 'Über uns',
        isEnabled: true,
        children: [
          { type: 'branch', target: 'b1', label: 'Bahnhof', isEnabled: false, children: [] },
          { type: 'link', target: 'https://example.org', label: 'Extern', isEnabled: true, children: [] },
        ],
      },
    ],
  },
  blocks: {
    identifier: 'contact',
    name: 'Kontakt',
    type: 'legacy',
    translations: { 'de-CH': { isPublic: true, content: [{ type: 'text', value: 'Hallo' }] } },
  },
  redirects: { path: '/alt', target: 'https://example.org/neu', statusCode: 302 },
  devices: {
    identifier: 'printer-1',
    name: 'Drucker',
    kind: 'printer',
    branch: { id: 'b1' },
    host: '192.168.1.50',
    port: 9100,
    paperWidth: 58,
    codePage: 'cp858',
    purposes: ['newOrder', 'kitchenTicket'],
  },
  departments: { name: 'Küche', branch: { id: 'b1' } },
  images: { alt: 'Zopf' },
  uploads: {},
  'image-templates': {
    name: 'Etikett',
    width: 800,
    height: 600,
    layers: [
      { id: 'l1', type: 'rectangle', x: 0, y: 0, width: 800, height: 600, color: '#ffffff', opacity: 1 },
    ],
  },
  scenes: { path: '/screen', name: 'Schaufenster', content: { slides: [] } },
  fonts: { family: 'Inter', variants: ['regular', 'italic', '700', '700italic'] },
  'working-schedules': {
    kind: 'holiday',
    userId: 'u1',
    branchId: null,
    start: null,
    end: null,
    breakMinutes: 0,
    from: '2027-07-05',
    to: '2027-07-16',
    days: 9.5,
    note: 'Sommerferien',
  },
  projects: { name: 'Hochzeit Meier', branchId: 'b1', isActive: false },
  tasks: { projectId: 'p1', name: 'Apéro' },
  'digital-signage-segments': {
    name: 'Sortiment',
    type: 'menu',
    durationSeconds: 20,
    image: null,
    fit: 'cover',
    site: null,
    block: null,
    branch: { id: 'b1' },
    products: [{ id: 'p1' }, { id: 'p2' }],
  },
  'digital-signage-streams': {
    name: 'Schaufenster',
    items: [
      { segmentId: 's1', durationSeconds: null, schedule: null },
      {
        segmentId: 's2',
        durationSeconds: 30,
        schedule: { days: ['friday', 'saturday'], from: '22:00', to: '02:00' },
      },
    ],
  },
  'digital-signage-devices': { name: 'TV Theke', branch: { id: 'b1' }, deviceId: 'd1', streamId: 's1' },
}

function errorsOf(schema: z.ZodType, body: unknown): ApiError[] {
  const result = parseWithErrors(schema, body)
  if (result.success) throw new Error('expected the body to be refused')
  return result.errors
}

describe('resource registry', () => {
  it('has a create and an update schema for every resource type', () => {
    expect(Object.keys(RESOURCE_SCHEMAS).sort()).toEqual([...RESOURCE_TYPES].sort())
    expect(isResourceType('image-templates')).toBe(true)
    expect(isResourceType('logs')).toBe(false)
  })
})

describe.each(RESOURCE_TYPES)('%s', (type) => {
  const { create, update } = RESOURCE_SCHEMAS[type]

  it('accepts a minimal body', () => {
    expect(create.safeParse(minimal[type]).success).toBe(true)
    expect(update.safeParse({ ...minimal[type], version: 1 }).success).toBe(true)
  })

  it('accepts a full body unchanged', () => {
    expect(create.parse(full[type])).toEqual(full[type])
    expect(update.parse({ ...full[type], version: 3 })).toEqual({ ...full[type], version: 3 })
  })

  it('refuses a PUT body without a valid version', () => {
    expect(errorsOf(update, full[type])).toEqual([{ field: 'version', message: NOT_BLANK }])
    expect(errorsOf(update, { ...full[type], version: 0 })).toEqual([{ field: 'version', message: min(1) }])
  })

  it('refuses unknown fields on create and update', () => {
    expect(errorsOf(create, { ...full[type], id: 'x' })).toEqual([{ field: 'id', message: EXTRA }])
    expect(errorsOf(update, { ...full[type], version: 1, createdAt: 'x' })).toEqual([
      { field: 'createdAt', message: EXTRA },
    ])
  })
})

describe('defaults', () => {
  it('fills config defaults, among them the map settings of spec §9', () => {
    expect(createConfigBodySchema.parse(minimal.config)).toMatchObject({
      businessName: null,
      website: null,
      currency: 'EUR',
      defaultDeliveryMethod: 'takeaway',
      defaultCountry: 'AT',
      mapZoom: 19,
      mapPitch: 55,
      mapBearing: -85,
      enableCash: true,
      enableStripe: false,
      // 10,000.00: beyond it a quotation (spec §5 style message otherwise).
      maximumOrderValue: 1_000_000,
    })
  })

  it('fills branch defaults and turns blank optional texts into null', () => {
    const branch = createBranchBodySchema.parse({
      ...minimal.branches,
      street: '  ',
      email: '',
      name: ' Bahnhof ',
    })
    expect(branch).toMatchObject({
      name: 'Bahnhof',
      street: null,
      email: null,
      logo: null,
      tags: [],
      openingHours: [],
      isPublic: false,
      isTakeawayEnabled: true,
      isCashEnabled: true,
      timeZone: 'Europe/Zurich',
      missedOrderMinutes: 4,
    })
  })

  it('fills product defaults', () => {
    expect(RESOURCE_SCHEMAS.products.create.parse(minimal.products)).toMatchObject({
      type: 'simple',
      unit: 'piece',
      minimumQuantity: 1,
      maximumQuantity: null,
      quantityStepSize: 1,
      defaultQuantity: null,
      calculationModel: 'fixed',
      isEnabled: true,
      config: { parts: [] },
      isLeadTimeEnabled: false,
      leadTimeType: 'minutes',
      leadTimeValue: 0,
    })
  })

  it('accepts UTC and 24:00', () => {
    const body = { ...minimal.branches, timeZone: 'UTC', openingHours: [rule('daily', { to: '24:00' })] }
    expect(createBranchBodySchema.safeParse(body).success).toBe(true)
  })

  it('requires the password on create only and keeps it untrimmed', () => {
    const { password: _, ...withoutPassword } = full.users
    expect(updateUserBodySchema.parse({ ...withoutPassword, version: 2 })).toEqual({
      ...withoutPassword,
      version: 2,
    })
    expect(errorsOf(createUserBodySchema, withoutPassword)).toEqual([
      { field: 'password', message: NOT_BLANK },
    ])
    expect(createUserBodySchema.parse({ ...minimal.users, password: ' secret pw ' }).password).toBe(
      ' secret pw ',
    )
  })
})

type BadCase = [string, ResourceType, Record<string, unknown>, ApiError[]]

const bad: BadCase[] = [
  // config
  [
    'an unknown currency, an invalid website and a zoom out of range',
    'config',
    { ...full.config, currency: 'eur', website: 'javascript:alert(1)', mapZoom: 23 },
    [
      { field: 'website', message: msg('validation.url') },
      { field: 'currency', message: msg('validation.currency') },
      { field: 'mapZoom', message: max(22) },
    ],
  ],
  [
    'a missing shop name and an unknown delivery method',
    'config',
    { defaultDeliveryMethod: 'drone' },
    [
      { field: 'shopName', message: NOT_BLANK },
      { field: 'defaultDeliveryMethod', message: CHOICE },
    ],
  ],
  [
    'an order-total cap of zero',
    'config',
    { ...full.config, maximumOrderValue: 0 },
    [{ field: 'maximumOrderValue', message: min(1) }],
  ],
  [
    'a flag given as string',
    'config',
    { ...full.config, enableCash: 'true' },
    [{ field: 'enableCash', message: 'Dieser Wert sollte vom Typ boolean sein.' }],
  ],
  // users
  [
    'a short username and password and no roles',
    'users',
    { username: 'ab', roles: [], password: 'short' },
    [
      { field: 'username', message: tooShort(3) },
      { field: 'roles', message: collectionMin(1) },
      { field: 'password', message: tooShort(10) },
    ],
  ],
  [
    'an unknown role and a blank branch id',
    'users',
    { ...full.users, roles: ['ROLE_ROOT'], branches: [{ id: ' ' }] },
    [
      { field: 'roles.0', message: CHOICE },
      { field: 'branches.0.id', message: NOT_BLANK },
    ],
  ],
  [
    'a repeated role and branch',
    'users',
    { ...full.users, roles: ['ROLE_ADMIN', 'ROLE_ADMIN'], branches: [{ id: 'b1' }, { id: 'b1' }] },
    [
      { field: 'roles.1', message: msg('validation.duplicate') },
      { field: 'branches.1.id', message: msg('validation.duplicate') },
    ],
  ],
  [
    'a username with spaces',
    'users',
    { ...full.users, username: 'erika muster' },
    [{ field: 'username', message: msg('validation.username') }],
  ],
  // branches
  [
    'a non-slug identifier, bad coordinates, email, time zone and missed-order minutes',
    'branches',
    {
      ...full.branches,
      identifier: 'Filiale Bahnhof',
      latitude: 91,
      longitude: -181,
      email: 'bahnhof',
      timeZone: 'Mars/Olympus',
      missedOrderMinutes: 121,
    },
    [
      { field: 'identifier', message: msg('validation.slug') },
      { field: 'email', message: 'Dieser Wert ist keine gültige E-Mail-Adresse.' },
      { field: 'latitude', message: max(90) },
      { field: 'longitude', message: min(-180) },
      { field: 'timeZone', message: msg('validation.timeZone') },
      { field: 'missedOrderMinutes', message: max(120) },
    ],
  ],
  [
    'an identifier over 64 characters and fractional missed-order minutes',
    'branches',
    { ...full.branches, identifier: 'a'.repeat(65), missedOrderMinutes: 4.5 },
    [
      { field: 'identifier', message: tooLong(64) },
      { field: 'missedOrderMinutes', message: INT },
    ],
  ],
  [
    'opening-hours rules breaking the once/date, from/to and time rules',
    'branches',
    {
      ...full.branches,
      openingHours: [
        rule('once'),
        rule('monday', { date: '2025-01-06' }),
        rule('tuesday', { from: null }),
        rule('friday', { from: '18:00', to: '18:00' }),
      ],
      deliveryHours: [rule('weekend'), rule('daily', { from: '24:01', to: '7:00' })],
      orderableFrom: '25:00',
    },
    [
      { field: 'openingHours.0.date', message: NOT_BLANK },
      { field: 'openingHours.1.date', message: EXTRA },
      { field: 'openingHours.2.from', message: NOT_BLANK },
      { field: 'openingHours.3.to', message: msg('validation.timeRange') },
      { field: 'deliveryHours.0.type', message: CHOICE },
      { field: 'deliveryHours.1.from', message: msg('validation.time') },
      { field: 'deliveryHours.1.to', message: msg('validation.time') },
      { field: 'orderableFrom', message: msg('validation.time') },
    ],
  ],
  [
    'an invalid date in a once rule',
    'branches',
    { ...full.branches, openingHours: [rule('once', { date: '2025-02-30' })] },
    [{ field: 'openingHours.0.date', message: DATE_TIME }],
  ],
  [
    'delivery areas with a repeated name, negative price and a three-decimal tax',
    'branches',
    {
      ...full.branches,
      deliveryAreas: [
        { area: '8001', price: -1, tax: 8.125 },
        { area: '8002', price: 100, tax: 101, freeFromOrderValue: 10.5 },
      ],
    },
    [
      { field: 'deliveryAreas.0.price', message: min(0) },
      { field: 'deliveryAreas.0.tax', message: 'Dieser Wert sollte ein Vielfaches von 0.01 sein.' },
      { field: 'deliveryAreas.1.tax', message: max(100) },
      { field: 'deliveryAreas.1.freeFromOrderValue', message: INT },
    ],
  ],
  [
    'a repeated delivery area',
    'branches',
    {
      ...full.branches,
      deliveryAreas: [
        { area: 'Zentrum', price: 0, tax: 0 },
        { area: 'zentrum', price: 0, tax: 0 },
      ],
    },
    [{ field: 'deliveryAreas.1.area', message: msg('validation.duplicate') }],
  ],
  [
    'delivery areas with a repeated id and postcodes that are none',
    'branches',
    {
      ...full.branches,
      deliveryAreas: [
        { id: 'a1', area: 'Zentrum', price: 0, tax: 0, zipCodes: ['8001', '*', '80 01'] },
        { id: 'a1', area: 'Land', price: 0, tax: 0, zipCodes: ['84*0'] },
        { id: 'x y', area: 'See', price: 0, tax: 0 },
      ],
    },
    [
      { field: 'deliveryAreas.0.zipCodes.1', message: msg('validation.zipCode') },
      { field: 'deliveryAreas.0.zipCodes.2', message: msg('validation.duplicate') },
      { field: 'deliveryAreas.1.zipCodes.0', message: msg('validation.zipCode') },
      { field: 'deliveryAreas.2.id', message: t('validation.invalid') },
      { field: 'deliveryAreas.1.id', message: msg('validation.duplicate') },
    ],
  ],
  [
    'delivery without areas and a latitude without longitude',
    'branches',
    { ...minimal.branches, isDeliveryEnabled: true, latitude: 47 },
    [
      { field: 'longitude', message: NOT_BLANK },
      { field: 'deliveryAreas', message: collectionMin(1) },
    ],
  ],
  [
    'a malformed image and logo',
    'branches',
    { ...full.branches, images: [{ id: 'i', version: 0, extension: 'JPG' }], logo: { id: 'l' } },
    [
      { field: 'images.0.version', message: min(1) },
      { field: 'images.0.extension', message: t('validation.invalid') },
      { field: 'logo.version', message: NOT_BLANK },
      { field: 'logo.extension', message: NOT_BLANK },
    ],
  ],
  // tags, tables, donatees
  ['a blank tag name', 'tags', { name: '  ' }, [{ field: 'name', message: NOT_BLANK }]],
  [
    'a table without branch and an upper-case identifier',
    'tables',
    { identifier: 'T12' },
    [
      { field: 'identifier', message: msg('validation.slug') },
      { field: 'branch', message: NOT_BLANK },
    ],
  ],
  [
    'a blank donatee identifier',
    'donatees',
    { ...full.donatees, identifier: '' },
    [{ field: 'identifier', message: NOT_BLANK }],
  ],
  // products
  [
    'a negative and fractional price, a bad tax and unit, a zero step',
    'products',
    { ...full.products, price: 1.5, tax: -1, takeawayTax: 7.777, unit: 'stone', quantityStepSize: 0 },
    [
      { field: 'price', message: INT },
      { field: 'tax', message: min(0) },
      { field: 'takeawayTax', message: 'Dieser Wert sollte ein Vielfaches von 0.01 sein.' },
      { field: 'unit', message: CHOICE },
      { field: 'quantityStepSize', message: greaterThan(0) },
    ],
  ],
  [
    'minimum above maximum and a default outside',
    'products',
    { ...full.products, minimumQuantity: 3, maximumQuantity: 2, defaultQuantity: 1 },
    [
      { field: 'maximumQuantity', message: min(3) },
      { field: 'defaultQuantity', message: min(3) },
    ],
  ],
  [
    'a default above the maximum',
    'products',
    { ...full.products, defaultQuantity: 6 },
    [{ field: 'defaultQuantity', message: max(5) }],
  ],
  [
    'an alternative unit with zero ratio',
    'products',
    { ...full.products, alternativeUnits: [{ unit: 'piece', ratio: 0 }] },
    [{ field: 'alternativeUnits.0.ratio', message: greaterThan(0) }],
  ],
  [
    'a gram ratio of 1000 on a kilogram product (spec §3 factors say 0.001); a right decagram ratio and a piece are fine',
    'products',
    {
      ...full.products,
      alternativeUnits: [
        { unit: 'gram', ratio: 1000 },
        { unit: 'piece', ratio: 1000 },
        { unit: 'decagram', ratio: 0.01 },
      ],
    },
    [
      {
        field: 'alternativeUnits.0.ratio',
        message:
          'Dieses Verhältnis widerspricht den festen Umrechnungsfaktoren der Einheiten; es muss 0.001 betragen.',
      },
    ],
  ],
  [
    'an alternative unit equal to the unit, one repeated, one with min above max, and a foreign default unit',
    'products',
    {
      ...full.products,
      alternativeUnits: [
        { unit: 'kilogram', ratio: 1 },
        { unit: 'piece', ratio: 2, minimumQuantity: 4, maximumQuantity: 2 },
        { unit: 'piece', ratio: 3 },
      ],
      defaultUnit: 'l',
    },
    [
      { field: 'alternativeUnits.1.maximumQuantity', message: min(4) },
      { field: 'alternativeUnits.2.unit', message: msg('validation.duplicate') },
      { field: 'alternativeUnits.0.unit', message: msg('validation.duplicate') },
      { field: 'defaultUnit', message: CHOICE },
    ],
  ],
  [
    'parts with missing or unexpected options',
    'products',
    {
      ...full.products,
      config: {
        parts: [
          { name: 'Boden', type: 'select' },
          { name: 'Text', type: 'text', options: [{ name: 'x' }] },
          { name: 'Farbe', type: 'color' },
          { name: 'Deko', type: 'multiselect', options: [{ name: 'x', modifier: 'multiply', value: -5 }] },
        ],
      },
    },
    [
      { field: 'config.parts.0.options', message: collectionMin(1) },
      { field: 'config.parts.1.options', message: EXTRA },
      { field: 'config.parts.2.type', message: CHOICE },
      { field: 'config.parts.3.options.0.modifier', message: CHOICE },
      { field: 'config.parts.3.options.0.value', message: min(0) },
    ],
  ],
  [
    'a lead time enabled without a value',
    'products',
    { ...full.products, leadTimeValue: 0 },
    [{ field: 'leadTimeValue', message: min(1) }],
  ],
  [
    'an unknown lead time type',
    'products',
    { ...full.products, leadTimeType: 'months' },
    [{ field: 'leadTimeType', message: CHOICE }],
  ],
  [
    'schedules with inverted times and dates and a repeated weekday',
    'products',
    {
      ...full.products,
      schedule: [
        { from: '12:00', to: '08:00', startDate: '2025-05-01', endDate: '2025-04-01' },
        { weekdays: ['monday', 'monday'] },
        { weekdays: ['someday'], startDate: '1.5.2025' },
      ],
    },
    [
      { field: 'schedule.0.to', message: msg('validation.timeRange') },
      { field: 'schedule.0.endDate', message: msg('validation.dateRange') },
      { field: 'schedule.1.weekdays.1', message: msg('validation.duplicate') },
      { field: 'schedule.2.weekdays.0', message: CHOICE },
      { field: 'schedule.2.startDate', message: DATE_TIME },
    ],
  ],
  [
    'an empty weekday list',
    'categories',
    { ...full.categories, schedule: [{ weekdays: [] }] },
    [{ field: 'schedule.0.weekdays', message: collectionMin(1) }],
  ],
  // menus
  [
    'an availableFrom without offset and a repeated category and product',
    'menus',
    {
      ...full.menus,
      availableFrom: '2025-06-01T00:00:00',
      catalog: [
        { category: { id: 'c1' }, products: [{ id: 'p1' }, { id: 'p1' }] },
        { category: { id: 'c1' } },
      ],
    },
    [
      { field: 'availableFrom', message: DATE_TIME },
      { field: 'catalog.0.products.1.id', message: msg('validation.duplicate') },
      { field: 'catalog.1.category.id', message: msg('validation.duplicate') },
    ],
  ],
  // sites
  ['no translation', 'sites', { translations: {} }, [{ field: 'translations', message: NOT_BLANK }]],
  [
    'an unsupported locale and a path without leading slash',
    'sites',
    {
      translations: {
        'de-CH': { path: 'ueber-uns', name: 'Über uns' },
        'it-IT': { path: '/chi', name: 'Chi' },
      },
    },
    [
      { field: 'translations.de-CH.path', message: msg('validation.path') },
      { field: 'translations.it-IT', message: EXTRA },
    ],
  ],
  // navigations
  [
    'items without target, with a bad link and an unknown type',
    'navigations',
    {
      identifier: 'main',
      items: [
        { type: 'site', label: 'Über uns' },
        { type: 'link', label: 'Extern', target: 'ftp://example.org' },
        { type: 'page', label: 'X' },
        { type: 'home', label: ' ' },
      ],
    },
    [
      { field: 'items.0.target', message: NOT_BLANK },
      { field: 'items.1.target', message: msg('validation.url') },
      { field: 'items.2.type', message: CHOICE },
      { field: 'items.3.label', message: NOT_BLANK },
    ],
  ],
  [
    `items nested deeper than ${MAX_NAVIGATION_DEPTH} levels`,
    'navigations',
    { identifier: 'main', items: [nest(MAX_NAVIGATION_DEPTH + 1)] },
    [{ field: 'items.0.children.0.children.0.children.0.children', message: collectionMax(0) }],
  ],
  // blocks
  [
    'an unknown block type and a non-boolean isPublic',
    'blocks',
    { ...full.blocks, type: 'fancy', translations: { 'fr-FR': { isPublic: 'yes' } } },
    [
      { field: 'type', message: CHOICE },
      { field: 'translations.fr-FR.isPublic', message: 'Dieser Wert sollte vom Typ boolean sein.' },
    ],
  ],
  // redirects
  [
    'an unsupported status code and a script target',
    'redirects',
    { path: '/alt', target: 'javascript:alert(1)', statusCode: 303 },
    [
      { field: 'target', message: msg('validation.url') },
      { field: 'statusCode', message: CHOICE },
    ],
  ],
  [
    'a redirect to itself',
    'redirects',
    { path: '/alt', target: '/alt' },
    [{ field: 'target', message: msg('validation.redirectLoop') }],
  ],
  [
    'a protocol-relative path',
    'redirects',
    { path: '//evil.example', target: '/neu' },
    [{ field: 'path', message: msg('validation.path') }],
  ],
  // devices, departments, media
  [
    'a device without kind and a branch without id',
    'devices',
    { identifier: 'printer-1', name: 'Drucker', branch: {} },
    [
      { field: 'kind', message: CHOICE },
      { field: 'branch.id', message: NOT_BLANK },
    ],
  ],
  [
    'a printer without host, with a port out of range and an unknown purpose',
    'devices',
    { name: 'Drucker', kind: 'printer', branch: { id: 'b1' }, port: 0, purposes: ['dessert'] },
    [
      { field: 'port', message: 'Dieser Wert sollte 1 oder mehr sein.' },
      { field: 'purposes.0', message: CHOICE },
    ],
  ],
  [
    'a department name over 255 characters',
    'departments',
    { name: 'x'.repeat(256) },
    [{ field: 'name', message: tooLong(255) }],
  ],
  [
    'an alt text over 255 characters',
    'images',
    { alt: 'x'.repeat(256) },
    [{ field: 'alt', message: tooLong(255) }],
  ],
  ['any upload field', 'uploads', { mimeType: 'image/png' }, [{ field: 'mimeType', message: EXTRA }]],
  [
    'a zero width and a fractional height',
    'image-templates',
    { name: 'Etikett', width: 0, height: 1.5, layers: {} },
    [
      { field: 'width', message: min(1) },
      { field: 'height', message: INT },
      { field: 'layers', message: 'Dieser Wert sollte vom Typ array sein.' },
    ],
  ],
  ['a scene without path', 'scenes', { name: 'Schaufenster' }, [{ field: 'path', message: NOT_BLANK }]],
  [
    'font variants empty',
    'fonts',
    { family: 'Inter', variants: [] },
    [{ field: 'variants', message: collectionMin(1) }],
  ],
  [
    'an unknown and a repeated font variant',
    'fonts',
    { family: 'Inter', variants: ['450', 'regular', 'regular'] },
    [
      { field: 'variants.0', message: t('validation.invalid') },
      { field: 'variants.2', message: msg('validation.duplicate') },
    ],
  ],
  // digital signage
  [
    'an image segment without its image, with a branch of another type',
    'digital-signage-segments',
    { name: 'Bild', type: 'image', branch: { id: 'b1' } },
    [
      { field: 'branch', message: EXTRA },
      { field: 'image', message: NOT_BLANK },
    ],
  ],
  [
    'a content segment with both a page and a block, a duration out of range',
    'digital-signage-segments',
    { name: 'Inhalt', type: 'content', site: { id: 's1' }, block: { id: 'k1' }, durationSeconds: 3601 },
    [
      { field: 'durationSeconds', message: max(3600) },
      { field: 'block', message: NOT_BLANK },
    ],
  ],
  [
    'a pickup segment without branch, with products',
    'digital-signage-segments',
    { name: 'Abholung', type: 'pickup', products: [{ id: 'p1' }] },
    [
      { field: 'products', message: EXTRA },
      { field: 'branch', message: NOT_BLANK },
    ],
  ],
  [
    'a stream item with an unknown weekday, a bad time and from equal to',
    'digital-signage-streams',
    {
      name: 'Schaufenster',
      items: [
        { segmentId: 's1', schedule: { days: ['someday'], from: '08:00', to: '25:00' } },
        { segmentId: 's2', schedule: { days: ['monday'], from: '08:00', to: '08:00' } },
      ],
    },
    [
      { field: 'items.0.schedule.days.0', message: expect.any(String) },
      { field: 'items.0.schedule.to', message: msg('validation.time') },
      { field: 'items.1.schedule.to', message: msg('validation.endAfterStart') },
    ],
  ],
  [
    'a screen without branch and device',
    'digital-signage-devices',
    { name: 'TV' },
    [
      { field: 'branch', message: expect.any(String) },
      { field: 'deviceId', message: expect.any(String) },
    ],
  ],
]

function nest(depth: number): Record<string, unknown> {
  return { type: 'home', label: `Ebene ${depth}`, children: depth > 1 ? [nest(depth - 1)] : [] }
}

describe.each(bad)('refuses %s', (_, type, body, errors) => {
  it('on create', () => {
    expect(errorsOf(RESOURCE_SCHEMAS[type].create, body)).toEqual(errors)
  })
  it('on update', () => {
    expect(errorsOf(RESOURCE_SCHEMAS[type].update, { ...body, version: 1 })).toEqual(errors)
  })
})

describe('navigation depth', () => {
  it(`accepts items nested ${MAX_NAVIGATION_DEPTH} levels deep`, () => {
    const body = { identifier: 'main', items: [nest(MAX_NAVIGATION_DEPTH)] }
    expect(RESOURCE_SCHEMAS.navigations.create.safeParse(body).success).toBe(true)
  })
})

describe('types', () => {
  it('exposes the parsed bodies', () => {
    expectTypeOf<UpdateBranchBody['version']>().toEqualTypeOf<number>()
    expectTypeOf<CreateBranchBody['latitude']>().toEqualTypeOf<number | null>()
    expectTypeOf<CreateBranchBody['openingHours'][number]['type']>().toEqualTypeOf<
      'once' | 'daily' | 'monday' | 'tuesday' | 'wednesday' | 'thursday' | 'friday' | 'saturday' | 'sunday'
    >()
    expectTypeOf<CreateProductBody['defaultUnit']>().toExtend<string | null>()
    expectTypeOf<UpdateUserBody['password']>().toEqualTypeOf<string | undefined>()
    expectTypeOf<z.output<typeof RESOURCE_SCHEMAS.navigations.create>['items']>().toEqualTypeOf<
      NavigationItem[]
    >()
  })
})

describe('opening hours past midnight', () => {
  it('accepts a rule whose end lies before its start (open into the next day)', () => {
    const result = openingHoursRuleSchema.safeParse({
      type: 'friday',
      isClosed: false,
      from: '22:00',
      to: '02:00',
    })
    expect(result.success).toBe(true)
  })
})

describe('units', () => {
  it('the product schema offers exactly the units the catalogue rules know', () => {
    expect([...PRODUCT_UNITS].sort()).toEqual([...UNITS].sort())
  })
})

describe('config: cash rounding per currency', () => {
  it('defaults to none set (CHF rounds to 0.05 by the pricing default) and takes steps in cents', () => {
    expect(createConfigBodySchema.parse(minimal.config).cashRounding).toEqual({})
    expect(
      createConfigBodySchema.parse({ ...minimal.config, cashRounding: { CHF: 0, EUR: 5 } }).cashRounding,
    ).toEqual({
      CHF: 0,
      EUR: 5,
    })
  })

  it('refuses an unknown currency and a step that is no whole number from 0 to 100', () => {
    expect(errorsOf(createConfigBodySchema, { ...minimal.config, cashRounding: { XYZ: 5 } })).toEqual([
      { field: 'cashRounding.XYZ', message: msg('validation.invalid') },
    ])
    expect(
      errorsOf(createConfigBodySchema, { ...minimal.config, cashRounding: { CHF: 2.5 } })[0]!.field,
    ).toBe('cashRounding.CHF')
    expect(errorsOf(createConfigBodySchema, { ...minimal.config, cashRounding: { CHF: 500 } })).toEqual([
      { field: 'cashRounding.CHF', message: max(100) },
    ])
  })

  it('takes a default country of the checkout and refuses any other', () => {
    expect(createConfigBodySchema.parse({ ...minimal.config, defaultCountry: 'CH' }).defaultCountry).toBe(
      'CH',
    )
    expect(errorsOf(createConfigBodySchema, { ...minimal.config, defaultCountry: 'FR' })[0]!.field).toBe(
      'defaultCountry',
    )
  })
})
