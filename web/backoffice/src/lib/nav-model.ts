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
    items: [
      { to: paths.backend.dashboard(), label: 'nav.statistics', end: true },
      // Time sheets: admins every employee's, an employee their own (the server checks).
      { to: paths.backend.timeSheets(), label: 'nav.timeSheets', end: true },
      ...(isAdmin(me) ? [{ to: paths.backend.logs(), label: 'nav.logs', end: true }] : []),
    ],
  })
  // Running the shop (issue 17): admins only; the server refuses every write of anyone else.
  if (isAdmin(me)) {
    groups.push(
      {
        label: 'nav.catalogue',
        items: [
          { to: paths.backend.resources('products'), label: 'nav.products' },
          { to: paths.backend.resources('categories'), label: 'nav.categories' },
          { to: paths.backend.resources('menus'), label: 'nav.menus' },
          { to: paths.backend.transfer(), label: 'nav.transfer', end: true },
        ],
      },
      {
        label: 'nav.shop',
        items: [
          { to: paths.backend.resources('branches'), label: 'nav.branches' },
          { to: paths.backend.resources('users'), label: 'nav.users' },
          { to: paths.backend.resources('tags'), label: 'nav.tags' },
          { to: paths.backend.resources('divisions'), label: 'nav.divisions' },
          { to: paths.backend.resources('donatees'), label: 'nav.donatees' },
          { to: paths.backend.resources('devices'), label: 'nav.devices' },
          { to: paths.backend.settings(), label: 'nav.settings', end: true },
        ],
      },
      {
        label: 'nav.timeTracking',
        items: [
          { to: paths.backend.workingSchedules(), label: 'nav.workingSchedules', end: true },
          { to: paths.backend.workingActivities(), label: 'nav.workingActivities', end: true },
          { to: paths.backend.holidayBalances(), label: 'nav.holidayBalances', end: true },
          { to: paths.backend.resources('projects'), label: 'nav.projects' },
        ],
      },
      {
        label: 'nav.signage',
        items: [
          { to: paths.backend.resources('digital-signage-devices'), label: 'nav.signageDevices' },
          { to: paths.backend.resources('digital-signage-streams'), label: 'nav.signageStreams' },
          { to: paths.backend.resources('digital-signage-segments'), label: 'nav.signageSegments' },
        ],
      },
      {
        label: 'nav.content',
        items: [
          { to: paths.backend.resources('sites'), label: 'nav.sites' },
          { to: paths.backend.resources('navigations'), label: 'nav.navigations' },
          { to: paths.backend.resources('blocks'), label: 'nav.blocks' },
          { to: paths.backend.resources('redirects'), label: 'nav.redirects' },
          { to: paths.backend.media(), label: 'nav.media', end: true },
          { to: paths.backend.resources('image-templates'), label: 'nav.imageTemplates' },
          { to: paths.backend.resources('fonts'), label: 'nav.fonts', end: true },
        ],
      },
    )
  }
  return groups
}
