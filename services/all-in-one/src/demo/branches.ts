import type { BranchKey, DemoInput, IdOf } from './demo-types.ts'
import { nextDateOf } from './demo-types.ts'

type Rule = NonNullable<DemoInput<'branches'>['openingHours']>[number]

const open = (type: Rule['type'], from: string, to: string): Rule => ({ type, from, to })
const closed = (type: Rule['type']): Rule => ({ type, isClosed: true })
const weekdays = (from: string, to: string): Rule[] =>
  (['monday', 'tuesday', 'wednesday', 'thursday', 'friday'] as const).map((day) => open(day, from, to))

/** Swiss VAT on a delivery fee follows the food it delivers (reduced rate). */
const DELIVERY_TAX = 2.6

export const DEMO_TAGS = {
  vegan: 'Vegan',
  bio: 'Bio',
  glutenfrei: 'Glutenfrei',
  catering: 'Catering',
  cafe: 'Café',
  metzgerei: 'Metzgerei',
} as const
export type TagKey = keyof typeof DEMO_TAGS

export function demoTags(): { key: string; body: DemoInput<'tags'> }[] {
  return Object.entries(DEMO_TAGS).map(([key, name]) => ({ key: `tag:${key}`, body: { name, image: null } }))
}

/**
 * The three branches. Zürich is the café in the old town (dine-in with table selection,
 * delivery, open late on Friday and Saturday); Winterthur is the catering-heavy bakery and
 * butcher's shop (no dine-in, appointment required, pre-orders); Lausanne is the small
 * French-speaking bakery café (no delivery, cash only).
 */
