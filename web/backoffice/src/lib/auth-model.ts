import type { MeRecord } from '@shop/shared/contracts'
/**
 * Pure parts of the back-office's authentication (unit tested): where a 401 sends the browser,
 * where the login sends it back, and what a role may see (spec §6).
 */
import { BACKEND_BASE, paths } from '@shop/ui/routes'

export const BASE = BACKEND_BASE
export const LOGIN_PATH = paths.backend.url(paths.backend.login())
export const HOME_PATH = paths.backend.url(paths.backend.orders())
export const ROLE_ADMIN = 'ROLE_ADMIN'
export const ROLE_EMPLOYEE = 'ROLE_EMPLOYEE'
/** The cookie the server sets at login, echoed as X-XSRF-TOKEN on every non-GET (double submit). */
export const CSRF_COOKIE = 'XSRF-TOKEN'
export const CSRF_HEADER = 'X-XSRF-TOKEN'

/** The me record (GET /api/users/me, POST /api/login), as its contract says. */
export type Me = MeRecord

export type Branch = { id: string; name: string; identifier?: string }

/** A role check: the user's role list contains the role (spec §6). */
export function hasRole(me: Me | null | undefined, role: string): boolean {
  return !!me && me.roles.includes(role)
}

export function isAdmin(me: Me | null | undefined): boolean {
  return hasRole(me, ROLE_ADMIN)
}

/** Admin: every branch; employee: the branches they belong to (spec §6). */
export function canActForBranch(me: Me | null | undefined, branchId: string): boolean {
  if (!me) return false
  if (isAdmin(me)) return true
  return hasRole(me, ROLE_EMPLOYEE) && me.user.branches.some((b) => b.id === branchId)
}

/** The branches whose board a user may open, in the given order. */
export function boardBranches(me: Me | null | undefined, branches: Branch[]): Branch[] {
  return branches.filter((b) => canActForBranch(me, b.id))
}

/** Methods that change something carry the CSRF header. */
export function needsCsrf(method: string): boolean {
  return !['GET', 'HEAD', 'OPTIONS'].includes(method.toUpperCase())
}

/**
 * A path inside the back-office to come back to after the login, or the orders page: never the
 * login or logout page, never another origin or app (an open redirect).
 */
export function safeNext(next: string | null | undefined): string {
  if (!next?.startsWith(`${BASE}/`) || next.startsWith('//') || /[\\\s]/.test(next)) return HOME_PATH
  const path = next.split(/[?#]/)[0] ?? ''
  if (path === LOGIN_PATH || path === paths.backend.url(paths.backend.logout()) || path.includes('..'))
    return HOME_PATH
  return next
}

/** `/backend/login?next=<the current page>` (the current page when it is worth coming back to). */
export function loginUrl(current: { pathname: string; search: string; hash: string }): string {
  const here = `${current.pathname}${current.search}${current.hash}`
  const next = safeNext(here)
  return next === HOME_PATH && here !== HOME_PATH
    ? LOGIN_PATH
    : `${LOGIN_PATH}?next=${encodeURIComponent(next)}`
}

/**
 * The path for one of the old back-office's hash routes (spec §2): `/backend#/dashboard` (also
 * `/backend/#/dashboard`) is the dashboard; `#/sites` and `#/navigations` are the pages and
 * navigations lists (the storefront toolbar's "Seiten" and "Navigationen"). Null for any other
 * address.
 */
export function legacyHashPath(pathname: string, hash: string): string | null {
  if (pathname !== BASE && pathname !== `${BASE}/`) return null
  const route = /^#\/([a-z]+)(?:[/?].*)?$/.exec(hash)?.[1]
  if (route === 'dashboard') return paths.backend.url(paths.backend.dashboard())
  if (route === 'sites' || route === 'navigations') return paths.backend.url(paths.backend.resources(route))
  return null
}
