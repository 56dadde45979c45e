import { paths as routes } from '@shop/ui/routes'
import { contentLocales, DEFAULT_CONTENT_LOCALE, normalisePath, type SiteLike, sitePath } from './sites.ts'

/**
 * Navigation items to links (spec §2 "Content page": home → '/', site → its path in the active
 * locale, branch → the store path, link → an external target in a new tab; active when the
 * current route matches the target, child-active when a descendant is active), labelled in the
 * active locale (itemLabel). Pure.
 */

export type NavigationItemLike = {
  type: 'home' | 'site' | 'branch' | 'link'
  target: string | null
  /** The German label (the default locale's), and the last fallback. */
  label: string
  /** The label per other content locale ('fr-FR', 'en-GB', …). */
  labels?: Partial<Record<string, string>> | undefined
  isEnabled?: boolean
  children?: readonly NavigationItemLike[]
}

export type NavEntry = {
  key: string
  label: string
  /** An in-app path (router link), or an external URL (new tab), or nothing to link to. */
  to: string | null
  href: string | null
  active: boolean
  childActive: boolean
  children: NavEntry[]
}

export type NavContext = {
  pathname: string
  locale: string
  sites: readonly SiteLike[]
  branches: readonly { id: string; identifier: string }[]
}

/** A link target that stays in the app: a path on this site (not '//host'). */
function isInternalPath(target: string): boolean {
  return target.startsWith('/') && !target.startsWith('//')
}

function itemTarget(
  item: NavigationItemLike,
  ctx: NavContext,
): { to: string | null; href: string | null; paths: string[] } | undefined {
  switch (item.type) {
    case 'home':
      return { to: '/', href: null, paths: ['/'] }
    case 'site': {
      const site = ctx.sites.find((s) => s.id === item.target)
      const path = site ? sitePath(site, ctx.locale) : undefined
      if (!site || !path) return undefined
      const paths = Object.values(site.translations).flatMap((t) => (t ? [t.path] : []))
      return { to: path, href: null, paths }
    }
    case 'branch': {
      const branch = ctx.branches.find((b) => b.id === item.target || b.identifier === item.target)
      if (!branch) return undefined
      const path = routes.store(branch.identifier)
      return { to: path, href: null, paths: [path] }
    }
    case 'link': {
      const target = (item.target ?? '').trim()
      if (!target) return undefined
      return isInternalPath(target)
        ? { to: target, href: null, paths: [target] }
        : { to: null, href: target, paths: [] }
    }
    default:
      return undefined
  }
}

/**
 * An item's label in the active locale (docs/content.md "Navigations"): the item's own label for
 * that locale ('en' reads 'en-GB', then 'en-US'); else, for a site item whose German label is
 * the site's German name (not customised), the site's name in that locale; else the German label.
 */
export function itemLabel(item: NavigationItemLike, ctx: Pick<NavContext, 'locale' | 'sites'>): string {
  const wanted = contentLocales(ctx.locale)
  for (const locale of wanted) {
    const own = item.labels?.[locale]?.trim()
    if (own) return own
  }
  if (item.type === 'site') {
    const site = ctx.sites.find((s) => s.id === item.target)
    const german = site?.translations[DEFAULT_CONTENT_LOCALE]?.name.trim()
    if (site && german && german === item.label.trim()) {
      for (const locale of wanted) {
        const name = site.translations[locale]?.name.trim()
        if (name) return name
      }
    }
  }
  return item.label
}

function buildEntry(item: NavigationItemLike, ctx: NavContext, key: string): NavEntry | undefined {
  if (item.isEnabled === false) return undefined
  const children = buildNav(item.children ?? [], ctx, `${key}.`)
  const target = itemTarget(item, ctx)
  // An item whose site or branch is gone is left out, unless it still groups children.
  if (!target && children.length === 0) return undefined
  const current = normalisePath(ctx.pathname)
  const active = (target?.paths ?? []).some((p) => normalisePath(p.split(/[?#]/)[0] ?? p) === current)
  return {
    key,
    label: itemLabel(item, ctx),
    to: target?.to ?? null,
    href: target?.href ?? null,
    active,
    childActive: children.some((c) => c.active || c.childActive),
    children,
  }
}

export function buildNav(items: readonly NavigationItemLike[], ctx: NavContext, prefix = ''): NavEntry[] {
  return items.flatMap((item, index) => buildEntry(item, ctx, `${prefix}${index}`) ?? [])
}