export function demoBranches(now: Date, idOf: IdOf): { key: BranchKey; body: DemoInput<'branches'> }[] {
  const tags = (...keys: TagKey[]) => keys.map((key) => ({ id: idOf(`tag:${key}`) }))
  return [
    {
      key: 'zuerich-altstadt',
      body: {
        identifier: 'zuerich-altstadt',
        name: 'Huber Zürich Altstadt',
        description:
          'Unser Stammhaus im Niederdorf: Backstube, Café mit 40 Plätzen und Metzgerei-Theke. Freitag und Samstag backen wir für die Nachtschwärmer bis 1 Uhr früh.',
        street: 'Niederdorfstrasse 24',
        zipCode: '8001',
        city: 'Zürich',
        phone: '+41 44 251 18 98',
        email: 'altstadt@huber-beck.example',
        latitude: 47.37396,
        longitude: 8.54418,
        keywords: 'Niederdorf, Altstadt, Central, Bellevue, Café, Brunch, Zmorge, Nachtbeck',
        tags: tags('cafe', 'bio', 'vegan', 'glutenfrei', 'metzgerei'),
        images: [],
        logo: null,
        isPublic: true,
        openingHours: [
          // Every day 06:30–19:00 …
          open('daily', '06:30', '19:00'),
          // … Friday and Saturday from 06:00 until 01:00 at night …
          open('friday', '06:00', '01:00'),
          open('saturday', '06:00', '01:00'),
          // … Sunday shorter …
          open('sunday', '08:00', '17:00'),
          // … and on Christmas Eve only until 14:00.
          { type: 'once', date: nextDateOf(now, 12, 24), from: '06:30', to: '14:00' },
        ],
        deliveryHours: [
          // Lunch and evening delivery on weekdays, Saturday around noon.
          ...weekdays('11:00', '13:30'),
          ...weekdays('17:30', '20:30'),
          open('saturday', '10:00', '14:00'),
        ],
        isDeliveryHoursEnabled: true,
        orderableFrom: null,
        closedMessage: 'Wir haben gerade geschlossen. Ab 6:30 Uhr sind wir wieder für Sie da!',
        isTakeawayEnabled: true,
        isDeliveryEnabled: true,
        isDineInEnabled: true,
        isTableSelectionEnabled: true,
        isPreorderEnabled: false,
        isAppointmentRequired: false,
        isQuotationRequired: false,
        isCashEnabled: true,
        isATMCardEnabled: true,
        isStripeEnabled: true,
        isDeliveryEmailRequired: false,
        isDeliveryPhoneRequired: true,
        isDeliveryAddressRequired: true,
        isDineInEmailRequired: false,
        isDineInPhoneRequired: false,
        isDineInAddressRequired: false,
        isTakeawayEmailRequired: false,
        isTakeawayPhoneRequired: true,
        isTakeawayAddressRequired: false,
        deliveryAreas: [
          {
            area: '8001 Zürich (Altstadt)',
            zipCodes: ['8001'],
            price: 500,
            tax: DELIVERY_TAX,
            freeFromOrderValue: 5000,
            minimumOrderValue: 2500,
          },
          {
            area: '8005 Zürich (Kreis 5)',
            zipCodes: ['8005'],
            price: 700,
            tax: DELIVERY_TAX,
            freeFromOrderValue: 8000,
            minimumOrderValue: 3000,
          },
          {
            area: '8006 Zürich (Oberstrass/Unterstrass)',
            zipCodes: ['8006'],
            price: 700,
            tax: DELIVERY_TAX,
            freeFromOrderValue: 8000,
            minimumOrderValue: 3000,
          },
          {
            area: '8008 Zürich (Seefeld)',
            zipCodes: ['8008'],
            price: 700,
            tax: DELIVERY_TAX,
            freeFromOrderValue: 8000,
            minimumOrderValue: 3000,
          },
        ],
        timeZone: 'Europe/Zurich',
        missedOrderMinutes: 4,
      },
    },
    {
      key: 'winterthur',
      body: {
        identifier: 'winterthur',
        name: 'Huber Winterthur Marktgasse',
        description:
          'Bäckerei und Metzgerei mitten in der Altstadt von Winterthur – und unsere Catering-Küche: Apéroplatten, Buffets und Torten für Ihren Anlass. Bitte wählen Sie bei der Bestellung einen Abholtermin.',
        street: 'Marktgasse 45',
        zipCode: '8400',
        city: 'Winterthur',
        phone: '+41 52 212 34 50',
        email: 'winterthur@huber-beck.example',
        latitude: 47.49966,
        longitude: 8.72869,
        keywords: 'Winterthur, Marktgasse, Altstadt, Catering, Apéro, Partyservice, Metzgerei, Hochzeit',
        tags: tags('catering', 'metzgerei', 'bio'),
        images: [],
        logo: null,
        isPublic: true,
        openingHours: [
          ...weekdays('06:00', '18:30'),
          open('saturday', '06:30', '16:00'),
          closed('sunday'),
          // Swiss National Day.
          { type: 'once', date: nextDateOf(now, 8, 1), isClosed: true },
        ],
        deliveryHours: [...weekdays('09:00', '17:00'), open('saturday', '08:00', '12:00')],
        isDeliveryHoursEnabled: true,
        // The counter opens at six; orders are ready from half past seven.
        orderableFrom: '07:30',
        closedMessage:
          'Unsere Filiale ist heute geschlossen. Sie können trotzdem vorbestellen – wir bereiten alles auf Ihren Wunschtermin vor.',
        isTakeawayEnabled: true,
        isDeliveryEnabled: true,
        isDineInEnabled: false,
        isTableSelectionEnabled: false,
        isPreorderEnabled: true,
        isAppointmentRequired: true,
        isQuotationRequired: false,
        isCashEnabled: true,
        isATMCardEnabled: true,
        isDeliveryEmailRequired: true,
        isDeliveryPhoneRequired: true,
        isDeliveryAddressRequired: true,
        isDineInEmailRequired: false,
        isDineInPhoneRequired: false,
        isDineInAddressRequired: false,
        isTakeawayEmailRequired: true,
        isTakeawayPhoneRequired: true,
        isTakeawayAddressRequired: false,
        deliveryAreas: [
          {
            area: '8400 Winterthur (Stadt)',
            zipCodes: ['8400'],
            price: 800,
            tax: DELIVERY_TAX,
            freeFromOrderValue: 15000,
            minimumOrderValue: 5000,
          },
          {
            area: '8404 Winterthur (Oberwinterthur/Stadel)',
            zipCodes: ['8404'],
            price: 1200,
            tax: DELIVERY_TAX,
            freeFromOrderValue: 20000,
            minimumOrderValue: 8000,
          },
          {
            area: '8406 Winterthur (Töss/Wülflingen)',
            zipCodes: ['8406'],
            price: 1200,
            tax: DELIVERY_TAX,
            freeFromOrderValue: 20000,
            minimumOrderValue: 8000,
          },
          {
            area: '8408 Winterthur (Wülflingen)',
            zipCodes: ['8408'],
            price: 1200,
            tax: DELIVERY_TAX,
            freeFromOrderValue: 20000,
            minimumOrderValue: 8000,
          },
        ],
        timeZone: 'Europe/Zurich',
        missedOrderMinutes: 10,
      },
    },
    {
      key: 'lausanne',
      body: {
        identifier: 'lausanne',
        name: 'Huber Lausanne Bourg',
        description:
          'Notre boulangerie-café au cœur de Lausanne : pain au levain, croissants au beurre et tartes du jour, à emporter ou à déguster sur place.',
        street: 'Rue de Bourg 12',
        zipCode: '1003',
        city: 'Lausanne',
        phone: '+41 21 312 45 67',
        email: 'lausanne@huber-beck.example',
        latitude: 46.52081,
        longitude: 6.63516,
        keywords: 'Lausanne, Bourg, Saint-François, boulangerie, café, croissant, petit-déjeuner',
        tags: tags('cafe', 'vegan'),
        images: [],
        logo: null,
        isPublic: true,
        openingHours: [
          ...weekdays('07:00', '18:30'),
          // A split Saturday: the second rule adds to the first.
          open('saturday', '07:30', '12:30'),
          open('saturday', '13:30', '17:00'),
          open('sunday', '08:00', '12:30'),
        ],
        deliveryHours: [],
        isDeliveryHoursEnabled: false,
        orderableFrom: null,
        closedMessage: 'Nous sommes fermés pour le moment. À demain matin dès 7 heures !',
        isTakeawayEnabled: true,
        isDeliveryEnabled: false,
        isDineInEnabled: true,
        isTableSelectionEnabled: false,
        isPreorderEnabled: false,
        isAppointmentRequired: false,
        isQuotationRequired: false,
        isCashEnabled: true,
        isATMCardEnabled: false,
        isDeliveryEmailRequired: false,
        isDeliveryPhoneRequired: true,
        isDeliveryAddressRequired: true,
        isDineInEmailRequired: false,
        isDineInPhoneRequired: false,
        isDineInAddressRequired: false,
        isTakeawayEmailRequired: false,
        isTakeawayPhoneRequired: false,
        isTakeawayAddressRequired: false,
        deliveryAreas: [],
        timeZone: 'Europe/Zurich',
        missedOrderMinutes: 5,
      },
    },
  ]
}

/** Tables of the dine-in branches: twelve in the Zürich café, six in Lausanne. */
export const DEMO_TABLE_COUNTS: Partial<Record<BranchKey, number>> = { 'zuerich-altstadt': 12, lausanne: 6 }

export function demoTables(idOf: IdOf): { key: string; body: DemoInput<'tables'> }[] {
  return Object.entries(DEMO_TABLE_COUNTS).flatMap(([branch, count]) =>
    Array.from({ length: count ?? 0 }, (_, i) => ({
      key: `table:${branch}:${i + 1}`,
      body: { identifier: String(i + 1), branch: { id: idOf(`branch:${branch}`) } },
    })),
  )
}

export function demoDivisions(idOf: IdOf): { key: string; body: DemoInput<'divisions'> }[] {
  return [
    {
      key: 'division:alle-filialen',
      body: {
        name: 'Alle Filialen',
        description: 'Bäckerei, Café und Metzgerei Huber in Zürich, Winterthur und Lausanne.',
        branches: [
          { id: idOf('branch:zuerich-altstadt') },
          { id: idOf('branch:winterthur') },
          { id: idOf('branch:lausanne') },
        ],
      },
    },
  ]
}
