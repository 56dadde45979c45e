import { ALLERGENS_TEXT, IMPRINT_TEXT, PRIVACY_TEXT, TERMS_TEXT } from './config.ts'
import type { DemoInput, IdOf } from './demo-types.ts'

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')

/**
 * Plain text (paragraphs separated by blank lines) to formatted text. The first paragraph is
 * the page title and left out; a paragraph whose short first line is followed by a long one
 * starts with that line as a heading.
 */
export function textToHtml(text: string): string {
  return text
    .split(/\n\s*\n/)
    .slice(1)
    .map((chunk) => {
      const lines = chunk.split('\n').map((line) => escapeHtml(line.trim()))
      const [first = '', second] = lines
      if (second !== undefined && first.length < 60 && !/[.:!?]$/.test(first) && second.length > 60) {
        return `<h2>${first}</h2><p>${lines.slice(1).join('<br>')}</p>`
      }
      return `<p>${lines.join('<br>')}</p>`
    })
    .join('')
}

const textPage = (html: string) => ({ sections: [{ type: 'text_section', text: html }] })

const ABOUT_DE = `<p>1898 eröffnete Johann Huber im Zürcher Niederdorf eine kleine Backstube mit Metzgerei. Heute führt die vierte Generation den Betrieb – mit denselben Grundsätzen: Mehl aus Schweizer Mühlen, Fleisch von Bauernhöfen, die wir kennen, und Zeit für jeden Teig.</p><p>Unsere Brote reifen bis zu 48 Stunden, die Gipfeli werden jeden Morgen von Hand gewickelt, und in der Metzgerei verarbeiten wir ganze Tiere – von der Wurst bis zum Entrecôte.</p>`

const ABOUT_FR = `<p>En 1898, Johann Huber ouvrait un petit fournil avec boucherie dans le Niederdorf zurichois. Aujourd'hui, la quatrième génération perpétue les mêmes principes : des farines de moulins suisses, de la viande de fermes que nous connaissons et du temps pour chaque pâte.</p><p>Depuis 2019, nous accueillons aussi nos hôtes romands à la Rue de Bourg à Lausanne.</p>`

const branchColumn = (name: string, lines: string[]) => ({
  type: 'text',
  text: `<h3>${escapeHtml(name)}</h3><p>${lines.map(escapeHtml).join('<br>')}</p>`,
})

export function demoSites(idOf: IdOf): { key: string; body: DemoInput<'sites'> }[] {
  return [
    {
      key: 'site:about',
      body: {
        isPublic: true,
        type: 'default',
        translations: {
          'de-CH': {
            path: '/ueber-uns',
            title: 'Über uns',
            name: 'Über uns',
            description: 'Bäckerei, Café und Metzgerei Huber – seit 1898 in Familienhand.',
            content: {
              sections: [
                { type: 'text_section', text: ABOUT_DE },
                {
                  type: 'columns_section',
                  appearance: '3',
                  direction: 'horizontal',
                  content: [
                    branchColumn('Zürich Altstadt', [
                      'Niederdorfstrasse 24, 8001 Zürich',
                      'Backstube, Café und Metzgerei',
                    ]),
                    branchColumn('Winterthur', ['Marktgasse 45, 8400 Winterthur', 'Metzgerei und Catering']),
                    branchColumn('Lausanne', ['Rue de Bourg 12, 1003 Lausanne', 'Boulangerie-café']),
                  ],
                },
                {
                  type: 'columns_section',
                  appearance: '2',
                  direction: 'horizontal',
                  content: [
                    {
                      type: 'internal_teaser',
                      title: 'Allergene und Unverträglichkeiten',
                      image: null,
                      reference: { type: 'site', id: idOf('site:allergens') },
                    },
                    {
                      type: 'external_teaser',
                      title: 'Lebensmittel retten mit der Brotbrücke',
                      image: null,
                      link: 'https://www.huber-beck.example/brotbruecke',
                    },
                  ],
                },
              ],
            },
          },
          'fr-FR': {
            path: '/fr/a-propos',
            title: 'À propos',
            name: 'À propos',
            description: 'Boulangerie, café et boucherie Huber – une entreprise familiale depuis 1898.',
            content: textPage(ABOUT_FR),
          },
        },
      },
    },
    {
      key: 'site:imprint',
      body: {
        isPublic: true,
        translations: {
          'de-CH': {
            path: '/impressum',
            title: 'Impressum',
            name: 'Impressum',
            description: null,
            content: textPage(textToHtml(IMPRINT_TEXT)),
          },
          'fr-FR': {
            path: '/fr/mentions-legales',
            title: 'Mentions légales',
            name: 'Mentions légales',
            description: null,
            content: textPage(
              '<p>Huber Bäckerei-Konditorei-Metzgerei AG<br>Niederdorfstrasse 24<br>8001 Zurich<br>Suisse</p><p>Téléphone : +41 44 251 18 98<br>E-mail : info@huber-beck.example</p><p>Registre du commerce du canton de Zurich<br>IDE : CHE-123.456.789 TVA</p>',
            ),
          },
        },
      },
    },
    {
      key: 'site:privacy',
      body: {
        isPublic: true,
        translations: {
          'de-CH': {
            path: '/datenschutz',
            title: 'Datenschutzerklärung',
            name: 'Datenschutz',
            description: 'Wie wir Ihre Personendaten bearbeiten.',
            content: textPage(textToHtml(PRIVACY_TEXT)),
          },
        },
      },
    },
    {
      key: 'site:terms',
      body: {
        isPublic: true,
        translations: {
          'de-CH': {
            path: '/agb',
            title: 'Allgemeine Geschäftsbedingungen',
            name: 'AGB',
            description: 'Bedingungen für Online-Bestellungen.',
            content: textPage(textToHtml(TERMS_TEXT)),
          },
        },
      },
    },
    {
      key: 'site:allergens',
      body: {
        isPublic: true,
        translations: {
          'de-CH': {
            path: '/allergene',
            title: 'Allergene und Unverträglichkeiten',
            name: 'Allergene',
            description: 'Die 14 Hauptallergene in unseren Produkten.',
            content: textPage(textToHtml(ALLERGENS_TEXT)),
          },
          'fr-FR': {
            path: '/fr/allergenes',
            title: 'Allergènes et intolérances',
            name: 'Allergènes',
            description: null,
            content: textPage(
              "<p>Pour chaque produit, nous indiquons les 14 allergènes principaux selon l'ordonnance suisse sur l'information des denrées alimentaires (OIDAl).</p><p>Notre fournil transforme chaque jour du blé, du seigle, de l'épeautre, du lait, des œufs, des fruits à coque et du sésame : des traces ne peuvent être exclues dans aucun produit. N'hésitez pas à demander conseil à notre équipe.</p>",
            ),
          },
        },
      },
    },
  ]
}

