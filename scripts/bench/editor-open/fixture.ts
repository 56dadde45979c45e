import type { StoredProduct } from '../../../web/backoffice/src/features/products/product-form.ts'

/**
 * What the API answers while the product editor opens (issue 17's "opening the product editor
 * costs no more than 1.5 × a plain form of the same fields"): a realistic configured product with
 * every field of the product contract (`createProductBodySchema`), 2 alternative units, 3 images,
 * a schedule, the lead time on, 3 configurable parts of 5 options each and its French and English
 * translations; its images (their alternative texts), its history and the shop's configuration.
 * fixture-check.ts parses each answer with the contract the API answers it by (in
 * fixture.unit.test.ts, and in the bench before it runs).
 */

export const PRODUCT_ID = 'b3f1c2d4-5e6f-4a7b-8c9d-0e1f2a3b4c5d'

export const PRODUCT = {
  id: PRODUCT_ID,
  version: 7,
  uid: 'schokoladentorte-gross',
  name: 'Schokoladentorte nach Wunsch',
  description:
    'Saftiger Schokoladenbiskuit mit dunkler Ganache, mit Grösse, Füllung und Dekoration nach Wahl. ' +
    'Bitte mindestens zwei Tage im Voraus bestellen; auf Wunsch mit Aufschrift.',
  allergens: 'Gluten (Weizen), Milch, Ei, Soja; kann Spuren von Nüssen enthalten.',
  images: [
    { id: '0c9f8a1e-2b3d-4c5e-8f70-1a2b3c4d5e01', version: 2, extension: 'jpg' },
    { id: '0c9f8a1e-2b3d-4c5e-8f70-1a2b3c4d5e02', version: 1, extension: 'jpg' },
    { id: '0c9f8a1e-2b3d-4c5e-8f70-1a2b3c4d5e03', version: 3, extension: 'png' },
  ],
  type: 'configurable',
  price: 4850,
  tax: 2.6,
  takeawayTax: 2.6,
  dineInTax: 8.1,
  unit: 'piece',
  alternativeUnits: [
    {
      unit: 'serving',
      ratio: 0.125,
      calculationModel: 'fixed',
      minimumQuantity: 4,
      maximumQuantity: 40,
      quantityStepSize: 1,
    },
    {
      unit: 'kilogram',
      ratio: 0.8,
      calculationModel: 'approximate',
      minimumQuantity: 0.5,
      maximumQuantity: 5,
      quantityStepSize: 0.25,
    },
  ],
  minimumQuantity: 1,
  maximumQuantity: 10,
  quantityStepSize: 1,
  defaultQuantity: 1,
  defaultUnit: 'piece',
  calculationModel: 'fixed',
  isPriceHidden: false,
  isEnabled: true,
  schedule: [
    {
      weekdays: ['tuesday', 'wednesday', 'thursday', 'friday', 'saturday'],
      from: '07:30',
      to: '18:00',
      startDate: '2026-01-06',
      endDate: '2026-12-23',
    },
  ],
  isStepByStep: true,
  config: {
    parts: [
      {
        name: 'Grösse',
        description: 'Wie viele Personen soll die Torte satt machen?',
        type: 'select',
        optional: false,
        options: [
          { name: '6 Personen (Ø 16 cm)', modifier: 'overwrite', value: 3850 },
          { name: '8 Personen (Ø 18 cm)', modifier: 'overwrite', value: 4850 },
          { name: '10 Personen (Ø 20 cm)', modifier: 'overwrite', value: 5650 },
          { name: '12 Personen (Ø 22 cm)', modifier: 'overwrite', value: 6450 },
          { name: '16 Personen (Ø 26 cm)', modifier: 'overwrite', value: 8250 },
        ],
      },
      {
        name: 'Füllung',
        description: 'Zwischen den Biskuitböden.',
        type: 'multiselect',
        optional: true,
        options: [
          { name: 'Himbeeren', modifier: 'add', value: 450 },
          { name: 'Kirschen mit Kirsch', modifier: 'add', value: 550 },
          { name: 'Haselnusscreme', modifier: 'add', value: 400 },
          { name: 'Mango-Passionsfrucht', modifier: 'add', value: 600 },
          { name: 'Ohne Alkohol', modifier: 'subtract', value: 0 },
        ],
      },
      {
        name: 'Dekoration',
        description: 'Auf der Torte; eine Aufschrift bitte in der Bemerkung angeben.',
        type: 'select',
        optional: false,
        options: [
          { name: 'Schlicht (Kakaopulver)', modifier: 'add', value: 0 },
          { name: 'Schokoladenspäne', modifier: 'add', value: 250 },
          { name: 'Frische Beeren', modifier: 'add', value: 750 },
          { name: 'Marzipanfiguren', modifier: 'add', value: 1200 },
          { name: 'Essbares Foto', modifier: 'add', value: 1500 },
        ],
      },
    ],
  },
  isLeadTimeEnabled: true,
  leadTimeType: 'days',
  leadTimeValue: 2,
  translations: {
    'fr-FR': {
      name: 'Gâteau au chocolat sur mesure',
      description:
        'Biscuit au chocolat moelleux et ganache noire, taille, garniture et décoration au choix. ' +
        'À commander au moins deux jours à l’avance.',
      parts: [
        {
          name: 'Taille',
          description: 'Pour combien de personnes ?',
          options: [
            '6 personnes (Ø 16 cm)',
            '8 personnes (Ø 18 cm)',
            '10 personnes (Ø 20 cm)',
            '12 personnes (Ø 22 cm)',
            '16 personnes (Ø 26 cm)',
          ],
        },
        {
          name: 'Garniture',
          description: 'Entre les couches de biscuit.',
          options: ['Framboises', 'Cerises au kirsch', 'Crème de noisettes', 'Mangue-passion', 'Sans alcool'],
        },
        {
          name: 'Décoration',
          description: null,
          options: [
            'Simple (cacao)',
            'Copeaux de chocolat',
            'Baies fraîches',
            'Figurines en massepain',
            null,
          ],
        },
      ],
    },
    en: {
      name: 'Chocolate cake your way',
      description: null,
      parts: [
        {
          name: 'Size',
          description: null,
          options: [
            'Serves 6 (16 cm)',
            'Serves 8 (18 cm)',
            'Serves 10 (20 cm)',
            'Serves 12 (22 cm)',
            'Serves 16 (26 cm)',
          ],
        },
        {
          name: 'Filling',
          description: null,
          options: [
            'Raspberries',
            'Cherries with kirsch',
            'Hazelnut cream',
            'Mango and passion fruit',
            'No alcohol',
          ],
        },
        {
          name: 'Decoration',
          description: null,
          options: ['Plain (cocoa)', 'Chocolate curls', null, null, null],
        },
      ],
    },
  },
} satisfies StoredProduct

