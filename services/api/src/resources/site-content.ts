import type { Principal } from '../auth/guard.ts'

// Sites and blocks beyond their write contracts (docs/content.md "Drafts and preview"):
//
// - Who sees a draft: a site that is not public, and a translation whose own `isPublic` is false,
//   is shown to staff only (any logged-in user: the back-office's preview link opens the
//   storefront in the same browser, whose session the storefront's /api/init carries). Anonymous
//   callers of GET /api/sites, /api/sites/{id} and /api/init never get them: a draft's path and
//   text stay private until it is published. There is no shareable preview token.
// - What a content refers to (an internal teaser's site) is checked for its shape only, not for
//   existence: the demo and an import write sites in any order, and the storefront leaves out a
//   teaser whose page is gone.

type Data = Record<string, unknown>
type Translations = Record<string, Data | null | undefined>

const translationsOf = (data: Data): Translations =>
  typeof data.translations === 'object' && data.translations !== null
    ? (data.translations as Translations)
    : {}

/** A translation anyone may read: the site is public and the translation not held back. */
export function isPublicTranslation(site: Data, translation: Data | null | undefined): boolean {
  return site.isPublic === true && !!translation && translation.isPublic !== false
}

/** Whether the caller may see this site at all (staff always; others once a language is public). */
export function siteShownTo(data: Data, principal: Principal | null): boolean {
  if (principal) return true
  return Object.values(translationsOf(data)).some((t) => isPublicTranslation(data, t))
}

/** The site as the caller may see it: anonymous callers get its public translations only. */
export function presentSite(data: Data, principal: Principal | null): Data {
  if (principal) return data
  const translations = Object.fromEntries(
    Object.entries(translationsOf(data)).filter(([, t]) => isPublicTranslation(data, t)),
  )
  return { ...data, translations }
}
