import { describe, expect, it } from 'vitest'
import { buildNav, type NavContext, type NavigationItemLike } from './navigation.ts'

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