/** GET /api/images/{id}: each image with its alternative text. */
export const IMAGES = PRODUCT.images.map((ref, i) => ({
  ...ref,
  alt: [
    'Schokoladentorte mit Beeren, von der Seite',
    'Angeschnittene Torte mit Himbeerfüllung',
    'Torte mit Marzipanfiguren und Aufschrift',
  ][i] as string,
  mimeType: ref.extension === 'png' ? 'image/png' : 'image/jpeg',
  extension: ref.extension,
  size: 84_213 + i * 7_001,
  width: 1600,
  height: 1200,
}))

const admin = { kind: 'staff', id: 'u-admin', name: 'Anna Muster', username: 'admin' } as const

/** GET /api/products/{id}/history?limit=50: the product's seven versions, newest first. */
export const HISTORY = [
  {
    version: 7,
    at: '2026-11-20T14:02:11.000Z',
    actor: admin,
    kind: 'updated',
    changes: [{ path: 'price', op: 'changed', old: 4650, new: 4850 }],
  },
  {
    version: 6,
    at: '2026-11-02T09:41:53.000Z',
    actor: admin,
    kind: 'updated',
    changes: [
      { path: 'isLeadTimeEnabled', op: 'changed', old: false, new: true },
      { path: 'leadTimeValue', op: 'changed', old: 0, new: 2 },
    ],
  },
  {
    version: 5,
    at: '2026-10-15T16:20:00.000Z',
    actor: { kind: 'staff', id: 'u-ben', name: 'Ben Keller', username: 'ben' },
    kind: 'updated',
    changes: [
      {
        path: 'config.parts.2.options.4',
        op: 'added',
        new: { name: 'Essbares Foto', modifier: 'add', value: 1500 },
        item: 'Dekoration',
      },
    ],
  },
  {
    version: 4,
    at: '2026-09-30T08:05:12.000Z',
    actor: admin,
    kind: 'updated',
    changes: [
      { path: 'images', op: 'reordered', old: ['b', 'a', 'c'], new: ['a', 'b', 'c'] },
      { path: 'description', op: 'changed', old: 'Saftiger Schokoladenbiskuit.', new: 'Saftiger …' },
    ],
  },
  {
    version: 3,
    at: '2026-09-12T11:30:00.000Z',
    actor: admin,
    kind: 'updated',
    changes: [{ path: 'schedule', op: 'changed', old: [], new: [{ weekdays: ['tuesday'] }] }],
  },
  {
    version: 2,
    at: '2026-09-01T10:00:00.000Z',
    actor: null,
    kind: 'updated',
    changes: [{ path: 'isEnabled', op: 'changed', old: false, new: true }],
  },
  {
    version: 1,
    at: '2026-08-28T15:45:00.000Z',
    actor: admin,
    kind: 'created',
    changes: [{ path: 'name', op: 'added', new: 'Schokoladentorte' }],
  },
]

