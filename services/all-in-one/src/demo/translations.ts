import type { CategoryKey } from './products.ts'

/**
 * French and English menu texts (issue 18) for the products the Lausanne branch sells, and
 * for every category: the storefront shows them in French or English and German where a text
 * has no translation. A few Swiss specialities (Tessinerbrot, St. Galler Bürli, Basler
 * Läckerli, Grittibänz) and the tea keep their German texts, so the demo shows the fallback too.
 * Parts and options are by position, as in the product's `config.parts`.
 */
type Texts = {
  name?: string
  description?: string
  parts?: { name?: string; description?: string; options?: string[] }[]
}
type Translated = { fr: Texts; en: Texts }

export const CATEGORY_TRANSLATIONS: Record<CategoryKey, { fr: string; en: string }> = {
  brot: { fr: 'Pains', en: 'Bread' },
  gipfeli: { fr: 'Croissants & douceurs', en: 'Croissants & sweets' },
  torten: { fr: 'Tartes & gâteaux', en: 'Cakes & tarts' },
  sandwiches: { fr: 'Sandwichs', en: 'Sandwiches' },
  metzgerei: { fr: 'Boucherie', en: 'Butcher’s' },
  catering: { fr: 'Traiteur & apéritif', en: 'Catering & apéritif' },
  getraenke: { fr: 'Boissons', en: 'Drinks' },
  fruehstueck: { fr: 'Petit-déjeuner', en: 'Breakfast' },
}