export function demoNavigations(idOf: IdOf): { key: string; body: DemoInput<'navigations'> }[] {
  const site = (key: string, label: string) => ({ type: 'site' as const, target: idOf(`site:${key}`), label })
  const branch = (key: string, label: string) => ({
    type: 'branch' as const,
    target: idOf(`branch:${key}`),
    label,
  })
  return [
    {
      key: 'navigation:main',
      body: {
        identifier: 'main',
        translations: { 'de-CH': { name: 'Hauptnavigation' }, 'fr-FR': { name: 'Navigation principale' } },
        // Labels in French and English beside the German one; the branches keep their names in
        // every language, and "Allergene" shows the allergen page's French name (docs/content.md
        // "Navigations": a site item whose label is the page's German name).
        items: [
          { type: 'home', target: null, label: 'Start', labels: { 'fr-FR': 'Accueil', 'en-GB': 'Home' } },
          {
            type: 'link',
            target: '/',
            label: 'Filialen',
            labels: { 'fr-FR': 'Filiales', 'en-GB': 'Branches' },
            children: [
              branch('zuerich-altstadt', 'Zürich Altstadt'),
              branch('winterthur', 'Winterthur'),
              branch('lausanne', 'Lausanne'),
            ],
          },
          { ...site('about', 'Über uns'), labels: { 'fr-FR': 'À propos', 'en-GB': 'About us' } },
          { ...site('allergens', 'Allergene'), labels: { 'en-GB': 'Allergens' } },
        ],
      },
    },
    {
      key: 'navigation:footer',
      body: {
        identifier: 'footer',
        translations: { 'de-CH': { name: 'Fusszeile' }, 'fr-FR': { name: 'Pied de page' } },
        items: [
          site('imprint', 'Impressum'),
          site('privacy', 'Datenschutz'),
          site('terms', 'AGB'),
          site('allergens', 'Allergene'),
        ],
      },
    },
  ]
}

export function demoBlocks(): { key: string; body: DemoInput<'blocks'> }[] {
  return [
    {
      key: 'block:about',
      body: {
        identifier: 'about',
        name: 'Über uns (Menü)',
        type: 'default',
        translations: {
          'de-CH': {
            isPublic: true,
            content: {
              body: '<p><strong>Huber Beck &amp; Metzg</strong> – Bäckerei, Café und Metzgerei seit 1898. Brot aus dem Steinofen, Torten auf Bestellung und Fleisch aus der eigenen Metzgerei in Zürich, Winterthur und Lausanne.</p>',
            },
          },
          'fr-FR': {
            isPublic: true,
            content: {
              body: '<p><strong>Huber Beck &amp; Metzg</strong> – boulangerie, café et boucherie depuis 1898, à Zurich, Winterthour et Lausanne.</p>',
            },
          },
        },
      },
    },
    {
      key: 'block:contact',
      body: {
        identifier: 'contact',
        name: 'Kontakt (Menü)',
        type: 'default',
        translations: {
          'de-CH': {
            isPublic: true,
            content: {
              body: '<p>Huber Bäckerei-Konditorei-Metzgerei AG<br>Niederdorfstrasse 24, 8001 Zürich</p><p>Telefon <a href="tel:+41442511898">+41 44 251 18 98</a><br>E-Mail <a href="mailto:info@huber-beck.example">info@huber-beck.example</a></p><p>Catering und Hochzeitstorten: <a href="tel:+41522123450">+41 52 212 34 50</a></p>',
            },
          },
          'fr-FR': {
            isPublic: true,
            content: {
              body: '<p>Huber Lausanne Bourg<br>Rue de Bourg 12, 1003 Lausanne</p><p>Téléphone <a href="tel:+41213124567">+41 21 312 45 67</a><br>E-mail <a href="mailto:lausanne@huber-beck.example">lausanne@huber-beck.example</a></p>',
            },
          },
        },
      },
    },
  ]
}

export function demoDonatees(): { key: string; body: DemoInput<'donatees'> }[] {
  return [
    {
      key: 'donatee:brotbruecke',
      body: {
        identifier: 'brotbruecke',
        name: 'Brotbrücke Zürich',
        description:
          'Verein, der unverkaufte Backwaren und Lebensmittel am Abend abholt und an Notschlafstellen und Gassenküchen in Zürich und Winterthur verteilt.',
      },
    },
    {
      key: 'donatee:bergbauernhilfe',
      body: {
        identifier: 'bergbauernhilfe',
        name: 'Bergbauernhilfe Graubünden',
        description:
          'Unterstützt Bergbauernfamilien, von denen wir Fleisch und Käse beziehen, bei Notfällen und Investitionen in tiergerechte Ställe.',
      },
    },
  ]
}
