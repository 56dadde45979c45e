import { describe, expect, it } from 'vitest'
import { buildNav, itemLabel, type NavContext, type NavigationItemLike } from './navigation.ts'

const ctx = (pathname: string, locale = 'de-CH'): NavContext => ({
  pathname,
  locale,
  sites: [
    {
      id: 's-about',
      translations: {
        'de-CH': { path: '/ueber-uns', name: 'Über uns' },
        'fr-FR': { path: '/fr/a-propos', name: 'À propos' },
      },
    },
  ],
  branches: [{ id: 'b-zh', identifier: 'zuerich-altstadt' }],
})

const items: NavigationItemLike[] = [
  { type: 'home', target: null, label: 'Start' },
  {
    type: 'link',
    target: '/',
    label: 'Filialen',
    children: [
      { type: 'branch', target: 'b-zh', label: 'Zürich' },
      { type: 'branch', target: 'b-gone', label: 'Weg' },
    ],
  },
  { type: 'site', target: 's-about', label: 'Über uns' },
  { type: 'site', target: 's-gone', label: 'Gelöscht' },
  { type: 'link', target: 'https://example.com', label: 'Extern' },
  { type: 'link', target: '/agb', label: 'Aus', isEnabled: false },
]

describe('buildNav', () => {
  it('links each item type to its target and leaves out disabled and dangling items', () => {
    const nav = buildNav(items, ctx('/ueber-uns'))
    expect(nav.map((e) => [e.label, e.to, e.href])).toEqual([
      ['Start', '/', null],
      ['Filialen', '/', null],
      ['Über uns', '/ueber-uns', null],
      ['Extern', null, 'https://example.com'],
    ])
    expect(nav[1]?.children.map((c) => [c.label, c.to])).toEqual([['Zürich', '/store/zuerich-altstadt']])
  })

  it('uses the translated site path for the active locale', () => {
    expect(buildNav(items, ctx('/', 'fr-FR'))[2]?.to).toBe('/fr/a-propos')
  })

  it('marks the current page active and its parents child-active', () => {
    const nav = buildNav(items, ctx('/store/zuerich-altstadt'))
    expect(nav.map((e) => e.active)).toEqual([false, false, false, false])
    expect(nav[1]?.childActive).toBe(true)
    expect(nav[1]?.children[0]?.active).toBe(true)
    expect(nav[0]?.childActive).toBe(false)
    const about = buildNav(items, ctx('/ueber-uns'))
    expect(about[2]?.active).toBe(true)
    expect(about[1]?.childActive).toBe(false)
  })

  it('keeps the site item active on any of its translated paths', () => {
    expect(buildNav(items, ctx('/fr/a-propos', 'de-CH'))[2]?.active).toBe(true)
  })

  it('does not treat the checkout as the branch page', () => {
    expect(buildNav(items, ctx('/store/zuerich-altstadt/checkout'))[1]?.childActive).toBe(false)
  })

  it('treats a protocol-relative link as external', () => {
    const nav = buildNav([{ type: 'link', target: '//evil.example', label: 'x' }], ctx('/'))
    expect(nav[0]).toMatchObject({ to: null, href: '//evil.example' })
  })
})

describe('labels in the active language', () => {
  const translated: NavigationItemLike[] = [
    { type: 'home', target: null, label: 'Start', labels: { 'fr-FR': 'Accueil', 'en-GB': 'Home' } },
    { type: 'link', target: '/', label: 'Filialen', labels: { 'fr-FR': 'Filiales' } },
    // Not customised (the site's German name): the site's name in the active language.
    { type: 'site', target: 's-about', label: 'Über uns' },
    // Customised in German: the German label where the item has none of its own.
    { type: 'site', target: 's-about', label: 'Wer wir sind' },
    // Its own label wins over the site's name.
    { type: 'site', target: 's-about', label: 'Über uns', labels: { 'fr-FR': 'Notre maison' } },
  ]
  const labels = (locale: string) => buildNav(translated, ctx('/', locale)).map((e) => e.label)

  it('shows German labels to a German visitor', () => {
    expect(labels('de-CH')).toEqual(['Start', 'Filialen', 'Über uns', 'Wer wir sind', 'Über uns'])
  })

  it("shows the item's French label, else the site's French name, else the German label", () => {
    expect(labels('fr-FR')).toEqual(['Accueil', 'Filiales', 'À propos', 'Wer wir sind', 'Notre maison'])
  })

  it("reads the storefront's English from en-GB, then en-US; the site has no English name", () => {
    expect(labels('en')).toEqual(['Home', 'Filialen', 'Über uns', 'Wer wir sind', 'Über uns'])
    const us: NavigationItemLike = {
      type: 'home',
      target: null,
      label: 'Start',
      labels: { 'en-US': 'Home page' },
    }
    expect(itemLabel(us, ctx('/', 'en'))).toBe('Home page')
  })

  it('ignores a blank label and trims one given', () => {
    const item: NavigationItemLike = {
      type: 'home',
      target: null,
      label: 'Start',
      labels: { 'fr-FR': ' ', 'en-GB': ' Home ' },
    }
    expect(itemLabel(item, ctx('/', 'fr-FR'))).toBe('Start')
    expect(itemLabel(item, ctx('/', 'en'))).toBe('Home')
  })
})