export const PRODUCT_TRANSLATIONS: Record<string, Translated> = {
  'butterzopf-500g': {
    fr: {
      name: 'Tresse au beurre 500 g',
      description: 'Tressée à la main, au lait entier et au beurre suisses – le classique du petit-déjeuner.',
    },
    en: {
      name: 'Butter plait 500 g',
      description: 'Plaited by hand with Swiss whole milk and butter – the breakfast classic.',
    },
  },
  'sonntagszopf-1kg': {
    fr: {
      name: 'Grande tresse du dimanche 1 kg',
      description: 'La grande tresse pour toute la famille. Cuite le week-end seulement.',
    },
    en: {
      name: 'Large Sunday plait 1 kg',
      description: 'The big plait for the whole family. Baked at weekends only.',
    },
  },
  ruchbrot: {
    fr: {
      name: 'Pain bis 500 g',
      description: 'À la farine bise suisse, longue fermentation et croûte bien cuite.',
    },
    en: { name: 'Brown bread 500 g', description: 'Dark Swiss flour, long proving and a hearty crust.' },
  },
  bauernbrot: {
    fr: {
      name: 'Pain paysan 750 g',
      description: 'Farine mi-blanche et de seigle, au levain naturel, cuit au four à pierre.',
    },
    en: {
      name: 'Farmhouse bread 750 g',
      description: 'Half-white and rye flour with natural sourdough, baked in a stone oven.',
    },
  },
  'bio-vollkornbrot': {
    fr: {
      name: 'Pain complet bio 500 g',
      description: 'Farine complète Bourgeon, graines de tournesol et de lin. Moelleux jusqu’à cinq jours.',
    },
    en: {
      name: 'Organic wholemeal bread 500 g',
      description: 'Bud-label wholemeal flour, sunflower and linseed. Stays moist for up to five days.',
    },
  },
  dinkelbrot: {
    fr: {
      name: 'Pain d’épeautre 500 g',
      description: 'À l’épeautre ancien IP-Suisse, doux et au goût de noisette.',
    },
    en: { name: 'Spelt bread 500 g', description: 'Ancient spelt from IP-Suisse, mild and nutty.' },
  },
  'sauerteigbrot-vom-laib': {
    fr: {
      name: 'Pain au levain à la coupe',
      description:
        'Notre grande miche reposée 48 heures. Nous coupons la quantité que vous souhaitez – ou prenez la miche entière (env. 1,2 kg).',
    },
    en: {
      name: 'Sourdough loaf by weight',
      description:
        'Our big loaf, proved for 48 hours. We cut as much as you like – or take the whole loaf (about 1.2 kg).',
    },
  },
  'glutenfreies-buchweizenbrot': {
    fr: {
      name: 'Pain de sarrasin sans gluten',
      description: 'Sarrasin, farine de riz et psyllium – cuit dans un fournil séparé, un jour à part.',
    },
    en: {
      name: 'Gluten-free buckwheat bread',
      description: 'Buckwheat, rice flour and psyllium – baked in a separate bakery on a day of its own.',
    },
  },
  baguette: {
    fr: { description: 'À la française, croûte toute fine.' },
    en: { description: 'French style, with a wafer-thin crust.' },
  },
  'pain-paillasse': {
    fr: { description: 'Le pain torsadé à la mie alvéolée et à la croûte rustique.' },
    en: { description: 'The twisted loaf with an open crumb and a rustic crust.' },
  },
  laugenbroetli: {
    fr: { name: 'Petit pain au sel', description: 'Au gros sel, idéal pour les sandwichs.' },
    en: { name: 'Pretzel roll', description: 'With coarse salt, ideal for sandwiches.' },
  },
  buttergipfeli: {
    fr: { name: 'Croissant au beurre', description: '100 % beurre suisse, 27 couches, frais chaque matin.' },
    en: { name: 'Butter croissant', description: '100 % Swiss butter, 27 layers, fresh every morning.' },
  },
  laugengipfeli: {
    fr: { name: 'Croissant bretzel', description: 'Pâte feuilletée au beurre avec une croûte de bretzel.' },
    en: { name: 'Pretzel croissant', description: 'Buttery puff pastry with a pretzel crust.' },
  },
  'vollkorn-honiggipfeli': {
    fr: {
      name: 'Croissant complet au miel',
      description: 'À la farine complète et au miel de fleurs suisse.',
    },
    en: { name: 'Wholemeal honey croissant', description: 'With wholemeal flour and Swiss blossom honey.' },
  },
  'veganes-gipfeli': {
    fr: {
      name: 'Croissant végane',
      description: 'Au beurre végétal – tout aussi croustillant que l’original.',
    },
    en: { name: 'Vegan croissant', description: 'With plant butter – just as crisp as the original.' },
  },
  nussgipfel: {
    fr: {
      name: 'Croissant aux noisettes',
      description: 'Pâte levée feuilletée, farce aux noisettes et glaçage abricot.',
    },
    en: {
      name: 'Hazelnut croissant',
      description: 'Danish pastry with a moist hazelnut filling and apricot glaze.',
    },
  },
  mandelgipfel: {
    fr: {
      name: 'Croissant aux amandes',
      description: 'Fourré à la crème d’amandes, parsemé d’amandes effilées.',
    },
    en: { name: 'Almond croissant', description: 'Filled with almond cream and topped with flaked almonds.' },
  },
  schoggiweggli: {
    fr: {
      name: 'Petit pain au chocolat',
      description: 'Petit pain au lait moelleux aux pépites de chocolat.',
    },
    en: { name: 'Chocolate chip bun', description: 'Soft milk bun with chocolate chips.' },
  },
  'pain-au-chocolat': {
    fr: { description: 'Pâte à croissant et deux bâtons de chocolat noir.' },
    en: { description: 'Croissant dough with two sticks of dark chocolate.' },
  },
  zimtschnecke: {
    fr: {
      name: 'Roulé à la cannelle',
      description: 'Pâte levée, cannelle et sucre brun, glaçage au fromage frais.',
    },
    en: {
      name: 'Cinnamon roll',
      description: 'Yeast dough with cinnamon and brown sugar, cream cheese icing.',
    },
  },
  berliner: {
    fr: {
      name: 'Boule de Berlin à la framboise',
      description: 'Cuite à l’huile de colza, fourrée de confiture de framboises maison.',
    },
    en: {
      name: 'Raspberry doughnut',
      description: 'Fried in rapeseed oil and filled with home-made raspberry jam.',
    },
  },
  cremeschnitte: {
    fr: {
      name: 'Mille-feuille',
      description: 'Pâte feuilletée, crème vanille et glaçage fondant – comme chez grand-maman.',
    },
    en: {
      name: 'Cream slice',
      description: 'Puff pastry, vanilla cream and fondant icing – just like grandma’s.',
    },
  },
  'macarons-6': {
    fr: {
      name: 'Macarons (6 pièces)',
      description: 'Framboise, pistache, vanille, chocolat, citron et caramel salé.',
    },
    en: {
      name: 'Macarons (6 pieces)',
      description: 'Raspberry, pistachio, vanilla, chocolate, lemon and salted caramel.',
    },
  },
  'apfelwaehe-stueck': {
    fr: {
      name: 'Gâteau aux pommes (part)',
      description: 'Pâte brisée, pommes suisses et appareil à la crème.',
    },
    en: { name: 'Apple tart (slice)', description: 'Shortcrust, Swiss apples and a cream filling.' },
  },
  'rueeblitorte-stueck': {
    fr: {
      name: 'Gâteau aux carottes (part)',
      description: 'À l’argovienne, aux amandes et carottes en massepain.',
    },
    en: { name: 'Carrot cake (slice)', description: 'Aargau style, with almonds and marzipan carrots.' },
  },
  'cheesecake-stueck': {
    fr: {
      name: 'Cheesecake new-yorkais (part)',
      description: 'Crémeux, cuit sur un fond de biscuits au beurre, avec compote de baies.',
    },
    en: {
      name: 'New York cheesecake (slice)',
      description: 'Baked creamy on a butter biscuit base, with berry compote.',
    },
  },
  'schokoladenkuchen-stueck': {
    fr: {
      name: 'Gâteau au chocolat sans farine (part)',
      description: 'Fondant et intense, au chocolat grand cru 70 %. Sans gluten.',
    },
    en: {
      name: 'Flourless chocolate cake (slice)',
      description: 'Moist and intense, with 70 % grand cru chocolate. Gluten-free.',
    },
  },
  'zuger-kirschtorte': {
    fr: {
      name: 'Tourte au kirsch de Zoug',
      description: 'Fonds japonais, crème au beurre et biscuit imbibé de kirsch. Ø 20 cm.',
    },
    en: {
      name: 'Zug kirsch cake',
      description: 'Japonaise layers, buttercream and kirsch-soaked sponge. Ø 20 cm.',
    },
  },
  'fruchtwaehe-gross': {
    fr: {
      name: 'Tarte aux fruits de saison Ø 24 cm',
      description: 'Aux fruits de saison, pour 8 personnes. À commander la veille.',
    },
    en: {
      name: 'Seasonal fruit tart Ø 24 cm',
      description: 'With the fruit of the season, for 8 people. Order the evening before.',
    },
  },
  'sandwich-schinken': {
    fr: {
      name: 'Sandwich au jambon',
      description: 'Petit pain au sel, jambon de notre boucherie et beurre.',
    },
    en: { name: 'Ham sandwich', description: 'Pretzel roll with ham from our own butcher’s and butter.' },
  },
  'sandwich-salami': {
    fr: { name: 'Sandwich au salami', description: 'Baguette, salami nostrano, cornichon et beurre.' },
    en: { name: 'Salami sandwich', description: 'Baguette with nostrano salami, gherkin and butter.' },
  },
  'sandwich-gruyere': {
    fr: { name: 'Sandwich au gruyère', description: 'Pain bis, gruyère AOP salé, salade et tomate.' },
    en: { name: 'Gruyère sandwich', description: 'Brown bread with mature Gruyère AOP, lettuce and tomato.' },
  },
  'sandwich-thon-ei': {
    fr: { name: 'Sandwich thon-œuf', description: 'Pain complet, mousse de thon, œuf et câpres.' },
    en: { name: 'Tuna and egg sandwich', description: 'Wholemeal bread with tuna mousse, egg and capers.' },
  },
  'sandwich-poulet-curry': {
    fr: {
      name: 'Sandwich poulet-curry',
      description: 'Blanc de poulet suisse, sauce curry douce et mangue sur pain d’épeautre.',
    },
    en: {
      name: 'Chicken curry sandwich',
      description: 'Swiss chicken breast in a mild curry sauce with mango on spelt bread.',
    },
  },
  'sandwich-hummus': {
    fr: {
      name: 'Sandwich houmous-légumes (végane)',
      description: 'Houmous maison, légumes grillés et roquette dans du pain complet bio.',
    },
    en: {
      name: 'Hummus and vegetable sandwich (vegan)',
      description: 'Home-made hummus, grilled vegetables and rocket in organic wholemeal bread.',
    },
  },
  'fleischkaese-im-buerli': {
    fr: {
      name: 'Fromage d’Italie en petit pain',
      description: 'Chaud sortant du four, avec moutarde. Le classique du dix-heures.',
    },
    en: { name: 'Meatloaf roll', description: 'Warm from the oven, with mustard. The mid-morning classic.' },
  },
  'sandwich-nach-wahl': {
    fr: {
      name: 'Sandwich à composer',
      description: 'Votre sandwich comme vous l’aimez : choisissez le pain, la garniture et les extras.',
      parts: [
        { name: 'Pain', options: ['Baguette', 'Petit pain au sel', 'Complet bio', 'Pain sans gluten'] },
        {
          name: 'Garniture',
          options: ['Jambon', 'Salami', 'Gruyère', 'Blanc de poulet', 'Houmous (végane)'],
        },
        { name: 'Extras', options: ['Œuf', 'Fromage en plus', 'Concombre', 'Tomate'] },
        { name: 'Taille', options: ['Entier', 'Demi'] },
      ],
    },
    en: {
      name: 'Build your own sandwich',
      description: 'Your sandwich the way you like it: choose the bread, the filling and the extras.',
      parts: [
        { name: 'Bread', options: ['Baguette', 'Pretzel roll', 'Organic wholemeal', 'Gluten-free bread'] },
        { name: 'Filling', options: ['Ham', 'Salami', 'Gruyère', 'Chicken breast', 'Hummus (vegan)'] },
        { name: 'Extras', options: ['Egg', 'Extra cheese', 'Cucumber', 'Tomato'] },
        { name: 'Size', options: ['Whole', 'Half'] },
      ],
    },
  },
  'kaffee-creme': {
    fr: { name: 'Café crème', description: 'Notre mélange maison, torréfié à Zurich.' },
    en: { name: 'Café crème', description: 'Our house blend, roasted in Zürich.' },
  },
  espresso: { fr: { name: 'Expresso' }, en: { name: 'Espresso' } },
  cappuccino: {
    fr: {
      description: 'Au lait de la ferme – ou au lait d’avoine.',
      parts: [{ name: 'Lait', options: ['Lait entier', 'Sans lactose', 'Lait d’avoine'] }],
    },
    en: {
      description: 'With milk from the farm – or with oat milk.',
      parts: [{ name: 'Milk', options: ['Whole milk', 'Lactose-free', 'Oat milk'] }],
    },
  },
  schale: {
    fr: { name: 'Grand café au lait', description: 'Café au lait dans la grande tasse.' },
    en: { name: 'Large milk coffee', description: 'Milk coffee in the big cup.' },
  },
  'ovomaltine-heiss': { fr: { name: 'Ovomaltine chaude' }, en: { name: 'Hot Ovomaltine' } },
  'orangensaft-3dl': {
    fr: { name: 'Jus d’orange pressé 3 dl' },
    en: { name: 'Freshly squeezed orange juice 3 dl' },
  },
  'suessmost-5dl': {
    fr: { name: 'Jus de pomme 5 dl', description: 'Jus de pomme trouble de Thurgovie.' },
    en: { name: 'Apple juice 5 dl', description: 'Cloudy apple juice from Thurgau.' },
  },
  'mineralwasser-5dl': {
    fr: { name: 'Eau minérale 5 dl', description: 'Gazeuse ou plate.' },
    en: { name: 'Mineral water 5 dl', description: 'Sparkling or still.' },
  },
  'rivella-5dl': { fr: { name: 'Rivella rouge 5 dl' }, en: { name: 'Rivella Red 5 dl' } },
  'lager-bier-33cl': {
    fr: { name: 'Bière blonde 33 cl', description: 'D’une petite brasserie zurichoise. Dès 16 ans.' },
    en: { name: 'Lager 33 cl', description: 'From a small Zürich brewery. Sold to over-16s only.' },
  },
  'zmorge-klassisch': {
    fr: {
      name: 'Petit-déjeuner classique',
      description: 'Croissant, tresse, beurre, confiture, miel et une boisson chaude au choix.',
      parts: [{ name: 'Boisson chaude', options: ['Café crème', 'Cappuccino', 'Thé', 'Ovomaltine'] }],
    },
    en: {
      name: 'Classic breakfast',
      description: 'Croissant, plait, butter, jam, honey and a hot drink of your choice.',
      parts: [{ name: 'Hot drink', options: ['Café crème', 'Cappuccino', 'Tea', 'Ovomaltine'] }],
    },
  },
  'zmorge-huber-fuer-2': {
    fr: {
      name: 'Petit-déjeuner Huber pour 2',
      description:
        'Tresse, croissants, viande des Grisons, fromage d’alpage, œufs brouillés, birchermüesli, jus d’orange et deux boissons chaudes.',
    },
    en: {
      name: 'Huber breakfast for 2',
      description:
        'Plait, croissants, Grisons air-dried beef, alpine cheese, scrambled eggs, Bircher muesli, orange juice and two hot drinks.',
    },
  },
  birchermueesli: {
    fr: {
      name: 'Birchermüesli',
      description: 'Selon la recette originale, pomme râpée, flocons d’avoine, noix et yogourt.',
    },
    en: {
      name: 'Bircher muesli',
      description: 'The original recipe with grated apple, oat flakes, nuts and yoghurt.',
    },
  },
  'ruehrei-mit-brot': {
    fr: {
      name: 'Œufs brouillés à la ciboulette',
      description: 'Trois œufs de plein air, avec pain paysan et beurre.',
    },
    en: {
      name: 'Scrambled eggs with chives',
      description: 'Three free-range eggs with farmhouse bread and butter.',
    },
  },
  'avocado-toast': {
    fr: {
      name: 'Toast à l’avocat (végane)',
      description: 'Pain au levain, avocat, cresson, piment et citron.',
    },
    en: { name: 'Avocado toast (vegan)', description: 'Sourdough bread, avocado, cress, chilli and lemon.' },
  },
  'joghurt-granola': {
    fr: {
      name: 'Yogourt aux baies et granola',
      description: 'Yogourt grec, compote de baies et granola maison.',
    },
    en: {
      name: 'Yoghurt with berries and granola',
      description: 'Greek yoghurt, berry compote and home-made granola.',
    },
  },
  sonntagsbrunch: {
    fr: {
      name: 'Brunch du dimanche',
      description: 'Notre buffet le dimanche de 9 à 14 heures, café et jus à discrétion. Prix par personne.',
    },
    en: {
      name: 'Sunday brunch',
      description:
        'Our brunch buffet on Sundays, 9 am to 2 pm, with coffee and juice as you like. Price per person.',
    },
  },
}

const translation = (texts: Texts) => ({
  name: texts.name ?? null,
  description: texts.description ?? null,
  parts: (texts.parts ?? []).map((part) => ({
    name: part.name ?? null,
    description: part.description ?? null,
    options: part.options ?? [],
  })),
})

/** A product's `translations` body field for its uid ({} when it has none). */
export function productTranslations(uid: string): Record<string, ReturnType<typeof translation>> {
  const texts = PRODUCT_TRANSLATIONS[uid]
  return texts ? { 'fr-FR': translation(texts.fr), en: translation(texts.en) } : {}
}

/** A category's `translations` body field. */
export function categoryTranslations(key: CategoryKey): Record<string, { name: string }> {
  const names = CATEGORY_TRANSLATIONS[key]
  return { 'fr-FR': { name: names.fr }, en: { name: names.en } }
}
