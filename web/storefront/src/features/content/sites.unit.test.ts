import { describe, expect, it } from 'vitest'
import {
  homePath,
  isContentRoute,
  resolveSite,
  type SiteLike,
  siteAlternates,
  siteLocales,
  sitePath,
  siteTranslation,
} from './sites.ts'

const about: SiteLike = {
  id: 'about',
  isPublic: true,
  translations: {
    'de-CH': { path: '/ueber-uns', name: 'Über uns', title: 'Über uns' },
    'fr-FR': { path: '/fr/a-propos', name: 'À propos' },
  },
}
const terms: SiteLike = { id: 'terms', translations: { 'de-CH': { path: '/agb', name: 'AGB' } } }
const english: SiteLike = { id: 'en', translations: { 'en-GB': { path: '/about', name: 'About' } } }
const sites = [about, terms, english]

describe('resolveSite', () => {
  it('finds the translation of the active locale by its path', () => {
    expect(resolveSite(sites, '/ueber-uns', 'de-CH')).toMatchObject({ site: about, locale: 'de-CH' })
    expect(resolveSite(sites, '/fr/a-propos', 'fr-FR')).toMatchObject({ site: about, locale: 'fr-FR' })
    expect(resolveSite(sites, '/fr/a-propos', 'fr-FR')?.redirectTo).toBeUndefined()
  })

  it('falls back to the default locale when the active locale has no translation', () => {
    const hit = resolveSite(sites, '/agb', 'fr-FR')
    expect(hit).toMatchObject({ site: terms, locale: 'de-CH' })
    expect(hit?.redirectTo).toBeUndefined()
  })

  it('moves to the active locale path when the site has one', () => {
    expect(resolveSite(sites, '/ueber-uns', 'fr-FR')?.redirectTo).toBe('/fr/a-propos')
    expect(resolveSite(sites, '/fr/a-propos', 'de-CH')?.redirectTo).toBe('/ueber-uns')
  })

  it('ignores a trailing slash and percent-encoding', () => {
    const umlaut: SiteLike = { id: 'u', translations: { 'de-CH': { path: '/über', name: 'Ü' } } }
    expect(resolveSite([umlaut], '/%C3%BCber/', 'de-CH')?.site).toBe(umlaut)
    expect(resolveSite(sites, '/ueber-uns/', 'de-CH')?.site).toBe(about)
  })

  it('answers nothing for an unknown path and for other routes', () => {
    expect(resolveSite(sites, '/gibt-es-nicht', 'de-CH')).toBeUndefined()
    const storeSite: SiteLike = { id: 's', translations: { 'de-CH': { path: '/store/x', name: 'S' } } }
    expect(resolveSite([storeSite], '/store/x', 'de-CH')).toBeUndefined()
    expect(isContentRoute('/')).toBe(false)
    expect(isContentRoute('/site/imprint')).toBe(false)
    expect(isContentRoute('/stores')).toBe(true)
  })

  it('maps the English storefront locale to the English content locales', () => {
    expect(resolveSite(sites, '/about', 'en')).toMatchObject({ site: english, locale: 'en-GB' })
  })
})

describe('site paths and locales', () => {
  it('links to the translated path, else the default one', () => {
    expect(sitePath(about, 'fr-FR')).toBe('/fr/a-propos')
    expect(sitePath(terms, 'fr-FR')).toBe('/agb')
    expect(sitePath(english, 'de-CH')).toBe('/about')
    expect(siteTranslation({ id: 'x', translations: {} }, 'de-CH')).toBeUndefined()
  })

  it('lists the enabled locales the site is translated to', () => {
    expect(siteLocales(about, ['de-CH', 'fr-FR'])).toEqual(['de-CH', 'fr-FR'])
    expect(siteLocales(terms, ['de-CH', 'fr-FR'])).toEqual(['de-CH'])
    expect(siteLocales(english, ['de-CH', 'fr-FR'])).toEqual([])
  })
})

describe('homePath', () => {
  it('is the slash for the default locale and the language home when it exists', () => {
    const frHome: SiteLike = { id: 'fr', translations: { 'fr-FR': { path: '/fr', name: 'Accueil' } } }
    expect(homePath('de-CH', [frHome])).toBe('/')
    expect(homePath('fr-FR', [frHome])).toBe('/fr')
    expect(homePath('fr-FR', sites)).toBe('/')
  })
})

describe('siteAlternates', () => {
  it('names every language of the page, its own included; none for one language', () => {
    expect(
      siteAlternates({
        id: 's',
        translations: {
          'de-CH': { path: '/ueber-uns', name: 'Über uns' },
          'fr-FR': { path: '/a-propos', name: 'À propos' },
        },
      }),
    ).toEqual([
      { locale: 'de-CH', href: '/ueber-uns' },
      { locale: 'fr-FR', href: '/a-propos' },
    ])
    expect(siteAlternates({ id: 's', translations: { 'de-CH': { path: '/x', name: 'X' } } })).toEqual([])
  })
})
