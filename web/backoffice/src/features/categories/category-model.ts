/**
 * The category editor's mappings (issue 17): the stored category (GET /api/categories/{id}) to the
 * form's values and back to the write body of `createCategoryBodySchema`; the schedule rows as the
 * form edits them; and the list's count of products the menus list under each category.
 */
import {
  type ImageRef,
  MENU_TRANSLATION_LOCALES,
  type MenuTranslationLocale,
  type ScheduleEntry,
  type Weekday,
} from '@shop/shared/contracts'

/** One schedule rule as the form edits it: '' for an absent time or date, no weekday for "every day". */
export type ScheduleRow = {
  weekdays: Weekday[]
  from: string
  to: string
  startDate: string
  endDate: string
}

export type CategoryForm = {
  name: string
  image: ImageRef | null
  isEnabled: boolean
  schedule: ScheduleRow[]
  isVisibleWhenUnavailable: boolean
  /** The name per locale (issue 18); '' is not translated (the storefront shows German). */
  translations: Record<MenuTranslationLocale, { name: string }>
}

type Stored = Record<string, unknown> | null

const str = (value: unknown) => (typeof value === 'string' ? value : '')

export const emptyScheduleRow = (): ScheduleRow => ({
  weekdays: [],
  from: '',
  to: '',
  startDate: '',
  endDate: '',
})

export function scheduleToRows(schedule: unknown): ScheduleRow[] {
  if (!Array.isArray(schedule)) return []
  return schedule.map((entry: Partial<Record<keyof ScheduleEntry, unknown>>) => ({
    weekdays: Array.isArray(entry.weekdays) ? (entry.weekdays as Weekday[]) : [],
    from: str(entry.from),
    to: str(entry.to),
    startDate: str(entry.startDate),
    endDate: str(entry.endDate),
  }))
}

const orNull = (value: string) => (value.trim() === '' ? null : value.trim())

/** The rows as the contract takes them: an empty field is null ("no condition"). */
export function rowsToSchedule(rows: readonly ScheduleRow[]): Record<string, unknown>[] {
  return rows.map((row) => ({
    weekdays: row.weekdays.length === 0 ? null : [...row.weekdays],
    from: orNull(row.from),
    to: orNull(row.to),
    startDate: orNull(row.startDate),
    endDate: orNull(row.endDate),
  }))
}

type StoredTranslations = Partial<Record<string, { name?: unknown }>>
const storedTranslations = (item: Stored): StoredTranslations =>
  typeof item?.translations === 'object' && item.translations !== null
    ? (item.translations as StoredTranslations)
    : {}

export function categoryToForm(item: Stored): CategoryForm {
  return {
    name: str(item?.name),
    image: (item?.image as ImageRef | null | undefined) ?? null,
    isEnabled: item ? item.isEnabled !== false : true,
    schedule: scheduleToRows(item?.schedule),
    isVisibleWhenUnavailable: item?.isVisibleWhenUnavailable === true,
    translations: Object.fromEntries(
      MENU_TRANSLATION_LOCALES.map((locale) => [
        locale,
        { name: str(storedTranslations(item)[locale]?.name) },
      ]),
    ) as CategoryForm['translations'],
  }
}

export function categoryToBody(values: CategoryForm): Record<string, unknown> {
  return {
    name: values.name,
    image: values.image
      ? { id: values.image.id, version: values.image.version, extension: values.image.extension }
      : null,
    isEnabled: values.isEnabled,
    schedule: rowsToSchedule(values.schedule),
    isVisibleWhenUnavailable: values.isVisibleWhenUnavailable,
    // Only the locales with a name: an emptied one is no translation.
    translations: Object.fromEntries(
      MENU_TRANSLATION_LOCALES.flatMap((locale) => {
        const name = orNull(values.translations?.[locale]?.name ?? '')
        return name === null ? [] : [[locale, { name }]]
      }),
    ),
  }
}

type MenuLike = { id: string; name?: unknown; catalog?: unknown }
type CatalogEntry = { category?: { id?: unknown }; products?: { id?: unknown }[] }

export type CategoryUsage = { products: number; menus: string[] }

/**
 * Per category id: how many different products the menus list under it, and the names of the
 * menus that have it (what a delete would be refused for).
 */
export function categoryUsage(menus: readonly MenuLike[]): Map<string, CategoryUsage> {
  const products = new Map<string, Set<string>>()
  const names = new Map<string, string[]>()
  for (const menu of menus) {
    for (const entry of (Array.isArray(menu.catalog) ? menu.catalog : []) as CatalogEntry[]) {
      const id = entry.category?.id
      if (typeof id !== 'string') continue
      const set = products.get(id) ?? new Set<string>()
      for (const product of entry.products ?? []) if (typeof product.id === 'string') set.add(product.id)
      products.set(id, set)
      const list = names.get(id) ?? []
      list.push(str(menu.name))
      names.set(id, list)
    }
  }
  const usage = new Map<string, CategoryUsage>()
  for (const [id, set] of products) usage.set(id, { products: set.size, menus: names.get(id) ?? [] })
  return usage
}

/** The address of a stored image in a size the server makes (docs/api.md "Files"). */
export function imageUrl(
  image: ImageRef,
  size: 'icon' | 'thumbnail' | 'tiny' | 'small' = 'thumbnail',
): string {
  return `/image/${size}/${encodeURIComponent(image.id)}-${image.version}.${image.extension}`
}
