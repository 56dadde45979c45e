import type { BranchKey, DemoInput } from './demo-types.ts'
import { categoryTranslations, productTranslations } from './translations.ts'

type Product = DemoInput<'products'>
type Part = NonNullable<NonNullable<Product['config']>['parts']>[number]
type AlternativeUnit = NonNullable<Product['alternativeUnits']>[number]

// ---------------------------------------------------------------------------------------------
// Categories

export type CategoryKey =
  | 'brot'
  | 'gipfeli'
  | 'torten'
  | 'sandwiches'
  | 'metzgerei'
  | 'catering'
  | 'getraenke'
  | 'fruehstueck'

const ALL: readonly BranchKey[] = ['zuerich-altstadt', 'winterthur', 'lausanne']

export type DemoCategory = {
  key: CategoryKey
  body: DemoInput<'categories'>
  /** The branches whose menus list this category (products may narrow it further). */
  branches: readonly BranchKey[]
}

const CATEGORIES: readonly DemoCategory[] = [
  { key: 'brot', branches: ALL, body: { name: 'Brot', image: null } },
  { key: 'gipfeli', branches: ALL, body: { name: 'Gipfeli & Süsses', image: null } },
  { key: 'torten', branches: ALL, body: { name: 'Torten & Kuchen', image: null } },
  { key: 'sandwiches', branches: ALL, body: { name: 'Sandwiches', image: null } },
  {
    key: 'metzgerei',
    branches: ['zuerich-altstadt', 'winterthur'],
    body: { name: 'Metzgerei', image: null },
  },
  {
    key: 'catering',
    branches: ['zuerich-altstadt', 'winterthur'],
    // Shown greyed out outside the catering office hours, so guests see what is on offer.
    body: {
      name: 'Catering & Apéro',
      image: null,
      schedule: [{ weekdays: ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'] }],
      isVisibleWhenUnavailable: true,
    },
  },
  { key: 'getraenke', branches: ALL, body: { name: 'Getränke', image: null } },
  {
    key: 'fruehstueck',
    branches: ['zuerich-altstadt', 'lausanne'],
    // Breakfast until 11:00, on Sunday brunch until 14:00; visible but not orderable later.
    body: {
      name: 'Frühstück',
      image: null,
      schedule: [
        {
          weekdays: ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'],
          from: '06:00',
          to: '11:00',
        },
        { weekdays: ['sunday'], from: '07:00', to: '14:00' },
      ],
      isVisibleWhenUnavailable: true,
    },
  },
]

// ---------------------------------------------------------------------------------------------
// Products

/** Food taken away or delivered 2.6 %, eaten in 8.1 %. */
const FOOD = { tax: 2.6, takeawayTax: 2.6, dineInTax: 8.1 } as const
/** Alcohol is always taxed at the normal rate. */
const ALCOHOL = { tax: 8.1, takeawayTax: 8.1, dineInTax: 8.1 } as const

export type DemoProduct = {
  category: CategoryKey
  body: Product
  /** Narrows the category's branches; default: all of them. */
  branches?: readonly BranchKey[]
  /** Only on the upcoming menu (see menus.ts). */
  upcomingOnly?: boolean
}

const product = (
  category: CategoryKey,
  body: Omit<Product, 'tax' | 'takeawayTax' | 'dineInTax'> &
    Partial<Pick<Product, 'tax' | 'takeawayTax' | 'dineInTax'>>,
  extra: Omit<DemoProduct, 'category' | 'body'> = {},
): DemoProduct => ({ category, body: { ...FOOD, images: [], ...body }, ...extra })

const lead = (leadTimeType: 'hours' | 'days' | 'weeks', leadTimeValue: number) =>
  ({ isLeadTimeEnabled: true, leadTimeType, leadTimeValue }) as const

/**
 * Sold by weight: priced per kilogram, ordered in grams (or kilograms), weighed when packed.
 * Quantities in grams; `piece` adds "Stück à ca. … g".
 */
function byWeight(opts: {
  pricePerKg: number
  min: number
  step: number
  max: number
  model?: 'approximate' | 'minimum'
  piece?: { grams: number; max: number }
}): Pick<
  Product,
  | 'unit'
  | 'price'
  | 'calculationModel'
  | 'minimumQuantity'
  | 'maximumQuantity'
  | 'quantityStepSize'
  | 'defaultUnit'
  | 'alternativeUnits'
> {
  const model = opts.model ?? 'approximate'
  const alternativeUnits: AlternativeUnit[] = [
    {
      unit: 'gram',
      ratio: 0.001,
      calculationModel: model,
      minimumQuantity: opts.min,
      maximumQuantity: opts.max,
      quantityStepSize: opts.step,
    },
  ]
  if (opts.piece) {
    alternativeUnits.push({
      unit: 'piece',
      ratio: opts.piece.grams / 1000,
      calculationModel: 'approximate',
      minimumQuantity: 1,
      maximumQuantity: opts.piece.max,
      quantityStepSize: 1,
    })
  }
  return {
    unit: 'kilogram',
    price: opts.pricePerKg,
    calculationModel: model,
    minimumQuantity: opts.min / 1000,
    maximumQuantity: opts.max / 1000,
    quantityStepSize: opts.step / 1000,
    defaultUnit: 'gram',
    alternativeUnits,
  }
}

const select = (name: string, options: Part['options'], extra: Partial<Part> = {}): Part => ({
  name,
  type: 'select',
  options,
  ...extra,
})

const GLUTEN = 'Gluten (Weizen)'
const MILK = 'Milch'
const EGG = 'Ei'

const CAKE_SIZES: Part = select(
  'Grösse',
  [
    { name: 'Ø 18 cm (6–8 Personen)', modifier: 'overwrite', value: 4200 },
    { name: 'Ø 22 cm (10–12 Personen)', modifier: 'overwrite', value: 5800 },
    { name: 'Ø 26 cm (14–18 Personen)', modifier: 'overwrite', value: 7600 },
  ],
  { description: 'Der Preis richtet sich nach der Grösse.' },
)

const BREAD: DemoProduct[] = [
  product('brot', {
    uid: 'butterzopf-500g',
    name: 'Butterzopf 500 g',
    description: 'Von Hand geflochten, mit Schweizer Vollmilch und Butter – der Klassiker zum Zmorge.',
    allergens: `${GLUTEN}, ${MILK}, ${EGG}`,
    price: 690,
  }),
  product('brot', {
    uid: 'sonntagszopf-1kg',
    name: 'Grosser Sonntagszopf 1 kg',
    description: 'Der grosse Zopf für die ganze Familie. Nur am Wochenende gebacken.',
    allergens: `${GLUTEN}, ${MILK}, ${EGG}`,
    price: 1290,
    schedule: [{ weekdays: ['friday', 'saturday', 'sunday'] }],
  }),
  product('brot', {
    uid: 'ruchbrot',
    name: 'Ruchbrot 500 g',
    description: 'Aus dunklem Schweizer Ruchmehl mit langer Teigführung und kräftiger Kruste.',
    allergens: GLUTEN,
    price: 520,
  }),
  product('brot', {
    uid: 'bauernbrot',
    name: 'Bauernbrot 750 g',
    description: 'Halbweiss- und Roggenmehl, mit Natursauerteig im Steinofen gebacken.',
    allergens: `${GLUTEN}, Roggen`,
    price: 580,
  }),
  product('brot', {
    uid: 'bio-vollkornbrot',
    name: 'Bio-Vollkornbrot 500 g',
    description: 'Knospe-Vollkornmehl, Sonnenblumen- und Leinsamen. Saftig bis zu fünf Tage.',
    allergens: GLUTEN,
    price: 650,
  }),
  product('brot', {
    uid: 'tessinerbrot',
    name: 'Tessinerbrot',
    description: 'Das Brot zum Abbrechen: fünf Mödeli, feine Krume, mit Olivenöl.',
    allergens: GLUTEN,
    price: 480,
  }),
  product('brot', {
    uid: 'dinkelbrot',
    name: 'Dinkelbrot 500 g',
    description: 'Aus Urdinkel IP-Suisse, mild und nussig.',
    allergens: 'Gluten (Dinkel)',
    price: 620,
  }),
  product('brot', {
    uid: 'sauerteigbrot-vom-laib',
    name: 'Sauerteigbrot vom Laib',
    description:
      'Unser grosser Laib mit 48 Stunden Teigruhe. Wir schneiden so viel ab, wie Sie möchten – oder Sie nehmen den ganzen Laib (ca. 1,2 kg).',
    allergens: `${GLUTEN}, Roggen`,
    ...byWeight({ pricePerKg: 1180, min: 250, step: 250, max: 3000, piece: { grams: 1200, max: 3 } }),
  }),
  product('brot', {
    uid: 'glutenfreies-buchweizenbrot',
    name: 'Glutenfreies Buchweizenbrot',
    description: 'Buchweizen, Reismehl und Flohsamen – in separater Backstube an einem eigenen Tag gebacken.',
    allergens: EGG,
    price: 790,
  }),
  product('brot', {
    uid: 'baguette',
    name: 'Baguette',
    description: 'Nach französischer Art, hauchdünne Kruste.',
    allergens: GLUTEN,
    price: 350,
  }),
  product('brot', {
    uid: 'pain-paillasse',
    name: 'Pain Paillasse',
    description: 'Das gedrehte Brot mit grosser Porung und rustikaler Kruste.',
    allergens: GLUTEN,
    price: 490,
  }),
  product('brot', {
    uid: 'st-galler-buerli',
    name: 'St. Galler Bürli',
    description: 'Knuspriges Doppelbürli, frisch aus dem Ofen.',
    allergens: GLUTEN,
    price: 130,
    maximumQuantity: 40,
  }),
  product('brot', {
    uid: 'laugenbroetli',
    name: 'Laugenbrötli',
    description: 'Mit grobem Salz, ideal für Sandwiches.',
    allergens: GLUTEN,
    price: 140,
    maximumQuantity: 40,
  }),
]

const PASTRY: DemoProduct[] = [
  product('gipfeli', {
    uid: 'buttergipfeli',
    name: 'Buttergipfeli',
    description: 'Mit 100 % Schweizer Butter, 27 Schichten, jeden Morgen frisch.',
    allergens: `${GLUTEN}, ${MILK}, ${EGG}`,
    price: 190,
    maximumQuantity: 50,
  }),
  product('gipfeli', {
    uid: 'laugengipfeli',
    name: 'Laugengipfeli',
    description: 'Buttriger Blätterteig mit Laugenkruste.',
    allergens: `${GLUTEN}, ${MILK}`,
    price: 210,
    maximumQuantity: 50,
  }),
  product('gipfeli', {
    uid: 'vollkorn-honiggipfeli',
    name: 'Vollkorn-Honiggipfeli',
    description: 'Mit Vollkornmehl und Schweizer Blütenhonig.',
    allergens: `${GLUTEN}, ${MILK}, ${EGG}`,
    price: 230,
  }),
  product('gipfeli', {
    uid: 'veganes-gipfeli',
    name: 'Veganes Gipfeli',
    description: 'Mit Pflanzenbutter – genauso knusprig wie das Original.',
    allergens: GLUTEN,
    price: 220,
  }),
  product('gipfeli', {
    uid: 'nussgipfel',
    name: 'Nussgipfel',
    description: 'Plunderteig mit saftiger Haselnussfüllung und Aprikosenglasur.',
    allergens: `${GLUTEN}, ${MILK}, ${EGG}, Haselnüsse`,
    price: 360,
  }),
  product('gipfeli', {
    uid: 'mandelgipfel',
    name: 'Mandelgipfel',
    description: 'Mit Mandelcrème gefüllt und mit gehobelten Mandeln bestreut.',
    allergens: `${GLUTEN}, ${MILK}, ${EGG}, Mandeln`,
    price: 340,
  }),
  product('gipfeli', {
    uid: 'schoggiweggli',
    name: 'Schoggiweggli',
    description: 'Weiches Milchbrötchen mit Schokoladestückchen.',
    allergens: `${GLUTEN}, ${MILK}, ${EGG}, Soja`,
    price: 220,
  }),
  product('gipfeli', {
    uid: 'pain-au-chocolat',
    name: 'Pain au chocolat',
    description: 'Croissantteig mit zwei Stängeli dunkler Schokolade.',
    allergens: `${GLUTEN}, ${MILK}, ${EGG}, Soja`,
    price: 260,
  }),
  product('gipfeli', {
    uid: 'zimtschnecke',
    name: 'Zimtschnecke',
    description: 'Hefeteig mit Zimt und braunem Zucker, mit Frischkäse-Glasur.',
    allergens: `${GLUTEN}, ${MILK}, ${EGG}`,
    price: 380,
  }),
  product('gipfeli', {
    uid: 'berliner',
    name: 'Berliner mit Himbeerkonfitüre',
    description: 'In Rapsöl gebacken, mit hausgemachter Himbeerkonfitüre gefüllt.',
    allergens: `${GLUTEN}, ${MILK}, ${EGG}`,
    price: 280,
  }),
  product('gipfeli', {
    uid: 'cremeschnitte',
    name: 'Cremeschnitte',
    description: 'Blätterteig, Vanillecrème und Fondantglasur – wie bei der Grossmutter.',
    allergens: `${GLUTEN}, ${MILK}, ${EGG}`,
    price: 520,
  }),
  product('gipfeli', {
    uid: 'macarons-6',
    name: 'Macarons (6 Stück)',
    description: 'Himbeere, Pistazie, Vanille, Schokolade, Zitrone und Salzkaramell.',
    allergens: `${EGG}, ${MILK}, Mandeln, Pistazien`,
    price: 1290,
    unit: 'package',
  }),
  product('gipfeli', {
    uid: 'basler-laeckerli-250g',
    name: 'Basler Läckerli 250 g',
    description: 'Honig, Mandeln, Orangeat und Zitronat, mit Zuckerglasur.',
    allergens: `${GLUTEN}, Mandeln, Haselnüsse`,
    price: 890,
    unit: 'package',
  }),
  product('gipfeli', {
    uid: 'grittibaenz',
    name: 'Grittibänz',
    description: 'Der Teigmann zum Samichlaus – nur in der Adventszeit.',
    allergens: `${GLUTEN}, ${MILK}, ${EGG}`,
    price: 450,
    isEnabled: false,
  }),
]

const CAKES: DemoProduct[] = [
  product('torten', {
    uid: 'apfelwaehe-stueck',
    name: 'Apfelwähe (Stück)',
    description: 'Mürbeteig, Schweizer Äpfel und Rahmguss.',
    allergens: `${GLUTEN}, ${MILK}, ${EGG}`,
    price: 450,
  }),
  product('torten', {
    uid: 'rueeblitorte-stueck',
    name: 'Rüeblitorte (Stück)',
    description: 'Aargauer Art, mit Mandeln und Marzipan-Rüebli.',
    allergens: `${EGG}, Mandeln, Haselnüsse`,
    price: 520,
  }),
  product('torten', {
    uid: 'cheesecake-stueck',
    name: 'New York Cheesecake (Stück)',
    description: 'Cremig gebacken auf Butterkeksboden, mit Beerenkompott.',
    allergens: `${GLUTEN}, ${MILK}, ${EGG}`,
    price: 590,
  }),
  product('torten', {
    uid: 'schokoladenkuchen-stueck',
    name: 'Schokoladenkuchen ohne Mehl (Stück)',
    description: 'Saftig und intensiv, mit 70 % Grand-Cru-Schokolade. Glutenfrei.',
    allergens: `${MILK}, ${EGG}`,
    price: 480,
  }),
  product(
    'torten',
    {
      uid: 'marroni-toertchen',
      name: 'Marroni-Törtchen',
      description: 'Vermicelles auf Meringue und Rahm – neu im Sortiment.',
      allergens: `${MILK}, ${EGG}`,
      price: 620,
    },
    { upcomingOnly: true, branches: ['zuerich-altstadt'] },
  ),
  product(
    'torten',
    {
      uid: 'schwarzwaelder-kirschtorte',
      name: 'Schwarzwälder Kirschtorte',
      description: 'Schokoladenbiskuit, Kirschen, Kirschwasser und Rahm. Auf Bestellung frisch gefertigt.',
      allergens: `${GLUTEN}, ${MILK}, ${EGG}; enthält Alkohol`,
      type: 'configurable',
      price: 4200,
      config: { parts: [CAKE_SIZES] },
      ...lead('days', 2),
    },
    { branches: ['zuerich-altstadt', 'winterthur'] },
  ),
  product('torten', {
    uid: 'zuger-kirschtorte',
    name: 'Zuger Kirschtorte',
    description: 'Japonais-Böden, Buttercrème und kirschgetränktes Biskuit. Ø 20 cm.',
    allergens: `${GLUTEN}, ${MILK}, ${EGG}, Haselnüsse, Mandeln; enthält Alkohol`,
    price: 3900,
    ...lead('days', 2),
  }),
  product('torten', {
    uid: 'fruchtwaehe-gross',
    name: 'Saisonale Fruchtwähe Ø 24 cm',
    description: 'Mit den Früchten der Saison, für 8 Personen. Am Vorabend bestellen.',
    allergens: `${GLUTEN}, ${MILK}, ${EGG}`,
    price: 2400,
    ...lead('hours', 12),
  }),
  product(
    'torten',
    {
      uid: 'geburtstagstorte',
      name: 'Geburtstagstorte nach Wunsch',
      description:
        'Stellen Sie Ihre Torte Schritt für Schritt zusammen: Grösse, Boden, Füllung, Dekoration und eine Beschriftung mit Schokolade.',
      allergens: `${GLUTEN}, ${MILK}, ${EGG}; je nach Wahl Nüsse`,
      type: 'configurable',
      price: 4200,
      isStepByStep: true,
      config: {
        parts: [
          CAKE_SIZES,
          select('Boden', [
            { name: 'Vanillebiskuit', modifier: 'add', value: 0 },
            { name: 'Schokoladenbiskuit', modifier: 'add', value: 300 },
            { name: 'Haselnussbiskuit', modifier: 'add', value: 300 },
          ]),
          select('Füllung', [
            { name: 'Erdbeer-Rahm', modifier: 'add', value: 0 },
            { name: 'Schokoladenmousse', modifier: 'add', value: 200 },
            { name: 'Mokka-Buttercrème', modifier: 'add', value: 200 },
            { name: 'Himbeer-Quark', modifier: 'add', value: 250 },
          ]),
          {
            name: 'Dekoration',
            description: 'Mehrere möglich.',
            type: 'multiselect',
            optional: true,
            options: [
              { name: 'Frische Beeren', modifier: 'add', value: 600 },
              { name: 'Marzipanfigur', modifier: 'add', value: 850 },
              { name: 'Schokoladenplättchen', modifier: 'add', value: 300 },
              { name: 'Wunderkerzen', modifier: 'add', value: 400 },
            ],
          },
          {
            name: 'Beschriftung',
            description: 'Höchstens 30 Zeichen, mit Schokolade geschrieben.',
            type: 'text',
            optional: true,
          },
          { name: 'Weitere Wünsche', type: 'textarea', optional: true },
        ],
      },
      ...lead('days', 2),
    },
    { branches: ['zuerich-altstadt', 'winterthur'] },
  ),
  product(
    'torten',
    {
      uid: 'hochzeitstorte',
      name: 'Hochzeitstorte',
      description:
        'Mehrstöckig und ganz nach Ihren Wünschen. Preis auf Anfrage – wir melden uns nach Ihrer Bestellung für ein Beratungsgespräch.',
      allergens: `${GLUTEN}, ${MILK}, ${EGG}; je nach Wahl Nüsse`,
      type: 'configurable',
      price: 950,
      unit: 'person',
      minimumQuantity: 30,
      maximumQuantity: 250,
      quantityStepSize: 5,
      defaultQuantity: 60,
      calculationModel: 'minimum',
      isPriceHidden: true,
      config: {
        parts: [
          select('Etagen', [
            { name: '2 Etagen', modifier: 'add', value: 0 },
            { name: '3 Etagen', modifier: 'add', value: 150 },
            { name: '4 Etagen', modifier: 'add', value: 300 },
          ]),
          select('Stil', [
            { name: 'Naked Cake mit Blumen', modifier: 'add', value: 0 },
            { name: 'Fondant weiss', modifier: 'add', value: 200 },
            { name: 'Buttercrème mit Goldakzenten', modifier: 'add', value: 250 },
          ]),
          {
            name: 'Ihre Wünsche',
            description: 'Farben, Geschmack, Allergien.',
            type: 'textarea',
            optional: true,
          },
        ],
      },
      ...lead('weeks', 2),
    },
    { branches: ['zuerich-altstadt', 'winterthur'] },
  ),
]

const SANDWICHES: DemoProduct[] = [
  product('sandwiches', {
    uid: 'sandwich-schinken',
    name: 'Schinken-Sandwich',
    description: 'Laugenbrötli mit Beinschinken aus der eigenen Metzgerei und Butter.',
    allergens: `${GLUTEN}, ${MILK}`,
    price: 690,
  }),
  product('sandwiches', {
    uid: 'sandwich-salami',
    name: 'Salami-Sandwich',
    description: 'Baguette mit Nostrano-Salami, Essiggurke und Butter.',
    allergens: `${GLUTEN}, ${MILK}`,
    price: 720,
  }),
  product('sandwiches', {
    uid: 'sandwich-gruyere',
    name: 'Gruyère-Sandwich',
    description: 'Ruchbrot mit rezentem Gruyère AOP, Salat und Tomate.',
    allergens: `${GLUTEN}, ${MILK}`,
    price: 690,
  }),
  product('sandwiches', {
    uid: 'sandwich-thon-ei',
    name: 'Thon-Ei-Sandwich',
    description: 'Vollkornbrot mit Thonmousse, Ei und Kapern.',
    allergens: `${GLUTEN}, ${EGG}, Fisch, Senf`,
    price: 750,
  }),
  product('sandwiches', {
    uid: 'sandwich-poulet-curry',
    name: 'Poulet-Curry-Sandwich',
    description: 'Schweizer Pouletbrust in milder Currysauce mit Mango auf Dinkelbrot.',
    allergens: `Gluten (Dinkel), ${EGG}, Senf, Sellerie`,
    price: 820,
  }),
  product('sandwiches', {
    uid: 'sandwich-hummus',
    name: 'Hummus-Gemüse-Sandwich (vegan)',
    description: 'Hausgemachter Hummus, gegrilltes Gemüse und Rucola im Bio-Vollkornbrot.',
    allergens: `${GLUTEN}, Sesam`,
    price: 790,
  }),
  product('sandwiches', {
    uid: 'fleischkaese-im-buerli',
    name: 'Fleischkäse im Bürli',
    description: 'Warm aus dem Ofen, mit Senf. Der Znüni-Klassiker.',
    allergens: `${GLUTEN}, ${MILK}, Senf`,
    price: 650,
  }),
  product('sandwiches', {
    uid: 'sandwich-nach-wahl',
    name: 'Sandwich nach Wahl',
    description: 'Ihr Sandwich, wie Sie es mögen: Brot, Füllung und Extras selbst wählen.',
    allergens: `${GLUTEN}, ${MILK}; je nach Wahl ${EGG}`,
    type: 'configurable',
    price: 650,
    config: {
      parts: [
        select('Brot', [
          { name: 'Baguette', modifier: 'add', value: 0 },
          { name: 'Laugenbrötli', modifier: 'add', value: 0 },
          { name: 'Bio-Vollkorn', modifier: 'add', value: 50 },
          { name: 'Glutenfreies Brot', modifier: 'add', value: 150 },
        ]),
        select('Füllung', [
          { name: 'Beinschinken', modifier: 'add', value: 0 },
          { name: 'Salami', modifier: 'add', value: 0 },
          { name: 'Gruyère', modifier: 'add', value: 0 },
          { name: 'Pouletbrust', modifier: 'add', value: 100 },
          { name: 'Hummus (vegan)', modifier: 'add', value: 0 },
        ]),
        {
          name: 'Extras',
          type: 'multiselect',
          optional: true,
          options: [
            { name: 'Ei', modifier: 'add', value: 80 },
            { name: 'Extra Käse', modifier: 'add', value: 120 },
            { name: 'Gurke', modifier: 'add', value: 0 },
            { name: 'Tomate', modifier: 'add', value: 0 },
          ],
        },
        select('Grösse', [
          { name: 'Ganz', modifier: 'add', value: 0 },
          { name: 'Halb', modifier: 'subtract', value: 250 },
        ]),
      ],
    },
  }),
]

const BUTCHER: DemoProduct[] = [
  product('metzgerei', {
    uid: 'rindsentrecote',
    name: 'Rindsentrecôte',
    description:
      'Vom Schweizer Weiderind, drei Wochen am Knochen gereift. Preis pro kg; abgerechnet wird das genaue Gewicht.',
    allergens: null,
    ...byWeight({ pricePerKg: 7900, min: 200, step: 50, max: 3000, piece: { grams: 250, max: 12 } }),
  }),
  product('metzgerei', {
    uid: 'rindshackfleisch',
    name: 'Rindshackfleisch',
    description: 'Frisch gewolft aus Schweizer Rindfleisch, 15 % Fett.',
    allergens: null,
    ...byWeight({ pricePerKg: 2900, min: 250, step: 50, max: 5000 }),
  }),
  product('metzgerei', {
    uid: 'kalbsgeschnetzeltes',
    name: 'Kalbsgeschnetzeltes',
    description: 'Für Zürcher Geschnetzeltes – fein geschnitten aus der Kalbsnuss.',
    allergens: null,
    ...byWeight({ pricePerKg: 6200, min: 200, step: 50, max: 3000 }),
  }),
  product('metzgerei', {
    uid: 'schweinsfilet',
    name: 'Schweinsfilet',
    description: 'Ganzes Filet ca. 500 g oder in Medaillons geschnitten.',
    allergens: null,
    ...byWeight({ pricePerKg: 4800, min: 200, step: 50, max: 3000, piece: { grams: 500, max: 6 } }),
    // Sold by weight and configured: the cut is chosen, the price stays per kg.
    type: 'configurable',
    config: {
      parts: [
        select('Zuschnitt', [
          { name: 'Ganzes Filet', modifier: 'add', value: 0 },
          { name: 'In Medaillons geschnitten', modifier: 'add', value: 0 },
          { name: 'Geschnetzelt', modifier: 'add', value: 0 },
        ]),
      ],
    },
  }),
  product('metzgerei', {
    uid: 'pouletbrust',
    name: 'Pouletbrust',
    description: 'Schweizer Freilandpoulet, ohne Haut.',
    allergens: null,
    ...byWeight({ pricePerKg: 3600, min: 200, step: 50, max: 3000, piece: { grams: 180, max: 12 } }),
  }),
  product('metzgerei', {
    uid: 'bio-poulet-ganz',
    name: 'Bio-Poulet ganz',
    description: 'Knospe-Poulet aus dem Zürcher Oberland, ca. 1,4 kg – bratfertig.',
    allergens: null,
    ...byWeight({ pricePerKg: 2600, min: 1200, step: 100, max: 6000, piece: { grams: 1400, max: 4 } }),
  }),
  product('metzgerei', {
    uid: 'lammkoteletts',
    name: 'Lammkoteletts',
    description: 'Vom Schweizer Weidelamm, ca. 80 g pro Kotelett.',
    allergens: null,
    ...byWeight({ pricePerKg: 6900, min: 200, step: 50, max: 2000, piece: { grams: 80, max: 24 } }),
  }),
  product('metzgerei', {
    uid: 'schweinshalsbraten',
    name: 'Schweinshalsbraten',
    description: 'Am Stück, gebunden und gewürzt – ab 1 kg. Der Endpreis richtet sich nach dem Gewicht.',
    allergens: 'Senf',
    ...byWeight({ pricePerKg: 3200, min: 1000, step: 250, max: 4000, model: 'minimum' }),
  }),
  product('metzgerei', {
    uid: 'fondue-chinoise',
    name: 'Fondue-Chinoise-Fleisch',
    description: 'Hauchdünn geschnittenes Rind, Kalb und Poulet – rechnen Sie mit 200 g pro Person.',
    allergens: null,
    price: 1290,
    unit: 'person',
    minimumQuantity: 2,
    maximumQuantity: 40,
    calculationModel: 'approximate',
    ...lead('days', 1),
  }),
  product('metzgerei', {
    uid: 'buendnerfleisch',
    name: 'Bündnerfleisch geschnitten',
    description: 'Luftgetrocknet aus Graubünden, hauchdünn geschnitten.',
    allergens: null,
    ...byWeight({ pricePerKg: 11500, min: 100, step: 50, max: 1000 }),
  }),
  product('metzgerei', {
    uid: 'beinschinken',
    name: 'Beinschinken',
    description: 'Hausgemacht, am Knochen gekocht, frisch geschnitten.',
    allergens: null,
    ...byWeight({ pricePerKg: 4200, min: 100, step: 50, max: 2000 }),
  }),
  product('metzgerei', {
    uid: 'kalbsbratwurst',
    name: 'St. Galler Kalbsbratwurst',
    description: 'Nach St. Galler Rezept, 130 g. Im Paar günstiger zu grillieren.',
    allergens: MILK,
    price: 390,
    maximumQuantity: 40,
    alternativeUnits: [{ unit: 'pair', ratio: 2, maximumQuantity: 20 }],
  }),
  product('metzgerei', {
    uid: 'cervelat',
    name: 'Cervelat',
    description: 'Die Nationalwurst – zum Grillieren oder kalt mit Senf.',
    allergens: 'Senf',
    price: 180,
    maximumQuantity: 40,
    alternativeUnits: [{ unit: 'pair', ratio: 2, maximumQuantity: 20 }],
  }),
  product('metzgerei', {
    uid: 'salsiz',
    name: 'Salsiz',
    description: 'Kleine luftgetrocknete Rohwurst aus dem Engadin.',
    allergens: null,
    price: 450,
  }),
]

const CATERING: DemoProduct[] = [
  product('catering', {
    uid: 'aperoplatte-klein',
    name: 'Apéroplatte Klein (4–6 Personen)',
    description: 'Rohschinken, Salami, Bündnerfleisch, Gruyère, Oliven, Grissini und Brot.',
    allergens: `${GLUTEN}, ${MILK}`,
    price: 5900,
    ...lead('days', 1),
  }),
  product('catering', {
    uid: 'aperoplatte-gross',
    name: 'Apéroplatte Gross (10–12 Personen)',
    description: 'Die grosse Platte mit Fleisch, Käse, Antipasti, Dips und Brot.',
    allergens: `${GLUTEN}, ${MILK}, Sellerie, Senf`,
    price: 11900,
    ...lead('days', 1),
  }),
  product('catering', {
    uid: 'kaeseplatte',
    name: 'Käseplatte Schweizer Berge',
    description: 'Fünf Alpkäse mit Birnbrot, Nüssen und Feigensenf. Preis pro Person.',
    allergens: `${GLUTEN}, ${MILK}, Baumnüsse, Senf`,
    price: 1450,
    unit: 'person',
    minimumQuantity: 6,
    maximumQuantity: 80,
    ...lead('days', 1),
  }),
  product('catering', {
    uid: 'fleischplatte',
    name: 'Fleisch- und Wurstplatte',
    description: 'Aus der eigenen Metzgerei: Schinken, Salami, Bündnerfleisch, Terrine. Preis pro Person.',
    allergens: 'Senf, Sellerie',
    price: 1650,
    unit: 'person',
    minimumQuantity: 6,
    maximumQuantity: 80,
    ...lead('days', 1),
  }),
  product('catering', {
    uid: 'partysandwiches-24',
    name: 'Partysandwiches (24 Stück)',
    description: 'Kleine belegte Brötli, gemischt.',
    allergens: `${GLUTEN}, ${MILK}, ${EGG}, Fisch`,
    type: 'configurable',
    price: 6900,
    unit: 'package',
    config: {
      parts: [
        select('Mischung', [
          { name: 'Klassisch (Fleisch, Fisch, Käse)', modifier: 'add', value: 0 },
          { name: 'Vegetarisch', modifier: 'subtract', value: 400 },
          { name: 'Vegan', modifier: 'subtract', value: 400 },
        ]),
      ],
    },
    ...lead('days', 1),
  }),
  product('catering', {
    uid: 'mini-flammkuchen-12',
    name: 'Mini-Flammkuchen (12 Stück)',
    description: 'Elsässer Art mit Speck und Zwiebeln, zum Aufbacken.',
    allergens: `${GLUTEN}, ${MILK}`,
    price: 3200,
    unit: 'package',
    ...lead('days', 1),
  }),
  product('catering', {
    uid: 'fingerfood-vegan-20',
    name: 'Fingerfood-Box vegan (20 Stück)',
    description: 'Gemüse-Frühlingsrollen, Falafel, Hummus-Tartelettes und Randen-Crostini.',
    allergens: `${GLUTEN}, Sesam, Soja`,
    price: 5600,
    unit: 'package',
    ...lead('days', 1),
  }),
  product('catering', {
    uid: 'aperogebaeck',
    name: 'Apérogebäck gemischt',
    description: 'Käsestangen, Schinkengipfeli, Pizzaschnecken – nach Gewicht.',
    allergens: `${GLUTEN}, ${MILK}, ${EGG}`,
    ...byWeight({ pricePerKg: 4400, min: 250, step: 250, max: 5000 }),
  }),
  product('catering', {
    uid: 'brunchzopf-2kg',
    name: 'Brunchzopf XXL 2 kg',
    description: 'Der Riesenzopf für Brunch und Fest, für 15–20 Personen.',
    allergens: `${GLUTEN}, ${MILK}, ${EGG}`,
    price: 2900,
    ...lead('days', 1),
  }),
  product(
    'catering',
    {
      uid: 'buffet-nach-mass',
      name: 'Kaltes Buffet nach Mass',
      description:
        'Für Firmenanlässe und Familienfeste ab 10 Personen. Wählen Sie Schritt für Schritt Vorspeise, Hauptgang und Dessert; der Endpreis hängt von der Auswahl ab.',
      allergens: 'je nach Auswahl – wir beraten Sie gerne',
      type: 'configurable',
      price: 3800,
      unit: 'person',
      minimumQuantity: 10,
      maximumQuantity: 200,
      calculationModel: 'minimum',
      isStepByStep: true,
      config: {
        parts: [
          select('Vorspeise', [
            { name: 'Blattsalate mit Kernen', modifier: 'add', value: 0 },
            { name: 'Vitello tonnato', modifier: 'add', value: 450 },
            { name: 'Randencarpaccio mit Ziegenkäse', modifier: 'add', value: 350 },
          ]),
          select('Hauptgang', [
            { name: 'Roastbeef mit Sauce tartare', modifier: 'add', value: 0 },
            { name: 'Pouletbrust mit Currydip', modifier: 'subtract', value: 300 },
            { name: 'Gemüse-Quiche (vegetarisch)', modifier: 'subtract', value: 500 },
          ]),
          select(
            'Dessert',
            [
              { name: 'Fruchtsalat', modifier: 'add', value: 350 },
              { name: 'Mini-Cremeschnitten', modifier: 'add', value: 450 },
            ],
            { optional: true },
          ),
          {
            name: 'Allergien und Wünsche',
            type: 'textarea',
            optional: true,
          },
        ],
      },
      ...lead('days', 3),
    },
    { branches: ['winterthur'] },
  ),
  product('catering', {
    uid: 'prosecco-75cl',
    ...ALCOHOL,
    name: 'Prosecco DOC 75 cl',
    description: 'Extra dry, gekühlt zum Apéro. Abgabe ab 18 Jahren.',
    allergens: 'Sulfite',
    price: 1900,
  }),
]

const DRINKS: DemoProduct[] = [
  product('getraenke', {
    uid: 'kaffee-creme',
    name: 'Kaffee Crème',
    description: 'Aus unserer Hausmischung, in Zürich geröstet.',
    allergens: null,
    price: 450,
  }),
  product('getraenke', {
    uid: 'espresso',
    name: 'Espresso',
    description: null,
    allergens: null,
    price: 400,
  }),
  product('getraenke', {
    uid: 'cappuccino',
    name: 'Cappuccino',
    description: 'Mit Milch vom Bauernhof – oder mit Hafermilch.',
    allergens: MILK,
    type: 'configurable',
    price: 520,
    config: {
      parts: [
        select('Milch', [
          { name: 'Vollmilch', modifier: 'add', value: 0 },
          { name: 'Laktosefrei', modifier: 'add', value: 30 },
          { name: 'Hafermilch', modifier: 'add', value: 50 },
        ]),
      ],
    },
  }),
  product('getraenke', {
    uid: 'latte-macchiato',
    name: 'Latte Macchiato',
    description: null,
    allergens: MILK,
    price: 560,
  }),
  product('getraenke', {
    uid: 'schale',
    name: 'Schale',
    description: 'Milchkaffee in der grossen Tasse.',
    allergens: MILK,
    price: 520,
  }),
  product('getraenke', {
    uid: 'ovomaltine-heiss',
    name: 'Ovomaltine heiss',
    description: null,
    allergens: `${MILK}, Gluten (Gerste)`,
    price: 520,
  }),
  product('getraenke', {
    uid: 'tee',
    name: 'Tee',
    description: 'Offener Tee aus der Teehandlung um die Ecke.',
    allergens: null,
    type: 'configurable',
    price: 420,
    config: {
      parts: [
        select('Sorte', [
          { name: 'Pfefferminze', modifier: 'add', value: 0 },
          { name: 'Alpenkräuter', modifier: 'add', value: 0 },
          { name: 'Earl Grey', modifier: 'add', value: 0 },
          { name: 'Grüntee Sencha', modifier: 'add', value: 0 },
        ]),
      ],
    },
  }),
  product('getraenke', {
    uid: 'orangensaft-3dl',
    name: 'Frisch gepresster Orangensaft 3 dl',
    description: null,
    allergens: null,
    price: 590,
  }),
  product('getraenke', {
    uid: 'suessmost-5dl',
    name: 'Süssmost 5 dl',
    description: 'Naturtrüber Apfelsaft aus dem Thurgau.',
    allergens: null,
    price: 420,
  }),
  product('getraenke', {
    uid: 'mineralwasser-5dl',
    name: 'Mineralwasser 5 dl',
    description: 'Mit oder ohne Kohlensäure.',
    allergens: null,
    price: 350,
  }),
  product('getraenke', {
    uid: 'rivella-5dl',
    name: 'Rivella Rot 5 dl',
    description: null,
    allergens: MILK,
    price: 420,
  }),
  product('getraenke', {
    uid: 'lager-bier-33cl',
    ...ALCOHOL,
    name: 'Lager Bier 33 cl',
    description: 'Von einer kleinen Zürcher Brauerei. Abgabe ab 16 Jahren.',
    allergens: 'Gluten (Gerste)',
    price: 550,
  }),
]

const BREAKFAST: DemoProduct[] = [
  product('fruehstueck', {
    uid: 'zmorge-klassisch',
    name: 'Zmorge Klassisch',
    description: 'Buttergipfeli, Zopf, Butter, Konfitüre, Honig und ein Heissgetränk nach Wahl.',
    allergens: `${GLUTEN}, ${MILK}, ${EGG}`,
    type: 'configurable',
    price: 1450,
    config: {
      parts: [
        select('Heissgetränk', [
          { name: 'Kaffee Crème', modifier: 'add', value: 0 },
          { name: 'Cappuccino', modifier: 'add', value: 70 },
          { name: 'Tee', modifier: 'add', value: 0 },
          { name: 'Ovomaltine', modifier: 'add', value: 70 },
        ]),
      ],
    },
  }),
  product('fruehstueck', {
    uid: 'zmorge-huber-fuer-2',
    name: 'Zmorge Huber für 2',
    description:
      'Zopf, Gipfeli, Bündnerfleisch, Alpkäse, Rührei, Birchermüesli, Orangensaft und zwei Heissgetränke.',
    allergens: `${GLUTEN}, ${MILK}, ${EGG}, Haselnüsse`,
    price: 4200,
  }),
  product('fruehstueck', {
    uid: 'birchermueesli',
    name: 'Birchermüesli',
    description: 'Nach Originalrezept mit geriebenem Apfel, Haferflocken, Nüssen und Joghurt.',
    allergens: `${MILK}, Gluten (Hafer), Haselnüsse`,
    price: 790,
  }),
  product('fruehstueck', {
    uid: 'ruehrei-mit-brot',
    name: 'Rührei mit Schnittlauch',
    description: 'Drei Freilandeier, dazu Bauernbrot und Butter.',
    allergens: `${EGG}, ${GLUTEN}, ${MILK}`,
    price: 1290,
  }),
  product('fruehstueck', {
    uid: 'avocado-toast',
    name: 'Avocado-Toast (vegan)',
    description: 'Sauerteigbrot, Avocado, Kresse, Chili und Zitrone.',
    allergens: GLUTEN,
    price: 1350,
  }),
  product('fruehstueck', {
    uid: 'joghurt-granola',
    name: 'Joghurt mit Beeren und Granola',
    description: 'Griechisches Joghurt, Beerenkompott und hausgemachtes Granola.',
    allergens: `${MILK}, Gluten (Hafer), Mandeln`,
    price: 690,
  }),
  product('fruehstueck', {
    uid: 'sonntagsbrunch',
    name: 'Sonntagsbrunch',
    description:
      'Unser Brunch-Buffet am Sonntag, 9 bis 14 Uhr, mit Kaffee und Saft à discrétion. Preis pro Person.',
    allergens: `${GLUTEN}, ${MILK}, ${EGG}, Nüsse`,
    price: 3900,
    unit: 'person',
    maximumQuantity: 12,
    schedule: [{ weekdays: ['sunday'], from: '09:00', to: '14:00' }],
  }),
]

const PRODUCTS: readonly DemoProduct[] = [
  ...BREAD,
  ...PASTRY,
  ...CAKES,
  ...SANDWICHES,
  ...BUTCHER,
  ...CATERING,
  ...DRINKS,
  ...BREAKFAST,
]

/** The categories with their French and English names (issue 18, translations.ts). */
export const DEMO_CATEGORIES: readonly DemoCategory[] = CATEGORIES.map((category) => ({
  ...category,
  body: { ...category.body, translations: categoryTranslations(category.key) },
}))

/** The products, those Lausanne sells with French and English texts (issue 18, translations.ts). */
export const DEMO_PRODUCTS: readonly DemoProduct[] = PRODUCTS.map((entry) => ({
  ...entry,
  body: { ...entry.body, translations: productTranslations(String(entry.body.uid)) },
}))

/** Hot drinks and breakfast need a café; Winterthur sells bottled drinks only. */
const CAFE_ONLY = new Set([
  'kaffee-creme',
  'espresso',
  'cappuccino',
  'latte-macchiato',
  'schale',
  'ovomaltine-heiss',
  'tee',
  'orangensaft-3dl',
  'lager-bier-33cl',
])

/** Whether a product is on the given branch's current menu. */
export function isOfferedAt(entry: DemoProduct, branch: BranchKey): boolean {
  const category = DEMO_CATEGORIES.find((c) => c.key === entry.category)
  if (!category?.branches.includes(branch)) return false
  if (entry.branches && !entry.branches.includes(branch)) return false
  if (branch === 'winterthur' && CAFE_ONLY.has(String(entry.body.uid))) return false
  return true
}
