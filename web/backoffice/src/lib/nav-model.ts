import { paths } from '@shop/ui/routes'
import { type Branch, boardBranches, isAdmin, type Me } from './auth-model.ts'

/** One entry of the back-office navigation: a path under /backend and its text key (bo-shell). */
export type NavItem = { to: string; label: string; params?: Record<string, string>; end?: boolean }
export type NavGroup = { label: string; items: NavItem[] }

/**
 * The navigation by role (spec §6): both roles see the order lists (the server limits an
 * employee's to their branches); the boards are every branch's for an admin and the own
 * branches' for an employee; admins also manage the tablets' links; both see the statistics.
 */
export function navigationFor(me: Me, branches: Branch[]): NavGroup[] {
  const groups: NavGroup[] = [
    {
      label: 'nav.orders',
      items: [
        { to: paths.backend.orders(), label: 'nav.current', end: true },
        { to: paths.backend.orders('missed'), label: 'nav.missed' },
        { to: paths.backend.orders('history'), label: 'nav.history' },
      ],
    },
  ]
  const boards = boardBranches(me, branches)
  // An employee whose branch is not in the list (not loaded): the ids they belong to.
  const own =
    boards.length === 0 && !isAdmin(me) ? me.user.branches.map((b) => ({ id: b.id, name: b.id })) : boards
  const items: NavItem[] = own.map((b) => ({
    to: paths.backend.board(b.id),
    label: 'nav.board',
    params: { branch: b.name },
  }))
  // The tablets' links and keys: admins only (spec §3, the branch's apiKey).
  if (isAdmin(me)) items.push({ to: paths.backend.frontdesk(), label: 'nav.tablets', end: true })
  if (items.length > 0) groups.push({ label: 'nav.boards', items })
  // The statistics: both roles (the server limits an employee's figures to their branches).
  groups.push({
    label: 'nav.reports',
    items: [{ to: paths.backend.dashboard(), label: 'nav.statistics', end: true }],
  })
  return groups
}