/** GET /api/config: the shop's configuration (the editor reads its currency). */
export const CONFIG = {
  id: 'config',
  version: 12,
  shopName: 'Bäckerei Beispiel',
  businessName: 'Bäckerei Beispiel AG',
  title: null,
  description: null,
  seoTitle: null,
  seoDescription: null,
  website: 'https://baeckerei.example',
  termsAndConditions: '/agb',
  termsAndConditionsText: null,
  privacyPolicy: '/datenschutz',
  privacyPolicyText: null,
  imprint: '/impressum',
  imprintText: null,
  allergens: null,
  allergensText: null,
  currency: 'CHF',
  defaultDeliveryMethod: 'takeaway',
  defaultCountry: 'CH',
  headingFont: null,
  bodyFont: null,
  enablePluginPWA: false,
  enablePluginToolbar: false,
  enablePluginMaps: false,
  mapZoom: 15,
  mapPitch: 0,
  mapBearing: 0,
  mapStyleUrl: null,
  enablePluginSMS: false,
  enablePluginDonations: false,
  enablePluginFrontdesk: true,
  enablePluginOrderReviews: false,
  disableTickets: false,
  enableCash: true,
  cashRounding: { CHF: 5 },
  enableATMCard: true,
  enableVoucher: false,
  enablePluginStripe: false,
  enableStripe: false,
  enablePluginMollie: false,
  enableMollie: false,
  isContactEmailRequired: true,
  isContactPhoneRequired: false,
  maximumOrderValue: 200_000,
  rejectionReasons: [
    'Leider ausverkauft.',
    'Wir schaffen es heute nicht mehr rechtzeitig.',
    'Die Filiale ist heute geschlossen.',
  ],
}

/** The API's answers by path (below /api, with the query), as the stub in the page serves them. */
export function apiAnswers(): Record<string, unknown> {
  const answers: Record<string, unknown> = {
    [`/products/${PRODUCT_ID}`]: PRODUCT,
    [`/products/${PRODUCT_ID}/history?limit=50`]: HISTORY,
    '/config': CONFIG,
  }
  for (const image of IMAGES) answers[`/images/${image.id}`] = image
  return answers
}
