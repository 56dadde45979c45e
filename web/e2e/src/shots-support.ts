import type { Page } from 'playwright-core'
import { expect } from 'vitest'
import { adminHeaders, apiCall, type Stage } from './support.ts'

/**
 * What the demo shop lacks for the pictures of docs/screenshots (`npm run screenshots`), made
 * through the API in a shots file's setup: a standard page with columns and a gallery in German
 * and French, an image template, a redirect, and a paid online order with an item removed and
 * refunded in part (the built-in test payment provider, as web/e2e/src/refunds.e2e.test.ts pays).
 */

type Image = { id: string; version: number; extension: string; width?: number; alt?: string | null }

/** Paths of the standard page the shots make ("Sommerfest"). */
export const SUMMER_PAGE = { de: '/sommerfest', fr: '/fr/fete-ete' } as const

/** Text as a person reads it: no-break spaces (money) as spaces. */
export const plain = (text: string | null | undefined) => (text ?? '').replace(/[\u00a0\u202f]/g, ' ')

async function admin(stage: Stage) {
  const headers = await adminHeaders(stage.url)
  return <T>(method: string, path: string, body?: unknown) =>
    apiCall<T>(stage.url, method, path, body, headers).then((r) => r.data)
}

/** The first pictures of the media library (the demo's product pictures). */
async function pictures(stage: Stage, count: number): Promise<Image[]> {
  const call = await admin(stage)
  const images = await call<Image[]>('GET', '/api/images')
  expect(images.length).toBeGreaterThanOrEqual(count)
  return images.slice(0, count).map(({ id, version, extension, width, alt }) => ({
    id,
    version,
    extension,
    ...(typeof width === 'number' ? { width } : {}),
    ...(alt ? { alt } : {}),
  }))
}

/**
 * A public standard page in German and French: a text, three columns (text, picture, link teaser)
 * and a gallery of three pictures. Answers its id.
 */
export async function createSummerPage(stage: Stage): Promise<string> {
  const call = await admin(stage)
  const [first, second, third, fourth] = await pictures(stage, 4)
  const language = (t: {
    path: string
    title: string
    name: string
    description: string
    intro: string
    grill: string
    music: string
    teaser: string
  }) => ({
    path: t.path,
    title: t.title,
    name: t.name,
    description: t.description,
    content: {
      sections: [
        { type: 'text_section', text: t.intro },
        {
          type: 'columns_section',
          appearance: '3',
          direction: 'horizontal',
          content: [
            { type: 'text', text: t.grill },
            { type: 'image', image: first },
            {
              type: 'external_teaser',
              title: t.teaser,
              image: null,
              link: 'https://www.huber-beck.example/sommerfest',
            },
          ],
        },
        { type: 'text_section', text: t.music },
        { type: 'gallery_section', appearance: '3', images: [second, third, fourth] },
      ],
    },
  })
  const site = await call<{ id: string }>('POST', '/api/sites', {
    type: 'default',
    isPublic: true,
    translations: {
      'de-CH': language({
        path: SUMMER_PAGE.de,
        title: 'Sommerfest 2026',
        name: 'Sommerfest',
        description: 'Unser Sommerfest im Garten der Backstube: Grill, Musik und frisches Brot.',
        intro:
          '<h2>Feiern Sie mit uns im Garten</h2><p>Am <strong>Samstag, 27. Juni</strong> öffnen wir den Garten hinter der Backstube im Niederdorf – für Familien, Nachbarn und alle, die unser Brot mögen.</p>',
        grill:
          '<h3>Grill ab 18 Uhr</h3><p>Bratwurst und Cervelat aus unserer Metzgerei, dazu Bürli frisch aus dem Ofen.</p>',
        music: '<p>Ab 20 Uhr spielt das <em>Trio Niederdorf</em>. Der Eintritt ist frei.</p>',
        teaser: 'Programm und Anfahrt',
      }),
      'fr-FR': language({
        path: SUMMER_PAGE.fr,
        title: 'Fête d’été 2026',
        name: 'Fête d’été',
        description: 'Notre fête d’été dans le jardin du fournil : grillades, musique et pain frais.',
        intro:
          '<h2>Fêtez avec nous au jardin</h2><p>Le <strong>samedi 27 juin</strong>, nous ouvrons le jardin derrière le fournil du Niederdorf – aux familles, aux voisins et à tous ceux qui aiment notre pain.</p>',
        grill:
          '<h3>Grillades dès 18 h</h3><p>Saucisses et cervelas de notre boucherie, avec des petits pains sortis du four.</p>',
        music: '<p>Dès 20 h, le <em>Trio Niederdorf</em> joue pour vous. L’entrée est libre.</p>',
        teaser: 'Programme et accès',
      }),
    },
  })
  return site.id
}

/** An image template of the social size: a coloured area, a picture, a headline and the logo. */
export async function createImageTemplate(stage: Stage): Promise<string> {
  const call = await admin(stage)
  const [picture] = await pictures(stage, 1)
  const template = await call<{ id: string }>('POST', '/api/image-templates', {
    name: 'Wochenangebot',
    width: 1200,
    height: 630,
    layers: [
      {
        id: 'background',
        type: 'rectangle',
        x: 0,
        y: 0,
        width: 1200,
        height: 630,
        color: '#f4ead5',
        opacity: 1,
      },
      {
        id: 'picture',
        type: 'image',
        x: 600,
        y: 0,
        width: 600,
        height: 630,
        image: { id: picture!.id, version: picture!.version, extension: picture!.extension },
        fit: 'cover',
      },
      {
        id: 'headline',
        type: 'text',
        text: 'Zopf am Sonntag',
        font: 'Lora',
        variant: '700',
        size: 72,
        color: '#3b2a1a',
        x: 60,
        y: 200,
        align: 'left',
        maxWidth: 500,
      },
      {
        id: 'offer',
        type: 'text',
        text: 'Jeden Sonntag frisch ab 7 Uhr',
        font: 'Lora',
        variant: 'regular',
        size: 36,
        color: '#3b2a1a',
        x: 60,
        y: 420,
        align: 'left',
        maxWidth: 500,
      },
      { id: 'logo', type: 'logo', x: 60, y: 60, width: 120, height: 120, branch: null, fit: 'contain' },
    ],
  })
  return template.id
}

