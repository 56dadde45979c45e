import type { BranchKey, DemoInput, IdOf } from './demo-types.ts'
import { BRANCH_KEYS, localDate, zurichDateTime } from './demo-types.ts'
import { DEMO_CATEGORIES, DEMO_PRODUCTS, type DemoProduct, isOfferedAt } from './products.ts'

const BRANCH_LABELS: Record<BranchKey, string> = {
  'zuerich-altstadt': 'Zürich Altstadt',
  winterthur: 'Winterthur',
  lausanne: 'Lausanne',
}

/** The first day of the month `months` away from now's month, as 'YYYY-MM-DD'. */
export function firstOfMonth(now: Date, months: number): string {
  const [year, month] = localDate(now).split('-').map(Number) as [number, number]
  const index = year * 12 + (month - 1) + months
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}-01`
}

function catalog(idOf: IdOf, include: (entry: DemoProduct) => boolean): DemoInput<'menus'>['catalog'] {
  return DEMO_CATEGORIES.map((category) => ({
    category: { id: idOf(`category:${category.key}`) },
    products: DEMO_PRODUCTS.filter((entry) => entry.category === category.key && include(entry)).map(
      (entry) => ({ id: idOf(`product:${entry.body.uid}`) }),
    ),
  })).filter((entry) => entry.products.length > 0)
}

/**
 * One menu per branch, valid since the first of last month, plus next month's menu for
 * Zürich (with the autumn tartlet): the active menu is the latest one whose availableFrom is
 * in the past, so Zürich keeps showing its current menu until then.
 */
export function demoMenus(now: Date, idOf: IdOf): { key: string; body: DemoInput<'menus'> }[] {
  const since = zurichDateTime(firstOfMonth(now, -1), '00:00')
  const current = BRANCH_KEYS.map((branch) => ({
    key: `menu:${branch}`,
    body: {
      name: `Sortiment ${BRANCH_LABELS[branch]}`,
      availableFrom: since,
      branches: [{ id: idOf(`branch:${branch}`) }],
      catalog: catalog(idOf, (entry) => !entry.upcomingOnly && isOfferedAt(entry, branch)),
    },
  }))
  const nextMonth = firstOfMonth(now, 1)
  const monthName = new Intl.DateTimeFormat('de-CH', { month: 'long', timeZone: 'UTC' }).format(
    new Date(`${nextMonth}T12:00:00Z`),
  )
  const upcoming = {
    key: 'menu:zuerich-altstadt:upcoming',
    body: {
      name: `Sortiment Zürich Altstadt ab 1. ${monthName}`,
      availableFrom: zurichDateTime(nextMonth, '00:00'),
      branches: [{ id: idOf('branch:zuerich-altstadt') }],
      catalog: catalog(idOf, (entry) => isOfferedAt(entry, 'zuerich-altstadt')),
    },
  }
  return [...current, upcoming]
}
