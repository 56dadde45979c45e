import { describe, expect, it } from 'vitest'
import {
  boardBranches,
  canActForBranch,
  HOME_PATH,
  LOGIN_PATH,
  legacyHashPath,
  loginUrl,
  type Me,
  needsCsrf,
  safeNext,
} from './auth-model.ts'
import { navigationFor } from './nav-model.ts'

const admin: Me = {
  roles: ['ROLE_ADMIN'],
  user: { id: 'a', username: 'admin', displayName: 'A', branches: [] },
}
const employee: Me = {
  roles: ['ROLE_EMPLOYEE'],
  user: { id: 'e', username: 'm', displayName: 'E', branches: [{ id: 'b1' }] },
}
const branches = [
  { id: 'b1', name: 'Altstadt' },
  { id: 'b2', name: 'Winterthur' },
]

describe('roles (spec §6)', () => {
  it('lets an admin act for every branch and an employee for their own', () => {
    expect(canActForBranch(admin, 'b2')).toBe(true)
    expect(canActForBranch(employee, 'b1')).toBe(true)
    expect(canActForBranch(employee, 'b2')).toBe(false)
    expect(canActForBranch(null, 'b1')).toBe(false)
    // Membership without the employee role is not enough.
    expect(canActForBranch({ ...employee, roles: [] }, 'b1')).toBe(false)
    expect(boardBranches(employee, branches).map((b) => b.id)).toEqual(['b1'])
    expect(boardBranches(admin, branches).map((b) => b.id)).toEqual(['b1', 'b2'])
  })

  it('builds the navigation by role: order lists for both, boards of every or the own branches', () => {
    const forAdmin = navigationFor(admin, branches)
    expect(forAdmin[0]?.items.map((i) => i.to)).toEqual(['/orders', '/orders/missed', '/orders/history'])
    expect(forAdmin[1]?.items.map((i) => [i.to, i.params?.branch])).toEqual([
      ['/board/b1', 'Altstadt'],
      ['/board/b2', 'Winterthur'],
      // The tablets' links and keys: admins only.
      ['/frontdesk', undefined],
    ])
    const forEmployee = navigationFor(employee, branches)
    expect(forEmployee[1]?.items.map((i) => i.to)).toEqual(['/board/b1'])
    // Branch names not loaded: the employee still reaches their board.
    expect(navigationFor(employee, [])[1]?.items.map((i) => i.to)).toEqual(['/board/b1'])
    expect(forEmployee.flatMap((g) => g.items).some((i) => i.to === '/frontdesk')).toBe(false)
    // An admin and no branches: only the tablet page.
    expect(navigationFor(admin, [])[1]?.items.map((i) => i.to)).toEqual(['/frontdesk'])
    // The statistics dashboard for both roles; the change log for admins only.
    for (const groups of [forEmployee, navigationFor(employee, [])]) {
      expect(groups.at(-1)).toEqual({
        label: 'nav.reports',
        items: [
          { to: '/dashboard', label: 'nav.statistics', end: true },
          { to: '/time-sheets', label: 'nav.timeSheets', end: true },
        ],
      })
    }
    expect(forAdmin.find((g) => g.label === 'nav.reports')?.items.map((i) => i.to)).toEqual([
      '/dashboard',
      '/time-sheets',
      '/logs',
    ])
    // Running the shop (issue 17): admins only, every editor a real page.
    expect(forAdmin.map((g) => g.label)).toEqual([
      'nav.orders',
      'nav.boards',
      'nav.reports',
      'nav.catalogue',
      'nav.shop',
      'nav.timeTracking',
      'nav.signage',
      'nav.content',
    ])
    // Digital signage (issue 21): admins only.
    expect(forAdmin.find((g) => g.label === 'nav.signage')?.items.map((i) => i.to)).toEqual([
      '/digital-signage-devices',
      '/digital-signage-streams',
      '/digital-signage-segments',
    ])
    // Staff time tracking (issue 20): admins only.
    expect(forAdmin.find((g) => g.label === 'nav.timeTracking')?.items.map((i) => i.to)).toEqual([
      '/working-schedules',
      '/working-activities',
      '/holiday-balances',
      '/projects',
    ])
    expect(forAdmin.flatMap((g) => g.items.map((i) => i.to))).toEqual(
      expect.arrayContaining([
        '/products',
        '/categories',
        '/menus',
        '/branches',
        '/users',
        '/settings',
        '/sites',
        '/navigations',
        '/media',
      ]),
    )
    expect(forEmployee.map((g) => g.label)).toEqual(['nav.orders', 'nav.boards', 'nav.reports'])
  })

  it("sends the old back-office's hash routes to real pages (spec §2)", () => {
    expect(legacyHashPath('/backend', '#/dashboard')).toBe('/backend/dashboard')
    expect(legacyHashPath('/backend/', '#/dashboard')).toBe('/backend/dashboard')
    expect(legacyHashPath('/backend', '#/dashboard?x=1')).toBe('/backend/dashboard')
    expect(legacyHashPath('/backend', '#/sites')).toBe('/backend/sites')
    expect(legacyHashPath('/backend/', '#/navigations')).toBe('/backend/navigations')
    expect(legacyHashPath('/backend', '')).toBeNull()
    expect(legacyHashPath('/backend', '#/unknown')).toBeNull()
    expect(legacyHashPath('/backend/orders', '#/dashboard')).toBeNull()
    expect(legacyHashPath('/backend', '#main')).toBeNull()
  })
})

describe('CSRF and redirects', () => {
  it('sends the CSRF header on every method that changes something', () => {
    expect(['GET', 'HEAD', 'OPTIONS', 'get'].map(needsCsrf)).toEqual([false, false, false, false])
    expect(['POST', 'PUT', 'DELETE', 'PATCH', 'post'].map(needsCsrf)).toEqual([true, true, true, true, true])
  })

  it('comes back only to a back-office page after the login (no open redirect)', () => {
    expect(safeNext('/backend/orders/missed?branch=b1')).toBe('/backend/orders/missed?branch=b1')
    expect(safeNext('/backend/board/b1')).toBe('/backend/board/b1')
    for (const bad of [
      null,
      '',
      'https://evil.example/backend/x',
      '//evil.example/backend/',
      '/backend',
      '/backendx/y',
      '/backend/login',
      '/backend/logout',
      '/backend/../api/x',
      '/store/x',
      '/backend/\\evil',
    ]) {
      expect(safeNext(bad), String(bad)).toBe(HOME_PATH)
    }
  })

  it('points the 401 redirect at the login with the page to come back to', () => {
    expect(loginUrl({ pathname: '/backend/orders/42', search: '?a=1', hash: '' })).toBe(
      `${LOGIN_PATH}?next=${encodeURIComponent('/backend/orders/42?a=1')}`,
    )
    expect(loginUrl({ pathname: '/backend/orders', search: '', hash: '' })).toBe(
      `${LOGIN_PATH}?next=${encodeURIComponent('/backend/orders')}`,
    )
    expect(loginUrl({ pathname: '/backend/logout', search: '', hash: '' })).toBe(LOGIN_PATH)
  })
})