/** A redirect from an old address to the about page (301). */
export async function createRedirect(stage: Stage): Promise<string> {
  const call = await admin(stage)
  const redirect = await call<{ id: string }>('POST', '/api/redirects', {
    path: '/wir',
    target: '/ueber-uns',
    statusCode: 301,
  })
  return redirect.id
}

export type PaidOrder = { id: string; statusPath: string; removedName: string; removedItemId: string }

/**
 * A takeaway at Zürich Altstadt paid online on the test provider's page, through the checkout on
 * a phone: two Butterzopf and Buttergipfeli (as many as the product asks for). The page that
 * paid is closed; the order is not yet touched by staff.
 */
export async function paidOnlineOrder(stage: Stage): Promise<PaidOrder> {
  const init = (await apiCall<{ url: string; data: unknown }[]>(stage.url, 'GET', '/api/init')).data
  const products = init.find((entry) => entry.url === '/api/products')?.data as {
    uid: string
    unit: string
    defaultQuantity?: number | null
    minimumQuantity?: number | null
  }[]
  const zopf = products.find((p) => p.uid === 'butterzopf-500g')!
  const gipfeli = products.find((p) => p.uid === 'buttergipfeli')!
  expect(zopf && gipfeli).toBeTruthy()
  const cart = {
    items: [
      { product: zopf, amount: 2, unit: zopf.unit, parts: [] },
      {
        product: gipfeli,
        amount: gipfeli.defaultQuantity ?? gipfeli.minimumQuantity ?? 1,
        unit: gipfeli.unit,
        parts: [],
      },
    ],
    isDelivery: false,
    isDineIn: false,
    deliveryArea: null,
    order: { appointment: null, comment: '' },
  }
  const page = await stage.newPage({ viewport: { width: 390, height: 844 } })
  await page.addInitScript(
    ({ key, value }) => {
      if (sessionStorage.getItem('e2e-seeded')) return
      sessionStorage.setItem('e2e-seeded', '1')
      sessionStorage.setItem(key, value)
    },
    { key: 'asp-cart-zuerich-altstadt', value: JSON.stringify(cart) },
  )
  await page.goto('/store/zuerich-altstadt/checkout')
  await page.getByLabel('Vorname').fill('Rita')
  await page.getByLabel('Nachname').fill('Muster')
  await page.getByLabel('Telefon').fill('+41 79 000 77 88')
  await page.getByLabel(/Online bezahlen/).check()
  await page.getByLabel('Ich akzeptiere die Allgemeinen Geschäftsbedingungen.').check()
  await page.getByLabel('Ich habe die Datenschutzerklärung gelesen und akzeptiere sie.').check()
  await page.getByRole('button', { name: 'Jetzt bestellen' }).click()
  await page.waitForURL(/\/payments\/test\//)
  await page.getByRole('button', { name: 'Bezahlen', exact: true }).click()
  const STATUS = /\/status\/([^/]+)\/([^/?#]+)$/
  await page.waitForURL(STATUS)
  await expect
    .poll(async () => plain(await page.locator('.status-info__payment').textContent()), { timeout: 20_000 })
    .toContain('Bezahlt')
  const statusPath = new URL(page.url()).pathname
  const [, uid, hash] = STATUS.exec(statusPath) ?? []
  await page.context().close()
  const order = (await apiCall<{ id: string }>(stage.url, 'GET', `/api/orders/public/${uid}/${hash}`)).data
  const call = await admin(stage)
  const staffView = await call<{ items: { itemId: string; productUid: string; name: string }[] }>(
    'GET',
    `/api/orders/${order.id}`,
  )
  const removed = staffView.items.find((i) => i.productUid === 'buttergipfeli')!
  return { id: order.id, statusPath, removedName: removed.name, removedItemId: removed.itemId }
}

/** Staff remove the order's Buttergipfeli over the API; the test provider refunds the difference. */
export async function removeItem(stage: Stage, order: PaidOrder): Promise<void> {
  const { cookie, 'x-xsrf-token': xsrf } = await adminHeaders(stage.url)
  const res = await fetch(`${stage.url}/api/orders/${order.id}/items/${order.removedItemId}`, {
    method: 'DELETE',
    headers: { cookie: cookie ?? '', 'x-xsrf-token': xsrf ?? '' },
  })
  if (!res.ok) throw new Error(`removing the item answered ${res.status}: ${await res.text()}`)
  const call = await admin(stage)
  await expect
    .poll(
      async () =>
        (await call<{ refund: { status: string } | null }>('GET', `/api/orders/${order.id}`)).refund?.status,
      {
        timeout: 20_000,
      },
    )
    .toBe('partial')
}

/** Waits until no spinner is left on the page (lists and editors load after their heading). */
export async function noSpinner(page: Page): Promise<void> {
  await expect.poll(() => page.locator('.ui-spinner:visible').count(), { timeout: 20_000 }).toBe(0)
}
