import { paths as routes } from '@shop/ui/routes'
import { normalisePath, type SiteLike, sitePath } from './sites.ts'

/**
 * Navigation items to links (spec §2 "Content page": home → '/', site → its path in the active
 * locale, branch → the store path, link → an external target in a new tab; active when the
 * current route matches the target, child-active when a descendant is active). Pure.
 */

export type NavigationItemLike = {
  type: 'home' | 'site' | 'branch' | 'link'
  target: string | null
  label: string
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
    label: item.label,
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
